/* java.lang.IncompatibleClassChangeError for vifvm. */
package java.lang;

public class IncompatibleClassChangeError extends LinkageError {
    private static final long serialVersionUID = 1L;

    public IncompatibleClassChangeError() {
        super();
    }

    public IncompatibleClassChangeError(String message) {
        super(message);
    }
}
