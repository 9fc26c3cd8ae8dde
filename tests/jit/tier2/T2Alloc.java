import java.util.HashMap;
import java.util.Map;

/**
 * Tier 2's allocation (b17): `new` inline in the compiled method (-alloc)
 * and inside inlined callees, whose slow path runs on the inlined frames
 * (-inlnew): lists kept while garbage is dropped (the collector runs in
 * the loops), a class first initialized by a `new` in an inlined callee
 * (its <clinit> prints), Integer/Long.valueOf inlined with cached and
 * fresh boxes (== on them, a box kept, a box used as a lock), and with
 * the argument "oom", allocation until OutOfMemoryError at the method's
 * own `new` and at an inlined callee's.
 */
public class T2Alloc {
    static final class Node {
        final int v;
        Node next;
        Node(int v, Node next) { this.v = v; this.next = next; }
    }

    static final class Pair {
        final long a;
        final int b;
        Pair(long a, int b) { this.a = a; this.b = b; }
    }

    static final class Late {
        static int made;
        static { System.out.println("Late initialized"); }
        final int x;
        Late(int x) { this.x = x; made++; }
    }

    static int count;

    static long chain(int n) {
        Node head = null;
        long s = 0;
        for (int i = 0; i < n; i++) {
            Node x = new Node(i, (i & 7) == 0 ? null : head);
            head = x;
            s += x.v;
            if (x.next != null) s ^= x.next.v;
        }
        return s;
    }

    static Pair make(long a, int b) { return new Pair(a, b); }

    static long pairs(int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            Pair p = make(i * 31L, i);
            s += p.a + p.b;
        }
        return s;
    }

    static Late late(int x) { return new Late(x); }

    /* (inlined) at its `new`, the fresh n is only in this frame's local:
     * the collector must see the inlined frame there */
    static Node wrap(Node n) {
        Node a = new Node(n.v + 1, n);
        Node b = new Node(a.v + 1, a);
        return new Node(n.v + 3, b);
    }

    static long wraps(int n) {
        Node keep = null;
        long s = 0;
        for (int i = 0; i < n; i++) {
            Node w = wrap(new Node(i, null));
            Node z = w.next.next.next;
            if (z.v != i || z.next != null || w.next.v != i + 2 || w.next.next.v != i + 1) s += 1000000007;
            s += w.v + w.next.v;
            if ((i & 1023) == 0) { w.next.next = keep; keep = w; }
            int[] junk = new int[4 + (i & 7)];   // keep's loop phi spans this call (-gclive)
            s += junk.length;
        }
        for (Node k = keep; k != null; k = k.next.next) s += k.next.v;
        return s;
    }

    static int lates(int n) {
        int s = 0;
        for (int i = 0; i < n; i++) s += late(i).x;
        return s + Late.made;
    }

    static long boxes(int n) {
        Map<Long, Integer> m = new HashMap<>();
        Map<Integer, Long> r = new HashMap<>();
        Long keep = null;
        long same = 0, eq = 0, locked = 0;
        for (int i = 0; i < n; i++) {
            long k = i % 3 == 0 ? i % 100 : 1000000L + i % 500;
            Integer c = m.get(k);
            m.put(k, c == null ? 1 : c + 1);
            Long b = k;
            if (b == keep) same++;
            if (keep != null && b.equals(keep)) eq++;
            if (i % 97 == 0) keep = b;
            Long old = r.get(i & 255);
            r.put(i & 255, old == null ? k : old + k);
            if ((i & 1023) == 0) locked += lockBox(b);
        }
        long t = 0;
        for (long v : r.values()) t += v;
        return m.size() * 1000003L + same * 101 + eq * 7 + locked + t;
    }

    static long lockBox(Long b) {
        synchronized (b) { return b; }
    }

    static Node link(int v, Node next) { return new Node(v, next); }

    static Node hogOwn(int n) {
        Node h = null;
        for (int i = 0; i < n; i++) { h = new Node(i, h); count++; }
        return h;
    }

    static Node hogInlined(int n) {
        Node h = null;
        for (int i = 0; i < n; i++) { h = link(i, h); count++; }
        return h;
    }

    static void oom(boolean inlined) {
        count = 0;
        try {
            Node h = inlined ? hogInlined(Integer.MAX_VALUE) : hogOwn(Integer.MAX_VALUE);
            System.out.println("no OOM " + h.v);
        } catch (OutOfMemoryError e) {
            StackTraceElement[] st = e.getStackTrace();
            System.out.println("OOM " + (inlined ? "inlined" : "own") + ": " + (count > 1000)
                    + (st.length > 0 ? " at " + st[0].getMethodName() : "")
                    + (st.length > 1 ? " < " + st[1].getMethodName() : ""));
        }
    }

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("oom")) {
            oom(false);
            oom(true);
            System.out.println("after " + chain(1000));
            return;
        }
        for (int round = 0; round < 3; round++) {
            System.out.println("chain " + chain(200000));
            System.out.println("pairs " + pairs(200000));
            System.out.println("lates " + lates(50000));
            System.out.println("boxes " + boxes(100000));
            System.out.println("wraps " + wraps(300000));
        }
    }
}
