/*
 * java.lang.Object for vifvm: the root class.  Identity hash, getClass and
 * clone are natives (src/runtime/natives_object.c).
 *
 * Monitors: a vifvm VM instance is single-threaded, so notify/notifyAll are
 * no-ops; wait(timeout) sleeps for the timeout (there is no other thread that
 * could notify), and wait() with no timeout would block forever, so it throws
 * IllegalMonitorStateException instead of hanging.
 */
package java.lang;

public class Object {
    public Object() {}

    public final native Class<?> getClass();

    public native int hashCode();

    public boolean equals(Object obj) {
        return this == obj;
    }

    protected native Object clone() throws CloneNotSupportedException;

    public String toString() {
        return getClass().getName() + "@" + Integer.toHexString(hashCode());
    }

    public final void notify() {}

    public final void notifyAll() {}

    public final void wait() throws InterruptedException {
        throw new IllegalMonitorStateException(
            "wait() would block forever: vifvm VM instances are single-threaded");
    }

    public final void wait(long timeoutMillis) throws InterruptedException {
        if (timeoutMillis < 0) throw new IllegalArgumentException("timeout value is negative");
        if (timeoutMillis == 0) wait();
        Thread.sleep(timeoutMillis);
    }

    public final void wait(long timeoutMillis, int nanos) throws InterruptedException {
        if (timeoutMillis < 0) throw new IllegalArgumentException("timeout value is negative");
        if (nanos < 0 || nanos > 999999)
            throw new IllegalArgumentException("nanosecond timeout value out of range");
        if (nanos > 0 && timeoutMillis < Long.MAX_VALUE) timeoutMillis++;
        wait(timeoutMillis);
    }

    protected void finalize() throws Throwable {}
}
