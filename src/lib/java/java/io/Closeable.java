/* java.io.Closeable for vifvm. */
package java.io;

public interface Closeable extends AutoCloseable {
    public void close() throws IOException;
}
