/* java.util.stream.Source for vifvm: where a pipeline's elements come from
 * (the role of the JDK's Spliterator, sequential only).  tryAdvance pushes
 * one element into a sink, or returns false when there is none left;
 * exactSize is the element count when it is known without traversal (the
 * JDK's SIZED sources: collections, arrays, ranges, Stream.of), else -1. */
package java.util.stream;

abstract class Source {
    abstract boolean tryAdvance(Sink s);

    void forEachRemaining(Sink s) {
        while (tryAdvance(s)) {}
    }

    long exactSize() {
        return -1;
    }
}
