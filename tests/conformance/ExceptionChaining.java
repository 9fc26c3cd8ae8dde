// Exception causes: constructor with cause, initCause, getCause chains, message derived from the cause.
public class ExceptionChaining {
    static class LowLevel extends Exception { LowLevel(String m) { super(m); } }
    static class MidLevel extends Exception { MidLevel(String m, Throwable c) { super(m, c); } }
    static class TopLevel extends RuntimeException { TopLevel(Throwable c) { super(c); } }

    static void low() throws LowLevel { throw new LowLevel("disk on fire"); }
    static void mid() throws MidLevel {
        try { low(); } catch (LowLevel e) { throw new MidLevel("could not save", e); }
    }
    static void top() {
        try { mid(); } catch (MidLevel e) { throw new TopLevel(e); }
    }
    public static void main(String[] args) {
        try {
            top();
        } catch (TopLevel e) {
            System.out.println("top message: " + e.getMessage());
            int level = 0;
            for (Throwable t = e; t != null; t = t.getCause()) {
                System.out.println("level " + level++ + ": " + t.getClass().getName() + " / " + t.getMessage());
            }
        }
        IllegalStateException ise = new IllegalStateException("late");
        RuntimeException root = new RuntimeException("root");
        ise.initCause(root);
        System.out.println(ise.getCause().getMessage());
        try {
            ise.initCause(new RuntimeException("again"));
        } catch (IllegalStateException e) {
            System.out.println("initCause twice rejected");
        }
        try {
            Exception self = new Exception("self");
            self.initCause(self);
        } catch (IllegalArgumentException e) {
            System.out.println("self-causation rejected");
        }
        Exception noCause = new Exception("none", null);
        System.out.println(noCause.getCause() == null);
        RuntimeException fromNull = new RuntimeException((Throwable) null);
        System.out.println(fromNull.getMessage() + " " + fromNull.getCause());
        Error err = new Error(new ArithmeticException("inner"));
        System.out.println(err.getMessage());
    }
}
