// Every kind of method reference and the adaptations LambdaMetafactory
// makes (boxing, unboxing, widening, casts), instance lambdas capturing
// this, lambdas in interface default methods, super::m, varargs, generic
// bridges (altMetafactory FLAG_BRIDGES), marker interfaces (FLAG_MARKERS),
// serializable lambdas.
import java.util.*;
import java.util.function.*;

public class MethodRefKinds {
    interface Shape { double area(); default String describe() { Supplier<String> s = () -> "shape of area " + area(); return s.get(); } }
    interface Named { String name(); }
    interface Marker {}

    static class Base {
        String who() { return "base"; }
        protected String hello(String x) { return "Base.hello " + x; }
    }

    static class Derived extends Base {
        final String tag;
        Derived(String tag) { this.tag = tag; }
        Derived() { this("default"); }
        String who() { return "derived " + tag; }
        String viaSuper() { Supplier<String> s = super::who; return s.get(); }
        String viaThis() { Supplier<String> s = this::who; return s.get(); }
        String lambdaThis() { Function<String, String> f = x -> tag + "/" + x + "/" + who(); return f.apply("L"); }
        private String secret(int n) { return "secret" + n + tag; }
        IntFunction<String> secretRef() { return this::secret; }
    }

    // generic interface and a sub-interface fixing the type: javac asks
    // altMetafactory for a bridge
    interface Sink<T> { void put(T t); }
    interface StringSink extends Sink<String> { void put(String s); }
    interface PlainSink { void put(String s); }
    interface BothSink extends Sink<String>, PlainSink {}

    interface TriFunc { long apply(int a, short b, Integer c); }
    interface ToObj { Object make(int n); }
    interface CharTest { boolean test(char c); }
    interface LongMaker { long make(byte b); }
    interface DoubleOf { double of(Integer i); }
    interface Unboxer { int get(Object o); }

    static long tri(long a, int b, long c) { return a * 100 + b * 10 + c; }
    static String join(String sep, String... parts) { return String.join(sep, parts); }
    static int sum(int... xs) { int s = 0; for (int x : xs) s += x; return s; }
    static String show(Object o) { return "show(" + o + ")"; }
    static StringBuilder log = new StringBuilder();

