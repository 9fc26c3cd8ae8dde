// An LRU cache built from a HashMap and a hand-written doubly linked list, driven by a skewed access pattern.
import java.util.HashMap;

public class LruCache {
    static final class Entry {
        final int key; String value; Entry prev, next;
        Entry(int k, String v) { key = k; value = v; }
    }
    final int capacity;
    final HashMap<Integer, Entry> map = new HashMap<Integer, Entry>();
    final Entry head = new Entry(-1, null), tail = new Entry(-1, null);
    int hits, misses, evictions;
    LruCache(int cap) { capacity = cap; head.next = tail; tail.prev = head; }
    void unlink(Entry e) { e.prev.next = e.next; e.next.prev = e.prev; }
    void pushFront(Entry e) { e.next = head.next; e.prev = head; head.next.prev = e; head.next = e; }
    String get(int key) {
        Entry e = map.get(key);
        if (e == null) {
            misses++;
            e = new Entry(key, "value" + key);
            if (map.size() == capacity) { Entry old = tail.prev; unlink(old); map.remove(old.key); evictions++; }
            map.put(key, e);
            pushFront(e);
        } else {
            hits++;
            unlink(e);
            pushFront(e);
        }
        return e.value;
    }
    public static void main(String[] args) {
        LruCache c = new LruCache(100);
        long x = 12345;
        long len = 0;
        for (int i = 0; i < 200000; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            int r = (int) (x >>> 40);
            int key = (r & 3) != 0 ? (r >>> 4) % 80 : (r >>> 4) % 5000;
            len += c.get(key).length();
        }
        System.out.println("hits " + c.hits + " misses " + c.misses + " evictions " + c.evictions + " size " + c.map.size() + " len " + len);
        StringBuilder sb = new StringBuilder();
        int k = 0;
        for (Entry e = c.head.next; e != c.tail && k < 10; e = e.next, k++) sb.append(e.key).append(' ');
        System.out.println("most recent " + sb.toString().trim());
    }
}
