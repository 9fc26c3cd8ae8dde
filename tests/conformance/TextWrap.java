// Greedy word wrapping and right/centre alignment with manual padding (no String.format).
public class TextWrap {
    static String pad(String s, int width, int mode) {
        int space = width - s.length();
        StringBuilder sb = new StringBuilder();
        int left = mode == 0 ? 0 : mode == 1 ? space : space / 2;
        for (int i = 0; i < left; i++) sb.append(' ');
        sb.append(s);
        while (sb.length() < width) sb.append(' ');
        return sb.toString();
    }
    static java.util.List<String> wrap(String text, int width) {
        java.util.List<String> lines = new java.util.ArrayList<String>();
        StringBuilder cur = new StringBuilder();
        for (String w : text.split(" ")) {
            if (w.isEmpty()) continue;
            if (cur.length() > 0 && cur.length() + 1 + w.length() > width) { lines.add(cur.toString()); cur.setLength(0); }
            if (cur.length() > 0) cur.append(' ');
            cur.append(w);
        }
        if (cur.length() > 0) lines.add(cur.toString());
        return lines;
    }
    public static void main(String[] args) {
        String text = "Running a Java VM inside an operating system kernel lets network functions be written as small "
            + "safe programs called VIFlets that are loaded at run time and executed by an interpreter or a JIT compiler "
            + "with bounded memory and time.";
        int[] widths = {20, 33, 50};
        for (int w : widths) {
            System.out.println("+" + pad("", w, 0).replace(' ', '-') + "+");
            int mode = 0;
            for (String line : wrap(text, w)) System.out.println("|" + pad(line, w, mode++ % 3) + "|");
        }
        String[] names = {"eth0", "lo", "wlan0-long-name"};
        long[] rx = {123456789L, 42L, 9876543210L};
        for (int i = 0; i < names.length; i++) System.out.println(pad(names[i], 16, 0) + pad(Long.toString(rx[i]), 12, 1));
    }
}
