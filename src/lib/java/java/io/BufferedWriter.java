/* java.io.BufferedWriter for vifvm. */
package java.io;

public class BufferedWriter extends Writer {
    private Writer out;
    private final char[] cb;
    private int nextChar;

    public BufferedWriter(Writer out) {
        this(out, 8192);
    }

    public BufferedWriter(Writer out, int sz) {
        super(out);
        if (sz <= 0) throw new IllegalArgumentException("Buffer size <= 0");
        this.out = out;
        cb = new char[sz];
    }

    private void ensureOpen() throws IOException {
        if (out == null) throw new IOException("Stream closed");
    }

    void flushBuffer() throws IOException {
        ensureOpen();
        if (nextChar == 0) return;
        out.write(cb, 0, nextChar);
        nextChar = 0;
    }

    public void write(int c) throws IOException {
        ensureOpen();
        if (nextChar >= cb.length) flushBuffer();
        cb[nextChar++] = (char) c;
    }

    public void write(char[] cbuf, int off, int len) throws IOException {
        ensureOpen();
        if (off < 0 || len < 0 || off > cbuf.length - len) throw new IndexOutOfBoundsException();
        if (len >= cb.length) {
            flushBuffer();
            out.write(cbuf, off, len);
            return;
        }
        for (int i = 0; i < len; i++) {
            if (nextChar >= cb.length) flushBuffer();
            cb[nextChar++] = cbuf[off + i];
        }
    }

    public void write(String s, int off, int len) throws IOException {
        ensureOpen();
        for (int i = 0; i < len; i++) {
            if (nextChar >= cb.length) flushBuffer();
            cb[nextChar++] = s.charAt(off + i);
        }
    }

    public void newLine() throws IOException {
        write('\n');
    }

    public void flush() throws IOException {
        flushBuffer();
        out.flush();
    }

    public void close() throws IOException {
        if (out == null) return;
        try {
            flushBuffer();
        } finally {
            out.close();
            out = null;
        }
    }
}
