/* java.util.stream.RefPipeline for vifvm: the Stream implementation.  Each
 * intermediate operation is a stage (mostly a Stage holding a prototype
 * sink, copied for each run); each terminal operation a Sink.Terminal.
 * Laziness, short-circuiting and the order of side effects follow the
 * JDK's sequential pipelines; count() does not traverse a pipeline whose
 * size is known (JDK 9+), so peek() before count() may see nothing. */
package java.util.stream;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.BinaryOperator;
import java.util.function.Consumer;
import java.util.function.DoubleConsumer;
import java.util.function.Function;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import java.util.function.LongConsumer;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;

class RefPipeline<T> extends AbstractPipeline implements Stream<T> {
    RefPipeline(Source source, boolean sized) {
        super(source, sized);
    }

    RefPipeline(AbstractPipeline prev, boolean keepsSize, boolean shortCircuit) {
        super(prev, keepsSize, shortCircuit);
    }

    final int shape() {
        return REF;
    }

    /* an intermediate stage given by a prototype sink (Sink.copy) */
    static final class Stage<T> extends RefPipeline<T> {
        private final Sink proto;

        Stage(AbstractPipeline prev, boolean keepsSize, boolean shortCircuit, Sink proto) {
            super(prev, keepsSize, shortCircuit);
            this.proto = proto;
        }

        Sink opWrapSink(Sink down) {
            return proto.copy(down);
        }
    }

    static final class Head<T> extends RefPipeline<T> {
        Head(Source source, boolean sized) {
            super(source, sized);
        }
    }

    /* a foreign Stream implementation as one of ours */
    @SuppressWarnings("unchecked")
    static <T> RefPipeline<T> wrap(final Stream<T> s) {
        if (s instanceof RefPipeline) return (RefPipeline<T>) s;
        RefPipeline<T> p = new Head<T>(new Sources.IteratorSource(s.iterator()), false);
        p.onClose(new Runnable() {
            public void run() { s.close(); }
        });
        return p;
    }

    /* a stream's elements as a Source (consumes the stream) */
    static Source sourceOf(BaseStream<?, ?> s) {
        if (s instanceof AbstractPipeline) {
            AbstractPipeline p = (AbstractPipeline) s;
            if (p.prev == null) return p.takeSource();
            return new Sources.PipelineSource(p);
        }
        return new Sources.IteratorSource(s.iterator());
    }

    /* pushes the elements of a stream returned by a flatMap mapper */
    static void pushStream(BaseStream<?, ?> s, Sink down) {
        s = s.sequential();
        if (s instanceof AbstractPipeline) {
            AbstractPipeline.pushInto((AbstractPipeline) s, down);
            return;
        }
        Iterator<?> it = s.iterator();
        while (!down.cancellationRequested() && it.hasNext()) down.accept(it.next());
    }

    static final class ConsumerSink<T> implements Consumer<T> {
        private final Sink s;

        ConsumerSink(Sink s) {
            this.s = s;
        }

        public void accept(T t) {
            s.accept(t);
        }
    }

    // ---- intermediate operations ------------------------------------------

    public Stream<T> filter(final Predicate<? super T> predicate) {
        Objects.requireNonNull(predicate);
        return new RefPipeline.Stage<T>(this, false, false, new Sink() {
            @SuppressWarnings("unchecked")
            void accept(Object t) {
                if (predicate.test((T) t)) down.accept(t);
            }
        });
    }

    public <R> Stream<R> map(final Function<? super T, ? extends R> mapper) {
        Objects.requireNonNull(mapper);
        return new RefPipeline.Stage<R>(this, true, false, new Sink() {
            @SuppressWarnings("unchecked")
            void accept(Object t) {
                down.accept(mapper.apply((T) t));
            }
        });
    }

    public IntStream mapToInt(final ToIntFunction<? super T> mapper) {
        Objects.requireNonNull(mapper);
        return new IntPipeline.Stage(this, true, false, new Sink() {
            @SuppressWarnings("unchecked")
            void accept(Object t) {
                down.accept(mapper.applyAsInt((T) t));
            }
        });
    }

