// Huffman coding: frequency count, tree construction with a deterministic tie-break, encode/decode round trip.
import java.util.ArrayList;
import java.util.List;

public class Huffman {
    static final class Node {
        final int sym; final long freq; final Node left, right; final int order;
        Node(int sym, long freq, Node l, Node r, int order) { this.sym = sym; this.freq = freq; left = l; right = r; this.order = order; }
        boolean leaf() { return left == null; }
    }
    static boolean less(Node a, Node b) { return a.freq != b.freq ? a.freq < b.freq : a.order < b.order; }
    static void codes(Node n, String prefix, String[] out) {
        if (n.leaf()) { out[n.sym] = prefix.isEmpty() ? "0" : prefix; return; }
        codes(n.left, prefix + "0", out);
        codes(n.right, prefix + "1", out);
    }
    public static void main(String[] args) {
        StringBuilder tb = new StringBuilder();
        String base = "this is an example of a huffman tree built inside a tiny java vm for packet processing ";
        for (int i = 0; i < 200; i++) tb.append(base, 0, base.length() - (i % 7));
        String text = tb.toString();
        long[] freq = new long[128];
        for (int i = 0; i < text.length(); i++) freq[text.charAt(i)]++;
        List<Node> pool = new ArrayList<Node>();
        int order = 0;
        for (int c = 0; c < 128; c++) if (freq[c] > 0) pool.add(new Node(c, freq[c], null, null, order++));
        while (pool.size() > 1) {
            int a = 0;
            for (int i = 1; i < pool.size(); i++) if (less(pool.get(i), pool.get(a))) a = i;
            Node na = pool.remove(a);
            int b = 0;
            for (int i = 1; i < pool.size(); i++) if (less(pool.get(i), pool.get(b))) b = i;
            Node nb = pool.remove(b);
            pool.add(new Node(-1, na.freq + nb.freq, na, nb, order++));
        }
        Node root = pool.get(0);
        String[] code = new String[128];
        codes(root, "", code);
        for (int c = 0; c < 128; c++) if (code[c] != null) System.out.println("'" + (char) c + "' " + freq[c] + " " + code[c]);
        StringBuilder bits = new StringBuilder();
        for (int i = 0; i < text.length(); i++) bits.append(code[text.charAt(i)]);
        StringBuilder dec = new StringBuilder();
        Node n = root;
        for (int i = 0; i < bits.length(); i++) {
            n = bits.charAt(i) == '0' ? n.left : n.right;
            if (n.leaf()) { dec.append((char) n.sym); n = root; }
        }
        System.out.println("chars " + text.length() + " bits " + bits.length() + " roundtrip " + dec.toString().equals(text));
    }
}
