/* java.io.InputStream for vifvm: the JDK's abstract byte source (read,
 * bulk reads, skip, mark/reset defaults, readAllBytes, transferTo). */
package java.io;

import java.util.Arrays;

public abstract class InputStream implements Closeable {
    private static final int MAX_SKIP_BUFFER_SIZE = 2048;
    private static final int DEFAULT_BUFFER_SIZE = 8192;

    public InputStream() {}

    public static InputStream nullInputStream() {
        return new InputStream() {
            private boolean closed;

            public int available() throws IOException {
                if (closed) throw new IOException("Stream closed");
                return 0;
            }

            public int read() throws IOException {
                if (closed) throw new IOException("Stream closed");
                return -1;
            }

            public void close() {
                closed = true;
            }
        };
    }

    public abstract int read() throws IOException;

    public int read(byte[] b) throws IOException {
        return read(b, 0, b.length);
    }

    public int read(byte[] b, int off, int len) throws IOException {
        if (off < 0 || len < 0 || len > b.length - off)
            throw new IndexOutOfBoundsException("Range [" + off + ", " + off + " + " + len
                                                + ") out of bounds for length " + b.length);
        if (len == 0) return 0;
        int c = read();
        if (c == -1) return -1;
        b[off] = (byte) c;
        int i = 1;
        for (; i < len; i++) {
            c = read();
            if (c == -1) break;
            b[off + i] = (byte) c;
        }
        return i;
    }

    public byte[] readAllBytes() throws IOException {
        return readNBytes(Integer.MAX_VALUE);
    }

    public byte[] readNBytes(int len) throws IOException {
        if (len < 0) throw new IllegalArgumentException("len < 0");
        byte[] out = new byte[Math.min(len, DEFAULT_BUFFER_SIZE)];
        int n = 0;
        while (n < len) {
            if (n == out.length) out = Arrays.copyOf(out, (int) Math.min((long) len, 2L * out.length));
            int r = read(out, n, Math.min(out.length - n, len - n));
            if (r < 0) break;
            n += r;
        }
        return n == out.length ? out : Arrays.copyOf(out, n);
    }

    public int readNBytes(byte[] b, int off, int len) throws IOException {
        if (off < 0 || len < 0 || len > b.length - off) throw new IndexOutOfBoundsException();
        int n = 0;
        while (n < len) {
            int count = read(b, off + n, len - n);
            if (count < 0) break;
            n += count;
        }
        return n;
    }

    public long skip(long n) throws IOException {
        long remaining = n;
        if (n <= 0) return 0;
        int size = (int) Math.min(MAX_SKIP_BUFFER_SIZE, remaining);
        byte[] skipBuffer = new byte[size];
        while (remaining > 0) {
            int nr = read(skipBuffer, 0, (int) Math.min(size, remaining));
            if (nr < 0) break;
            remaining -= nr;
        }
        return n - remaining;
    }

    public void skipNBytes(long n) throws IOException {
        while (n > 0) {
            long ns = skip(n);
            if (ns > 0 && ns <= n) {
                n -= ns;
            } else if (ns == 0) {
                if (read() == -1) throw new EOFException();
                n--;
            } else {
                throw new IOException("Unable to skip exactly");
            }
        }
    }

    public int available() throws IOException {
        return 0;
    }

    public void close() throws IOException {}

    public synchronized void mark(int readlimit) {}

    public synchronized void reset() throws IOException {
        throw new IOException("mark/reset not supported");
    }

    public boolean markSupported() {
        return false;
    }

    public long transferTo(OutputStream out) throws IOException {
        if (out == null) throw new NullPointerException();
        long transferred = 0;
        byte[] buffer = new byte[DEFAULT_BUFFER_SIZE];
        int read;
        while ((read = read(buffer, 0, DEFAULT_BUFFER_SIZE)) >= 0) {
            out.write(buffer, 0, read);
            transferred += read;
        }
        return transferred;
    }
}
