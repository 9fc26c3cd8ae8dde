// Static fields shared across instances, static methods called through instances and subclasses, counters.
public class StaticMembers {
    static int instances;
    static long total;
    static final long START = System.nanoTime() * 0;   // not a compile-time constant
    final int id;
    StaticMembers() { id = ++instances; total += id; }
    static String describe() { return "instances=" + instances + " total=" + total; }
    static class Child extends StaticMembers {
        static int childCount;
        Child() { super(); childCount++; }
    }
    public static void main(String[] args) {
        for (int i = 0; i < 10; i++) new StaticMembers();
        StaticMembers x = new Child();
        new Child();
        System.out.println(describe() + " childCount=" + Child.childCount + " x.id=" + x.id);
        StaticMembers nul = null;
        System.out.println(nul.describe());           // static call through a null reference is fine
        System.out.println(Child.describe() + " " + START);
        System.out.println(((StaticMembers) x).instances + " " + Child.instances);
        int[] counts = new int[3];
        for (int i = 0; i < 3000; i++) counts[new StaticMembers().id % 3]++;
        System.out.println(counts[0] + " " + counts[1] + " " + counts[2] + " " + instances);
    }
}
