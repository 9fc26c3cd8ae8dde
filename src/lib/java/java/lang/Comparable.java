/* java.lang.Comparable for vifvm. */
package java.lang;

public interface Comparable<T> {
    public int compareTo(T o);
}
