/** A packet log that keeps the last entries in a growable ring and a
 *  per-port table that reports overflows, written as ordinary code.
 *  Its small methods call something only on a rare path (the ring grows,
 *  an overflow is reported, a bad port throws): tier 2 inlines them with
 *  that call left a call inside (-icall). */
public class T2Icall {
    static final class Ring {
        private long[] items = new long[4];
        private int head;
        private int size;
        int grows;

        void push(long v) {
            if (size == items.length) {
                grow();
            }
            items[(head + size) % items.length] = v;
            size++;
        }

        long pop() {
            long v = items[head];
            head = (head + 1) % items.length;
            size--;
            return v;
        }

        int size() {
            return size;
        }

        private void grow() {
            if (items.length >= 1 << 16) {
                throw new IllegalStateException("ring full at " + size);
            }
            long[] bigger = new long[items.length * 2];
            for (int i = 0; i < size; i++) {
                bigger[i] = items[(head + i) % items.length];
            }
            items = bigger;
            head = 0;
            grows++;
        }
    }

    static final class PortTable {
        private final int[] counts;
        private final int limit;
        final StringBuilder report = new StringBuilder();
        int reported;

        PortTable(int ports, int limit) {
            counts = new int[ports];
            this.limit = limit;
        }

        int hit(int port) {
            if (port < 0 || port >= counts.length) {
                throw new IllegalArgumentException(badPort(port));
            }
            int c = ++counts[port];
            if (c % limit == 0) {
                overflow(port, c);
            }
            return c;
        }

        private static String badPort(int port) {
            return "bad port " + port;
        }

        private void overflow(int port, int c) {
            reported++;
            if (report.length() < 200) {
                report.append(port).append(':').append(c).append(' ');
            }
            // garbage while the caller's objects are held only by its frames
            Object[] junk = new Object[64];
            for (int i = 0; i < junk.length; i++) {
                junk[i] = new long[16];
            }
        }
    }

    /** the ports seen, in a binary search tree */
    static final class PortTree {
        static final class Node {
            final int port;
            Node left;
            Node right;

            Node(int port) {
                this.port = port;
            }
        }

        private Node root;

        void add(int port) {
            if (root == null) {
                root = new Node(port);
                return;
            }
            Node n = root;
            while (n.port != port) {
                if (port < n.port) {
                    if (n.left == null) {
                        n.left = new Node(port);
                    }
                    n = n.left;
                } else {
                    if (n.right == null) {
                        n.right = new Node(port);
                    }
                    n = n.right;
                }
            }
        }

        private static int count(Node n) {
            if (n == null) {
                return 0;
            }
            return 1 + count(n.left) + count(n.right);
        }

        int size() {
            return count(root);
        }
    }

    private final PortTree seen = new PortTree();
    private final Ring ring = new Ring();
    private final PortTable ports = new PortTable(64, 97);
    private long checksum;

    void packet(int port, int len) {
        ports.hit(port);
        ring.push(((long) port << 32) | len);
        if (ring.size() > 1000) {
            while (ring.size() > 10) {
                checksum = checksum * 31 + ring.pop();
            }
        }
    }

    /** pushes until the ring refuses */
    int flood(int n) {
        int pushed = 0;
        for (int i = 0; i < n; i++) {
            ring.push(i);
            pushed++;
        }
        return pushed;
    }

    /** the tree's size each round: size() calls count() every time */
    long sizes(int rounds) {
        long s = 0;
        for (int i = 0; i < rounds; i++) {
            seen.add((i * 7) & 63);
            s += seen.size();
        }
        return s;
    }

    long run(int n) {
        int seed = 7;
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245 + 12345;
            int r = seed >>> 8;
            packet(r & 63, 64 + r % 1400);
        }
        return checksum;
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 200000;
        T2Icall t = new T2Icall();
        long sum = t.run(n);
        System.out.println("checksum " + sum + " grows " + t.ring.grows + " reported " + t.ports.reported);
        System.out.println("report " + t.ports.report);
        System.out.println("sizes " + t.sizes(5000));
        try {
            t.packet(99, 100);
        } catch (IllegalArgumentException e) {
            StackTraceElement[] st = e.getStackTrace();
            System.out.println(e.getMessage() + " at " + st[0].getMethodName() + " <- " + st[1].getMethodName()
                    + " <- " + st[2].getMethodName());
        }
        try {
            System.out.println("flooded " + t.flood(1 << 20));
        } catch (IllegalStateException e) {
            StackTraceElement[] st = e.getStackTrace();
            System.out.println(e.getMessage() + " at " + st[0].getMethodName() + " <- " + st[1].getMethodName()
                    + " <- " + st[2].getMethodName() + " <- " + st[3].getMethodName() + " line " + st[1].getLineNumber());
        }
    }
}
