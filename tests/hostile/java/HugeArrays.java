// Huge and multi-dimensional array requests: OutOfMemoryError (or
// NegativeArraySizeException) each, quickly, and the VM carries on.
// args: -Xmx32m
// expect-status: 0
// expect-stdout: int[MAX]: java.lang.OutOfMemoryError
// expect-stdout: long[2^30]: java.lang.OutOfMemoryError
// expect-stdout: Object[MAX-8]: java.lang.OutOfMemoryError
// expect-stdout: int[-1]: java.lang.NegativeArraySizeException
// expect-stdout: int[65536][65536]: java.lang.OutOfMemoryError
// expect-stdout: byte[1<<24][1]: java.lang.OutOfMemoryError
// expect-stdout: int[2][2][2][2][MAX]: java.lang.OutOfMemoryError
// expect-stdout: int[1<<21][0][5]: java.lang.OutOfMemoryError
// expect-stdout: long[4][-3]: java.lang.NegativeArraySizeException
// expect-stdout: done
public class HugeArrays {
    interface Alloc { Object run(); }
    static void attempt(String what, Alloc a) {
        try {
            Object o = a.run();
            System.out.println(what + ": allocated " + (o != null));
        } catch (Throwable t) {
            System.out.println(what + ": " + t.getClass().getName());
        }
    }
    public static void main(String[] args) {
        attempt("int[MAX]", new Alloc() { public Object run() { return new int[Integer.MAX_VALUE]; } });
        attempt("long[2^30]", new Alloc() { public Object run() { return new long[1 << 30]; } });
        attempt("Object[MAX-8]", new Alloc() { public Object run() { return new Object[Integer.MAX_VALUE - 8]; } });
        attempt("int[-1]", new Alloc() { public Object run() { return new int[-1]; } });
        attempt("int[65536][65536]", new Alloc() { public Object run() { return new int[65536][65536]; } });
        attempt("byte[1<<24][1]", new Alloc() { public Object run() { return new byte[1 << 24][1]; } });
        attempt("int[2][2][2][2][MAX]", new Alloc() { public Object run() { return new int[2][2][2][2][Integer.MAX_VALUE]; } });
        attempt("int[1<<21][0][5]", new Alloc() { public Object run() { return new int[1 << 21][0][5]; } });
        attempt("long[4][-3]", new Alloc() { public Object run() { return new long[4][-3]; } });
        int[] ok = new int[1000];
        System.out.println(ok.length == 1000 ? "done" : "broken");
    }
}
