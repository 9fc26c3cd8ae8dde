// Trivial callees the JIT inlines (INLINING) or drops (NULLIFY): getters
// and setters of every field type, constant returns (with the ireturn
// narrowing of boolean/byte/char/short), returns of an argument, static
// arithmetic; called on null receivers (NullPointerException raised at
// the call site, in the caller) and behind the receiver-class guard with
// a subclass that overrides the getter.
class Holder {
    boolean z; byte b; char c; short s; int i; long j; float f; double d; Object o; String str;
    boolean getZ() { return z; }
    byte getB() { return b; }
    char getC() { return c; }
    short getS() { return s; }
    int getI() { return i; }
    long getJ() { return j; }
    float getF() { return f; }
    double getD() { return d; }
    Object getO() { return o; }
    String getStr() { return str; }
    void setZ(boolean v) { z = v; }
    void setB(byte v) { b = v; }
    void setC(char v) { c = v; }
    void setS(short v) { s = v; }
    void setI(int v) { i = v; }
    void setJ(long v) { j = v; }
    void setF(float v) { f = v; }
    void setD(double v) { d = v; }
    void setO(Object v) { o = v; }
    final int finalGet() { return i * 2 + 1; }
    void nothing() { }
    static void staticNothing() { }
    int sumIJ() { return i + (int) j; }
}

class SubHolder extends Holder {
    int getI() { return -i; }
}

class Init {
    static int counter;
    static { counter = 100; System.out.println("Init.<clinit>"); }
    static void empty() { }
}

public class CallsInline {
    static int one() { return 1; }
    static boolean yes() { return true; }
    static long big() { return 1L; }
    static int arg2(int a, int b) { return b; }
    static long argL(int a, long b) { return b; }
    static double argD(double a) { return a; }
    static Object argA(Object a, Object b) { return a; }
    static int arith(int a, int b) { return (a * 31 + b) ^ (a << 3) - (b >>> 2) + (a >> 1); }
    static long larith(long a, int b) { return (a * 1000003L) ^ ((long) b << 33) - (a >>> 7) + (a >> 3); }
    static int narrow(int a) { return (byte) a + (char) a + (short) a; }
    static long l2i2l(long a) { return (long) (int) a; }
    static int neg(int a) { return -a; }
    static long lneg(long a) { return -a & 0xffffffffL | (a | 5L); }
    private static int sipush() { return 1234 + 30000; }
    static int ldc() { return 123456789; }
    static char charOf(int x) { return (char) x; }
    static byte byteOf(int x) { return (byte) x; }

    static void npe(String what, NullPointerException e) {
        if (e == null) {
            System.out.println(what + ": no exception");
            return;
        }
        StackTraceElement[] st = e.getStackTrace();
        System.out.println(what + ": NPE in " + st[0].getMethodName());
    }

    static int getterOnNull(Holder h) { return h.getI(); }
    static long getterJOnNull(Holder h) { return h.getJ(); }
    static void setterOnNull(Holder h) { h.setI(5); }
    static int finalOnNull(Holder h) { return h.finalGet(); }
    static void emptyOnNull(Holder h) { h.nothing(); }

    public static void main(String[] args) {
        Holder h = new Holder();
        long acc = 0;
        for (int k = 0; k < 1000; k++) {
            h.setZ((k & 1) == 0); h.setB((byte) k); h.setC((char) (k * 77)); h.setS((short) (k * 999));
            h.setI(k * 12345); h.setJ(k * 123456789L); h.setF(k * 0.5f); h.setD(k * 0.25);
            h.setO(k % 3 == 0 ? null : h);
            acc += (h.getZ() ? 1 : 0) + h.getB() + h.getC() + h.getS() + h.getI() + h.getJ()
                 + (long) h.getF() + (long) h.getD() + (h.getO() == null ? 7 : 11) + h.finalGet() + h.sumIJ();
            h.nothing();
            Holder.staticNothing();
        }
        System.out.println("fields " + acc);
        h.str = "s";
        System.out.println(h.getStr() + h.getZ() + h.getB() + h.getC() + h.getS() + h.getF() + h.getD());
        long r = 0;
        for (int k = -500; k < 500; k++) {
            r += one() + (yes() ? 1 : 0) + big() + arg2(k, k * 3) + argL(k, k * 100000L) + (long) argD(k * 1.5)
               + (argA(h, null) == h ? 1 : 0) + arith(k, k * 7) + larith(k * 1000000007L, k) + narrow(k * 4099)
               + l2i2l(k * 0x100000001L) + neg(k) + lneg(k) + sipush() + ldc() + charOf(k) + byteOf(k);
        }
        System.out.println("static " + r);
        // the guard: Holder and SubHolder through the same site
        Holder[] hs = { new Holder(), new SubHolder(), new Holder() };
        for (int k = 0; k < 3; k++) hs[k].i = k + 10;
        int g = 0;
        for (int k = 0; k < 3000; k++) g += hs[k % 3].getI() * (k % 7);
        System.out.println("guard " + g);
        NullPointerException e = null;
        try { getterOnNull(null); } catch (NullPointerException x) { e = x; }
        npe("getter", e);
        e = null;
        try { getterJOnNull(null); } catch (NullPointerException x) { e = x; }
        npe("getterJ", e);
        e = null;
        try { setterOnNull(null); } catch (NullPointerException x) { e = x; }
        npe("setter", e);
        e = null;
        try { finalOnNull(null); } catch (NullPointerException x) { e = x; }
        npe("final", e);
        e = null;
        try { emptyOnNull(null); } catch (NullPointerException x) { e = x; }
        npe("empty", e);
        e = null;
        try { getterOnNull(new Holder()); } catch (NullPointerException x) { e = x; }
        npe("ok", e);
        for (int k = 0; k < 2000; k++) {
            Holder hh = k % 500 == 499 ? null : h;
            try {
                acc += hh.getI() + hh.getJ();
                hh.setI(k);
                hh.nothing();
            } catch (NullPointerException x) {
                acc += 1000000 + x.getStackTrace().length * 0;
            }
        }
        System.out.println("loop npe " + acc);
        System.out.println("before Init");
        Init.empty();
        System.out.println("after Init " + Init.counter);
    }
}
