// 20 million short-lived objects: the heap must be reclaimed continually (runs in bounded memory).
public class AllocShortLived {
    static final class Vec {
        final double x, y;
        Vec(double x, double y) { this.x = x; this.y = y; }
        Vec add(Vec o) { return new Vec(x + o.x, y + o.y); }
    }
    static final class Cell {
        int value;
        Cell next;
    }
    public static void main(String[] args) {
        long sum = 0;
        Cell keep = null;
        for (int i = 0; i < 10000000; i++) {
            Cell c = new Cell();
            c.value = i;
            if ((i & 0xFFFFF) == 0) { c.next = keep; keep = c; }   // a few survive
            sum += c.value & 7;
        }
        Vec acc = new Vec(0, 0);
        Vec step = new Vec(0.5, -0.25);
        for (int i = 0; i < 10000000; i++) acc = acc.add(step);   // one new Vec per iteration
        int kept = 0;
        for (Cell c = keep; c != null; c = c.next) kept++;
        System.out.println("sum " + sum + " kept " + kept + " acc " + acc.x + " " + acc.y);
    }
}
