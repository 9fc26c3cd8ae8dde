// conformance: expect-per-release
// More helpful NullPointerException messages (dup forms, switches, for-each,
// long locals, handlers, constants, chains); release 8 builds carry -g names.
import java.util.*;

public class NpeMessagesMore {
    static class Box { int v; long l; double d; Box inner; int[] a; Integer boxed; String s; }
    static Box sbox;
    static int[][] grid;

    static void compound(int[] a) { a[1] += 5; }
    static void incField(Box b) { b.v++; }
    static void incLong(Box b) { b.l += 2; }
    static void switchStr(String s) { switch (s) { case "a": System.out.println("a"); break; default: break; } }
    static void forEachArr(int[] a) { for (int x : a) System.out.println(x); }
    static void forEachList(List<String> l) { for (String x : l) System.out.println(x); }
    static void longParams(long a, double b, Box c) { c.v = (int) a; }
    static void afterLongLocal(long a) { long x = a * 2; Box b = null; if (x == 3) b = new Box(); b.v = 1; }
    static void inHandler() { try { throw new RuntimeException(); } catch (RuntimeException e) { Box b = null; b.inner.v = 2; } }
    static void ternaryIndex(int[] a, boolean c) { int[] b = c ? a : null; b[0] = 1; }
    static void staticChain() { sbox.inner.inner.v = 3; }
    static void gridLoad(int i) { int x = grid[i][i + 1]; }
    static void unboxField(Box b) { int x = b.boxed; }
    static void stringField(Box b) { b.s.length(); }
    static void arrayOfField(Box b) { b.a[3]++; }
    static void deep(Box b) { b.inner.inner.inner.inner.inner.inner.v = 1; }
    static void methodChain(Box b) { make(b).inner.v = 1; }
    static Box make(Box b) { return b; }
    static void cast(Object o) { ((Box) o).v = 1; }
    static void arrayOfArrays2(Object[][] o, int i, int j) { o[i][j].toString(); }
    static void negConst(int[][] g) { g[-1 + 1 + 0][0] = 1; }
    static void bigConst(String[][] g) { g[32767][0].length(); }
    static void negSipush(String[][] g) { g[-200][0].length(); }
    static void charAtNull(StringBuilder sb) { sb.append("x").charAt(0); }
    static void lenOfReturn() { getArr().clone(); }
    static int[] getArr() { return null; }
    static void interfaceCall(Comparable<String> c) { c.compareTo("x"); }
    static void sync2(Box b) { synchronized (b.inner) { b.v = 1; } }
    static RuntimeException rex;
    static void throwField(Box b) throws Exception { throw rex; }
    void instanceThis() { Box b = null; b.v = this.hashCode(); }
    static void varargs(Object... os) { os[0].hashCode(); }
    static void doubleArr(double[][] d) { d[1][0] += 1.0; }
    static void lengthOfField(Box b) { int n = b.a.length; }

    static final String[] NAMES = { "compound", "incField", "incLong", "switchStr", "forEachArr", "forEachList",
        "longParams", "afterLongLocal", "inHandler", "ternaryIndex", "staticChain", "gridLoad", "unboxField",
        "stringField", "arrayOfField", "deep", "methodChain", "cast", "arrayOfArrays2", "negConst", "bigConst",
        "negSipush", "charAtNull", "lenOfReturn", "interfaceCall", "sync2", "throwField", "instanceThis",
        "varargs", "doubleArr", "lengthOfField" };

    static void call(int i) throws Exception {
        Box b = new Box();
        b.inner = new Box();
        switch (i) {
        case 0: compound(null); break;
        case 1: incField(null); break;
        case 2: incLong(null); break;
        case 3: switchStr(null); break;
        case 4: forEachArr(null); break;
        case 5: forEachList(null); break;
        case 6: longParams(1L, 2.0, null); break;
        case 7: afterLongLocal(1L); break;
        case 8: inHandler(); break;
        case 9: ternaryIndex(new int[1], false); break;
        case 10: sbox = new Box(); staticChain(); break;
        case 11: grid = new int[3][]; gridLoad(1); break;
        case 12: unboxField(b); break;
        case 13: stringField(b); break;
        case 14: arrayOfField(b); break;
        case 15: deep(b); break;
        case 16: methodChain(b); break;
        case 17: cast(null); break;
        case 18: arrayOfArrays2(new Object[2][2], 1, 1); break;
        case 19: negConst(new int[1][]); break;
        case 20: bigConst(new String[32768][]); break;
        case 21: negSipush(null); break;
        case 22: charAtNull(null); break;
        case 23: lenOfReturn(); break;
        case 24: interfaceCall(null); break;
        case 25: sync2(b); break;
        case 26: throwField(b); break;
        case 27: new NpeMessagesMore().instanceThis(); break;
        case 28: varargs(new Object[1]); break;
        case 29: doubleArr(new double[2][]); break;
        case 30: lengthOfField(b); break;
        default: break;
        }
    }

    public static void main(String[] args) throws Exception {
        for (int i = 0; i < NAMES.length; i++) {
            try {
                call(i);
                System.out.println(NAMES[i] + ": no exception");
            } catch (NullPointerException e) {
                System.out.println(NAMES[i] + ": " + e.getMessage());
            }
        }
    }
}
