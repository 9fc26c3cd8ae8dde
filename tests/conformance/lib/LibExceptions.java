// Library behaviour: Throwable (messages, causes, suppressed exceptions,
// printStackTrace format with "Caused by"/"Suppressed"/"... N more",
// StackTraceElement), common exception constructors and messages.
public class LibExceptions {
    static class MyException extends Exception {
        final int code;
        MyException(String m, int code) { super(m); this.code = code; }
        MyException(String m, Throwable cause) { super(m, cause); this.code = -1; }
        public String toString() { return "MyException[" + code + "]: " + getMessage(); }
    }

    static class Res implements AutoCloseable {
        final String name;
        final boolean fail;
        Res(String name, boolean fail) { this.name = name; this.fail = fail; }
        public void close() throws Exception {
            System.out.println("close " + name);
            if (fail) throw new IllegalStateException("close failed: " + name);
        }
    }

    static class Quiet extends RuntimeException {
        Quiet(String m) { super(m, null, false, false); }
    }

    static class Boom {
        static int v = compute();
        static int compute() { throw new IllegalArgumentException("static init failed"); }
    }

    static void level3(int x) throws MyException {
        if (x > 2) throw new MyException("too deep", x);
    }

    static void level2(int x) throws MyException {
        try {
            level3(x);
        } catch (MyException e) {
            throw new MyException("level2 wrapped", e);
        }
    }

    static void level1() {
        try {
            level2(5);
        } catch (MyException e) {
            throw new RuntimeException(e);
        }
    }

    public static void main(String[] args) throws Exception {
        try {
            level1();
        } catch (RuntimeException e) {
            System.out.println(e.getMessage());
            System.out.println(e.getCause() + " / " + e.getCause().getCause());
            e.printStackTrace(System.out);
            StackTraceElement top = e.getStackTrace()[0];
            System.out.println(top.getClassName() + " " + top.getMethodName() + " " + top.getFileName() + " "
                + top.getLineNumber() + " " + top.isNativeMethod() + " " + top);
        }
        try (Res a = new Res("a", true); Res b = new Res("b", true)) {
            throw new UnsupportedOperationException("body");
        } catch (UnsupportedOperationException e) {
            System.out.println(e + " suppressed=" + e.getSuppressed().length);
            e.printStackTrace(System.out);
        }
        try (Res c = new Res("c", true)) {
            System.out.println("body ok");
        } catch (IllegalStateException e) {
            System.out.println("caught " + e.getMessage() + " " + e.getSuppressed().length);
        }
        Throwable t = new Throwable();
        System.out.println(t + " | " + t.getMessage() + " | " + t.getCause() + " | " + new Exception((String) null)
            + " | " + new Error("e", null).getCause() + " | " + new RuntimeException((Throwable) null).getMessage());
        Exception withCause = new Exception(new IllegalStateException("inner"));
        System.out.println(withCause.getMessage() + " | " + withCause.getLocalizedMessage());
        Throwable ic = new Throwable("ic");
        ic.initCause(new ArithmeticException("root"));
        System.out.println(ic.getCause());
        try {
            ic.initCause(null);
        } catch (IllegalStateException e) {
            System.out.println(e.getMessage() + " / cause is " + e.getCause().getMessage());
        }
        try {
            Throwable self = new Throwable("self");
            self.initCause(self);
        } catch (IllegalArgumentException e) {
            System.out.println(e.getMessage());
        }
        try {
            t.addSuppressed(t);
        } catch (IllegalArgumentException e) {
            System.out.println(e.getMessage() + " " + (e.getCause() == t));
        }
        try {
            t.addSuppressed(null);
        } catch (NullPointerException e) {
            System.out.println(e.getMessage());
        }
        Quiet q = new Quiet("quiet");
        q.addSuppressed(new Exception("ignored"));
        System.out.println(q.getStackTrace().length + " " + q.getSuppressed().length);
        q.printStackTrace(System.out);
        // circular causes
        Exception c1 = new Exception("c1");
        Exception c2 = new Exception("c2", c1);
        c1.initCause(c2);
        c2.printStackTrace(System.out);
        // setStackTrace
        Exception st = new Exception("custom trace");
        st.setStackTrace(new StackTraceElement[] {
            new StackTraceElement("a.B", "m", "B.java", 10), new StackTraceElement("a.C", "n", null, -1),
            new StackTraceElement("a.D", "nat", "D.java", -2)});
        st.printStackTrace(System.out);
        // VM-raised exceptions caught and inspected
        int zero = 0;
        int[] arr = new int[3];
        Object o = "str";
        String[] kinds = {"div", "aioobe", "neg", "cce", "npe", "clinit", "clinit again", "assert"};
        for (String k : kinds) {
            try {
                switch (k) {
                    case "div": System.out.println(10 / zero); break;
                    case "aioobe": arr[5] = 1; break;
                    case "neg": arr = new int[-5]; break;
                    case "cce": Integer i = (Integer) o; System.out.println(i); break;
                    case "npe": String s = null; s.length(); break;
                    case "clinit": System.out.println(Boom.v); break;
                    case "clinit again": System.out.println(Boom.v); break;
                    default: throw new AssertionError(new IllegalStateException("assert cause"));
                }
            } catch (ArithmeticException | ArrayIndexOutOfBoundsException | NegativeArraySizeException e) {
                System.out.println(k + ": " + e);
            } catch (ClassCastException | NullPointerException e) {
                System.out.println(k + ": " + e.getClass().getName());
            } catch (ExceptionInInitializerError e) {
                System.out.println(k + ": " + e + " cause=" + e.getCause() + " exc=" + e.getException());
            } catch (NoClassDefFoundError e) {
                System.out.println(k + ": " + e.getClass().getName());
            } catch (AssertionError e) {
                System.out.println(k + ": " + e + " cause=" + e.getCause());
            }
        }
        System.out.println(new ArrayIndexOutOfBoundsException(7).getMessage() + " | "
            + new StringIndexOutOfBoundsException(-2).getMessage() + " | " + new IndexOutOfBoundsException("ioobe").getMessage()
            + " | " + new NumberFormatException("nf").getMessage() + " | " + new AssertionError(42).getMessage() + " | "
            + new AssertionError().getMessage() + " | " + new ClassNotFoundException("cnf", new Error("x")).getException()
            + " | " + new java.util.NoSuchElementException("none") + " | " + new java.util.ConcurrentModificationException()
            + " | " + new java.io.UncheckedIOException("io", new java.io.IOException("disk")).getCause()
            + " | " + new java.util.EmptyStackException());
        try {
            Class.forName("no.such.Clazz");
        } catch (ClassNotFoundException e) {
            System.out.println(e);
        }
        try {
            throw new MyException("thrown", 7);
        } catch (Exception e) {
            System.out.println(e + " | " + e.getClass().getSimpleName() + " | " + e.getClass().getName());
        }
    }
}
