// checkcast/instanceof with classes and interfaces; ClassCastException (only the class is printed).
import java.util.ArrayList;
import java.util.List;

public class CastsAndInstanceof {
    interface Walker { }
    interface Swimmer { }
    static class Animal { }
    static class Duck extends Animal implements Walker, Swimmer { }
    static class Fish extends Animal implements Swimmer { }
    static class Robot implements Walker { }

    static String tryCast(Object o) {
        StringBuilder sb = new StringBuilder();
        try { Animal a = (Animal) o; sb.append("A"); } catch (ClassCastException e) { sb.append("-"); }
        try { Walker w = (Walker) o; sb.append("W"); } catch (ClassCastException e) { sb.append("-"); }
        try { Swimmer s = (Swimmer) o; sb.append("S"); } catch (ClassCastException e) { sb.append("-"); }
        try { Duck d = (Duck) o; sb.append("D"); } catch (ClassCastException e) { sb.append("-"); }
        try { String s = (String) o; sb.append("T"); } catch (ClassCastException e) { sb.append("-"); }
        return sb.toString();
    }
    public static void main(String[] args) {
        Object[] objs = {new Animal(), new Duck(), new Fish(), new Robot(), "text", null, Integer.valueOf(3)};
        for (Object o : objs) {
            String name = o == null ? "null" : o.getClass().getSimpleName();
            System.out.println(name + " " + (o instanceof Animal) + " " + (o instanceof Walker) + " "
                + (o instanceof Swimmer) + " " + (o instanceof Object) + " " + tryCast(o));
        }
        try {
            Object x = Integer.valueOf(5);
            String s = (String) x;
            System.out.println(s);
        } catch (ClassCastException e) {
            System.out.println("caught " + e.getClass().getName() + " " + (e instanceof RuntimeException));
        }
        List<Object> l = new ArrayList<Object>();
        l.add("a");
        l.add(1);
        int strings = 0;
        for (Object o : l) if (o instanceof CharSequence) strings++;
        System.out.println("strings " + strings);
        Number n = 3.5;
        System.out.println((n instanceof Double) + " " + (n instanceof Comparable) + " " + ((Double) n + 1));
    }
}
