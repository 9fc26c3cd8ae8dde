// Library behaviour: java.util.Arrays (sorting every type, NaN/-0.0 order,
// stable object sorts, ranges, searching, filling, copying, equality,
// hashing, printing, asList) and System.arraycopy checks.
import java.util.*;

public class LibArrays {
    static class P {
        final String name;
        final int age;
        P(String name, int age) { this.name = name; this.age = age; }
        public String toString() { return name + age; }
    }

    public static void main(String[] args) {
        Random r = new Random(3);
        int[] ia = new int[50];
        for (int i = 0; i < ia.length; i++) ia[i] = r.nextInt(200) - 100;
        int[] ib = ia.clone();
        Arrays.sort(ia);
        System.out.println(Arrays.toString(ia));
        Arrays.sort(ib, 10, 20);
        System.out.println(Arrays.toString(ib));
        long[] la = {5L, Long.MIN_VALUE, -3L, Long.MAX_VALUE, 0L, 5L};
        Arrays.sort(la);
        System.out.println(Arrays.toString(la));
        short[] sa = {300, -5, 7, -32768, 32767};
        Arrays.sort(sa);
        char[] ca = "sorting chars!".toCharArray();
        Arrays.sort(ca);
        byte[] ba = {5, -128, 127, 0, -1};
        Arrays.sort(ba);
        System.out.println(Arrays.toString(sa) + " " + new String(ca) + " " + Arrays.toString(ba));
        double[] da = {3.5, Double.NaN, -0.0, 0.0, Double.NEGATIVE_INFINITY, 1e-300, -7.25, Double.NaN, 0.0, -0.0,
            Double.POSITIVE_INFINITY, Double.MIN_VALUE};
        Arrays.sort(da);
        System.out.println(Arrays.toString(da));
        float[] fa = {1.5f, -0.0f, Float.NaN, 0.0f, -2f, Float.MAX_VALUE};
        Arrays.sort(fa);
        System.out.println(Arrays.toString(fa));
        // larger sorts (quicksort paths)
        double[] big = new double[2000];
        for (int i = 0; i < big.length; i++) big[i] = r.nextGaussian();
        Arrays.sort(big);
        boolean sorted = true;
        for (int i = 1; i < big.length; i++) sorted &= big[i - 1] <= big[i];
        int[] many = new int[5000];
        for (int i = 0; i < many.length; i++) many[i] = r.nextInt(50);
        Arrays.sort(many);
        for (int i = 1; i < many.length; i++) sorted &= many[i - 1] <= many[i];
        int[] desc = new int[3000];
        for (int i = 0; i < desc.length; i++) desc[i] = desc.length - i;
        Arrays.sort(desc);
        for (int i = 1; i < desc.length; i++) sorted &= desc[i - 1] < desc[i];
        System.out.println("sorted " + sorted + " " + big[0] + " " + big[1999] + " " + Arrays.hashCode(many));
        // stable object sort, with and without comparator, ranges
        P[] ps = {new P("d", 30), new P("a", 25), new P("c", 30), new P("b", 25), new P("e", 20), new P("f", 30),
            new P("g", 25), new P("h", 20)};
        Arrays.sort(ps, new Comparator<P>() {
            public int compare(P x, P y) { return Integer.compare(x.age, y.age); }
        });
        System.out.println(Arrays.toString(ps));
        String[] ss = {"pear", "Apple", "fig", "banana", "apple", "Fig", "kiwi", "date", "cherry", "grape"};
        String[] s2 = ss.clone();
        Arrays.sort(ss);
        Arrays.sort(s2, 2, 8, Collections.reverseOrder());
        System.out.println(Arrays.toString(ss) + " " + Arrays.toString(s2));
        Integer[] boxed = new Integer[40];
        for (int i = 0; i < boxed.length; i++) boxed[i] = r.nextInt(10);
        Arrays.sort(boxed, new Comparator<Integer>() {
            public int compare(Integer x, Integer y) { return y - x; }
        });
        System.out.println(Arrays.toString(boxed));
        // search
        System.out.println(Arrays.binarySearch(ia, ia[17]) + " " + Arrays.binarySearch(ia, 1000) + " "
            + Arrays.binarySearch(ia, -1000) + " " + Arrays.binarySearch(ss, "fig") + " "
            + Arrays.binarySearch(new double[] {1.0, 2.0, Double.NaN}, Double.NaN) + " "
            + Arrays.binarySearch(new double[] {-0.0, 0.0}, 0.0) + " " + Arrays.binarySearch(new char[] {'a', 'c'}, 'b'));
        // fill, copy
        int[] f = new int[6];
        Arrays.fill(f, 7);
        Arrays.fill(f, 1, 3, -1);
        System.out.println(Arrays.toString(f) + " " + Arrays.toString(Arrays.copyOf(f, 8)) + " "
            + Arrays.toString(Arrays.copyOf(f, 2)) + " " + Arrays.toString(Arrays.copyOfRange(f, 2, 9)));
        Object[] objs = Arrays.copyOf(new String[] {"x", "y"}, 3);
        System.out.println(objs.getClass().getSimpleName() + " " + Arrays.toString(objs) + " "
            + Arrays.copyOf(new Object[] {"q"}, 1, String[].class).getClass().getName());
        // equals, hashCode, toString of every type
        System.out.println(Arrays.equals(new int[] {1, 2}, new int[] {1, 2}) + " " + Arrays.equals(new double[] {Double.NaN},
            new double[] {Double.NaN}) + " " + Arrays.equals(new double[] {0.0}, new double[] {-0.0}) + " "
            + Arrays.equals((int[]) null, null) + " " + Arrays.equals(new Object[] {"a", null}, new Object[] {"a", null}));
        System.out.println(Arrays.hashCode(new long[] {1L << 40, -1}) + " " + Arrays.hashCode(new boolean[] {true, false})
            + " " + Arrays.hashCode(new double[] {1.5, -0.0}) + " " + Arrays.hashCode(new float[] {2.5f}) + " "
            + Arrays.hashCode(new Object[] {"a", 1, null}) + " " + Arrays.hashCode((int[]) null));
        System.out.println(Arrays.toString(new boolean[] {true, false}) + Arrays.toString(new float[] {1.0f, -0.5f})
            + Arrays.toString(new char[0]) + Arrays.toString((long[]) null) + Arrays.toString(new Object[] {null, "s", 3}));
        Object[] nested = {1, new int[] {2, 3}, new String[] {"a", "b"}, new Object[] {new double[] {4.5}}, null};
        Object[] cyc = {"c", null};
        cyc[1] = cyc;
        System.out.println(Arrays.deepToString(nested) + " " + Arrays.deepToString(cyc) + " "
            + Arrays.deepEquals(new Object[] {new int[] {1}}, new Object[] {new int[] {1}}) + " "
            + Arrays.deepHashCode(new Object[] {new int[] {1, 2}, "x"}));
        // asList
        List<String> al = Arrays.asList("one", "two", "three");
        al.set(1, "TWO");
        System.out.println(al + " " + al.size() + " " + al.indexOf("three") + " " + al.contains("one"));
        try {
            al.add("four");
        } catch (UnsupportedOperationException e) {
            System.out.println("UOE " + e.getMessage());
        }
        try {
            al.get(5);
        } catch (IndexOutOfBoundsException e) {
            System.out.println(e.getClass().getName() + ": " + e.getMessage());
        }
        // exceptions
        String[] bad = {"sort", "fill", "copyOfRange", "arraycopy types", "arraycopy bounds", "arraycopy store",
            "arraycopy null", "arraycopy neg"};
        for (String b : bad) {
            try {
                switch (b) {
                    case "sort": Arrays.sort(new int[3], 2, 1); break;
                    case "fill": Arrays.fill(new int[3], 0, 4, 1); break;
                    case "copyOfRange": Arrays.copyOfRange(new int[3], 2, 1); break;
                    case "arraycopy types": System.arraycopy(new int[2], 0, new long[2], 0, 1); break;
                    case "arraycopy bounds": System.arraycopy(new int[2], 1, new int[2], 0, 2); break;
                    case "arraycopy store":
                        Object[] src = {"s", 1, "t"};
                        String[] dst = new String[3];
                        try {
                            System.arraycopy(src, 0, dst, 0, 3);
                        } finally {
                            System.out.println("partial " + Arrays.toString(dst));
                        }
                        break;
                    case "arraycopy null": System.arraycopy(null, 0, new int[1], 0, 1); break;
                    default: System.arraycopy(new Object[2], 0, new Object[2], 0, -1); break;
                }
                System.out.println(b + " ok");
            } catch (RuntimeException e) {
                System.out.println(b + " " + e.getClass().getName() + ": " + e.getMessage());
            }
        }
        int[] ov = {1, 2, 3, 4, 5, 6};
        System.arraycopy(ov, 0, ov, 2, 4);
        String[] so = {"a", "b", "c", "d"};
        System.arraycopy(so, 1, so, 0, 3);
        Object[] up = new Object[2];
        System.arraycopy(new String[] {"u", "v"}, 0, up, 0, 2);
        System.out.println(Arrays.toString(ov) + " " + Arrays.toString(so) + " " + Arrays.toString(up));
        int[] sq = new int[5];
        Arrays.setAll(sq, new java.util.function.IntUnaryOperator() {
            public int applyAsInt(int i) { return i * i; }
        });
        System.out.println(Arrays.toString(sq));
    }
}
