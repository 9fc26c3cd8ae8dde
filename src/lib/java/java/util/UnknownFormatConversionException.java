/* java.util.UnknownFormatConversionException for vifvm (message format as in the JDK). */
package java.util;

public class UnknownFormatConversionException extends IllegalFormatException {
    private static final long serialVersionUID = 1L;
    private final String s;

    public UnknownFormatConversionException(String s) {
        if (s == null) throw new NullPointerException();
        this.s = s;
    }

    public String getConversion() {
        return s;
    }

    public String getMessage() {
        return "Conversion = '" + s + "'";
    }
}
