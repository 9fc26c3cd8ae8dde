/* java.lang.ClassFormatError for vifvm. */
package java.lang;

public class ClassFormatError extends LinkageError {
    private static final long serialVersionUID = 1L;

    public ClassFormatError() {
        super();
    }

    public ClassFormatError(String message) {
        super(message);
    }
}
