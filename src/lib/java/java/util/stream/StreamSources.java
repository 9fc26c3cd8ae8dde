/* java.util.stream.StreamSources: vifvm-internal, not JDK API.  The JDK
 * makes the streams of java.util (Arrays.stream, Collection.stream,
 * String.chars, ...) through Spliterator and StreamSupport, which vifvm
 * does not have; these are the entry points java.util and java.lang use
 * instead. */
package java.util.stream;

import java.util.Collection;

public final class StreamSources {
    private StreamSources() {}

    /* the JDK's Spliterators.checkFromToBounds */
    private static void checkFromToBounds(int arrayLength, int origin, int fence) {
        if (origin > fence) throw new ArrayIndexOutOfBoundsException("origin(" + origin + ") > fence(" + fence + ")");
        if (origin < 0) throw new ArrayIndexOutOfBoundsException(origin);
        if (fence > arrayLength) throw new ArrayIndexOutOfBoundsException(fence);
    }

    public static <T> Stream<T> ofArray(T[] array, int from, int to) {
        checkFromToBounds(array.length, from, to);
        return new RefPipeline.Head<T>(new Sources.ArraySource(array, from, to), true);
    }

    public static IntStream ofArray(int[] array, int from, int to) {
        checkFromToBounds(array.length, from, to);
        return new IntPipeline(IntPipeline.arraySource(array, from, to), true);
    }

    public static LongStream ofArray(long[] array, int from, int to) {
        checkFromToBounds(array.length, from, to);
        return new LongPipeline(LongPipeline.arraySource(array, from, to), true);
    }

    public static DoubleStream ofArray(double[] array, int from, int to) {
        checkFromToBounds(array.length, from, to);
        return new DoublePipeline(DoublePipeline.arraySource(array, from, to), true);
    }

    /* Collection.stream(): late-binding, sized */
    public static <T> Stream<T> ofCollection(Collection<? extends T> c) {
        return new RefPipeline.Head<T>(new Sources.CollectionSource(c), true);
    }

    /* an iterator's elements, size unknown (String.lines, BufferedReader.lines) */
    public static <T> Stream<T> ofIterator(java.util.Iterator<? extends T> it) {
        return new RefPipeline.Head<T>(new Sources.IteratorSource(it), false);
    }

    /* an int iterator whose element count is `size` (-1: unknown) */
    public static IntStream ofInts(final java.util.PrimitiveIterator.OfInt it, final long size) {
        return new IntPipeline(new Source() {
            long left = size;

            boolean tryAdvance(Sink s) {
                if (!it.hasNext()) return false;
                left--;
                s.accept(it.nextInt());
                return true;
            }

            long exactSize() {
                return size < 0 ? -1 : left;
            }
        }, true);
    }
}
