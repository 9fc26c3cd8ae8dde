/* java.util.concurrent.atomic.LongAdder for vifvm: one cell (a VM instance
 * has one thread; the JDK's superclass Striped64 is not public). */
package java.util.concurrent.atomic;

public class LongAdder extends Number implements java.io.Serializable {
    private static final long serialVersionUID = 7249069246863182397L;
    private long base;

    public LongAdder() {}

    public void add(long x) { base += x; }
    public void increment() { base++; }
    public void decrement() { base--; }
    public long sum() { return base; }
    public void reset() { base = 0L; }

    public long sumThenReset() {
        long s = base;
        base = 0L;
        return s;
    }

    public String toString() { return Long.toString(sum()); }
    public long longValue() { return sum(); }
    public int intValue() { return (int) sum(); }
    public float floatValue() { return (float) sum(); }
    public double doubleValue() { return (double) sum(); }
}
