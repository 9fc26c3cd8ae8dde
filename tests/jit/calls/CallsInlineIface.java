// invokeinterface inlined behind receiver-class guards (INLINING,
// src/jit/jit_invoke.c): one implementing class, two (each inline behind
// its guard), a subclass that inherits the implementation, a default
// method, three implementations (not inlined), a class first loaded after
// the caller was compiled (its guard fails: the call), null receivers
// (NullPointerException at the call), a setter (side effect), and an
// implementation that throws (not trivial: the call).
public class CallsInlineIface {
    interface One { int f(int x); }
    static final class OneImpl implements One { int k = 3; public int f(int x) { return x * k + 1; } }

    interface Two { int g(int x); }
    static class TwoA implements Two { public int g(int x) { return x + 10; } }
    static class TwoB implements Two { int s; public int g(int x) { return x - s; } }
    static class TwoC extends TwoA { }           /* inherits TwoA.g: own class, same method */

    interface Duo { int u(int x); }
    static class DuoA implements Duo { public int u(int x) { return x + 1; } }
    static class DuoB implements Duo { int m = 3; public int u(int x) { return x * m; } }
    static int useDuo(Duo[] d, int n) {
        int a = 1;
        for (int i = 0; i < n; i++) {
            Duo o = d[i % d.length];
            try { a = o.u(a) & 0xFFFFF; } catch (NullPointerException e) { a += 77; }
        }
        return a;
    }

    interface Def { default int d(int x) { return x ^ 0x55; } int e(); }
    static class DefImpl implements Def { public int e() { return 7; } }

    interface Three { int h(); }
    static class H1 implements Three { public int h() { return 1; } }
    static class H2 implements Three { public int h() { return 2; } }
    static class H3 implements Three { public int h() { return 3; } }

    interface Late { int l(int x); }
    static class LateA implements Late { public int l(int x) { return x + 100; } }

    interface Setter { void set(int v); int get(); }
    static class Box implements Setter { int v; public void set(int v) { this.v = v; } public int get() { return v; } }

    interface Thrower { int t(int x); }
    static class T1 implements Thrower { public int t(int x) { if (x > 5) throw new IllegalArgumentException("t" + x); return x; } }

    static int useOne(One o, int n) { int a = 0; for (int i = 0; i < n; i++) a = o.f(a) & 0xFFFF; return a; }
    static int useTwo(Two[] t, int n) { int a = 0; for (int i = 0; i < n; i++) a += t[i % t.length].g(i); return a; }
    static int useDef(Def d, int n) { int a = 0; for (int i = 0; i < n; i++) a += d.d(i) + d.e(); return a; }
    static int useThree(Three[] t, int n) { int a = 0; for (int i = 0; i < n; i++) a += t[i % 3].h(); return a; }
    static int useLate(Late l, int n) { int a = 0; for (int i = 0; i < n; i++) a += l.l(i); return a; }
    static int useSetter(Setter s, int n) { int a = 0; for (int i = 0; i < n; i++) { s.set(i); a += s.get(); } return a; }
    static int useThrower(Thrower t, int n) {
        int a = 0;
        for (int i = 0; i < n; i++) {
            try { a += t.t(i); } catch (IllegalArgumentException e) { a += e.getMessage().length() * 1000; }
        }
        return a;
    }
    static String nullCall(Two t) {
        try { return "ok " + t.g(1); } catch (NullPointerException e) { return "NPE"; }
    }

    static class LateB implements Late { public int l(int x) { return x * 2; } }

    public static void main(String[] args) {
        System.out.println("one " + useOne(new OneImpl(), 1000));
        TwoB tb = new TwoB(); tb.s = 4;
        System.out.println("two " + useTwo(new Two[] { new TwoA() }, 50) + " " + useTwo(new Two[] { new TwoA(), tb }, 51)
                           + " " + useTwo(new Two[] { tb, new TwoC(), new TwoA() }, 60));
        System.out.println("duo " + useDuo(new Duo[] { new DuoA(), new DuoB() }, 41) + " "
                           + useDuo(new Duo[] { new DuoB(), null, new DuoA() }, 30));
        System.out.println("def " + useDef(new DefImpl(), 40));
        System.out.println("three " + useThree(new Three[] { new H1(), new H2(), new H3() }, 30));
        System.out.println("late " + useLate(new LateA(), 20));
        System.out.println("late2 " + useLate(new LateB(), 20) + " " + useLate(new LateA(), 5));
        System.out.println("setter " + useSetter(new Box(), 25));
        System.out.println("thrower " + useThrower(new T1(), 9));
        System.out.println("null " + nullCall(null) + " " + nullCall(new TwoA()) + " " + nullCall(tb));
    }
}
