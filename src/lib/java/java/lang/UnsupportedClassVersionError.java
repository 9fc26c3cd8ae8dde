/* java.lang.UnsupportedClassVersionError for vifvm. */
package java.lang;

public class UnsupportedClassVersionError extends ClassFormatError {
    private static final long serialVersionUID = 1L;

    public UnsupportedClassVersionError() {
        super();
    }

    public UnsupportedClassVersionError(String message) {
        super(message);
    }
}
