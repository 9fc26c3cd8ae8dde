/** Longest-prefix match over a binary trie of IPv4 routes.
 *  Usage: LpmTrie [lookups] */
public class LpmTrie {
    static final class Node {
        Node zero;
        Node one;
        int nextHop = -1;
    }

    private final Node root = new Node();
    private int routes;

    void insert(int prefix, int length, int nextHop) {
        Node n = root;
        for (int i = 0; i < length; i++) {
            boolean bit = ((prefix >>> (31 - i)) & 1) != 0;
            if (bit) {
                if (n.one == null) {
                    n.one = new Node();
                }
                n = n.one;
            } else {
                if (n.zero == null) {
                    n.zero = new Node();
                }
                n = n.zero;
            }
        }
        if (n.nextHop < 0) {
            routes++;
        }
        n.nextHop = nextHop;
    }

    int lookup(int addr) {
        Node n = root;
        int best = root.nextHop;
        int depth = 0;
        while (n != null) {
            if (n.nextHop >= 0) {
                best = n.nextHop;
            }
            if (depth == 32) {
                break;
            }
            n = ((addr >>> (31 - depth)) & 1) != 0 ? n.one : n.zero;
            depth++;
        }
        return best;
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 200000;
        LpmTrie trie = new LpmTrie();
        trie.insert(0, 0, 0); // default route
        int seed = 7;
        for (int i = 0; i < 20000; i++) {
            seed = seed * 1103515245 + 12345;
            int len = 8 + ((seed >>> 16) % 25);
            seed = seed * 1103515245 + 12345;
            int prefix = seed & (len == 0 ? 0 : (-1 << (32 - len)));
            trie.insert(prefix, len, 1 + (i % 250));
        }
        long sum = 0;
        int[] hits = new int[256];
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245 + 12345;
            int hop = trie.lookup(seed);
            hits[hop & 255]++;
            sum += (long) hop * (i & 1023);
        }
        long h = 0;
        for (int i = 0; i < hits.length; i++) {
            h = h * 131 + hits[i];
        }
        System.out.println("routes " + trie.routes + " sum " + sum + " hist " + h);
    }
}
