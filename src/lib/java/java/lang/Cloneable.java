/* java.lang.Cloneable for vifvm: marks classes Object.clone() may copy. */
package java.lang;

public interface Cloneable {
}
