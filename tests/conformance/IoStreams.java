// java.io byte and character streams: ByteArray*, Data*, Buffered*,
// Pushback*, CharArray*, String*, PrintWriter printf and autoflush.
import java.io.*;

public class IoStreams {
    public static void main(String[] args) throws IOException {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        DataOutputStream dos = new DataOutputStream(new BufferedOutputStream(bos, 4));
        dos.writeInt(0x12345678);
        dos.writeLong(-2L);
        dos.writeShort(65535);
        dos.writeByte(200);
        dos.writeBoolean(true);
        dos.writeChar('\u20ac');
        dos.writeDouble(Math.PI);
        dos.writeFloat(-1.5f);
        dos.writeUTF("h\u00e9llo \u0000 \u20ac");
        dos.writeBytes("AB");
        dos.writeChars("CD");
        dos.flush();
        System.out.println("size " + dos.size() + " " + bos.size());
        byte[] bytes = bos.toByteArray();
        StringBuilder hex = new StringBuilder();
        for (byte b : bytes) hex.append(String.format("%02x", b));
        System.out.println(hex);
        DataInputStream dis = new DataInputStream(new ByteArrayInputStream(bytes));
        System.out.println(Integer.toHexString(dis.readInt()) + " " + dis.readLong() + " " + dis.readShort()
            + " " + dis.readUnsignedByte() + " " + dis.readBoolean() + " " + (int) dis.readChar()
            + " " + dis.readDouble() + " " + dis.readFloat());
        System.out.println("[" + dis.readUTF() + "] " + (char) dis.readByte() + (char) dis.readByte()
            + dis.readChar() + dis.readChar() + " avail " + dis.available());
        try {
            dis.readInt();
        } catch (EOFException e) {
            System.out.println("EOFException " + e.getMessage());
        }
        DataInputStream lines = new DataInputStream(new ByteArrayInputStream("one\r\ntwo\rthree\nfour".getBytes()));
        String l;
        while ((l = lines.readLine()) != null) System.out.print("<" + l + ">");
        System.out.println();

        ByteArrayInputStream bin = new ByteArrayInputStream("abcdefgh".getBytes(), 1, 5);
        System.out.println((char) bin.read() + " " + bin.available() + " " + bin.markSupported());
        bin.mark(0);
        byte[] buf = new byte[3];
        System.out.println(bin.read(buf, 0, 3) + " " + new String(buf));
        bin.reset();
        System.out.println((char) bin.read() + " skip " + bin.skip(10) + " " + bin.read());

        PushbackInputStream pin = new PushbackInputStream(new ByteArrayInputStream(new byte[] { 1, 2, 3 }), 2);
        int first = pin.read();
        pin.unread(first);
        pin.unread(9);
        System.out.println(pin.read() + " " + pin.read() + " " + pin.read() + " " + pin.available());
        try {
            pin.unread(new byte[] { 1, 2, 3 });
        } catch (IOException e) {
            System.out.println("IOException " + e.getMessage());
        }

        PushbackReader pr = new PushbackReader(new StringReader("xyz"), 3);
        char[] cb = new char[2];
        pr.read(cb);
        pr.unread(cb);
        pr.unread('w');
        StringBuilder sb = new StringBuilder();
        int c;
        while ((c = pr.read()) != -1) sb.append((char) c);
        System.out.println(sb + " " + pr.markSupported());

        StringWriter sw = new StringWriter();
        PrintWriter pw = new PrintWriter(sw);
        pw.printf("%-5s|%5d|%08.3f|%x%n", "ab", 42, -3.14159, 255);
        pw.format("%s and %S%n", "mixed", "upper");
        pw.print('c');
        pw.print(1L);
        pw.println(true);
        pw.append("xy").append('z').append("0123", 1, 3).println();
        pw.write("hello", 1, 3);
        pw.println();
        pw.flush();
        System.out.print(sw.toString());
        System.out.println(sw.getBuffer().length() + " " + pw.checkError());

        BufferedWriter bw = new BufferedWriter(new PrintWriter(System.out, true), 3);
        bw.write("buffered");
        bw.newLine();
        bw.write("abcdef", 2, 3);
        bw.newLine();
        bw.flush();

        CharArrayWriter caw = new CharArrayWriter();
        caw.write("chars");
        caw.append('!');
        System.out.println(caw.size() + " " + caw + " " + caw.toCharArray().length);
        CharArrayReader car = new CharArrayReader(caw.toCharArray(), 1, 3);
        System.out.println((char) car.read() + "" + (char) car.read() + (char) car.read() + car.read());

        BufferedReader br = new BufferedReader(new StringReader("line1\nline2\r\nline3"));
        br.mark(100);
        System.out.println(br.readLine() + " " + br.readLine());
        br.reset();
        System.out.println(br.readLine() + " skip " + br.skip(3) + " " + br.readLine() + " " + br.readLine() + " " + br.readLine());

        PrintWriter auto = new PrintWriter(new OutputStreamWriter(System.out), true);
        auto.println("autoflushed");
        auto.printf("printf %d%n", 7);
        auto.flush();
        try {
            new FileInputStream("/nonexistent/file").close();
        } catch (FileNotFoundException e) {
            System.out.println("FileNotFoundException");
        }
    }
}
