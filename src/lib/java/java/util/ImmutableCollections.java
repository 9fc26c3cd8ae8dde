/* java.util.ImmutableCollections for vifvm: the unmodifiable lists, sets and
 * maps behind List.of/Set.of/Map.of (nulls rejected, duplicates rejected
 * with the JDK's messages; sets and maps keep insertion order). */
package java.util;

final class ImmutableCollections {
    private ImmutableCollections() {}

    static UnsupportedOperationException uoe() {
        return new UnsupportedOperationException();
    }

    static final ListN<Object> EMPTY_LIST = new ListN<Object>(new Object[0]);

    @SuppressWarnings("unchecked")
    static <E> List<E> emptyList() {
        return (List<E>) EMPTY_LIST;
    }

    @SafeVarargs
    static <E> List<E> listOf(E... input) {
        Object[] tmp = new Object[input.length];
        for (int i = 0; i < input.length; i++) tmp[i] = Objects.requireNonNull(input[i]);
        return new ListN<E>(tmp);
    }

    @SuppressWarnings("unchecked")
    static <E> List<E> listCopy(Collection<? extends E> coll) {
        if (coll instanceof ListN) return (List<E>) coll;
        return (List<E>) listOf(coll.toArray());
    }

    static final class ListN<E> extends AbstractList<E> implements RandomAccess, java.io.Serializable {
        private final Object[] elements;

        ListN(Object[] elements) {
            this.elements = elements;
        }

        public int size() { return elements.length; }
        public boolean isEmpty() { return elements.length == 0; }

        /* as the JDK: List12 (1 or 2 elements) checks the index itself,
         * ListN lets the array access fail */
        @SuppressWarnings("unchecked")
        public E get(int index) {
            int n = elements.length;
            if ((n == 1 || n == 2) && (index < 0 || index >= n))
                throw new IndexOutOfBoundsException("Index: " + index + " Size: " + n);
            return (E) elements[index];
        }

        public int indexOf(Object o) {
            Objects.requireNonNull(o);
            for (int i = 0; i < elements.length; i++)
                if (o.equals(elements[i])) return i;
            return -1;
        }

        public int lastIndexOf(Object o) {
            Objects.requireNonNull(o);
            for (int i = elements.length - 1; i >= 0; i--)
                if (o.equals(elements[i])) return i;
            return -1;
        }

        public boolean contains(Object o) { return indexOf(o) >= 0; }
        public Object[] toArray() { return Arrays.copyOf(elements, elements.length); }

        public boolean add(E e) { throw uoe(); }
        public boolean addAll(Collection<? extends E> c) { throw uoe(); }
        public boolean addAll(int index, Collection<? extends E> c) { throw uoe(); }
        public void clear() { throw uoe(); }
        public boolean remove(Object o) { throw uoe(); }
        public boolean removeAll(Collection<?> c) { throw uoe(); }
        public boolean removeIf(java.util.function.Predicate<? super E> filter) { throw uoe(); }
        public void replaceAll(java.util.function.UnaryOperator<E> operator) { throw uoe(); }
        public boolean retainAll(Collection<?> c) { throw uoe(); }
        public void sort(Comparator<? super E> c) { throw uoe(); }
        public void add(int index, E element) { throw uoe(); }
        public E remove(int index) { throw uoe(); }
        public E set(int index, E element) { throw uoe(); }
        protected void removeRange(int fromIndex, int toIndex) { throw uoe(); }
    }

    static <E> Set<E> setOf() {
        return new SetN<E>(new Object[0]);
    }

    @SafeVarargs
    static <E> Set<E> setOf(E... input) {
        Object[] tmp = new Object[input.length];
        HashSet<Object> seen = new HashSet<Object>();
        for (int i = 0; i < input.length; i++) {
            Object e = Objects.requireNonNull(input[i]);
            if (!seen.add(e)) throw new IllegalArgumentException("duplicate element: " + e);
            tmp[i] = e;
        }
        return new SetN<E>(tmp);
    }

    @SuppressWarnings("unchecked")
    static <E> Set<E> setCopy(Collection<? extends E> coll) {
        if (coll instanceof SetN) return (Set<E>) coll;
        LinkedHashSet<Object> s = new LinkedHashSet<Object>();
        for (Object e : coll) s.add(Objects.requireNonNull(e));
        return new SetN<E>(s.toArray());
    }

    static final class SetN<E> extends AbstractSet<E> implements java.io.Serializable {
        private final Object[] elements;

        SetN(Object[] elements) {
            this.elements = elements;
        }

        public int size() { return elements.length; }

