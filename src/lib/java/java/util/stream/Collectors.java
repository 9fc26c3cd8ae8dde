/* java.util.stream.Collectors for vifvm: the JDK 17 collectors (the
 * concurrent ones, groupingByConcurrent and toConcurrentMap, are
 * omitted), with the JDK's containers (ArrayList, HashSet, HashMap), its
 * exception messages and its compensated summation for doubles. */
package java.util.stream;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.DoubleSummaryStatistics;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IntSummaryStatistics;
import java.util.Iterator;
import java.util.List;
import java.util.LongSummaryStatistics;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.StringJoiner;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.BinaryOperator;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;

public final class Collectors {
    static final Set<Collector.Characteristics> CH_ID =
        Collections.unmodifiableSet(EnumSet.of(Collector.Characteristics.IDENTITY_FINISH));
    static final Set<Collector.Characteristics> CH_UNORDERED_ID =
        Collections.unmodifiableSet(EnumSet.of(Collector.Characteristics.UNORDERED, Collector.Characteristics.IDENTITY_FINISH));
    static final Set<Collector.Characteristics> CH_NOID = Collections.emptySet();
    static final Set<Collector.Characteristics> CH_UNORDERED_NOID =
        Collections.unmodifiableSet(EnumSet.of(Collector.Characteristics.UNORDERED));

    private Collectors() {}

    static final class CollectorImpl<T, A, R> implements Collector<T, A, R> {
        private final Supplier<A> supplier;
        private final BiConsumer<A, T> accumulator;
        private final BinaryOperator<A> combiner;
        private final Function<A, R> finisher;
        private final Set<Characteristics> characteristics;

        CollectorImpl(Supplier<A> supplier, BiConsumer<A, T> accumulator, BinaryOperator<A> combiner,
                      Function<A, R> finisher, Set<Characteristics> characteristics) {
            this.supplier = supplier;
            this.accumulator = accumulator;
            this.combiner = combiner;
            this.finisher = finisher;
            this.characteristics = characteristics;
        }

        CollectorImpl(Supplier<A> supplier, BiConsumer<A, T> accumulator, BinaryOperator<A> combiner,
                      Set<Characteristics> characteristics) {
            this(supplier, accumulator, combiner, Collectors.<A, R>castingIdentity(), characteristics);
        }

        public BiConsumer<A, T> accumulator() { return accumulator; }

        public Supplier<A> supplier() { return supplier; }

        public BinaryOperator<A> combiner() { return combiner; }

        public Function<A, R> finisher() { return finisher; }

        public Set<Characteristics> characteristics() { return characteristics; }
    }

    @SuppressWarnings("unchecked")
    static <I, R> Function<I, R> castingIdentity() {
        return new Function<I, R>() {
            public R apply(I i) { return (R) i; }
        };
    }

    // ---- small building blocks ------------------------------------------------

    private static <T, C extends Collection<T>> BiConsumer<C, T> adder() {
        return new BiConsumer<C, T>() {
            public void accept(C c, T t) { c.add(t); }
        };
    }

    private static <C extends Collection<?>> BinaryOperator<C> addAller() {
        return new BinaryOperator<C>() {
            @SuppressWarnings("unchecked")
            public C apply(C l, C r) { ((Collection<Object>) l).addAll(r); return l; }
        };
    }

    private static <K, V, M extends Map<K, V>> BinaryOperator<M> mapMerger(final BinaryOperator<V> mergeFunction) {
        return new BinaryOperator<M>() {
            public M apply(M m1, M m2) {
                for (Map.Entry<K, V> e : m2.entrySet()) m1.merge(e.getKey(), e.getValue(), mergeFunction);
                return m1;
            }
        };
    }

    private static IllegalStateException duplicateKeyException(Object k, Object u, Object v) {
        return new IllegalStateException(String.format("Duplicate key %s (attempted merging values %s and %s)", k, u, v));
    }

    private static <T, K, V> BiConsumer<Map<K, V>, T> uniqKeysMapAccumulator(
            final Function<? super T, ? extends K> keyMapper, final Function<? super T, ? extends V> valueMapper) {
        return new BiConsumer<Map<K, V>, T>() {
            public void accept(Map<K, V> map, T element) {
                K k = keyMapper.apply(element);
                V v = Objects.requireNonNull(valueMapper.apply(element));
                V u = map.putIfAbsent(k, v);
                if (u != null) throw duplicateKeyException(k, u, v);
            }
        };
    }

