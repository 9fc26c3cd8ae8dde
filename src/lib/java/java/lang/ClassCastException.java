/* java.lang.ClassCastException for vifvm. */
package java.lang;

public class ClassCastException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ClassCastException() {
        super();
    }

    public ClassCastException(String message) {
        super(message);
    }
}
