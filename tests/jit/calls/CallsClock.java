// System.nanoTime / currentTimeMillis called from compiled code (inlined
// into a direct platform-clock call with INLINECLK): monotonic, moving,
// and consistent with each other.
public class CallsClock {
    public static void main(String[] args) {
        long prev = System.nanoTime();
        boolean mono = true;
        for (int i = 0; i < 200000; i++) {
            long now = System.nanoTime();
            if (now < prev) mono = false;
            prev = now;
        }
        System.out.println("nanoTime monotonic " + mono);
        long t0 = System.nanoTime();
        long m0 = System.currentTimeMillis();
        long spin = 0;
        while (System.nanoTime() - t0 < 30_000_000L) spin++;
        long m1 = System.currentTimeMillis();
        long t1 = System.nanoTime();
        System.out.println("nanoTime moved " + (t1 - t0 >= 30_000_000L) + " spun " + (spin > 0));
        System.out.println("millis sane " + (m0 > 1_600_000_000_000L && m1 >= m0 && m1 - m0 < 5000));
        long mt = 0;
        for (int i = 0; i < 10000; i++) mt = Math.max(mt, System.currentTimeMillis());
        System.out.println("millis max ok " + (mt >= m1));
    }
}
