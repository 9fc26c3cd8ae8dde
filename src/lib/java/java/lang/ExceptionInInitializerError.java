/* java.lang.ExceptionInInitializerError for vifvm: wraps the exception a
 * static initializer threw (as its cause; the message is null). */
package java.lang;

public class ExceptionInInitializerError extends LinkageError {
    private static final long serialVersionUID = 1521711792217232256L;

    public ExceptionInInitializerError() {
        initCause(null);
    }

    public ExceptionInInitializerError(Throwable thrown) {
        super(null, thrown);
    }

    public ExceptionInInitializerError(String s) {
        super(s, null);
    }

    public Throwable getException() {
        return super.getCause();
    }
}
