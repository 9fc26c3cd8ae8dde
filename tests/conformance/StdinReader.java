// Standard input through BufferedReader(InputStreamReader(System.in)) (input:
// StdinReader.stdin, with CRLF and UTF-8), System.in.read, and System.setIn.
import java.io.*;
import java.nio.charset.StandardCharsets;

public class StdinReader {
    public static void main(String[] args) throws IOException {
        int first = System.in.read();
        System.out.println("first byte " + first);
        BufferedReader br = new BufferedReader(new InputStreamReader(System.in));
        String line;
        int n = 0, chars = 0;
        while ((line = br.readLine()) != null) {
            n++;
            chars += line.length();
            System.out.println(n + ": [" + line + "] " + line.length());
        }
        System.out.println(n + " lines, " + chars + " chars");
        System.out.println("eof " + System.in.read());

        InputStream saved = System.in;
        System.setIn(new ByteArrayInputStream("12 34\nhello\n".getBytes(StandardCharsets.UTF_8)));
        BufferedReader r2 = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        System.out.println(r2.readLine() + "|" + r2.readLine() + "|" + r2.readLine());
        System.setIn(saved);
        System.out.println(System.in == saved);

        InputStream in = new ByteArrayInputStream(new byte[] { 1, 2, 3, 4, 5 });
        byte[] b = new byte[3];
        System.out.println(in.read(b) + " " + b[2] + " " + in.available() + " " + in.skip(1) + " " + in.read() + " " + in.read());
        Reader sr = new StringReader("abc");
        char[] cb = new char[5];
        System.out.println(sr.read(cb, 1, 4) + " " + new String(cb, 1, 3) + " " + sr.read());
    }
}
