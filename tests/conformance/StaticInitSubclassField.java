// Accessing an inherited static field through a subclass initializes only the declaring class.
public class StaticInitSubclassField {
    static StringBuilder log = new StringBuilder();
    static class Parent {
        static int shared = 100;
        static { log.append("Parent "); }
        static void hello() { log.append("Parent.hello "); }
    }
    static class Child extends Parent {
        static { log.append("Child "); }
        static int own = 1;
    }
    public static void main(String[] args) {
        int v = Child.shared;      // getstatic Child.shared resolves to Parent.shared
        log.append("v=" + v + " ");
        Child.hello();             // invokestatic resolves to Parent.hello
        log.append("| ");
        int w = Child.own;
        log.append("own=" + w);
        System.out.println(log);
    }
}
