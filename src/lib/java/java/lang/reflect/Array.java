/* java.lang.reflect.Array for vifvm: creating arrays of a runtime component
 * type (used by Arrays.copyOf and toArray(T[])) and reading their length. */
package java.lang.reflect;

public final class Array {
    private Array() {}

    public static Object newInstance(Class<?> componentType, int length) throws NegativeArraySizeException {
        if (componentType == null) throw new NullPointerException();
        return newArray(componentType, length);
    }

    /* IllegalArgumentException for void; NegativeArraySizeException. */
    private static native Object newArray(Class<?> componentType, int length);

    /* IllegalArgumentException "Argument is not an array". */
    public static native int getLength(Object array) throws IllegalArgumentException;
}
