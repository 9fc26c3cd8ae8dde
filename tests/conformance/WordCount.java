// String-heavy word count over generated text: split, lower-case, HashMap counting, sort by count then word.
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

public class WordCount {
    static final String[] VOCAB = {"packet", "kernel", "java", "virtual", "machine", "queue", "flow", "the", "a", "of",
        "interpreter", "compiler", "garbage", "collector", "viflet", "network", "filter", "table", "hash", "byte"};
    public static void main(String[] args) {
        StringBuilder text = new StringBuilder();
        long seed = 99;
        for (int i = 0; i < 60000; i++) {
            seed = (seed * 25214903917L + 11) & ((1L << 48) - 1);
            int r = (int) (seed >>> 17);
            String w = VOCAB[(r % VOCAB.length + (r >>> 8) % 5) % VOCAB.length];
            if ((r & 7) == 0) w = Character.toUpperCase(w.charAt(0)) + w.substring(1);
            text.append(w);
            text.append((r & 31) == 0 ? ". " : ((r & 63) == 1 ? ",\n" : " "));
        }
        String[] tokens = text.toString().replace('\n', ' ').split(" ");
        final Map<String, Integer> counts = new HashMap<String, Integer>();
        int words = 0;
        for (String tok : tokens) {
            String w = tok.toLowerCase();
            while (w.endsWith(".") || w.endsWith(",")) w = w.substring(0, w.length() - 1);
            if (w.isEmpty()) continue;
            words++;
            Integer c = counts.get(w);
            counts.put(w, c == null ? 1 : c + 1);
        }
        List<String> keys = new ArrayList<String>(counts.keySet());
        Collections.sort(keys, new Comparator<String>() {
            public int compare(String a, String b) {
                int d = counts.get(b) - counts.get(a);
                return d != 0 ? d : a.compareTo(b);
            }
        });
        System.out.println("chars " + text.length() + " words " + words + " distinct " + keys.size());
        for (String k : keys) System.out.println(k + " " + counts.get(k));
        int longest = 0;
        String lw = "";
        for (String k : keys) if (k.length() > longest) { longest = k.length(); lw = k; }
        System.out.println("longest " + lw);
    }
}
