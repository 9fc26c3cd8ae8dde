// An infinite loop hidden in a constructor (called through a chain of
// constructors), with a catch-all around the allocation.
// args: -Xbudget:10000000
// expect-status: 3
// expect-stderr: ^vifvm: aborted: instruction budget of 10000000 exhausted in LoopCtor\$Bad\.<init>$
// reject-stdout: caught
// reject-stdout: after
public class LoopCtor {
    static class Base {
        Base() { }
    }
    static class Bad extends Base {
        int n;
        Bad() {
            super();
            while (n >= 0) n = (n + 1) & 0x7fff;
        }
    }
    public static void main(String[] args) {
        try {
            new Bad();
        } catch (Throwable t) {
            System.out.println("caught " + t);
        }
        System.out.println("after");
    }
}
