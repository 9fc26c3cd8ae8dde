/* java.util.ConcurrentModificationException for vifvm. */
package java.util;

public class ConcurrentModificationException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ConcurrentModificationException() {
        super();
    }

    public ConcurrentModificationException(String message) {
        super(message);
    }

    public ConcurrentModificationException(String message, Throwable cause) {
        super(message, cause);
    }

    public ConcurrentModificationException(Throwable cause) {
        super(cause);
    }
}
