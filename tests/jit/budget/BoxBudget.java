import java.util.HashMap;
import java.util.Map;

/** Boxes and small objects allocated in tier 2's code (b17): Long and
 *  Integer.valueOf inlined (their invokes of Long.<init>, Number.<init>,
 *  Object.<init> still tick; a cached box takes none of them), a `new`
 *  inside an inlined callee whose slow path runs on the inlined frames,
 *  a class first initialized there, and enough garbage from the
 *  inlined `new` that the collector runs there (charged by the heap in use and 16 per Java frame: the
 *  inlined frames are pushed while a slow path collects, as the
 *  interpreter's are). */
public class BoxBudget {
    static final class Cell {
        long v;
        Cell(long v) { this.v = v; }
    }

    static final class Late {
        static long seen;
        static { seen = 7; }
        final long v;
        Late(long v) { this.v = v; seen++; }
    }

    static Cell cell(long v) { return new Cell(v); }

    static Late late(long v) { return new Late(v); }

    /* (per packet: compiled again after its 256th call, when the boxes'
     * constant-pool entries are resolved and valueOf inlines) */
    static long step(Map<Long, Integer> counts, int i, int n) {
        long k = (i & 3) == 0 ? i % 100 : 100000L + i % 700;
        Integer c = counts.get(k);
        if (c == null) counts.put(k, 1);
        long s = c == null ? 0 : c;
        s += cell(k).v;
        if (i == n / 2) s += late(i).v;
        for (int j = 0; j < 48; j++) s += cell(j).v;   /* garbage: collections in cell's slow path */
        return s;
    }

    static long run(int n) {
        Map<Long, Integer> counts = new HashMap<>();
        long s = 0;
        for (int i = 0; i < n; i++) s += step(counts, i, n);
        return s + counts.size() + Late.seen;
    }

    public static void main(String[] args) {
        System.out.println("boxes " + run(10000));
    }
}
