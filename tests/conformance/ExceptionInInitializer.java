// A static initializer that throws: ExceptionInInitializerError first, NoClassDefFoundError afterwards.
public class ExceptionInInitializer {
    static class Bad {
        static int value = compute();
        static int compute() {
            if (value == 0) throw new IllegalStateException("init failed");
            return 1;
        }
        static void use() { System.out.println("never"); }
    }
    static class Good {
        static int value = 7;
    }
    static class BadError {
        static { if (Good.value == 7) throw new ExceptionInInitializerErrorTrigger(); }
        static int x;
    }
    static class ExceptionInInitializerErrorTrigger extends Error { }

    public static void main(String[] args) {
        try {
            System.out.println(Bad.value);
        } catch (ExceptionInInitializerError e) {
            System.out.println("first: " + e.getClass().getName() + " cause " + e.getCause().getClass().getName()
                + ": " + e.getCause().getMessage() + " exception=" + (e.getException() == e.getCause()));
        }
        try {
            Bad.use();
        } catch (NoClassDefFoundError e) {
            System.out.println("second: " + e.getClass().getName());
        }
        try {
            new Bad();
        } catch (NoClassDefFoundError e) {
            System.out.println("third: " + e.getClass().getName());
        }
        try {
            System.out.println(BadError.x);
        } catch (ExceptionInInitializerErrorTrigger e) {
            System.out.println("an Error from <clinit> is rethrown as is: " + e.getClass().getName());
        } catch (ExceptionInInitializerError e) {
            System.out.println("wrapped?");
        }
        try {
            System.out.println(BadError.x);
        } catch (NoClassDefFoundError e) {
            System.out.println("then " + e.getClass().getName());
        }
        System.out.println("Good still works " + Good.value);
        Bad[] arr = new Bad[2];
        System.out.println("array of failed class " + arr.length);
    }
}
