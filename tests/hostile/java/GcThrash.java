// The heap nearly full of live data, then small allocations in a loop:
// every few turns a full collection.  Collections are charged to the
// budget, so this ends quickly too.
// args: -Xmx32m -Xbudget:5000000
// expect-status: 3
// expect-stderr: ^vifvm: aborted: instruction budget of 5000000 exhausted in
// expect-stdout: heap full
// max-seconds: 10
public class GcThrash {
    public static void main(String[] args) {
        Object[] keep = new Object[1 << 16];
        int k = 0;
        try {
            for (; k < keep.length; k++) keep[k] = new byte[1000];
        } catch (OutOfMemoryError e) {
            keep[--k] = null;   // leave a tiny gap
            if (k > 0) keep[--k] = null;
        }
        System.out.println("heap full");
        long n = 0;
        while (true) {
            Object o = new byte[400];
            n += o.hashCode() & 1;
        }
    }
}
