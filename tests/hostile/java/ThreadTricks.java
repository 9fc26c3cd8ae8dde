// Thread tricks: start() is refused; a Thread subclass's run() called
// directly is an ordinary call; join/yield/interrupt do nothing.
// expect-status: 0
// expect-stdout: start: java.lang.UnsupportedOperationException
// expect-stdout: subclass start: java.lang.UnsupportedOperationException
// expect-stdout: run direct on main
// expect-stdout: runnable ran 1
// expect-stdout: done
public class ThreadTricks {
    static int ran;
    static class Evil extends Thread {
        @Override public void run() {
            System.out.println("run direct on " + Thread.currentThread().getName());
        }
    }
    public static void main(String[] args) throws Exception {
        Thread t = new Thread(new Runnable() { public void run() { ran++; } });
        try {
            t.start();
            System.out.println("start: allowed");
        } catch (UnsupportedOperationException e) {
            System.out.println("start: " + e.getClass().getName());
        }
        Evil e = new Evil();
        try {
            e.start();
        } catch (UnsupportedOperationException x) {
            System.out.println("subclass start: " + x.getClass().getName());
        }
        e.run();
        t.run();
        System.out.println("runnable ran " + ran);
        t.join();
        Thread.yield();
        t.interrupt();
        System.out.println("done");
    }
}
