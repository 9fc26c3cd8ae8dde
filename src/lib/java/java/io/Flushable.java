/* java.io.Flushable for vifvm. */
package java.io;

public interface Flushable {
    void flush() throws IOException;
}
