// A loop allocating 16 MiB per turn ticks once per turn, but the
// allocation (and the collections it causes) are charged to the budget
// too (runtime/limits.h), so the budget bounds the time, not just ticks.
// args: -Xbudget:1000000
// expect-status: 3
// expect-stderr: ^vifvm: aborted: instruction budget of 1000000 exhausted in
// max-seconds: 5
public class AllocLoopBudget {
    public static void main(String[] args) {
        long n = 0;
        while (true) {
            byte[] b = new byte[16 << 20];
            n += b.length;
        }
    }
}
