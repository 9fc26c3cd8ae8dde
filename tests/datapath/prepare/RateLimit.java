// RateLimit: a VIFlet made of two classes (RateLimit and its nested
// RateLimit$Bucket): it only works when both are loaded together.
import vif.*;

public class RateLimit extends VIFlet {
    static class Bucket {
        long tokens = 1000;
        boolean take() { return tokens-- > 0; }
    }

    private final Bucket b = new Bucket();

    public RateLimit() {
        System.out.println("ratelimit ready");
    }

    public void enqueue(Packet p) {
        if (b.take()) super.enqueue(p);
    }
}
