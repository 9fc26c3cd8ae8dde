/* java.io.ByteArrayOutputStream for vifvm. */
package java.io;

import java.nio.charset.Charset;

public class ByteArrayOutputStream extends OutputStream {
    protected byte[] buf;
    protected int count;

    public ByteArrayOutputStream() {
        this(32);
    }

    public ByteArrayOutputStream(int size) {
        if (size < 0) throw new IllegalArgumentException("Negative initial size: " + size);
        buf = new byte[size];
    }

    private void ensureCapacity(int minCapacity) {
        if (minCapacity - buf.length > 0) {
            int cap = Math.max(minCapacity, buf.length * 2);
            if (cap < 0) cap = Integer.MAX_VALUE - 8;
            byte[] n = new byte[cap];
            System.arraycopy(buf, 0, n, 0, count);
            buf = n;
        }
    }

    public void write(int b) {
        ensureCapacity(count + 1);
        buf[count] = (byte) b;
        count += 1;
    }

    public void write(byte[] b, int off, int len) {
        if (off < 0 || len < 0 || off > b.length - len)
            throw new IndexOutOfBoundsException("Range [" + off + ", " + off + " + " + len
                                                + ") out of bounds for length " + b.length);
        ensureCapacity(count + len);
        System.arraycopy(b, off, buf, count, len);
        count += len;
    }

    public void writeBytes(byte[] b) {
        write(b, 0, b.length);
    }

    public void writeTo(OutputStream out) throws IOException {
        out.write(buf, 0, count);
    }

    public void reset() {
        count = 0;
    }

    public byte[] toByteArray() {
        byte[] r = new byte[count];
        System.arraycopy(buf, 0, r, 0, count);
        return r;
    }

    public int size() {
        return count;
    }

    public String toString() {
        return new String(buf, 0, count);
    }

    public String toString(String charsetName) throws UnsupportedEncodingException {
        return new String(buf, 0, count, charsetName);
    }

    public String toString(Charset charset) {
        return new String(buf, 0, count, charset);
    }

    public void close() throws IOException {}
}
