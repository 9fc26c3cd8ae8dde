// Floods its log: 4 x 1 MiB lines per packet.  Output is charged to the
// budget (1 tick per 16 bytes), and a VIFlet's output is capped (16 MiB
// per load): beyond, vifd says so once and discards the rest, so the disk
// does not fill and the datapath does not stall writing.  At the 20th
// packet it prints 1 MiB lines in an endless loop: the budget aborts it
// (or, on a slow build, the CPU time limit of the call, --cpu).
// expect-log: ^([-0-9T:.]+Z )?vifd: VIFlet output limit of 16 MiB reached: further output of LogFlood is discarded$
// expect-log: vifd: VIFlet LogFlood aborted in enqueue\(\): (instruction budget of 1000000 exhausted|CPU time limit of 100 ms per call exceeded) in .*LogFlood\.enqueue
// reject-log: (printed|AFTER)
// expect-stats: pcap/tcp.aborts=1 pcap/tcp.state=aborted/pass pcap/tcp.out=TCP
// max-seconds: 10
import vif.*;

public class LogFlood extends VIFlet {
    static String big;
    private int n;

    public void enqueue(Packet p) {
        super.enqueue(p);
        if (big == null) {
            String s = "0123456789abcdef";
            for (int i = 0; i < 16; i++) s = s.concat(s);
            big = s;
        }
        for (int i = 0; i < 4; i++) System.out.println(big);
        if (++n == 20) {
            while (true) System.out.println(big);
        }
        if (n == 1000) System.out.println("AFTER");
    }
}
