// Seed for fuzz_verify_run: static and instance fields of every type,
// <clinit>, constructors, object allocation, instanceof/checkcast,
// virtual calls on the class itself, String and StringBuilder.
public class VrFields {
    static int counter = 7;
    static long big = 1L << 40;
    static final String NAME = "vr";
    static VrFields head;
    static Object[] table = new Object[4];
    int x; long y; double z; float w; byte b; char c; short s; boolean f;
    VrFields next;

    VrFields(int x) { this.x = x; this.y = x * 2L; this.z = x / 3.0; next = head; head = this; }
    int value() { return x + (int) y + (next == null ? 0 : next.value()); }
    public String toString() { return NAME + x; }

    static int chain(int n) {
        head = null;
        for (int i = 0; i < n; i++) new VrFields(i);
        return head.value();
    }
    static int types(Object o) {
        if (o instanceof String) return ((String) o).length();
        if (o instanceof VrFields) return ((VrFields) o).x;
        if (o instanceof int[]) return ((int[]) o).length;
        return o == null ? -1 : o.hashCode() & 7;
    }
    static String text(int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) sb.append(i).append(',');
        return sb.toString() + counter + big;
    }
    public static void main(String[] args) {
        counter += chain(5);
        table[0] = new VrFields(3); table[1] = "abc"; table[2] = new int[5];
        int t = 0;
        for (Object o : table) t += types(o);
        VrFields v = (VrFields) table[0];
        v.w = 1.5f; v.b = (byte) t; v.c = 'q'; v.s = (short) v.c; v.f = !v.f;
        if (text(t).length() == 0) System.out.println(v);
    }
}
