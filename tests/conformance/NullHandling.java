// null: string conversion, instanceof, NullPointerException from many sources (messages not printed).
public class NullHandling {
    int field;
    static int[] arr;
    void m() { }
    static String probe(int which) {
        NullHandling n = null;
        int[] a = null;
        String s = null;
        Integer boxed = null;
        Object lock = null;
        try {
            switch (which) {
                case 0: n.m(); break;
                case 1: return "" + n.field;
                case 2: n.field = 1; break;
                case 3: return "" + a.length;
                case 4: return "" + a[0];
                case 5: a[0] = 1; break;
                case 6: return "" + s.length();
                case 7: int v = boxed; return "" + v;
                case 8: synchronized (lock) { return "locked"; }
                case 9: throw null;
                case 10: return "" + arr[1];
                case 11: return s.toString();
                case 12: Object[] oa = null; oa[0] = "x"; break;
                default: return "nothing";
            }
            return "no exception";
        } catch (NullPointerException e) {
            return "NPE " + e.getClass().getName();
        }
    }
    public static void main(String[] args) {
        for (int i = 0; i <= 13; i++) System.out.println(i + ": " + probe(i));
        String s = null;
        Object o = null;
        System.out.println("concat " + s + " " + o + " " + null);
        StringBuilder sb = new StringBuilder();
        sb.append(s).append((Object) null).append((char[]) new char[] {'!'});
        System.out.println(sb);
        System.out.println(String.valueOf((Object) null) + " " + (o instanceof Object) + " " + (s == null));
        System.out.println("eq " + "a".equals(null) + " " + (null == o));
        String t = (String) o;
        System.out.println("cast null " + t);
    }
}
