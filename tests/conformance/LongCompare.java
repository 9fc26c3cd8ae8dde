// lcmp in every branch shape, and long loop counters.
public class LongCompare {
    static String rel(long a, long b) {
        return (a < b ? "<" : "") + (a <= b ? "<=" : "") + (a > b ? ">" : "") + (a >= b ? ">=" : "")
            + (a == b ? "==" : "") + (a != b ? "!=" : "");
    }
    public static void main(String[] args) {
        long[] v = {Long.MIN_VALUE, -4294967296L, -1L, 0L, 1L, 4294967295L, 4294967296L, Long.MAX_VALUE};
        for (long a : v) for (long b : v) System.out.println(a + " " + b + " " + rel(a, b) + " " + Long.compare(a, b));
        long n = 0;
        for (long i = 4294967290L; i < 4294967300L; i++) n += i & 0xFF;
        System.out.println("n " + n);
        long x = 1;
        int steps = 0;
        while (x > 0) { x <<= 1; steps++; }
        System.out.println("steps " + steps + " x " + x);
    }
}