    public LongStream mapToLong(final ToLongFunction<? super T> mapper) {
        Objects.requireNonNull(mapper);
        return new LongPipeline.Stage(this, true, false, new Sink() {
            @SuppressWarnings("unchecked")
            void accept(Object t) {
                down.accept(mapper.applyAsLong((T) t));
            }
        });
    }

    public DoubleStream mapToDouble(final ToDoubleFunction<? super T> mapper) {
        Objects.requireNonNull(mapper);
        return new DoublePipeline.Stage(this, true, false, new Sink() {
            @SuppressWarnings("unchecked")
            void accept(Object t) {
                down.accept(mapper.applyAsDouble((T) t));
            }
        });
    }

    /* the flatMap family: mapper returns a stream (closed after use) */
    private Sink flatSink(final Function<? super T, ? extends BaseStream<?, ?>> mapper) {
        return new Sink() {
            @SuppressWarnings("unchecked")
            void accept(Object t) {
                try (BaseStream<?, ?> result = mapper.apply((T) t)) {
                    if (result != null) pushStream(result, down);
                }
            }
        };
    }

    public <R> Stream<R> flatMap(final Function<? super T, ? extends Stream<? extends R>> mapper) {
        Objects.requireNonNull(mapper);
        return new Stage<R>(this, false, false, flatSink(mapper));
    }

    public IntStream flatMapToInt(final Function<? super T, ? extends IntStream> mapper) {
        Objects.requireNonNull(mapper);
        return new IntPipeline.Stage(this, false, false, flatSink(mapper));
    }

    public LongStream flatMapToLong(final Function<? super T, ? extends LongStream> mapper) {
        Objects.requireNonNull(mapper);
        return new LongPipeline.Stage(this, false, false, flatSink(mapper));
    }

    public DoubleStream flatMapToDouble(final Function<? super T, ? extends DoubleStream> mapper) {
        Objects.requireNonNull(mapper);
        return new DoublePipeline.Stage(this, false, false, flatSink(mapper));
    }

    public <R> Stream<R> mapMulti(final BiConsumer<? super T, ? super Consumer<R>> mapper) {
        Objects.requireNonNull(mapper);
        return new RefPipeline<R>(this, false, false) {
            Sink opWrapSink(Sink down) {
                final ConsumerSink<R> c = new ConsumerSink<R>(down);
                return new Sink(down) {
                    @SuppressWarnings("unchecked")
                    void accept(Object t) {
                        mapper.accept((T) t, c);
                    }
                };
            }
        };
    }

    public IntStream mapMultiToInt(final BiConsumer<? super T, ? super IntConsumer> mapper) {
        Objects.requireNonNull(mapper);
        return new IntPipeline(this, false, false) {
            Sink opWrapSink(final Sink down) {
                final IntConsumer c = new IntConsumer() {
                    public void accept(int v) { down.accept(v); }
                };
                return new Sink(down) {
                    @SuppressWarnings("unchecked")
                    void accept(Object t) {
                        mapper.accept((T) t, c);
                    }
                };
            }
        };
    }

    public LongStream mapMultiToLong(final BiConsumer<? super T, ? super LongConsumer> mapper) {
        Objects.requireNonNull(mapper);
        return new LongPipeline(this, false, false) {
            Sink opWrapSink(final Sink down) {
                final LongConsumer c = new LongConsumer() {
                    public void accept(long v) { down.accept(v); }
                };
                return new Sink(down) {
                    @SuppressWarnings("unchecked")
                    void accept(Object t) {
                        mapper.accept((T) t, c);
                    }
                };
            }
        };
    }

