// An allocation bomb: OutOfMemoryError within -Xmx, and the VM survives it
// (the garbage is collected, allocation works again).
// args: -Xmx16m
// expect-status: 0
// expect-stdout: oom after
// expect-stdout: survived 1000
public class AllocBomb {
    static Object[] chain(Object[] prev) {
        Object[] a = new Object[1024];
        a[0] = prev;
        return a;
    }
    public static void main(String[] args) {
        Object[] head = null;
        int n = 0;
        try {
            while (true) { head = chain(head); n++; }
        } catch (OutOfMemoryError e) {
            head = null;
            System.out.println("oom after " + (n > 100 ? "many" : "few") + " arrays");
        }
        int k = 0;
        for (int i = 0; i < 1000; i++) { byte[] b = new byte[1 << 14]; k += b.length > 0 ? 1 : 0; }
        System.out.println("survived " + k);
    }
}
