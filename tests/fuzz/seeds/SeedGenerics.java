// Seed for the class-file fuzzer: generics, interfaces, default and static
// interface methods, lambdas and method references (invokedynamic).
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

public class SeedGenerics {
    interface Shape { double area(); default String describe() { return "shape " + area(); } }
    static final class Box<T extends Comparable<T>> {
        private final List<T> items = new ArrayList<>();
        void add(T t) { items.add(t); }
        T max() {
            T best = null;
            for (T t : items) if (best == null || t.compareTo(best) > 0) best = t;
            return best;
        }
    }
    static <A, B> List<B> map(List<A> in, Function<A, B> f) {
        List<B> out = new ArrayList<>();
        for (A a : in) out.add(f.apply(a));
        return out;
    }
    public static void main(String[] args) {
        Box<Integer> b = new Box<>();
        for (int i = 0; i < 10; i++) b.add((i * 7) % 10);
        System.out.println(b.max());
        Shape s = () -> 2.5;
        System.out.println(s.describe());
        List<String> names = new ArrayList<>();
        names.add("a"); names.add("bb");
        System.out.println(map(names, String::length));
    }
}
