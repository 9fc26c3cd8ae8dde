/* java.util.ArrayDeque for vifvm: a circular-array deque (no nulls). */
package java.util;

import java.util.function.Consumer;
import java.util.function.Predicate;

public class ArrayDeque<E> extends AbstractCollection<E> implements Deque<E>, Cloneable, java.io.Serializable {
    private static final long serialVersionUID = 2340985798034038923L;

    transient Object[] elements;
    transient int head;
    transient int tail;   /* index where the next element goes (always null) */

    public ArrayDeque() {
        elements = new Object[16 + 1];
    }

    public ArrayDeque(int numElements) {
        elements = new Object[(numElements < 1) ? 1
                              : (numElements == Integer.MAX_VALUE) ? Integer.MAX_VALUE : numElements + 1];
    }

    public ArrayDeque(Collection<? extends E> c) {
        this(c.size());
        for (E e : c) addLast(e);
    }

    /* i + 1, or 0 at modulus; i - 1, or modulus - 1 below 0 (for
     * 0 <= i < modulus, as every caller has).  Without a branch: the
     * baseline JIT inlines straight-line callees only, and these run on
     * every add and poll. */
    static final int inc(int i, int modulus) {
        int j = i + 1;
        return j & ((j - modulus) >> 31);
    }

    static final int dec(int i, int modulus) {
        int j = i - 1;
        return j + (modulus & (j >> 31));
    }

    private void grow(int needed) {
        final int oldCapacity = elements.length;
        int jump = (oldCapacity < 64) ? oldCapacity + 2 : oldCapacity >> 1;
        int newCapacity = oldCapacity + Math.max(jump, needed);
        if (newCapacity < 0) throw new IllegalStateException("Sorry, deque too big");
        Object[] es = new Object[newCapacity];
        int n = size();
        for (int i = 0, j = head; i < n; i++, j = inc(j, oldCapacity)) es[i] = elements[j];
        elements = es;
        head = 0;
        tail = n;
    }

    public void addFirst(E e) {
        if (e == null) throw new NullPointerException();
        final Object[] es = elements;
        es[head = dec(head, es.length)] = e;
        if (head == tail) growFull();   /* full: n elements starting at head */
    }

    public void addLast(E e) {
        if (e == null) throw new NullPointerException();
        final Object[] es = elements;
        es[tail] = e;
        if (head == (tail = inc(tail, es.length))) {
            growFull();
        }
    }

    /* head == tail after an insertion: capacity is exhausted. */
    private void growFull() {
        final Object[] old = elements;
        int n = old.length;
        int jump = (n < 64) ? n + 2 : n >> 1;
        Object[] es = new Object[n + Math.max(jump, 1)];
        for (int i = 0, j = head; i < n; i++, j = inc(j, n)) es[i] = old[j];
        elements = es;
        head = 0;
        tail = n;
    }

    public boolean addAll(Collection<? extends E> c) {
        final int s = size(), needed = s + c.size() + 1 - elements.length;
        if (needed > 0) grow(needed);
        for (E e : c) addLast(e);
        return size() > s;
    }

    public boolean offerFirst(E e) {
        addFirst(e);
        return true;
    }

    public boolean offerLast(E e) {
        addLast(e);
        return true;
    }

    public E removeFirst() {
        E e = pollFirst();
        if (e == null) throw new NoSuchElementException();
        return e;
    }

    public E removeLast() {
        E e = pollLast();
        if (e == null) throw new NoSuchElementException();
        return e;
    }

    @SuppressWarnings("unchecked")
    public E pollFirst() {
        final Object[] es;
        final int h;
        E e = (E) (es = elements)[h = head];
        if (e != null) {
            es[h] = null;
            head = inc(h, es.length);
        }
        return e;
    }

    @SuppressWarnings("unchecked")
    public E pollLast() {
        final Object[] es;
        final int t;
        E e = (E) (es = elements)[t = dec(tail, es.length)];
        if (e != null) es[tail = t] = null;
        return e;
    }

    public E getFirst() {
        E e = peekFirst();
        if (e == null) throw new NoSuchElementException();
        return e;
    }

    public E getLast() {
        E e = peekLast();
        if (e == null) throw new NoSuchElementException();
        return e;
    }

    @SuppressWarnings("unchecked")
    public E peekFirst() {
        return (E) elements[head];
    }

    @SuppressWarnings("unchecked")
    public E peekLast() {
        final Object[] es;
        return (E) (es = elements)[dec(tail, es.length)];
    }

    public boolean removeFirstOccurrence(Object o) {
        if (o != null) {
            final Object[] es = elements;
            for (int i = head, n = size(); n > 0; i = inc(i, es.length), n--) {
                if (o.equals(es[i])) {
                    delete(i);
                    return true;
                }
            }
        }
        return false;
    }

    public boolean removeLastOccurrence(Object o) {
        if (o != null) {
            final Object[] es = elements;
            for (int i = dec(tail, es.length), n = size(); n > 0; i = dec(i, es.length), n--) {
                if (o.equals(es[i])) {
                    delete(i);
                    return true;
                }
            }
        }
        return false;
    }