    /* Kahan summation: intermediateSum[0] the high-order sum, [1] the
     * compensation (the JDK 17's Collectors.sumWithCompensation) */
    static double[] sumWithCompensation(double[] intermediateSum, double value) {
        double tmp = value - intermediateSum[1];
        double sum = intermediateSum[0];
        double velvel = sum + tmp;
        intermediateSum[1] = (velvel - sum) - tmp;
        intermediateSum[0] = velvel;
        return intermediateSum;
    }

    static double computeFinalSum(double[] summands) {
        double tmp = summands[0] + summands[1];
        double simpleSum = summands[summands.length - 1];
        if (Double.isNaN(tmp) && Double.isInfinite(simpleSum)) return simpleSum;
        return tmp;
    }

    // ---- collections ---------------------------------------------------------

    public static <T, C extends Collection<T>> Collector<T, ?, C> toCollection(Supplier<C> collectionFactory) {
        return new CollectorImpl<T, C, C>(collectionFactory, Collectors.<T, C>adder(), Collectors.<C>addAller(), CH_ID);
    }

    public static <T> Collector<T, ?, List<T>> toList() {
        return new CollectorImpl<T, List<T>, List<T>>(new Supplier<List<T>>() {
            public List<T> get() { return new ArrayList<T>(); }
        }, Collectors.<T, List<T>>adder(), Collectors.<List<T>>addAller(), CH_ID);
    }

    public static <T> Collector<T, ?, List<T>> toUnmodifiableList() {
        return new CollectorImpl<T, List<T>, List<T>>(new Supplier<List<T>>() {
            public List<T> get() { return new ArrayList<T>(); }
        }, Collectors.<T, List<T>>adder(), Collectors.<List<T>>addAller(), new Function<List<T>, List<T>>() {
            @SuppressWarnings("unchecked")
            public List<T> apply(List<T> list) { return (List<T>) List.of(list.toArray()); }
        }, CH_NOID);
    }

    public static <T> Collector<T, ?, Set<T>> toSet() {
        return new CollectorImpl<T, Set<T>, Set<T>>(new Supplier<Set<T>>() {
            public Set<T> get() { return new HashSet<T>(); }
        }, Collectors.<T, Set<T>>adder(), new BinaryOperator<Set<T>>() {
            public Set<T> apply(Set<T> left, Set<T> right) {
                if (left.size() < right.size()) {
                    right.addAll(left);
                    return right;
                }
                left.addAll(right);
                return left;
            }
        }, CH_UNORDERED_ID);
    }

    public static <T> Collector<T, ?, Set<T>> toUnmodifiableSet() {
        return new CollectorImpl<T, Set<T>, Set<T>>(new Supplier<Set<T>>() {
            public Set<T> get() { return new HashSet<T>(); }
        }, Collectors.<T, Set<T>>adder(), Collectors.<Set<T>>addAller(), new Function<Set<T>, Set<T>>() {
            @SuppressWarnings("unchecked")
            public Set<T> apply(Set<T> set) { return (Set<T>) Set.of(set.toArray()); }
        }, CH_UNORDERED_NOID);
    }

    // ---- strings -----------------------------------------------------------------

    public static Collector<CharSequence, ?, String> joining() {
        return new CollectorImpl<CharSequence, StringBuilder, String>(new Supplier<StringBuilder>() {
            public StringBuilder get() { return new StringBuilder(); }
        }, new BiConsumer<StringBuilder, CharSequence>() {
            public void accept(StringBuilder sb, CharSequence s) { sb.append(s); }
        }, new BinaryOperator<StringBuilder>() {
            public StringBuilder apply(StringBuilder r1, StringBuilder r2) { r1.append(r2); return r1; }
        }, new Function<StringBuilder, String>() {
            public String apply(StringBuilder sb) { return sb.toString(); }
        }, CH_NOID);
    }

    public static Collector<CharSequence, ?, String> joining(CharSequence delimiter) {
        return joining(delimiter, "", "");
    }

    public static Collector<CharSequence, ?, String> joining(final CharSequence delimiter, final CharSequence prefix,
                                                             final CharSequence suffix) {
        Objects.requireNonNull(delimiter, "The delimiter must not be null");
        Objects.requireNonNull(prefix, "The prefix must not be null");
        Objects.requireNonNull(suffix, "The suffix must not be null");
        return new CollectorImpl<CharSequence, StringJoiner, String>(new Supplier<StringJoiner>() {
            public StringJoiner get() { return new StringJoiner(delimiter, prefix, suffix); }
        }, new BiConsumer<StringJoiner, CharSequence>() {
            public void accept(StringJoiner j, CharSequence s) { j.add(s); }
        }, new BinaryOperator<StringJoiner>() {
            public StringJoiner apply(StringJoiner a, StringJoiner b) { return a.merge(b); }
        }, new Function<StringJoiner, String>() {
            public String apply(StringJoiner j) { return j.toString(); }
        }, CH_NOID);
    }

