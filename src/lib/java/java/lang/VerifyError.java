/* java.lang.VerifyError for vifvm. */
package java.lang;

public class VerifyError extends LinkageError {
    private static final long serialVersionUID = 1L;

    public VerifyError() {
        super();
    }

    public VerifyError(String message) {
        super(message);
    }
}
