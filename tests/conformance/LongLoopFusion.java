// LongLoopFusion.java - loops over long counters: javac compiles their
// tests and steps to lload; (lload | iload; i2l | lconst_<k>); lcmp; if<c>
// and lload; (...); ladd|lsub; lstore, which the interpreter fuses
// (src/interp/fuse.c: f_ll_ifcmp, f_ll_arith).  Every condition, each kind
// of second operand (long local, int local widened, negative int, lconst),
// lsub, wrap-around at Long.MIN/MAX, and a loop whose body continues
// straight to its step.
public class LongLoopFusion {
    static long sieve(int limit) {
        boolean[] composite = new boolean[limit + 1];
        long count = 0;
        for (int i = 2; i <= limit; i++) {
            if (composite[i]) continue;
            count++;
            for (long j = (long) i * i; j <= limit; j += i) composite[(int) j] = true;
        }
        return count;
    }

    static long conditions(long a, long b, int n) {
        long r = 0;
        if (a < b) r |= 1;
        if (a <= b) r |= 2;
        if (a > b) r |= 4;
        if (a >= b) r |= 8;
        if (a == b) r |= 16;
        if (a != b) r |= 32;
        if (a < n) r |= 64;
        if (a >= n) r |= 128;
        if (a == 0L) r |= 256;
        if (a != 1L) r |= 512;
        if (a > 0L) r |= 1024;
        if (a <= 1L) r |= 2048;
        return r;
    }

    static long steps(long start, int k, long kl) {
        long s = start, acc = 0;
        for (int t = 0; t < 5; t++) {
            s = s + k;        // lload; iload; i2l; ladd; lstore
            acc ^= s;
            s = s - kl;       // lload; lload; lsub; lstore
            acc += s;
            s = s - 1L;       // lload; lconst_1; lsub; lstore
            acc ^= s * 31;
            s = s + 1L;
            s = s + 0L;
        }
        return acc ^ s;
    }

    static long down(long from, int step) {
        long n = 0;
        for (long j = from; j > 0L; j -= step) n++;   // lsub of a widened int
        for (long j = -from; j != 0L; j += 1L) n++;   // lconst_1
        return n;
    }

    public static void main(String[] args) {
        System.out.println("sieve(100000) = " + sieve(100000));
        long[] vals = { Long.MIN_VALUE, -5_000_000_000L, -1, 0, 1, 2, 7,
                        2_147_483_647L, 2_147_483_648L, Long.MAX_VALUE };
        int[] ints = { Integer.MIN_VALUE, -7, -1, 0, 1, 7, Integer.MAX_VALUE };
        long h = 0;
        for (long a : vals)
            for (long b : vals)
                for (int n : ints)
                    h = h * 1_000_003L + conditions(a, b, n);
        System.out.println("conditions hash = " + h);
        long s = 0;
        for (long a : vals)
            for (int k : ints)
                s = s * 31 + steps(a, k, a ^ k);
        System.out.println("steps = " + s);
        System.out.println("down = " + down(1000, 3) + " " + down(17, 1) + " " + down(0, 5));
        long wrap = Long.MAX_VALUE - 2;
        int turns = 0;
        for (long j = wrap; j > 0L && turns < 10; j += 1L) turns++;
        System.out.println("wrap turns = " + turns);
        long mid = 0;
        int enter = 3;
        for (long j = 0; j < 40L; j += 4) {
            if (enter-- > 0) continue;
            mid += j;
        }
        System.out.println("mid = " + mid);
    }
}
