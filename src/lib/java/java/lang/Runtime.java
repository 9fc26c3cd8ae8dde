/*
 * java.lang.Runtime for vifvm.  Memory figures come from the VM's heap
 * (totalMemory == maxMemory == the heap quota); one processor; shutdown
 * hooks are accepted but never run (System.exit ends the VM at once).
 */
package java.lang;

public class Runtime {
    private static final Runtime currentRuntime = new Runtime();

    private Runtime() {}

    public static Runtime getRuntime() {
        return currentRuntime;
    }

    public void exit(int status) {
        System.exit(status);
    }

    public void halt(int status) {
        System.exit(status);
    }

    public void addShutdownHook(Thread hook) {
        if (hook == null) throw new NullPointerException();
    }

    public boolean removeShutdownHook(Thread hook) {
        if (hook == null) throw new NullPointerException();
        return false;
    }

    public int availableProcessors() {
        return 1;
    }

    public native long freeMemory();

    public native long totalMemory();

    public native long maxMemory();

    public native void gc();

    public void runFinalization() {}
}