    public boolean add(E e) {
        addLast(e);
        return true;
    }

    public boolean offer(E e) {
        return offerLast(e);
    }

    public E remove() {
        return removeFirst();
    }

    public E poll() {
        return pollFirst();
    }

    public E element() {
        return getFirst();
    }

    public E peek() {
        return peekFirst();
    }

    public void push(E e) {
        addFirst(e);
    }

    public E pop() {
        return removeFirst();
    }

    /* Remove the element at index i; true if the elements after it moved
     * left (toward i), false if the ones before moved right. */
    boolean delete(int i) {
        final Object[] es = elements;
        final int capacity = es.length;
        final int h = head;
        final int front = (i - h + capacity) % capacity;      /* elements before i */
        final int back = (tail - i - 1 + capacity) % capacity; /* elements after i */
        if (front < back) {
            for (int k = i; k != h; ) {
                int p = dec(k, capacity);
                es[k] = es[p];
                k = p;
            }
            es[h] = null;
            head = inc(h, capacity);
            return false;
        } else {
            int t = dec(tail, capacity);
            for (int k = i; k != t; ) {
                int nx = inc(k, capacity);
                es[k] = es[nx];
                k = nx;
            }
            es[t] = null;
            tail = t;
            return true;
        }
    }

    public int size() {
        int n = tail - head;
        if (n < 0) n += elements.length;
        return n;
    }

    public boolean isEmpty() {
        return head == tail;
    }

    public Iterator<E> iterator() {
        return new DeqIterator();
    }

    public Iterator<E> descendingIterator() {
        return new DescendingIterator();
    }

    private class DeqIterator implements Iterator<E> {
        int cursor;
        int remaining = size();
        int lastRet = -1;

        DeqIterator() {
            cursor = head;
        }

        public final boolean hasNext() {
            return remaining > 0;
        }

        @SuppressWarnings("unchecked")
        public E next() {
            if (remaining <= 0) throw new NoSuchElementException();
            final Object[] es = elements;
            E e = (E) es[cursor];
            if (e == null) throw new ConcurrentModificationException();
            cursor = inc(lastRet = cursor, es.length);
            remaining--;
            return e;
        }

        void postDelete(boolean leftShifted) {
            if (leftShifted) cursor = dec(cursor, elements.length);
        }

        public final void remove() {
            if (lastRet < 0) throw new IllegalStateException();
            postDelete(delete(lastRet));
            lastRet = -1;
        }
    }

    private class DescendingIterator extends DeqIterator {
        DescendingIterator() {
            cursor = dec(tail, elements.length);
        }

        @SuppressWarnings("unchecked")
        public final E next() {
            if (remaining <= 0) throw new NoSuchElementException();
            final Object[] es = elements;
            E e = (E) es[cursor];
            if (e == null) throw new ConcurrentModificationException();
            cursor = dec(lastRet = cursor, es.length);
            remaining--;
            return e;
        }

        void postDelete(boolean leftShifted) {
            if (!leftShifted) cursor = inc(cursor, elements.length);
        }
    }

    @SuppressWarnings("unchecked")
    public void forEach(Consumer<? super E> action) {
        Objects.requireNonNull(action);
        final Object[] es = elements;
        for (int i = head, n = size(); n > 0; i = inc(i, es.length), n--) action.accept((E) es[i]);
    }

    public boolean removeIf(Predicate<? super E> filter) {
        Objects.requireNonNull(filter);
        boolean removed = false;
        for (Iterator<E> it = iterator(); it.hasNext(); ) {
            if (filter.test(it.next())) {
                it.remove();
                removed = true;
            }
        }
        return removed;
    }

    public boolean contains(Object o) {
        if (o != null) {
            final Object[] es = elements;
            for (int i = head, n = size(); n > 0; i = inc(i, es.length), n--)
                if (o.equals(es[i])) return true;
        }
        return false;
    }

    public boolean remove(Object o) {
        return removeFirstOccurrence(o);
    }

    public void clear() {
        final Object[] es = elements;
        for (int i = head, n = size(); n > 0; i = inc(i, es.length), n--) es[i] = null;
        head = tail = 0;
    }

    public Object[] toArray() {
        Object[] a = new Object[size()];
        final Object[] es = elements;
        for (int i = head, k = 0; k < a.length; i = inc(i, es.length), k++) a[k] = es[i];
        return a;
    }

    @SuppressWarnings("unchecked")
    public <T> T[] toArray(T[] a) {
        int size = size();
        if (a.length < size) a = (T[]) java.lang.reflect.Array.newInstance(a.getClass().getComponentType(), size);
        final Object[] es = elements;
        for (int i = head, k = 0; k < size; i = inc(i, es.length), k++) a[k] = (T) es[i];
        if (a.length > size) a[size] = null;
        return a;
    }

    public ArrayDeque<E> clone() {
        try {
            @SuppressWarnings("unchecked")
            ArrayDeque<E> result = (ArrayDeque<E>) super.clone();
            result.elements = Arrays.copyOf(elements, elements.length);
            return result;
        } catch (CloneNotSupportedException e) {
            throw new AssertionError();
        }
    }
}
