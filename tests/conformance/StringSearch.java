// Knuth-Morris-Pratt and naive substring search compared with String.indexOf over generated text.
public class StringSearch {
    static int[] failure(String p) {
        int[] f = new int[p.length()];
        for (int i = 1, k = 0; i < p.length(); i++) {
            while (k > 0 && p.charAt(i) != p.charAt(k)) k = f[k - 1];
            if (p.charAt(i) == p.charAt(k)) k++;
            f[i] = k;
        }
        return f;
    }
    static int kmpCount(String t, String p) {
        int[] f = failure(p);
        int count = 0;
        for (int i = 0, k = 0; i < t.length(); i++) {
            while (k > 0 && t.charAt(i) != p.charAt(k)) k = f[k - 1];
            if (t.charAt(i) == p.charAt(k)) k++;
            if (k == p.length()) { count++; k = f[k - 1]; }
        }
        return count;
    }
    static int indexOfCount(String t, String p) {
        int count = 0;
        for (int i = t.indexOf(p); i >= 0; i = t.indexOf(p, i + 1)) count++;
        return count;
    }
    public static void main(String[] args) {
        StringBuilder sb = new StringBuilder();
        int x = 3;
        for (int i = 0; i < 200000; i++) { x = x * 1103515245 + 12345; sb.append((char) ('a' + ((x >>> 16) & 3))); }
        String text = sb.toString();
        String[] pats = {"a", "ab", "abab", "abcd", "aaaa", "dcbadcba", "abcabcabc", "zz"};
        for (String p : pats) System.out.println(p + " " + kmpCount(text, p) + " " + indexOfCount(text, p) + " " + text.indexOf(p) + " " + text.lastIndexOf(p));
        int[] f = failure("abacabadabacaba");
        StringBuilder fs = new StringBuilder();
        for (int v : f) fs.append(v).append(' ');
        System.out.println(fs.toString().trim());
    }
}
