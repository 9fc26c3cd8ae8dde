/* java.util.concurrent.atomic.DoubleAdder for vifvm: one cell (a VM
 * instance has one thread), so the sum is exact in the order of the adds. */
package java.util.concurrent.atomic;

public class DoubleAdder extends Number implements java.io.Serializable {
    private static final long serialVersionUID = 7249069246863182397L;
    private double sum;

    public DoubleAdder() {
    }

    public void add(double x) { sum += x; }
    public double sum() { return sum; }
    public void reset() { sum = 0.0; }

    public double sumThenReset() {
        double s = sum;
        sum = 0.0;
        return s;
    }

    public String toString() { return Double.toString(sum()); }
    public double doubleValue() { return sum(); }
    public long longValue() { return (long) sum(); }
    public int intValue() { return (int) sum(); }
    public float floatValue() { return (float) sum(); }
}
