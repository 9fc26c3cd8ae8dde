// Library behaviour: EnumSet/EnumMap, Enum.valueOf, atomics, Hashtable,
// BitSet, Class metadata (names, kinds, hierarchy, forName, newInstance),
// System properties, Thread.currentThread and getStackTrace.
import java.util.*;
import java.util.concurrent.atomic.*;

public class LibMisc {
    enum Color { RED, GREEN, BLUE, CYAN { public String toString() { return "cyan!"; } }, MAGENTA }

    static class Inner {
        static { System.out.println("Inner init"); }
        public Inner() {}
    }

    interface Iface {}

    public static void main(String[] args) throws Exception {
        EnumSet<Color> s = EnumSet.of(Color.BLUE, Color.RED);
        s.add(Color.CYAN);
        System.out.println(s + " " + s.size() + " " + s.contains(Color.GREEN) + " " + EnumSet.complementOf(s) + " "
            + EnumSet.allOf(Color.class) + " " + EnumSet.range(Color.GREEN, Color.CYAN) + " " + EnumSet.noneOf(Color.class));
        EnumMap<Color, Integer> em = new EnumMap<>(Color.class);
        em.put(Color.MAGENTA, 5);
        em.put(Color.RED, 1);
        em.put(Color.CYAN, null);
        System.out.println(em + " " + em.get(Color.CYAN) + " " + em.containsKey(Color.CYAN) + " " + em.size() + " "
            + em.keySet() + " " + em.values());
        System.out.println(Color.valueOf("BLUE") + " " + Color.CYAN.getDeclaringClass() + " " + Color.CYAN.name() + " "
            + Arrays.toString(Color.values()) + " " + Color.BLUE.compareTo(Color.RED) + " " + Color.class.isEnum() + " "
            + Color.CYAN.getClass().isEnum() + " " + Color.GREEN.ordinal() + " " + Enum.valueOf(Color.class, "RED"));
        try {
            Color.valueOf("PINK");
        } catch (IllegalArgumentException e) {
            System.out.println(e.getMessage());
        }
        AtomicInteger ai = new AtomicInteger(5);
        AtomicLong al = new AtomicLong();
        al.addAndGet(1L << 40);
        AtomicReference<String> ar = new AtomicReference<>("x");
        System.out.println(ai.incrementAndGet() + " " + ai.getAndAdd(10) + " " + ai + " " + ai.compareAndSet(16, 1) + " "
            + ai.get() + " " + al + " " + ar.getAndSet("y") + " " + ar + " " + new AtomicBoolean(true));
        Hashtable<String, Integer> h = new Hashtable<>();
        for (String w : "the quick brown fox jumps over the lazy dog and runs far away".split(" ")) h.put(w, w.length());
        h.remove("the");
        Enumeration<String> ks = h.keys();
        StringBuilder sb = new StringBuilder();
        while (ks.hasMoreElements()) sb.append(ks.nextElement()).append(',');
        System.out.println(h + " " + sb + " " + h.contains(5));
        Hashtable<Integer, Integer> hi = new Hashtable<>();
        for (int i = 0; i < 40; i++) hi.put(i * 7, i);
        for (Iterator<Integer> it = hi.keySet().iterator(); it.hasNext(); ) if (it.next() % 3 == 0) it.remove();
        System.out.println(hi + " " + hi.clone().equals(hi));
        BitSet b = new BitSet();
        b.set(1);
        b.set(3, 7);
        b.set(100);
        b.clear(4);
        b.flip(0, 2);
        BitSet c = new BitSet();
        c.set(5);
        c.set(64);
        c.set(100);
        BitSet e = (BitSet) b.clone();
        e.xor(c);
        System.out.println(b + " " + b.cardinality() + " " + b.length() + " " + b.nextSetBit(7) + " " + b.nextClearBit(5) + " "
            + b.hashCode() + " " + b.intersects(c) + " " + e + " " + b.get(2, 6));
        // Class metadata
        Class<?> ic = Class.forName("LibMisc$Inner");
        System.out.println("loaded " + ic.getName());
        Object o = ic.newInstance();
        System.out.println(o.getClass().getSimpleName() + " " + ic.getCanonicalName() + " "
            + new Object() {}.getClass().getSimpleName().isEmpty() + " " + int[][].class.getSimpleName() + " "
            + int[][].class.getName() + " " + String[].class.getCanonicalName() + " " + Map.Entry.class.getName() + " "
            + Map.Entry.class.getSimpleName());
        System.out.println(Iface.class + " " + int.class + " " + LibMisc.class + " " + Iface.class.isInterface() + " "
            + int[].class.getComponentType() + " " + Integer.TYPE + " " + void.class + " " + Object.class.getSuperclass()
            + " " + Iface.class.getSuperclass() + " " + int[].class.getSuperclass() + " " + Color.CYAN.getClass().getSuperclass());
        System.out.println(Number.class.isAssignableFrom(Integer.class) + " " + Integer.class.isAssignableFrom(Number.class)
            + " " + Object.class.isAssignableFrom(int[].class) + " " + int.class.isAssignableFrom(int.class) + " "
            + Comparable.class.isInstance("s") + " " + Arrays.toString(int[].class.getInterfaces()) + " "
            + String.class.cast("ok") + " " + int.class.isPrimitive() + " " + String[].class.isArray());
        try {
            Integer.class.cast("no");
        } catch (ClassCastException ex) {
            System.out.println(ex.getMessage());
        }
        try {
            Class.forName("does.not.Exist");
        } catch (ClassNotFoundException ex) {
            System.out.println(ex);
        }
        StackTraceElement[] st = Thread.currentThread().getStackTrace();
        System.out.println(st[1].getMethodName() + " " + st[0].getMethodName() + " " + Thread.currentThread().getName());
        System.out.println(System.getProperty("line.separator").length() + " " + System.getProperty("no.such") + " "
            + System.getProperty("no.such", "dflt") + " " + System.lineSeparator().equals("\n"));
        Object x = new Object();
        System.out.println((x.hashCode() == System.identityHashCode(x)) + " " + x.toString().startsWith("java.lang.Object@")
            + " " + (System.identityHashCode(null) == 0));
        System.exit(3);
    }
}
