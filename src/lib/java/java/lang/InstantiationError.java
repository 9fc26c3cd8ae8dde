/* java.lang.InstantiationError for vifvm. */
package java.lang;

public class InstantiationError extends IncompatibleClassChangeError {
    private static final long serialVersionUID = 1L;

    public InstantiationError() {
        super();
    }

    public InstantiationError(String message) {
        super(message);
    }
}
