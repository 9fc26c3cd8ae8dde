// Deep recursion through the fast call paths until StackOverflowError
// (static, virtual behind an inline cache, interface, mutual recursion),
// caught at several depths; the VM must keep working afterwards.
interface Rec {
    int down(int n);
}

class RecA implements Rec {
    Rec other;
    public int down(int n) { return n == 0 ? 0 : 1 + other.down(n - 1); }
}

class Node {
    Node next;
    int depth() { return next == null ? 1 : 1 + next.depth(); }
}

public class CallsDeep {
    static int down(int n) { return n == 0 ? 0 : 1 + down(n - 1); }
    static int ping(int n) { return n == 0 ? 0 : pong(n - 1) + 1; }
    static int pong(int n) { return n == 0 ? 0 : ping(n - 1) + 1; }
    static long wide(int n, long a, long b, long c, long d) {
        return n == 0 ? a + b + c + d : wide(n - 1, b, c, d, a + 1) + 1;
    }
    static int catchAt(int n, int at) {
        if (n == at) {
            try {
                return down(Integer.MAX_VALUE);
            } catch (StackOverflowError e) {
                return -1;
            }
        }
        return catchAt(n + 1, at);
    }

    public static void main(String[] args) {
        for (int round = 0; round < 3; round++) {
            try {
                down(100_000_000);
                System.out.println("no overflow?");
            } catch (StackOverflowError e) {
                System.out.println("static: caught " + e.getClass().getName());
            }
        }
        RecA a = new RecA(), b = new RecA();
        a.other = b;
        b.other = a;
        try {
            a.down(100_000_000);
        } catch (StackOverflowError e) {
            System.out.println("interface: caught");
        }
        try {
            ping(100_000_000);
        } catch (StackOverflowError e) {
            System.out.println("mutual: caught");
        }
        try {
            wide(100_000_000, 1, 2, 3, 4);
        } catch (StackOverflowError e) {
            System.out.println("wide: caught");
        }
        System.out.println("catchAt " + catchAt(0, 10) + " " + catchAt(0, 300));
        // still fine afterwards
        System.out.println("down " + down(2000) + " ping " + ping(2001) + " a " + a.down(1500)
                           + " wide " + wide(1000, 1, 2, 3, 4));
        Node head = null;
        for (int i = 0; i < 1000; i++) { Node n = new Node(); n.next = head; head = n; }
        System.out.println("depth " + head.depth());
    }
}
