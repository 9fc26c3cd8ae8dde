/* java.io.InputStreamReader for vifvm: decodes the bytes of an InputStream
 * as UTF-8 (malformed input becomes U+FFFD, as the JDK's default decoder
 * does), or as ISO-8859-1 / US-ASCII. */
package java.io;

import java.nio.charset.Charset;

public class InputStreamReader extends Reader {
    private final InputStream in;
    private final Charset cs;
    private final int kind; /* 0 UTF-8, 1 ISO-8859-1, 2 US-ASCII */
    private final byte[] bytes = new byte[8192];
    private int bpos, blim;
    private boolean eof;
    private int pendingLow = -1; /* the low surrogate of a split pair */

    public InputStreamReader(InputStream in) {
        this(in, Charset.defaultCharset());
    }

    public InputStreamReader(InputStream in, String charsetName) throws UnsupportedEncodingException {
        this(in, charsetOf(charsetName));
    }

    private static Charset charsetOf(String charsetName) throws UnsupportedEncodingException {
        if (charsetName == null) throw new NullPointerException("charsetName");
        if (!Charset.isSupported(charsetName)) throw new UnsupportedEncodingException(charsetName);
        return Charset.forName(charsetName);
    }

    public InputStreamReader(InputStream in, Charset cs) {
        super(in);
        if (cs == null) throw new NullPointerException("charset");
        this.in = in;
        this.cs = cs;
        String n = cs.name();
        kind = n.equals("UTF-8") ? 0 : n.equals("ISO-8859-1") ? 1 : 2;
    }

    public String getEncoding() {
        return kind == 0 ? "UTF8" : kind == 1 ? "ISO8859_1" : "ASCII";
    }

    /* at least `need` bytes buffered, unless at end of input */
    private void fill(int need) throws IOException {
        if (blim - bpos >= need || eof) return;
        if (bpos > 0) {
            System.arraycopy(bytes, bpos, bytes, 0, blim - bpos);
            blim -= bpos;
            bpos = 0;
        }
        while (blim - bpos < need && !eof) {
            int n = in.read(bytes, blim, bytes.length - blim);
            if (n < 0) eof = true;
            else blim += n;
        }
    }

    private static boolean cont(int b) {
        return (b & 0xc0) == 0x80;
    }

    /* one code point from the buffer (at least one byte is there), or
     * 0xFFFD for a malformed sequence (consuming its maximal prefix) */
    private int decodeOne() throws IOException {
        int b0 = bytes[bpos] & 0xff;
        if (kind == 1) { bpos++; return b0; }
        if (kind == 2) { bpos++; return b0 < 0x80 ? b0 : 0xfffd; }
        if (b0 < 0x80) { bpos++; return b0; }
        int n, min;
        if (b0 >= 0xc2 && b0 <= 0xdf) { n = 2; min = 0x80; }
        else if (b0 >= 0xe0 && b0 <= 0xef) { n = 3; min = 0x800; }
        else if (b0 >= 0xf0 && b0 <= 0xf4) { n = 4; min = 0x10000; }
        else { bpos++; return 0xfffd; }
        fill(n);
        int avail = blim - bpos;
        int cp = b0 & (0xff >> (n + 1));
        for (int i = 1; i < n; i++) {
            if (i >= avail) { bpos += i; return 0xfffd; }
            int b = bytes[bpos + i] & 0xff;
            if (!cont(b)) { bpos += i; return 0xfffd; }
            /* the second byte's range limits (no overlong, surrogate or > 10FFFF) */
            if (i == 1 && ((b0 == 0xe0 && b < 0xa0) || (b0 == 0xed && b > 0x9f)
                           || (b0 == 0xf0 && b < 0x90) || (b0 == 0xf4 && b > 0x8f))) {
                bpos += 1;
                return 0xfffd;
            }
            cp = (cp << 6) | (b & 0x3f);
        }
        bpos += n;
        return cp < min ? 0xfffd : cp;
    }

    public int read(char[] cbuf, int off, int len) throws IOException {
        if (off < 0 || len < 0 || len > cbuf.length - off) throw new IndexOutOfBoundsException();
        if (len == 0) return 0;
        int n = 0;
        if (pendingLow >= 0) {
            cbuf[off + n++] = (char) pendingLow;
            pendingLow = -1;
        }
        while (n < len) {
            if (bpos >= blim) {
                /* block for more only when nothing was decoded yet */
                if (n > 0 && in.available() <= 0) break;
                fill(1);
                if (bpos >= blim) break;
            }
            int cp = decodeOne();
            if (cp >= 0x10000) {
                cbuf[off + n++] = Character.highSurrogate(cp);
                char lo = Character.lowSurrogate(cp);
                if (n < len) cbuf[off + n++] = lo;
                else pendingLow = lo;
            } else {
                cbuf[off + n++] = (char) cp;
            }
        }
        return n == 0 ? -1 : n;
    }

    public boolean ready() throws IOException {
        return bpos < blim || pendingLow >= 0 || in.available() > 0;
    }

    public void close() throws IOException {
        in.close();
    }
}
