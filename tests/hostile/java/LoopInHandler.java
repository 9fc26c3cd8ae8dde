// Trying to survive the abort: loops in a catch block and in a finally
// block reached by an exception, with handlers around them.  The first
// loop to exhaust the budget ends the run; no later handler runs.
// args: -Xbudget:10000000
// expect-status: 3
// expect-stderr: ^vifvm: aborted: instruction budget of 10000000 exhausted in LoopInHandler\.main$
// expect-stdout: in catch
// reject-stdout: in finally
// reject-stdout: survived
public class LoopInHandler {
    static volatile int sink;
    public static void main(String[] args) {
        for (int round = 0; ; round++) {
            try {
                try {
                    throw new IllegalStateException("go");
                } catch (IllegalStateException e) {
                    System.out.println("in catch");
                    while (true) sink++;
                } finally {
                    System.out.println("in finally");
                    while (true) sink--;
                }
            } catch (Throwable t) {
                System.out.println("survived " + t);
            }
        }
    }
}