    public DoubleStream mapMultiToDouble(final BiConsumer<? super T, ? super DoubleConsumer> mapper) {
        Objects.requireNonNull(mapper);
        return new DoublePipeline(this, false, false) {
            Sink opWrapSink(final Sink down) {
                final DoubleConsumer c = new DoubleConsumer() {
                    public void accept(double v) { down.accept(v); }
                };
                return new Sink(down) {
                    @SuppressWarnings("unchecked")
                    void accept(Object t) {
                        mapper.accept((T) t, c);
                    }
                };
            }
        };
    }

    public Stream<T> distinct() {
        return new RefPipeline.Stage<T>(this, false, false, new Sink() {
            HashSet<Object> seen;

            void begin(long size) {
                seen = new HashSet<Object>();
                down.begin(-1);
            }

            void end() {
                seen = null;
                down.end();
            }

            void accept(Object t) {
                if (!seen.contains(t)) {
                    seen.add(t);
                    down.accept(t);
                }
            }
        });
    }

    public Stream<T> sorted() {
        return sorted0(null);
    }

    public Stream<T> sorted(Comparator<? super T> comparator) {
        return sorted0(Objects.requireNonNull(comparator));
    }

    private Stream<T> sorted0(final Comparator<? super T> comparator) {
        return new RefPipeline.Stage<T>(this, true, false, new Sink() {
            ArrayList<Object> list;

            void begin(long size) {
                if (size >= Integer.MAX_VALUE - 8)
                    throw new IllegalArgumentException("Stream size exceeds max array size");
                list = size >= 0 ? new ArrayList<Object>((int) size) : new ArrayList<Object>();
            }

            @SuppressWarnings({"unchecked", "rawtypes"})
            void end() {
                Object[] a = list.toArray();
                list = null;
                if (comparator == null) java.util.Arrays.sort(a, (Comparator) Comparator.naturalOrder());
                else java.util.Arrays.sort(a, (Comparator) comparator);
                down.begin(a.length);
                for (int i = 0; i < a.length; i++) {
                    if (down.cancellationRequested()) break;
                    down.accept(a[i]);
                }
                down.end();
            }

            void accept(Object t) {
                list.add(t);
            }
        });
    }

    public Stream<T> peek(final Consumer<? super T> action) {
        Objects.requireNonNull(action);
        return new RefPipeline.Stage<T>(this, true, false, new Sink() {
            @SuppressWarnings("unchecked")
            void accept(Object t) {
                action.accept((T) t);
                down.accept(t);
            }
        });
    }

    private Stream<T> slice(final long skip, final long limit) {
        return new RefPipeline.Stage<T>(this, false, limit >= 0, new Sink() {
            long n = skip;
            long m = limit >= 0 ? limit : Long.MAX_VALUE;

            void accept(Object t) {
                if (n == 0) {
                    if (m > 0) {
                        m--;
                        down.accept(t);
                    }
                } else {
                    n--;
                }
            }

            boolean cancellationRequested() {
                return m == 0 || down.cancellationRequested();
            }
        });
    }

    public Stream<T> limit(long maxSize) {
        checkSlice(maxSize);
        return slice(0, maxSize);
    }

    public Stream<T> skip(long n) {
        checkSlice(n);
        if (n == 0) return this;
        return slice(n, -1);
    }

    public Stream<T> takeWhile(final Predicate<? super T> predicate) {
        Objects.requireNonNull(predicate);
        return new RefPipeline.Stage<T>(this, false, true, new Sink() {
            boolean take = true;

            @SuppressWarnings("unchecked")
            void accept(Object t) {
                if (take && (take = predicate.test((T) t))) down.accept(t);
            }

            boolean cancellationRequested() {
                return !take || down.cancellationRequested();
            }
        });
    }

    public Stream<T> dropWhile(final Predicate<? super T> predicate) {
        Objects.requireNonNull(predicate);
        return new RefPipeline.Stage<T>(this, false, false, new Sink() {
            boolean take;

            @SuppressWarnings("unchecked")
            void accept(Object t) {
                if (take || (take = !predicate.test((T) t))) down.accept(t);
            }
        });
    }

    // ---- terminal operations ------------------------------------------------

