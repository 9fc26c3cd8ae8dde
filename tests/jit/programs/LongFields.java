// Long instance fields on the JIT's virtual stack (LFIELD, jit_longops.c):
// getfield / putfield of longs with values in registers, constants that
// do and do not fit 32 bits (sign extension), read-modify-write chains,
// a field of a superclass and of another object, a volatile long, a null
// object (the NullPointerException with the stack as it was, caught in
// the same method and in the caller), long fields mixed with int and
// reference fields of the same object, and values kept across a GC.
public class LongFields {
    static class Base {
        long baseCount;
        int small;
    }

    static final class Meter extends Base {
        long tokens;
        long last;
        volatile long vol;
        Meter next;
        long total;

        Meter(long t) { tokens = t; last = -1; }

        void refill(long now, long rate) {
            long elapsed = now - last;
            if (elapsed <= 0) return;
            last = now;
            tokens = Math.min(5_000_000_000L, tokens + elapsed * rate);
        }

        boolean take(long n) {
            if (tokens >= n) {
                tokens -= n;
                baseCount++;
                small++;
                total += n;
                return true;
            }
            return false;
        }
    }

    static long readNext(Meter m) { return m.next.tokens + m.next.last; }

    static long sumAll(Meter[] ms) {
        long s = 0;
        for (Meter m : ms) s = s * 7 + m.tokens - m.last + m.baseCount * 3 + m.total + m.vol + m.small;
        return s;
    }

    public static void main(String[] args) {
        Meter[] ms = new Meter[5];
        for (int i = 0; i < ms.length; i++) ms[i] = new Meter(1000L * i);
        for (int i = 0; i < ms.length; i++) ms[i].next = ms[(i + 1) % ms.length];
        long seed = 7;
        int took = 0;
        for (int i = 0; i < 300000; i++) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            Meter m = ms[(int) ((seed >>> 33) % 5)];
            m.refill(i * 100L, 3);
            if (m.take(50 + ((seed >>> 40) & 1023))) took++;
            m.vol = m.vol + (seed >> 60);
            if ((i & 4095) == 0) {
                m.last = 0x7fffffffffffL;       // more than 32 bits
                m.last = i;
                m.total = -1;                   // sign-extended constant
                m.total = m.total + 0x100000000L;
                byte[] junk = new byte[1 << 16];  // some garbage
                junk[0] = 1;
            }
        }
        System.out.println("took " + took + " sum " + sumAll(ms) + " next " + readNext(ms[2]));
        Meter nul = null;
        try {
            nul.tokens = 5;
        } catch (NullPointerException e) {
            System.out.println("NPE on put");
        }
        try {
            System.out.println(nul.tokens);
        } catch (NullPointerException e) {
            System.out.println("NPE on get");
        }
        ms[1].next = null;
        try {
            System.out.println(readNext(ms[1]));
        } catch (NullPointerException e) {
            System.out.println("NPE in callee");
        }
        System.gc();
        System.out.println("after gc " + sumAll(ms));
    }
}
