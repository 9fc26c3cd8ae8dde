// Sample for tests/unit/test_classfile.c (compiled with --release 17).
public class Consts implements Runnable, java.io.Serializable {
    public static final int I = 123456789;
    public static final int IMIN = -2147483648;
    public static final long L = 0x123456789abcdefL;
    public static final float F = 1.5f;
    public static final float FNAN = Float.NaN;
    public static final double D = -0.0;
    public static final double DNAN = Double.NaN;
    public static final double DINF = Double.POSITIVE_INFINITY;
    public static final String S = "h\u00e9llo \u0000 \u20ac \uD834\uDD1E";
    public static final char C = 'x';
    private int count;
    protected volatile long stamp;
    transient Object ref;
    static int counter;

    static {
        counter = 5;
    }

    public Consts() {
    }

    public void run() {
        count++;
    }

    public static native int nat(int x);

    public synchronized long sum(long a, double b, int[] c) {
        return a + (long) b + c.length;
    }

    int sw(int x) {
        switch (x) {
            case 1: return 10;
            case 2: return 20;
            case 3: return 30;
            case 4: return 40;
            default: return 0;
        }
    }

    int lsw(int x) {
        switch (x) {
            case -100: return 1;
            case 7: return 2;
            case 1000000: return 3;
            default: return 4;
        }
    }

    String concat(String a, int b) {
        return a + b + "!";
    }

    Runnable lambda() {
        return () -> counter++;
    }

    int tryit(String s) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return -1;
        } finally {
            counter++;
        }
    }

    int wide(int a) {
        a += 1000;
        return a;
    }

    Object arrays() {
        int[][] m = new int[3][4];
        String[] s = new String[2];
        byte[] b = new byte[5];
        return m.length + s.length + b.length > 0 ? m : null;
    }

    long ldc2() {
        return L * 3 + 123456789012L;
    }

    double dd() {
        return 3.25;
    }

    boolean inst(Object o) {
        return o instanceof String && ((String) o).isEmpty();
    }

    Class<?> cls() {
        return Consts.class;
    }

    void iface(Runnable r) throws Exception, Error {
        r.run();
    }
}
