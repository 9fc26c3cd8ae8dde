// Recursion that catches StackOverflowError and recurses again: an
// exponential call tree with no loop anywhere.  Invokes tick the budget.
// args: -Xbudget:20000000
// expect-status: 3
// expect-stderr: ^vifvm: aborted: instruction budget of 20000000 exhausted in RecursionCatchSOE\.f$
public class RecursionCatchSOE {
    static void f() {
        try {
            f();
        } catch (StackOverflowError e) {
            f();
        }
    }
    public static void main(String[] args) {
        f();
        System.out.println("finished?");
    }
}
