/* java.util.KeyValueHolder for vifvm: the immutable entry of Map.entry(). */
package java.util;

final class KeyValueHolder<K, V> implements Map.Entry<K, V> {
    final K key;
    final V value;

    KeyValueHolder(K k, V v) {
        key = Objects.requireNonNull(k);
        value = Objects.requireNonNull(v);
    }

    public K getKey() {
        return key;
    }

    public V getValue() {
        return value;
    }

    public V setValue(V value) {
        throw new UnsupportedOperationException("not supported");
    }

    public boolean equals(Object o) {
        if (!(o instanceof Map.Entry)) return false;
        Map.Entry<?, ?> e = (Map.Entry<?, ?>) o;
        return key.equals(e.getKey()) && value.equals(e.getValue());
    }

    public int hashCode() {
        return key.hashCode() ^ value.hashCode();
    }

    public String toString() {
        return key + "=" + value;
    }
}
