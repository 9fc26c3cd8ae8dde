/* java.lang.NullPointerException for vifvm. */
package java.lang;

public class NullPointerException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public NullPointerException() {
        super();
    }

    public NullPointerException(String message) {
        super(message);
    }
}
