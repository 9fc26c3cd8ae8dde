/* java.net.UnknownHostException (JDK 17 API). */
package java.net;

import java.io.IOException;

public class UnknownHostException extends IOException {
    private static final long serialVersionUID = -4639126076052875403L;

    public UnknownHostException(String message) {
        super(message);
    }

    public UnknownHostException() {}
}
