/* java.util.Collections for vifvm: algorithms (sort, reverse, shuffle with
 * the JDK's exact Random use, swap, min/max, binarySearch, rotate, ...) and
 * the empty/singleton/unmodifiable/synchronized wrappers (synchronized*
 * return the collection itself: VM instances are single-threaded). */
package java.util;

import java.util.function.Consumer;

public class Collections {
    private Collections() {}

    @SuppressWarnings("unchecked")
    public static <T extends Comparable<? super T>> void sort(List<T> list) {
        list.sort(null);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    public static <T> void sort(List<T> list, Comparator<? super T> c) {
        list.sort(c);
    }

    public static <T> int binarySearch(List<? extends Comparable<? super T>> list, T key) {
        int low = 0;
        int high = list.size() - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            Comparable<? super T> midVal = list.get(mid);
            int cmp = midVal.compareTo(key);
            if (cmp < 0) low = mid + 1;
            else if (cmp > 0) high = mid - 1;
            else return mid;
        }
        return -(low + 1);
    }

    @SuppressWarnings("unchecked")
    public static <T> int binarySearch(List<? extends T> list, T key, Comparator<? super T> c) {
        if (c == null) return binarySearch((List<? extends Comparable<? super T>>) list, key);
        int low = 0;
        int high = list.size() - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            T midVal = list.get(mid);
            int cmp = c.compare(midVal, key);
            if (cmp < 0) low = mid + 1;
            else if (cmp > 0) high = mid - 1;
            else return mid;
        }
        return -(low + 1);
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    public static void reverse(List<?> list) {
        int size = list.size();
        if (size < 18 || list instanceof RandomAccess) {
            for (int i = 0, mid = size >> 1, j = size - 1; i < mid; i++, j--) swap(list, i, j);
        } else {
            ListIterator fwd = list.listIterator();
            ListIterator rev = list.listIterator(size);
            for (int i = 0, mid = list.size() >> 1; i < mid; i++) {
                Object tmp = fwd.next();
                fwd.set(rev.previous());
                rev.set(tmp);
            }
        }
    }

    private static Random r;

