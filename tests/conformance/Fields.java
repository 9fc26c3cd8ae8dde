// Static and instance fields of every type: defaults, writes, reads via getfield/putfield/getstatic/putstatic.
public class Fields {
    static boolean sz; static byte sb; static short ss; static char sc; static int si;
    static long sl; static float sf; static double sd; static String sr; static int[] sa;
    boolean z; byte b; short s; char c; int i; long l; float f; double d; Object r; long[] a;

    static String statics() {
        return sz + " " + sb + " " + ss + " " + (int) sc + " " + si + " " + sl + " " + sf + " " + sd + " " + sr + " " + (sa == null);
    }
    String instance() {
        return z + " " + b + " " + s + " " + (int) c + " " + i + " " + l + " " + f + " " + d + " " + r + " " + (a == null);
    }
    public static void main(String[] args) {
        System.out.println(statics());
        Fields o = new Fields();
        System.out.println(o.instance());
        sz = true; sb = -3; ss = 300; sc = 'k'; si = 1 << 30; sl = -1L << 60; sf = 0.25f; sd = 1e-5; sr = "str"; sa = new int[4];
        o.z = true; o.b = 127; o.s = -300; o.c = '\u00ff'; o.i = -42; o.l = 9L; o.f = -1.5f; o.d = 3e100; o.r = "obj"; o.a = new long[1];
        System.out.println(statics());
        System.out.println(o.instance());
        Fields p = new Fields();
        p.i = o.i * 2;
        p.l = o.l + sl;
        p.d = o.d / 2;
        System.out.println(p.instance());
        System.out.println("other unchanged " + new Fields().i);
        Sub x = new Sub();
        System.out.println(x.i + " " + ((Fields) x).i + " " + x.superI());
    }
}

class Sub extends Fields {
    int i = 77;   // hides Fields.i
    Sub() { super.i = 11; }
    int superI() { return super.i; }
}
