/* java.util.concurrent.atomic.AtomicMarkableReference for vifvm: a
 * reference and a boolean mark updated together (one thread: plain
 * fields).  As in the JDK, the expected reference is compared with ==. */
package java.util.concurrent.atomic;

public class AtomicMarkableReference<V> {
    private V reference;
    private boolean mark;

    public AtomicMarkableReference(V initialRef, boolean initialMark) {
        reference = initialRef;
        mark = initialMark;
    }

    public V getReference() { return reference; }
    public boolean isMarked() { return mark; }

    public V get(boolean[] markHolder) {
        markHolder[0] = mark;
        return reference;
    }

    public boolean weakCompareAndSet(V expectedReference, V newReference, boolean expectedMark, boolean newMark) {
        return compareAndSet(expectedReference, newReference, expectedMark, newMark);
    }

    public boolean compareAndSet(V expectedReference, V newReference, boolean expectedMark, boolean newMark) {
        if (expectedReference != reference || expectedMark != mark) return false;
        reference = newReference;
        mark = newMark;
        return true;
    }

    public void set(V newReference, boolean newMark) {
        reference = newReference;
        mark = newMark;
    }

    public boolean attemptMark(V expectedReference, boolean newMark) {
        if (expectedReference != reference) return false;
        mark = newMark;
        return true;
    }
}
