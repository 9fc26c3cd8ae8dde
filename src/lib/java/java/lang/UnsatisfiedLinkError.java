/* java.lang.UnsatisfiedLinkError for vifvm. */
package java.lang;

public class UnsatisfiedLinkError extends LinkageError {
    private static final long serialVersionUID = 1L;

    public UnsatisfiedLinkError() {
        super();
    }

    public UnsatisfiedLinkError(String message) {
        super(message);
    }
}
