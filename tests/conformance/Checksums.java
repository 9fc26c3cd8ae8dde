// Table-driven CRC-32, Adler-32 and the Internet (ones'-complement) checksum over generated packets.
public class Checksums {
    static final int[] CRC_TABLE = new int[256];
    static {
        for (int n = 0; n < 256; n++) {
            int c = n;
            for (int k = 0; k < 8; k++) c = (c & 1) != 0 ? 0xEDB88320 ^ (c >>> 1) : c >>> 1;
            CRC_TABLE[n] = c;
        }
    }
    static int crc32(byte[] b, int off, int len) {
        int c = 0xFFFFFFFF;
        for (int i = off; i < off + len; i++) c = CRC_TABLE[(c ^ b[i]) & 0xFF] ^ (c >>> 8);
        return ~c;
    }
    static int adler32(byte[] b) {
        int a = 1, s = 0;
        for (byte x : b) { a = (a + (x & 0xFF)) % 65521; s = (s + a) % 65521; }
        return (s << 16) | a;
    }
    static int inet(byte[] b, int off, int len) {
        long sum = 0;
        for (int i = 0; i + 1 < len; i += 2) sum += ((b[off + i] & 0xFF) << 8) | (b[off + i + 1] & 0xFF);
        if ((len & 1) != 0) sum += (b[off + len - 1] & 0xFF) << 8;
        while ((sum >> 16) != 0) sum = (sum & 0xFFFF) + (sum >> 16);
        return (int) (~sum & 0xFFFF);
    }
    public static void main(String[] args) {
        byte[] hello = "The quick brown fox jumps over the lazy dog".getBytes();
        System.out.println(Integer.toHexString(crc32(hello, 0, hello.length)) + " " + Integer.toHexString(adler32(hello)) + " "
            + Integer.toHexString(inet(hello, 0, hello.length)));
        byte[] pkt = new byte[1500];
        int x = 1;
        int crcAcc = 0, inetAcc = 0;
        for (int round = 0; round < 400; round++) {
            int len = 20 + (round * 37) % 1480;
            for (int i = 0; i < len; i++) { x = x * 1664525 + 1013904223; pkt[i] = (byte) (x >>> 24); }
            crcAcc ^= crc32(pkt, 0, len) + round;
            inetAcc += inet(pkt, 0, len);
        }
        System.out.println("crc acc " + Integer.toHexString(crcAcc) + " inet acc " + inetAcc);
        byte[] hdr = {0x45, 0x00, 0x00, 0x73, 0x00, 0x00, 0x40, 0x00, 0x40, 0x11, 0x00, 0x00, (byte) 0xc0, (byte) 0xa8, 0x00, 0x01,
            (byte) 0xc0, (byte) 0xa8, 0x00, (byte) 0xc7};
        int ck = inet(hdr, 0, hdr.length);
        hdr[10] = (byte) (ck >> 8); hdr[11] = (byte) ck;
        System.out.println("ip header checksum " + Integer.toHexString(ck) + " verify " + inet(hdr, 0, hdr.length));
    }
}
