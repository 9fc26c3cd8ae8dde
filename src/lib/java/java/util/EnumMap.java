/* java.util.EnumMap for vifvm: values in an array indexed by ordinal;
 * iteration in ordinal order as in the JDK. */
package java.util;

public class EnumMap<K extends Enum<K>, V> extends AbstractMap<K, V> implements java.io.Serializable, Cloneable {
    private static final long serialVersionUID = 458661240069192865L;
    private static final Object NULL = new Object() {
        public int hashCode() {
            return 0;
        }

        public String toString() {
            return "java.util.EnumMap.NULL";
        }
    };

    private final Class<K> keyType;
    private transient K[] keyUniverse;
    private transient Object[] vals;
    private transient int size = 0;

    public EnumMap(Class<K> keyType) {
        this.keyType = keyType;
        keyUniverse = keyType.getEnumConstants();
        if (keyUniverse == null) throw new ClassCastException(keyType + " not an enum");
        vals = new Object[keyUniverse.length];
    }

    public EnumMap(EnumMap<K, ? extends V> m) {
        keyType = m.keyType;
        keyUniverse = m.keyUniverse;
        vals = m.vals.clone();
        size = m.size;
    }

    @SuppressWarnings("unchecked")
    public EnumMap(Map<K, ? extends V> m) {
        if (m instanceof EnumMap) {
            EnumMap<K, ? extends V> em = (EnumMap<K, ? extends V>) m;
            keyType = em.keyType;
            keyUniverse = em.keyUniverse;
            vals = em.vals.clone();
            size = em.size;
        } else {
            if (m.isEmpty()) throw new IllegalArgumentException("Specified map is empty");
            keyType = m.keySet().iterator().next().getDeclaringClass();
            keyUniverse = keyType.getEnumConstants();
            vals = new Object[keyUniverse.length];
            putAll(m);
        }
    }

    private Object maskNull(Object value) {
        return (value == null ? NULL : value);
    }

    @SuppressWarnings("unchecked")
    private V unmaskNull(Object value) {
        return (V) (value == NULL ? null : value);
    }

    private boolean isValidKey(Object key) {
        if (key == null) return false;
        Class<?> keyClass = key.getClass();
        return keyClass == keyType || keyClass.getSuperclass() == keyType;
    }

    private void typeCheck(K key) {
        Class<?> keyClass = key.getClass();
        if (keyClass != keyType && keyClass.getSuperclass() != keyType)
            throw new ClassCastException(keyClass + " != " + keyType);
    }

    public int size() {
        return size;
    }

    public boolean containsValue(Object value) {
        value = maskNull(value);
        for (Object val : vals)
            if (value.equals(val)) return true;
        return false;
    }

    public boolean containsKey(Object key) {
        return isValidKey(key) && vals[((Enum<?>) key).ordinal()] != null;
    }

    public V get(Object key) {
        return (isValidKey(key) ? unmaskNull(vals[((Enum<?>) key).ordinal()]) : null);
    }

    public V put(K key, V value) {
        typeCheck(key);
        int index = key.ordinal();
        Object oldValue = vals[index];
        vals[index] = maskNull(value);
        if (oldValue == null) size++;
        return unmaskNull(oldValue);
    }

    public V remove(Object key) {
        if (!isValidKey(key)) return null;
        int index = ((Enum<?>) key).ordinal();
        Object oldValue = vals[index];
        vals[index] = null;
        if (oldValue != null) size--;
        return unmaskNull(oldValue);
    }

    public void clear() {
        Arrays.fill(vals, null);
        size = 0;
    }

    private class EntryIterator implements Iterator<Map.Entry<K, V>> {
        int index = 0;
        int lastReturnedIndex = -1;

        public boolean hasNext() {
            while (index < vals.length && vals[index] == null) index++;
            return index != vals.length;
        }

        public Map.Entry<K, V> next() {
            if (!hasNext()) throw new NoSuchElementException();
            lastReturnedIndex = index++;
            final int i = lastReturnedIndex;
            return new Map.Entry<K, V>() {
                public K getKey() {
                    return keyUniverse[i];
                }

                public V getValue() {
                    return unmaskNull(vals[i]);
                }

                public V setValue(V value) {
                    V old = unmaskNull(vals[i]);
                    vals[i] = maskNull(value);
                    return old;
                }

                public boolean equals(Object o) {
                    if (!(o instanceof Map.Entry)) return false;
                    Map.Entry<?, ?> e = (Map.Entry<?, ?>) o;
                    return keyUniverse[i] == e.getKey() && Objects.equals(getValue(), e.getValue());
                }

                public int hashCode() {
                    return keyUniverse[i].hashCode() ^ Objects.hashCode(getValue());
                }

                public String toString() {
                    return keyUniverse[i] + "=" + unmaskNull(vals[i]);
                }
            };
        }

        public void remove() {
            if (lastReturnedIndex < 0) throw new IllegalStateException();
            if (vals[lastReturnedIndex] != null) {
                vals[lastReturnedIndex] = null;
                size--;
            }
            lastReturnedIndex = -1;
        }
    }

    public Set<Map.Entry<K, V>> entrySet() {
        return new AbstractSet<Map.Entry<K, V>>() {
            public Iterator<Map.Entry<K, V>> iterator() {
                return new EntryIterator();
            }

            public int size() {
                return size;
            }

            public void clear() {
                EnumMap.this.clear();
            }
        };
    }

    @SuppressWarnings("unchecked")
    public EnumMap<K, V> clone() {
        EnumMap<K, V> result;
        try {
            result = (EnumMap<K, V>) super.clone();
        } catch (CloneNotSupportedException e) {
            throw new AssertionError();
        }
        result.vals = result.vals.clone();
        return result;
    }
}
