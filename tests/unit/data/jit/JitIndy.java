// JitIndy.java - compiled with --release 17 so string concatenation is an
// invokedynamic (StringConcatFactory); run by tests/unit/test_jit_compile.c.
public class JitIndy {
    static String cat(int x, String s) { return "x=" + x + s + 'c' + 2.5 + (Object) null + -7L + true; }
    static int catHash(int x) { String r = ""; for (int i = 0; i < x; i++) r = r + i + ","; return cat(x, r).hashCode(); }
    static int catLen(int x) { return cat(x, null).length(); }
}
