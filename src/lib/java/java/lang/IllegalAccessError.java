/* java.lang.IllegalAccessError for vifvm. */
package java.lang;

public class IllegalAccessError extends IncompatibleClassChangeError {
    private static final long serialVersionUID = 1L;

    public IllegalAccessError() {
        super();
    }

    public IllegalAccessError(String message) {
        super(message);
    }
}
