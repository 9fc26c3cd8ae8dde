// Virtual and interface call sites whose receiver class changes:
// monomorphic, polymorphic, megamorphic; abstract, final, private, super
// and static calls; interface default and private methods.  Exercises the
// inline caches (MCACHE), the inline vtable dispatch and direct calls
// (FASTINV), and inlining behind the receiver-class guard (INLINING).
interface Animal {
    int legs();
    default String describe() { return name() + "/" + legs() + "/" + secret(); }
    String name();
    private int secret() { return legs() * 7; }
}

abstract class Base implements Animal {
    int id;
    Base(int id) { this.id = id; }
    public int legs() { return 4; }
    public String name() { return "base" + id; }
    int weight() { return id * 10; }
    final int fin() { return id + 1000; }
    private int priv() { return id * 3; }
    int callPriv() { return priv(); }
    abstract int kind();
    int getId() { return id; }
}

class Dog extends Base {
    Dog(int id) { super(id); }
    public String name() { return "dog" + id; }
    int kind() { return 1; }
}

class Bird extends Base {
    Bird(int id) { super(id); }
    public int legs() { return 2; }
    public String name() { return "bird" + id; }
    int weight() { return super.weight() / 5; }
    int kind() { return 2; }
    int getId() { return -id; }
}

class Fish extends Base {
    Fish(int id) { super(id); }
    public int legs() { return 0; }
    int kind() { return 3; }
}

final class Snake extends Base {
    Snake(int id) { super(id); }
    public int legs() { return 0; }
    public String name() { return "snake" + id; }
    int kind() { return 4; }
}

class Spider extends Base {
    Spider(int id) { super(id); }
    public int legs() { return 8; }
    int kind() { return 5; }
    int weight() { return 1; }
}

class Robot implements Animal {
    public int legs() { return 6; }
    public String name() { return "robot"; }
    public String describe() { return "ROBOT"; }
}

public class CallsDispatch {
    static int sum;

    static int legsOf(Animal a) { return a.legs(); }
    static int weightOf(Base b) { return b.weight(); }
    static int kindOf(Base b) { return b.kind(); }
    static int idOf(Base b) { return b.getId(); }

    public static void main(String[] args) {
        Base[] zoo = { new Dog(1), new Bird(2), new Fish(3), new Snake(4), new Spider(5) };
        Animal[] all = { zoo[0], zoo[1], zoo[2], zoo[3], zoo[4], new Robot() };
        // monomorphic for a long time, then the class changes
        long t = 0;
        for (int i = 0; i < 5000; i++) t += legsOf(zoo[0]) + weightOf(zoo[0]) + idOf(zoo[0]);
        System.out.println("mono " + t);
        for (int i = 0; i < 5000; i++) t += legsOf(zoo[1]) + weightOf(zoo[1]) + idOf(zoo[1]);
        System.out.println("changed " + t);
        // polymorphic: two classes alternating
        for (int i = 0; i < 5000; i++) {
            Base b = zoo[i & 1];
            t += legsOf(b) * 3 + weightOf(b) + kindOf(b) + idOf(b);
        }
        System.out.println("poly2 " + t);
        // megamorphic
        for (int i = 0; i < 6000; i++) {
            Base b = zoo[i % 5];
            t += legsOf(b) * 7 + weightOf(b) * 3 + kindOf(b) + b.fin() + b.callPriv() + idOf(b);
            t += legsOf(all[i % 6]);
        }
        System.out.println("mega " + t);
        for (Animal a : all) System.out.println(a.describe());
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 12; i++) sb.append(all[(i * 7) % 6].name()).append(',');
        System.out.println(sb);
        // Object methods through an interface-typed and Object-typed receiver
        Object o = all[5];
        System.out.println(o.equals(all[5]) + " " + all[0].equals(all[1]) + " " + (o.hashCode() == o.hashCode()));
        Comparable<String> c = "abc";
        int cmp = 0;
        for (int i = 0; i < 100; i++) cmp += c.compareTo(i % 2 == 0 ? "abd" : "abb");
        System.out.println("cmp " + cmp);
    }
}
