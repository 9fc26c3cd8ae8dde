/* java.util.InputMismatchException for vifvm. */
package java.util;

public class InputMismatchException extends NoSuchElementException {
    private static final long serialVersionUID = 1L;

    public InputMismatchException() {
        super();
    }

    public InputMismatchException(String message) {
        super(message);
    }
}
