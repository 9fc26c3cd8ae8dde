// Generic classes and methods: bounded types, wildcards, erasure casts, generic arrays via Object[].
import java.util.ArrayList;
import java.util.List;

public class Generics {
    static class Pair<A, B> {
        final A first; final B second;
        Pair(A a, B b) { first = a; second = b; }
        <C> Pair<A, C> withSecond(C c) { return new Pair<A, C>(first, c); }
        Pair<B, A> swap() { return new Pair<B, A>(second, first); }
        public String toString() { return "(" + first + ", " + second + ")"; }
    }
    static class Box<T extends Comparable<T>> {
        private T best;
        void offer(T t) { if (best == null || t.compareTo(best) > 0) best = t; }
        T get() { return best; }
    }
    static class Vec<T> {
        private Object[] data = new Object[2];
        private int n;
        void add(T t) {
            if (n == data.length) {
                Object[] d = new Object[n * 2];
                System.arraycopy(data, 0, d, 0, n);
                data = d;
            }
            data[n++] = t;
        }
        @SuppressWarnings("unchecked") T get(int i) { return (T) data[i]; }
        int size() { return n; }
    }
    static <T extends Comparable<? super T>> T max(List<? extends T> xs) {
        T m = null;
        for (T x : xs) if (m == null || x.compareTo(m) > 0) m = x;
        return m;
    }
    static double sum(List<? extends Number> xs) {
        double s = 0;
        for (Number n : xs) s += n.doubleValue();
        return s;
    }
    static void fill(List<? super Integer> xs, int n) { for (int i = 0; i < n; i++) xs.add(i); }

    public static void main(String[] args) {
        Pair<String, Integer> p = new Pair<String, Integer>("one", 1);
        System.out.println(p + " " + p.swap() + " " + p.withSecond(2.5));
        Box<String> b = new Box<String>();
        for (String s : new String[] {"kiwi", "apple", "zucchini", "melon"}) b.offer(s);
        System.out.println(b.get());
        Vec<Long> v = new Vec<Long>();
        for (long i = 0; i < 20; i++) v.add(i * i);
        long t = 0;
        for (int i = 0; i < v.size(); i++) t += v.get(i);
        System.out.println("vec " + v.size() + " " + t);
        List<Integer> ints = new ArrayList<Integer>();
        fill(ints, 10);
        List<Object> objs = new ArrayList<Object>();
        fill(objs, 3);
        System.out.println(max(ints) + " " + sum(ints) + " " + objs);
        List<Double> ds = new ArrayList<Double>();
        ds.add(1.5); ds.add(2.25);
        System.out.println(sum(ds) + " " + max(ds));
        @SuppressWarnings({"unchecked", "rawtypes"})
        List<String> unsafe = (List) ints;
        try {
            String s = unsafe.get(0);
            System.out.println(s);
        } catch (ClassCastException e) {
            System.out.println("heap pollution: " + e.getClass().getName());
        }
    }
}
