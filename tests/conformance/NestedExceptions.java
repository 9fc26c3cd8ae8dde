// Exceptions thrown from catch and finally blocks, nested handlers, rethrow of the same object, deep unwinding.
public class NestedExceptions {
    static int depth(int n) {
        if (n == 0) throw new IllegalArgumentException("bottom");
        try {
            return depth(n - 1);
        } finally {
            if (n % 10 == 0) trace.append(n).append(' ');
        }
    }
    static StringBuilder trace = new StringBuilder();
    static void replace() {
        try {
            throw new RuntimeException("first");
        } catch (RuntimeException e) {
            throw new IllegalStateException("second from catch");
        } finally {
            trace.append("finally-ran ");
        }
    }
    static void fromFinally() {
        try {
            throw new RuntimeException("original");
        } finally {
            throw new UnsupportedOperationException("finally wins");
        }
    }
    public static void main(String[] args) {
        try {
            depth(50);
        } catch (IllegalArgumentException e) {
            System.out.println("unwound: " + e.getMessage() + " trace " + trace);
        }
        trace.setLength(0);
        try { replace(); } catch (IllegalStateException e) { System.out.println(e.getMessage() + " " + trace); }
        try { fromFinally(); } catch (RuntimeException e) { System.out.println(e.getClass().getName() + ": " + e.getMessage()); }
        RuntimeException saved = new RuntimeException("reused");
        int n = 0;
        for (int i = 0; i < 3; i++) {
            try { throw saved; } catch (RuntimeException e) { if (e == saved) n++; }
        }
        System.out.println("same object " + n);
        try {
            try {
                throw new Exception("inner");
            } catch (Exception e) {
                try {
                    throw new Exception("inner2");
                } catch (Exception e2) {
                    System.out.println("handled " + e2.getMessage() + " after " + e.getMessage());
                    throw new RuntimeException("outer", e2);
                }
            }
        } catch (RuntimeException e) {
            System.out.println(e.getMessage() + " <- " + e.getCause().getMessage());
        }
    }
}
