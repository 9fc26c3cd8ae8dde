/* java.util.stream.StreamSupport for vifvm: streams over spliterators
 * (sequential whatever `parallel` says; isParallel() reports it). */
package java.util.stream;

import java.util.Objects;
import java.util.Spliterator;
import java.util.function.Consumer;
import java.util.function.DoubleConsumer;
import java.util.function.IntConsumer;
import java.util.function.LongConsumer;
import java.util.function.Supplier;

public final class StreamSupport {
    private StreamSupport() {}

    /* a spliterator as a Source; `supplier` (if any) gives it late */
    static final class SpliteratorSource extends Source implements Consumer<Object>, IntConsumer, LongConsumer, DoubleConsumer {
        private Spliterator<?> spl;
        private final Supplier<? extends Spliterator<?>> supplier;
        private final int shape;
        private Sink target;

        SpliteratorSource(Spliterator<?> spl, Supplier<? extends Spliterator<?>> supplier, int shape) {
            this.spl = spl;
            this.supplier = supplier;
            this.shape = shape;
        }

        private Spliterator<?> get() {
            if (spl == null) spl = supplier.get();
            return spl;
        }

        public void accept(Object t) { target.accept(t); }

        public void accept(int v) { target.accept(v); }

        public void accept(long v) { target.accept(v); }

        public void accept(double v) { target.accept(v); }

        boolean tryAdvance(Sink s) {
            target = s;
            Spliterator<?> sp = get();
            switch (shape) {
                case AbstractPipeline.INT: return ((Spliterator.OfInt) sp).tryAdvance((IntConsumer) this);
                case AbstractPipeline.LONG: return ((Spliterator.OfLong) sp).tryAdvance((LongConsumer) this);
                case AbstractPipeline.DOUBLE: return ((Spliterator.OfDouble) sp).tryAdvance((DoubleConsumer) this);
                default: return sp.tryAdvance(this);
            }
        }

        void forEachRemaining(Sink s) {
            target = s;
            Spliterator<?> sp = get();
            switch (shape) {
                case AbstractPipeline.INT: ((Spliterator.OfInt) sp).forEachRemaining((IntConsumer) this); break;
                case AbstractPipeline.LONG: ((Spliterator.OfLong) sp).forEachRemaining((LongConsumer) this); break;
                case AbstractPipeline.DOUBLE: ((Spliterator.OfDouble) sp).forEachRemaining((DoubleConsumer) this); break;
                default: sp.forEachRemaining(this); break;
            }
        }

        long exactSize() {
            return get().getExactSizeIfKnown();
        }
    }

    public static <T> Stream<T> stream(Spliterator<T> spliterator, boolean parallel) {
        Objects.requireNonNull(spliterator);
        Stream<T> s = new RefPipeline.Head<T>(new SpliteratorSource(spliterator, null, AbstractPipeline.REF), true);
        return parallel ? s.parallel() : s;
    }

    public static <T> Stream<T> stream(Supplier<? extends Spliterator<T>> supplier, int characteristics, boolean parallel) {
        Objects.requireNonNull(supplier);
        Stream<T> s = new RefPipeline.Head<T>(new SpliteratorSource(null, supplier, AbstractPipeline.REF),
                                              (characteristics & Spliterator.SIZED) != 0);
        return parallel ? s.parallel() : s;
    }

    public static IntStream intStream(Spliterator.OfInt spliterator, boolean parallel) {
        Objects.requireNonNull(spliterator);
        IntStream s = new IntPipeline(new SpliteratorSource(spliterator, null, AbstractPipeline.INT), true);
        return parallel ? s.parallel() : s;
    }

    public static LongStream longStream(Spliterator.OfLong spliterator, boolean parallel) {
        Objects.requireNonNull(spliterator);
        LongStream s = new LongPipeline(new SpliteratorSource(spliterator, null, AbstractPipeline.LONG), true);
        return parallel ? s.parallel() : s;
    }

    public static DoubleStream doubleStream(Spliterator.OfDouble spliterator, boolean parallel) {
        Objects.requireNonNull(spliterator);
        DoubleStream s = new DoublePipeline(new SpliteratorSource(spliterator, null, AbstractPipeline.DOUBLE), true);
        return parallel ? s.parallel() : s;
    }
}
