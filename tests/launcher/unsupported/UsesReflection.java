// Runs, then reflects on a method: beyond the Class basics vifvm provides.
public class UsesReflection {
    public static void hello() { System.out.println("hello"); }

    public static void main(String[] args) throws Exception {
        System.out.println("started " + UsesReflection.class.getName());
        UsesReflection.class.getMethod("hello").invoke(null);
    }
}
