// conformance: min-release 17
// conformance: javac-args --enable-preview
// conformance: jvm-args --enable-preview
// Pattern matching in switch as javac 17 compiles it with --enable-preview
// (class file 61.65535): invokedynamic SwitchBootstraps.typeSwitch with
// Class, String and Integer labels; type patterns, guards (the 17-preview
// syntax `case T t && cond`, a failed guard re-enters typeSwitch with a
// restart index), `case null`, a total pattern, sealed hierarchies of
// records without default, constants mixed with patterns on String,
// Integer and Character selectors, a null selector without `case null`
// (NullPointerException), and hot loops (the generated class is compiled).
import java.util.*;

public class PatternSwitch {
    sealed interface Shape permits Circle, Square, Rect, Tri {}
    record Circle(double r) implements Shape {}
    record Square(int side) implements Shape {}
    record Rect(int w, int h) implements Shape {}
    static final class Tri implements Shape {
        final int b, h;
        Tri(int b, int h) { this.b = b; this.h = h; }
    }
    interface Animal {}
    static class Dog implements Animal { public String toString() { return "Dog"; } }
    static class Puppy extends Dog { public String toString() { return "Puppy"; } }
    static class Cat implements Animal { public String toString() { return "Cat"; } }
    enum Color { RED, GREEN, BLUE }

    static String describe(Object o) {
        return switch (o) {
            case null -> "null!";
            case String s && s.length() > 3 -> "long string " + s;
            case String s && s.isEmpty() -> "empty string";
            case String s -> "short string " + s;
            case Integer i && i > 100 -> "big int " + i;
            case Integer i && i < 0 -> "negative int " + i;
            case Integer i -> "int " + i;
            case Long l -> "long " + l;
            case Color c -> "color " + c.name().toLowerCase();
            case int[] a -> "int array of " + a.length;
            case Object[] a && a.length == 0 -> "empty object array";
            case Object[] a -> "object array " + Arrays.toString(a);
            case Shape s -> "shape area " + area(s);
            default -> "other " + o.getClass().getSimpleName();
        };
    }

    static int area(Shape s) {
        return switch (s) {
            case Circle c -> (int) (c.r() * c.r() * 3);
            case Square q -> q.side() * q.side();
            case Rect r && r.w() == r.h() -> -1;
            case Rect r -> r.w() * r.h();
            case Tri t -> t.b * t.h / 2;
        };
    }

    static String animal(Animal a) {
        switch (a) {
            case Puppy p:
                return "young " + p;
            case Dog d && d.hashCode() == 0:
                return "odd dog";
            case Dog d:
                return "dog " + d;
            case Animal x:      // total: also takes null? no: a null selector throws
                return "some animal " + x;
        }
    }

    static String withNullDefault(Object o) {
        return switch (o) {
            case null, default -> "nothing special";
            case CharSequence cs -> "chars(" + cs.length() + ")";
        };
    }

    static String str(String s) {
        return switch (s) {
            case "tcp" -> "protocol 6";
            case "udp" -> "protocol 17";
            case String t && t.startsWith("ip") -> "ip family " + t;
            case String t -> "unknown " + t;
        };
    }

    static String num(Integer n) {
        return switch (n) {
            case 0 -> "zero";
            case 1 -> "one";
            case Integer i && i % 2 == 0 -> "even " + i;
            case Integer i -> "odd " + i;
        };
    }

    static String chr(Character c) {
        return switch (c) {
            case 'a' -> "letter a";
            case Character x && Character.isDigit(x) -> "digit " + x;
            case Character x -> "char " + x;
        };
    }

    static String nullable(Object o) {
        try {
            return switch (o) {
                case String s -> "string " + s;
                default -> "object";
            };
        } catch (NullPointerException e) {
            return "NullPointerException";
        }
    }

    public static void main(String[] args) {
        Object[] inputs = {
            "hi", "hello", "", 5, 500, -7, 9L, Color.GREEN, new int[3], new Object[0],
            new Object[] {1, "x"}, new Circle(2.0), new Square(4), new Rect(2, 3), new Rect(5, 5),
            new Tri(4, 3), 3.5, 'c', new StringBuilder("sb"), null
        };
        for (Object o : inputs) System.out.println(describe(o));
        for (Animal a : new Animal[] {new Puppy(), new Dog(), new Cat()}) System.out.println(animal(a));
        try {
            animal(null);
        } catch (NullPointerException e) {
            System.out.println("animal(null): NullPointerException");
        }
        for (Object o : new Object[] {null, 1, "four", new StringBuilder("ab")})
            System.out.println(withNullDefault(o));
        for (String s : new String[] {"tcp", "udp", "ipv6", "sctp"}) System.out.println(str(s));
        for (int i = 0; i < 6; i++) System.out.println(num(i));
        for (char c : "a7z".toCharArray()) System.out.println(chr(c));
        System.out.println(nullable("s") + " " + nullable(3) + " " + nullable(null));

        // hot: the typeSwitch method is called many times (compiled by the JIT)
        Shape[] shapes = {new Circle(1.5), new Square(3), new Rect(2, 7), new Rect(4, 4), new Tri(6, 5)};
        long sum = 0;
        int[] counts = new int[4];
        for (int i = 0; i < 200000; i++) {
            sum += area(shapes[i % shapes.length]);
            Object o = (i % 3 == 0) ? (Object) ("s" + (i % 10)) : (i % 3 == 1) ? (Object) Integer.valueOf(i % 300) : (Object) Color.BLUE;
            String d = describe(o);
            counts[d.charAt(0) % 4]++;
        }
        System.out.println("sum " + sum + " counts " + Arrays.toString(counts));
    }
}
