/* ObjectSort.java - object handling benchmark (after the VEE'08 paper's
 * "Object sort"): each round creates an Object[] of 1000 small objects (an
 * int key and a long payload), merge-sorts it with a sort written here
 * (checkcast + invokeinterface compareTo on every comparison, object array
 * loads and stores), checks that it is sorted and folds the payloads into a
 * checksum.  Argument 0: rounds (default 300).  Prints the checksum, then
 * "time_ms N" for the timed part after a warm-up of a tenth of the rounds.
 * The C twin is bench/c/objectsort.c. */
interface Ordered {
    int compareTo(Ordered o);
}

final class Item implements Ordered {
    final int key;
    final long payload;

    Item(int key, long payload) {
        this.key = key;
        this.payload = payload;
    }

    public int compareTo(Ordered o) {
        Item x = (Item) o;
        return key < x.key ? -1 : (key == x.key ? 0 : 1);
    }
}

public class ObjectSort {
    static final int N = 1000;
    static int seed = 12345;

    static int nextRand() {
        seed = seed * 1103515245 + 12345;
        return (seed >>> 8) & 0xFFFFF;
    }

    static Object[] make(int n, int round) {
        Object[] a = new Object[n];
        for (int i = 0; i < n; i++) {
            int k = nextRand();
            a[i] = new Item(k, (long) k * 2654435761L + ((long) round << 20) + i);
        }
        return a;
    }

    static void insertionSort(Object[] a, int lo, int hi) {
        for (int i = lo + 1; i < hi; i++) {
            Object x = a[i];
            int j = i - 1;
            while (j >= lo && ((Ordered) a[j]).compareTo((Ordered) x) > 0) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = x;
        }
    }

    static void mergeSort(Object[] a, Object[] tmp, int lo, int hi) {
        if (hi - lo <= 8) {
            insertionSort(a, lo, hi);
            return;
        }
        int mid = (lo + hi) >>> 1;
        mergeSort(a, tmp, lo, mid);
        mergeSort(a, tmp, mid, hi);
        int i = lo, j = mid, k = lo;
        while (i < mid && j < hi) {
            if (((Ordered) a[j]).compareTo((Ordered) a[i]) < 0)
                tmp[k++] = a[j++];
            else
                tmp[k++] = a[i++];
        }
        while (i < mid)
            tmp[k++] = a[i++];
        while (j < hi)
            tmp[k++] = a[j++];
        for (k = lo; k < hi; k++)
            a[k] = tmp[k];
    }

    static boolean isSorted(Object[] a) {
        for (int i = 1; i < a.length; i++)
            if (((Ordered) a[i - 1]).compareTo((Ordered) a[i]) > 0)
                return false;
        return true;
    }

    static long run(int rounds) {
        long h = 0;
        for (int r = 0; r < rounds; r++) {
            Object[] a = make(N, r);
            Object[] tmp = new Object[N];
            mergeSort(a, tmp, 0, N);
            if (!isSorted(a))
                throw new RuntimeException("not sorted");
            for (int i = 0; i < N; i++)
                h = h * 31 + ((Item) a[i]).payload;
        }
        return h;
    }

    static String ms(long ns) {
        long us = ns / 1000;
        long frac = us % 1000;
        return (us / 1000) + "." + (frac < 100 ? (frac < 10 ? "00" : "0") : "") + frac;
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 300;
        run(rounds / 10 + 1);                             /* warm-up */
        seed = 12345;
        long t0 = System.nanoTime();
        long h = run(rounds);
        long t1 = System.nanoTime();
        System.out.println("ObjectSort: objects " + N + " rounds " + rounds + " checksum " + h);
        System.out.println("time_ms " + ms(t1 - t0));
    }
}
