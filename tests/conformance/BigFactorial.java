// Arbitrary-precision arithmetic on int[] digit arrays: 200!, 2^1000, and Fibonacci(500).
public class BigFactorial {
    // little-endian base 10000 numbers
    static int[] mulSmall(int[] a, int m) {
        int[] r = new int[a.length + 3];
        long carry = 0;
        for (int i = 0; i < r.length; i++) {
            long v = (i < a.length ? (long) a[i] * m : 0) + carry;
            r[i] = (int) (v % 10000);
            carry = v / 10000;
        }
        return trim(r);
    }
    static int[] add(int[] a, int[] b) {
        int n = Math.max(a.length, b.length) + 1;
        int[] r = new int[n];
        int carry = 0;
        for (int i = 0; i < n; i++) {
            int v = (i < a.length ? a[i] : 0) + (i < b.length ? b[i] : 0) + carry;
            r[i] = v % 10000;
            carry = v / 10000;
        }
        return trim(r);
    }
    static int[] trim(int[] a) {
        int n = a.length;
        while (n > 1 && a[n - 1] == 0) n--;
        int[] r = new int[n];
        System.arraycopy(a, 0, r, 0, n);
        return r;
    }
    static String str(int[] a) {
        StringBuilder sb = new StringBuilder();
        sb.append(a[a.length - 1]);
        for (int i = a.length - 2; i >= 0; i--) {
            String d = Integer.toString(a[i]);
            for (int k = d.length(); k < 4; k++) sb.append('0');
            sb.append(d);
        }
        return sb.toString();
    }
    static int digitSum(String s) { int t = 0; for (int i = 0; i < s.length(); i++) t += s.charAt(i) - '0'; return t; }
    public static void main(String[] args) {
        int[] f = {1};
        for (int i = 2; i <= 200; i++) f = mulSmall(f, i);
        String fs = str(f);
        System.out.println("200! has " + fs.length() + " digits, digit sum " + digitSum(fs));
        System.out.println(fs.substring(0, 60) + "...");
        int[] p = {1};
        for (int i = 0; i < 1000; i++) p = mulSmall(p, 2);
        String ps = str(p);
        System.out.println("2^1000 digits " + ps.length() + " sum " + digitSum(ps) + " head " + ps.substring(0, 30));
        int[] a = {0}, b = {1};
        for (int i = 0; i < 500; i++) { int[] t = add(a, b); a = b; b = t; }
        System.out.println("fib(500) = " + str(a));
        int[] x = {1};
        for (int i = 1; i <= 30; i++) x = mulSmall(x, 1000000007 % 10000 + i);
        System.out.println(str(x));
    }
}