    // ---- adapters -----------------------------------------------------------------

    public static <T, U, A, R> Collector<T, ?, R> mapping(final Function<? super T, ? extends U> mapper,
                                                         Collector<? super U, A, R> downstream) {
        final BiConsumer<A, ? super U> downstreamAccumulator = downstream.accumulator();
        return new CollectorImpl<T, A, R>(downstream.supplier(), new BiConsumer<A, T>() {
            public void accept(A r, T t) { downstreamAccumulator.accept(r, mapper.apply(t)); }
        }, downstream.combiner(), downstream.finisher(), downstream.characteristics());
    }

    public static <T, U, A, R> Collector<T, ?, R> flatMapping(
            final Function<? super T, ? extends Stream<? extends U>> mapper, Collector<? super U, A, R> downstream) {
        final BiConsumer<A, ? super U> downstreamAccumulator = downstream.accumulator();
        return new CollectorImpl<T, A, R>(downstream.supplier(), new BiConsumer<A, T>() {
            public void accept(final A r, T t) {
                try (Stream<? extends U> result = mapper.apply(t)) {
                    if (result != null) {
                        result.sequential().forEach(new java.util.function.Consumer<U>() {
                            public void accept(U u) { downstreamAccumulator.accept(r, u); }
                        });
                    }
                }
            }
        }, downstream.combiner(), downstream.finisher(), downstream.characteristics());
    }

    public static <T, A, R> Collector<T, ?, R> filtering(final Predicate<? super T> predicate,
                                                        Collector<? super T, A, R> downstream) {
        final BiConsumer<A, ? super T> downstreamAccumulator = downstream.accumulator();
        return new CollectorImpl<T, A, R>(downstream.supplier(), new BiConsumer<A, T>() {
            public void accept(A r, T t) {
                if (predicate.test(t)) downstreamAccumulator.accept(r, t);
            }
        }, downstream.combiner(), downstream.finisher(), downstream.characteristics());
    }

    public static <T, A, R, RR> Collector<T, A, RR> collectingAndThen(Collector<T, A, R> downstream,
                                                                    Function<R, RR> finisher) {
        Set<Collector.Characteristics> characteristics = downstream.characteristics();
        if (characteristics.contains(Collector.Characteristics.IDENTITY_FINISH)) {
            if (characteristics.size() == 1) {
                characteristics = CH_NOID;
            } else {
                EnumSet<Collector.Characteristics> c = EnumSet.copyOf(characteristics);
                c.remove(Collector.Characteristics.IDENTITY_FINISH);
                characteristics = Collections.unmodifiableSet(c);
            }
        }
        return new CollectorImpl<T, A, RR>(downstream.supplier(), downstream.accumulator(), downstream.combiner(),
                                           downstream.finisher().andThen(finisher), characteristics);
    }

    // ---- counting, sums, averages --------------------------------------------------

    public static <T> Collector<T, ?, Long> counting() {
        return summingLong(new ToLongFunction<T>() {
            public long applyAsLong(T e) { return 1L; }
        });
    }

    public static <T> Collector<T, ?, Optional<T>> minBy(Comparator<? super T> comparator) {
        return reducing(BinaryOperator.<T>minBy(comparator));
    }

    public static <T> Collector<T, ?, Optional<T>> maxBy(Comparator<? super T> comparator) {
        return reducing(BinaryOperator.<T>maxBy(comparator));
    }

    public static <T> Collector<T, ?, Integer> summingInt(final ToIntFunction<? super T> mapper) {
        return new CollectorImpl<T, int[], Integer>(new Supplier<int[]>() {
            public int[] get() { return new int[1]; }
        }, new BiConsumer<int[], T>() {
            public void accept(int[] a, T t) { a[0] += mapper.applyAsInt(t); }
        }, new BinaryOperator<int[]>() {
            public int[] apply(int[] a, int[] b) { a[0] += b[0]; return a; }
        }, new Function<int[], Integer>() {
            public Integer apply(int[] a) { return a[0]; }
        }, CH_NOID);
    }

