// Constructor chaining with this(...) and super(...), field initializer order, virtual call from constructor.
public class Constructors {
    static StringBuilder log = new StringBuilder();
    static class Base {
        int x = init("Base.x", 1);
        Base() { this(10); log.append("Base() "); }
        Base(int v) { log.append("Base(" + v + ") "); x += v; describe(); }
        void describe() { log.append("Base.describe "); }
    }
    static class Derived extends Base {
        int y = init("Derived.y", 2);
        String name;
        Derived() { super(); log.append("Derived() "); }
        Derived(String n) { this(n, 5); log.append("Derived(String) "); }
        Derived(String n, int k) { super(k); name = n; log.append("Derived(String,int) "); }
        void describe() { log.append("Derived.describe(y=" + y + ",name=" + name + ") "); }
    }
    static int init(String what, int v) { log.append(what + " "); return v; }

    public static void main(String[] args) {
        Derived a = new Derived();
        System.out.println(log + "| x=" + a.x + " y=" + a.y);
        log.setLength(0);
        Derived b = new Derived("bee");
        System.out.println(log + "| x=" + b.x + " y=" + b.y + " name=" + b.name);
        log.setLength(0);
        Base c = new Base(3);
        System.out.println(log + "| x=" + c.x);
        Point p = new Point();
        Point q = new Point(3, 4);
        System.out.println(p + " " + q + " " + new Point(q));
    }
}

class Point {
    final int x, y;
    Point() { this(0, 0); }
    Point(int x, int y) { this.x = x; this.y = y; }
    Point(Point o) { this(o.x * 2, o.y * 2); }
    public String toString() { return "(" + x + "," + y + ")"; }
}