    public void forEach(final Consumer<? super T> action) {
        Objects.requireNonNull(action);
        evaluate(new Sink.Terminal() {
            @SuppressWarnings("unchecked")
            void accept(Object t) {
                action.accept((T) t);
            }
        }, false);
    }

    public void forEachOrdered(Consumer<? super T> action) {
        forEach(action);
    }

    private ArrayList<Object> toList0() {
        final ArrayList<Object> list = new ArrayList<Object>();
        evaluate(new Sink.Terminal() {
            void accept(Object t) {
                list.add(t);
            }
        }, false);
        return list;
    }

    public Object[] toArray() {
        return toList0().toArray();
    }

    public <A> A[] toArray(IntFunction<A[]> generator) {
        Object[] a = toList0().toArray();
        A[] r = generator.apply(a.length);
        if (r.length != a.length) throw new IllegalStateException("Begin size " + a.length + " is not equal to fixed size " + r.length);
        System.arraycopy(a, 0, r, 0, a.length);
        return r;
    }

    public T reduce(T identity, BinaryOperator<T> accumulator) {
        return reduce(identity, accumulator, accumulator);
    }

    public Optional<T> reduce(final BinaryOperator<T> accumulator) {
        Objects.requireNonNull(accumulator);
        final Object[] state = new Object[1];
        final boolean[] empty = {true};
        evaluate(new Sink.Terminal() {
            @SuppressWarnings("unchecked")
            void accept(Object t) {
                if (empty[0]) {
                    empty[0] = false;
                    state[0] = t;
                } else {
                    state[0] = accumulator.apply((T) state[0], (T) t);
                }
            }
        }, false);
        @SuppressWarnings("unchecked")
        T r = (T) state[0];
        return empty[0] ? Optional.<T>empty() : Optional.of(r);
    }

    public <U> U reduce(U identity, final BiFunction<U, ? super T, U> accumulator, BinaryOperator<U> combiner) {
        Objects.requireNonNull(accumulator);
        Objects.requireNonNull(combiner);
        final Object[] state = {identity};
        evaluate(new Sink.Terminal() {
            @SuppressWarnings("unchecked")
            void accept(Object t) {
                state[0] = accumulator.apply((U) state[0], (T) t);
            }
        }, false);
        @SuppressWarnings("unchecked")
        U r = (U) state[0];
        return r;
    }

    public <R> R collect(final Supplier<R> supplier, final BiConsumer<R, ? super T> accumulator, BiConsumer<R, R> combiner) {
        Objects.requireNonNull(supplier);
        Objects.requireNonNull(accumulator);
        Objects.requireNonNull(combiner);
        final Object[] state = new Object[1];
        evaluate(new Sink.Terminal() {
            void begin(long size) {
                state[0] = supplier.get();
            }

            @SuppressWarnings("unchecked")
            void accept(Object t) {
                accumulator.accept((R) state[0], (T) t);
            }
        }, false);
        @SuppressWarnings("unchecked")
        R r = (R) state[0];
        return r;
    }

    @SuppressWarnings("unchecked")
    public <R, A> R collect(Collector<? super T, A, R> collector) {
        Objects.requireNonNull(collector);
        final Supplier<A> supplier = collector.supplier();
        final BiConsumer<A, ? super T> accumulator = collector.accumulator();
        collector.combiner();
        final Object[] state = new Object[1];
        evaluate(new Sink.Terminal() {
            void begin(long size) {
                state[0] = supplier.get();
            }

            void accept(Object t) {
                accumulator.accept((A) state[0], (T) t);
            }
        }, false);
        A container = (A) state[0];
        return collector.characteristics().contains(Collector.Characteristics.IDENTITY_FINISH)
            ? (R) container : collector.finisher().apply(container);
    }

    public Optional<T> min(Comparator<? super T> comparator) {
        return reduce(BinaryOperator.<T>minBy(comparator));
    }

