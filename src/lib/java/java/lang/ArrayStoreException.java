/* java.lang.ArrayStoreException for vifvm. */
package java.lang;

public class ArrayStoreException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ArrayStoreException() {
        super();
    }

    public ArrayStoreException(String message) {
        super(message);
    }
}
