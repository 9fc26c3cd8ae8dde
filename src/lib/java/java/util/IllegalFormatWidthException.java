/* java.util.IllegalFormatWidthException for vifvm (message format as in the JDK). */
package java.util;

public class IllegalFormatWidthException extends IllegalFormatException {
    private static final long serialVersionUID = 1L;
    private final int w;

    public IllegalFormatWidthException(int w) {
        this.w = w;
    }

    public int getWidth() {
        return w;
    }

    public String getMessage() {
        return Integer.toString(w);
    }
}
