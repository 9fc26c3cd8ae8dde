/* java.util.stream.Sources for vifvm: the reference-element sources
 * (arrays, collections, iterators, Stream.iterate/generate, concat) and
 * PipelineSource, which lets a pipeline be pulled one element at a time
 * (Stream.iterator, Stream.concat, streams of foreign Stream objects). */
package java.util.stream;

import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Iterator;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

final class Sources {
    private Sources() {}

    static final class ArraySource extends Source {
        private final Object[] a;
        private int i;
        private final int end;

        ArraySource(Object[] a, int from, int to) {
            this.a = a;
            this.i = from;
            this.end = to;
        }

        boolean tryAdvance(Sink s) {
            if (i >= end) return false;
            s.accept(a[i++]);
            return true;
        }

        void forEachRemaining(Sink s) {
            Object[] arr = a;
            int hi = end;
            int k = i;
            i = hi;
            for (; k < hi; k++) s.accept(arr[k]);
        }

        long exactSize() {
            return end - i;
        }
    }

    /* late-binding, as the JDK's collection spliterators: the iterator is
     * taken when the terminal operation starts */
    static final class CollectionSource extends Source {
        private final Collection<?> c;
        private Iterator<?> it;

        CollectionSource(Collection<?> c) {
            this.c = c;
        }

        boolean tryAdvance(Sink s) {
            if (it == null) it = c.iterator();
            if (!it.hasNext()) return false;
            s.accept(it.next());
            return true;
        }

        void forEachRemaining(Sink s) {
            if (it == null) it = c.iterator();
            Iterator<?> i = it;
            while (i.hasNext()) s.accept(i.next());
        }

        long exactSize() {
            return it == null ? c.size() : -1;
        }
    }

    static final class IteratorSource extends Source {
        private final Iterator<?> it;

        IteratorSource(Iterator<?> it) {
            this.it = it;
        }

        boolean tryAdvance(Sink s) {
            if (!it.hasNext()) return false;
            s.accept(it.next());
            return true;
        }
    }

    static final class IterateSource<T> extends Source {
        private final T seed;
        private final Predicate<? super T> hasNext;
        private final UnaryOperator<T> next;
        private T prev;
        private boolean started, finished;

        IterateSource(T seed, Predicate<? super T> hasNext, UnaryOperator<T> next) {
            this.seed = seed;
            this.hasNext = hasNext;
            this.next = next;
        }

        boolean tryAdvance(Sink s) {
            if (finished) return false;
            T t;
            if (started) {
                t = next.apply(prev);
            } else {
                t = seed;
                started = true;
            }
            if (hasNext != null && !hasNext.test(t)) {
                prev = null;
                finished = true;
                return false;
            }
            prev = t;
            s.accept(t);
            return true;
        }
    }

    static final class GenerateSource extends Source {
        private final Supplier<?> supplier;

        GenerateSource(Supplier<?> supplier) {
            this.supplier = supplier;
        }

        boolean tryAdvance(Sink s) {
            s.accept(supplier.get());
            return true;
        }
    }

    /* a then b; sized when both are */
    static final class ConcatSource extends Source {
        private final Source a, b;
        private boolean inB;

        ConcatSource(Source a, Source b) {
            this.a = a;
            this.b = b;
        }

        boolean tryAdvance(Sink s) {
            if (!inB) {
                if (a.tryAdvance(s)) return true;
                inB = true;
            }
            return b.tryAdvance(s);
        }

        void forEachRemaining(Sink s) {
            if (!inB) {
                inB = true;
                a.forEachRemaining(s);
            }
            b.forEachRemaining(s);
        }

        long exactSize() {
            if (inB) return -1;
            long x = a.exactSize(), y = b.exactSize();
            if (x < 0 || y < 0 || x + y < 0) return -1;
            return x + y;
        }
    }

    /* Pulls a pipeline one element at a time (the JDK's WrappingSpliterator):
     * source elements are pushed through the stages into a buffer until it
     * holds something; end() is called once the source is exhausted, which
     * flushes barriers such as sorted().  Primitive elements are boxed in the
     * buffer and unboxed on the way out. */
    static final class PipelineSource extends Source {
        private final AbstractPipeline pipe;
        private final int shape;
        private Source src;
        private Sink chain;
        private final ArrayDeque<Object> buffer = new ArrayDeque<Object>();
        private boolean finished;
        private final long size;
        private final boolean sized;

        PipelineSource(AbstractPipeline pipe) {
            this.pipe = pipe;
            this.shape = pipe.shape();
            this.sized = pipe.sized;
            this.src = pipe.takeSource();
            this.size = sized ? src.exactSize() : -1;
        }

        private void init() {
            Sink.Terminal t = new Sink.Terminal() {
                void accept(Object v) { buffer.add(v == null ? NULL : v); }
                void accept(int v) { buffer.add(Integer.valueOf(v)); }
                void accept(long v) { buffer.add(Long.valueOf(v)); }
                void accept(double v) { buffer.add(Double.valueOf(v)); }
            };
            chain = pipe.wrapSink(t);
            chain.begin(size);
        }

        private static final Object NULL = new Object();

        private boolean fill() {
            if (chain == null) init();
            while (buffer.isEmpty()) {
                if (chain.cancellationRequested() || !src.tryAdvance(chain)) {
                    if (finished) return false;
                    chain.end();
                    finished = true;
                }
            }
            return true;
        }

        boolean hasNext() {
            return fill();
        }

        /* the next element, boxed (null for a null element) */
        Object next() {
            if (!fill()) throw new java.util.NoSuchElementException();
            Object v = buffer.poll();
            return v == NULL ? null : v;
        }

        boolean tryAdvance(Sink s) {
            if (!fill()) return false;
            Object v = buffer.poll();
            switch (shape) {
                case AbstractPipeline.INT: s.accept(((Integer) v).intValue()); break;
                case AbstractPipeline.LONG: s.accept(((Long) v).longValue()); break;
                case AbstractPipeline.DOUBLE: s.accept(((Double) v).doubleValue()); break;
                default: s.accept(v == NULL ? null : v); break;
            }
            return true;
        }

        long exactSize() {
            return chain == null ? size : -1;
        }
    }
}
