/* java.lang.ClassNotFoundException for vifvm. */
package java.lang;

public class ClassNotFoundException extends ReflectiveOperationException {
    private static final long serialVersionUID = 9176873029745254542L;

    public ClassNotFoundException() {
        super((String) null, (Throwable) null);
    }

    public ClassNotFoundException(String s) {
        super(s, (Throwable) null);
    }

    public ClassNotFoundException(String s, Throwable ex) {
        super(s, ex);
    }

    public Throwable getException() {
        return getCause();
    }
}
