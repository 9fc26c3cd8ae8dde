// Seed for fuzz_verify_run: static, virtual, interface (boot-library
// interfaces) and recursive calls, long/double arguments, calls into
// the class library (Math, Integer, collections).
public class VrInvoke implements Comparable<VrInvoke> {
    final int key;
    VrInvoke(int key) { this.key = key; }
    public int compareTo(VrInvoke o) { return Integer.compare(key, o.key); }

    static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
    static long wide(long a, double b, int c, float d, long e) { return a + (long) b + c + (long) d + e; }
    static int ack(int m, int n) {
        if (m == 0) return n + 1;
        if (n == 0) return ack(m - 1, 1);
        return ack(m - 1, ack(m, n - 1));
    }
    static int iface() {
        Comparable<VrInvoke> a = new VrInvoke(3);
        Runnable r = null;
        java.util.List<Integer> l = new java.util.ArrayList<>();
        for (int i = 0; i < 10; i++) l.add(i * i);
        int s = 0;
        for (Integer v : l) s += v;
        return a.compareTo(new VrInvoke(5)) + s + (r == null ? 1 : 0);
    }
    static int forever(int n) { return forever(n + 1) + 1; }
    public static void main(String[] args) {
        long r = fib(15) + wide(1L, 2.0, 3, 4f, 5L) + ack(2, 3) + iface();
        r += Math.max(3, 9) + Math.abs(-4) + Integer.parseInt("123") + (long) Math.sqrt(81);
        try { forever(0); } catch (StackOverflowError e) { r++; }
        if (r == 0) System.out.println(r);
    }
}
