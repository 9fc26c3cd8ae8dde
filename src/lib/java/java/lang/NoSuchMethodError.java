/* java.lang.NoSuchMethodError for vifvm. */
package java.lang;

public class NoSuchMethodError extends IncompatibleClassChangeError {
    private static final long serialVersionUID = 1L;

    public NoSuchMethodError() {
        super();
    }

    public NoSuchMethodError(String message) {
        super(message);
    }
}
