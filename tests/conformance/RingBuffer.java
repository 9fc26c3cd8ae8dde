// A fixed-size packet ring (producer/consumer indices with masks) carrying byte[] payloads, with overruns.
public class RingBuffer {
    static final class Ring {
        final byte[][] slots;
        final int[] lens;
        final int mask;
        long head, tail, overruns;
        Ring(int order) { slots = new byte[1 << order][]; lens = new int[1 << order]; mask = (1 << order) - 1; }
        boolean put(byte[] data, int len) {
            if (tail - head == slots.length) { overruns++; return false; }
            int i = (int) (tail & mask);
            if (slots[i] == null || slots[i].length < len) slots[i] = new byte[Math.max(len, 64)];
            System.arraycopy(data, 0, slots[i], 0, len);
            lens[i] = len;
            tail++;
            return true;
        }
        int take(byte[] out) {
            if (head == tail) return -1;
            int i = (int) (head & mask);
            int len = lens[i];
            System.arraycopy(slots[i], 0, out, 0, len);
            head++;
            return len;
        }
    }
    public static void main(String[] args) {
        Ring r = new Ring(6);
        byte[] buf = new byte[2048], out = new byte[2048];
        int seq = 0;
        long sum = 0, received = 0;
        int lastSeq = -1;
        boolean inOrder = true;
        for (int step = 0; step < 100000; step++) {
            int produce = (step * 7) % 5;
            for (int k = 0; k < produce; k++) {
                int len = 4 + (seq * 131) % 1500;
                buf[0] = (byte) (seq >>> 24); buf[1] = (byte) (seq >>> 16); buf[2] = (byte) (seq >>> 8); buf[3] = (byte) seq;
                for (int i = 4; i < len; i++) buf[i] = (byte) (i ^ seq);
                r.put(buf, len);
                seq++;
            }
            int consume = (step * 3) % 4;
            for (int k = 0; k < consume; k++) {
                int len = r.take(out);
                if (len < 0) break;
                int s = ((out[0] & 0xFF) << 24) | ((out[1] & 0xFF) << 16) | ((out[2] & 0xFF) << 8) | (out[3] & 0xFF);
                if (s <= lastSeq) inOrder = false;
                lastSeq = s;
                sum += len + (out[len - 1] & 0xFF);
                received++;
            }
        }
        System.out.println("sent " + seq + " received " + received + " overruns " + r.overruns + " inOrder " + inOrder + " sum " + sum
            + " queued " + (r.tail - r.head));
    }
}
