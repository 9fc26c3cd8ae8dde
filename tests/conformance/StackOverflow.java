// Unbounded recursion throws StackOverflowError, which can be caught; the VM keeps working afterwards.
public class StackOverflow {
    static int depth;
    static void recurse() { depth++; recurse(); }
    static long recurseArgs(long a, long b, long c) { return recurseArgs(a + 1, b + a, c ^ b) + 1; }
    int inst(int x) { return inst(x + 1) + 1; }
    public static void main(String[] args) {
        try {
            recurse();
        } catch (StackOverflowError e) {
            System.out.println("caught StackOverflowError, deep enough: " + (depth > 1000));
        }
        try {
            recurseArgs(0, 0, 0);
        } catch (StackOverflowError e) {
            System.out.println("caught again " + (e instanceof VirtualMachineError));
        }
        for (int i = 0; i < 3; i++) {
            try {
                new StackOverflow().inst(0);
            } catch (Error e) {
                System.out.println("round " + i + " " + e.getClass().getName());
            }
        }
        int[] data = new int[1000];
        for (int i = 0; i < data.length; i++) data[i] = i;
        long s = 0;
        for (int v : data) s += v;
        System.out.println("still fine " + s);
    }
}
