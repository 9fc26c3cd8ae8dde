// tests/unit/data/api/ApiT.java - the class tests/unit/test_api.c drives.
public class ApiT {
    public static Object keep;
    public static Object weak;
    public int x;
    public long y;
    public Object ref;

    public static int add(int a, int b) { return a + b; }
    public static void boom() { throw new IllegalStateException("boom"); }
    public static int spin() { int i = 0; for (;;) { i++; if (i == -1) return i; } }
    public void hit(Object o) { x++; ref = o; }
    public static void exit7() { System.exit(7); }
}
