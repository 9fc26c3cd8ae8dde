/* java.util.concurrent.atomic.AtomicStampedReference for vifvm: a reference
 * and an int stamp updated together (one thread: plain fields).  As in the
 * JDK, the expected reference is compared with ==. */
package java.util.concurrent.atomic;

public class AtomicStampedReference<V> {
    private V reference;
    private int stamp;

    public AtomicStampedReference(V initialRef, int initialStamp) {
        reference = initialRef;
        stamp = initialStamp;
    }

    public V getReference() { return reference; }
    public int getStamp() { return stamp; }

    public V get(int[] stampHolder) {
        stampHolder[0] = stamp;
        return reference;
    }

    public boolean weakCompareAndSet(V expectedReference, V newReference, int expectedStamp, int newStamp) {
        return compareAndSet(expectedReference, newReference, expectedStamp, newStamp);
    }

    public boolean compareAndSet(V expectedReference, V newReference, int expectedStamp, int newStamp) {
        if (expectedReference != reference || expectedStamp != stamp) return false;
        reference = newReference;
        stamp = newStamp;
        return true;
    }

    public void set(V newReference, int newStamp) {
        reference = newReference;
        stamp = newStamp;
    }

    public boolean attemptStamp(V expectedReference, int newStamp) {
        if (expectedReference != reference) return false;
        stamp = newStamp;
        return true;
    }
}
