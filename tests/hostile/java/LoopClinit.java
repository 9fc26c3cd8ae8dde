// An infinite loop hidden in a static initializer: the abort is not an
// ExceptionInInitializerError the caller could catch.
// args: -Xbudget:10000000
// expect-status: 3
// expect-stderr: ^vifvm: aborted: instruction budget of 10000000 exhausted in LoopClinit\$Bad\.<clinit>$
// expect-stdout: before
// reject-stdout: caught
// reject-stdout: after
public class LoopClinit {
    static class Bad {
        static int x;
        static {
            while (x >= 0) x = (x + 1) & 0xffff;   // forever, but javac-legal
        }
    }
    public static void main(String[] args) {
        System.out.println("before");
        try {
            Bad.x = 1;
        } catch (Throwable t) {
            System.out.println("caught " + t);
        }
        System.out.println("after");
    }
}
