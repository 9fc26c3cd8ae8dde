// A user class declaring natives with the names of library natives
// (System.nanoTime, Object.hashCode, Runtime.gc...) in its own package:
// nothing binds (UnsatisfiedLinkError); the library natives still work.
// expect-status: 0
// expect-stdout: nanoTime: java.lang.UnsatisfiedLinkError
// expect-stdout: arraycopy: java.lang.UnsatisfiedLinkError
// expect-stdout: gc: java.lang.UnsatisfiedLinkError
// expect-stdout: library nanoTime works
public class NativeImpostor {
    static native long nanoTime();
    static native void arraycopy(Object src, int sp, Object dst, int dp, int n);
    native void gc();
    public static void main(String[] args) {
        try { nanoTime(); System.out.println("nanoTime: BOUND"); }
        catch (Throwable t) { System.out.println("nanoTime: " + t.getClass().getName()); }
        try { arraycopy(new int[1], 0, new int[1], 0, 1); System.out.println("arraycopy: BOUND"); }
        catch (Throwable t) { System.out.println("arraycopy: " + t.getClass().getName()); }
        try { new NativeImpostor().gc(); System.out.println("gc: BOUND"); }
        catch (Throwable t) { System.out.println("gc: " + t.getClass().getName()); }
        if (System.nanoTime() != 0) System.out.println("library nanoTime works");
    }
}
