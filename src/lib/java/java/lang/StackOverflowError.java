/* java.lang.StackOverflowError for vifvm. */
package java.lang;

public class StackOverflowError extends VirtualMachineError {
    private static final long serialVersionUID = 1L;

    public StackOverflowError() {
        super();
    }

    public StackOverflowError(String message) {
        super(message);
    }
}
