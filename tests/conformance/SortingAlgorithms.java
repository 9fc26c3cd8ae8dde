// Quicksort, mergesort, heapsort, insertion sort and counting sort on the same pseudo-random data.
public class SortingAlgorithms {
    static void quick(int[] a, int lo, int hi) {
        while (lo < hi) {
            int p = a[(lo + hi) >>> 1], i = lo, j = hi;
            while (i <= j) {
                while (a[i] < p) i++;
                while (a[j] > p) j--;
                if (i <= j) { int t = a[i]; a[i] = a[j]; a[j] = t; i++; j--; }
            }
            if (j - lo < hi - i) { quick(a, lo, j); lo = i; } else { quick(a, i, hi); hi = j; }
        }
    }
    static void merge(int[] a, int[] tmp, int lo, int hi) {
        if (hi - lo < 2) return;
        int mid = (lo + hi) >>> 1;
        merge(a, tmp, lo, mid);
        merge(a, tmp, mid, hi);
        int i = lo, j = mid, k = lo;
        while (i < mid && j < hi) tmp[k++] = a[i] <= a[j] ? a[i++] : a[j++];
        while (i < mid) tmp[k++] = a[i++];
        while (j < hi) tmp[k++] = a[j++];
        System.arraycopy(tmp, lo, a, lo, hi - lo);
    }
    static void heap(int[] a) {
        int n = a.length;
        for (int i = n / 2 - 1; i >= 0; i--) sift(a, i, n);
        for (int end = n - 1; end > 0; end--) { int t = a[0]; a[0] = a[end]; a[end] = t; sift(a, 0, end); }
    }
    static void sift(int[] a, int i, int n) {
        while (true) {
            int l = 2 * i + 1, r = l + 1, m = i;
            if (l < n && a[l] > a[m]) m = l;
            if (r < n && a[r] > a[m]) m = r;
            if (m == i) return;
            int t = a[i]; a[i] = a[m]; a[m] = t; i = m;
        }
    }
    static void insertion(int[] a) {
        for (int i = 1; i < a.length; i++) {
            int v = a[i], j = i - 1;
            while (j >= 0 && a[j] > v) { a[j + 1] = a[j]; j--; }
            a[j + 1] = v;
        }
    }
    static int[] counting(int[] a, int max) {
        int[] cnt = new int[max + 1];
        for (int v : a) cnt[v]++;
        int[] out = new int[a.length];
        int k = 0;
        for (int v = 0; v <= max; v++) while (cnt[v]-- > 0) out[k++] = v;
        return out;
    }
    static long digest(int[] a) { long h = 0; for (int v : a) h = h * 31 + v; return h; }
    static boolean sorted(int[] a) { for (int i = 1; i < a.length; i++) if (a[i - 1] > a[i]) return false; return true; }

    public static void main(String[] args) {
        int n = 200000;
        int[] data = new int[n];
        int s = 17;
        for (int i = 0; i < n; i++) { s = s * 1103515245 + 12345; data[i] = (s >>> 8) % 100000; }
        int[] q = data.clone(); quick(q, 0, n - 1);
        int[] m = data.clone(); merge(m, new int[n], 0, n);
        int[] h = data.clone(); heap(h);
        int[] c = counting(data, 99999);
        int[] ins = new int[3000]; System.arraycopy(data, 0, ins, 0, 3000); insertion(ins);
        System.out.println(sorted(q) + " " + sorted(m) + " " + sorted(h) + " " + sorted(c) + " " + sorted(ins));
        System.out.println(digest(q) + " " + (digest(q) == digest(m)) + " " + (digest(m) == digest(h)) + " " + (digest(h) == digest(c)));
        System.out.println("min " + q[0] + " median " + q[n / 2] + " max " + q[n - 1] + " small " + ins[0] + " " + ins[2999]);
    }
}
