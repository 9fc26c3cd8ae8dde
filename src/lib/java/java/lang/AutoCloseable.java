/* java.lang.AutoCloseable for vifvm (try-with-resources). */
package java.lang;

public interface AutoCloseable {
    void close() throws Exception;
}