    public static <T> Collector<T, ?, Long> summingLong(final ToLongFunction<? super T> mapper) {
        return new CollectorImpl<T, long[], Long>(new Supplier<long[]>() {
            public long[] get() { return new long[1]; }
        }, new BiConsumer<long[], T>() {
            public void accept(long[] a, T t) { a[0] += mapper.applyAsLong(t); }
        }, new BinaryOperator<long[]>() {
            public long[] apply(long[] a, long[] b) { a[0] += b[0]; return a; }
        }, new Function<long[], Long>() {
            public Long apply(long[] a) { return a[0]; }
        }, CH_NOID);
    }

    public static <T> Collector<T, ?, Double> summingDouble(final ToDoubleFunction<? super T> mapper) {
        return new CollectorImpl<T, double[], Double>(new Supplier<double[]>() {
            public double[] get() { return new double[3]; }
        }, new BiConsumer<double[], T>() {
            public void accept(double[] a, T t) {
                double val = mapper.applyAsDouble(t);
                sumWithCompensation(a, val);
                a[2] += val;
            }
        }, new BinaryOperator<double[]>() {
            public double[] apply(double[] a, double[] b) {
                sumWithCompensation(a, b[0]);
                a[2] += b[2];
                return sumWithCompensation(a, b[1]);
            }
        }, new Function<double[], Double>() {
            public Double apply(double[] a) { return computeFinalSum(a); }
        }, CH_NOID);
    }

    public static <T> Collector<T, ?, Double> averagingInt(final ToIntFunction<? super T> mapper) {
        return new CollectorImpl<T, long[], Double>(new Supplier<long[]>() {
            public long[] get() { return new long[2]; }
        }, new BiConsumer<long[], T>() {
            public void accept(long[] a, T t) { a[0] += mapper.applyAsInt(t); a[1]++; }
        }, new BinaryOperator<long[]>() {
            public long[] apply(long[] a, long[] b) { a[0] += b[0]; a[1] += b[1]; return a; }
        }, new Function<long[], Double>() {
            public Double apply(long[] a) { return (a[1] == 0) ? 0.0d : (double) a[0] / a[1]; }
        }, CH_NOID);
    }

    public static <T> Collector<T, ?, Double> averagingLong(final ToLongFunction<? super T> mapper) {
        return new CollectorImpl<T, long[], Double>(new Supplier<long[]>() {
            public long[] get() { return new long[2]; }
        }, new BiConsumer<long[], T>() {
            public void accept(long[] a, T t) { a[0] += mapper.applyAsLong(t); a[1]++; }
        }, new BinaryOperator<long[]>() {
            public long[] apply(long[] a, long[] b) { a[0] += b[0]; a[1] += b[1]; return a; }
        }, new Function<long[], Double>() {
            public Double apply(long[] a) { return (a[1] == 0) ? 0.0d : (double) a[0] / a[1]; }
        }, CH_NOID);
    }

    public static <T> Collector<T, ?, Double> averagingDouble(final ToDoubleFunction<? super T> mapper) {
        return new CollectorImpl<T, double[], Double>(new Supplier<double[]>() {
            public double[] get() { return new double[4]; }
        }, new BiConsumer<double[], T>() {
            public void accept(double[] a, T t) {
                double val = mapper.applyAsDouble(t);
                sumWithCompensation(a, val);
                a[2]++;
                a[3] += val;
            }
        }, new BinaryOperator<double[]>() {
            public double[] apply(double[] a, double[] b) {
                sumWithCompensation(a, b[0]);
                sumWithCompensation(a, b[1]);
                a[2] += b[2];
                a[3] += b[3];
                return a;
            }
        }, new Function<double[], Double>() {
            public Double apply(double[] a) { return (a[2] == 0) ? 0.0d : (computeFinalSum(a) / a[2]); }
        }, CH_NOID);
    }

    // ---- reductions ---------------------------------------------------------------------

    public static <T> Collector<T, ?, T> reducing(final T identity, final BinaryOperator<T> op) {
        return new CollectorImpl<T, Object[], T>(new Supplier<Object[]>() {
            public Object[] get() { return new Object[] {identity}; }
        }, new BiConsumer<Object[], T>() {
            @SuppressWarnings("unchecked")
            public void accept(Object[] a, T t) { a[0] = op.apply((T) a[0], t); }
        }, new BinaryOperator<Object[]>() {
            @SuppressWarnings("unchecked")
            public Object[] apply(Object[] a, Object[] b) { a[0] = op.apply((T) a[0], (T) b[0]); return a; }
        }, new Function<Object[], T>() {
            @SuppressWarnings("unchecked")
            public T apply(Object[] a) { return (T) a[0]; }
        }, CH_NOID);
    }

