/* java.io.Serializable for vifvm (a marker; there is no serialization). */
package java.io;

public interface Serializable {
}
