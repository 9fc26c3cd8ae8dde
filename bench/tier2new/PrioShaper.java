import java.util.ArrayList;
import java.util.List;

/** A strict-priority egress port with four classes, each a bounded ring of
 *  frames behind its own token bucket; the port sends the highest class
 *  that has a frame and tokens.  Usage: PrioShaper [frames] */
public class PrioShaper {
    static final class Frame {
        final int size;
        final int id;

        Frame(int size, int id) {
            this.size = size;
            this.id = id;
        }
    }

    static final class TrafficClass {
        private final Frame[] ring;
        private int head;
        private int count;
        private long tokens;
        private final long rate;
        private final long burst;
        long sent;
        long dropped;
        long sentBytes;

        TrafficClass(int depth, long rate, long burst) {
            ring = new Frame[depth];
            this.rate = rate;
            this.burst = burst;
            this.tokens = burst;
        }

        boolean offer(Frame f) {
            if (count == ring.length) {
                dropped++;
                return false;
            }
            ring[(head + count) % ring.length] = f;
            count++;
            return true;
        }

        void refill(long ticks) {
            tokens = Math.min(burst, tokens + ticks * rate);
        }

        boolean canSend() {
            return count > 0 && tokens >= ring[head].size;
        }

        Frame take() {
            Frame f = ring[head];
            ring[head] = null;
            head = (head + 1) % ring.length;
            count--;
            tokens -= f.size;
            sent++;
            sentBytes += f.size;
            return f;
        }
    }

    private final List<TrafficClass> classes = new ArrayList<>();
    private long checksum;

    PrioShaper() {
        classes.add(new TrafficClass(64, 300, 3000));
        classes.add(new TrafficClass(128, 200, 6000));
        classes.add(new TrafficClass(256, 150, 9000));
        classes.add(new TrafficClass(512, 100, 12000));
    }

    void tick(long ticks, int budget) {
        for (TrafficClass c : classes) {
            c.refill(ticks);
        }
        for (int sent = 0; sent < budget; sent++) {
            Frame f = null;
            for (int p = 0; p < classes.size(); p++) {
                TrafficClass c = classes.get(p);
                if (c.canSend()) {
                    f = c.take();
                    break;
                }
            }
            if (f == null) {
                return;
            }
            checksum = checksum * 17 + f.id;
        }
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 200000;
        PrioShaper port = new PrioShaper();
        int x = 99;
        for (int i = 0; i < n; i++) {
            x ^= x << 13;
            x ^= x >>> 17;
            x ^= x << 5;
            int prio = (x & 7) < 1 ? 0 : (x & 7) < 3 ? 1 : (x & 7) < 5 ? 2 : 3;
            int size = 64 + ((x >>> 3) & 1023);
            port.classes.get(prio).offer(new Frame(size, i));
            if ((i & 7) == 7) {
                port.tick(8, 6);
            }
        }
        StringBuilder sb = new StringBuilder();
        for (TrafficClass c : port.classes) {
            sb.append(c.sent).append('/').append(c.dropped).append('/').append(c.sentBytes).append(' ');
        }
        System.out.println(sb + "checksum " + port.checksum);
    }
}
