/* java.lang.IllegalCallerException for vifvm. */
package java.lang;

public class IllegalCallerException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public IllegalCallerException() {
        super();
    }

    public IllegalCallerException(String message) {
        super(message);
    }

    public IllegalCallerException(String message, Throwable cause) {
        super(message, cause);
    }

    public IllegalCallerException(Throwable cause) {
        super(cause);
    }
}
