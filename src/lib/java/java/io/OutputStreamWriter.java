/* java.io.OutputStreamWriter for vifvm: UTF-8 (or Latin-1/ASCII) encoding
 * onto an OutputStream, buffered until flush() like the JDK's encoder. */
package java.io;

import java.nio.charset.Charset;

public class OutputStreamWriter extends Writer {
    private final OutputStream out;
    private final Charset cs;
    private final StringBuilder pending = new StringBuilder();

    public OutputStreamWriter(OutputStream out) {
        super(out);
        this.out = out;
        this.cs = Charset.defaultCharset();
    }

    public OutputStreamWriter(OutputStream out, String charsetName) throws UnsupportedEncodingException {
        super(out);
        if (charsetName == null) throw new NullPointerException("charsetName");
        this.out = out;
        if (!Charset.isSupported(charsetName)) throw new UnsupportedEncodingException(charsetName);
        this.cs = Charset.forName(charsetName);
    }

    public OutputStreamWriter(OutputStream out, Charset cs) {
        super(out);
        if (cs == null) throw new NullPointerException("charset");
        this.out = out;
        this.cs = cs;
    }

    public String getEncoding() {
        return cs.name();
    }

    public void write(char[] cbuf, int off, int len) throws IOException {
        if (off < 0 || len < 0 || off > cbuf.length - len) throw new IndexOutOfBoundsException();
        pending.append(cbuf, off, len);
        if (pending.length() >= 8192) flushBuffer();
    }

    public void write(String str, int off, int len) throws IOException {
        pending.append(str, off, off + len);
        if (pending.length() >= 8192) flushBuffer();
    }

    void flushBuffer() throws IOException {
        if (pending.length() == 0) return;
        int n = pending.length();
        /* keep a trailing high surrogate for the next write */
        if (Character.isHighSurrogate(pending.charAt(n - 1))) n--;
        byte[] b = pending.substring(0, n).getBytes(cs);
        pending.delete(0, n);
        out.write(b, 0, b.length);
    }

    public void flush() throws IOException {
        flushBuffer();
        out.flush();
    }

    public void close() throws IOException {
        flush();
        out.close();
    }
}
