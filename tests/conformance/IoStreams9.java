// conformance: min-release 17
// java.io methods added after Java 8: readAllBytes, readNBytes, transferTo,
// null streams, Reader.transferTo.
import java.io.*;

public class IoStreams9 {
    public static void main(String[] args) throws IOException {
        InputStream in = new ByteArrayInputStream("0123456789".getBytes());
        System.out.println(new String(in.readNBytes(3)) + " " + in.skip(2));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.out.println(in.transferTo(out) + " " + out + " " + in.readAllBytes().length);
        byte[] b = new byte[4];
        System.out.println(new ByteArrayInputStream("ab".getBytes()).readNBytes(b, 0, 4) + " " + b[1]);
        OutputStream nul = OutputStream.nullOutputStream();
        nul.write(1);
        nul.close();
        try {
            nul.write(2);
        } catch (IOException e) {
            System.out.println("IOException " + e.getMessage());
        }
        Writer nw = Writer.nullWriter();
        nw.write("x");
        nw.close();
        try {
            nw.write("y");
        } catch (IOException e) {
            System.out.println("IOException " + e.getMessage());
        }
        StringWriter sw = new StringWriter();
        System.out.println(new StringReader("transfer me").transferTo(sw) + " " + sw);
        System.out.println(InputStream.nullInputStream().read() + " " + Reader.nullReader().read());
        ByteArrayOutputStream bo = new ByteArrayOutputStream();
        bo.writeBytes("wb".getBytes());
        System.out.println(bo.toString(java.nio.charset.StandardCharsets.UTF_8));
    }
}
