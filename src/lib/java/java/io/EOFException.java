/* java.io.EOFException for vifvm. */
package java.io;

public class EOFException extends IOException {
    private static final long serialVersionUID = 1L;

    public EOFException() {
        super();
    }

    public EOFException(String message) {
        super(message);
    }
}
