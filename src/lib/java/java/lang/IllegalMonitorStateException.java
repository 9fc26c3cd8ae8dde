/* java.lang.IllegalMonitorStateException for vifvm. */
package java.lang;

public class IllegalMonitorStateException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public IllegalMonitorStateException() {
        super();
    }

    public IllegalMonitorStateException(String message) {
        super(message);
    }
}
