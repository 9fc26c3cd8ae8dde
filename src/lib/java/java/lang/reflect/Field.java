/* java.lang.reflect.Field for vifvm: the type exists so that programs using
 * it load, but vifvm does not provide reflection beyond Class basics:
 * Class.getField... throws UnsupportedOperationException, so no instance
 * is ever made. */
package java.lang.reflect;

public final class Field {
    private Field() {}

    public Object get(Object obj) throws IllegalArgumentException, IllegalAccessException {
        throw Method.unsupported("java.lang.reflect.Field.get");
    }

    public void set(Object obj, Object value) throws IllegalArgumentException, IllegalAccessException {
        throw Method.unsupported("java.lang.reflect.Field.set");
    }
}
