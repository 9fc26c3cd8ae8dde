// Enums: fields, constructors, methods, values(), valueOf, ordinal, name, compareTo, equals, static lookup.
public class EnumBasic {
    enum Planet {
        MERCURY(3.303e+23, 2.4397e6), EARTH(5.976e+24, 6.37814e6), JUPITER(1.9e+27, 7.1492e7);
        private final double mass, radius;
        Planet(double mass, double radius) { this.mass = mass; this.radius = radius; }
        double gravity() { return 6.67300E-11 * mass / (radius * radius); }
    }
    enum Color { RED, GREEN, BLUE;
        Color next() { return values()[(ordinal() + 1) % values().length]; }
    }
    enum Level {
        LOW(1), MEDIUM(5), HIGH(10);
        final int weight;
        private static final java.util.HashMap<Integer, Level> BY_WEIGHT = new java.util.HashMap<Integer, Level>();
        static { for (Level l : values()) BY_WEIGHT.put(l.weight, l); }
        Level(int w) { weight = w; }
        static Level byWeight(int w) { return BY_WEIGHT.get(w); }
    }
    public static void main(String[] args) {
        for (Planet p : Planet.values())
            System.out.println(p + " " + p.name() + " " + p.ordinal() + " g=" + Math.round(p.gravity() * 100));
        System.out.println(Planet.valueOf("EARTH") == Planet.EARTH);
        Color c = Color.BLUE;
        System.out.println(c.next() + " " + c.next().next() + " " + c.compareTo(Color.RED) + " " + Color.RED.compareTo(c));
        System.out.println(c.equals(Color.BLUE) + " " + c.equals(Color.RED) + " " + (c == Color.valueOf("BLUE")));
        System.out.println(Color.values().length + " " + (Color.values() != Color.values()));
        try {
            Color.valueOf("PURPLE");
        } catch (IllegalArgumentException e) {
            System.out.println("caught " + e.getClass().getName());
        }
        System.out.println(Level.byWeight(5) + " " + Level.byWeight(10).weight + " " + Level.byWeight(7));
        System.out.println(c.getDeclaringClass().getName());
        Color[] arr = Color.values();
        arr[0] = null;
        System.out.println(Color.values()[0]);
    }
}
