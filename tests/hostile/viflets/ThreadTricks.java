// Thread tricks: start() is refused (UnsupportedOperationException), run()
// called directly is an ordinary call, wait() refuses to block forever;
// then Thread.sleep(Long.MAX_VALUE) spins on the datapath clock, which
// does not move inside a handler: the budget aborts it.
// expect-log: start refused: java\.lang\.UnsupportedOperationException
// expect-log: subclass start refused: java\.lang\.UnsupportedOperationException
// expect-log: run called directly
// expect-log: wait refused: java\.lang\.
// expect-log: vifd: VIFlet ThreadTricks aborted in enqueue\(\): instruction budget of 1000000 exhausted in java\.lang\.(Thread\.sleep|System\.nanoTime) \(called from ThreadTricks\.enqueue\)$
// reject-log: (THREAD RAN|STARTED|WOKE UP)
// expect-stats: pcap/tcp.aborts=1 pcap/tcp.state=aborted/pass pcap/tcp.out=TCP
// shared-owner: yes
import vif.*;

public class ThreadTricks extends VIFlet {
    private int n;

    static final class Sneaky extends Thread {
        public void run() {
            System.out.println("run called directly");
        }
    }

    public void enqueue(Packet p) {
        n++;
        if (n == 1) {
            Thread t = new Thread(new Runnable() {
                public void run() {
                    System.out.println("THREAD RAN");
                }
            });
            try {
                t.start();
                System.out.println("STARTED");
            } catch (UnsupportedOperationException e) {
                System.out.println("start refused: " + e.getClass().getName());
            }
            Sneaky s = new Sneaky();
            try {
                s.start();
                System.out.println("STARTED subclass");
            } catch (UnsupportedOperationException e) {
                System.out.println("subclass start refused: " + e.getClass().getName());
            }
            s.run();
            try {
                synchronized (this) {
                    wait();
                }
                System.out.println("WOKE UP");
            } catch (Throwable e) {
                System.out.println("wait refused: " + e.getClass().getName());
            }
        }
        super.enqueue(p);
        if (n == 5) {
            try {
                Thread.sleep(Long.MAX_VALUE);
            } catch (InterruptedException e) {
                System.out.println("WOKE UP");
            }
        }
    }
}
