/* java.lang.NullPointerException for vifvm.  As in the JDK, an exception
 * without a message that the VM raised gets Java 17's helpful message
 * (JEP 358), computed lazily from the bytecode at the top frame of its
 * backtrace (runtime/npe_message.c); fillInStackTrace computes it first
 * when it would replace that backtrace. */
package java.lang;

public class NullPointerException extends RuntimeException {
    private static final long serialVersionUID = 5162710183389028792L;

    /* 0: constructing; 1: backtrace recorded, message not computed yet;
     * 2: extendedMessage computed */
    private transient int extendedMessageState;
    private transient String extendedMessage;

    public NullPointerException() {
        super();
    }

    public NullPointerException(String s) {
        super(s);
    }

    public synchronized Throwable fillInStackTrace() {
        if (extendedMessageState == 0) {
            extendedMessageState = 1;
        } else if (extendedMessageState == 1) {
            extendedMessage = getExtendedNPEMessage();
            extendedMessageState = 2;
        }
        return super.fillInStackTrace();
    }

    public String getMessage() {
        String message = super.getMessage();
        if (message == null) {
            synchronized (this) {
                if (extendedMessageState == 1) {
                    extendedMessage = getExtendedNPEMessage();
                    extendedMessageState = 2;
                }
                return extendedMessage;
            }
        }
        return message;
    }

    private native String getExtendedNPEMessage();
}
