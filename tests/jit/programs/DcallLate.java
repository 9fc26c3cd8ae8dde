/* DcallLate.java - virtual and interface calls with one implementation
 * among the loaded classes (the JIT's guarded direct calls, DCALL), then a
 * second implementation loaded by name after the first calls ran: the
 * sites must fall back to the inline cache for it.  The late classes are
 * named by strings built at run time, so that nothing loads them ahead
 * (tests/jit/dcall.sh also keeps them out of jitvm's preload). */
abstract class Shape {
    abstract int area(int scale);
}

class Square extends Shape {
    final int side;

    Square(int side) {
        this.side = side;
    }

    int area(int scale) {
        return side * side * scale;
    }
}

interface Weigher {
    long weigh(Object o);
}

class HashWeigher implements Weigher {
    public long weigh(Object o) {
        return o.hashCode() & 0xff;
    }
}

public class DcallLate {
    static long total(Shape[] shapes, int rounds) {
        long t = 0;
        for (int r = 0; r < rounds; r++)
            for (int i = 0; i < shapes.length; i++)
                t += shapes[i].area(r & 3);
        return t;
    }

    static long weighAll(Weigher w, Integer[] xs) {
        long t = 0;
        for (Integer x : xs)
            t += w.weigh(x);
        return t;
    }

    static Object make(String reversedName) throws Exception {
        return Class.forName(new StringBuilder(reversedName).reverse().toString()).newInstance();
    }

    public static void main(String[] args) throws Exception {
        Shape[] shapes = new Shape[16];
        for (int i = 0; i < shapes.length; i++)
            shapes[i] = new Square(i + 1);
        System.out.println("squares " + total(shapes, 1000));
        Integer[] xs = new Integer[100];
        for (int i = 0; i < xs.length; i++)
            xs[i] = i * 7;
        System.out.println("weights " + weighAll(new HashWeigher(), xs));
        // a second implementation of each, loaded only now
        Shape c = (Shape) make("elcriC");
        shapes[5] = c;
        shapes[11] = c;
        System.out.println("mixed " + total(shapes, 1000));
        Weigher w2 = (Weigher) make("rehgieWtsnoC");
        System.out.println("weights2 " + weighAll(w2, xs) + " " + weighAll(new HashWeigher(), xs));
        // and back to squares only: the guard still hits
        for (int i = 0; i < shapes.length; i++)
            shapes[i] = new Square(i + 2);
        System.out.println("squares2 " + total(shapes, 500));
    }
}

class Circle extends Shape {
    final int r = 3;

    int area(int scale) {
        return 3 * r * r * scale + 1;
    }
}

class ConstWeigher implements Weigher {
    public long weigh(Object o) {
        return 5;
    }
}
