/*
 * java.io.PrintWriter for vifvm.  Over an OutputStream it encodes UTF-8 and,
 * like the JDK's buffered encoder, holds the text until flush()/close() (or
 * println/printf/format with autoFlush, or 8K of pending text).  Over a
 * Writer it writes straight through.
 */
package java.io;

import java.util.Locale;

public class PrintWriter extends Writer {
    protected Writer out;
    private final boolean autoFlush;
    private boolean trouble;
    private boolean closed;

    public PrintWriter(Writer out) {
        this(out, false);
    }

    public PrintWriter(Writer out, boolean autoFlush) {
        super(out);
        this.out = out;
        this.autoFlush = autoFlush;
    }

    public PrintWriter(String fileName) throws FileNotFoundException {
        this(new FileOutputStream(fileName), false);
    }

    public PrintWriter(OutputStream out) {
        this(out, false);
    }

    public PrintWriter(OutputStream out, boolean autoFlush) {
        this(new OutputStreamWriter(out), autoFlush);
    }

    private void ensureOpen() throws IOException {
        if (closed) throw new IOException("Stream closed");
    }

    public void flush() {
        try {
            ensureOpen();
            out.flush();
        } catch (IOException x) {
            trouble = true;
        }
    }

    public void close() {
        if (closed) return;
        try {
            out.close();
        } catch (IOException x) {
            trouble = true;
        }
        closed = true;
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

    public void write(int c) {
        try {
            ensureOpen();
            out.write(c);
        } catch (IOException x) {
            trouble = true;
        }
    }

    public void write(char[] buf, int off, int len) {
        try {
            ensureOpen();
            out.write(buf, off, len);
        } catch (IOException x) {
            trouble = true;
        }
    }

    public void write(char[] buf) {
        write(buf, 0, buf.length);
    }

    public void write(String s, int off, int len) {
        try {
            ensureOpen();
            out.write(s, off, len);
        } catch (IOException x) {
            trouble = true;
        }
    }

    public void write(String s) {
        write(s, 0, s.length());
    }

    private void newLine() {
        write("\n");
        if (autoFlush) flush();
    }

    public void print(boolean b) { write(b ? "true" : "false"); }
    public void print(char c) { write(c); }
    public void print(int i) { write(String.valueOf(i)); }
    public void print(long l) { write(String.valueOf(l)); }
    public void print(float f) { write(String.valueOf(f)); }
    public void print(double d) { write(String.valueOf(d)); }
    public void print(char[] s) { write(s); }
    public void print(String s) { write(String.valueOf(s)); }
    public void print(Object obj) { write(String.valueOf(obj)); }

    public void println() { newLine(); }
    public void println(boolean x) { print(x); newLine(); }
    public void println(char x) { print(x); newLine(); }
    public void println(int x) { print(x); newLine(); }
    public void println(long x) { print(x); newLine(); }
    public void println(float x) { print(x); newLine(); }
    public void println(double x) { print(x); newLine(); }
    public void println(char[] x) { print(x); newLine(); }
    public void println(String x) { print(x); newLine(); }
    public void println(Object x) { print(String.valueOf(x)); newLine(); }

    public PrintWriter printf(String format, Object... args) {
        return format(format, args);
    }

    public PrintWriter printf(Locale l, String format, Object... args) {
        return format(format, args);
    }

    public PrintWriter format(String format, Object... args) {
        write(new java.util.Formatter().format(format, args).toString());
        if (autoFlush) flush();
        return this;
    }

    public PrintWriter format(Locale l, String format, Object... args) {
        return format(format, args);
    }

    public PrintWriter append(CharSequence csq) {
        write(String.valueOf(csq));
        return this;
    }

    public PrintWriter append(CharSequence csq, int start, int end) {
        if (csq == null) csq = "null";
        return append(csq.subSequence(start, end));
    }

    public PrintWriter append(char c) {
        write(c);
        return this;
    }
}
