// Checks and recomputes the checksums of every packet without changing
// anything else (tests/datapath/examples.sh): over pktgen_pcap's captures,
// whose checksums are right, the output must equal the input byte for
// byte.  Prints one line per packet: i ipChecksumOk l4ChecksumOk
// recomputeIpChecksum recomputeL4Checksum.
import vif.*;

public class Recompute extends VIFlet {
    private int n;

    public void enqueue(Packet p) {
        boolean ipOk = p.ipChecksumOk(), l4Ok = p.l4ChecksumOk();
        boolean ip = p.recomputeIpChecksum(), l4 = p.recomputeL4Checksum();
        System.out.println(n++ + " " + ipOk + " " + l4Ok + " " + ip + " " + l4);
        super.enqueue(p);
    }
}
