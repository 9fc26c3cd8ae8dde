/*
 * java.lang.Thread for vifvm.  A VM instance is single-threaded: there is
 * one Thread, "main", returned by currentThread(); start() throws
 * UnsupportedOperationException.  sleep() busy-waits on System.nanoTime()
 * (the VM has no scheduler to yield to); interrupts never happen.
 */
package java.lang;

public class Thread implements Runnable {
    public static final int MIN_PRIORITY = 1;
    public static final int NORM_PRIORITY = 5;
    public static final int MAX_PRIORITY = 10;

    public enum State {
        NEW, RUNNABLE, BLOCKED, WAITING, TIMED_WAITING, TERMINATED
    }

    private static Thread mainThread;
    private static int threadNumber;

    private String name;
    private final Runnable target;
    private int priority = NORM_PRIORITY;
    private boolean daemon;
    private final long tid;

    private Thread(String name, boolean main) {
        this.name = name;
        this.target = null;
        this.tid = 1;
    }

    public Thread() {
        this(null, null);
    }

    public Thread(Runnable target) {
        this(target, null);
    }

    public Thread(String name) {
        this(null, name);
    }

    public Thread(Runnable target, String name) {
        this.target = target;
        int n = threadNumber++;
        this.name = name != null ? name : "Thread-" + n;
        this.tid = n + 2;
    }

    public static Thread currentThread() {
        Thread t = mainThread;
        if (t == null) mainThread = t = new Thread("main", true);
        return t;
    }

    public void start() {
        throw new UnsupportedOperationException(
            "java.lang.Thread.start: vifvm runs one thread per VM and does not provide threads");
    }

    public void run() {
        if (target != null) target.run();
    }

    public static void sleep(long millis) throws InterruptedException {
        if (millis < 0) throw new IllegalArgumentException("timeout value is negative");
        long nanos = millis > Long.MAX_VALUE / 1000000 ? Long.MAX_VALUE : millis * 1000000;
        long start = System.nanoTime();
        while (System.nanoTime() - start < nanos) {
        }
    }

    public static void sleep(long millis, int nanos) throws InterruptedException {
        if (millis < 0) throw new IllegalArgumentException("timeout value is negative");
        if (nanos < 0 || nanos > 999999)
            throw new IllegalArgumentException("nanosecond timeout value out of range");
        if (nanos > 0 && millis < Long.MAX_VALUE) millis++;
        sleep(millis);
    }

    public static void yield() {}

    public static void onSpinWait() {}

    public static boolean interrupted() {
        return false;
    }

    public boolean isInterrupted() {
        return false;
    }

    public void interrupt() {}

    public final boolean isAlive() {
        return this == mainThread;
    }

    public final void join() throws InterruptedException {}

    public final void join(long millis) throws InterruptedException {
        if (millis < 0) throw new IllegalArgumentException("timeout value is negative");
    }

    public final void setName(String name) {
        if (name == null) throw new NullPointerException("name cannot be null");
        this.name = name;
    }

    public final String getName() {
        return name;
    }

    public long getId() {
        return tid;
    }

    public final int getPriority() {
        return priority;
    }

    public final void setPriority(int newPriority) {
        if (newPriority > MAX_PRIORITY || newPriority < MIN_PRIORITY) throw new IllegalArgumentException();
        priority = newPriority;
    }

    public final boolean isDaemon() {
        return daemon;
    }

    public final void setDaemon(boolean on) {
        daemon = on;
    }

    public State getState() {
        return this == mainThread ? State.RUNNABLE : State.NEW;
    }

    public StackTraceElement[] getStackTrace() {
        return new Throwable().getStackTrace();
    }

    public static boolean holdsLock(Object obj) {
        if (obj == null) throw new NullPointerException();
        return true;
    }

    public String toString() {
        return "Thread[" + getName() + "," + getPriority() + ",main]";
    }
}
