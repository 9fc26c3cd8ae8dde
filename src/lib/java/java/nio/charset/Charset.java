/*
 * java.nio.charset.Charset for vifvm: only UTF-8, US-ASCII and ISO-8859-1
 * exist (encoding/decoding is done by String).  No encoders/decoders.
 */
package java.nio.charset;

public abstract class Charset implements Comparable<Charset> {
    private final String name;
    private final String[] aliases;

    protected Charset(String canonicalName, String[] aliases) {
        this.name = canonicalName;
        this.aliases = aliases == null ? new String[0] : aliases;
    }

    private static final class Std extends Charset {
        Std(String name, String[] aliases) {
            super(name, aliases);
        }
    }

    static final Charset UTF_8 = new Std("UTF-8", new String[] { "UTF8", "unicode-1-1-utf-8" });
    static final Charset US_ASCII = new Std("US-ASCII", new String[] {
        "ASCII", "iso-ir-6", "ANSI_X3.4-1986", "ISO_646.irv:1991", "ANSI_X3.4-1968",
        "ISO646-US", "default", "us", "IBM367", "cp367", "csASCII", "646", "iso_646.irv:1983" });
    static final Charset ISO_8859_1 = new Std("ISO-8859-1", new String[] {
        "ISO8859_1", "iso-ir-100", "ISO_8859-1", "latin1", "l1", "IBM819", "cp819",
        "csISOLatin1", "819", "IBM-819", "ISO8859-1", "ISO_8859-1:1987", "ISO_8859_1",
        "8859_1", "ISO8859_1" });

    private static final Charset[] ALL = { UTF_8, US_ASCII, ISO_8859_1 };

    private static Charset lookup(String charsetName) {
        if (charsetName == null) throw new IllegalArgumentException("Null charset name");
        for (int i = 0; i < ALL.length; i++) {
            Charset c = ALL[i];
            if (c.name.equalsIgnoreCase(charsetName)) return c;
            for (int j = 0; j < c.aliases.length; j++)
                if (c.aliases[j].equalsIgnoreCase(charsetName)) return c;
        }
        return null;
    }

    public static boolean isSupported(String charsetName) {
        return lookup(charsetName) != null;
    }

    public static Charset forName(String charsetName) {
        Charset c = lookup(charsetName);
        if (c == null) throw new UnsupportedCharsetException(charsetName);
        return c;
    }

    public static Charset defaultCharset() {
        return UTF_8;
    }

    public final String name() {
        return name;
    }

    public String displayName() {
        return name;
    }

    public final boolean isRegistered() {
        return true;
    }

    public boolean canEncode() {
        return true;
    }

    public final java.util.Set<String> aliases() {
        return new java.util.HashSet<String>(java.util.Arrays.asList(aliases));
    }

    public final int compareTo(Charset that) {
        return name().compareToIgnoreCase(that.name());
    }

    public final int hashCode() {
        return name().hashCode();
    }

    public final boolean equals(Object ob) {
        if (this == ob) return true;
        if (!(ob instanceof Charset)) return false;
        return name.equals(((Charset) ob).name());
    }

    public final String toString() {
        return name();
    }
}
