// Thread.sleep(huge) spins on the clock: the budget ends it.
// args: -Xbudget:10000000
// expect-status: 3
// expect-stderr: ^vifvm: aborted: instruction budget of 10000000 exhausted in java\.lang\.(Thread\.sleep|System\.nanoTime)$
public class ThreadSleepForever {
    public static void main(String[] args) throws Exception {
        Thread.sleep(Long.MAX_VALUE);
        System.out.println("woke up");
    }
}