    public static <T> Collector<T, ?, Optional<T>> reducing(final BinaryOperator<T> op) {
        /* a[0] the value, a[1] non-null once present */
        return new CollectorImpl<T, Object[], Optional<T>>(new Supplier<Object[]>() {
            public Object[] get() { return new Object[2]; }
        }, new BiConsumer<Object[], T>() {
            @SuppressWarnings("unchecked")
            public void accept(Object[] a, T t) {
                if (a[1] != null) {
                    a[0] = op.apply((T) a[0], t);
                } else {
                    a[0] = t;
                    a[1] = Boolean.TRUE;
                }
            }
        }, new BinaryOperator<Object[]>() {
            @SuppressWarnings("unchecked")
            public Object[] apply(Object[] a, Object[] b) {
                if (b[1] != null) {
                    if (a[1] != null) a[0] = op.apply((T) a[0], (T) b[0]);
                    else a[0] = b[0];
                    a[1] = Boolean.TRUE;
                }
                return a;
            }
        }, new Function<Object[], Optional<T>>() {
            @SuppressWarnings("unchecked")
            public Optional<T> apply(Object[] a) { return Optional.ofNullable((T) a[0]); }
        }, CH_NOID);
    }

    public static <T, U> Collector<T, ?, U> reducing(final U identity, final Function<? super T, ? extends U> mapper,
                                                    final BinaryOperator<U> op) {
        return new CollectorImpl<T, Object[], U>(new Supplier<Object[]>() {
            public Object[] get() { return new Object[] {identity}; }
        }, new BiConsumer<Object[], T>() {
            @SuppressWarnings("unchecked")
            public void accept(Object[] a, T t) { a[0] = op.apply((U) a[0], mapper.apply(t)); }
        }, new BinaryOperator<Object[]>() {
            @SuppressWarnings("unchecked")
            public Object[] apply(Object[] a, Object[] b) { a[0] = op.apply((U) a[0], (U) b[0]); return a; }
        }, new Function<Object[], U>() {
            @SuppressWarnings("unchecked")
            public U apply(Object[] a) { return (U) a[0]; }
        }, CH_NOID);
    }

    // ---- grouping and partitioning ------------------------------------------------------------

    public static <T, K> Collector<T, ?, Map<K, List<T>>> groupingBy(Function<? super T, ? extends K> classifier) {
        return groupingBy(classifier, Collectors.<T>toList());
    }

    public static <T, K, A, D> Collector<T, ?, Map<K, D>> groupingBy(Function<? super T, ? extends K> classifier,
                                                                    Collector<? super T, A, D> downstream) {
        return groupingBy(classifier, new Supplier<Map<K, D>>() {
            public Map<K, D> get() { return new HashMap<K, D>(); }
        }, downstream);
    }

    @SuppressWarnings("unchecked")
    public static <T, K, D, A, M extends Map<K, D>> Collector<T, ?, M> groupingBy(
            final Function<? super T, ? extends K> classifier, Supplier<M> mapFactory,
            Collector<? super T, A, D> downstream) {
        final Supplier<A> downstreamSupplier = downstream.supplier();
        final BiConsumer<A, ? super T> downstreamAccumulator = downstream.accumulator();
        final Function<K, A> newContainer = new Function<K, A>() {
            public A apply(K k) { return downstreamSupplier.get(); }
        };
        BiConsumer<Map<K, A>, T> accumulator = new BiConsumer<Map<K, A>, T>() {
            public void accept(Map<K, A> m, T t) {
                K key = Objects.requireNonNull(classifier.apply(t), "element cannot be mapped to a null key");
                A container = m.computeIfAbsent(key, newContainer);
                downstreamAccumulator.accept(container, t);
            }
        };
        BinaryOperator<Map<K, A>> merger = Collectors.<K, A, Map<K, A>>mapMerger(downstream.combiner());
        Supplier<Map<K, A>> mangledFactory = (Supplier<Map<K, A>>) mapFactory;
        if (downstream.characteristics().contains(Collector.Characteristics.IDENTITY_FINISH)) {
            return new CollectorImpl<T, Map<K, A>, M>(mangledFactory, accumulator, merger, CH_ID);
        }
        final Function<A, A> downstreamFinisher = (Function<A, A>) downstream.finisher();
        final BiFunction<K, A, A> finishOne = new BiFunction<K, A, A>() {
            public A apply(K k, A v) { return downstreamFinisher.apply(v); }
        };
        Function<Map<K, A>, M> finisher = new Function<Map<K, A>, M>() {
            public M apply(Map<K, A> intermediate) {
                intermediate.replaceAll(finishOne);
                return (M) intermediate;
            }
        };
        return new CollectorImpl<T, Map<K, A>, M>(mangledFactory, accumulator, merger, finisher, CH_NOID);
    }

