/** Call sites that are not hot without profiles (-cold, t11): run's
 *  second drain, in the clean-up loop after its main loop, and between's
 *  call of mix between two loops keep the small inlining size (35 bytes),
 *  so the main loop's values keep their registers; drain in run's main
 *  loop and mix in a loop before the main loop are inlined as before. */
public class T2Cold {
    private final int[] q = new int[1024];
    private int head, tail;
    private long sum;

    /** Dequeues up to max values (well over 35 bytes of bytecode). */
    int drain(int max) {
        int n = 0;
        while (head != tail && n < max) {
            int h = head;
            int v = q[h & 1023];
            head = h + 1;
            sum = sum * 31 + v;
            n++;
        }
        return n;
    }

    /** Also over 35 bytes. */
    static int mix(int x) {
        int h = x * 0x9e3779b1;
        h ^= h >>> 15;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        h ^= h >>> 16;
        return h + (x & 7) * 3;
    }

    void run(int total) {
        int seed = 0;
        for (int i = 0; i < 4; i++) {
            seed += mix(i + total);           // a loop before the main loop: hot
        }
        for (int i = 0; i < total; i++) {
            int t = tail;
            q[t & 1023] = i ^ seed;
            tail = t + 1;
            if ((i & 7) == 7) {
                drain(7);                     // the main loop: hot
            }
        }
        while (drain(64) > 0) {               // after the main loop: cold
            // empty the queue
        }
    }

    static int between(int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        s = mix(s);                           // between two loops: cold
        for (int i = 0; i < a.length; i++) {
            s = s * 3 + a[i];
        }
        return s;
    }

    public static void main(String[] args) {
        long h = 0;
        int[] a = new int[37];
        for (int i = 0; i < a.length; i++) {
            a[i] = i * 11 - 5;
        }
        T2Cold c = new T2Cold();
        try {  // (an exception handler: main stays off tier 2, run and between compile on their own)
            for (int k = 0; k < 300; k++) {
                c.run(1000 + k);
                h = h * 7 + c.sum + between(a);
                a[k % a.length] ^= k;
            }
        } catch (IllegalStateException e) {
            System.out.println("unexpected " + e);
        }
        System.out.println("h " + h + " head " + c.head + " tail " + c.tail);
    }
}
