/* java.io.FileNotFoundException for vifvm. */
package java.io;

public class FileNotFoundException extends IOException {
    private static final long serialVersionUID = 1L;

    public FileNotFoundException() {
        super();
    }

    public FileNotFoundException(String message) {
        super(message);
    }
}
