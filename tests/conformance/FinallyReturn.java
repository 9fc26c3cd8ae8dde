// return in finally overrides the try's return value and discards pending exceptions.
public class FinallyReturn {
    @SuppressWarnings("finally")
    static int overrideValue() {
        try { return 1; } finally { return 2; }
    }
    @SuppressWarnings("finally")
    static String swallow() {
        try { throw new RuntimeException("lost"); } finally { return "swallowed"; }
    }
    @SuppressWarnings("finally")
    static int fromCatch() {
        try { throw new Error("e"); }
        catch (Error e) { return 10; }
        finally { return 20; }
    }
    static int throwInFinally() {
        try { return 1; } finally { throw new IllegalStateException("from finally"); }
    }
    @SuppressWarnings("finally")
    static int breakOut() {
        int i = 0;
        while (true) {
            try { i++; throw new RuntimeException("loop"); }
            finally { if (i == 3) break; continue; }
        }
        return i;
    }
    static long mutate() {
        long[] box = {5};
        try { return box[0]; } finally { box[0] = 6; }
    }
    public static void main(String[] args) {
        System.out.println(overrideValue());
        System.out.println(swallow());
        System.out.println(fromCatch());
        try {
            throwInFinally();
        } catch (IllegalStateException e) {
            System.out.println("caught " + e.getMessage());
        }
        System.out.println(breakOut());
        System.out.println(mutate());
    }
}
