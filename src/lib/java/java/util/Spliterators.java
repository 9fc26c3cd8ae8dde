/* java.util.Spliterators for vifvm: the common factories (arrays,
 * collections, iterators, empty), iterator(Spliterator) and
 * AbstractSpliterator.  Nothing splits: trySplit returns null. */
package java.util;

import java.util.function.Consumer;
import java.util.function.IntConsumer;

public final class Spliterators {
    private Spliterators() {}

    static void checkFromToBounds(int arrayLength, int origin, int fence) {
        if (origin > fence) throw new ArrayIndexOutOfBoundsException("origin(" + origin + ") > fence(" + fence + ")");
        if (origin < 0) throw new ArrayIndexOutOfBoundsException(origin);
        if (fence > arrayLength) throw new ArrayIndexOutOfBoundsException(fence);
    }

    public static <T> Spliterator<T> emptySpliterator() {
        return new ArraySpliterator<T>(new Object[0], 0, 0, Spliterator.SIZED | Spliterator.SUBSIZED);
    }

    public static <T> Spliterator<T> spliterator(Object[] array, int additionalCharacteristics) {
        return new ArraySpliterator<T>(Objects.requireNonNull(array), 0, array.length, additionalCharacteristics);
    }

    public static <T> Spliterator<T> spliterator(Object[] array, int fromIndex, int toIndex, int additionalCharacteristics) {
        checkFromToBounds(Objects.requireNonNull(array).length, fromIndex, toIndex);
        return new ArraySpliterator<T>(array, fromIndex, toIndex, additionalCharacteristics);
    }

    public static <T> Spliterator<T> spliterator(Collection<? extends T> c, int characteristics) {
        return new IteratorSpliterator<T>(Objects.requireNonNull(c), null, -1, characteristics, true);
    }

    public static <T> Spliterator<T> spliterator(Iterator<? extends T> iterator, long size, int characteristics) {
        return new IteratorSpliterator<T>(null, Objects.requireNonNull(iterator), size, characteristics, true);
    }

    public static <T> Spliterator<T> spliteratorUnknownSize(Iterator<? extends T> iterator, int characteristics) {
        return new IteratorSpliterator<T>(null, Objects.requireNonNull(iterator), Long.MAX_VALUE, characteristics, false);
    }

    public static Spliterator.OfInt spliteratorUnknownSize(final PrimitiveIterator.OfInt iterator, final int characteristics) {
        Objects.requireNonNull(iterator);
        return new Spliterator.OfInt() {
            public boolean tryAdvance(IntConsumer action) {
                Objects.requireNonNull(action);
                if (!iterator.hasNext()) return false;
                action.accept(iterator.nextInt());
                return true;
            }

            public Spliterator.OfInt trySplit() { return null; }

            public long estimateSize() { return Long.MAX_VALUE; }

            public int characteristics() { return characteristics & ~(Spliterator.SIZED | Spliterator.SUBSIZED); }
        };
    }

    public static <T> Iterator<T> iterator(final Spliterator<? extends T> spliterator) {
        Objects.requireNonNull(spliterator);
        class Adapter implements Iterator<T>, Consumer<T> {
            boolean valueReady = false;
            T nextElement;

            public void accept(T t) {
                valueReady = true;
                nextElement = t;
            }

            public boolean hasNext() {
                if (!valueReady) spliterator.tryAdvance(this);
                return valueReady;
            }

            public T next() {
                if (!valueReady && !hasNext()) throw new NoSuchElementException();
                valueReady = false;
                T t = nextElement;
                nextElement = null;
                return t;
            }
        }
        return new Adapter();
    }

    static final class ArraySpliterator<T> implements Spliterator<T> {
        private final Object[] array;
        private int index;
        private final int fence;
        private final int characteristics;

        ArraySpliterator(Object[] array, int origin, int fence, int additionalCharacteristics) {
            this.array = array;
            this.index = origin;
            this.fence = fence;
            this.characteristics = additionalCharacteristics | Spliterator.SIZED | Spliterator.SUBSIZED;
        }

        public Spliterator<T> trySplit() { return null; }

        @SuppressWarnings("unchecked")
        public void forEachRemaining(Consumer<? super T> action) {
            Objects.requireNonNull(action);
            int i = index, hi = fence;
            index = hi;
            for (; i < hi; i++) action.accept((T) array[i]);
        }

        @SuppressWarnings("unchecked")
        public boolean tryAdvance(Consumer<? super T> action) {
            Objects.requireNonNull(action);
            if (index >= 0 && index < fence) {
                action.accept((T) array[index++]);
                return true;
            }
            return false;
        }

        public long estimateSize() { return (long) (fence - index); }

        public int characteristics() { return characteristics; }

        public Comparator<? super T> getComparator() {
            if (hasCharacteristics(Spliterator.SORTED)) return null;
            throw new IllegalStateException();
        }
    }

    /* late-binding for a collection: the iterator is taken on first use */
    static final class IteratorSpliterator<T> implements Spliterator<T> {
        private final Collection<? extends T> collection;
        private Iterator<? extends T> it;
        private final int characteristics;
        private long est;

        IteratorSpliterator(Collection<? extends T> c, Iterator<? extends T> it, long size, int characteristics, boolean sized) {
            this.collection = c;
            this.it = it;
            this.est = size;
            this.characteristics = sized && (characteristics & Spliterator.CONCURRENT) == 0
                ? characteristics | Spliterator.SIZED | Spliterator.SUBSIZED
                : characteristics & ~(Spliterator.SIZED | Spliterator.SUBSIZED);
        }

        public Spliterator<T> trySplit() { return null; }

        public void forEachRemaining(Consumer<? super T> action) {
            if (action == null) throw new NullPointerException();
            Iterator<? extends T> i;
            if ((i = it) == null) {
                i = it = collection.iterator();
                est = (long) collection.size();
            }
            while (i.hasNext()) action.accept(i.next());
        }

        public boolean tryAdvance(Consumer<? super T> action) {
            if (action == null) throw new NullPointerException();
            if (it == null) {
                it = collection.iterator();
                est = (long) collection.size();
            }
            if (it.hasNext()) {
                action.accept(it.next());
                return true;
            }
            return false;
        }

        public long estimateSize() {
            if (it == null) {
                it = collection.iterator();
                return est = (long) collection.size();
            }
            return est;
        }

        public int characteristics() { return characteristics; }

        public Comparator<? super T> getComparator() {
            if (hasCharacteristics(Spliterator.SORTED)) return null;
            throw new IllegalStateException();
        }
    }

    public abstract static class AbstractSpliterator<T> implements Spliterator<T> {
        private final int characteristics;
        private long est;

        protected AbstractSpliterator(long est, int additionalCharacteristics) {
            this.est = est;
            this.characteristics = ((additionalCharacteristics & Spliterator.SIZED) != 0)
                ? additionalCharacteristics | Spliterator.SUBSIZED
                : additionalCharacteristics;
        }

        public Spliterator<T> trySplit() { return null; }

        public long estimateSize() { return est; }

        public int characteristics() { return characteristics; }
    }
}
