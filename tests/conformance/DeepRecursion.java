// 10,000-frame recursion must work with the default stack size (several frame shapes).
public class DeepRecursion {
    static int sumTo(int n) { return n == 0 ? 0 : n + sumTo(n - 1); }
    static long sumLong(long n, long acc, double d) { return n == 0 ? acc : sumLong(n - 1, acc + n, d * 1.0); }
    int depth(int n, Object a, Object b) { return n == 0 ? 0 : 1 + depth(n - 1, b, a); }
    static int mutualA(int n) { return n <= 0 ? 0 : 1 + mutualB(n - 1); }
    static int mutualB(int n) { return n <= 0 ? 0 : 1 + mutualA(n - 1); }
    static int withLocals(int n) {
        int a = n, b = n * 2, c = n * 3;
        long d = n;
        double e = n;
        if (n == 0) return 0;
        return withLocals(n - 1) + (int) ((a + b + c + d + e) / 9);
    }
    interface Node { int count(int n); }
    static class Impl implements Node {
        public int count(int n) { return n == 0 ? 0 : 1 + this.count(n - 1); }
    }
    public static void main(String[] args) {
        System.out.println(sumTo(10000));
        System.out.println(sumLong(10000, 0, 1.0));
        System.out.println(new DeepRecursion().depth(10000, "a", "b"));
        System.out.println(mutualA(10000));
        System.out.println(withLocals(10000));
        Node node = new Impl();
        System.out.println(node.count(10000));
        for (int i = 0; i < 20; i++) sumTo(10000);
        System.out.println("repeated ok");
    }
}
