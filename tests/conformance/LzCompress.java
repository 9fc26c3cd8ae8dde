// A small LZ77-style compressor and decompressor over byte arrays with a hash chain; round trip check.
public class LzCompress {
    static byte[] compress(byte[] in) {
        byte[] out = new byte[in.length * 2 + 16];
        int op = 0, ip = 0;
        int[] head = new int[4096];
        java.util.Arrays.fill(head, -1);
        int[] prev = new int[in.length];
        while (ip < in.length) {
            int bestLen = 0, bestDist = 0;
            if (ip + 3 <= in.length) {
                int h = ((in[ip] & 0xFF) * 31 + (in[ip + 1] & 0xFF)) * 31 + (in[ip + 2] & 0xFF) & 4095;
                int cand = head[h];
                int chain = 0;
                while (cand >= 0 && ip - cand < 4096 && chain++ < 32) {
                    int len = 0;
                    while (ip + len < in.length && len < 130 && in[cand + len] == in[ip + len]) len++;
                    if (len > bestLen) { bestLen = len; bestDist = ip - cand; }
                    cand = prev[cand];
                }
                prev[ip] = head[h];
                head[h] = ip;
            }
            if (bestLen >= 3) {
                out[op++] = (byte) (0x80 | (bestLen - 3));
                out[op++] = (byte) (bestDist >> 8);
                out[op++] = (byte) bestDist;
                for (int k = 1; k < bestLen; k++) {
                    int p = ip + k;
                    if (p + 3 <= in.length) {
                        int h = ((in[p] & 0xFF) * 31 + (in[p + 1] & 0xFF)) * 31 + (in[p + 2] & 0xFF) & 4095;
                        prev[p] = head[h];
                        head[h] = p;
                    }
                }
                ip += bestLen;
            } else {
                int n = 0;
                int start = op++;
                while (ip < in.length && n < 127) {
                    out[op++] = in[ip++];
                    n++;
                    if (ip + 3 <= in.length && in[ip] == in[ip - 1] && in[ip + 1] == in[ip - 1]) break;
                }
                out[start] = (byte) n;
            }
        }
        return java.util.Arrays.copyOf(out, op);
    }
    static byte[] decompress(byte[] in, int size) {
        byte[] out = new byte[size];
        int op = 0, ip = 0;
        while (ip < in.length) {
            int tag = in[ip++] & 0xFF;
            if ((tag & 0x80) != 0) {
                int len = (tag & 0x7F) + 3;
                int dist = ((in[ip] & 0xFF) << 8) | (in[ip + 1] & 0xFF);
                ip += 2;
                for (int k = 0; k < len; k++, op++) out[op] = out[op - dist];
            } else {
                System.arraycopy(in, ip, out, op, tag);
                ip += tag;
                op += tag;
            }
        }
        return out;
    }
    public static void main(String[] args) {
        String[] words = {"packet ", "filter ", "the ", "kernel ", "java ", "vm "};
        StringBuilder sb = new StringBuilder();
        int x = 5;
        for (int i = 0; i < 8000; i++) { x = x * 1103515245 + 12345; sb.append(words[(x >>> 16) % 6]); if (i % 97 == 0) sb.append(i); }
        String text = sb.toString();
        byte[] data = new byte[text.length()];
        for (int i = 0; i < data.length; i++) data[i] = (byte) text.charAt(i);
        byte[] c = compress(data);
        byte[] d = decompress(c, data.length);
        System.out.println("input " + data.length + " compressed " + c.length + " roundtrip " + java.util.Arrays.equals(data, d));
        byte[] rnd = new byte[20000];
        for (int i = 0; i < rnd.length; i++) { x = x * 1103515245 + 12345; rnd[i] = (byte) (x >>> 16); }
        byte[] rc = compress(rnd);
        System.out.println("random " + rnd.length + " -> " + rc.length + " roundtrip " + java.util.Arrays.equals(rnd, decompress(rc, rnd.length)));
        byte[] zeros = new byte[50000];
        byte[] zc = compress(zeros);
        System.out.println("zeros " + zeros.length + " -> " + zc.length + " roundtrip " + java.util.Arrays.equals(zeros, decompress(zc, zeros.length)));
    }
}
