/*
 * VINLINE (jit_inline.c): invokevirtual of a method no loaded subclass
 * overrides, inlined behind a guard that the receiver's class selects it
 * (its vtable entry): small branchy callees with early returns, a subclass
 * that inherits the method (the guard passes), a subclass loaded after
 * the caller was compiled that overrides it (the guard fails: the call),
 * null receivers (NullPointerException at the call), a method of an
 * abstract class, and a getter the subclass overrides only later.
 */
public class VirtualInline {
    static class Ring {
        int[] buf = new int[8]; int head, tail, count;
        boolean isEmpty() { return count == 0; }
        int peek() { if (count == 0) return -1; return buf[head]; }
        int size() { return count; }
        boolean offer(int v) {
            if (count == buf.length) return false;
            buf[tail] = v; tail = (tail + 1) & 7; count++;
            return true;
        }
        int poll() {
            if (count == 0) return -1;
            int v = buf[head]; head = (head + 1) & 7; count--;
            return v;
        }
    }
    static class CountingRing extends Ring { int offers; }               // inherits everything
    static abstract class Shape { int k = 3; int scaled(int x) { if (x < 0) return -x * k; return x * k; } abstract int id(); }
    static final class Sq extends Shape { int id() { return 1; } }

    static long drive(Ring r, int n) {
        long h = 0;
        for (int i = 0; i < n; i++) {
            if (!r.offer(i * 7)) h = h * 31 + r.poll();
            if ((i & 3) == 0 && !r.isEmpty()) h = h * 31 + r.poll();
            h += r.peek() + r.size();
        }
        return h;
    }
    static int shapes(Shape s, int n) { int t = 0; for (int i = -n; i < n; i++) t += s.scaled(i) + s.id(); return t; }
    static int nulls(Ring[] rs) {
        int t = 0;
        for (Ring r : rs) { try { t += r.size() + (r.isEmpty() ? 1 : 2); } catch (NullPointerException e) { t += 100; } }
        return t;
    }

    public static void main(String[] args) throws Exception {
        System.out.println("ring " + drive(new Ring(), 5000));
        System.out.println("counting " + drive(new CountingRing(), 5000));
        System.out.println("shape " + shapes(new Sq(), 1000));
        System.out.println("nulls " + nulls(new Ring[] { new Ring(), null, new CountingRing(), null }));
        // a subclass overriding the inlined methods, loaded only now
        Ring late = (Ring) Class.forName("VirtualInline$Late").newInstance();
        System.out.println("late " + drive(late, 5000) + " " + nulls(new Ring[] { late, new Ring(), late }));
        System.out.println("mixed " + (drive(new Ring(), 300) + drive(late, 300) + drive(new CountingRing(), 300)));
    }
}
class VirtualInline$Late extends VirtualInline.Ring {
    boolean isEmpty() { return count < 2; }
    int peek() { return count == 0 ? -5 : buf[head] + 1000; }
    int size() { return count * 10; }
    int poll() { int v = super.poll(); return v < 0 ? v : v + 1; }
}
