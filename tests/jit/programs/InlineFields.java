/*
 * Inlined callees that read and write fields of objects other than `this`
 * (FIELDS, jit_inline.c): javac's synthetic accessors (access$NNN, for an
 * inner class reading its outer class's private fields), static getters
 * and setters on an argument, chains (a.next.v), null objects at every
 * place (the ordinary call raises the NullPointerException in the callee),
 * a null object after a side effect (not inlined: the store must stay),
 * and an iterator over a private array like ArrayList's.
 */
public class InlineFields {
    static final class P { int x; int y; P next; byte b; char ch; short sh; boolean z; Object o; }

    private int size;
    private int[] data = new int[16];
    private int mod;

    final class Itr {
        int cursor;
        int expected = mod;
        boolean hasNext() { return cursor != size; }          // access$NNN(outer)
        int next() {
            if (mod != expected) throw new IllegalStateException("mod");
            int i = cursor;
            if (i >= size) throw new IllegalStateException("end");
            int[] d = data;
            cursor = i + 1;
            return d[i];
        }
    }

    void add(int v) { if (size == data.length) { int[] n = new int[size * 2]; System.arraycopy(data, 0, n, 0, size); data = n; } data[size++] = v; mod++; }

    static int getX(P p) { return p.x; }
    static int getNextX(P p) { return p.next.x; }
    static void setY(P p, int v) { p.y = v; }
    static int sumXY(P p) { return p.x + p.y; }
    static int narrow(P p) { return p.b + p.ch + p.sh + (p.z ? 1 : 0); }
    static Object getO(P p) { return p.o; }
    static int pick(P p, P q) { return p == null ? -1 : q == null ? p.x : p.x - q.x; }
    static int storeThenRead(P p, P q) { p.x = p.x + 7; return q.y; }   // q null: p.x + 7 once
    static void copy(P from, P to) { to.y = from.x; }
    static int safeLen(P p) { return p != null && p.next != null ? p.next.y : 0; }

    public static void main(String[] args) {
        InlineFields l = new InlineFields();
        for (int i = 0; i < 100; i++) l.add(i * 3 - 50);
        long h = 0;
        for (int r = 0; r < 50; r++) {
            Itr it = l.new Itr();
            while (it.hasNext()) h = h * 31 + it.next();
        }
        System.out.println("iter " + h);
        Itr it = l.new Itr();
        l.add(5);
        try { it.next(); } catch (IllegalStateException e) { System.out.println("caught " + e.getMessage()); }

        P a = new P(), b = new P(), c = new P();
        a.next = b; b.next = c; a.x = 3; b.x = 5; c.x = 11; a.b = -3; a.ch = 'z'; a.sh = -300; a.z = true; a.o = "s";
        long s = 0;
        for (int i = 0; i < 20000; i++) {
            P p = (i & 1) == 0 ? a : b;
            setY(p, i);
            s += getX(p) + getNextX(p) + sumXY(p) + narrow(p) + pick(p, (i & 2) == 0 ? null : c) + safeLen(p) + safeLen(null);
            copy(p, c);
            s += c.y + (getO(p) == null ? 1 : 2);
        }
        System.out.println("sum " + s);
        P[] ps = { a, null, c, null };
        int npe = 0;
        for (int i = 0; i < 4000; i++) {
            P p = ps[i & 3];
            try { s += getX(p); } catch (NullPointerException e) { npe++; }
            try { s += getNextX(p == null ? a : c); } catch (NullPointerException e) { npe += 2; }
            try { setY(p, 9); } catch (NullPointerException e) { npe += 4; }
            try { copy(a, p); } catch (NullPointerException e) { npe += 8; }
            try { copy(p, a); } catch (NullPointerException e) { npe += 16; }
        }
        System.out.println("npe " + npe + " " + s);
        P t = new P();
        try { storeThenRead(t, null); } catch (NullPointerException e) { System.out.println("after side " + t.x); }
        try { storeThenRead(null, t); } catch (NullPointerException e) { System.out.println("first null " + t.x); }
    }
}
