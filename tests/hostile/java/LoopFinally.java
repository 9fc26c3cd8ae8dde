// An infinite loop in a finally block run while an exception propagates.
// args: -Xbudget:10000000
// expect-status: 3
// expect-stderr: ^vifvm: aborted: instruction budget of 10000000 exhausted in LoopFinally\.spin$
// reject-stdout: caught
// reject-stderr: RuntimeException
public class LoopFinally {
    static int n;
    static void spin() {
        try {
            throw new RuntimeException("boom");
        } finally {
            for (;;) n++;
        }
    }
    public static void main(String[] args) {
        try {
            spin();
        } catch (Throwable t) {
            System.out.println("caught " + t);
        }
    }
}
