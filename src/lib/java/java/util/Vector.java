/* java.util.Vector for vifvm (no locking: VM instances are single-threaded),
 * with the JDK's ArrayIndexOutOfBoundsException messages. */
package java.util;

public class Vector<E> extends AbstractList<E> implements List<E>, RandomAccess, Cloneable, java.io.Serializable {
    private static final long serialVersionUID = -2767605614048989439L;

    protected Object[] elementData;
    protected int elementCount;
    protected int capacityIncrement;

    public Vector(int initialCapacity, int capacityIncrement) {
        super();
        if (initialCapacity < 0) throw new IllegalArgumentException("Illegal Capacity: " + initialCapacity);
        this.elementData = new Object[initialCapacity];
        this.capacityIncrement = capacityIncrement;
    }

    public Vector(int initialCapacity) {
        this(initialCapacity, 0);
    }

    public Vector() {
        this(10);
    }

    public Vector(Collection<? extends E> c) {
        Object[] a = c.toArray();
        elementCount = a.length;
        elementData = Arrays.copyOf(a, elementCount, Object[].class);
    }

    public void copyInto(Object[] anArray) {
        System.arraycopy(elementData, 0, anArray, 0, elementCount);
    }

    public void trimToSize() {
        modCount++;
        if (elementCount < elementData.length) elementData = Arrays.copyOf(elementData, elementCount);
    }

    public void ensureCapacity(int minCapacity) {
        if (minCapacity > 0) {
            modCount++;
            if (minCapacity > elementData.length) grow(minCapacity);
        }
    }

    private Object[] grow(int minCapacity) {
        int oldCapacity = elementData.length;
        int newCapacity = oldCapacity + Math.max(minCapacity - oldCapacity,
                                                 capacityIncrement > 0 ? capacityIncrement : oldCapacity);
        if (newCapacity < 0) newCapacity = minCapacity;
        return elementData = Arrays.copyOf(elementData, newCapacity);
    }

    private Object[] grow() {
        return grow(elementCount + 1);
    }

    public void setSize(int newSize) {
        modCount++;
        if (newSize > elementData.length) grow(newSize);
        final Object[] es = elementData;
        for (int to = elementCount, i = newSize; i < to; i++) es[i] = null;
        elementCount = newSize;
    }

    public int capacity() {
        return elementData.length;
    }

    public int size() {
        return elementCount;
    }

    public boolean isEmpty() {
        return elementCount == 0;
    }

    public Enumeration<E> elements() {
        return new Enumeration<E>() {
            int count = 0;

            public boolean hasMoreElements() {
                return count < elementCount;
            }

            public E nextElement() {
                if (count < elementCount) return elementData(count++);
                throw new NoSuchElementException("Vector Enumeration");
            }
        };
    }

    public boolean contains(Object o) {
        return indexOf(o, 0) >= 0;
    }

    public int indexOf(Object o) {
        return indexOf(o, 0);
    }

    public int indexOf(Object o, int index) {
        if (o == null) {
            for (int i = index; i < elementCount; i++)
                if (elementData[i] == null) return i;
        } else {
            for (int i = index; i < elementCount; i++)
                if (o.equals(elementData[i])) return i;
        }
        return -1;
    }

    public int lastIndexOf(Object o) {
        return lastIndexOf(o, elementCount - 1);
    }

    public int lastIndexOf(Object o, int index) {
        if (index >= elementCount) throw new IndexOutOfBoundsException(index + " >= " + elementCount);
        if (o == null) {
            for (int i = index; i >= 0; i--)
                if (elementData[i] == null) return i;
        } else {
            for (int i = index; i >= 0; i--)
                if (o.equals(elementData[i])) return i;
        }
        return -1;
    }

    public E elementAt(int index) {
        if (index >= elementCount) throw new ArrayIndexOutOfBoundsException(index + " >= " + elementCount);
        return elementData(index);
    }

    public E firstElement() {
        if (elementCount == 0) throw new NoSuchElementException();
        return elementData(0);
    }

    public E lastElement() {
        if (elementCount == 0) throw new NoSuchElementException();
        return elementData(elementCount - 1);
    }

    public void setElementAt(E obj, int index) {
        if (index >= elementCount) throw new ArrayIndexOutOfBoundsException(index + " >= " + elementCount);
        elementData[index] = obj;
    }

    public void removeElementAt(int index) {
        if (index >= elementCount) {
            throw new ArrayIndexOutOfBoundsException(index + " >= " + elementCount);
        } else if (index < 0) {
            throw new ArrayIndexOutOfBoundsException(index);
        }
        int j = elementCount - index - 1;
        if (j > 0) System.arraycopy(elementData, index + 1, elementData, index, j);
        modCount++;
        elementCount--;
        elementData[elementCount] = null;
    }

