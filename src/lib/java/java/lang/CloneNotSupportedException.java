/* java.lang.CloneNotSupportedException for vifvm. */
package java.lang;

public class CloneNotSupportedException extends Exception {
    private static final long serialVersionUID = 1L;

    public CloneNotSupportedException() {
        super();
    }

    public CloneNotSupportedException(String message) {
        super(message);
    }
}
