/* java.nio.charset.StandardCharsets for vifvm (UTF-16 variants omitted). */
package java.nio.charset;

public final class StandardCharsets {
    private StandardCharsets() {}

    public static final Charset US_ASCII = Charset.US_ASCII;
    public static final Charset ISO_8859_1 = Charset.ISO_8859_1;
    public static final Charset UTF_8 = Charset.UTF_8;
}
