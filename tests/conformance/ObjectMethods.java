// equals/hashCode/toString overrides and how collections and string conversion use them.
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;

public class ObjectMethods {
    static final class Pt {
        final int x, y;
        Pt(int x, int y) { this.x = x; this.y = y; }
        public boolean equals(Object o) {
            if (this == o) return true;
            if (!(o instanceof Pt)) return false;
            Pt p = (Pt) o;
            return x == p.x && y == p.y;
        }
        public int hashCode() { return 31 * x + y; }
        public String toString() { return "Pt(" + x + "," + y + ")"; }
    }
    static class NoEq {
        final int v;
        NoEq(int v) { this.v = v; }
        public String toString() { return "NoEq" + v; }
    }
    public static void main(String[] args) {
        Pt a = new Pt(1, 2), b = new Pt(1, 2), c = new Pt(2, 1);
        System.out.println(a.equals(b) + " " + (a == b) + " " + a.equals(c) + " " + a.equals(null) + " " + a.equals("Pt(1,2)"));
        System.out.println(a.hashCode() + " " + b.hashCode() + " " + c.hashCode());
        HashSet<Pt> set = new HashSet<Pt>();
        set.add(a); set.add(b); set.add(c);
        System.out.println("set size " + set.size() + " contains " + set.contains(new Pt(2, 1)));
        HashMap<Pt, String> map = new HashMap<Pt, String>();
        map.put(a, "first");
        map.put(b, "second");
        System.out.println(map.size() + " " + map.get(new Pt(1, 2)));
        NoEq n1 = new NoEq(1), n2 = new NoEq(1);
        System.out.println(n1.equals(n2) + " " + n1.equals(n1) + " " + (n1.hashCode() == n1.hashCode()));
        List<Object> list = new ArrayList<Object>();
        list.add(a); list.add(n1); list.add("s"); list.add(null); list.add(7);
        System.out.println(list);
        System.out.println(list.indexOf(new Pt(1, 2)) + " " + list.indexOf(n2) + " " + list.contains(null));
        System.out.println("concat " + a + " " + String.valueOf(c) + " " + n2);
        Object o = a;
        System.out.println(o.toString() + " " + o.equals(b) + " " + o.hashCode());
        System.out.println(o.getClass() == Pt.class);
        System.out.println("str".equals(new String("str")) + " " + "str".hashCode());
    }
}
