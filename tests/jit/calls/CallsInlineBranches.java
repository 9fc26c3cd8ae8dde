// Callees with forward branches, several returns, locals of their own,
// dup, aconst_null, arraylength and aastore, inlined by the JIT
// (INLINING): ring buffers (enqueue/dequeue with a conditional
// expression and count++), min/max/abs/clamp/sign, conditional returns,
// reference comparisons (==, null), stores of null / exact class /
// subclass / wrong class (ArrayStoreException raised in the callee, with
// nothing stored) and failures after the checks pass on another path.
// Results are compared with the JVM, exceptions by their first frames.
final class Ring {
    private final Object[] ring;
    private int head, tail, count;
    Ring(int n) { ring = new Object[n]; }
    boolean isEmpty() { return count == 0; }
    int size() { return count; }
    void enqueue(Object p) {
        ring[tail] = p;
        tail = tail + 1 == ring.length ? 0 : tail + 1;
        count++;
    }
    Object dequeue() {
        Object p = ring[head];
        ring[head] = null;
        head = head + 1 == ring.length ? 0 : head + 1;
        count--;
        return p;
    }
    Object peek() { return count == 0 ? null : ring[head]; }
    int capacity() { return ring.length; }
}

class Beast { final int id; Beast(int id) { this.id = id; } }
class Hound extends Beast { Hound(int id) { super(id); } }

public class CallsInlineBranches {
    static int max(int a, int b) { return a >= b ? a : b; }
    static int min(int a, int b) { if (a < b) return a; return b; }
    static int abs(int a) { return a < 0 ? -a : a; }
    static int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }
    static int sign(int v) { if (v > 0) return 1; if (v < 0) return -1; return 0; }
    static int pick(int[] a, int i) { int x = a[i]; int y = x * 3; if (y > 10) y -= 10; return x + y; }
    static int loc2(int a, int b) { int s = a + b; int d = a - b; s ^= d; d += 7; return s * d; }
    static boolean same(Object a, Object b) { return a == b; }
    static int nullness(Object a) { if (a == null) return 1; return 2; }
    static int notNull(Object a) { if (a != null) return 3; return 4; }
    static Object orElse(Object a, Object b) { return a != null ? a : b; }
    static int len(int[] a) { return a == null ? -1 : a.length; }
    static void put(Object[] a, int i, Object v) { a[i] = v; }
    static void putNull(Object[] a, int i) { a[i] = null; }
    static int firstLen(String[] a) { return a.length > 0 ? a[0].length() : 0; }
    static int ternChain(int x) { return x == 0 ? 10 : x == 1 ? 20 : x == 2 ? 30 : 40; }

    static void show(String what, Throwable t) {
        StackTraceElement[] st = t.getStackTrace();
        System.out.println(what + ": " + t.getClass().getName() + " in " + st[0].getMethodName()
                           + (st.length > 1 ? " from " + st[1].getMethodName() : ""));
    }

    public static void main(String[] args) {
        Ring r = new Ring(5);
        long acc = 0;
        for (int i = 0; i < 200; i++) {
            r.enqueue(i % 3 == 0 ? (Object) ("s" + i) : Integer.valueOf(i));
            if ((i & 3) == 3) {
                while (!r.isEmpty()) {
                    Object o = r.dequeue();
                    acc = acc * 31 + o.hashCode() + r.size();
                }
            }
            if (r.peek() != null) acc += r.peek().hashCode() & 7;
        }
        System.out.println("ring " + acc + " " + r.size() + " " + r.capacity());
        try {
            Ring full = new Ring(2);
            for (int i = 0; i < 3; i++) full.enqueue("f" + i);   // wraps: overwrites
            System.out.println("full " + full.size() + " " + full.dequeue() + " " + full.dequeue() + " " + full.dequeue());
        } catch (RuntimeException e) { show("full", e); }
        int[] vs = { Integer.MIN_VALUE, -7, -1, 0, 1, 2, 9, 100, Integer.MAX_VALUE };
        StringBuilder sb = new StringBuilder();
        for (int x : vs)
            for (int y : vs)
                sb.append(max(x, y)).append(' ').append(min(x, y)).append(' ').append(abs(x)).append(' ')
                  .append(clamp(x, -5, y)).append(' ').append(sign(x - y)).append(' ').append(loc2(x, y))
                  .append(' ').append(ternChain(y & 3)).append('\n');
        System.out.println(sb.toString().hashCode());
        int[] arr = { 1, 5, 9, 13 };
        for (int i = 0; i < 4; i++) acc += pick(arr, i);
        System.out.println("pick " + acc);
        Object s1 = "a", s2 = new String("a");
        System.out.println(same(s1, s1) + " " + same(s1, s2) + " " + same(null, null) + " " + nullness(null) + nullness(s1)
                           + notNull(null) + notNull(s2) + " " + orElse(null, "b") + orElse("c", "d") + " " + len(null) + len(arr));
        System.out.println(firstLen(new String[] { "hello" }) + " " + firstLen(new String[0]));
        Beast[] animals = new Beast[3];
        Hound[] dogs = new Hound[2];
        Object[] objs = new Object[2];
        for (int i = 0; i < 3; i++) {
            put(animals, i, i == 1 ? new Hound(i) : new Beast(i));
            put(objs, i & 1, i == 2 ? null : (Object) new Beast(i));
        }
        putNull(animals, 2);
        System.out.println(animals[0].id + " " + animals[1].id + " " + animals[2] + " " + ((Beast) objs[1]).id + " " + objs[0]);
        for (int i = 0; i < 6; i++) {
            try {
                switch (i) {
                case 0: put(dogs, 0, new Beast(5)); break;
                case 1: put(dogs, 2, new Hound(5)); break;
                case 2: put(null, 0, new Hound(5)); break;
                case 3: putNull(dogs, -1); break;
                case 4: put(new String[1], 0, Integer.valueOf(3)); break;
                default: firstLen(new String[1]); break;
                }
                System.out.println(i + ": no exception");
            } catch (RuntimeException e) {
                show("case " + i, e);
            }
        }
        System.out.println("dogs " + dogs[0] + " " + dogs[1]);
        try { ((Ring) null).enqueue("x"); } catch (NullPointerException e) { show("null ring", e); }
        try { ((Ring) null).isEmpty(); } catch (NullPointerException e) { show("null ring isEmpty", e); }
        try { len((int[]) null); System.out.println("len null ok"); } catch (RuntimeException e) { show("len", e); }
    }
}
