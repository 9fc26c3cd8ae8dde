// The competitive-programming idiom: BufferedReader over System.in with
// StringTokenizer and PrintWriter(System.out) output (input: StdinTokens.stdin).
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.util.StringTokenizer;

public class StdinTokens {
    public static void main(String[] args) throws IOException {
        BufferedReader br = new BufferedReader(new InputStreamReader(System.in));
        PrintWriter out = new PrintWriter(new BufferedWriter(new OutputStreamWriter(System.out)));
        int n = Integer.parseInt(br.readLine().trim());
        long sum = 0;
        int max = Integer.MIN_VALUE;
        StringTokenizer st = new StringTokenizer(br.readLine());
        out.println("tokens " + st.countTokens());
        for (int i = 0; i < n; i++) {
            int v = Integer.parseInt(st.nextToken());
            sum += v;
            max = Math.max(max, v);
        }
        out.printf("n=%d sum=%d max=%d avg=%.3f%n", n, sum, max, (double) sum / n);
        String line;
        int lines = 0;
        while ((line = br.readLine()) != null) {
            lines++;
            StringTokenizer words = new StringTokenizer(line, " ,;", true);
            StringBuilder sb = new StringBuilder();
            while (words.hasMoreTokens()) sb.append('<').append(words.nextToken()).append('>');
            out.println(lines + ": " + sb);
        }
        StringTokenizer e = new StringTokenizer("a=1&b=2", "&");
        while (e.hasMoreElements()) {
            String kv = (String) e.nextElement();
            out.println(kv.substring(0, kv.indexOf('=')) + " -> " + kv.substring(kv.indexOf('=') + 1));
        }
        StringTokenizer sw = new StringTokenizer("x y:z");
        out.println(sw.nextToken() + "|" + sw.nextToken(":") + "|" + sw.nextToken());
        try {
            sw.nextToken();
        } catch (java.util.NoSuchElementException ex) {
            out.println("NoSuchElementException " + ex.getMessage());
        }
        out.flush();
        out.close();
    }
}
