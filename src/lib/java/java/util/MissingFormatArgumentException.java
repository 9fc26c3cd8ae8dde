/* java.util.MissingFormatArgumentException for vifvm (message format as in the JDK). */
package java.util;

public class MissingFormatArgumentException extends IllegalFormatException {
    private static final long serialVersionUID = 1L;
    private final String s;

    public MissingFormatArgumentException(String s) {
        if (s == null) throw new NullPointerException();
        this.s = s;
    }

    public String getFormatSpecifier() {
        return s;
    }

    public String getMessage() {
        return "Format specifier '" + s + "'";
    }
}
