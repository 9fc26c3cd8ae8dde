// instanceof / checkcast with array types, interfaces implemented by arrays, and ClassCastException.
import java.io.Serializable;

public class ArrayTypeChecks {
    interface Shape { }
    static class Sq implements Shape { }

    static void check(String label, Object o) {
        System.out.println(label + ": Object[] " + (o instanceof Object[]) + " String[] " + (o instanceof String[])
            + " int[] " + (o instanceof int[]) + " Cloneable " + (o instanceof Cloneable)
            + " Serializable " + (o instanceof Serializable) + " Comparable[] " + (o instanceof Comparable[])
            + " Shape[] " + (o instanceof Shape[]) + " Object[][] " + (o instanceof Object[][]));
    }
    public static void main(String[] args) {
        check("int[]", new int[1]);
        check("String[]", new String[1]);
        check("Object[]", new Object[1]);
        check("Integer[]", new Integer[1]);
        check("Sq[]", new Sq[1]);
        check("int[][]", new int[1][1]);
        check("String[][]", new String[1][1]);
        check("string", "s");
        check("null", null);
        Object o = new String[] {"a"};
        String[] s = (String[]) o;
        System.out.println("cast ok " + s[0]);
        Object[] oa = (Object[]) o;
        System.out.println("cast Object[] ok " + oa.length);
        try {
            Integer[] bad = (Integer[]) o;
            System.out.println("no exception " + bad.length);
        } catch (ClassCastException e) {
            System.out.println("caught " + e.getClass().getName());
        }
        try {
            Object ints = new int[2];
            long[] bad = (long[]) ints;
            System.out.println("no exception " + bad.length);
        } catch (ClassCastException e) {
            System.out.println("caught " + e.getClass().getName());
        }
        Object nul = null;
        int[] fromNull = (int[]) nul;
        System.out.println("null cast " + (fromNull == null));
        Shape[] shapes = new Sq[2];
        Object so = shapes;
        System.out.println("Sq[] as Shape[] " + (so instanceof Shape[]) + " " + (so instanceof Sq[]));
        Cloneable cl = new int[3];
        Serializable se = new double[3];
        System.out.println(((int[]) cl).length + " " + ((double[]) se).length);
    }
}
