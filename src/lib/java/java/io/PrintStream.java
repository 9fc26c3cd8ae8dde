/*
 * java.io.PrintStream for vifvm.
 *
 * A PrintStream over FileOutputStream(FileDescriptor.out/err) (System.out
 * and System.err) writes each print/println with ONE native call that
 * encodes the UTF-16 text as UTF-8 and hands it to the platform's write
 * hook (no buffering, so stdout/stderr interleave in program order).  Over
 * any other OutputStream the text is UTF-8 encoded in Java and written to
 * it.  IOExceptions set the error flag (checkError) as in the JDK.
 */
package java.io;

import java.util.Locale;

public class PrintStream extends OutputStream implements Appendable, Closeable {
    protected OutputStream out;
    private final int stream;          /* 1 or 2 when writing to the console, else -1 */
    private final boolean autoFlush;
    private boolean trouble;
    private boolean closed;

    public PrintStream(OutputStream out) {
        this(out, false);
    }

    public PrintStream(OutputStream out, boolean autoFlush) {
        if (out == null) throw new NullPointerException("Null output stream");
        this.out = out;
        this.autoFlush = autoFlush;
        this.stream = (out instanceof FileOutputStream) ? ((FileOutputStream) out).stream() : -1;
    }

    public PrintStream(OutputStream out, boolean autoFlush, String encoding)
            throws UnsupportedEncodingException {
        this(out, autoFlush);
        if (!java.nio.charset.Charset.isSupported(encoding)) throw new UnsupportedEncodingException(encoding);
    }

    private static native void write0(int stream, String s, boolean newline);

    private void emit(String s, boolean newline) {
        if (closed) {
            trouble = true;
            return;
        }
        if (stream > 0) {
            write0(stream, s, newline);
            return;
        }
        try {
            byte[] b = s.getBytes();
            out.write(b, 0, b.length);
            if (newline) out.write('\n');
            if (autoFlush && newline) out.flush();
        } catch (IOException e) {
            trouble = true;
        }
    }

    public void flush() {
        if (stream > 0) return;
        try {
            out.flush();
        } catch (IOException e) {
            trouble = true;
        }
    }

    public void close() {
        if (closed) return;
        closed = true;
        if (stream > 0) return;
        try {
            out.close();
        } catch (IOException e) {
            trouble = true;
        }
    }

    public boolean checkError() {
        if (!closed) flush();
        return trouble;
    }

    protected void setError() {
        trouble = true;
    }

    protected void clearError() {
        trouble = false;
    }

    public void write(int b) {
        write(new byte[] { (byte) b }, 0, 1);
    }

    public void write(byte[] buf, int off, int len) {
        if (closed) {
            trouble = true;
            return;
        }
        try {
            out.write(buf, off, len);
            if (autoFlush) out.flush();
        } catch (IOException e) {
            trouble = true;
        }
    }

    public void write(byte[] buf) throws IOException {
        write(buf, 0, buf.length);
    }

    public void writeBytes(byte[] buf) {
        write(buf, 0, buf.length);
    }

    public void print(boolean b) { emit(b ? "true" : "false", false); }
    public void print(char c) { emit(String.valueOf(c), false); }
    public void print(int i) { emit(String.valueOf(i), false); }
    public void print(long l) { emit(String.valueOf(l), false); }
    public void print(float f) { emit(String.valueOf(f), false); }
    public void print(double d) { emit(String.valueOf(d), false); }
    public void print(char[] s) { emit(new String(s), false); }
    public void print(String s) { emit(s == null ? "null" : s, false); }
    public void print(Object obj) { emit(String.valueOf(obj), false); }

    public void println() { emit("", true); }
    public void println(boolean x) { emit(x ? "true" : "false", true); }
    public void println(char x) { emit(String.valueOf(x), true); }
    public void println(int x) { emit(String.valueOf(x), true); }
    public void println(long x) { emit(String.valueOf(x), true); }
    public void println(float x) { emit(String.valueOf(x), true); }
    public void println(double x) { emit(String.valueOf(x), true); }
    public void println(char[] x) { emit(new String(x), true); }
    public void println(String x) { emit(x == null ? "null" : x, true); }
    public void println(Object x) { emit(String.valueOf(x), true); }

    public PrintStream printf(String format, Object... args) {
        return format(format, args);
    }

    public PrintStream printf(Locale l, String format, Object... args) {
        return format(format, args);
    }

    public PrintStream format(String format, Object... args) {
        emit(new java.util.Formatter().format(format, args).toString(), false);
        return this;
    }

    public PrintStream format(Locale l, String format, Object... args) {
        return format(format, args);
    }

    public PrintStream append(CharSequence csq) {
        print(String.valueOf(csq));
        return this;
    }

    public PrintStream append(CharSequence csq, int start, int end) {
        if (csq == null) csq = "null";
        return append(csq.subSequence(start, end));
    }

    public PrintStream append(char c) {
        print(c);
        return this;
    }
}
