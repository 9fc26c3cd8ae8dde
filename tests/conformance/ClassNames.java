// Class objects: getName/getSimpleName of classes, nested classes, arrays; getClass identity; isInstance.
public class ClassNames {
    static class Nested { }
    class Inner { }
    interface Iface { }
    enum E { X }
    public static void main(String[] args) {
        Object[] objs = {"s", Integer.valueOf(1), new Nested(), new ClassNames().new Inner(), new int[1], new String[2][2],
            new Nested[0], new long[0][], E.X, new StringBuilder(), new Object(), new double[3], new boolean[1], new char[1]};
        for (Object o : objs) {
            Class<?> c = o.getClass();
            System.out.println(c.getName() + " | " + c.getSimpleName() + " | array " + c.isArray() + " | iface " + c.isInterface());
        }
        System.out.println(Iface.class.getName() + " " + Iface.class.isInterface());
        System.out.println("a".getClass() == String.class);
        System.out.println(new int[0].getClass() == int[].class);
        System.out.println(new int[0].getClass() == new int[5].getClass());
        System.out.println((Object) new int[0].getClass() == (Object) new long[0].getClass());
        System.out.println(String.class.isInstance("x") + " " + String.class.isInstance(1) + " " + Object.class.isInstance(new int[0]));
        System.out.println(Number.class.isAssignableFrom(Integer.class) + " " + Integer.class.isAssignableFrom(Number.class));
        System.out.println(Integer.class.getSuperclass().getName() + " " + (Object.class.getSuperclass() == null));
        System.out.println(int[].class.getComponentType() == int.class);
        System.out.println(int.class.getName() + " " + void.class.getName() + " " + Integer.TYPE.getName());
        System.out.println(String[].class.getComponentType().getName());
        System.out.println(ClassNames.class.toString() + " " + Iface.class.toString() + " " + int.class.toString());
    }
}
