// Comparators without lambdas: anonymous classes, reversed(), thenComparing, Collections.reverseOrder, stability.
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;

public class ComparatorOps {
    static class Person {
        final String name; final int age;
        Person(String n, int a) { name = n; age = a; }
        public String toString() { return name + ":" + age; }
    }
    static final Comparator<Person> BY_AGE = new Comparator<Person>() {
        public int compare(Person a, Person b) { return Integer.compare(a.age, b.age); }
    };
    static final Comparator<Person> BY_NAME = new Comparator<Person>() {
        public int compare(Person a, Person b) { return a.name.compareTo(b.name); }
    };
    public static void main(String[] args) {
        List<Person> ps = new ArrayList<Person>();
        String[] names = {"eve", "bob", "amy", "dan", "cat", "bob", "fay", "amy"};
        int[] ages = {30, 25, 30, 25, 41, 19, 30, 22};
        for (int i = 0; i < names.length; i++) ps.add(new Person(names[i], ages[i]));
        List<Person> a = new ArrayList<Person>(ps);
        Collections.sort(a, BY_AGE);                 // stable: equal ages keep input order
        System.out.println(a);
        Collections.sort(a, BY_NAME);
        System.out.println(a);
        Collections.sort(a, BY_AGE.reversed());
        System.out.println(a);
        Collections.sort(a, BY_NAME.thenComparing(BY_AGE));
        System.out.println(a);
        Collections.sort(a, BY_AGE.thenComparing(BY_NAME.reversed()));
        System.out.println(a);
        List<String> ss = new ArrayList<String>();
        Collections.addAll(ss, "pear", "Apple", "fig", "apple", "Fig");
        Collections.sort(ss);
        System.out.println(ss);
        Collections.sort(ss, Collections.<String>reverseOrder());
        System.out.println(ss);
        Collections.sort(ss, String.CASE_INSENSITIVE_ORDER);
        System.out.println(ss);
        Comparator<String> byLen = new Comparator<String>() {
            public int compare(String x, String y) { return x.length() - y.length(); }
        };
        Collections.sort(ss, Collections.reverseOrder(byLen));
        System.out.println(ss + " max " + Collections.max(ss, byLen) + " min " + Collections.min(ss, byLen));
        List<Integer> nums = new ArrayList<Integer>();
        for (int i = 0; i < 1000; i++) nums.add((i * 7907) % 1009);
        Collections.sort(nums, Collections.<Integer>reverseOrder());
        System.out.println(nums.get(0) + " " + nums.get(500) + " " + nums.get(999));
    }
}
