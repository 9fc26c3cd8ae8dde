// Array covariance: Object[] view of String[] and ArrayStoreException on aastore.
public class ArrayCovariance {
    static class Animal { public String toString() { return "animal"; } }
    static class Dog extends Animal { public String toString() { return "dog"; } }
    static class Cat extends Animal { public String toString() { return "cat"; } }

    static String show(Object v) {
        if (v == null) return "null";
        if (v.getClass().isArray()) return "array " + v.getClass().getName();
        return v.toString();
    }
    static void store(Object[] arr, int i, Object v) {
        try {
            arr[i] = v;
            System.out.println("stored " + show(v));
        } catch (ArrayStoreException e) {
            System.out.println("ArrayStoreException storing " + show(v));
        }
    }
    public static void main(String[] args) {
        Object[] objs = new String[2];
        store(objs, 0, "hello");
        store(objs, 1, Integer.valueOf(1));
        store(objs, 1, null);
        Animal[] animals = new Dog[2];
        store(animals, 0, new Dog());
        store(animals, 1, new Cat());
        store(animals, 1, new Animal());
        Object[] plain = new Object[1];
        store(plain, 0, new Cat());
        Comparable[] cmp = new Integer[1];
        store(cmp, 0, Integer.valueOf(3));
        store(cmp, 0, "str");
        Object[][] nested = new String[2][];
        store(nested, 0, new String[1]);
        store(nested, 1, new Object[1]);
        Object[] ints = new int[2][];
        store(ints, 0, new int[3]);
        store(ints, 1, new long[3]);
        CharSequence[] cs = new String[1];
        store(cs, 0, new StringBuilder("sb"));
        System.out.println(objs[0] + " " + animals[0] + " " + plain[0] + " " + cmp[0]);
    }
}
