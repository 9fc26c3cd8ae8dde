/*
 * java.lang.Throwable for vifvm.
 *
 * Fixed layout (found by name by the runtime, see runtime/exceptions.h):
 * detailMessage, cause (== this until set), backtrace (filled by the VM).
 * The VM may create Throwables without running a constructor (it sets
 * detailMessage and fills the backtrace directly), so every other field
 * means "default behaviour" when zero/null.
 *
 * printStackTrace prints exactly like the JDK: toString(), "\tat frame"
 * lines, suppressed exceptions, then "Caused by: ..." with the frames in
 * common with the enclosing trace elided as "\t... N more".
 */
package java.lang;

import java.io.PrintStream;

public class Throwable implements java.io.Serializable {
    private static final long serialVersionUID = -3042686055658047285L;
    private static final Throwable[] EMPTY_THROWABLE_ARRAY = new Throwable[0];

    private String detailMessage;
    private Throwable cause = this;
    private transient Object backtrace;

    /* frames as strings, computed lazily from backtrace */
    private transient String[] frames;
    /* set by setStackTrace */
    private StackTraceElement[] stackTrace;
    private Throwable[] suppressed;
    private int suppressedCount;
    private boolean suppressionDisabled;
    private boolean stackTraceNotWritable;

    public Throwable() {
        fillInStackTrace();
    }

    public Throwable(String message) {
        fillInStackTrace();
        detailMessage = message;
    }

    public Throwable(String message, Throwable cause) {
        fillInStackTrace();
        detailMessage = message;
        this.cause = cause;
    }

    public Throwable(Throwable cause) {
        fillInStackTrace();
        detailMessage = (cause == null ? null : cause.toString());
        this.cause = cause;
    }

    protected Throwable(String message, Throwable cause, boolean enableSuppression,
                        boolean writableStackTrace) {
        if (writableStackTrace) {
            fillInStackTrace();
        } else {
            stackTraceNotWritable = true;
        }
        detailMessage = message;
        this.cause = cause;
        if (!enableSuppression) suppressionDisabled = true;
    }

    public String getMessage() {
        return detailMessage;
    }

    public String getLocalizedMessage() {
        return getMessage();
    }

    public synchronized Throwable getCause() {
        return (cause == this ? null : cause);
    }

    public synchronized Throwable initCause(Throwable cause) {
        if (this.cause != this)
            throw new IllegalStateException("Can't overwrite cause with "
                                            + (cause == null ? "a null" : cause.toString()), this);
        if (cause == this) throw new IllegalArgumentException("Self-causation not permitted", this);
        this.cause = cause;
        return this;
    }

    public String toString() {
        String s = getClass().getName();
        String message = getLocalizedMessage();
        return (message != null) ? (s + ": " + message) : s;
    }

    // ---- stack traces -----------------------------------------------------

    public synchronized Throwable fillInStackTrace() {
        if (!stackTraceNotWritable) {
            fillInStackTrace0();
            frames = null;
            stackTrace = null;
        }
        return this;
    }

    private native void fillInStackTrace0();

    private native String[] stackTraceStrings0();

    private synchronized String[] ourFrames() {
        String[] f = frames;
        if (f == null) {
            if (stackTrace != null) {
                f = new String[stackTrace.length];
                for (int i = 0; i < f.length; i++) f[i] = String.valueOf(stackTrace[i]);
            } else if (backtrace != null) {
                f = stackTraceStrings0();
            }
            if (f == null) f = new String[0];
            frames = f;
        }
        return f;
    }

    public StackTraceElement[] getStackTrace() {
        if (stackTrace != null) return stackTrace.clone();
        String[] f = ourFrames();
        StackTraceElement[] r = new StackTraceElement[f.length];
        for (int i = 0; i < f.length; i++) r[i] = StackTraceElement.parse(f[i]);
        return r;
    }

