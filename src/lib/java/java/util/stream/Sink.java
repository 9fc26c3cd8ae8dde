/* java.util.stream.Sink for vifvm: one stage's consumer in a pipeline.
 * Elements are pushed down the chain with accept (one class carries the
 * four element shapes: reference, int, long, double); begin/end bracket a
 * traversal (a barrier such as sorted() pushes its elements on end());
 * cancellationRequested lets the short-circuiting stages (limit, takeWhile,
 * findFirst, the matches) stop the source before it produces another
 * element, as the JDK's pipelines do. */
package java.util.stream;

abstract class Sink implements Cloneable {
    Sink down;

    Sink(Sink down) {
        this.down = down;
    }

    /* a stage's prototype sink, copied (with its captured arguments and
     * initial state) in front of `down` each time the pipeline runs */
    Sink() {
        this.down = null;
    }

    final Sink copy(Sink down) {
        try {
            Sink s = (Sink) clone();
            s.down = down;
            return s;
        } catch (CloneNotSupportedException e) {
            throw new InternalError(e);
        }
    }

    void begin(long size) {
        down.begin(-1);
    }

    void end() {
        down.end();
    }

    boolean cancellationRequested() {
        return down.cancellationRequested();
    }

    void accept(Object t) {
        throw new IllegalStateException("called wrong accept method");
    }

    void accept(int value) {
        throw new IllegalStateException("called wrong accept method");
    }

    void accept(long value) {
        throw new IllegalStateException("called wrong accept method");
    }

    void accept(double value) {
        throw new IllegalStateException("called wrong accept method");
    }

    /* the last sink of a chain: a terminal operation's state */
    abstract static class Terminal extends Sink {
        Terminal() {
            super(null);
        }

        void begin(long size) {}

        void end() {}

        boolean cancellationRequested() {
            return false;
        }
    }
}
