/* java.util.EmptyStackException for vifvm. */
package java.util;

public class EmptyStackException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public EmptyStackException() {
        super();
    }
}
