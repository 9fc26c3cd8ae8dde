/* java.lang.InstantiationException for vifvm. */
package java.lang;

public class InstantiationException extends ReflectiveOperationException {
    private static final long serialVersionUID = 1L;

    public InstantiationException() {
        super();
    }

    public InstantiationException(String message) {
        super(message);
    }
}
