/*
 * java.lang.Class for vifvm: the mirror of a loaded class.
 *
 * Fixed layout: `private transient long vmClass` holds the jclass pointer
 * (runtime/classes.h); mirrors are created by the VM only.  Class metadata
 * comes from small natives (src/runtime/natives_class.c); names are cached.
 * There is no reflection beyond what is here.  getSimpleName and
 * getCanonicalName derive nested-class names from the binary name ('$'),
 * not from the InnerClasses attribute.
 */
package java.lang;

public final class Class<T> implements java.io.Serializable {
    private static final int ANNOTATION = 0x00002000;
    private static final int ENUM = 0x00004000;
    private static final int SYNTHETIC = 0x00001000;

    private transient long vmClass;
    private transient String name;
    private transient Object[] enumConstants;

    private Class() {}

    // ---- natives ----------------------------------------------------------

    private native String getName0();

    private static native Class<?> forName0(String name, boolean initialize)
        throws ClassNotFoundException;

    static native Class<?> getPrimitiveClass(String name);

    public native boolean isInstance(Object obj);

    public native boolean isAssignableFrom(Class<?> cls);

    public native boolean isInterface();

    public native boolean isArray();

    public native boolean isPrimitive();

    public native Class<? super T> getSuperclass();

    private native Class<?>[] getInterfaces0();

    public native Class<?> getComponentType();

    public native int getModifiers();

    /* values() of an enum class (initializing it), or null. */
    private native Object[] enumValues0();

    private native Object newInstance0() throws InstantiationException, IllegalAccessException;

    // ---- names ------------------------------------------------------------

    public static Class<?> forName(String className) throws ClassNotFoundException {
        return forName0(className, true);
    }

    public String getName() {
        String n = name;
        if (n == null) name = n = getName0();
        return n;
    }

    public String toString() {
        return (isInterface() ? "interface " : (isPrimitive() ? "" : "class ")) + getName();
    }

    public String getSimpleName() {
        if (isArray()) return getComponentType().getSimpleName() + "[]";
        String n = getName();
        n = n.substring(n.lastIndexOf('.') + 1);
        int dollar = n.lastIndexOf('$');
        if (dollar < 0) return n;
        int i = dollar + 1;
        while (i < n.length() && Character.isDigit(n.charAt(i))) i++;
        return n.substring(i);
    }

    public String getTypeName() {
        if (isArray()) {
            Class<?> cl = this;
            int dimensions = 0;
            while (cl.isArray()) {
                dimensions++;
                cl = cl.getComponentType();
            }
            StringBuilder sb = new StringBuilder(cl.getName());
            for (int i = 0; i < dimensions; i++) sb.append("[]");
            return sb.toString();
        }
        return getName();
    }

    public String getCanonicalName() {
        if (isArray()) {
            String c = getComponentType().getCanonicalName();
            return c == null ? null : c + "[]";
        }
        String n = getName();
        int dollar = n.lastIndexOf('$');
        if (dollar >= 0 && dollar + 1 < n.length() && Character.isDigit(n.charAt(dollar + 1)))
            return null;   /* anonymous or local */
        return n.replace('$', '.');
    }

    public String getPackageName() {
        Class<?> c = this;
        while (c.isArray()) c = c.getComponentType();
        if (c.isPrimitive()) return "java.lang";
        String n = c.getName();
        int dot = n.lastIndexOf('.');
        return dot < 0 ? "" : n.substring(0, dot).intern();
    }

    // ---- kinds ------------------------------------------------------------

    public boolean isAnnotation() {
        return (getModifiers() & ANNOTATION) != 0;
    }

    public boolean isSynthetic() {
        return (getModifiers() & SYNTHETIC) != 0;
    }

    public boolean isEnum() {
        return (getModifiers() & ENUM) != 0 && getSuperclass() == Enum.class;
    }

    public boolean isRecord() {
        return getSuperclass() == Record.class;
    }

    public boolean isAnonymousClass() {
        String n = getName();
        int dollar = n.lastIndexOf('$');
        if (dollar < 0 || dollar + 1 >= n.length()) return false;
        for (int i = dollar + 1; i < n.length(); i++)
            if (!Character.isDigit(n.charAt(i))) return false;
        return true;
    }

    public Class<?>[] getInterfaces() {
        return getInterfaces0();
    }

    public boolean desiredAssertionStatus() {
        return false;
    }

    @SuppressWarnings("unchecked")
    public T cast(Object obj) {
        if (obj != null && !isInstance(obj))
            throw new ClassCastException("Cannot cast " + obj.getClass().getName() + " to " + getName());
        return (T) obj;
    }

    @SuppressWarnings("unchecked")
    public <U> Class<? extends U> asSubclass(Class<U> clazz) {
        if (clazz.isAssignableFrom(this)) return (Class<? extends U>) this;
        throw new ClassCastException(this.toString());
    }

    @SuppressWarnings("unchecked")
    @Deprecated
    public T newInstance() throws InstantiationException, IllegalAccessException {
        return (T) newInstance0();
    }

    // ---- enums ------------------------------------------------------------

    /* The shared (not copied) constants of an enum class, or null. */
    Object[] getEnumConstantsShared() {
        Object[] c = enumConstants;
        if (c == null) {
            if (!isEnum()) return null;
            c = enumValues0();
            enumConstants = c;
        }
        return c;
    }

    @SuppressWarnings("unchecked")
    public T[] getEnumConstants() {
        Object[] values = getEnumConstantsShared();
        return (values != null) ? (T[]) values.clone() : null;
    }

    // ---- reflection: not provided (the types exist so programs load) ----

    private static UnsupportedOperationException noReflection(String what) {
        return new UnsupportedOperationException("java.lang.Class." + what
            + ": vifvm does not provide reflection beyond Class basics");
    }

    public java.lang.reflect.Method getMethod(String name, Class<?>... parameterTypes)
            throws NoSuchMethodException, SecurityException {
        throw noReflection("getMethod");
    }

    public java.lang.reflect.Method[] getMethods() throws SecurityException {
        throw noReflection("getMethods");
    }

    public java.lang.reflect.Method getDeclaredMethod(String name, Class<?>... parameterTypes)
            throws NoSuchMethodException, SecurityException {
        throw noReflection("getDeclaredMethod");
    }

    public java.lang.reflect.Method[] getDeclaredMethods() throws SecurityException {
        throw noReflection("getDeclaredMethods");
    }

    public java.lang.reflect.Field getField(String name) throws NoSuchFieldException, SecurityException {
        throw noReflection("getField");
    }

    public java.lang.reflect.Field[] getFields() throws SecurityException {
        throw noReflection("getFields");
    }

    public java.lang.reflect.Field getDeclaredField(String name) throws NoSuchFieldException, SecurityException {
        throw noReflection("getDeclaredField");
    }

    public java.lang.reflect.Field[] getDeclaredFields() throws SecurityException {
        throw noReflection("getDeclaredFields");
    }

    public java.lang.reflect.Constructor<T> getConstructor(Class<?>... parameterTypes)
            throws NoSuchMethodException, SecurityException {
        throw noReflection("getConstructor");
    }

    public java.lang.reflect.Constructor<?>[] getConstructors() throws SecurityException {
        throw noReflection("getConstructors");
    }

    public java.lang.reflect.Constructor<T> getDeclaredConstructor(Class<?>... parameterTypes)
            throws NoSuchMethodException, SecurityException {
        throw noReflection("getDeclaredConstructor");
    }

    public java.lang.reflect.Constructor<?>[] getDeclaredConstructors() throws SecurityException {
        throw noReflection("getDeclaredConstructors");
    }
}
