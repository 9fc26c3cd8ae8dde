/* java.util.concurrent.ConcurrentHashMap for vifvm: correct for one thread
 * (a VM instance has one).  The mappings live in a HashMap sized as the JDK
 * sizes its table, so iteration follows the same bucket order; keys that
 * share a bucket may come out in another order than the JDK's after the
 * table grows.  Null keys and values throw NullPointerException, as in the
 * JDK.  Iterators are weakly consistent like the JDK's: they walk a snapshot
 * of the keys taken when they start, skip keys removed since, and never
 * throw ConcurrentModificationException. */
package java.util.concurrent;

import java.util.AbstractCollection;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Collection;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.DoubleBinaryOperator;
import java.util.function.Function;
import java.util.function.IntBinaryOperator;
import java.util.function.LongBinaryOperator;
import java.util.function.ToDoubleBiFunction;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntBiFunction;
import java.util.function.ToIntFunction;
import java.util.function.ToLongBiFunction;
import java.util.function.ToLongFunction;

public class ConcurrentHashMap<K, V> extends AbstractMap<K, V>
        implements ConcurrentMap<K, V>, java.io.Serializable {
    private static final long serialVersionUID = 7249069246763182397L;

    private final HashMap<K, V> m;
    private transient KeySetView<K, V> keySet;
    private transient Collection<V> values;
    private transient Set<Map.Entry<K, V>> entrySet;

    public ConcurrentHashMap() {
        m = new HashMap<K, V>();
    }

    public ConcurrentHashMap(int initialCapacity) {
        this(initialCapacity, 0.75f, 1);
    }

    public ConcurrentHashMap(Map<? extends K, ? extends V> map) {
        m = new HashMap<K, V>(16);
        putAll(map);
    }

    public ConcurrentHashMap(int initialCapacity, float loadFactor) {
        this(initialCapacity, loadFactor, 1);
    }

    public ConcurrentHashMap(int initialCapacity, float loadFactor, int concurrencyLevel) {
        if (!(loadFactor > 0.0f) || initialCapacity < 0 || concurrencyLevel <= 0)
            throw new IllegalArgumentException();
        if (initialCapacity < concurrencyLevel) initialCapacity = concurrencyLevel;
        long size = (long) (1.0 + (long) initialCapacity / loadFactor);
        int cap = (size >= (long) (1 << 30)) ? (1 << 30) : tableSizeFor((int) size);
        m = new HashMap<K, V>(cap);
    }

    private static int tableSizeFor(int c) {
        int n = -1 >>> Integer.numberOfLeadingZeros(c - 1);
        return (n < 0) ? 1 : (n >= (1 << 30)) ? (1 << 30) : n + 1;
    }

    private static Object nn(Object o) {
        if (o == null) throw new NullPointerException();
        return o;
    }

    public int size() {
        return m.size();
    }

    public boolean isEmpty() {
        return m.isEmpty();
    }

    public V get(Object key) {
        return m.get(nn(key));
    }

    public boolean containsKey(Object key) {
        return m.containsKey(nn(key));
    }

    public boolean containsValue(Object value) {
        return m.containsValue(nn(value));
    }

    public V put(K key, V value) {
        nn(key);
        nn(value);
        return m.put(key, value);
    }

    public void putAll(Map<? extends K, ? extends V> map) {
        for (Map.Entry<? extends K, ? extends V> e : map.entrySet()) put(e.getKey(), e.getValue());
    }

    public V remove(Object key) {
        return m.remove(nn(key));
    }

    public void clear() {
        m.clear();
    }

    public KeySetView<K, V> keySet() {
        KeySetView<K, V> ks = keySet;
        return (ks != null) ? ks : (keySet = new KeySetView<K, V>(this, null));
    }

    public Collection<V> values() {
        Collection<V> vs = values;
        if (vs == null) {
            vs = values = new AbstractCollection<V>() {
                public Iterator<V> iterator() {
                    return new Iter<V>(ConcurrentHashMap.this, Iter.VALUES);
                }

                public int size() {
                    return m.size();
                }

                public boolean contains(Object o) {
                    return containsValue(o);
                }

                public void clear() {
                    m.clear();
                }
            };
        }
        return vs;
    }

    public Set<Map.Entry<K, V>> entrySet() {
        Set<Map.Entry<K, V>> es = entrySet;
        if (es == null) {
            es = entrySet = new AbstractSet<Map.Entry<K, V>>() {
                public Iterator<Map.Entry<K, V>> iterator() {
                    return new Iter<Map.Entry<K, V>>(ConcurrentHashMap.this, Iter.ENTRIES);
                }

                public int size() {
                    return m.size();
                }

                public boolean contains(Object o) {
                    if (!(o instanceof Map.Entry)) return false;
                    Map.Entry<?, ?> e = (Map.Entry<?, ?>) o;
                    Object k = e.getKey(), v = e.getValue();
                    Object cur;
                    return k != null && v != null && (cur = m.get(k)) != null && (v == cur || v.equals(cur));
                }

                public boolean remove(Object o) {
                    if (!(o instanceof Map.Entry)) return false;
                    Map.Entry<?, ?> e = (Map.Entry<?, ?>) o;
                    Object k = e.getKey(), v = e.getValue();
                    return k != null && v != null && ConcurrentHashMap.this.remove(k, v);
                }

                public void clear() {
                    m.clear();
                }
            };
        }
        return es;
    }

    public int hashCode() {
        return m.hashCode();
    }

    public String toString() {
        return m.toString();
    }

    public boolean equals(Object o) {
        if (o == this) return true;
        if (!(o instanceof Map)) return false;
        Map<?, ?> other = (Map<?, ?>) o;
        if (other.size() != m.size()) return false;
        for (Map.Entry<?, ?> e : other.entrySet()) {
            Object mk, mv, v;
            if ((mk = e.getKey()) == null || (mv = e.getValue()) == null
                || (v = m.get(mk)) == null || (mv != v && !mv.equals(v)))
                return false;
        }
        return true;
    }

    public V putIfAbsent(K key, V value) {
        nn(key);
        nn(value);
        V v = m.get(key);
        if (v == null) m.put(key, value);
        return v;
    }

    public boolean remove(Object key, Object value) {
        nn(key);
        return value != null && m.remove(key, value);
    }

    public boolean replace(K key, V oldValue, V newValue) {
        if (key == null || oldValue == null || newValue == null) throw new NullPointerException();
        return m.replace(key, oldValue, newValue);
    }

    public V replace(K key, V value) {
        if (key == null || value == null) throw new NullPointerException();
        return m.replace(key, value);
    }

    public V getOrDefault(Object key, V defaultValue) {
        V v;
        return (v = get(key)) == null ? defaultValue : v;
    }

    public void forEach(BiConsumer<? super K, ? super V> action) {
        if (action == null) throw new NullPointerException();
        Iter<Map.Entry<K, V>> it = new Iter<Map.Entry<K, V>>(this, Iter.ENTRIES);
        while (it.hasNext()) {
            Map.Entry<K, V> e = it.next();
            action.accept(e.getKey(), e.getValue());
        }
    }

    public void replaceAll(BiFunction<? super K, ? super V, ? extends V> function) {
        if (function == null) throw new NullPointerException();
        Iter<K> it = new Iter<K>(this, Iter.KEYS);
        while (it.hasNext()) {
            K k = it.next();
            V oldValue = m.get(k);
            if (oldValue == null) continue;
            V newValue = function.apply(k, oldValue);
            if (newValue == null) throw new NullPointerException();
            m.put(k, newValue);
        }
    }

    public V computeIfAbsent(K key, Function<? super K, ? extends V> mappingFunction) {
        if (key == null || mappingFunction == null) throw new NullPointerException();
        V v = m.get(key);
        if (v != null) return v;
        V val = mappingFunction.apply(key);
        if (val != null) m.put(key, val);
        return val;
    }

    public V computeIfPresent(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        if (key == null || remappingFunction == null) throw new NullPointerException();
        V v = m.get(key);
        if (v == null) return null;
        V val = remappingFunction.apply(key, v);
        if (val != null) m.put(key, val);
        else m.remove(key);
        return val;
    }

    public V compute(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        if (key == null || remappingFunction == null) throw new NullPointerException();
        V v = m.get(key);
        V val = remappingFunction.apply(key, v);
        if (val != null) m.put(key, val);
        else if (v != null) m.remove(key);
        return val;
    }

    public V merge(K key, V value, BiFunction<? super V, ? super V, ? extends V> remappingFunction) {
        if (key == null || value == null || remappingFunction == null) throw new NullPointerException();
        V v = m.get(key);
        V val = (v == null) ? value : remappingFunction.apply(v, value);
        if (val != null) m.put(key, val);
        else m.remove(key);
        return val;
    }

    public boolean contains(Object value) {
        return containsValue(value);
    }

    public Enumeration<K> keys() {
        return new Iter<K>(this, Iter.KEYS);
    }

    public Enumeration<V> elements() {
        return new Iter<V>(this, Iter.VALUES);
    }

    public long mappingCount() {
        return m.size();
    }

    public static <K> KeySetView<K, Boolean> newKeySet() {
        return new KeySetView<K, Boolean>(new ConcurrentHashMap<K, Boolean>(), Boolean.TRUE);
    }

    public static <K> KeySetView<K, Boolean> newKeySet(int initialCapacity) {
        return new KeySetView<K, Boolean>(new ConcurrentHashMap<K, Boolean>(initialCapacity), Boolean.TRUE);
    }

    public KeySetView<K, V> keySet(V mappedValue) {
        if (mappedValue == null) throw new NullPointerException();
        return new KeySetView<K, V>(this, mappedValue);
    }

    /* ---- bulk operations (JDK 8).  The parallelismThreshold is accepted
     * and ignored: everything runs on the calling thread, in iteration
     * order (a left fold; the JDK's parallel fold may combine in another
     * order, which only an associative reducer makes equal).  Null results
     * of a transformer are skipped, as in the JDK, and the entries they
     * see refuse setValue (UnsupportedOperationException) as the JDK's
     * table nodes do. */

    private Iter<Map.Entry<K, V>> entries() {
        return new Iter<Map.Entry<K, V>>(this, Iter.BULK_ENTRIES);
    }

    public void forEach(long parallelismThreshold, BiConsumer<? super K, ? super V> action) {
        forEach(action);
    }

    public <U> void forEach(long parallelismThreshold, BiFunction<? super K, ? super V, ? extends U> transformer,
                            Consumer<? super U> action) {
        nn(transformer); nn(action);
        for (Iter<Map.Entry<K, V>> it = entries(); it.hasNext();) {
            Map.Entry<K, V> e = it.next();
            U u = transformer.apply(e.getKey(), e.getValue());
            if (u != null) action.accept(u);
        }
    }

    public <U> U search(long parallelismThreshold, BiFunction<? super K, ? super V, ? extends U> searchFunction) {
        nn(searchFunction);
        for (Iter<Map.Entry<K, V>> it = entries(); it.hasNext();) {
            Map.Entry<K, V> e = it.next();
            U u = searchFunction.apply(e.getKey(), e.getValue());
            if (u != null) return u;
        }
        return null;
    }

    public <U> U reduce(long parallelismThreshold, BiFunction<? super K, ? super V, ? extends U> transformer,
                        BiFunction<? super U, ? super U, ? extends U> reducer) {
        nn(transformer); nn(reducer);
        U r = null;
        for (Iter<Map.Entry<K, V>> it = entries(); it.hasNext();) {
            Map.Entry<K, V> e = it.next();
            U u = transformer.apply(e.getKey(), e.getValue());
            if (u != null) r = r == null ? u : reducer.apply(r, u);
        }
        return r;
    }

    public double reduceToDouble(long parallelismThreshold, ToDoubleBiFunction<? super K, ? super V> transformer,
                                 double basis, DoubleBinaryOperator reducer) {
        nn(transformer); nn(reducer);
        double r = basis;
        for (Iter<Map.Entry<K, V>> it = entries(); it.hasNext();) {
            Map.Entry<K, V> e = it.next();
            r = reducer.applyAsDouble(r, transformer.applyAsDouble(e.getKey(), e.getValue()));
        }
        return r;
    }

    public long reduceToLong(long parallelismThreshold, ToLongBiFunction<? super K, ? super V> transformer,
                             long basis, LongBinaryOperator reducer) {
        nn(transformer); nn(reducer);
        long r = basis;
        for (Iter<Map.Entry<K, V>> it = entries(); it.hasNext();) {
            Map.Entry<K, V> e = it.next();
            r = reducer.applyAsLong(r, transformer.applyAsLong(e.getKey(), e.getValue()));
        }
        return r;
    }

    public int reduceToInt(long parallelismThreshold, ToIntBiFunction<? super K, ? super V> transformer,
                           int basis, IntBinaryOperator reducer) {
        nn(transformer); nn(reducer);
        int r = basis;
        for (Iter<Map.Entry<K, V>> it = entries(); it.hasNext();) {
            Map.Entry<K, V> e = it.next();
            r = reducer.applyAsInt(r, transformer.applyAsInt(e.getKey(), e.getValue()));
        }
        return r;
    }

    /* keys (KEYS), values (VALUES) and entries (ENTRIES) alike */
    @SuppressWarnings("unchecked")
    private <T> void forEachOf(int kind, Function<? super T, ?> transformer, Consumer<Object> action) {
        for (Iter<T> it = new Iter<T>(this, kind); it.hasNext();) {
            T t = it.next();
            Object u = transformer == null ? t : transformer.apply(t);
            if (u != null) action.accept(u);
        }
    }

    private <T, U> U searchOf(int kind, Function<? super T, ? extends U> f) {
        nn(f);
        for (Iter<T> it = new Iter<T>(this, kind); it.hasNext();) {
            U u = f.apply(it.next());
            if (u != null) return u;
        }
        return null;
    }

    private <T, U> U reduceOf(int kind, Function<? super T, ? extends U> transformer,
                              BiFunction<? super U, ? super U, ? extends U> reducer) {
        nn(reducer);
        U r = null;
        for (Iter<T> it = new Iter<T>(this, kind); it.hasNext();) {
            T t = it.next();
            @SuppressWarnings("unchecked")
            U u = transformer == null ? (U) t : transformer.apply(t);
            if (u != null) r = r == null ? u : reducer.apply(r, u);
        }
        return r;
    }

    private <T> double reduceDoubleOf(int kind, ToDoubleFunction<? super T> f, double basis, DoubleBinaryOperator op) {
        nn(f); nn(op);
        double r = basis;
        for (Iter<T> it = new Iter<T>(this, kind); it.hasNext();) r = op.applyAsDouble(r, f.applyAsDouble(it.next()));
        return r;
    }

    private <T> long reduceLongOf(int kind, ToLongFunction<? super T> f, long basis, LongBinaryOperator op) {
        nn(f); nn(op);
        long r = basis;
        for (Iter<T> it = new Iter<T>(this, kind); it.hasNext();) r = op.applyAsLong(r, f.applyAsLong(it.next()));
        return r;
    }

    private <T> int reduceIntOf(int kind, ToIntFunction<? super T> f, int basis, IntBinaryOperator op) {
        nn(f); nn(op);
        int r = basis;
        for (Iter<T> it = new Iter<T>(this, kind); it.hasNext();) r = op.applyAsInt(r, f.applyAsInt(it.next()));
        return r;
    }

    @SuppressWarnings("unchecked")
    private static Consumer<Object> any(Consumer<?> c) {
        nn(c);
        return (Consumer<Object>) c;
    }

    public void forEachKey(long parallelismThreshold, Consumer<? super K> action) {
        this.<K>forEachOf(Iter.KEYS, null, any(action));
    }

    public <U> void forEachKey(long parallelismThreshold, Function<? super K, ? extends U> transformer,
                               Consumer<? super U> action) {
        nn(transformer);
        this.<K>forEachOf(Iter.KEYS, transformer, any(action));
    }

    public <U> U searchKeys(long parallelismThreshold, Function<? super K, ? extends U> searchFunction) {
        return this.<K, U>searchOf(Iter.KEYS, searchFunction);
    }

    public K reduceKeys(long parallelismThreshold, BiFunction<? super K, ? super K, ? extends K> reducer) {
        return this.<K, K>reduceOf(Iter.KEYS, null, reducer);
    }

    public <U> U reduceKeys(long parallelismThreshold, Function<? super K, ? extends U> transformer,
                            BiFunction<? super U, ? super U, ? extends U> reducer) {
        nn(transformer);
        return this.<K, U>reduceOf(Iter.KEYS, transformer, reducer);
    }

    public double reduceKeysToDouble(long parallelismThreshold, ToDoubleFunction<? super K> transformer,
                                     double basis, DoubleBinaryOperator reducer) {
        return this.<K>reduceDoubleOf(Iter.KEYS, transformer, basis, reducer);
    }

    public long reduceKeysToLong(long parallelismThreshold, ToLongFunction<? super K> transformer,
                                 long basis, LongBinaryOperator reducer) {
        return this.<K>reduceLongOf(Iter.KEYS, transformer, basis, reducer);
    }

    public int reduceKeysToInt(long parallelismThreshold, ToIntFunction<? super K> transformer,
                               int basis, IntBinaryOperator reducer) {
        return this.<K>reduceIntOf(Iter.KEYS, transformer, basis, reducer);
    }

    public void forEachValue(long parallelismThreshold, Consumer<? super V> action) {
        this.<V>forEachOf(Iter.VALUES, null, any(action));
    }

    public <U> void forEachValue(long parallelismThreshold, Function<? super V, ? extends U> transformer,
                                 Consumer<? super U> action) {
        nn(transformer);
        this.<V>forEachOf(Iter.VALUES, transformer, any(action));
    }

    public <U> U searchValues(long parallelismThreshold, Function<? super V, ? extends U> searchFunction) {
        return this.<V, U>searchOf(Iter.VALUES, searchFunction);
    }

    public V reduceValues(long parallelismThreshold, BiFunction<? super V, ? super V, ? extends V> reducer) {
        return this.<V, V>reduceOf(Iter.VALUES, null, reducer);
    }

    public <U> U reduceValues(long parallelismThreshold, Function<? super V, ? extends U> transformer,
                              BiFunction<? super U, ? super U, ? extends U> reducer) {
        nn(transformer);
        return this.<V, U>reduceOf(Iter.VALUES, transformer, reducer);
    }

    public double reduceValuesToDouble(long parallelismThreshold, ToDoubleFunction<? super V> transformer,
                                       double basis, DoubleBinaryOperator reducer) {
        return this.<V>reduceDoubleOf(Iter.VALUES, transformer, basis, reducer);
    }

    public long reduceValuesToLong(long parallelismThreshold, ToLongFunction<? super V> transformer,
                                   long basis, LongBinaryOperator reducer) {
        return this.<V>reduceLongOf(Iter.VALUES, transformer, basis, reducer);
    }

    public int reduceValuesToInt(long parallelismThreshold, ToIntFunction<? super V> transformer,
                                 int basis, IntBinaryOperator reducer) {
        return this.<V>reduceIntOf(Iter.VALUES, transformer, basis, reducer);
    }

    public void forEachEntry(long parallelismThreshold, Consumer<? super Map.Entry<K, V>> action) {
        this.<Map.Entry<K, V>>forEachOf(Iter.BULK_ENTRIES, null, any(action));
    }

    public <U> void forEachEntry(long parallelismThreshold, Function<Map.Entry<K, V>, ? extends U> transformer,
                                 Consumer<? super U> action) {
        nn(transformer);
        this.<Map.Entry<K, V>>forEachOf(Iter.BULK_ENTRIES, transformer, any(action));
    }

    public <U> U searchEntries(long parallelismThreshold, Function<Map.Entry<K, V>, ? extends U> searchFunction) {
        return this.<Map.Entry<K, V>, U>searchOf(Iter.BULK_ENTRIES, searchFunction);
    }

    public Map.Entry<K, V> reduceEntries(long parallelismThreshold,
                                         BiFunction<Map.Entry<K, V>, Map.Entry<K, V>, ? extends Map.Entry<K, V>> reducer) {
        return this.<Map.Entry<K, V>, Map.Entry<K, V>>reduceOf(Iter.BULK_ENTRIES, null, reducer);
    }

    public <U> U reduceEntries(long parallelismThreshold, Function<Map.Entry<K, V>, ? extends U> transformer,
                               BiFunction<? super U, ? super U, ? extends U> reducer) {
        nn(transformer);
        return this.<Map.Entry<K, V>, U>reduceOf(Iter.BULK_ENTRIES, transformer, reducer);
    }

    public double reduceEntriesToDouble(long parallelismThreshold, ToDoubleFunction<Map.Entry<K, V>> transformer,
                                        double basis, DoubleBinaryOperator reducer) {
        return this.<Map.Entry<K, V>>reduceDoubleOf(Iter.BULK_ENTRIES, transformer, basis, reducer);
    }

    public long reduceEntriesToLong(long parallelismThreshold, ToLongFunction<Map.Entry<K, V>> transformer,
                                    long basis, LongBinaryOperator reducer) {
        return this.<Map.Entry<K, V>>reduceLongOf(Iter.BULK_ENTRIES, transformer, basis, reducer);
    }

    public int reduceEntriesToInt(long parallelismThreshold, ToIntFunction<Map.Entry<K, V>> transformer,
                                  int basis, IntBinaryOperator reducer) {
        return this.<Map.Entry<K, V>>reduceIntOf(Iter.BULK_ENTRIES, transformer, basis, reducer);
    }

    /* Weakly consistent iterator over a snapshot of the keys. */
    static final class Iter<E> implements Iterator<E>, Enumeration<E> {
        static final int KEYS = 0, VALUES = 1, ENTRIES = 2, BULK_ENTRIES = 3;
        private final ConcurrentHashMap<Object, Object> map;
        private final Object[] keys;
        private final int kind;
        private int i;
        private Object nextKey, nextValue, lastKey;

        @SuppressWarnings("unchecked")
        Iter(ConcurrentHashMap<?, ?> map, int kind) {
            this.map = (ConcurrentHashMap<Object, Object>) map;
            this.keys = map.m.keySet().toArray();
            this.kind = kind;
            advance();
        }

        private void advance() {
            nextKey = nextValue = null;
            while (i < keys.length) {
                Object k = keys[i++];
                Object v = map.m.get(k);
                if (v != null) {
                    nextKey = k;
                    nextValue = v;
                    return;
                }
            }
        }

        public boolean hasNext() {
            return nextKey != null;
        }

        @SuppressWarnings("unchecked")
        public E next() {
            Object k = nextKey, v = nextValue;
            if (k == null) throw new NoSuchElementException();
            lastKey = k;
            advance();
            if (kind == KEYS) return (E) k;
            if (kind == VALUES) return (E) v;
            if (kind == BULK_ENTRIES) return (E) new AbstractMap.SimpleImmutableEntry<Object, Object>(k, v);
            return (E) new MapEntry(k, v, map);
        }

        public void remove() {
            Object k = lastKey;
            if (k == null) throw new IllegalStateException();
            lastKey = null;
            map.remove(k);
        }

        public boolean hasMoreElements() {
            return hasNext();
        }

        public E nextElement() {
            return next();
        }
    }

    /* An entry of an iteration: setValue writes through to the map. */
    static final class MapEntry implements Map.Entry<Object, Object> {
        final Object key;
        Object val;
        final ConcurrentHashMap<Object, Object> map;

        MapEntry(Object key, Object val, ConcurrentHashMap<Object, Object> map) {
            this.key = key;
            this.val = val;
            this.map = map;
        }

        public Object getKey() {
            return key;
        }

        public Object getValue() {
            return val;
        }

        public int hashCode() {
            return key.hashCode() ^ val.hashCode();
        }

        public String toString() {
            return key + "=" + val;
        }

        public boolean equals(Object o) {
            Object k, v;
            Map.Entry<?, ?> e;
            return ((o instanceof Map.Entry) && (k = (e = (Map.Entry<?, ?>) o).getKey()) != null
                    && (v = e.getValue()) != null && (k == key || k.equals(key))
                    && (v == val || v.equals(val)));
        }

        public Object setValue(Object value) {
            if (value == null) throw new NullPointerException();
            Object v = val;
            val = value;
            map.put(key, value);
            return v;
        }
    }

    public static class KeySetView<K, V> extends AbstractSet<K> implements Set<K>, java.io.Serializable {
        private static final long serialVersionUID = 7249069246763182397L;
        private final ConcurrentHashMap<K, V> map;
        private final V value;

        KeySetView(ConcurrentHashMap<K, V> map, V value) {
            this.map = map;
            this.value = value;
        }

        public V getMappedValue() {
            return value;
        }

        public ConcurrentHashMap<K, V> getMap() {
            return map;
        }

        public int size() {
            return map.size();
        }

        public boolean isEmpty() {
            return map.isEmpty();
        }

        public void clear() {
            map.clear();
        }

        public boolean contains(Object o) {
            return map.containsKey(o);
        }

        public boolean remove(Object o) {
            return map.remove(o) != null;
        }

        public Iterator<K> iterator() {
            return new Iter<K>(map, Iter.KEYS);
        }

        public boolean add(K e) {
            V v;
            if ((v = value) == null) throw new UnsupportedOperationException();
            return map.putIfAbsent(e, v) == null;
        }

        public boolean addAll(Collection<? extends K> c) {
            boolean added = false;
            V v;
            if ((v = value) == null) throw new UnsupportedOperationException();
            for (K e : c) {
                if (map.putIfAbsent(e, v) == null) added = true;
            }
            return added;
        }

        public int hashCode() {
            int h = 0;
            for (K e : this) h += e.hashCode();
            return h;
        }

        public boolean equals(Object o) {
            Set<?> c;
            return ((o instanceof Set) && ((c = (Set<?>) o) == this || (containsAll(c) && c.containsAll(this))));
        }
    }
}
