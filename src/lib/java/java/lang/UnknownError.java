/* java.lang.UnknownError for vifvm. */
package java.lang;

public class UnknownError extends VirtualMachineError {
    private static final long serialVersionUID = 1L;

    public UnknownError() {
        super();
    }

    public UnknownError(String message) {
        super(message);
    }
}
