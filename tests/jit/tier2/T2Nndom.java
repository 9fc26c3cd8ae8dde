/** Null checks proven by a dominating null test or dereference (t2_opt.c,
 *  T2_O_NNDOM): a list walk under `while (n != null)`, a field read under
 *  `if (x != null)` or after `if (x == null) return`, a second access to an
 *  object already dereferenced; and the paths where nothing proves the
 *  object non-null, which must still throw NullPointerException. */
public class T2Nndom {
    static final class Node {
        int key;
        int hits;
        Node next;
        Node(int key, Node next) { this.key = key; this.next = next; }
    }

    /* while (n != null): n.key, n.hits, n.next need no test */
    static int walk(Node head, int key) {
        int steps = 0;
        for (Node n = head; n != null; n = n.next) {
            steps++;
            if (n.key == key) {
                n.hits++;
                return steps;
            }
        }
        return -steps;
    }

    /* if (x == null) return: x's accesses after it need no test */
    static int guarded(Node x, int[] a) {
        if (x == null) return -1;
        if (a == null) return -2;
        return x.key + a.length + a[0] + x.hits;
    }

    /* a null test on one path only: the access after the join must throw */
    static int join(Node x, boolean look) {
        int s = 0;
        if (look && x != null) s += x.key;
        return s + x.hits;
    }

    /* a comparison with null written the other way (if_acmp against null) */
    static int acmp(Node x) {
        Node none = null;
        if (x != none) return x.key * 2;
        return 0;
    }

    public static void main(String[] args) {
        Node head = null;
        for (int i = 0; i < 50; i++) head = new Node(i * 7 % 50, head);
        long h = 0;
        for (int r = 0; r < 2000; r++) {
            h = h * 31 + walk(head, r % 60);
            h = h * 31 + guarded(r % 3 == 0 ? null : head, r % 5 == 0 ? null : new int[] { r });
            h = h * 31 + join(head, (r & 1) == 0);
            h = h * 31 + acmp(r % 4 == 0 ? null : head.next);
        }
        System.out.println("h " + h);
        int hits = 0;
        for (Node n = head; n != null; n = n.next) hits += n.hits;
        System.out.println("hits " + hits);
        try {
            System.out.println(join(null, true));
        } catch (NullPointerException e) {
            System.out.println("join(null, true): NullPointerException");
        }
        try {
            System.out.println(join(null, false));
        } catch (NullPointerException e) {
            System.out.println("join(null, false): NullPointerException");
        }
        System.out.println("walk(null): " + walk(null, 3) + " guarded(null): " + guarded(null, null) + " acmp(null): " + acmp(null));
    }
}
