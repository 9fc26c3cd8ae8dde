/*
 * checkcast and instanceof of interfaces and arrays (TCACHE,
 * jit_typecheck.c: the last class that passed cached per site): sites
 * seeing one class, several classes in turn, classes that fail after one
 * that passed (ClassCastException, instanceof 0), null, subinterfaces,
 * arrays (Object[] targets, interface arrays, primitive arrays), and a
 * Comparable cast in a loop like PriorityQueue's.
 */
import java.io.Serializable;

public class IfaceCasts {
    interface Shape { int area(); }
    interface Round extends Shape { int r(); }
    static class Sq implements Shape { final int s; Sq(int s) { this.s = s; } public int area() { return s * s; } }
    static class Circ implements Round { final int r; Circ(int r) { this.r = r; } public int area() { return 3 * r * r; } public int r() { return r; } }
    static class Big extends Circ { Big(int r) { super(r); } public int area() { return 1000 + super.area(); } }
    static class Plain { int x = 7; }

    static int sumAreas(Object[] os) {
        int s = 0, bad = 0;
        for (Object o : os) {
            try { s += ((Shape) o).area(); }
            catch (ClassCastException e) { bad++; }
            catch (NullPointerException e) { bad += 100; }
        }
        return s * 1000 + bad;
    }
    static int rounds(Object[] os) {
        int s = 0;
        for (Object o : os) {
            if (o instanceof Round) s += ((Round) o).r() * 10;
            else if (o instanceof Shape) s += 1;
            else s += 1000;
        }
        return s;
    }
    static int arrays(Object[] os) {
        int s = 0;
        for (Object o : os) {
            if (o instanceof Object[]) s += ((Object[]) o).length;
            if (o instanceof Shape[]) s += 100 * ((Shape[]) o).length;
            if (o instanceof Serializable) s += 10000;
            if (o instanceof Cloneable) s += 100000;
            try { Comparable<?>[] c = (Comparable<?>[]) o; s += c == null ? 7 : c.length * 1000000; }
            catch (ClassCastException e) { s -= 1; }
        }
        return s;
    }
    @SuppressWarnings("unchecked")
    static int cmps(Object[] os) {
        int s = 0;
        for (int i = 1; i < os.length; i++) {
            try { s += ((Comparable<Object>) os[i - 1]).compareTo(os[i]) > 0 ? 1 : 0; }
            catch (ClassCastException e) { s += 100; }
        }
        return s;
    }
    public static void main(String[] args) {
        Object[] one = new Object[50];
        for (int i = 0; i < one.length; i++) one[i] = new Sq(i);
        Object[] mix = { new Sq(2), new Circ(3), new Big(4), new Plain(), null, "str", new Sq(5), new Circ(1), new Plain(), new Big(2) };
        for (int r = 0; r < 300; r++) {
            if (r == 0 || r == 299) System.out.println("one " + sumAreas(one) + " mix " + sumAreas(mix) + " rounds " + rounds(mix) + " " + rounds(one));
        }
        Object[] arrs = { new Object[3], new Sq[2], new Shape[4], new Round[1], new int[5], new String[6], "x", null, new Integer[2], new Big[3] };
        long t = 0;
        for (int r = 0; r < 200; r++) t += arrays(arrs);
        System.out.println("arrays " + t + " " + arrays(arrs));
        Object[] cs = { 5, 3, 9, "a", "b", 1, 2L, 3L, 7, 1 };
        int c = 0;
        for (int r = 0; r < 500; r++) c += cmps(cs);
        System.out.println("cmps " + c);
        // a site filled with one class, then others that fail or pass
        Object[] seq = new Object[400];
        for (int i = 0; i < seq.length; i++) seq[i] = i < 200 ? new Sq(1) : i % 3 == 0 ? new Plain() : i % 3 == 1 ? new Circ(2) : "s";
        System.out.println("seq " + sumAreas(seq) + " " + rounds(seq));
    }
}
