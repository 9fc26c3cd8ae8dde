// A large live set (hash map of 100,000 entries) survives many collections while garbage churns around it.
import java.util.HashMap;
import java.util.Map;

public class GCLiveSet {
    static final class Rec {
        final int key;
        final String name;
        final long[] data;
        Rec(int key) { this.key = key; this.name = "rec" + key; this.data = new long[] {key, (long) key * key}; }
    }
    public static void main(String[] args) {
        Map<Integer, Rec> live = new HashMap<Integer, Rec>();
        for (int i = 0; i < 100000; i++) live.put(i, new Rec(i));
        long garbage = 0;
        for (int round = 0; round < 30; round++) {
            for (int i = 0; i < 100000; i++) {
                Rec tmp = new Rec(i + round);
                garbage += tmp.name.length();
            }
            for (int i = round; i < 100000; i += 97) live.put(i, new Rec(i + 1000000));   // replace some
        }
        long check = 0;
        int bad = 0;
        for (int i = 0; i < 100000; i++) {
            Rec r = live.get(i);
            if (r.data[0] != r.key || r.data[1] != (long) r.key * r.key || !r.name.equals("rec" + r.key)) bad++;
            check += r.key;
        }
        System.out.println("size " + live.size() + " bad " + bad + " check " + check + " garbage " + garbage);
    }
}
