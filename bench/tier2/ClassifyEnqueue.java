/** Classify packets into priority classes and enqueue their indices into
 *  per-class rings, draining them in priority order: an ordinary packet
 *  classifier of the kind issue 15 describes.  Usage: ClassifyEnqueue [packets] */
public class ClassifyEnqueue {
    static final int CLASSES = 8;
    static final int RING = 256;

    private final int[] ring = new int[CLASSES * RING];
    private final int[] head = new int[CLASSES];
    private final int[] tail = new int[CLASSES];
    private final long[] enqueued = new long[CLASSES];
    private final long[] dropped = new long[CLASSES];
    private final long[] bytes = new long[CLASSES];
    private final int[] lengths = new int[CLASSES * RING];
    private long drained;
    private long order;

    /** Returns the class 0..7 of the packet in buf[off..off+len), or -1 to drop. */
    int classify(byte[] buf, int off, int len) {
        if (len < 14) {
            return -1;
        }
        int p = off + 12;
        int etherType = ((buf[p] & 0xff) << 8) | (buf[p + 1] & 0xff);
        int vlanPrio = 0;
        if (etherType == 0x8100) {
            if (len < 18) {
                return -1;
            }
            vlanPrio = (buf[p + 2] & 0xff) >> 5;
            etherType = ((buf[p + 4] & 0xff) << 8) | (buf[p + 5] & 0xff);
            p += 4;
        }
        p += 2;
        int dscp;
        int proto;
        int l4;
        if (etherType == 0x0800) {
            if (len - (p - off) < 20) {
                return -1;
            }
            int vihl = buf[p] & 0xff;
            if ((vihl >> 4) != 4) {
                return -1;
            }
            int ihl = (vihl & 0x0f) * 4;
            if (ihl < 20) {
                return -1;
            }
            dscp = (buf[p + 1] & 0xff) >> 2;
            proto = buf[p + 9] & 0xff;
            int frag = ((buf[p + 6] & 0x1f) << 8) | (buf[p + 7] & 0xff);
            if (frag != 0) {
                return 7;
            }
            int src = ((buf[p + 12] & 0xff) << 24) | ((buf[p + 13] & 0xff) << 16)
                    | ((buf[p + 14] & 0xff) << 8) | (buf[p + 15] & 0xff);
            if ((src & 0xff000000) == 0x0a000000 && dscp == 0) {
                dscp = 8;
            }
            l4 = p + ihl;
        } else if (etherType == 0x86dd) {
            if (len - (p - off) < 40) {
                return -1;
            }
            dscp = (((buf[p] & 0x0f) << 4) | ((buf[p + 1] & 0xff) >> 4)) >> 2;
            proto = buf[p + 6] & 0xff;
            l4 = p + 40;
        } else if (etherType == 0x0806) {
            return 1;
        } else {
            return vlanPrio >= 6 ? 1 : 6;
        }
        if (dscp == 46) {
            return 0;
        }
        if (dscp >= 32) {
            return 1;
        }
        if (proto == 1 || proto == 58) {
            return 2;
        }
        if (proto == 6 || proto == 17) {
            if (len - (l4 - off) < 8) {
                return -1;
            }
            int sport = ((buf[l4] & 0xff) << 8) | (buf[l4 + 1] & 0xff);
            int dport = ((buf[l4 + 2] & 0xff) << 8) | (buf[l4 + 3] & 0xff);
            if (proto == 17) {
                if (dport == 53 || sport == 53) {
                    return 2;
                }
                if (dport >= 5004 && dport <= 5005) {
                    return 0;
                }
                if (dport == 123) {
                    return 3;
                }
                return 5;
            }
            int flags = buf[l4 + 13] & 0xff;
            if ((flags & 0x02) != 0) {
                return 3;
            }
            if (dport == 22 || sport == 22) {
                return 3;
            }
            if (dport == 80 || dport == 443 || sport == 80 || sport == 443) {
                return dscp >= 8 ? 4 : 5;
            }
            if (dport >= 6000 && dport < 7000) {
                return 6;
            }
            return vlanPrio > 3 ? 4 : 6;
        }
        return 7;
    }

    boolean enqueue(int cls, int packet, int len) {
        int t = tail[cls];
        if (t - head[cls] >= RING) {
            dropped[cls]++;
            return false;
        }
        ring[cls * RING + (t & (RING - 1))] = packet;
        lengths[cls * RING + (t & (RING - 1))] = len;
        tail[cls] = t + 1;
        enqueued[cls]++;
        bytes[cls] += len;
        return true;
    }

    /** Dequeues up to max packets, highest priority first. */
    int drain(int max) {
        int n = 0;
        for (int c = 0; c < CLASSES && n < max; c++) {
            while (head[c] != tail[c] && n < max) {
                int h = head[c];
                int pkt = ring[c * RING + (h & (RING - 1))];
                head[c] = h + 1;
                order = order * 31 + pkt + c;
                drained++;
                n++;
            }
        }
        return n;
    }

    static byte[] makePackets(int count, int size) {
        byte[] buf = new byte[count * size];
        int seed = 17;
        for (int i = 0; i < count; i++) {
            int o = i * size;
            for (int j = 0; j < size; j++) {
                seed = seed * 1103515245 + 12345;
                buf[o + j] = (byte) (seed >>> 16);
            }
            int kind = i % 10;
            int q = o + 12;
            if (kind == 9) {
                buf[q] = (byte) 0x81;
                buf[q + 1] = 0;
                buf[q + 2] = (byte) (i << 5);
                q += 4;
            }
            if (kind == 8) {
                buf[q] = (byte) 0x86;
                buf[q + 1] = (byte) 0xdd;
            } else if (kind == 7) {
                buf[q] = 0x08;
                buf[q + 1] = 0x06;
            } else {
                buf[q] = 0x08;
                buf[q + 1] = 0x00;
                buf[q + 2] = 0x45;
                buf[q + 3] = (byte) (kind == 0 ? 46 << 2 : buf[q + 3] & 0x3c);
                buf[q + 8] = 0;
                buf[q + 9] = 0;
                buf[q + 11] = (byte) (kind < 4 ? 6 : kind < 6 ? 17 : 1);
                int l4 = q + 22;
                buf[l4 + 2] = (byte) ((kind == 2 ? 443 : kind == 4 ? 53 : 8080) >> 8);
                buf[l4 + 3] = (byte) (kind == 2 ? 443 : kind == 4 ? 53 : 8080);
            }
        }
        return buf;
    }

    void run(byte[] packets, int count, int size, int total) {
        for (int i = 0; i < total; i++) {
            int idx = i % count;
            int len = size - (i & 15);
            int cls = classify(packets, idx * size, len);
            if (cls >= 0) {
                enqueue(cls, i, len);
            }
            if ((i & 7) == 7) {
                drain(6);
            }
        }
        while (drain(64) > 0) {
            // empty the rings
        }
    }

    public static void main(String[] args) {
        int total = args.length > 0 ? Integer.parseInt(args[0]) : 200000;
        int count = 4096;
        int size = 96;
        byte[] packets = makePackets(count, size);
        ClassifyEnqueue q = new ClassifyEnqueue();
        q.run(packets, count, size, total);
        long sum = 0;
        for (int c = 0; c < CLASSES; c++) {
            sum = sum * 1000003 + q.enqueued[c] * 7 + q.dropped[c] * 3 + q.bytes[c];
        }
        System.out.println("drained " + q.drained + " order " + q.order + " checksum " + sum);
    }
}
