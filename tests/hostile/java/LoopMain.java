// An infinite loop in main, inside try/catch/finally: the budget aborts it
// and neither the handler nor the finally block runs.
// args: -Xbudget:10000000
// expect-status: 3
// expect-stderr: ^vifvm: aborted: instruction budget of 10000000 exhausted in LoopMain\.main$
// reject-stdout: caught
// reject-stdout: finally
public class LoopMain {
    public static void main(String[] args) {
        int i = 0;
        try {
            while (true) i++;
        } catch (Throwable t) {
            System.out.println("caught " + t);
        } finally {
            System.out.println("finally " + i);
        }
    }
}
