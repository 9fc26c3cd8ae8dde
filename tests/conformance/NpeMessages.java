// conformance: expect-per-release
// (release 8 builds carry javac -g local names, printed instead of <localN>)
import java.util.*;

public class NpeMessages {
    static class Node { Node next; int val; int[] arr; Object[] objs; String name; long big;
        int get() { return val; } Node self() { return this; } }
    static Node staticNode;
    static int[] staticArr;
    Node field;
    String str;

    interface Shape { double area(); }

    static Node make() { return null; }
    static String name(int x) { return null; }

    static void invokeLocal(String s) { s.length(); }
    static void invokeLocal2(int a, long b, String s) { s.trim(); }
    void invokeField() { field.get(); }
    void invokeThisStr() { str.toUpperCase(); }
    static void readField(Node n) { int v = n.val; }
    static void writeField(Node n) { n.val = 3; }
    static void writeLong(Node n) { n.big = 3L; }
    static void staticField() { staticNode.get(); }
    static void chain(Node n) { n.next.next.val = 1; }
    static void arrayLoad(int[] a) { int v = a[0]; }
    static void arrayLoadInStatic() { int v = staticArr[2]; }
    static void arrayStore(Object[] a) { a[1] = "x"; }
    static void arrayLen(long[] a) { int n = a.length; }
    static void charArr(char[] c) { c[0] = 'a'; }
    static void byteArr(byte[] c) { byte b = c[0]; }
    static void doubleArr(double[] c) { c[0] = 1.0; }
    static void returnValue() { make().get(); }
    static void returnValue2() { name(3).length(); }
    static void nested(Node n) { n.arr[n.val] = 5; }
    static void nested2(Node[] ns, int i) { ns[i].objs[i + 1].hashCode(); }
    static void throwNull() throws Exception { Exception e = null; throw e; }
    static void sync(Object o) { synchronized (o) { System.out.println("in"); } }
    static void unbox(Integer i) { int x = i; }
    static void iface(Shape s) { s.area(); }
    static void localReassigned(String s) { s = name(1); s.isEmpty(); }
    static void localVar() { String t = null; if (System.nanoTime() == 0) t = "a"; t.isEmpty(); }
    static void arrayOfArrays(int[][] a) { a[1][2] = 3; }
    static void concat(String a) { String b = a + "x"; b = null; b.length(); }
    static void constIndex(String[][] a) { a[200][1000].length(); }
    static void compareTo(String a, String b) { a.concat(b).compareTo(b.trim()); }
    static void listGet(List<String> l) { l.get(0).length(); }
    static void nullConst() { ((String) null).length(); }
    static void ternary(boolean c, Node a, Node b) { (c ? a : b).get(); }
    static void selfChain(Node n) { n.self().self().get(); }
    static int sumArr(int[] a) { int s = 0; for (int i = 0; i < 10; i++) s += a[i]; return s; }
    static int sumLen(int[] a) { int s = 0; for (int i = 0; i < a.length; i++) s += a[i]; return s; }
    static int getVal(Node n) { return n.val; }
    static int inlined(Node n) { return getVal(n) + 1; }
    static int walk(Node n, int k) { for (int i = 0; i < k; i++) n = n.next; return n.val; }
    static void storeLoop(Object[] os, int k) { for (int i = 0; i < k; i++) os[i] = "s"; }
    static void objArgs(Object o) { o.equals(new Object[] { null }); }

    static final String[] NAMES = { "invokeLocal", "invokeLocal2", "invokeField", "invokeThisStr",
        "readField", "writeField", "writeLong", "staticField", "chain", "arrayLoad", "arrayLoadInStatic",
        "arrayStore", "arrayLen", "charArr", "byteArr", "doubleArr", "returnValue", "returnValue2",
        "nested", "nested2", "throwNull", "sync", "unbox", "iface", "localReassigned", "localVar",
        "arrayOfArrays", "concat", "constIndex", "compareTo", "listGet", "nullConst", "ternary",
        "selfChain", "objArgs", "explicit", "explicitMsg", "requireNonNull", "savedThrow",
        "refill", "stackTrace", "sumArr", "sumLen", "inlined", "walk", "storeLoop" };

    static void call(int i, NpeMessages m) throws Exception {
        Node n = new Node();
        switch (i) {
        case 0: invokeLocal(null); break;
        case 1: invokeLocal2(1, 2L, null); break;
        case 2: m.invokeField(); break;
        case 3: m.invokeThisStr(); break;
        case 4: readField(null); break;
        case 5: writeField(null); break;
        case 6: writeLong(null); break;
        case 7: staticField(); break;
        case 8: n.next = new Node(); chain(n); break;
        case 9: arrayLoad(null); break;
        case 10: arrayLoadInStatic(); break;
        case 11: arrayStore(null); break;
        case 12: arrayLen(null); break;
        case 13: charArr(null); break;
        case 14: byteArr(null); break;
        case 15: doubleArr(null); break;
        case 16: returnValue(); break;
        case 17: returnValue2(); break;
        case 18: nested(n); break;
        case 19: Node[] ns = { new Node(), new Node() }; ns[1].objs = new Object[3]; nested2(ns, 1); break;
        case 20: throwNull(); break;
        case 21: sync(null); break;
        case 22: unbox(null); break;
        case 23: iface(null); break;
        case 24: localReassigned("a"); break;
        case 25: localVar(); break;
        case 26: arrayOfArrays(new int[3][]); break;
        case 27: concat("a"); break;
        case 28: String[][] a = new String[300][]; a[200] = new String[1001]; constIndex(a); break;
        case 29: compareTo(null, "b"); break;
        case 30: List<String> l = new ArrayList<String>(); l.add(null); listGet(l); break;
        case 31: nullConst(); break;
        case 32: ternary(false, n, null); break;
        case 33: selfChain(null); break;
        case 34: objArgs(null); break;
        case 35: throw new NullPointerException();
        case 36: throw new NullPointerException("my message");
        case 37: Objects.requireNonNull(null); break;
        case 38: NullPointerException saved = new NullPointerException(); throw saved;
        case 39:
            try { readField(null); } catch (NullPointerException e) { e.fillInStackTrace(); throw e; }
            break;
        case 40:
            try { arrayLen(null); } catch (NullPointerException e) {
                System.out.println(e.getStackTrace().length > 0);
                System.out.println(e);
                throw e;
            }
            break;
        case 41: System.out.println(sumArr(new int[10])); sumArr(null); break;
        case 42: System.out.println(sumLen(new int[10])); sumLen(null); break;
        case 43: for (int k = 0; k < 3; k++) inlined(n); inlined(null); break;
        case 44: n.next = new Node(); n.next.next = new Node(); System.out.println(walk(n, 2)); walk(n, 3); break;
        case 45: storeLoop(new Object[3], 3); storeLoop(null, 0); storeLoop(null, 3); break;
        default: break;
        }
    }

    public static void main(String[] args) throws Exception {
        NpeMessages m = new NpeMessages();
        for (int i = 0; i < NAMES.length; i++) {
            try {
                call(i, m);
                System.out.println(NAMES[i] + ": no exception");
            } catch (NullPointerException e) {
                System.out.println(NAMES[i] + ": " + e.getMessage());
            }
        }
        // twice: the message is computed once, then kept
        try { invokeLocal(null); } catch (NullPointerException e) {
            String a = e.getMessage(), b = e.getMessage();
            System.out.println(a == b);
        }
        String s = null;
        s.length();
    }
}