    public static void shuffle(List<?> list) {
        Random rnd = r;
        if (rnd == null) r = rnd = new Random();
        shuffle(list, rnd);
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    public static void shuffle(List<?> list, Random rnd) {
        int size = list.size();
        if (size < 5 || list instanceof RandomAccess) {
            for (int i = size; i > 1; i--) swap(list, i - 1, rnd.nextInt(i));
        } else {
            Object[] arr = list.toArray();
            for (int i = size; i > 1; i--) swap(arr, i - 1, rnd.nextInt(i));
            ListIterator it = list.listIterator();
            for (Object e : arr) {
                it.next();
                it.set(e);
            }
        }
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    public static void swap(List<?> list, int i, int j) {
        final List l = list;
        l.set(i, l.set(j, l.get(i)));
    }

    private static void swap(Object[] arr, int i, int j) {
        Object tmp = arr[i];
        arr[i] = arr[j];
        arr[j] = tmp;
    }

    public static <T> void fill(List<? super T> list, T obj) {
        int size = list.size();
        if (size < 25 || list instanceof RandomAccess) {
            for (int i = 0; i < size; i++) list.set(i, obj);
        } else {
            ListIterator<? super T> itr = list.listIterator();
            for (int i = 0; i < size; i++) {
                itr.next();
                itr.set(obj);
            }
        }
    }

    public static <T> void copy(List<? super T> dest, List<? extends T> src) {
        int srcSize = src.size();
        if (srcSize > dest.size()) throw new IndexOutOfBoundsException("Source does not fit in dest");
        for (int i = 0; i < srcSize; i++) dest.set(i, src.get(i));
    }

    public static <T extends Object & Comparable<? super T>> T min(Collection<? extends T> coll) {
        Iterator<? extends T> i = coll.iterator();
        T candidate = i.next();
        while (i.hasNext()) {
            T next = i.next();
            if (next.compareTo(candidate) < 0) candidate = next;
        }
        return candidate;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    public static <T> T min(Collection<? extends T> coll, Comparator<? super T> comp) {
        if (comp == null) return (T) min((Collection) coll);
        Iterator<? extends T> i = coll.iterator();
        T candidate = i.next();
        while (i.hasNext()) {
            T next = i.next();
            if (comp.compare(next, candidate) < 0) candidate = next;
        }
        return candidate;
    }

    public static <T extends Object & Comparable<? super T>> T max(Collection<? extends T> coll) {
        Iterator<? extends T> i = coll.iterator();
        T candidate = i.next();
        while (i.hasNext()) {
            T next = i.next();
            if (next.compareTo(candidate) > 0) candidate = next;
        }
        return candidate;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    public static <T> T max(Collection<? extends T> coll, Comparator<? super T> comp) {
        if (comp == null) return (T) max((Collection) coll);
        Iterator<? extends T> i = coll.iterator();
        T candidate = i.next();
        while (i.hasNext()) {
            T next = i.next();
            if (comp.compare(next, candidate) > 0) candidate = next;
        }
        return candidate;
    }

    public static void rotate(List<?> list, int distance) {
        int size = list.size();
        if (size == 0) return;
        distance = distance % size;
        if (distance < 0) distance += size;
        if (distance == 0) return;
        for (int cycleStart = 0, nMoved = 0; nMoved != size; cycleStart++) {
            @SuppressWarnings("unchecked")
            List<Object> l = (List<Object>) list;
            Object displaced = l.get(cycleStart);
            int i = cycleStart;
            do {
                i += distance;
                if (i >= size) i -= size;
                displaced = l.set(i, displaced);
                nMoved++;
            } while (i != cycleStart);
        }
    }

    public static <T> boolean replaceAll(List<T> list, T oldVal, T newVal) {
        boolean result = false;
        for (ListIterator<T> itr = list.listIterator(); itr.hasNext(); ) {
            if (Objects.equals(itr.next(), oldVal)) {
                itr.set(newVal);
                result = true;
            }
        }
        return result;
    }

    public static int indexOfSubList(List<?> source, List<?> target) {
        int sourceSize = source.size();
        int targetSize = target.size();
        int maxCandidate = sourceSize - targetSize;
        nextCand:
        for (int candidate = 0; candidate <= maxCandidate; candidate++) {
            for (int i = 0, j = candidate; i < targetSize; i++, j++)
                if (!Objects.equals(target.get(i), source.get(j))) continue nextCand;
            return candidate;
        }
        return -1;
    }

    public static int lastIndexOfSubList(List<?> source, List<?> target) {
        int sourceSize = source.size();
        int targetSize = target.size();
        int maxCandidate = sourceSize - targetSize;
        nextCand:
        for (int candidate = maxCandidate; candidate >= 0; candidate--) {
            for (int i = 0, j = candidate; i < targetSize; i++, j++)
                if (!Objects.equals(target.get(i), source.get(j))) continue nextCand;
            return candidate;
        }
        return -1;
    }

    public static int frequency(Collection<?> c, Object o) {
        int result = 0;
        if (o == null) {
            for (Object e : c)
                if (e == null) result++;
        } else {
            for (Object e : c)
                if (o.equals(e)) result++;
        }
        return result;
    }

    public static boolean disjoint(Collection<?> c1, Collection<?> c2) {
        for (Object e : c1)
            if (c2.contains(e)) return false;
        return true;
    }

    @SafeVarargs
    public static <T> boolean addAll(Collection<? super T> c, T... elements) {
        boolean result = false;
        for (T element : elements) result |= c.add(element);
        return result;
    }

    // ---- comparators ----------------------------------------------------------

    @SuppressWarnings("unchecked")
    public static <T> Comparator<T> reverseOrder() {
        return (Comparator<T>) ReverseComparator.REVERSE_ORDER;
    }

    private static class ReverseComparator implements Comparator<Comparable<Object>>, java.io.Serializable {
        static final ReverseComparator REVERSE_ORDER = new ReverseComparator();

        public int compare(Comparable<Object> c1, Comparable<Object> c2) {
            return c2.compareTo(c1);
        }

        @SuppressWarnings("unchecked")
        public Comparator<Comparable<Object>> reversed() {
            return (Comparator<Comparable<Object>>) (Comparator<?>) Comparators.NaturalOrderComparator.INSTANCE;
        }
    }

    @SuppressWarnings("unchecked")
    public static <T> Comparator<T> reverseOrder(Comparator<T> cmp) {
        if (cmp == null) return (Comparator<T>) ReverseComparator.REVERSE_ORDER;
        if (cmp == ReverseComparator.REVERSE_ORDER)
            return (Comparator<T>) (Comparator<?>) Comparators.NaturalOrderComparator.INSTANCE;
        if (cmp == (Comparator<?>) Comparators.NaturalOrderComparator.INSTANCE)
            return (Comparator<T>) ReverseComparator.REVERSE_ORDER;
        if (cmp instanceof ReverseComparator2) return ((ReverseComparator2<T>) cmp).cmp;
        return new ReverseComparator2<T>(cmp);
    }

    private static class ReverseComparator2<T> implements Comparator<T>, java.io.Serializable {
        final Comparator<T> cmp;

        ReverseComparator2(Comparator<T> cmp) {
            this.cmp = cmp;
        }

        public int compare(T t1, T t2) {
            return cmp.compare(t2, t1);
        }

        public boolean equals(Object o) {
            return (o == this) || (o instanceof ReverseComparator2 && cmp.equals(((ReverseComparator2<?>) o).cmp));
        }

        public int hashCode() {
            return cmp.hashCode() ^ Integer.MIN_VALUE;
        }

        public Comparator<T> reversed() {
            return cmp;
        }
    }

    // ---- empty / singleton / nCopies -------------------------------------------

    @SuppressWarnings("rawtypes")
    public static final List EMPTY_LIST = new EmptyList<Object>();
    @SuppressWarnings("rawtypes")
    public static final Set EMPTY_SET = new EmptySet<Object>();
    @SuppressWarnings("rawtypes")
    public static final Map EMPTY_MAP = new EmptyMap<Object, Object>();

    @SuppressWarnings("unchecked")
    public static final <T> List<T> emptyList() {
        return (List<T>) EMPTY_LIST;
    }

    @SuppressWarnings("unchecked")
    public static final <T> Set<T> emptySet() {
        return (Set<T>) EMPTY_SET;
    }

    @SuppressWarnings("unchecked")
    public static final <K, V> Map<K, V> emptyMap() {
        return (Map<K, V>) EMPTY_MAP;
    }

    @SuppressWarnings("unchecked")
    public static <T> Iterator<T> emptyIterator() {
        return (Iterator<T>) EmptyIterator.EMPTY_ITERATOR;
    }

    @SuppressWarnings("unchecked")
    public static <T> ListIterator<T> emptyListIterator() {
        return (ListIterator<T>) EmptyIterator.EMPTY_ITERATOR;
    }

    private static class EmptyIterator<E> implements ListIterator<E> {
        static final EmptyIterator<Object> EMPTY_ITERATOR = new EmptyIterator<Object>();

        public boolean hasNext() { return false; }
        public E next() { throw new NoSuchElementException(); }
        public boolean hasPrevious() { return false; }
        public E previous() { throw new NoSuchElementException(); }
        public int nextIndex() { return 0; }
        public int previousIndex() { return -1; }
        public void remove() { throw new IllegalStateException(); }
        public void set(E e) { throw new IllegalStateException(); }
        public void add(E e) { throw new UnsupportedOperationException(); }
        public void forEachRemaining(Consumer<? super E> action) { Objects.requireNonNull(action); }
    }

    private static class EmptyList<E> extends AbstractList<E> implements RandomAccess, java.io.Serializable {
        public Iterator<E> iterator() { return emptyIterator(); }
        public ListIterator<E> listIterator() { return emptyListIterator(); }
        public int size() { return 0; }
        public boolean isEmpty() { return true; }
        public void clear() {}
        public boolean contains(Object obj) { return false; }
        public boolean containsAll(Collection<?> c) { return c.isEmpty(); }
        public Object[] toArray() { return new Object[0]; }
        public <T> T[] toArray(T[] a) {
            if (a.length > 0) a[0] = null;
            return a;
        }
        public E get(int index) { throw new IndexOutOfBoundsException("Index: " + index); }
        public boolean equals(Object o) { return (o instanceof List) && ((List<?>) o).isEmpty(); }
        public int hashCode() { return 1; }
        public void sort(Comparator<? super E> c) {}
    }

    private static class EmptySet<E> extends AbstractSet<E> implements java.io.Serializable {
        public Iterator<E> iterator() { return emptyIterator(); }
        public int size() { return 0; }
        public boolean isEmpty() { return true; }
        public void clear() {}
        public boolean contains(Object obj) { return false; }
        public boolean containsAll(Collection<?> c) { return c.isEmpty(); }
        public Object[] toArray() { return new Object[0]; }
        public <T> T[] toArray(T[] a) {
            if (a.length > 0) a[0] = null;
            return a;
        }
        public int hashCode() { return 0; }
    }

    private static class EmptyMap<K, V> extends AbstractMap<K, V> implements java.io.Serializable {
        public int size() { return 0; }
        public boolean isEmpty() { return true; }
        public void clear() {}
        public boolean containsKey(Object key) { return false; }
        public boolean containsValue(Object value) { return false; }
        public V get(Object key) { return null; }
        public Set<K> keySet() { return emptySet(); }
        public Collection<V> values() { return emptySet(); }
        public Set<Map.Entry<K, V>> entrySet() { return emptySet(); }
        public boolean equals(Object o) { return (o instanceof Map) && ((Map<?, ?>) o).isEmpty(); }
        public int hashCode() { return 0; }
        public V getOrDefault(Object k, V defaultValue) { return defaultValue; }
    }

    public static <T> Set<T> singleton(T o) {
        return new SingletonSet<T>(o);
    }

    static <E> Iterator<E> singletonIterator(final E e) {
        return new Iterator<E>() {
            private boolean hasNext = true;

            public boolean hasNext() {
                return hasNext;
            }

            public E next() {
                if (hasNext) {
                    hasNext = false;
                    return e;
                }
                throw new NoSuchElementException();
            }
        };
    }

    private static class SingletonSet<E> extends AbstractSet<E> implements java.io.Serializable {
        private final E element;

        SingletonSet(E e) { element = e; }

        public Iterator<E> iterator() { return singletonIterator(element); }
        public int size() { return 1; }
        public boolean contains(Object o) { return Objects.equals(o, element); }
        public int hashCode() { return Objects.hashCode(element); }
    }

    public static <T> List<T> singletonList(T o) {
        return new SingletonList<T>(o);
    }

    private static class SingletonList<E> extends AbstractList<E> implements RandomAccess, java.io.Serializable {
        private final E element;

        SingletonList(E obj) { element = obj; }

        public Iterator<E> iterator() { return singletonIterator(element); }
        public int size() { return 1; }
        public boolean contains(Object obj) { return Objects.equals(obj, element); }
        public E get(int index) {
            if (index != 0) throw new IndexOutOfBoundsException("Index: " + index + ", Size: 1");
            return element;
        }
        public int hashCode() { return 31 + Objects.hashCode(element); }
        public void sort(Comparator<? super E> c) {}
    }

    public static <K, V> Map<K, V> singletonMap(K key, V value) {
        return new SingletonMap<K, V>(key, value);
    }

    private static class SingletonMap<K, V> extends AbstractMap<K, V> implements java.io.Serializable {
        private final K k;
        private final V v;

        SingletonMap(K key, V value) {
            k = key;
            v = value;
        }

        public int size() { return 1; }
        public boolean isEmpty() { return false; }
        public boolean containsKey(Object key) { return Objects.equals(key, k); }
        public boolean containsValue(Object value) { return Objects.equals(value, v); }
        public V get(Object key) { return (Objects.equals(key, k) ? v : null); }
        public Set<K> keySet() { return singleton(k); }
        public Set<Map.Entry<K, V>> entrySet() {
            return Collections.<Map.Entry<K, V>>singleton(new AbstractMap.SimpleImmutableEntry<K, V>(k, v));
        }
        public Collection<V> values() { return singleton(v); }
        public int hashCode() { return Objects.hashCode(k) ^ Objects.hashCode(v); }
    }

    public static <T> List<T> nCopies(int n, T o) {
        if (n < 0) throw new IllegalArgumentException("List length = " + n);
        return new CopiesList<T>(n, o);
    }

    private static class CopiesList<E> extends AbstractList<E> implements RandomAccess, java.io.Serializable {
        final int n;
        final E element;

        CopiesList(int n, E e) {
            this.n = n;
            element = e;
        }

        public int size() { return n; }
        public boolean contains(Object obj) { return n != 0 && Objects.equals(obj, element); }
        public E get(int index) {
            if (index < 0 || index >= n)
                throw new IndexOutOfBoundsException("Index " + index + " out of bounds for length " + n);
            return element;
        }
    }

    // ---- unmodifiable views -----------------------------------------------------

    @SuppressWarnings("unchecked")
    public static <T> Collection<T> unmodifiableCollection(Collection<? extends T> c) {
        if (c.getClass() == UnmodifiableCollection.class) return (Collection<T>) c;
        return new UnmodifiableCollection<T>(c);
    }

    static class UnmodifiableCollection<E> implements Collection<E>, java.io.Serializable {
        final Collection<? extends E> c;

        UnmodifiableCollection(Collection<? extends E> c) {
            if (c == null) throw new NullPointerException();
            this.c = c;
        }

        public int size() { return c.size(); }
        public boolean isEmpty() { return c.isEmpty(); }
        public boolean contains(Object o) { return c.contains(o); }
        public Object[] toArray() { return c.toArray(); }
        public <T> T[] toArray(T[] a) { return c.toArray(a); }
        public String toString() { return c.toString(); }

        public Iterator<E> iterator() {
            return new Iterator<E>() {
                private final Iterator<? extends E> i = c.iterator();

                public boolean hasNext() { return i.hasNext(); }
                public E next() { return i.next(); }
                public void remove() { throw new UnsupportedOperationException(); }
            };
        }

        public boolean add(E e) { throw new UnsupportedOperationException(); }
        public boolean remove(Object o) { throw new UnsupportedOperationException(); }
        public boolean containsAll(Collection<?> coll) { return c.containsAll(coll); }
        public boolean addAll(Collection<? extends E> coll) { throw new UnsupportedOperationException(); }
        public boolean removeAll(Collection<?> coll) { throw new UnsupportedOperationException(); }
        public boolean retainAll(Collection<?> coll) { throw new UnsupportedOperationException(); }
        public void clear() { throw new UnsupportedOperationException(); }
        public boolean removeIf(java.util.function.Predicate<? super E> filter) {
            throw new UnsupportedOperationException();
        }
        @SuppressWarnings("unchecked")
        public void forEach(Consumer<? super E> action) { ((Collection<E>) c).forEach(action); }
    }

    @SuppressWarnings("unchecked")
    public static <T> Set<T> unmodifiableSet(Set<? extends T> s) {
        if (s.getClass() == UnmodifiableSet.class) return (Set<T>) s;
        return new UnmodifiableSet<T>(s);
    }

    static class UnmodifiableSet<E> extends UnmodifiableCollection<E> implements Set<E>, java.io.Serializable {
        UnmodifiableSet(Set<? extends E> s) { super(s); }

        public boolean equals(Object o) { return o == this || c.equals(o); }
        public int hashCode() { return c.hashCode(); }
    }

    @SuppressWarnings("unchecked")
    public static <T> List<T> unmodifiableList(List<? extends T> list) {
        if (list.getClass() == UnmodifiableList.class || list.getClass() == UnmodifiableRandomAccessList.class)
            return (List<T>) list;
        return (list instanceof RandomAccess ? new UnmodifiableRandomAccessList<T>(list)
                                             : new UnmodifiableList<T>(list));
    }

    static class UnmodifiableList<E> extends UnmodifiableCollection<E> implements List<E> {
        final List<? extends E> list;

        UnmodifiableList(List<? extends E> list) {
            super(list);
            this.list = list;
        }

        public boolean equals(Object o) { return o == this || list.equals(o); }
        public int hashCode() { return list.hashCode(); }
        public E get(int index) { return list.get(index); }
        public E set(int index, E element) { throw new UnsupportedOperationException(); }
        public void add(int index, E element) { throw new UnsupportedOperationException(); }
        public E remove(int index) { throw new UnsupportedOperationException(); }
        public int indexOf(Object o) { return list.indexOf(o); }
        public int lastIndexOf(Object o) { return list.lastIndexOf(o); }
        public boolean addAll(int index, Collection<? extends E> c) { throw new UnsupportedOperationException(); }
        public void replaceAll(java.util.function.UnaryOperator<E> operator) { throw new UnsupportedOperationException(); }
        public void sort(Comparator<? super E> c) { throw new UnsupportedOperationException(); }
        public ListIterator<E> listIterator() { return listIterator(0); }

        public ListIterator<E> listIterator(final int index) {
            return new ListIterator<E>() {
                private final ListIterator<? extends E> i = list.listIterator(index);

                public boolean hasNext() { return i.hasNext(); }
                public E next() { return i.next(); }
                public boolean hasPrevious() { return i.hasPrevious(); }
                public E previous() { return i.previous(); }
                public int nextIndex() { return i.nextIndex(); }
                public int previousIndex() { return i.previousIndex(); }
                public void remove() { throw new UnsupportedOperationException(); }
                public void set(E e) { throw new UnsupportedOperationException(); }
                public void add(E e) { throw new UnsupportedOperationException(); }
            };
        }

        public List<E> subList(int fromIndex, int toIndex) {
            return new UnmodifiableList<E>(list.subList(fromIndex, toIndex));
        }
    }

    static class UnmodifiableRandomAccessList<E> extends UnmodifiableList<E> implements RandomAccess {
        UnmodifiableRandomAccessList(List<? extends E> list) { super(list); }

        public List<E> subList(int fromIndex, int toIndex) {
            return new UnmodifiableRandomAccessList<E>(list.subList(fromIndex, toIndex));
        }
    }

    @SuppressWarnings("unchecked")
    public static <K, V> Map<K, V> unmodifiableMap(Map<? extends K, ? extends V> m) {
        if (m.getClass() == UnmodifiableMap.class) return (Map<K, V>) m;
        return new UnmodifiableMap<K, V>(m);
    }

    private static class UnmodifiableMap<K, V> implements Map<K, V>, java.io.Serializable {
        private final Map<? extends K, ? extends V> m;

        UnmodifiableMap(Map<? extends K, ? extends V> m) {
            if (m == null) throw new NullPointerException();
            this.m = m;
        }

        public int size() { return m.size(); }
        public boolean isEmpty() { return m.isEmpty(); }
        public boolean containsKey(Object key) { return m.containsKey(key); }
        public boolean containsValue(Object val) { return m.containsValue(val); }
        public V get(Object key) { return m.get(key); }
        public V put(K key, V value) { throw new UnsupportedOperationException(); }
        public V remove(Object key) { throw new UnsupportedOperationException(); }
        public void putAll(Map<? extends K, ? extends V> m) { throw new UnsupportedOperationException(); }
        public void clear() { throw new UnsupportedOperationException(); }
        public Set<K> keySet() { return unmodifiableSet(m.keySet()); }
        public Collection<V> values() { return unmodifiableCollection(m.values()); }

        @SuppressWarnings({"unchecked", "rawtypes"})
        public Set<Map.Entry<K, V>> entrySet() {
            final Set<? extends Map.Entry<? extends K, ? extends V>> es = m.entrySet();
            return new AbstractSet<Map.Entry<K, V>>() {
                public int size() { return es.size(); }
                public Iterator<Map.Entry<K, V>> iterator() {
                    final Iterator<? extends Map.Entry<? extends K, ? extends V>> i = es.iterator();
                    return new Iterator<Map.Entry<K, V>>() {
                        public boolean hasNext() { return i.hasNext(); }
                        public Map.Entry<K, V> next() {
                            return new AbstractMap.SimpleImmutableEntry<K, V>((Map.Entry<K, V>) i.next());
                        }
                        public void remove() { throw new UnsupportedOperationException(); }
                    };
                }
            };
        }

        public boolean equals(Object o) { return o == this || m.equals(o); }
        public int hashCode() { return m.hashCode(); }
        public String toString() { return m.toString(); }

        @SuppressWarnings("unchecked")
        public V getOrDefault(Object k, V defaultValue) {
            return ((Map<K, V>) m).getOrDefault(k, defaultValue);
        }

        public V putIfAbsent(K key, V value) { throw new UnsupportedOperationException(); }
        public boolean remove(Object key, Object value) { throw new UnsupportedOperationException(); }
        public boolean replace(K key, V oldValue, V newValue) { throw new UnsupportedOperationException(); }
        public V replace(K key, V value) { throw new UnsupportedOperationException(); }
        public V computeIfAbsent(K key, java.util.function.Function<? super K, ? extends V> f) {
            throw new UnsupportedOperationException();
        }
        public V computeIfPresent(K key, java.util.function.BiFunction<? super K, ? super V, ? extends V> f) {
            throw new UnsupportedOperationException();
        }
        public V compute(K key, java.util.function.BiFunction<? super K, ? super V, ? extends V> f) {
            throw new UnsupportedOperationException();
        }
        public V merge(K key, V value, java.util.function.BiFunction<? super V, ? super V, ? extends V> f) {
            throw new UnsupportedOperationException();
        }
    }

    public static <K, V> SortedMap<K, V> unmodifiableSortedMap(SortedMap<K, ? extends V> m) {
        @SuppressWarnings("unchecked")
        SortedMap<K, V> r = (SortedMap<K, V>) m;
        return r;
    }

    // ---- synchronized (identity: one thread per VM) ---------------------------

    public static <T> Collection<T> synchronizedCollection(Collection<T> c) {
        return Objects.requireNonNull(c);
    }

    public static <T> List<T> synchronizedList(List<T> list) {
        return Objects.requireNonNull(list);
    }

    public static <T> Set<T> synchronizedSet(Set<T> s) {
        return Objects.requireNonNull(s);
    }

    public static <K, V> Map<K, V> synchronizedMap(Map<K, V> m) {
        return Objects.requireNonNull(m);
    }

    public static <E> Set<E> newSetFromMap(final Map<E, Boolean> map) {
        if (!map.isEmpty()) throw new IllegalArgumentException("Map is non-empty");
        return new AbstractSet<E>() {
            public void clear() { map.clear(); }
            public int size() { return map.size(); }
            public boolean isEmpty() { return map.isEmpty(); }
            public boolean contains(Object o) { return map.containsKey(o); }
            public boolean remove(Object o) { return map.remove(o) != null; }
            public boolean add(E e) { return map.put(e, Boolean.TRUE) == null; }
            public Iterator<E> iterator() { return map.keySet().iterator(); }
        };
    }

    public static <T> Enumeration<T> enumeration(final Collection<T> c) {
        return new Enumeration<T>() {
            private final Iterator<T> i = c.iterator();

            public boolean hasMoreElements() { return i.hasNext(); }
            public T nextElement() { return i.next(); }
        };
    }

    public static <T> ArrayList<T> list(Enumeration<T> e) {
        ArrayList<T> l = new ArrayList<T>();
        while (e.hasMoreElements()) l.add(e.nextElement());
        return l;
    }
}
