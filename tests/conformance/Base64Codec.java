// A hand-written Base64 encoder/decoder and hex dump over byte arrays (sign handling of bytes).
public class Base64Codec {
    static final char[] ALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".toCharArray();
    static String encode(byte[] in) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < in.length; i += 3) {
            int b0 = in[i] & 0xFF, b1 = i + 1 < in.length ? in[i + 1] & 0xFF : 0, b2 = i + 2 < in.length ? in[i + 2] & 0xFF : 0;
            int v = (b0 << 16) | (b1 << 8) | b2;
            sb.append(ALPHA[v >>> 18]).append(ALPHA[(v >>> 12) & 63]);
            sb.append(i + 1 < in.length ? ALPHA[(v >>> 6) & 63] : '=');
            sb.append(i + 2 < in.length ? ALPHA[v & 63] : '=');
        }
        return sb.toString();
    }
    static byte[] decode(String s) {
        int[] rev = new int[128];
        for (int i = 0; i < 64; i++) rev[ALPHA[i]] = i;
        int pad = s.endsWith("==") ? 2 : s.endsWith("=") ? 1 : 0;
        byte[] out = new byte[s.length() / 4 * 3 - pad];
        int o = 0;
        for (int i = 0; i < s.length(); i += 4) {
            int v = (rev[s.charAt(i)] << 18) | (rev[s.charAt(i + 1)] << 12) | (rev[s.charAt(i + 2) & 127] << 6) | rev[s.charAt(i + 3) & 127];
            if (o < out.length) out[o++] = (byte) (v >>> 16);
            if (o < out.length) out[o++] = (byte) (v >>> 8);
            if (o < out.length) out[o++] = (byte) v;
        }
        return out;
    }
    static String hex(byte[] b) {
        StringBuilder sb = new StringBuilder();
        for (byte x : b) { sb.append(Character.forDigit((x >> 4) & 15, 16)).append(Character.forDigit(x & 15, 16)); }
        return sb.toString();
    }
    public static void main(String[] args) {
        String[] samples = {"", "f", "fo", "foo", "foob", "fooba", "foobar", "Man is distinguished"};
        for (String s : samples) {
            char[] cs = s.toCharArray();
            byte[] b = new byte[cs.length];
            for (int i = 0; i < cs.length; i++) b[i] = (byte) cs[i];
            String e = encode(b);
            System.out.println("'" + s + "' -> " + e + " -> " + hex(decode(e)));
        }
        byte[] all = new byte[256];
        for (int i = 0; i < 256; i++) all[i] = (byte) i;
        String e = encode(all);
        System.out.println(e.length() + " " + e.substring(0, 40) + " " + e.substring(e.length() - 12));
        byte[] back = decode(e);
        boolean ok = back.length == 256;
        for (int i = 0; ok && i < 256; i++) ok = back[i] == all[i];
        System.out.println("roundtrip " + ok + " " + hex(new byte[] {(byte) 0x80, -1, 0, 127}));
    }
}
