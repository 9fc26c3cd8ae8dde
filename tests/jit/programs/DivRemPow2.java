// idiv / irem by constant powers of two (the JIT uses shifts and masks,
// jit_fastops.c gen_divrem_pow2): negative dividends round toward zero and
// keep the dividend's sign, MIN_VALUE and MAX_VALUE, every power from 2 to
// 2^30, divisors that are not powers of two (and 1, -2, MIN_VALUE) left to
// idiv, results as array indexes, and the value on the stack under it kept.
public class DivRemPow2 {
    static final int NCLASS = 4;

    static int cls(int type) { return type % NCLASS; }

    public static void main(String[] args) {
        int[] xs = { 0, 1, -1, 2, -2, 3, -3, 5, -5, 7, -7, 8, -8, 1023, -1023, 1024, -1024,
                     Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MIN_VALUE + 1, 0x40000000, -0x40000001 };
        long acc = 0;
        for (int x : xs) {
            acc = acc * 31 + x / 2 + x % 2;
            acc = acc * 31 + x / 4 + x % 4;
            acc = acc * 31 + x / 8 + x % 8;
            acc = acc * 31 + x / 16 + x % 16;
            acc = acc * 31 + x / 1024 + x % 1024;
            acc = acc * 31 + x / 65536 + x % 65536;
            acc = acc * 31 + x / 0x40000000 + x % 0x40000000;
            acc = acc * 31 + x / 3 + x % 3 + x / 1 + x % 1 + x / -2 + x % -2;
            acc = acc * 31 + x / Integer.MIN_VALUE + x % Integer.MIN_VALUE;
            System.out.println(x + ": " + x / 4 + " " + x % 4 + " " + x / 1024 + " " + x % 1024
                               + " " + (x + 1) % 8 + " " + (7 - x / 2));
        }
        int[] hist = new int[NCLASS];
        for (int i = -20; i < 20; i++) {
            int c = cls(i);
            if (c >= 0) hist[c]++;
            else System.out.println("negative class " + c + " for " + i);
        }
        for (int h : hist) System.out.println("hist " + h);
        int[] q = new int[8];
        for (int i = 0; i < 100; i++) q[i % 8] += i / 8;
        for (int v : q) System.out.print(v + " ");
        System.out.println();
        try {
            System.out.println(q[-9 % 8]);
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("AIOOBE " + e.getMessage());
        }
        System.out.println("acc " + acc);
    }
}
