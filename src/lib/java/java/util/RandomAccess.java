/* java.util.RandomAccess for vifvm (marker). */
package java.util;

public interface RandomAccess {
}
