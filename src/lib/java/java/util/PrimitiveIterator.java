/* java.util.PrimitiveIterator for vifvm (the iterators of IntStream,
 * LongStream and DoubleStream). */
package java.util;

import java.util.function.Consumer;
import java.util.function.DoubleConsumer;
import java.util.function.IntConsumer;
import java.util.function.LongConsumer;

public interface PrimitiveIterator<T, T_CONS> extends Iterator<T> {
    @SuppressWarnings("overloads")
    void forEachRemaining(T_CONS action);

    public static interface OfInt extends PrimitiveIterator<Integer, IntConsumer> {
        int nextInt();

        default Integer next() {
            return nextInt();
        }

        default void forEachRemaining(IntConsumer action) {
            Objects.requireNonNull(action);
            while (hasNext()) action.accept(nextInt());
        }

        default void forEachRemaining(final Consumer<? super Integer> action) {
            if (action instanceof IntConsumer) {
                forEachRemaining((IntConsumer) action);
            } else {
                Objects.requireNonNull(action);
                forEachRemaining(new IntConsumer() {
                    public void accept(int v) { action.accept(v); }
                });
            }
        }
    }

    public static interface OfLong extends PrimitiveIterator<Long, LongConsumer> {
        long nextLong();

        default Long next() {
            return nextLong();
        }

        default void forEachRemaining(LongConsumer action) {
            Objects.requireNonNull(action);
            while (hasNext()) action.accept(nextLong());
        }

        default void forEachRemaining(final Consumer<? super Long> action) {
            if (action instanceof LongConsumer) {
                forEachRemaining((LongConsumer) action);
            } else {
                Objects.requireNonNull(action);
                forEachRemaining(new LongConsumer() {
                    public void accept(long v) { action.accept(v); }
                });
            }
        }
    }

    public static interface OfDouble extends PrimitiveIterator<Double, DoubleConsumer> {
        double nextDouble();

        default Double next() {
            return nextDouble();
        }

        default void forEachRemaining(DoubleConsumer action) {
            Objects.requireNonNull(action);
            while (hasNext()) action.accept(nextDouble());
        }

        default void forEachRemaining(final Consumer<? super Double> action) {
            if (action instanceof DoubleConsumer) {
                forEachRemaining((DoubleConsumer) action);
            } else {
                Objects.requireNonNull(action);
                forEachRemaining(new DoubleConsumer() {
                    public void accept(double v) { action.accept(v); }
                });
            }
        }
    }
}
