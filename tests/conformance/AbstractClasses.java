// Abstract classes: template methods, abstract methods implemented at different levels.
public class AbstractClasses {
    static abstract class Shape {
        private static int created;
        protected final String name;
        Shape(String name) { this.name = name; created++; }
        abstract double area();
        abstract double perimeter();
        String describe() { return name + " area=" + fmt(area()) + " perim=" + fmt(perimeter()); }
        static String fmt(double d) { return Long.toString(Math.round(d * 1000)); }
    }
    static abstract class Polygon extends Shape {
        Polygon(String n) { super(n); }
        abstract int sides();
        String describe() { return super.describe() + " sides=" + sides(); }
    }
    static class Rect extends Polygon {
        final double w, h;
        Rect(double w, double h) { super("rect"); this.w = w; this.h = h; }
        double area() { return w * h; }
        double perimeter() { return 2 * (w + h); }
        int sides() { return 4; }
    }
    static class Square extends Rect {
        Square(double s) { super(s, s); }
        String describe() { return "square:" + super.describe(); }
    }
    static class Circle extends Shape {
        final double r;
        Circle(double r) { super("circle"); this.r = r; }
        double area() { return Math.PI * r * r; }
        double perimeter() { return 2 * Math.PI * r; }
    }
    public static void main(String[] args) {
        Shape[] shapes = {new Rect(2, 3), new Square(1.5), new Circle(1), new Circle(0.5)};
        double total = 0;
        for (Shape s : shapes) {
            System.out.println(s.describe());
            total += s.area();
        }
        System.out.println("total " + Shape.fmt(total) + " created " + Shape.created);
    }
}
