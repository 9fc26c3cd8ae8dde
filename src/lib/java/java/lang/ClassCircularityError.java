/* java.lang.ClassCircularityError for vifvm. */
package java.lang;

public class ClassCircularityError extends LinkageError {
    private static final long serialVersionUID = 1L;

    public ClassCircularityError() {
        super();
    }

    public ClassCircularityError(String message) {
        super(message);
    }
}
