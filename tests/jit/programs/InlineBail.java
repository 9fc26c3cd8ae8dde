// Inlining with bail-outs (src/jit/jit_inline.c, bail_op): callees whose
// rare paths call, allocate or throw before their first side effect are
// inlined at statically bound call sites, those paths making the ordinary
// call.  A ring like VIFlet's default FIFO (grows through a call, a null
// element throws from a helper), a guard that throws directly, a guard
// that calls a static and a virtual method, and a side effect before a
// call (not inlined: must still be right).  Compared with OpenJDK.
public class InlineBail {
    static final class Item { final int v; Item(int v) { this.v = v; } }

    static class Ring {
        protected int length;
        private Item[] ring;
        private int head, count;

        // the shape of vif.VIFlet.enqueue
        public void put(Item p) {
            Item[] f = ring;
            int n = count;
            if (p == null || f == null || n == f.length) f = room(p);
            n += head - f.length;
            f[n < 0 ? n + f.length : n] = p;
            count++;
            length++;
        }

        private Item[] room(Item p) {
            if (p == null) throw new NullPointerException("item is null");
            Item[] f = ring;
            if (f == null) return ring = new Item[2];
            Item[] g = new Item[f.length * 2];
            for (int i = 0; i < count; i++) {
                int j = head + i;
                if (j >= f.length) j -= f.length;
                g[i] = f[j];
            }
            head = 0;
            return ring = g;
        }

        public Item take() {
            int n = count;
            if (n == 0) return null;
            Item[] f = ring;
            int h = head;
            Item p = f[h];
            f[h] = null;
            h++;
            if (h == f.length) h = 0;
            head = h;
            count = n - 1;
            length--;
            return p;
        }
    }

    static final class Sub extends Ring {
        int puts;
        public void put(Item p) {
            puts++;
            super.put(p);   // invokespecial: the inlining site
        }
    }

    // a guard that throws directly, then a side effect
    static int guarded;
    private int field;
    private void setChecked(int v) {
        if (v < 0) throw new IllegalArgumentException("negative " + v);
        field = v;
    }

    // guards that call (a static, a virtual method) before the side effect
    static int calls;
    static int slow(int v) { calls++; return v * 3; }
    int viaCall(int v) {
        if (v > 1000) return slow(v);
        if (v == 7) return other(v);
        field = field + v;
        return v;
    }
    int other(int v) { calls += 2; return -v; }

    // a side effect before a call: never inlined, must still be right
    int afterSide(int v) {
        field = v;
        if (v == 3) return slow(v);
        return field;
    }

    public static void main(String[] args) {
        Sub s = new Sub();
        long sum = 0;
        int npe = 0;
        for (int round = 0; round < 3000; round++) {
            int k = (round * 7) % 37;
            for (int i = 0; i < k; i++) s.put(new Item(round + i));
            if (round % 97 == 0) {
                try {
                    s.put(null);
                } catch (NullPointerException e) {
                    npe++;
                    if (npe == 1) System.out.println("npe: " + e.getMessage());
                }
            }
            for (int i = 0; i < k / 2 + (round & 3); i++) {
                Item p = s.take();
                if (p != null) sum += p.v;
            }
        }
        System.out.println("sum " + sum + " length " + s.length + " puts " + s.puts +
                           " npe " + npe);

        InlineBail b = new InlineBail();
        int iae = 0;
        for (int i = -500; i < 20000; i++) {
            try {
                b.setChecked(i % 2000 - 3);
            } catch (IllegalArgumentException e) {
                iae++;
                if (iae == 1) System.out.println("iae: " + e.getMessage());
            }
            guarded += b.field;
        }
        System.out.println("guarded " + guarded + " iae " + iae);

        long acc = 0;
        for (int i = 0; i < 30000; i++) acc += b.viaCall(i % 1200) + b.afterSide(i % 5);
        System.out.println("acc " + acc + " calls " + calls + " field " + b.field);
    }
}
