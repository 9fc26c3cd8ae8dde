// Instance initializer blocks and field initializers run in textual order after super(), before the body.
public class InstanceInit {
    static StringBuilder log = new StringBuilder();
    static class Base {
        int b = mark("Base.field", 1);
        { mark("Base.block", 0); }
        Base() { mark("Base.ctor", 0); }
    }
    static class Child extends Base {
        { mark("Child.block1", 0); }
        int c = mark("Child.field", 2);
        String s;
        { mark("Child.block2 c=" + c, 0); s = "set-in-block"; }
        Child() { super(); mark("Child.ctor", 0); }
        Child(int x) { this(); mark("Child.ctor(int)", 0); c = x; }
    }
    static int mark(String s, int v) { log.append(s).append('\n'); return v; }

    public static void main(String[] args) {
        Child a = new Child();
        System.out.print(log);
        System.out.println("c=" + a.c + " b=" + a.b + " s=" + a.s);
        log.setLength(0);
        Child b = new Child(9);
        System.out.print(log);
        System.out.println("c=" + b.c);
        Object o = new Object() {
            int x;
            { x = 41; x++; }
            public String toString() { return "anon x=" + x; }
        };
        System.out.println(o);
    }
}