    public static <T> Collector<T, ?, Map<Boolean, List<T>>> partitioningBy(Predicate<? super T> predicate) {
        return partitioningBy(predicate, Collectors.<T>toList());
    }

    public static <T, D, A> Collector<T, ?, Map<Boolean, D>> partitioningBy(final Predicate<? super T> predicate,
                                                                           final Collector<? super T, A, D> downstream) {
        final BiConsumer<A, ? super T> downstreamAccumulator = downstream.accumulator();
        BiConsumer<Partition<A>, T> accumulator = new BiConsumer<Partition<A>, T>() {
            public void accept(Partition<A> result, T t) {
                downstreamAccumulator.accept(predicate.test(t) ? result.forTrue : result.forFalse, t);
            }
        };
        final BinaryOperator<A> op = downstream.combiner();
        BinaryOperator<Partition<A>> merger = new BinaryOperator<Partition<A>>() {
            public Partition<A> apply(Partition<A> left, Partition<A> right) {
                return new Partition<A>(op.apply(left.forTrue, right.forTrue), op.apply(left.forFalse, right.forFalse));
            }
        };
        Supplier<Partition<A>> supplier = new Supplier<Partition<A>>() {
            public Partition<A> get() {
                return new Partition<A>(downstream.supplier().get(), downstream.supplier().get());
            }
        };
        if (downstream.characteristics().contains(Collector.Characteristics.IDENTITY_FINISH)) {
            return new CollectorImpl<T, Partition<A>, Map<Boolean, D>>(supplier, accumulator, merger, CH_ID);
        }
        Function<Partition<A>, Map<Boolean, D>> finisher = new Function<Partition<A>, Map<Boolean, D>>() {
            public Map<Boolean, D> apply(Partition<A> par) {
                return new Partition<D>(downstream.finisher().apply(par.forTrue), downstream.finisher().apply(par.forFalse));
            }
        };
        return new CollectorImpl<T, Partition<A>, Map<Boolean, D>>(supplier, accumulator, merger, finisher, CH_NOID);
    }

    /* the map partitioningBy returns: {false=..., true=...} */
    static final class Partition<T> extends AbstractMap<Boolean, T> implements Map<Boolean, T> {
        final T forTrue;
        final T forFalse;

        Partition(T forTrue, T forFalse) {
            this.forTrue = forTrue;
            this.forFalse = forFalse;
        }

        public Set<Map.Entry<Boolean, T>> entrySet() {
            return new AbstractSet<Map.Entry<Boolean, T>>() {
                public Iterator<Map.Entry<Boolean, T>> iterator() {
                    Map.Entry<Boolean, T> falseEntry = new SimpleImmutableEntry<Boolean, T>(false, forFalse);
                    Map.Entry<Boolean, T> trueEntry = new SimpleImmutableEntry<Boolean, T>(true, forTrue);
                    return List.of(falseEntry, trueEntry).iterator();
                }

                public int size() {
                    return 2;
                }
            };
        }

        public boolean containsKey(Object key) {
            return key instanceof Boolean;
        }

        public T get(Object key) {
            if (key instanceof Boolean) return ((Boolean) key) ? forTrue : forFalse;
            return null;
        }
    }

    // ---- maps -------------------------------------------------------------------------------

