// String-heavy allocation: concatenation in loops, substrings, StringBuilder churn, Integer.toString.
public class AllocStrings {
    public static void main(String[] args) {
        long h = 0;
        for (int i = 0; i < 300000; i++) {
            String s = "item-" + i + "-" + (i * 31) + ":" + (i % 7 == 0);
            String t = s.substring(5, s.indexOf(':'));
            h = h * 31 + t.hashCode() + s.length();
        }
        System.out.println("hash " + h);
        String acc = "";
        for (int i = 0; i < 2000; i++) {
            acc = acc + (char) ('a' + i % 26);
            if (acc.length() > 500) acc = acc.substring(250);
        }
        System.out.println(acc.length() + " " + acc.substring(0, 30));
        StringBuilder sb = new StringBuilder();
        int lines = 0;
        for (int i = 0; i < 100000; i++) {
            sb.append(Integer.toString(i, 16)).append(',');
            if (sb.length() > 1000) { lines++; sb = new StringBuilder(); }
        }
        System.out.println("lines " + lines + " rest " + sb.length());
        String[] parts = new String[1000];
        for (int r = 0; r < 50; r++)
            for (int i = 0; i < parts.length; i++) parts[i] = String.valueOf(i * r) + "/" + r;
        System.out.println(parts[999]);
    }
}
