// The binary-trees allocation benchmark (small size): many complete trees built and discarded.
public class BinaryTrees {
    static final class TreeNode {
        final TreeNode left, right;
        TreeNode(TreeNode l, TreeNode r) { left = l; right = r; }
        int check() { return left == null ? 1 : 1 + left.check() + right.check(); }
    }
    static TreeNode make(int depth) {
        return depth == 0 ? new TreeNode(null, null) : new TreeNode(make(depth - 1), make(depth - 1));
    }
    public static void main(String[] args) {
        int maxDepth = 16;
        System.out.println("stretch tree of depth " + (maxDepth + 1) + "\t check: " + make(maxDepth + 1).check());
        TreeNode longLived = make(maxDepth);
        for (int d = 4; d <= maxDepth; d += 2) {
            int iterations = 1 << (maxDepth - d + 4);
            int check = 0;
            for (int i = 0; i < iterations; i++) check += make(d).check();
            System.out.println(iterations + "\t trees of depth " + d + "\t check: " + check);
        }
        System.out.println("long lived tree of depth " + maxDepth + "\t check: " + longLived.check());
    }
}