    public static <T, K, U> Collector<T, ?, Map<K, U>> toMap(Function<? super T, ? extends K> keyMapper,
                                                            Function<? super T, ? extends U> valueMapper) {
        Objects.requireNonNull(keyMapper);
        Objects.requireNonNull(valueMapper);
        return new CollectorImpl<T, Map<K, U>, Map<K, U>>(new Supplier<Map<K, U>>() {
            public Map<K, U> get() { return new HashMap<K, U>(); }
        }, Collectors.<T, K, U>uniqKeysMapAccumulator(keyMapper, valueMapper), new BinaryOperator<Map<K, U>>() {
            public Map<K, U> apply(Map<K, U> m1, Map<K, U> m2) {
                for (Map.Entry<K, U> e : m2.entrySet()) {
                    K k = e.getKey();
                    U v = Objects.requireNonNull(e.getValue());
                    U u = m1.putIfAbsent(k, v);
                    if (u != null) throw duplicateKeyException(k, u, v);
                }
                return m1;
            }
        }, CH_ID);
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    public static <T, K, U> Collector<T, ?, Map<K, U>> toUnmodifiableMap(Function<? super T, ? extends K> keyMapper,
                                                                        Function<? super T, ? extends U> valueMapper) {
        Objects.requireNonNull(keyMapper, "keyMapper");
        Objects.requireNonNull(valueMapper, "valueMapper");
        return collectingAndThen(Collectors.<T, K, U>toMap(keyMapper, valueMapper), new Function<Map<K, U>, Map<K, U>>() {
            public Map<K, U> apply(Map<K, U> map) { return (Map<K, U>) Map.ofEntries(map.entrySet().toArray(new Map.Entry[0])); }
        });
    }

    public static <T, K, U> Collector<T, ?, Map<K, U>> toMap(Function<? super T, ? extends K> keyMapper,
                                                            Function<? super T, ? extends U> valueMapper,
                                                            BinaryOperator<U> mergeFunction) {
        return toMap(keyMapper, valueMapper, mergeFunction, new Supplier<Map<K, U>>() {
            public Map<K, U> get() { return new HashMap<K, U>(); }
        });
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    public static <T, K, U> Collector<T, ?, Map<K, U>> toUnmodifiableMap(Function<? super T, ? extends K> keyMapper,
                                                                        Function<? super T, ? extends U> valueMapper,
                                                                        BinaryOperator<U> mergeFunction) {
        Objects.requireNonNull(keyMapper, "keyMapper");
        Objects.requireNonNull(valueMapper, "valueMapper");
        Objects.requireNonNull(mergeFunction, "mergeFunction");
        return collectingAndThen(toMap(keyMapper, valueMapper, mergeFunction, new Supplier<HashMap<K, U>>() {
            public HashMap<K, U> get() { return new HashMap<K, U>(); }
        }), new Function<HashMap<K, U>, Map<K, U>>() {
            public Map<K, U> apply(HashMap<K, U> map) { return (Map<K, U>) Map.ofEntries(map.entrySet().toArray(new Map.Entry[0])); }
        });
    }

    public static <T, K, U, M extends Map<K, U>> Collector<T, ?, M> toMap(
            final Function<? super T, ? extends K> keyMapper, final Function<? super T, ? extends U> valueMapper,
            final BinaryOperator<U> mergeFunction, Supplier<M> mapFactory) {
        Objects.requireNonNull(keyMapper);
        Objects.requireNonNull(valueMapper);
        Objects.requireNonNull(mergeFunction);
        Objects.requireNonNull(mapFactory);
        BiConsumer<M, T> accumulator = new BiConsumer<M, T>() {
            public void accept(M map, T element) {
                map.merge(keyMapper.apply(element), valueMapper.apply(element), mergeFunction);
            }
        };
        return new CollectorImpl<T, M, M>(mapFactory, accumulator, Collectors.<K, U, M>mapMerger(mergeFunction), CH_ID);
    }

    // ---- statistics, teeing ---------------------------------------------------------------------

    public static <T> Collector<T, ?, IntSummaryStatistics> summarizingInt(final ToIntFunction<? super T> mapper) {
        return new CollectorImpl<T, IntSummaryStatistics, IntSummaryStatistics>(new Supplier<IntSummaryStatistics>() {
            public IntSummaryStatistics get() { return new IntSummaryStatistics(); }
        }, new BiConsumer<IntSummaryStatistics, T>() {
            public void accept(IntSummaryStatistics r, T t) { r.accept(mapper.applyAsInt(t)); }
        }, new BinaryOperator<IntSummaryStatistics>() {
            public IntSummaryStatistics apply(IntSummaryStatistics l, IntSummaryStatistics r) { l.combine(r); return l; }
        }, CH_ID);
    }

    public static <T> Collector<T, ?, LongSummaryStatistics> summarizingLong(final ToLongFunction<? super T> mapper) {
        return new CollectorImpl<T, LongSummaryStatistics, LongSummaryStatistics>(new Supplier<LongSummaryStatistics>() {
            public LongSummaryStatistics get() { return new LongSummaryStatistics(); }
        }, new BiConsumer<LongSummaryStatistics, T>() {
            public void accept(LongSummaryStatistics r, T t) { r.accept(mapper.applyAsLong(t)); }
        }, new BinaryOperator<LongSummaryStatistics>() {
            public LongSummaryStatistics apply(LongSummaryStatistics l, LongSummaryStatistics r) { l.combine(r); return l; }
        }, CH_ID);
    }

    public static <T> Collector<T, ?, DoubleSummaryStatistics> summarizingDouble(final ToDoubleFunction<? super T> mapper) {
        return new CollectorImpl<T, DoubleSummaryStatistics, DoubleSummaryStatistics>(new Supplier<DoubleSummaryStatistics>() {
            public DoubleSummaryStatistics get() { return new DoubleSummaryStatistics(); }
        }, new BiConsumer<DoubleSummaryStatistics, T>() {
            public void accept(DoubleSummaryStatistics r, T t) { r.accept(mapper.applyAsDouble(t)); }
        }, new BinaryOperator<DoubleSummaryStatistics>() {
            public DoubleSummaryStatistics apply(DoubleSummaryStatistics l, DoubleSummaryStatistics r) { l.combine(r); return l; }
        }, CH_ID);
    }

    @SuppressWarnings("unchecked")
    public static <T, R1, R2, R> Collector<T, ?, R> teeing(Collector<? super T, ?, R1> downstream1,
                                                          Collector<? super T, ?, R2> downstream2,
                                                          BiFunction<? super R1, ? super R2, R> merger) {
        final Collector<T, Object, R1> c1 = (Collector<T, Object, R1>) Objects.requireNonNull(downstream1, "downstream1");
        final Collector<T, Object, R2> c2 = (Collector<T, Object, R2>) Objects.requireNonNull(downstream2, "downstream2");
        final BiFunction<? super R1, ? super R2, R> m = Objects.requireNonNull(merger, "merger");
        final Supplier<Object> c1Supplier = Objects.requireNonNull(c1.supplier(), "downstream1 supplier");
        final Supplier<Object> c2Supplier = Objects.requireNonNull(c2.supplier(), "downstream2 supplier");
        final BiConsumer<Object, T> c1Accumulator = Objects.requireNonNull(c1.accumulator(), "downstream1 accumulator");
        final BiConsumer<Object, T> c2Accumulator = Objects.requireNonNull(c2.accumulator(), "downstream2 accumulator");
        final BinaryOperator<Object> c1Combiner = Objects.requireNonNull(c1.combiner(), "downstream1 combiner");
        final BinaryOperator<Object> c2Combiner = Objects.requireNonNull(c2.combiner(), "downstream2 combiner");
        final Function<Object, R1> c1Finisher = Objects.requireNonNull(c1.finisher(), "downstream1 finisher");
        final Function<Object, R2> c2Finisher = Objects.requireNonNull(c2.finisher(), "downstream2 finisher");
        Set<Collector.Characteristics> characteristics;
        Set<Collector.Characteristics> c1Characteristics = c1.characteristics();
        Set<Collector.Characteristics> c2Characteristics = c2.characteristics();
        if (CH_ID.containsAll(c1Characteristics) || CH_ID.containsAll(c2Characteristics)) {
            characteristics = CH_NOID;
        } else {
            EnumSet<Collector.Characteristics> c = EnumSet.noneOf(Collector.Characteristics.class);
            c.addAll(c1Characteristics);
            c.retainAll(c2Characteristics);
            c.remove(Collector.Characteristics.IDENTITY_FINISH);
            characteristics = Collections.unmodifiableSet(c);
        }
        return new CollectorImpl<T, Object[], R>(new Supplier<Object[]>() {
            public Object[] get() { return new Object[] {c1Supplier.get(), c2Supplier.get()}; }
        }, new BiConsumer<Object[], T>() {
            public void accept(Object[] p, T t) {
                c1Accumulator.accept(p[0], t);
                c2Accumulator.accept(p[1], t);
            }
        }, new BinaryOperator<Object[]>() {
            public Object[] apply(Object[] a, Object[] b) {
                a[0] = c1Combiner.apply(a[0], b[0]);
                a[1] = c2Combiner.apply(a[1], b[1]);
                return a;
            }
        }, new Function<Object[], R>() {
            public R apply(Object[] p) {
                R1 r1 = c1Finisher.apply(p[0]);
                R2 r2 = c2Finisher.apply(p[1]);
                return m.apply(r1, r2);
            }
        }, characteristics);
    }
}
