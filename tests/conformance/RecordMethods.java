// conformance: min-release 17
// Records: toString / equals / hashCode generated through
// ObjectMethods.bootstrap (invokedynamic), compact constructors, nested and
// generic records, records as map keys, explicit overrides.
import java.util.*;

public class RecordMethods {
    record Point(int x, int y) {
        Point {
            if (x < 0) throw new IllegalArgumentException("negative x " + x);
        }
        Point scale(int k) { return new Point(x * k, y * k); }
        static Point origin() { return new Point(0, 0); }
    }
    record Line(Point from, Point to) {}
    record Empty() {}
    record Mixed(boolean b, byte by, short sh, char c, int i, long l, float f, double d, String s, Object o) {}
    record Pair<A, B>(A first, B second) {}
    record Arr(int[] data) {}
    record Range(int lo, int hi) {
        Range {
            if (lo > hi) { int t = lo; lo = hi; hi = t; }
        }
        int length() { return hi - lo; }
    }
    record Named(String name) {
        @Override public String toString() { return "Named<" + name + ">"; }
        @Override public boolean equals(Object o) { return o instanceof Named n && n.name.equalsIgnoreCase(name); }
        @Override public int hashCode() { return name.toLowerCase().hashCode(); }
    }
    interface Shape { double area(); }
    record Circle(double r) implements Shape { public double area() { return 3 * r * r; } }
    record Square(double side) implements Shape { public double area() { return side * side; } }
    record Flow(String src, String dst, int port) implements Comparable<Flow> {
        public int compareTo(Flow o) { return Integer.compare(port, o.port); }
    }
    record Tracer(String tag) {
        @Override public boolean equals(Object o) {
            System.out.println("  equals on " + tag);
            return o instanceof Tracer t && t.tag.equals(tag);
        }
    }
    record Two(Tracer a, Tracer b) {}

    public static void main(String[] args) {
        Point p = new Point(1, 2);
        System.out.println(p + " " + p.x() + " " + p.y());
        System.out.println(p.equals(new Point(1, 2)) + " " + p.equals(new Point(2, 1)) + " " + p.equals(null) + " " + p.equals("Point[x=1, y=2]"));
        System.out.println(p.hashCode() + " " + new Point(1, 2).hashCode() + " " + Point.origin().hashCode());
        System.out.println(p.scale(3));
        try {
            new Point(-1, 0);
        } catch (IllegalArgumentException e) {
            System.out.println("compact ctor: " + e.getMessage());
        }
        Line line = new Line(p, new Point(5, 6));
        System.out.println(line + " " + line.hashCode() + " " + line.equals(new Line(new Point(1, 2), new Point(5, 6))));
        System.out.println(new Empty() + " " + new Empty().hashCode() + " " + new Empty().equals(new Empty()));
        Mixed m = new Mixed(true, (byte) -3, (short) 300, 'q', -7, 1L << 40, 1.5f, -2.25, "str", null);
        System.out.println(m);
        System.out.println(m.hashCode());
        System.out.println(m.equals(new Mixed(true, (byte) -3, (short) 300, 'q', -7, 1L << 40, 1.5f, -2.25, "str", null)));
        System.out.println(m.equals(new Mixed(true, (byte) -3, (short) 300, 'q', -7, 1L << 40, 1.5f, -2.25, "str", "x")));
        // float and double components compare like Float/Double.compare
        Mixed nan1 = new Mixed(false, (byte) 0, (short) 0, 'a', 0, 0, Float.NaN, Double.NaN, null, null);
        Mixed nan2 = new Mixed(false, (byte) 0, (short) 0, 'a', 0, 0, Float.NaN, Double.NaN, null, null);
        System.out.println("NaN equal " + nan1.equals(nan2) + " " + (nan1.hashCode() == nan2.hashCode()));
        Mixed z1 = new Mixed(false, (byte) 0, (short) 0, 'a', 0, 0, 0.0f, 0.0, null, null);
        Mixed z2 = new Mixed(false, (byte) 0, (short) 0, 'a', 0, 0, -0.0f, 0.0, null, null);
        System.out.println("-0.0 equal " + z1.equals(z2) + " " + z1.hashCode() + " " + z2.hashCode());
        Pair<String, Integer> pair = new Pair<>("k", 9);
        System.out.println(pair + " " + pair.hashCode() + " " + pair.equals(new Pair<>("k", 9)));
        Pair<Point, List<String>> nested = new Pair<>(p, Arrays.asList("a", "b"));
        System.out.println(nested + " " + nested.hashCode());
        int[] data = { 1, 2 };
        Arr a1 = new Arr(data), a2 = new Arr(data), a3 = new Arr(new int[] { 1, 2 });
        System.out.println("array component " + a1.equals(a2) + " " + a1.equals(a3) + " " + (a1.hashCode() == a2.hashCode()));
        Range r = new Range(9, 4);
        System.out.println(r + " length " + r.length());
        Named n1 = new Named("Bob"), n2 = new Named("BOB");
        System.out.println(n1 + " " + n1.equals(n2) + " " + (n1.hashCode() == n2.hashCode()));
        List<Shape> shapes = List.of(new Circle(1), new Square(2), new Circle(0.5));
        double total = 0;
        for (Shape s : shapes) total += s.area();
        System.out.println(shapes + " total " + total);
        // records as keys
        Map<Point, String> names = new HashMap<>();
        names.put(new Point(1, 1), "one");
        names.put(new Point(2, 2), "two");
        names.put(new Point(1, 1), "uno");
        System.out.println(names.size() + " " + names.get(new Point(1, 1)) + " " + names.get(new Point(2, 2)));
        Set<Flow> flows = new TreeSet<>();
        flows.add(new Flow("a", "b", 443));
        flows.add(new Flow("c", "d", 80));
        flows.add(new Flow("a", "b", 443));
        System.out.println(flows);
        Set<Line> lines = new HashSet<>();
        for (int i = 0; i < 5; i++) lines.add(new Line(new Point(i % 2, 0), new Point(0, i % 2)));
        System.out.println("distinct lines " + lines.size());
        // equals compares the components from the last to the first
        System.out.println(new Two(new Tracer("a"), new Tracer("b")).equals(new Two(new Tracer("a"), new Tracer("b"))));
        System.out.println(new Two(new Tracer("a"), new Tracer("b")).equals(new Two(new Tracer("x"), new Tracer("b"))));
        // local record
        record Local(String what, long n) {}
        Local loc = new Local("local", 5_000_000_000L);
        System.out.println(loc + " " + loc.hashCode());
    }
}