    public static void main(String[] args) {
        // static
        Function<String, Integer> parse = Integer::parseInt;
        System.out.println("static " + (parse.apply("41") + 1));
        BiFunction<Integer, Integer, Integer> max = Math::max;
        System.out.println("static boxed " + max.apply(3, 9));
        IntBinaryOperator min = Math::min;
        System.out.println("static prim " + min.applyAsInt(3, 9));
        // bound receiver
        String hello = "hello";
        Supplier<Integer> len = hello::length;
        Predicate<String> starts = hello::startsWith;
        System.out.println("bound " + len.get() + " " + starts.test("he") + " " + starts.test("lo"));
        Derived d = new Derived("d1");
        Supplier<String> who = d::who;
        System.out.println("bound virtual " + who.get());
        // unbound receiver
        Function<String, String> upper = String::toUpperCase;
        BiFunction<String, Integer, Character> charAt = String::charAt;
        ToIntFunction<String> slen = String::length;
        System.out.println("unbound " + upper.apply("abc") + " " + charAt.apply("xyz", 1) + " " + slen.applyAsInt("four"));
        Function<Base, String> virt = Base::who;
        System.out.println("unbound virtual " + virt.apply(new Base()) + " / " + virt.apply(d));
        // interface methods
        Shape sq = () -> 4.0;
        ToDoubleFunction<Shape> area = Shape::area;
        Function<Shape, String> desc = Shape::describe;
        System.out.println("interface " + area.applyAsDouble(sq) + " " + desc.apply(sq));
        Named nm = () -> "nm";
        Function<Named, String> nameOf = Named::name;
        System.out.println("interface ref " + nameOf.apply(nm));
        // constructors
        Supplier<Derived> mk0 = Derived::new;
        Function<String, Derived> mk1 = Derived::new;
        System.out.println("ctor " + mk0.get().who() + " " + mk1.apply("x").who());
        Supplier<List<String>> listMaker = ArrayList::new;
        List<String> l = listMaker.get();
        l.add("q");
        System.out.println("ctor generic " + l);
        Function<Integer, StringBuilder> sbMaker = StringBuilder::new;
        System.out.println("ctor unboxed arg " + sbMaker.apply(10).append("cap").toString());
        // array constructors
        IntFunction<int[]> ints = int[]::new;
        IntFunction<String[]> strs = String[]::new;
        Function<Integer, long[][]> grid = long[][]::new;
        System.out.println("array ctor " + ints.apply(3).length + " " + strs.apply(4).length + " " + grid.apply(2).length);
        // super::m, this::m, private method refs, lambdas reading this
        System.out.println("super " + d.viaSuper() + " | this " + d.viaThis() + " | " + d.lambdaThis());
        System.out.println("private " + d.secretRef().apply(7));
        // protected method of a superclass
        Function<String, String> prot = d::hello;
        System.out.println("protected " + prot.apply("p"));
        // varargs
        BiFunction<String, String, String> j2 = (a, b) -> join("-", a, b);
        Function<String, String> j1 = MethodRefKinds::join;
        System.out.println("varargs " + j2.apply("a", "b") + " [" + j1.apply("+") + "]");
        IntBinaryOperator s2 = MethodRefKinds::sum;
        System.out.println("varargs ints " + s2.applyAsInt(20, 22));
        // adaptations: widening, boxing, unboxing
        TriFunc tf = MethodRefKinds::tri;
        System.out.println("widen " + tf.apply(1, (short) 2, 3));
        ToObj boxer = Integer::valueOf;
        System.out.println("box " + boxer.make(17) + " " + boxer.make(-3).getClass().getName());
        ToObj shower = MethodRefKinds::show;
        System.out.println("box to Object " + shower.make(5));
        CharTest digit = Character::isDigit;
        System.out.println("char " + digit.test('7') + " " + digit.test('x'));
        LongMaker lm = b -> b * 1000L;
        System.out.println("byte->long " + lm.make((byte) -5));
        DoubleOf dof = Integer::doubleValue;
        System.out.println("unbox widen " + dof.of(7));
        Function<Long, Double> l2d = Long::doubleValue;
        System.out.println("Long->Double " + l2d.apply(9L));
        ToLongFunction<Integer> i2l = Integer::intValue;
        System.out.println("Integer->long " + i2l.applyAsLong(123));
        Unboxer ub = o -> ((Number) o).intValue() + 1;
        System.out.println("unboxer " + ub.get(41) + " " + ub.get(2.9));
        IntFunction<Integer> identity = Integer::valueOf;
        System.out.println("identity " + identity.apply(77));
        BiPredicate<Object, Object> eq = Objects::equals;
        System.out.println("equals " + eq.test("a", "a") + " " + eq.test(1, 1L));
        Comparator<String> byLen = Comparator.comparing(String::length);
        System.out.println("comparing " + byLen.compare("aa", "b"));
        // void-compatible reference to a value-returning method
        Consumer<String> adder = log::append;
        adder.accept("x");
        adder.accept("y");
        Consumer<List<String>> clear = List::clear;
        List<String> tmp = new ArrayList<>(Arrays.asList("1", "2"));
        clear.accept(tmp);
        System.out.println("void-compatible " + log + " " + tmp.size());
        // bridges
        StringSink sink = s -> System.out.println("sink got " + s);
        sink.put("direct");
        Sink<String> gen = sink;
        gen.put("through the bridge");
        BothSink both = s -> System.out.println("both got " + s);
        Sink<String> viaGeneric = both;
        viaGeneric.put("generic bridge");
        PlainSink viaPlain = both;
        viaPlain.put("plain interface");
        // markers and serializable
        Runnable marked = (Runnable & Marker) () -> System.out.println("marked runs");
        marked.run();
        System.out.println("marker " + (marked instanceof Marker));
        Supplier<String> ser = (Supplier<String> & java.io.Serializable) () -> "ser";
        System.out.println("serializable " + ser.get() + " " + (ser instanceof java.io.Serializable));
        // a lambda's class implements the interface and is final
        Runnable r = () -> {};
        System.out.println("is Runnable " + (r instanceof Runnable) + " own class " + (r.getClass() != Runnable.class));
        // exceptions through lambdas
        Function<String, Integer> bad = Integer::parseInt;
        try {
            bad.apply("nope");
        } catch (NumberFormatException e) {
            System.out.println("caught " + e.getMessage());
        }
        Function<Object, String> cce = o -> (String) o;
        Function<Object, Integer> raw = (Function<Object, Integer>) (Function<?, ?>) parse;
        try {
            raw.apply(5);
        } catch (ClassCastException e) {
            System.out.println("ClassCastException through the adapter");
        }
        Supplier<String> nullRecv = null;
        try {
            String s = null;
            Supplier<Integer> nl = s::length;
            System.out.println("not reached " + nl);
        } catch (NullPointerException e) {
            System.out.println("NPE on a null bound receiver");
        }
        System.out.println(cce.apply("ok") + (nullRecv == null));
    }
}
