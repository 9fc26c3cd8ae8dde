// Exceptions thrown and caught in a loop (handler entries tick), calls into
// the library (Throwable's constructor), a switch in a loop.
public class CatchLoop {
    static int spin(int n) {
        int x = 0;
        for (int i = 0; i < n; i++) {
            try { if (i >= 0) throw new IllegalStateException("s" + i); } catch (RuntimeException e) { x++; }
            switch (i & 3) { case 0: x += 2; break; case 1: x--; break; default: break; }
        }
        return x;
    }
    public static void main(String[] a) { System.out.println(spin(50)); }
}