    public Optional<T> max(Comparator<? super T> comparator) {
        return reduce(BinaryOperator.<T>maxBy(comparator));
    }

    public long count() {
        long n = countIfSized();
        if (n >= 0) return n;
        final long[] c = new long[1];
        evaluate(new Sink.Terminal() {
            void accept(Object t) {
                c[0]++;
            }
        }, false);
        return c[0];
    }

    /* kind: 0 any, 1 all, 2 none (the JDK's MatchOps) */
    private boolean match(final Predicate<? super T> predicate, int kind) {
        Objects.requireNonNull(predicate);
        final boolean stopOn = kind != 1;
        final boolean stopResult = kind == 0;
        final boolean[] st = {false, !stopResult};
        evaluate(new Sink.Terminal() {
            @SuppressWarnings("unchecked")
            void accept(Object t) {
                if (!st[0] && predicate.test((T) t) == stopOn) {
                    st[0] = true;
                    st[1] = stopResult;
                }
            }

            boolean cancellationRequested() {
                return st[0];
            }
        }, true);
        return st[1];
    }

    public boolean anyMatch(Predicate<? super T> predicate) {
        return match(predicate, 0);
    }

    public boolean allMatch(Predicate<? super T> predicate) {
        return match(predicate, 1);
    }

    public boolean noneMatch(Predicate<? super T> predicate) {
        return match(predicate, 2);
    }

    public Optional<T> findFirst() {
        final Object[] v = new Object[1];
        final boolean[] has = new boolean[1];
        evaluate(new Sink.Terminal() {
            void accept(Object t) {
                if (!has[0]) {
                    has[0] = true;
                    v[0] = t;
                }
            }

            boolean cancellationRequested() {
                return has[0];
            }
        }, true);
        @SuppressWarnings("unchecked")
        T r = (T) v[0];
        return has[0] ? Optional.of(r) : Optional.<T>empty();
    }

    public Optional<T> findAny() {
        return findFirst();
    }

    public Iterator<T> iterator() {
        final Sources.PipelineSource ps = new Sources.PipelineSource(this);
        return new Iterator<T>() {
            public boolean hasNext() {
                return ps.hasNext();
            }

            @SuppressWarnings("unchecked")
            public T next() {
                if (!ps.hasNext()) throw new NoSuchElementException();
                return (T) ps.next();
            }
        };
    }

    public java.util.Spliterator<T> spliterator() {
        final Sources.PipelineSource ps = new Sources.PipelineSource(this);
        return new java.util.Spliterator<T>() {
            @SuppressWarnings("unchecked")
            public boolean tryAdvance(Consumer<? super T> action) {
                Objects.requireNonNull(action);
                if (!ps.hasNext()) return false;
                action.accept((T) ps.next());
                return true;
            }

            public java.util.Spliterator<T> trySplit() { return null; }

            public long estimateSize() {
                long n = ps.exactSize();
                return n >= 0 ? n : Long.MAX_VALUE;
            }

            public int characteristics() {
                return ps.exactSize() >= 0 ? ORDERED | SIZED | SUBSIZED : ORDERED;
            }
        };
    }

    public Stream<T> sequential() {
        setParallel(false);
        return this;
    }

    public Stream<T> parallel() {
        setParallel(true);
        return this;
    }

    public Stream<T> unordered() {
        return new RefPipeline<T>(this, true, false);
    }

    public Stream<T> onClose(Runnable closeHandler) {
        addCloseHandler(closeHandler);
        return this;
    }

    /* Stream.builder() */
    static final class BuilderImpl<T> implements Stream.Builder<T> {
        private ArrayList<Object> buf = new ArrayList<Object>();

        public void accept(T t) {
            if (buf == null) throw new IllegalStateException();
            buf.add(t);
        }

        public Stream<T> build() {
            if (buf == null) throw new IllegalStateException();
            Object[] a = buf.toArray();
            buf = null;
            return new Head<T>(new Sources.ArraySource(a, 0, a.length), true);
        }
    }
}
