/* java.lang.NoSuchFieldException for vifvm. */
package java.lang;

public class NoSuchFieldException extends ReflectiveOperationException {
    private static final long serialVersionUID = 1L;

    public NoSuchFieldException() {
        super();
    }

    public NoSuchFieldException(String message) {
        super(message);
    }
}
