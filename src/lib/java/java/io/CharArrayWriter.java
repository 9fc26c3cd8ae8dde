/* java.io.CharArrayWriter (JDK 17 API). */
package java.io;

public class CharArrayWriter extends Writer {
    protected char[] buf;
    protected int count;

    public CharArrayWriter() {
        this(32);
    }

    public CharArrayWriter(int initialSize) {
        if (initialSize < 0) throw new IllegalArgumentException("Negative initial size: " + initialSize);
        buf = new char[initialSize];
    }

    private void grow(int need) {
        if (need > buf.length) {
            char[] nb = new char[Math.max(buf.length << 1, need)];
            System.arraycopy(buf, 0, nb, 0, count);
            buf = nb;
        }
    }

    public void write(int c) {
        grow(count + 1);
        buf[count++] = (char) c;
    }

    public void write(char[] c, int off, int len) {
        if ((off < 0) || (off > c.length) || (len < 0) || ((off + len) > c.length) || ((off + len) < 0))
            throw new IndexOutOfBoundsException();
        grow(count + len);
        System.arraycopy(c, off, buf, count, len);
        count += len;
    }

    public void write(String str, int off, int len) {
        grow(count + len);
        str.getChars(off, off + len, buf, count);
        count += len;
    }

    public void writeTo(Writer out) throws IOException {
        out.write(buf, 0, count);
    }

    public CharArrayWriter append(CharSequence csq) {
        String s = String.valueOf(csq);
        write(s, 0, s.length());
        return this;
    }

    public CharArrayWriter append(CharSequence csq, int start, int end) {
        if (csq == null) csq = "null";
        return append(csq.subSequence(start, end));
    }

    public CharArrayWriter append(char c) {
        write(c);
        return this;
    }

    public void reset() {
        count = 0;
    }

    public char[] toCharArray() {
        char[] r = new char[count];
        System.arraycopy(buf, 0, r, 0, count);
        return r;
    }

    public int size() {
        return count;
    }

    public String toString() {
        return new String(buf, 0, count);
    }

    public void flush() {}

    public void close() {}
}
