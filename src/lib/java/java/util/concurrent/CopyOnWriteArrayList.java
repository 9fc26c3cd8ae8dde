/* java.util.concurrent.CopyOnWriteArrayList for vifvm: every change copies
 * the array; iterators walk the array they started with and do not support
 * remove/set/add, as in the JDK. */
package java.util.concurrent;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.ListIterator;
import java.util.NoSuchElementException;
import java.util.RandomAccess;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

public class CopyOnWriteArrayList<E> extends AbstractList<E>
        implements List<E>, RandomAccess, Cloneable, java.io.Serializable {
    private static final long serialVersionUID = 8673264195747942595L;
    private Object[] array;

    public CopyOnWriteArrayList() {
        array = new Object[0];
    }

    public CopyOnWriteArrayList(Collection<? extends E> c) {
        array = c.toArray();
        if (array.getClass() != Object[].class) array = Arrays.copyOf(array, array.length, Object[].class);
    }

    public CopyOnWriteArrayList(E[] toCopyIn) {
        array = Arrays.copyOf(toCopyIn, toCopyIn.length, Object[].class);
    }

    public int size() {
        return array.length;
    }

    public boolean isEmpty() {
        return array.length == 0;
    }

    public int indexOf(Object o) {
        Object[] es = array;
        for (int i = 0; i < es.length; i++)
            if (o == null ? es[i] == null : o.equals(es[i])) return i;
        return -1;
    }

    public int lastIndexOf(Object o) {
        Object[] es = array;
        for (int i = es.length - 1; i >= 0; i--)
            if (o == null ? es[i] == null : o.equals(es[i])) return i;
        return -1;
    }

    public boolean contains(Object o) {
        return indexOf(o) >= 0;
    }

    public Object[] toArray() {
        return array.clone();
    }

    @SuppressWarnings("unchecked")
    public <T> T[] toArray(T[] a) {
        Object[] es = array;
        int len = es.length;
        if (a.length < len) return (T[]) Arrays.copyOf(es, len, a.getClass());
        System.arraycopy(es, 0, a, 0, len);
        if (a.length > len) a[len] = null;
        return a;
    }

    private static String outOfBounds(int index, int size) {
        return "Index " + index + " out of bounds for length " + size;
    }

    @SuppressWarnings("unchecked")
    public E get(int index) {
        Object[] es = array;
        if (index < 0 || index >= es.length) throw new IndexOutOfBoundsException(outOfBounds(index, es.length));
        return (E) es[index];
    }

    public E set(int index, E element) {
        E oldValue = get(index);
        if (oldValue != element) {
            Object[] es = array.clone();
            es[index] = element;
            array = es;
        }
        return oldValue;
    }

    public boolean add(E e) {
        Object[] es = Arrays.copyOf(array, array.length + 1);
        es[es.length - 1] = e;
        array = es;
        return true;
    }

    public void add(int index, E element) {
        Object[] es = array;
        int len = es.length;
        if (index > len || index < 0) throw new IndexOutOfBoundsException("Index: " + index + ", Size: " + len);
        Object[] n = new Object[len + 1];
        System.arraycopy(es, 0, n, 0, index);
        n[index] = element;
        System.arraycopy(es, index, n, index + 1, len - index);
        array = n;
    }

    public E remove(int index) {
        E old = get(index);
        Object[] es = array;
        Object[] n = new Object[es.length - 1];
        System.arraycopy(es, 0, n, 0, index);
        System.arraycopy(es, index + 1, n, index, es.length - index - 1);
        array = n;
        return old;
    }

    public boolean remove(Object o) {
        int i = indexOf(o);
        if (i < 0) return false;
        remove(i);
        return true;
    }

    public boolean addIfAbsent(E e) {
        if (indexOf(e) >= 0) return false;
        return add(e);
    }

    public int addAllAbsent(Collection<? extends E> c) {
        int added = 0;
        for (E e : c)
            if (addIfAbsent(e)) added++;
        return added;
    }

    public void clear() {
        array = new Object[0];
    }

    public boolean addAll(Collection<? extends E> c) {
        Object[] cs = c.toArray();
        if (cs.length == 0) return false;
        Object[] es = Arrays.copyOf(array, array.length + cs.length);
        System.arraycopy(cs, 0, es, array.length, cs.length);
        array = es;
        return true;
    }

    public boolean addAll(int index, Collection<? extends E> c) {
        Object[] cs = c.toArray();
        Object[] es = array;
        int len = es.length;
        if (index > len || index < 0) throw new IndexOutOfBoundsException("Index: " + index + ", Size: " + len);
        if (cs.length == 0) return false;
        Object[] n = new Object[len + cs.length];
        System.arraycopy(es, 0, n, 0, index);
        System.arraycopy(cs, 0, n, index, cs.length);
        System.arraycopy(es, index, n, index + cs.length, len - index);
        array = n;
        return true;
    }

    public boolean removeAll(Collection<?> c) {
        return filter(c, false);
    }

    public boolean retainAll(Collection<?> c) {
        return filter(c, true);
    }

    private boolean filter(Collection<?> c, boolean keepIfIn) {
        if (c == null) throw new NullPointerException();
        Object[] es = array;
        Object[] kept = new Object[es.length];
        int n = 0;
        for (Object e : es)
            if (c.contains(e) == keepIfIn) kept[n++] = e;
        if (n == es.length) return false;
        array = Arrays.copyOf(kept, n);
        return true;
    }

    @SuppressWarnings("unchecked")
    public boolean removeIf(Predicate<? super E> filter) {
        if (filter == null) throw new NullPointerException();
        Object[] es = array;
        Object[] kept = new Object[es.length];
        int n = 0;
        for (Object e : es)
            if (!filter.test((E) e)) kept[n++] = e;
        if (n == es.length) return false;
        array = Arrays.copyOf(kept, n);
        return true;
    }

    @SuppressWarnings("unchecked")
    public void forEach(Consumer<? super E> action) {
        if (action == null) throw new NullPointerException();
        for (Object x : array) action.accept((E) x);
    }

    @SuppressWarnings("unchecked")
    public void replaceAll(UnaryOperator<E> operator) {
        if (operator == null) throw new NullPointerException();
        Object[] es = array.clone();
        for (int i = 0; i < es.length; i++) es[i] = operator.apply((E) es[i]);
        array = es;
    }

    @SuppressWarnings("unchecked")
    public void sort(Comparator<? super E> c) {
        Object[] es = array.clone();
        Arrays.sort(es, (Comparator<Object>) c);
        array = es;
    }

    public Object clone() {
        return new CopyOnWriteArrayList<E>(this);
    }

    public Iterator<E> iterator() {
        return new COWIterator<E>(array, 0);
    }

    public ListIterator<E> listIterator() {
        return new COWIterator<E>(array, 0);
    }

    public ListIterator<E> listIterator(int index) {
        Object[] es = array;
        if (index < 0 || index > es.length) throw new IndexOutOfBoundsException("Index: " + index);
        return new COWIterator<E>(es, index);
    }

    static final class COWIterator<E> implements ListIterator<E> {
        private final Object[] snapshot;
        private int cursor;

        COWIterator(Object[] es, int initialCursor) {
            cursor = initialCursor;
            snapshot = es;
        }

        public boolean hasNext() {
            return cursor < snapshot.length;
        }

        public boolean hasPrevious() {
            return cursor > 0;
        }

        @SuppressWarnings("unchecked")
        public E next() {
            if (!hasNext()) throw new NoSuchElementException();
            return (E) snapshot[cursor++];
        }

        @SuppressWarnings("unchecked")
        public E previous() {
            if (!hasPrevious()) throw new NoSuchElementException();
            return (E) snapshot[--cursor];
        }

        public int nextIndex() {
            return cursor;
        }

        public int previousIndex() {
            return cursor - 1;
        }

        public void remove() {
            throw new UnsupportedOperationException();
        }

        public void set(E e) {
            throw new UnsupportedOperationException();
        }

        public void add(E e) {
            throw new UnsupportedOperationException();
        }
    }
}
