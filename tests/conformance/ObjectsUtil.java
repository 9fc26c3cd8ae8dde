// java.util.Objects: equals, deepEquals, hash, hashCode, toString, requireNonNull, isNull/nonNull, compare.
import java.util.Comparator;
import java.util.Objects;

public class ObjectsUtil {
    public static void main(String[] args) {
        System.out.println(Objects.equals(null, null) + " " + Objects.equals("a", null) + " " + Objects.equals("a", "a")
            + " " + Objects.equals(1, 1L));
        System.out.println(Objects.deepEquals(new int[] {1, 2}, new int[] {1, 2}) + " " + Objects.deepEquals(new int[] {1}, new long[] {1}));
        System.out.println(Objects.hashCode(null) + " " + Objects.hashCode("abc") + " " + Objects.hash(1, "a", null, 2.5) + " " + Objects.hash());
        System.out.println(Objects.toString(null) + " " + Objects.toString(null, "default") + " " + Objects.toString(42, "d"));
        System.out.println(Objects.isNull(null) + " " + Objects.nonNull(null) + " " + Objects.isNull("x"));
        String s = Objects.requireNonNull("present");
        System.out.println(s);
        try {
            Objects.requireNonNull(null);
        } catch (NullPointerException e) {
            System.out.println("requireNonNull threw NPE");
        }
        try {
            Objects.requireNonNull(null, "with message");
        } catch (NullPointerException e) {
            System.out.println("requireNonNull(msg) threw NPE");
        }
        Comparator<String> c = new Comparator<String>() {
            public int compare(String a, String b) { return a.length() - b.length(); }
        };
        System.out.println(Objects.compare("aa", "b", c) + " " + Objects.compare(null, null, c));
    }
}
