// Character-level string processing: palindromes, reversal, case folding, char counting, anagram groups.
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

public class Palindromes {
    static boolean isPalindrome(String s) {
        int i = 0, j = s.length() - 1;
        while (i < j) {
            char a = s.charAt(i), b = s.charAt(j);
            if (!Character.isLetterOrDigit(a)) { i++; continue; }
            if (!Character.isLetterOrDigit(b)) { j--; continue; }
            if (Character.toLowerCase(a) != Character.toLowerCase(b)) return false;
            i++; j--;
        }
        return true;
    }
    static String longestPalSub(String s) {
        int best = 0, start = 0;
        for (int c = 0; c < 2 * s.length() - 1; c++) {
            int l = c / 2, r = l + c % 2;
            while (l >= 0 && r < s.length() && s.charAt(l) == s.charAt(r)) { l--; r++; }
            if (r - l - 1 > best) { best = r - l - 1; start = l + 1; }
        }
        return s.substring(start, start + best);
    }
    public static void main(String[] args) {
        String[] ss = {"A man, a plan, a canal: Panama", "racecar", "hello", "", "No 'x' in Nixon", "ab"};
        for (String s : ss) System.out.println("'" + s + "' " + isPalindrome(s) + " reversed '" + new StringBuilder(s).reverse() + "'");
        System.out.println(longestPalSub("forgeeksskeegfor") + " " + longestPalSub("abacdfgdcaba") + " " + longestPalSub("x"));
        String[] words = {"listen", "silent", "enlist", "google", "gooegl", "cat", "act", "tac", "dog"};
        Map<String, List<String>> groups = new HashMap<String, List<String>>();
        for (String w : words) {
            char[] cs = w.toCharArray();
            Arrays.sort(cs);
            String key = new String(cs);
            List<String> g = groups.get(key);
            if (g == null) { g = new ArrayList<String>(); groups.put(key, g); }
            g.add(w);
        }
        List<String> keys = new ArrayList<String>(groups.keySet());
        Collections.sort(keys);
        for (String k : keys) System.out.println(k + " " + groups.get(k));
        int[] counts = new int[26];
        String pangram = "The quick brown fox jumps over the lazy dog";
        for (char c : pangram.toLowerCase().toCharArray()) if (c >= 'a' && c <= 'z') counts[c - 'a']++;
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 26; i++) sb.append((char) ('a' + i)).append(counts[i]);
        System.out.println(sb);
    }
}
