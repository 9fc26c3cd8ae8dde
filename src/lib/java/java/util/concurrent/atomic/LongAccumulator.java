/* java.util.concurrent.atomic.LongAccumulator for vifvm: one cell (a VM
 * instance has one thread). */
package java.util.concurrent.atomic;

import java.util.function.LongBinaryOperator;

public class LongAccumulator extends Number implements java.io.Serializable {
    private static final long serialVersionUID = 7249069246863182397L;
    private final LongBinaryOperator function;
    private final long identity;
    private long value;

    public LongAccumulator(LongBinaryOperator accumulatorFunction, long identity) {
        this.function = accumulatorFunction;
        this.identity = identity;
        this.value = identity;
    }

    public void accumulate(long x) { value = function.applyAsLong(value, x); }
    public long get() { return value; }
    public void reset() { value = identity; }

    public long getThenReset() {
        long v = value;
        value = identity;
        return v;
    }

    public String toString() { return Long.toString(get()); }
    public long longValue() { return get(); }
    public int intValue() { return (int) get(); }
    public float floatValue() { return (float) get(); }
    public double doubleValue() { return (double) get(); }
}
