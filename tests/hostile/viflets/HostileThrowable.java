// Throws an exception built to hurt whoever reports it: getMessage(),
// getLocalizedMessage(), toString(), getStackTrace(), getCause() and
// printStackTrace() loop forever, and its cause chain is a cycle (A caused
// by B caused by A).  vifd describes it natively (the abort line), then
// calls its printStackTrace() for the trace, as a JVM does: that runs
// under what is left of the failed call's budget, so it ends, and vifd
// falls back to the native description.  No hang, no endless cause chain.
// expect-log: ^([-0-9T:.]+Z )?vifd: VIFlet HostileThrowable aborted in enqueue\(\): HostileThrowable\$Nasty: outer$
// expect-log: ^([-0-9T:.]+Z )?HostileThrowable\$Nasty: outer$
// reject-log: inner
// expect-stats: pcap/tcp.aborts=1 pcap/tcp.state=aborted/pass pcap/tcp.out=TCP
// shared-owner: yes
import vif.*;

public class HostileThrowable extends VIFlet {
    private int n;

    static final class Nasty extends RuntimeException {
        Nasty(String m) {
            super(m);
        }

        static void spin() {
            System.out.println("REPORTER RAN");
            while (true) { }
        }

        public String getMessage() { spin(); return "x"; }
        public String getLocalizedMessage() { spin(); return "x"; }
        public String toString() { spin(); return "x"; }
        public StackTraceElement[] getStackTrace() { spin(); return null; }
        public void printStackTrace() { spin(); }
        public synchronized Throwable getCause() { spin(); return null; }
    }

    public void enqueue(Packet p) {
        super.enqueue(p);
        if (++n == 3) {
            Nasty a = new Nasty("outer");
            Nasty b = new Nasty("inner");
            a.initCause(b);
            b.initCause(a);
            throw a;
        }
    }
}
