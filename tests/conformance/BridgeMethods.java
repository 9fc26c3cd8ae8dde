// Generic bridge methods and covariant return types.
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

public class BridgeMethods {
    static class Version implements Comparable<Version> {
        final int major, minor;
        Version(int a, int b) { major = a; minor = b; }
        public int compareTo(Version o) {
            if (major != o.major) return major < o.major ? -1 : 1;
            return minor < o.minor ? -1 : (minor == o.minor ? 0 : 1);
        }
        public String toString() { return major + "." + minor; }
    }
    static class Animal {
        Animal self() { return this; }
        String name() { return "animal"; }
    }
    static class Dog extends Animal {
        Dog self() { return this; }          // covariant return: bridge Animal self()
        String name() { return "dog"; }
        String bark() { return "woof"; }
    }
    interface Source<T> { T get(); }
    static class StrSource implements Source<String> {
        public String get() { return "from StrSource"; }   // bridge Object get()
    }
    static abstract class Transformer<A, B> { abstract B apply(A a); }
    static class Len extends Transformer<String, Integer> {
        Integer apply(String s) { return s.length(); }
    }
    public static void main(String[] args) {
        List<Version> vs = new ArrayList<Version>();
        vs.add(new Version(1, 10)); vs.add(new Version(1, 2)); vs.add(new Version(0, 9)); vs.add(new Version(2, 0));
        Collections.sort(vs);
        System.out.println(vs);
        @SuppressWarnings({"unchecked", "rawtypes"})
        Comparable raw = new Version(1, 2);
        @SuppressWarnings("unchecked")
        int cmp = raw.compareTo(new Version(1, 3));
        System.out.println("raw compare " + cmp);
        try {
            @SuppressWarnings("unchecked")
            int bad = raw.compareTo("not a version");
            System.out.println(bad);
        } catch (ClassCastException e) {
            System.out.println("bridge cast: " + e.getClass().getName());
        }
        Animal a = new Dog();
        System.out.println(a.self().name() + " " + new Dog().self().bark());
        Source<String> s = new StrSource();
        @SuppressWarnings("rawtypes")
        Source rs = s;
        System.out.println(s.get() + " " + rs.get());
        Transformer<String, Integer> t = new Len();
        System.out.println(t.apply("hello") + 1);
    }
}
