/* java.util.stream.AbstractPipeline for vifvm: a stage of a sequential
 * stream pipeline.  The head stage holds the Source, the close handlers
 * and the parallel flag; every intermediate operation links a new stage to
 * the previous one (which may then not be used again: the JDK's
 * IllegalStateException), and a terminal operation wraps its sink in every
 * stage's sink, from the last to the first, and drives the source.
 * parallel() only records the flag: vifvm runs every stream sequentially. */
package java.util.stream;

abstract class AbstractPipeline {
    static final String MSG_STREAM_LINKED = "stream has already been operated upon or closed";
    static final String MSG_CONSUMED = "source already consumed or closed";
    static final int REF = 0, INT = 1, LONG = 2, DOUBLE = 3;

    final AbstractPipeline head;
    final AbstractPipeline prev;
    /* the element count is the source's (no filter, flatMap, slice...) */
    final boolean sized;
    private Source source;
    private boolean linkedOrConsumed;
    private boolean shortCircuit;
    private boolean parallel;
    private Runnable closeAction;

    AbstractPipeline(Source source, boolean sized) {
        this.head = this;
        this.prev = null;
        this.source = source;
        this.sized = sized;
    }

    AbstractPipeline(AbstractPipeline prev, boolean keepsSize, boolean shortCircuit) {
        if (prev.linkedOrConsumed) throw new IllegalStateException(MSG_STREAM_LINKED);
        prev.linkedOrConsumed = true;
        this.prev = prev;
        this.head = prev.head;
        this.sized = prev.sized && keepsSize;
        if (shortCircuit) head.shortCircuit = true;
    }

    abstract int shape();

    /* this stage's sink in front of `down`; the head stage has none */
    Sink opWrapSink(Sink down) {
        return down;
    }

    final Sink wrapSink(Sink terminal) {
        Sink s = terminal;
        for (AbstractPipeline p = this; p.prev != null; p = p.prev) s = p.opWrapSink(s);
        return s;
    }

    final Source takeSource() {
        if (linkedOrConsumed) throw new IllegalStateException(MSG_STREAM_LINKED);
        linkedOrConsumed = true;
        Source s = head.source;
        if (s == null) throw new IllegalStateException(MSG_CONSUMED);
        head.source = null;
        return s;
    }

    /* runs the pipeline into a terminal sink */
    final void evaluate(Sink terminal, boolean terminalShortCircuits) {
        Source src = takeSource();
        Sink s = wrapSink(terminal);
        s.begin(sized ? src.exactSize() : -1);
        if (head.shortCircuit || terminalShortCircuits) {
            while (!s.cancellationRequested() && src.tryAdvance(s)) {}
        } else {
            src.forEachRemaining(s);
        }
        s.end();
    }

    /* count(): the JDK does not traverse a pipeline whose size is known */
    final long countIfSized() {
        if (!sized) return -1;
        if (linkedOrConsumed) throw new IllegalStateException(MSG_STREAM_LINKED);
        Source src = head.source;
        if (src == null) throw new IllegalStateException(MSG_CONSUMED);
        long n = src.exactSize();
        if (n >= 0) {
            linkedOrConsumed = true;
            head.source = null;
        }
        return n;
    }

    /* runs a pipeline built from a stream inside flatMap into `down`,
     * without begin/end, stopping when `down` asks to */
    static void pushInto(AbstractPipeline inner, final Sink target) {
        Sink.Terminal fwd = new Sink.Terminal() {
            void accept(Object t) { target.accept(t); }
            void accept(int v) { target.accept(v); }
            void accept(long v) { target.accept(v); }
            void accept(double v) { target.accept(v); }
            boolean cancellationRequested() { return target.cancellationRequested(); }
        };
        inner.evaluate(fwd, true);
    }

    public final boolean isParallel() {
        return head.parallel;
    }

    final void setParallel(boolean p) {
        head.parallel = p;
    }

    final void addCloseHandler(Runnable closeHandler) {
        if (linkedOrConsumed) throw new IllegalStateException(MSG_STREAM_LINKED);
        java.util.Objects.requireNonNull(closeHandler);
        final Runnable existing = head.closeAction;
        head.closeAction = existing == null ? closeHandler : composeWithExceptions(existing, closeHandler);
    }

    public final void close() {
        linkedOrConsumed = true;
        if (this == head) source = null;
        Runnable action = head.closeAction;
        if (action != null) {
            head.closeAction = null;
            action.run();
        }
    }

    static Runnable composeWithExceptions(final Runnable a, final Runnable b) {
        return new Runnable() {
            public void run() {
                try {
                    a.run();
                } catch (Throwable e1) {
                    try {
                        b.run();
                    } catch (Throwable e2) {
                        try {
                            e1.addSuppressed(e2);
                        } catch (Throwable ignore) {}
                    }
                    throw StreamsSupport.<RuntimeException>sneaky(e1);
                }
                b.run();
            }
        };
    }

    static Runnable composedClose(final java.util.stream.BaseStream<?, ?> a, final java.util.stream.BaseStream<?, ?> b) {
        return new Runnable() {
            public void run() {
                try {
                    a.close();
                } catch (Throwable e1) {
                    try {
                        b.close();
                    } catch (Throwable e2) {
                        try {
                            e1.addSuppressed(e2);
                        } catch (Throwable ignore) {}
                    }
                    throw StreamsSupport.<RuntimeException>sneaky(e1);
                }
                b.close();
            }
        };
    }

    static void checkSlice(long n) {
        if (n < 0) throw new IllegalArgumentException(Long.toString(n));
    }
}
