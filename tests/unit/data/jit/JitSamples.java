// JitSamples.java - methods the JIT tests (tests/unit/test_jit_compile.c) run
// interpreted and compiled and compare.  The br<k> methods are generated
// (k iinc statements inside a loop and an if) to put the compiled
// forward and backward branch distances on both sides of the rel8/rel32
// edge.
// Gone.class is deleted after javac: useGone cannot be resolved, so the JIT
// refuses it and it stays interpreted (NoClassDefFoundError when run).
class Gone { static int f() { return 1; } }

public class JitSamples {
    static int counter;
    static long lcounter;
    static byte sb; static char sc; static short ss; static boolean sz;
    int fi; long fl; Object fo; byte fb; char fc; short fs; boolean fz;

    interface Shape { int area(); }
    static class Sq implements Shape { int s; Sq(int s) { this.s = s; } public int area() { return s * s; } }
    static class Rect extends Sq { int t; Rect(int s, int t) { super(s); this.t = t; }
        public int area() { return s * t; } }

    static float fmix(int a, int b) { float x = a / 3.0f, y = b * 0.7f; return (x + y) * (x - y) / (y == 0 ? 1 : y) + x % y - -x; }
    static double dmix(int a, int b) { double x = a / 3.0, y = b * 0.7; float f = (float) x; return (x + y) * (x - y) / y + x % y + f - (-y) + (double) (long) a / 7; }
    static int fcmp(int a) { float n = a == 0 ? Float.NaN : 1.0f / a; double m = a == 0 ? Double.NaN : 1.0 / a; int r = 0;
        if (n < 0.5f) r |= 1; if (n > 0.5f) r |= 2; if (n == n) r |= 4; if (n <= 0.5f) r |= 8; if (n >= 0.5f) r |= 16;
        if (m < 0.5) r |= 32; if (m > 0.5) r |= 64; if (m == m) r |= 128; if (m <= 0.5) r |= 256; if (m >= 0.5) r |= 512; return r; }
    static long fconv(int a) { float f = a * 1e30f; double d = a * 1e300; float z = a - a; double dz = a - a;
        return (int) f + (long) f + (int) d + (long) d + (int) (z / z) + (long) (dz / dz) + (int) (float) a + (long) (a * 0.5) + (long) (float) ((long) a << 40); }
    static int tswitch(int x) { switch (x) { case 0: return 10; case 1: return 11; case 2: return 12; case 3: return 13; case 4: return 14;
        case 5: return 15; case 6: return 16; case 7: return 17; case 9: return 19; default: return -1; } }
    static int lswitch(int x) { switch (x) { case -1000000: return 1; case -5: return 2; case 0: return 3; case 17: return 4; case 100: return 5;
        case 4096: return 6; case Integer.MAX_VALUE: return 7; case Integer.MIN_VALUE: return 8; default: return 0; } }
    static int add(int a, int b) { return a + b; }
    static int arith(int a, int b) { return (a * b - (a >> 3) + (b << 5) - (a >>> 7)) ^ (a | b) & (a - b); }
    static int neg(int a) { return -a; }
    static int div(int a, int b) { return a / b; }
    static int rem(int a, int b) { return a % b; }
    static long ldiv(long a, long b) { return a / b; }
    static long lrem(long a, long b) { return a % b; }
    static long larith(long a, long b) { return (a * b + (a >> 3) - (b << 17) + (a >>> 60)) ^ (a | b) & -(a - b); }
    static int lcmp(long a, long b) { return a < b ? -1 : a == b ? 0 : 7; }
    static int conv(int a) { long l = a; l *= 1000003L; byte b = (byte) a; char c = (char) a; short s = (short) a; return (int) l + b + c + s; }
    static int sum(int n) { int s = 0; for (int i = 0; i < n; i++) s += i; return s; }
    static long lsum(int n) { long s = 0; for (int i = 0; i < n; i++) s += (long) i * i; return s; }
    static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
    static int iinc(int n) { int a = 0; for (int i = 0; i < n; i += 300) a += 1000; a -= 3; return a; }
    static boolean isZ(int a) { return (a & 4) != 0; }
    static byte toB(int a) { return (byte) (a + 1); }
    static char toC(int a) { return (char) (a - 1); }
    static short toS(int a) { return (short) (a * 3); }
    static int cmpAll(int a, int b) {
        int r = 0;
        if (a == b) r |= 1; if (a != b) r |= 2; if (a < b) r |= 4; if (a >= b) r |= 8;
        if (a > b) r |= 16; if (a <= b) r |= 32; if (a == 0) r |= 64; if (a != 0) r |= 128;
        if (a < 0) r |= 256; if (a >= 0) r |= 512; if (a > 0) r |= 1024; if (a <= 0) r |= 2048;
        return r;
    }
    static int arrays(int n) {
        int[] a = new int[n]; long[] l = new long[n]; byte[] b = new byte[n]; char[] c = new char[n];
        short[] s = new short[n]; boolean[] z = new boolean[n];
        for (int i = 0; i < n; i++) { a[i] = i * 7; l[i] = i * 100000000000L; b[i] = (byte) (i * 37);
            c[i] = (char) (i * 4001); s[i] = (short) (i * 3001); z[i] = (i & 1) == 0; }
        int r = 0;
        for (int i = 0; i < n; i++) r += a[i] + (int) (l[i] >> 20) + b[i] + c[i] + s[i] + (z[i] ? 1 : 0);
        return r + a.length;
    }
    static int objArrays(int n) {
        Object[] o = new Object[n]; String[] s = new String[n];
        for (int i = 0; i < n; i++) { s[i] = "x"; o[i] = s; }
        int r = 0; for (int i = 0; i < n; i++) if (o[i] == s && s[i] == "x") r++;
        return r;
    }
    static int aioobe(int i) { int[] a = new int[3]; return a[i]; }
    static int aioobeCaught(int i) { int[] a = new int[3]; try { return a[i]; } catch (ArrayIndexOutOfBoundsException e) { return -7; } }
    static int divCaught(int a, int b) { try { return a / b; } catch (ArithmeticException e) { return -1; } finally { counter++; } }
    static int npe(int x) { int[] a = x > 0 ? new int[1] : null; return a.length; }
    static int npeCaught(int x) { Object o = null; try { if (x > 0) o.hashCode(); return 1; } catch (NullPointerException e) { return 2; } }
    static int throwCatch(int x) { try { if (x > 3) throw new IllegalStateException("x"); return x; } catch (IllegalStateException e) { return 100 + x; } }
    static int throwOut(int x) { if (x > 3) throw new IllegalArgumentException("big"); return x; }
    static int nestedCatch(int x) { try { return throwOut(x) + aioobe(x); } catch (IllegalArgumentException e) { return 1; } catch (ArrayIndexOutOfBoundsException e) { return 2; } }
    static int statics(int x) { counter = x; lcounter = x * 3L; sb = (byte) x; sc = (char) x; ss = (short) x; sz = (x & 1) != 0;
        return counter + (int) lcounter + sb + sc + ss + (sz ? 1 : 0); }
    static int fields(int x) { JitSamples j = new JitSamples(); j.fi = x; j.fl = x * 5L; j.fo = j; j.fb = (byte) x; j.fc = (char) x;
        j.fs = (short) x; j.fz = x > 2; return j.fi + (int) j.fl + (j.fo == j ? 1 : 0) + j.fb + j.fc + j.fs + (j.fz ? 1 : 0); }
    static int virt(int x) { Sq a = new Sq(x); Sq b = new Rect(x, 3); return a.area() * 10 + b.area(); }
    static int iface(int x) { Shape[] s = { new Sq(x), new Rect(x, x + 1) }; int r = 0; for (Shape t : s) r += t.area(); return r; }
    static int casts(int x) { Object o = x > 0 ? new Rect(1, 2) : new Object(); int r = o instanceof Sq ? 1 : 0; if (o instanceof Shape) r += 2;
        try { Sq q = (Sq) o; r += q.s * 10; } catch (ClassCastException e) { r += 100; } return r; }
    static String str(int x) { return x > 0 ? "pos" : "neg"; }
    static int stackOps(int x) { long l = x; long[] a = { l, l + 1 }; a[0] += a[1]++; int[] b = { x }; b[0] += b[0]++; return (int) (a[0] + a[1]) + b[0]; }
    static int synced(int x) { Object o = new Object(); synchronized (o) { x++; } return x; }
    static float fhelper(float f) { return f * 2.5f; }
    static int ihelper(int x) { int[][] t = new int[2][x]; return t[1].length * 2 + t.length; }
    static int callsInterp(int x) { return ihelper(x) + 1; }
    static int callsFib(int x) { int[][] t = new int[1][1]; return fib(x + t[0][0]); }
    static int gcLoop(int n) { int s = 0; int[] keep = new int[1]; for (int i = 0; i < n; i++) { int[] t = new int[64]; t[i & 63] = i; s += t[i & 63]; if ((i & 1023) == 0) keep = t; } return s + keep.length; }
    static int gcKeep(int n) { int[] keep = new int[64]; keep[5] = 777; Object[] o = { keep }; JitSamples j = new JitSamples(); j.fo = o;
        for (int i = 0; i < n; i++) { int[] t = new int[64]; t[5] = i; }
        return keep[5] + ((int[]) ((Object[]) j.fo)[0])[5]; }
    static int ldcClass(int x) { Class<?> c = x > 0 ? JitSamples.class : Shape.class; Class<?> d = Rect.class; return (c == JitSamples.class ? 1 : 2) + (d != null ? 10 : 0); }
    static int multi(int a, int b) { int[][][] t = new int[a][b][2]; t[a - 1][b - 1][1] = 5; long[][] u = new long[b][]; return t.length * 100 + t[0].length * 10 + t[a - 1][b - 1][1] + u.length; }
    static int useGone(int x) { if (x > 0) return Gone.f(); return -1; }
    static int spin(int x) { while (x != 0) x |= 1; return x; }
    static int spinCatch(int x) { for (;;) { try { if (x >= 0) throw new RuntimeException(); } catch (RuntimeException e) { x++; } } }
    static int spinSwitch(int x) { for (int i = 0; ; i++) { switch (i & 3) { case 0: x++; break; case 1: x--; break; default: break; } if (x < -5) return x; } }
    static int deep(int n) { return n == 0 ? 0 : 1 + deep(n - 1); }
    static int mixedDeep(int n) { return n == 0 ? 0 : 1 + mixedDeep2(n - 1); }
    static int mixedDeep2(int n) { int[][] t = new int[1][1]; return n == 0 ? 0 : 1 + t[0][0] + mixedDeep(n - 1); }
    static int wideLocals(int x) {
        int a0=x,a1=a0+1,a2=a1+1,a3=a2+1,a4=a3+1,a5=a4+1,a6=a5+1,a7=a6+1,a8=a7+1,a9=a8+1;
        long l = 0; for (int i = 0; i < 300; i++) l += i;
        int[] big = new int[1]; int v = 0; v += 1000; v += -20000;
        return a9 + (int) l + big.length + v;
    }
    static int br1(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; }
            x -= 20;
        }
        return x;
    }
    static int br2(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; }
            x -= 40;
        }
        return x;
    }
    static int br3(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; x += 3; }
            x -= 60;
        }
        return x;
    }
    static int br4(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; x += 3; x += 4; }
            x -= 80;
        }
        return x;
    }
    static int br5(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; x += 3; x += 4; x += 5; }
            x -= 100;
        }
        return x;
    }
    static int br6(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; x += 3; x += 4; x += 5; x += 6; }
            x -= 120;
        }
        return x;
    }
    static int br7(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; x += 3; x += 4; x += 5; x += 6; x += 7; }
            x -= 140;
        }
        return x;
    }
    static int br8(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; x += 3; x += 4; x += 5; x += 6; x += 7; x += 8; }
            x -= 160;
        }
        return x;
    }
    static int br9(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; x += 3; x += 4; x += 5; x += 6; x += 7; x += 8; x += 9; }
            x -= 180;
        }
        return x;
    }
    static int br10(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; x += 3; x += 4; x += 5; x += 6; x += 7; x += 8; x += 9; x += 10; }
            x -= 200;
        }
        return x;
    }
    static int br11(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; x += 3; x += 4; x += 5; x += 6; x += 7; x += 8; x += 9; x += 10; x += 11; }
            x -= 220;
        }
        return x;
    }
    static int br12(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; x += 3; x += 4; x += 5; x += 6; x += 7; x += 8; x += 9; x += 10; x += 11; x += 12; }
            x -= 240;
        }
        return x;
    }
    static int br13(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; x += 3; x += 4; x += 5; x += 6; x += 7; x += 8; x += 9; x += 10; x += 11; x += 12; x += 13; }
            x -= 260;
        }
        return x;
    }
    static int br14(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; x += 3; x += 4; x += 5; x += 6; x += 7; x += 8; x += 9; x += 10; x += 11; x += 12; x += 13; x += 14; }
            x -= 280;
        }
        return x;
    }
    static int br15(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; x += 3; x += 4; x += 5; x += 6; x += 7; x += 8; x += 9; x += 10; x += 11; x += 12; x += 13; x += 14; x += 15; }
            x -= 300;
        }
        return x;
    }
    static int br16(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; x += 3; x += 4; x += 5; x += 6; x += 7; x += 8; x += 9; x += 10; x += 11; x += 12; x += 13; x += 14; x += 15; x += 16; }
            x -= 320;
        }
        return x;
    }
    static int br17(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; x += 3; x += 4; x += 5; x += 6; x += 7; x += 8; x += 9; x += 10; x += 11; x += 12; x += 13; x += 14; x += 15; x += 16; x += 17; }
            x -= 340;
        }
        return x;
    }
    static int br18(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; x += 3; x += 4; x += 5; x += 6; x += 7; x += 8; x += 9; x += 10; x += 11; x += 12; x += 13; x += 14; x += 15; x += 16; x += 17; x += 18; }
            x -= 360;
        }
        return x;
    }
    static int br19(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; x += 3; x += 4; x += 5; x += 6; x += 7; x += 8; x += 9; x += 10; x += 11; x += 12; x += 13; x += 14; x += 15; x += 16; x += 17; x += 18; x += 19; }
            x -= 380;
        }
        return x;
    }
    static int br20(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; x += 3; x += 4; x += 5; x += 6; x += 7; x += 8; x += 9; x += 10; x += 11; x += 12; x += 13; x += 14; x += 15; x += 16; x += 17; x += 18; x += 19; x += 20; }
            x -= 400;
        }
        return x;
    }
    static int br21(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; x += 3; x += 4; x += 5; x += 6; x += 7; x += 8; x += 9; x += 10; x += 11; x += 12; x += 13; x += 14; x += 15; x += 16; x += 17; x += 18; x += 19; x += 20; x += 21; }
            x -= 420;
        }
        return x;
    }
    static int br22(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; x += 3; x += 4; x += 5; x += 6; x += 7; x += 8; x += 9; x += 10; x += 11; x += 12; x += 13; x += 14; x += 15; x += 16; x += 17; x += 18; x += 19; x += 20; x += 21; x += 22; }
            x -= 440;
        }
        return x;
    }
    static int br23(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; x += 3; x += 4; x += 5; x += 6; x += 7; x += 8; x += 9; x += 10; x += 11; x += 12; x += 13; x += 14; x += 15; x += 16; x += 17; x += 18; x += 19; x += 20; x += 21; x += 22; x += 23; }
            x -= 460;
        }
        return x;
    }
    static int br24(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; x += 3; x += 4; x += 5; x += 6; x += 7; x += 8; x += 9; x += 10; x += 11; x += 12; x += 13; x += 14; x += 15; x += 16; x += 17; x += 18; x += 19; x += 20; x += 21; x += 22; x += 23; x += 24; }
            x -= 480;
        }
        return x;
    }
    static int br25(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; x += 3; x += 4; x += 5; x += 6; x += 7; x += 8; x += 9; x += 10; x += 11; x += 12; x += 13; x += 14; x += 15; x += 16; x += 17; x += 18; x += 19; x += 20; x += 21; x += 22; x += 23; x += 24; x += 25; }
            x -= 500;
        }
        return x;
    }
    static int br26(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; x += 3; x += 4; x += 5; x += 6; x += 7; x += 8; x += 9; x += 10; x += 11; x += 12; x += 13; x += 14; x += 15; x += 16; x += 17; x += 18; x += 19; x += 20; x += 21; x += 22; x += 23; x += 24; x += 25; x += 26; }
            x -= 520;
        }
        return x;
    }
    static int br27(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; x += 3; x += 4; x += 5; x += 6; x += 7; x += 8; x += 9; x += 10; x += 11; x += 12; x += 13; x += 14; x += 15; x += 16; x += 17; x += 18; x += 19; x += 20; x += 21; x += 22; x += 23; x += 24; x += 25; x += 26; x += 27; }
            x -= 540;
        }
        return x;
    }
    static int br28(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; x += 3; x += 4; x += 5; x += 6; x += 7; x += 8; x += 9; x += 10; x += 11; x += 12; x += 13; x += 14; x += 15; x += 16; x += 17; x += 18; x += 19; x += 20; x += 21; x += 22; x += 23; x += 24; x += 25; x += 26; x += 27; x += 28; }
            x -= 560;
        }
        return x;
    }
    static int br29(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; x += 3; x += 4; x += 5; x += 6; x += 7; x += 8; x += 9; x += 10; x += 11; x += 12; x += 13; x += 14; x += 15; x += 16; x += 17; x += 18; x += 19; x += 20; x += 21; x += 22; x += 23; x += 24; x += 25; x += 26; x += 27; x += 28; x += 29; }
            x -= 580;
        }
        return x;
    }
    static int br30(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; x += 3; x += 4; x += 5; x += 6; x += 7; x += 8; x += 9; x += 10; x += 11; x += 12; x += 13; x += 14; x += 15; x += 16; x += 17; x += 18; x += 19; x += 20; x += 21; x += 22; x += 23; x += 24; x += 25; x += 26; x += 27; x += 28; x += 29; x += 30; }
            x -= 600;
        }
        return x;
    }
    static int br31(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; x += 3; x += 4; x += 5; x += 6; x += 7; x += 8; x += 9; x += 10; x += 11; x += 12; x += 13; x += 14; x += 15; x += 16; x += 17; x += 18; x += 19; x += 20; x += 21; x += 22; x += 23; x += 24; x += 25; x += 26; x += 27; x += 28; x += 29; x += 30; x += 31; }
            x -= 620;
        }
        return x;
    }
    static int br32(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; x += 3; x += 4; x += 5; x += 6; x += 7; x += 8; x += 9; x += 10; x += 11; x += 12; x += 13; x += 14; x += 15; x += 16; x += 17; x += 18; x += 19; x += 20; x += 21; x += 22; x += 23; x += 24; x += 25; x += 26; x += 27; x += 28; x += 29; x += 30; x += 31; x += 32; }
            x -= 640;
        }
        return x;
    }
    static int br33(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; x += 3; x += 4; x += 5; x += 6; x += 7; x += 8; x += 9; x += 10; x += 11; x += 12; x += 13; x += 14; x += 15; x += 16; x += 17; x += 18; x += 19; x += 20; x += 21; x += 22; x += 23; x += 24; x += 25; x += 26; x += 27; x += 28; x += 29; x += 30; x += 31; x += 32; x += 33; }
            x -= 660;
        }
        return x;
    }
    static int br34(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; x += 3; x += 4; x += 5; x += 6; x += 7; x += 8; x += 9; x += 10; x += 11; x += 12; x += 13; x += 14; x += 15; x += 16; x += 17; x += 18; x += 19; x += 20; x += 21; x += 22; x += 23; x += 24; x += 25; x += 26; x += 27; x += 28; x += 29; x += 30; x += 31; x += 32; x += 33; x += 34; }
            x -= 680;
        }
        return x;
    }
    static int br35(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; x += 3; x += 4; x += 5; x += 6; x += 7; x += 8; x += 9; x += 10; x += 11; x += 12; x += 13; x += 14; x += 15; x += 16; x += 17; x += 18; x += 19; x += 20; x += 21; x += 22; x += 23; x += 24; x += 25; x += 26; x += 27; x += 28; x += 29; x += 30; x += 31; x += 32; x += 33; x += 34; x += 35; }
            x -= 700;
        }
        return x;
    }
    static int br36(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; x += 3; x += 4; x += 5; x += 6; x += 7; x += 8; x += 9; x += 10; x += 11; x += 12; x += 13; x += 14; x += 15; x += 16; x += 17; x += 18; x += 19; x += 20; x += 21; x += 22; x += 23; x += 24; x += 25; x += 26; x += 27; x += 28; x += 29; x += 30; x += 31; x += 32; x += 33; x += 34; x += 35; x += 36; }
            x -= 720;
        }
        return x;
    }
    static int br37(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; x += 3; x += 4; x += 5; x += 6; x += 7; x += 8; x += 9; x += 10; x += 11; x += 12; x += 13; x += 14; x += 15; x += 16; x += 17; x += 18; x += 19; x += 20; x += 21; x += 22; x += 23; x += 24; x += 25; x += 26; x += 27; x += 28; x += 29; x += 30; x += 31; x += 32; x += 33; x += 34; x += 35; x += 36; x += 37; }
            x -= 740;
        }
        return x;
    }
    static int br38(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; x += 3; x += 4; x += 5; x += 6; x += 7; x += 8; x += 9; x += 10; x += 11; x += 12; x += 13; x += 14; x += 15; x += 16; x += 17; x += 18; x += 19; x += 20; x += 21; x += 22; x += 23; x += 24; x += 25; x += 26; x += 27; x += 28; x += 29; x += 30; x += 31; x += 32; x += 33; x += 34; x += 35; x += 36; x += 37; x += 38; }
            x -= 760;
        }
        return x;
    }
    static int br39(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; x += 3; x += 4; x += 5; x += 6; x += 7; x += 8; x += 9; x += 10; x += 11; x += 12; x += 13; x += 14; x += 15; x += 16; x += 17; x += 18; x += 19; x += 20; x += 21; x += 22; x += 23; x += 24; x += 25; x += 26; x += 27; x += 28; x += 29; x += 30; x += 31; x += 32; x += 33; x += 34; x += 35; x += 36; x += 37; x += 38; x += 39; }
            x -= 780;
        }
        return x;
    }
    static int br40(int x, int n) {
        while (n-- > 0) {
            if (x > 0) { x += 1; x += 2; x += 3; x += 4; x += 5; x += 6; x += 7; x += 8; x += 9; x += 10; x += 11; x += 12; x += 13; x += 14; x += 15; x += 16; x += 17; x += 18; x += 19; x += 20; x += 21; x += 22; x += 23; x += 24; x += 25; x += 26; x += 27; x += 28; x += 29; x += 30; x += 31; x += 32; x += 33; x += 34; x += 35; x += 36; x += 37; x += 38; x += 39; x += 40; }
            x -= 800;
        }
        return x;
    }
}
