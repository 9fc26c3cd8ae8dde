// synchronized methods and blocks (monitorenter/monitorexit), nesting, re-entrance, exit on exception.
public class Synchronized {
    private int count;
    private static int scount;
    private final Object lock = new Object();

    synchronized void inc() { count++; }
    static synchronized void sinc() { scount++; }
    synchronized int reentrant(int depth) { return depth == 0 ? count : reentrant(depth - 1) + 1; }
    void block() {
        synchronized (lock) {
            synchronized (this) {
                synchronized (lock) { count += 10; }
            }
        }
    }
    int throwing() {
        try {
            synchronized (lock) {
                count++;
                if (count > 0) throw new IllegalStateException("inside");
            }
        } catch (IllegalStateException e) {
            return -1;
        }
        return 0;
    }
    public static void main(String[] args) {
        Synchronized s = new Synchronized();
        for (int i = 0; i < 1000; i++) { s.inc(); sinc(); }
        s.block();
        System.out.println(s.count + " " + scount + " " + s.reentrant(50));
        System.out.println(s.throwing() + " " + s.count);
        synchronized (s.lock) {
            System.out.println("still lockable " + s.throwing());
        }
        synchronized (Synchronized.class) { sinc(); }
        String str = "interned";
        synchronized (str) { System.out.println("string lock " + scount); }
        int[] arr = new int[1];
        for (int i = 0; i < 100000; i++) { synchronized (arr) { arr[0]++; } }
        System.out.println(arr[0]);
    }
}