    public void insertElementAt(E obj, int index) {
        if (index > elementCount) throw new ArrayIndexOutOfBoundsException(index + " > " + elementCount);
        modCount++;
        final int s = elementCount;
        Object[] elementData = this.elementData;
        if (s == elementData.length) elementData = grow();
        System.arraycopy(elementData, index, elementData, index + 1, s - index);
        elementData[index] = obj;
        elementCount = s + 1;
    }

    public void addElement(E obj) {
        modCount++;
        if (elementCount == elementData.length) grow();
        elementData[elementCount++] = obj;
    }

    public boolean removeElement(Object obj) {
        modCount++;
        int i = indexOf(obj);
        if (i >= 0) {
            removeElementAt(i);
            return true;
        }
        return false;
    }

    public void removeAllElements() {
        final Object[] es = elementData;
        for (int to = elementCount, i = elementCount = 0; i < to; i++) es[i] = null;
        modCount++;
    }

    public Object clone() {
        try {
            @SuppressWarnings("unchecked")
            Vector<E> v = (Vector<E>) super.clone();
            v.elementData = Arrays.copyOf(elementData, elementCount);
            v.modCount = 0;
            return v;
        } catch (CloneNotSupportedException e) {
            throw new InternalError(e);
        }
    }

    public Object[] toArray() {
        return Arrays.copyOf(elementData, elementCount);
    }

    @SuppressWarnings("unchecked")
    public <T> T[] toArray(T[] a) {
        if (a.length < elementCount) return (T[]) Arrays.copyOf(elementData, elementCount, a.getClass());
        System.arraycopy(elementData, 0, a, 0, elementCount);
        if (a.length > elementCount) a[elementCount] = null;
        return a;
    }

    @SuppressWarnings("unchecked")
    E elementData(int index) {
        return (E) elementData[index];
    }

    public E get(int index) {
        if (index >= elementCount) throw new ArrayIndexOutOfBoundsException(index);
        return elementData(index);
    }

    public E set(int index, E element) {
        if (index >= elementCount) throw new ArrayIndexOutOfBoundsException(index);
        E oldValue = elementData(index);
        elementData[index] = element;
        return oldValue;
    }

    public boolean add(E e) {
        modCount++;
        if (elementCount == elementData.length) grow();
        elementData[elementCount++] = e;
        return true;
    }

    public boolean remove(Object o) {
        return removeElement(o);
    }

    public void add(int index, E element) {
        insertElementAt(element, index);
    }

    public E remove(int index) {
        modCount++;
        if (index >= elementCount) throw new ArrayIndexOutOfBoundsException(index);
        E oldValue = elementData(index);
        int numMoved = elementCount - index - 1;
        if (numMoved > 0) System.arraycopy(elementData, index + 1, elementData, index, numMoved);
        elementData[--elementCount] = null;
        return oldValue;
    }

    public void clear() {
        removeAllElements();
    }

    public boolean addAll(Collection<? extends E> c) {
        Object[] a = c.toArray();
        modCount++;
        int numNew = a.length;
        if (numNew == 0) return false;
        Object[] elementData = this.elementData;
        final int s = elementCount;
        if (numNew > elementData.length - s) elementData = grow(s + numNew);
        System.arraycopy(a, 0, elementData, s, numNew);
        elementCount = s + numNew;
        return true;
    }

    public boolean addAll(int index, Collection<? extends E> c) {
        if (index < 0 || index > elementCount) throw new ArrayIndexOutOfBoundsException(index);
        Object[] a = c.toArray();
        modCount++;
        int numNew = a.length;
        if (numNew == 0) return false;
        Object[] elementData = this.elementData;
        final int s = elementCount;
        if (numNew > elementData.length - s) elementData = grow(s + numNew);
        int numMoved = s - index;
        if (numMoved > 0) System.arraycopy(elementData, index, elementData, index + numNew, numMoved);
        System.arraycopy(a, 0, elementData, index, numNew);
        elementCount = s + numNew;
        return true;
    }

    protected void removeRange(int fromIndex, int toIndex) {
        modCount++;
        System.arraycopy(elementData, toIndex, elementData, fromIndex, elementCount - toIndex);
        for (int to = elementCount, i = (elementCount -= toIndex - fromIndex); i < to; i++) elementData[i] = null;
    }

    @SuppressWarnings("unchecked")
    public void sort(Comparator<? super E> c) {
        final int expectedModCount = modCount;
        Arrays.sort((E[]) elementData, 0, elementCount, c);
        if (modCount != expectedModCount) throw new ConcurrentModificationException();
        modCount++;
    }
}
