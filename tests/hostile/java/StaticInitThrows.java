// A static initializer that throws: ExceptionInInitializerError first,
// NoClassDefFoundError on every later use; the class's code never runs.
// expect-status: 0
// expect-stdout: 1: java.lang.ExceptionInInitializerError cause java.lang.IllegalStateException: boom
// expect-stdout: 2: java.lang.NoClassDefFoundError
// expect-stdout: 3: java.lang.NoClassDefFoundError
// expect-stdout: done
public class StaticInitThrows {
    static class Bad {
        static int v = init();
        static int init() { throw new IllegalStateException("boom"); }
        static void hello() { System.out.println("Bad code ran"); }
    }
    public static void main(String[] args) {
        try {
            System.out.println(Bad.v);
        } catch (Throwable t) {
            System.out.println("1: " + t.getClass().getName() + " cause " + t.getCause());
        }
        try {
            Bad.hello();
        } catch (Throwable t) {
            System.out.println("2: " + t.getClass().getName());
        }
        try {
            new Bad();
        } catch (Throwable t) {
            System.out.println("3: " + t.getClass().getName());
        }
        System.out.println("done");
    }
}
