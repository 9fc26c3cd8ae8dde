/* java.io.StringReader for vifvm: a Reader over a String. */
package java.io;

public class StringReader extends Reader {
    private String str;
    private int length;
    private int next = 0;
    private int mark = 0;

    public StringReader(String s) {
        this.length = s.length();
        this.str = s;
    }

    private void ensureOpen() throws IOException {
        if (str == null) throw new IOException("Stream closed");
    }

    public int read() throws IOException {
        ensureOpen();
        if (next >= length) return -1;
        return str.charAt(next++);
    }

    public int read(char[] cbuf, int off, int len) throws IOException {
        ensureOpen();
        if (off < 0 || len < 0 || len > cbuf.length - off) throw new IndexOutOfBoundsException();
        if (len == 0) return 0;
        if (next >= length) return -1;
        int n = Math.min(length - next, len);
        str.getChars(next, next + n, cbuf, off);
        next += n;
        return n;
    }

    public long skip(long n) throws IOException {
        ensureOpen();
        if (next >= length) return 0;
        long r = Math.min(length - next, n);
        r = Math.max(-next, r);
        next += (int) r;
        return r;
    }

    public boolean ready() throws IOException {
        ensureOpen();
        return true;
    }

    public boolean markSupported() {
        return true;
    }

    public void mark(int readAheadLimit) throws IOException {
        if (readAheadLimit < 0) throw new IllegalArgumentException("Read-ahead limit < 0");
        ensureOpen();
        mark = next;
    }

    public void reset() throws IOException {
        ensureOpen();
        next = mark;
    }

    public void close() {
        str = null;
    }
}
