/* java.util.EnumSet for vifvm: a bit set over an enum's ordinals (one
 * implementation, RegularEnumSet, for any number of constants); iteration
 * is in ordinal order as in the JDK. */
package java.util;

public abstract class EnumSet<E extends Enum<E>> extends AbstractSet<E> implements Cloneable, java.io.Serializable {
    private static final long serialVersionUID = 1009687484059888093L;

    final transient Class<E> elementType;
    final transient Enum<?>[] universe;

    EnumSet(Class<E> elementType, Enum<?>[] universe) {
        this.elementType = elementType;
        this.universe = universe;
    }

    private static <E extends Enum<E>> Enum<?>[] universe(Class<E> elementType) {
        E[] u = elementType.getEnumConstants();
        if (u == null) throw new ClassCastException(elementType + " not an enum");
        return u;
    }

    public static <E extends Enum<E>> EnumSet<E> noneOf(Class<E> elementType) {
        return new RegularEnumSet<E>(elementType, universe(elementType));
    }

    public static <E extends Enum<E>> EnumSet<E> allOf(Class<E> elementType) {
        EnumSet<E> result = noneOf(elementType);
        result.addAll();
        return result;
    }

    abstract void addAll();

    abstract void addRange(E from, E to);

    abstract void complement();

    public static <E extends Enum<E>> EnumSet<E> copyOf(EnumSet<E> s) {
        return s.clone();
    }

    public static <E extends Enum<E>> EnumSet<E> copyOf(Collection<E> c) {
        if (c instanceof EnumSet) return ((EnumSet<E>) c).clone();
        if (c.isEmpty()) throw new IllegalArgumentException("Collection is empty");
        Iterator<E> i = c.iterator();
        E first = i.next();
        EnumSet<E> result = EnumSet.of(first);
        while (i.hasNext()) result.add(i.next());
        return result;
    }

    public static <E extends Enum<E>> EnumSet<E> complementOf(EnumSet<E> s) {
        EnumSet<E> result = copyOf(s);
        result.complement();
        return result;
    }

    public static <E extends Enum<E>> EnumSet<E> of(E e) {
        EnumSet<E> result = noneOf(e.getDeclaringClass());
        result.add(e);
        return result;
    }

    public static <E extends Enum<E>> EnumSet<E> of(E e1, E e2) {
        EnumSet<E> result = noneOf(e1.getDeclaringClass());
        result.add(e1);
        result.add(e2);
        return result;
    }

    public static <E extends Enum<E>> EnumSet<E> of(E e1, E e2, E e3) {
        EnumSet<E> result = noneOf(e1.getDeclaringClass());
        result.add(e1);
        result.add(e2);
        result.add(e3);
        return result;
    }

    public static <E extends Enum<E>> EnumSet<E> of(E e1, E e2, E e3, E e4) {
        EnumSet<E> result = noneOf(e1.getDeclaringClass());
        result.add(e1);
        result.add(e2);
        result.add(e3);
        result.add(e4);
        return result;
    }

    public static <E extends Enum<E>> EnumSet<E> of(E e1, E e2, E e3, E e4, E e5) {
        EnumSet<E> result = noneOf(e1.getDeclaringClass());
        result.add(e1);
        result.add(e2);
        result.add(e3);
        result.add(e4);
        result.add(e5);
        return result;
    }

    @SafeVarargs
    public static <E extends Enum<E>> EnumSet<E> of(E first, E... rest) {
        EnumSet<E> result = noneOf(first.getDeclaringClass());
        result.add(first);
        for (E e : rest) result.add(e);
        return result;
    }

    public static <E extends Enum<E>> EnumSet<E> range(E from, E to) {
        if (from.compareTo(to) > 0) throw new IllegalArgumentException(from + " > " + to);
        EnumSet<E> result = noneOf(from.getDeclaringClass());
        result.addRange(from, to);
        return result;
    }

    @SuppressWarnings("unchecked")
    public EnumSet<E> clone() {
        try {
            return (EnumSet<E>) super.clone();
        } catch (CloneNotSupportedException e) {
            throw new AssertionError(e);
        }
    }

    final void typeCheck(E e) {
        Class<?> eClass = e.getClass();
        if (eClass != elementType && eClass.getSuperclass() != elementType)
            throw new ClassCastException(eClass + " != " + elementType);
    }
}

/* The one EnumSet implementation: bits[ordinal / 64]. */
class RegularEnumSet<E extends Enum<E>> extends EnumSet<E> {
    private static final long serialVersionUID = 3411599620347842686L;
    private long[] bits;
    private int size;

    RegularEnumSet(Class<E> elementType, Enum<?>[] universe) {
        super(elementType, universe);
        bits = new long[(universe.length + 63) >>> 6];
    }

    void addAll() {
        for (int i = 0; i < universe.length; i++) bits[i >>> 6] |= 1L << i;
        size = universe.length;
    }

    void addRange(E from, E to) {
        for (int i = from.ordinal(); i <= to.ordinal(); i++) bits[i >>> 6] |= 1L << i;
        recount();
    }

    void complement() {
        for (int i = 0; i < universe.length; i++) bits[i >>> 6] ^= 1L << i;
        recount();
    }

    private void recount() {
        int n = 0;
        for (long w : bits) n += Long.bitCount(w);
        size = n;
    }

    public Iterator<E> iterator() {
        return new Iterator<E>() {
            int next = advance(0);
            int last = -1;

            private int advance(int from) {
                for (int i = from; i < universe.length; i++)
                    if ((bits[i >>> 6] & (1L << i)) != 0) return i;
                return -1;
            }

            public boolean hasNext() {
                return next >= 0;
            }

            @SuppressWarnings("unchecked")
            public E next() {
                if (next < 0) throw new NoSuchElementException();
                last = next;
                next = advance(next + 1);
                return (E) universe[last];
            }

            public void remove() {
                if (last < 0) throw new IllegalStateException();
                if ((bits[last >>> 6] & (1L << last)) != 0) {
                    bits[last >>> 6] &= ~(1L << last);
                    size--;
                }
                last = -1;
            }
        };
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public boolean contains(Object e) {
        if (e == null) return false;
        Class<?> eClass = e.getClass();
        if (eClass != elementType && eClass.getSuperclass() != elementType) return false;
        int o = ((Enum<?>) e).ordinal();
        return (bits[o >>> 6] & (1L << o)) != 0;
    }

    public boolean add(E e) {
        typeCheck(e);
        int o = e.ordinal();
        long old = bits[o >>> 6];
        bits[o >>> 6] = old | (1L << o);
        if (bits[o >>> 6] != old) {
            size++;
            return true;
        }
        return false;
    }

    public boolean remove(Object e) {
        if (!contains(e)) return false;
        int o = ((Enum<?>) e).ordinal();
        bits[o >>> 6] &= ~(1L << o);
        size--;
        return true;
    }

    public void clear() {
        for (int i = 0; i < bits.length; i++) bits[i] = 0;
        size = 0;
    }

    public RegularEnumSet<E> clone() {
        RegularEnumSet<E> c = (RegularEnumSet<E>) super.clone();
        c.bits = bits.clone();
        return c;
    }
}
