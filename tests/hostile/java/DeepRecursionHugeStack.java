// A Java stack far larger than the C stack: compiled Java calls recurse on
// the C stack, so the native-stack guard (vm_limits.native_stack_bytes,
// set from the stack rlimit) must raise StackOverflowError before the
// process's stack overflows (it segfaulted before the guard).  Run in a
// subshell with a 1 MiB stack rlimit too (ulimit-s below).
// args: -Xss2g
// ulimit-s: 1024
// expect-status: 1
// expect-stdout: caught java.lang.StackOverflowError
// expect-stderr: ^Exception in thread "main" java.lang.StackOverflowError
public class DeepRecursionHugeStack {
    static int down(int n) {
        return n == 0 ? 0 : 1 + down(n - 1);
    }
    public static void main(String[] args) {
        try {
            down(100_000_000);
        } catch (StackOverflowError e) {
            System.out.println("caught " + e);
        }
        down(100_000_000);
    }
}
