// An unbalanced binary search tree with insert, delete (all three cases), in-order walk and height.
public class BinarySearchTree {
    static final class Node {
        int key;
        Node left, right;
        Node(int k) { key = k; }
    }
    Node root;
    int size;
    boolean insert(int k) {
        if (root == null) { root = new Node(k); size++; return true; }
        Node n = root;
        while (true) {
            if (k == n.key) return false;
            if (k < n.key) { if (n.left == null) { n.left = new Node(k); size++; return true; } n = n.left; }
            else { if (n.right == null) { n.right = new Node(k); size++; return true; } n = n.right; }
        }
    }
    boolean contains(int k) {
        Node n = root;
        while (n != null) { if (k == n.key) return true; n = k < n.key ? n.left : n.right; }
        return false;
    }
    void delete(int k) { root = delete(root, k); }
    Node delete(Node n, int k) {
        if (n == null) return null;
        if (k < n.key) n.left = delete(n.left, k);
        else if (k > n.key) n.right = delete(n.right, k);
        else {
            size--;
            if (n.left == null) return n.right;
            if (n.right == null) return n.left;
            Node m = n.right;
            while (m.left != null) m = m.left;
            n.key = m.key;
            size++;                       // the recursive delete below decrements again
            n.right = delete(n.right, m.key);
        }
        return n;
    }
    static int height(Node n) { return n == null ? 0 : 1 + Math.max(height(n.left), height(n.right)); }
    static void inorder(Node n, StringBuilder sb, int[] limit) {
        if (n == null || limit[0] <= 0) return;
        inorder(n.left, sb, limit);
        if (limit[0]-- > 0) sb.append(n.key).append(' ');
        inorder(n.right, sb, limit);
    }
    static long sum(Node n) { return n == null ? 0 : n.key + sum(n.left) + sum(n.right); }
    public static void main(String[] args) {
        BinarySearchTree t = new BinarySearchTree();
        int x = 1;
        int dups = 0;
        for (int i = 0; i < 50000; i++) { x = (x * 48271) % 2147483647; if (!t.insert(x % 100000)) dups++; }
        System.out.println("size " + t.size + " dups " + dups + " height " + height(t.root) + " sum " + sum(t.root));
        StringBuilder sb = new StringBuilder();
        inorder(t.root, sb, new int[] {20});
        System.out.println(sb.toString().trim());
        int removed = 0;
        for (int k = 0; k < 100000; k += 3) if (t.contains(k)) { t.delete(k); removed++; }
        System.out.println("removed " + removed + " size " + t.size + " height " + height(t.root) + " sum " + sum(t.root));
        sb.setLength(0);
        inorder(t.root, sb, new int[] {20});
        System.out.println(sb.toString().trim());
    }
}
