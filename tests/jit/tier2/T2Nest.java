/** tests/jit/tier2.sh's -nest and -after cases.  main is compiled at its
 *  first call, before any nested class is loaded (it names none itself):
 *  its lookup loop, after
 *  the longer setup loop (the "main" loop by length), inlines find(),
 *  whose entries name T2Nest$Node (not loaded yet: -nest resolves it) and,
 *  on a path never taken, T2Nest$Gone, whose class file tests/jit/tier2.sh
 *  deletes: resolving it fails at the compile (find is not inlined then)
 *  and java never loads it either. */
public class T2Nest {
    static final class Node {
        Node next;
        int key, val;
        Node(int key, int val, Node next) { this.key = key; this.val = val; this.next = next; }
    }

    static final class Gone {
        static int hits;
    }

    static Node[] table;   /* (made by put: no class loads Node before main's compile) */

    static int find(int key) {
        Node n = table[key & 63];
        while (n != null) {
            if (n.key == key) return n.val;
            n = n.next;
        }
        return -1;
    }

    static int findOrGone(int key) {
        Node n = table[key & 63];
        while (n != null) {
            if (n.key == key) return n.val;
            n = n.next;
        }
        if (key == Integer.MIN_VALUE) return Gone.hits;   // never
        return -2;
    }

    /* (allocates: stays a call; main itself names no Node) */
    static void put(int k, int v) {
        if (table == null) table = new Node[64];
        int h = k & 63;
        Node n = table[h];
        while (n != null && n.key != k) n = n.next;
        if (n == null) table[h] = new Node(k, v, table[h]);
        else n.val = v;
    }

    public static void main(String[] args) {
        int seed = 17;
        for (int i = 0; i < 2000; i++) {
            seed = seed * 1103515245 + 12345;
            int k = (seed >>> 8) & 4095;
            int v = (seed >>> 3) & 255;
            put(k, v);
            seed ^= i;
        }
        long sum = 0;
        for (int i = 0; i < 200000; i++) {
            sum += find(i & 8191) + 3L * findOrGone((i * 7) & 8191);
        }
        System.out.println("sum " + sum);
    }
}