        public boolean contains(Object o) {
            Objects.requireNonNull(o);
            for (Object e : elements)
                if (o.equals(e)) return true;
            return false;
        }

        public Iterator<E> iterator() {
            return new Iterator<E>() {
                private int i;

                public boolean hasNext() { return i < elements.length; }

                @SuppressWarnings("unchecked")
                public E next() {
                    if (i >= elements.length) throw new NoSuchElementException();
                    return (E) elements[i++];
                }
            };
        }

        public boolean add(E e) { throw uoe(); }
        public boolean addAll(Collection<? extends E> c) { throw uoe(); }
        public void clear() { throw uoe(); }
        public boolean remove(Object o) { throw uoe(); }
        public boolean removeAll(Collection<?> c) { throw uoe(); }
        public boolean removeIf(java.util.function.Predicate<? super E> filter) { throw uoe(); }
        public boolean retainAll(Collection<?> c) { throw uoe(); }
    }

    static <K, V> Map<K, V> mapOf(Object... kvs) {
        if ((kvs.length & 1) != 0) throw new InternalError("length is odd");
        MapN<K, V> m = new MapN<K, V>();
        for (int i = 0; i < kvs.length; i += 2) m.init(kvs[i], kvs[i + 1]);
        return m;
    }

    @SafeVarargs
    static <K, V> Map<K, V> mapOfEntries(Map.Entry<? extends K, ? extends V>... entries) {
        MapN<K, V> m = new MapN<K, V>();
        for (Map.Entry<? extends K, ? extends V> e : entries) m.init(e.getKey(), e.getValue());
        return m;
    }

    @SuppressWarnings("unchecked")
    static <K, V> Map<K, V> mapCopy(Map<? extends K, ? extends V> map) {
        if (map instanceof MapN) return (Map<K, V>) map;
        MapN<K, V> m = new MapN<K, V>();
        for (Map.Entry<? extends K, ? extends V> e : map.entrySet()) {
            if (!m.m.containsKey(Objects.requireNonNull(e.getKey()))) m.init(e.getKey(), e.getValue());
        }
        return m;
    }

    static final class MapN<K, V> extends AbstractMap<K, V> implements java.io.Serializable {
        final LinkedHashMap<K, V> m = new LinkedHashMap<K, V>();

        @SuppressWarnings("unchecked")
        void init(Object k, Object v) {
            Objects.requireNonNull(k);
            Objects.requireNonNull(v);
            if (m.containsKey(k)) throw new IllegalArgumentException("duplicate key: " + k);
            m.put((K) k, (V) v);
        }

        public int size() { return m.size(); }
        public V get(Object o) { return m.get(Objects.requireNonNull(o)); }
        public boolean containsKey(Object o) { return m.containsKey(Objects.requireNonNull(o)); }
        public boolean containsValue(Object o) { return m.containsValue(Objects.requireNonNull(o)); }

        public Set<Map.Entry<K, V>> entrySet() {
            final Set<Map.Entry<K, V>> es = m.entrySet();
            return new AbstractSet<Map.Entry<K, V>>() {
                public int size() { return es.size(); }
                public Iterator<Map.Entry<K, V>> iterator() {
                    final Iterator<Map.Entry<K, V>> it = es.iterator();
                    return new Iterator<Map.Entry<K, V>>() {
                        public boolean hasNext() { return it.hasNext(); }
                        public Map.Entry<K, V> next() {
                            Map.Entry<K, V> e = it.next();
                            return new KeyValueHolder<K, V>(e.getKey(), e.getValue());
                        }
                    };
                }
            };
        }

        public V put(K key, V value) { throw uoe(); }
        public V remove(Object key) { throw uoe(); }
        public void putAll(Map<? extends K, ? extends V> map) { throw uoe(); }
        public void clear() { throw uoe(); }
        public V putIfAbsent(K key, V value) { throw uoe(); }
        public boolean remove(Object key, Object value) { throw uoe(); }
        public boolean replace(K key, V oldValue, V newValue) { throw uoe(); }
        public V replace(K key, V value) { throw uoe(); }
        public V computeIfAbsent(K key, java.util.function.Function<? super K, ? extends V> f) { throw uoe(); }
        public V computeIfPresent(K key, java.util.function.BiFunction<? super K, ? super V, ? extends V> f) {
            throw uoe();
        }
        public V compute(K key, java.util.function.BiFunction<? super K, ? super V, ? extends V> f) {
            throw uoe();
        }
        public V merge(K key, V value, java.util.function.BiFunction<? super V, ? super V, ? extends V> f) {
            throw uoe();
        }
        public void replaceAll(java.util.function.BiFunction<? super K, ? super V, ? extends V> f) { throw uoe(); }
    }
}
