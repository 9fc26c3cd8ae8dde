// Object.clone on Cloneable classes (shallow field copy, deep copy by hand) and CloneNotSupportedException.
public class CloneObjects {
    static class Point implements Cloneable {
        int x, y;
        long stamp;
        double w;
        int[] tags = {1, 2};
        Point(int x, int y) { this.x = x; this.y = y; stamp = 1L << 40; w = 0.5; }
        public Point clone() {
            try { return (Point) super.clone(); } catch (CloneNotSupportedException e) { throw new AssertionError(e); }
        }
        Point deep() { Point p = clone(); p.tags = tags.clone(); return p; }
    }
    static class NotCloneable {
        int v = 3;
        Object tryClone() throws CloneNotSupportedException { return super.clone(); }
    }
    static class Sub extends Point {
        String name = "sub";
        Sub() { super(7, 8); }
    }
    public static void main(String[] args) {
        Point p = new Point(1, 2);
        Point q = p.clone();
        q.x = 10;
        q.tags[0] = 99;
        System.out.println(p.x + " " + q.x + " " + q.y + " " + q.stamp + " " + q.w + " shared tags " + p.tags[0] + " " + (p != q));
        Point r = p.deep();
        r.tags[1] = -1;
        System.out.println(p.tags[1] + " " + r.tags[1]);
        try {
            new NotCloneable().tryClone();
            System.out.println("cloned?");
        } catch (CloneNotSupportedException e) {
            System.out.println("CloneNotSupportedException " + (e instanceof Exception));
        }
        Sub s = new Sub();
        Point sc = s.clone();
        System.out.println(sc.getClass().getName() + " " + ((Sub) sc).name + " " + sc.x + " " + (sc instanceof Sub));
    }
}
