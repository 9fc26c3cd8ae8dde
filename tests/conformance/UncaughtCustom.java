// An uncaught user-defined checked exception with a cause, thrown out of main.
public class UncaughtCustom {
    static class PacketDropped extends Exception {
        PacketDropped(String msg, Throwable cause) { super(msg, cause); }
    }
    public static void main(String[] args) throws PacketDropped {
        int[] q = new int[4];
        int sum = 0;
        for (int i = 0; i < q.length; i++) { q[i] = i * 3; sum += q[i]; }
        System.out.println("sum " + sum);
        try {
            q[sum] = 1;
        } catch (ArrayIndexOutOfBoundsException e) {
            throw new PacketDropped("queue overflow", e);
        }
    }
}