    public void setStackTrace(StackTraceElement[] stackTrace) {
        StackTraceElement[] copy = stackTrace.clone();
        for (int i = 0; i < copy.length; i++) {
            if (copy[i] == null) throw new NullPointerException("stackTrace[" + i + "]");
        }
        synchronized (this) {
            if (stackTraceNotWritable) return;
            this.stackTrace = copy;
            this.frames = null;
        }
    }

    public void printStackTrace() {
        printStackTrace(System.err);
    }

    public void printStackTrace(PrintStream s) {
        printTo(s);
    }

    public void printStackTrace(java.io.PrintWriter s) {
        printTo(s);
    }

    private static void println(Object sink, String line) {
        if (sink instanceof PrintStream) ((PrintStream) sink).println(line);
        else ((java.io.PrintWriter) sink).println(line);
    }

    private void printTo(Object s) {
        java.util.ArrayList<Throwable> dejaVu = new java.util.ArrayList<Throwable>();
        dejaVu.add(this);
        println(s, String.valueOf(this));
        String[] trace = ourFrames();
        for (int i = 0; i < trace.length; i++) println(s, "\tat " + trace[i]);
        Throwable[] sup = getSuppressed();
        for (int i = 0; i < sup.length; i++)
            sup[i].printEnclosedStackTrace(s, trace, "Suppressed: ", "\t", dejaVu);
        Throwable ourCause = getCause();
        if (ourCause != null) ourCause.printEnclosedStackTrace(s, trace, "Caused by: ", "", dejaVu);
    }

    private static boolean seen(java.util.ArrayList<Throwable> dejaVu, Throwable t) {
        for (int i = 0; i < dejaVu.size(); i++)
            if (dejaVu.get(i) == t) return true;
        return false;
    }

    private void printEnclosedStackTrace(Object s, String[] enclosingTrace, String caption,
                                         String prefix, java.util.ArrayList<Throwable> dejaVu) {
        if (seen(dejaVu, this)) {
            println(s, prefix + caption + "[CIRCULAR REFERENCE: " + this + "]");
            return;
        }
        dejaVu.add(this);
        String[] trace = ourFrames();
        int m = trace.length - 1;
        int n = enclosingTrace.length - 1;
        while (m >= 0 && n >= 0 && trace[m].equals(enclosingTrace[n])) {
            m--;
            n--;
        }
        int framesInCommon = trace.length - 1 - m;
        println(s, prefix + caption + this);
        for (int i = 0; i <= m; i++) println(s, prefix + "\tat " + trace[i]);
        if (framesInCommon != 0) println(s, prefix + "\t... " + framesInCommon + " more");
        Throwable[] sup = getSuppressed();
        for (int i = 0; i < sup.length; i++)
            sup[i].printEnclosedStackTrace(s, trace, "Suppressed: ", prefix + "\t", dejaVu);
        Throwable ourCause = getCause();
        if (ourCause != null) ourCause.printEnclosedStackTrace(s, trace, "Caused by: ", prefix, dejaVu);
    }

    // ---- suppressed exceptions (try-with-resources) -------------------------

    public final synchronized void addSuppressed(Throwable exception) {
        if (exception == this)
            throw new IllegalArgumentException("Self-suppression not permitted", exception);
        if (exception == null) throw new NullPointerException("Cannot suppress a null exception.");
        if (suppressionDisabled) return;
        if (suppressed == null) suppressed = new Throwable[1];
        else if (suppressedCount == suppressed.length) {
            Throwable[] n = new Throwable[suppressedCount * 2];
            System.arraycopy(suppressed, 0, n, 0, suppressedCount);
            suppressed = n;
        }
        suppressed[suppressedCount++] = exception;
    }

    public final synchronized Throwable[] getSuppressed() {
        if (suppressedCount == 0) return EMPTY_THROWABLE_ARRAY;
        Throwable[] r = new Throwable[suppressedCount];
        System.arraycopy(suppressed, 0, r, 0, suppressedCount);
        return r;
    }
}
