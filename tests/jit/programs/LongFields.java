// Long instance fields and long[] elements on the JIT's virtual stack
// (LMEM, jit_longops.c, jit_fastops.c):
// getfield / putfield of longs with values in registers, constants that
// do and do not fit 32 bits (sign extension), read-modify-write chains,
// a field of a superclass and of another object, a volatile long, a null
// object (the NullPointerException with the stack as it was, caught in
// the same method and in the caller), long fields mixed with int and
// reference fields of the same object, and values kept across a GC;
// long[] counters bumped (++, +=, constants that do and do not fit 32
// bits) in and out of loops (bounds checks eliminated or not), an index
// out of bounds and a null array mid-expression.
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

    static final class Counters {
        final long[] packets = new long[8];
        final long[] bytes = new long[8];
        long[] spare;

        void count(int cls, int len) {
            packets[cls]++;
            bytes[cls] += len;
        }

        long total() {
            long s = 0;
            for (int i = 0; i < packets.length; i++) s = s * 31 + packets[i] * 7 + bytes[i];
            return s;
        }

        void reset(long v) {
            for (int i = 0; i < bytes.length; i++) bytes[i] = v;
            packets[0] = 0x123456789L;
            packets[1] = -5;
        }
    }

    static long arrays() {
        Counters k = new Counters();
        long seed = 3;
        for (int i = 0; i < 200000; i++) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            k.count((int) (seed >>> 61), (int) ((seed >>> 20) & 2047));
        }
        long t = k.total();
        k.reset(-1);
        t = t * 17 + k.total();
        long[] a = k.packets;
        long r = 0;
        try {
            for (int i = 0; i <= a.length; i++) r += a[i] * (i + 1);
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("AIOOBE " + r);
        }
        try {
            k.spare[2] = r + k.bytes[1];
        } catch (NullPointerException e) {
            System.out.println("NPE on long[] store");
        }
        try {
            r += 1 + k.spare[0];
        } catch (NullPointerException e) {
            System.out.println("NPE on long[] load " + r);
        }
        try {
            k.bytes[-1] = r;
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("AIOOBE on store");
        }
        return t * 3 + r;
    }

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
        System.out.println("arrays " + arrays());
        System.gc();
        System.out.println("after gc " + sumAll(ms));
    }
}
