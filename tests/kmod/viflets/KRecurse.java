// Hostile (tests/kmod/qdisc.sh): unbounded recursion in enqueue():
// StackOverflowError aborts the VIFlet (the kernel's stack is never at risk:
// compiled Java recurses within native_stack_bytes) and the policy applies.
import vif.*;

public class KRecurse extends VIFlet {
    long down(long n, Packet p) {
        return down(n + 1, p) + n;
    }

    public void enqueue(Packet p) {
        down(0, p);
        super.enqueue(p);
    }
}
