/* java.lang.LinkageError for vifvm. */
package java.lang;

public class LinkageError extends Error {
    private static final long serialVersionUID = 1L;

    public LinkageError() {
        super();
    }

    public LinkageError(String message) {
        super(message);
    }

    public LinkageError(String message, Throwable cause) {
        super(message, cause);
    }
}
