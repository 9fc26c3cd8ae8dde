/* java.lang.reflect.Method for vifvm: the type exists so that programs using
 * it load, but vifvm does not provide reflection beyond Class basics:
 * Class.getMethod... throws UnsupportedOperationException, so no instance
 * is ever made. */
package java.lang.reflect;

public final class Method {
    private Method() {}

    static UnsupportedOperationException unsupported(String what) {
        return new UnsupportedOperationException(
            what + ": vifvm does not provide reflection beyond Class basics");
    }

    public Object invoke(Object obj, Object... args) throws IllegalAccessException, InvocationTargetException {
        throw unsupported("java.lang.reflect.Method.invoke");
    }
}
