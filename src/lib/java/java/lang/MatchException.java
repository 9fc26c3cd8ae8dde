/* java.lang.MatchException (Java 21) for vifvm: what javac 21 throws when
 * an exhaustive switch meets a value no case covers (a class changed since
 * compilation) or a record pattern's accessor throws; vifvm provides it so
 * that javac 21's pattern switches run (javac 17 throws
 * IncompatibleClassChangeError instead). */
package java.lang;

public final class MatchException extends RuntimeException {
    private static final long serialVersionUID = 0L;

    public MatchException(String message, Throwable cause) {
        super(message, cause);
    }
}
