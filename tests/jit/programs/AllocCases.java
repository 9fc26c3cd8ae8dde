// `new` through the JIT's inline allocation (ALLOC, src/jit/jit_alloc.c)
// under a small heap (collections every few thousand objects, the free
// lists rebuilt by each sweep and popped by compiled code): objects of
// every size from the header alone to past the inline limit (128 bytes),
// fields that must read zero, classes whose initialisation runs at the
// first `new` in compiled code (once, in order, with its side effects),
// a class whose initialiser fails (every later `new` throws again),
// objects kept in linked lists and arrays across collections and checked.
// jitopts: -Xmx6m
import java.util.*;

public class AllocCases {
    static class E { }
    static class I1 { int a; }
    static class L2 { long a, b; }
    static class R3 { Object x, y, z; int n; }
    static class M8 { long a, b, c, d, e, f, g, h; }
    static class B13 { long a, b, c, d, e, f, g, h, i, j, k, l, m; }   // 16 + 104 = 120
    static class B14 { long a, b, c, d, e, f, g, h, i, j, k, l, m, n; } // 128: the limit
    static class B15 { long a, b, c, d, e, f, g, h, i, j, k, l, m, n, o; } // 136: the helper
    static class Node { Node next; int v; long w; Node(Node n, int v) { next = n; this.v = v; w = v * 3L; } }

    static StringBuilder log = new StringBuilder();
    static class Lazy1 { static int k; static { log.append("Lazy1;"); k = 7; } int v = k; }
    static class Lazy2 extends Lazy1 { static { log.append("Lazy2;"); } int u = k + 1; }
    static class Bad { static int z; static { log.append("Bad;"); if (log.length() > 0) z = 1 / (z - z); } int q; }

    static long sizes(int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            E e = new E();
            I1 a = new I1(); a.a += i;
            L2 b = new L2(); b.b += i;
            R3 r = new R3(); if (r.x == null && r.y == null && r.z == null) r.n = i;
            M8 m = new M8(); s += m.a + m.h;
            B13 p = new B13(); s += p.m;
            B14 q = new B14(); s += q.a + q.n; q.n = i;
            B15 t = new B15(); s += t.o;
            s += a.a + b.b + r.n + q.n + (e.hashCode() == 0 ? 0 : 1) - 1;
        }
        return s;
    }

    static long lists(int rounds) {
        long check = 0;
        Node keep = null;
        Object[] ring = new Object[64];
        for (int r = 0; r < rounds; r++) {
            Node head = null;
            for (int i = 0; i < 1000; i++) head = new Node(head, i);
            ring[r & 63] = head;
            if ((r & 15) == 0) keep = new Node(keep, r);
            long s = 0;
            for (Node p = head; p != null; p = p.next) s += p.v + p.w;
            check = check * 31 + s;
        }
        for (Object o : ring) for (Node p = (Node) o; p != null; p = p.next) check += p.w;
        for (Node p = keep; p != null; p = p.next) check += p.v;
        return check;
    }

    static String lazy() {
        Lazy2 a = new Lazy2();
        Lazy1 b = new Lazy1();
        return a.v + "," + a.u + "," + b.v;
    }

    static String bad() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 3; i++) {
            try { Bad x = new Bad(); sb.append("made").append(x.q); }
            catch (ExceptionInInitializerError e) { sb.append("EIIE;"); }
            catch (NoClassDefFoundError e) { sb.append("NCDFE;"); }
        }
        return sb.toString();
    }

    public static void main(String[] args) {
        System.out.println("sizes " + sizes(60000));
        System.out.println("lists " + lists(400));
        System.out.println("log0 " + log);
        System.out.println("lazy " + lazy() + " " + log);
        System.out.println("bad " + bad() + " " + log);
        Map<Integer, Node> m = new HashMap<>();
        for (int i = 0; i < 50000; i++) m.put(i % 5000, new Node(m.get(i % 5000), i));
        long s = 0;
        for (Node n : m.values()) for (Node p = n; p != null; p = p.next) s += p.v;
        System.out.println("map " + s);
    }
}
