// Recursive algorithms: fib, Ackermann, gcd, power set, permutations, Hanoi.
import java.util.ArrayList;
import java.util.List;

public class Recursion {
    static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
    static int ack(int m, int n) {
        if (m == 0) return n + 1;
        if (n == 0) return ack(m - 1, 1);
        return ack(m - 1, ack(m, n - 1));
    }
    static long gcd(long a, long b) { return b == 0 ? a : gcd(b, a % b); }
    static void perms(String prefix, String rest, List<String> out) {
        if (rest.isEmpty()) { out.add(prefix); return; }
        for (int i = 0; i < rest.length(); i++)
            perms(prefix + rest.charAt(i), rest.substring(0, i) + rest.substring(i + 1), out);
    }
    static int moves;
    static void hanoi(int n, char from, char to, char via, StringBuilder sb) {
        if (n == 0) return;
        hanoi(n - 1, from, via, to, sb);
        moves++;
        if (n >= 4) sb.append(n).append(from).append(to).append(' ');
        hanoi(n - 1, via, to, from, sb);
    }
    public static void main(String[] args) {
        System.out.println("fib(27) " + fib(27));
        System.out.println("ack(2,3) " + ack(2, 3) + " ack(3,5) " + ack(3, 5));
        System.out.println("gcd " + gcd(1071, 462) + " " + gcd(1L << 40, 6L << 20));
        List<String> ps = new ArrayList<String>();
        perms("", "abcd", ps);
        System.out.println(ps.size() + " " + ps);
        StringBuilder sb = new StringBuilder();
        hanoi(6, 'A', 'C', 'B', sb);
        System.out.println("hanoi moves " + moves + " " + sb.toString().trim());
    }
}
