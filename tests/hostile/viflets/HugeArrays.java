// Huge and multi-dimensional array requests: each fails at once
// (OutOfMemoryError / NegativeArraySizeException) and the VIFlet carries
// on relaying; at the 10th packet one goes uncaught and aborts it.
// args: --heap 32m --cpu 2000
// expect-log: int\[MAX\]: java\.lang\.OutOfMemoryError
// expect-log: long\[2\^30\]: java\.lang\.OutOfMemoryError
// expect-log: int\[65536\]\[65536\]: java\.lang\.OutOfMemoryError
// expect-log: int\[2\]\[2\]\[2\]\[MAX\]: java\.lang\.OutOfMemoryError
// expect-log: byte\[1<<24\]\[1\]: java\.lang\.OutOfMemoryError
// expect-log: int\[-1\]: java\.lang\.NegativeArraySizeException
// expect-log: long\[4\]\[-3\]: java\.lang\.NegativeArraySizeException
// expect-log: vifd: VIFlet HugeArrays aborted in enqueue\(\): out of memory \(heap quota 32 MiB\): java\.lang\.OutOfMemoryError
// reject-log: allocated
// expect-stats: pcap/tcp.aborts=1 pcap/tcp.state=aborted/pass pcap/tcp.out=TCP
import vif.*;

public class HugeArrays extends VIFlet {
    private int n;

    static abstract class Alloc {
        abstract Object run();
    }

    static void attempt(String what, Alloc a) {
        try {
            Object o = a.run();
            System.out.println(what + ": allocated " + (o != null));
        } catch (Throwable t) {
            System.out.println(what + ": " + t.getClass().getName());
        }
    }

    public void enqueue(Packet p) {
        if (++n == 1) {
            attempt("int[MAX]", new Alloc() { Object run() { return new int[Integer.MAX_VALUE]; } });
            attempt("long[2^30]", new Alloc() { Object run() { return new long[1 << 30]; } });
            attempt("int[65536][65536]", new Alloc() { Object run() { return new int[65536][65536]; } });
            attempt("int[2][2][2][MAX]", new Alloc() { Object run() { return new int[2][2][2][Integer.MAX_VALUE]; } });
            attempt("byte[1<<24][1]", new Alloc() { Object run() { return new byte[1 << 24][1]; } });
            attempt("int[-1]", new Alloc() { Object run() { return new int[-1]; } });
            attempt("long[4][-3]", new Alloc() { Object run() { return new long[4][-3]; } });
        }
        super.enqueue(p);
        if (n == 10) {
            Object[] o = new Object[Integer.MAX_VALUE - 8];
            System.out.println("allocated " + o.length);
        }
    }
}
