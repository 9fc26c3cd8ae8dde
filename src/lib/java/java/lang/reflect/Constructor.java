/* java.lang.reflect.Constructor for vifvm: the type exists so that programs using
 * it load, but vifvm does not provide reflection beyond Class basics:
 * Class.getConstructor... throws UnsupportedOperationException, so no instance
 * is ever made. */
package java.lang.reflect;

public final class Constructor<T> {
    private Constructor() {}

    public T newInstance(Object... initargs) throws InstantiationException, IllegalAccessException, InvocationTargetException {
        throw Method.unsupported("java.lang.reflect.Constructor.newInstance");
    }
}
