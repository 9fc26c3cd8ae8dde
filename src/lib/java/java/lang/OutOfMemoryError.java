/* java.lang.OutOfMemoryError for vifvm. */
package java.lang;

public class OutOfMemoryError extends VirtualMachineError {
    private static final long serialVersionUID = 1L;

    public OutOfMemoryError() {
        super();
    }

    public OutOfMemoryError(String message) {
        super(message);
    }
}
