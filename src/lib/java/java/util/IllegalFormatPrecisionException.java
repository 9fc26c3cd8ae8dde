/* java.util.IllegalFormatPrecisionException for vifvm (message format as in the JDK). */
package java.util;

public class IllegalFormatPrecisionException extends IllegalFormatException {
    private static final long serialVersionUID = 1L;
    private final int p;

    public IllegalFormatPrecisionException(int p) {
        this.p = p;
    }

    public int getPrecision() {
        return p;
    }

    public String getMessage() {
        return Integer.toString(p);
    }
}
