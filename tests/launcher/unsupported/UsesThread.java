// Runs, then starts a thread: a VM instance has one.
public class UsesThread {
    public static void main(String[] args) throws Exception {
        System.out.println("started");
        Thread t = new Thread(new Runnable() {
            public void run() { System.out.println("in thread"); }
        });
        t.start();
        t.join();
    }
}
