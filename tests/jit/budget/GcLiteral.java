/** Collections are charged by the heap in use (runtime/limits.h), and the
 *  JIT interns a method's string constants when it compiles it (here, and
 *  in the class library's methods it compiles), the interpreter only when
 *  an ldc first runs: interned strings are left out of a collection's
 *  charge and pacing (heap_perm_begin, gc/heap.h), so both engines charge
 *  the same.  Reduced from tests/jit/tier2/T2Csave.java. */
public class GcLiteral {
    /* (constants: javac folds them into the one literal below, 2 KiB chars) */
    static final String K16 = "0123456789abcdef", K64 = K16 + K16 + K16 + K16,
        K256 = K64 + K64 + K64 + K64, K1K = K256 + K256 + K256 + K256;
    static long churn(int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            int[] a = new int[(i & 127) + 64];   /* about 10 collections */
            a[i & 63] = i;
            s += a.length + a[(i + 1) & 63];
            if (i < 0) System.out.println("never printed: interned when churn is compiled " + K1K + K1K);
        }
        return s;
    }
    public static void main(String[] args) {
        long s = churn(20000);
        System.out.println("churn " + s + " done");
    }
}
