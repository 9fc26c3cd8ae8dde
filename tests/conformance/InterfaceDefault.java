// Default methods: inheritance, overriding, X.super.m() calls, most-specific resolution (diamonds).
public class InterfaceDefault {
    interface Greeter {
        default String greet() { return "Hello from Greeter"; }
        String name();
        default String full() { return greet() + ", " + name(); }
    }
    interface Polite extends Greeter {
        default String greet() { return "Good day from Polite"; }
    }
    interface Loud {
        default String greet() { return "HEY from Loud"; }
    }
    static class Basic implements Greeter {
        public String name() { return "basic"; }
    }
    static class Fancy implements Polite {
        public String name() { return "fancy"; }
    }
    static class Both implements Polite, Greeter {   // Polite is more specific
        public String name() { return "both"; }
    }
    static class Conflict implements Polite, Loud {   // must override
        public String name() { return "conflict"; }
        public String greet() { return Polite.super.greet() + " & " + Loud.super.greet(); }
    }
    static class ClassWins extends Base implements Loud {
        public String name() { return "classwins"; }
    }
    static class Base {
        public String greet() { return "Base greet"; }
    }
    interface Left extends Greeter { }
    interface Right extends Greeter { }
    static class Diamond implements Left, Right {
        public String name() { return "diamond"; }
    }
    static abstract class Abs implements Greeter {
        public abstract String greet();   // re-abstracts the default
    }
    static class Concrete extends Abs {
        public String greet() { return "Concrete greet"; }
        public String name() { return "concrete"; }
    }
    public static void main(String[] args) {
        Greeter[] gs = {new Basic(), new Fancy(), new Both(), new Conflict(), new Diamond(), new Concrete()};
        for (Greeter g : gs) System.out.println(g.full());
        System.out.println(new ClassWins().greet());
        Loud l = new ClassWins();
        System.out.println(l.greet());
    }
}
