// Dijkstra shortest paths on a generated weighted graph with a hand-written binary heap.
public class Dijkstra {
    static int[] heap, pos;
    static long[] dist;
    static int hsize;
    static void up(int i) {
        while (i > 0) {
            int p = (i - 1) / 2;
            if (dist[heap[p]] <= dist[heap[i]]) break;
            swap(i, p); i = p;
        }
    }
    static void down(int i) {
        while (true) {
            int l = 2 * i + 1, r = l + 1, m = i;
            if (l < hsize && dist[heap[l]] < dist[heap[m]]) m = l;
            if (r < hsize && dist[heap[r]] < dist[heap[m]]) m = r;
            if (m == i) return;
            swap(i, m); i = m;
        }
    }
    static void swap(int a, int b) { int t = heap[a]; heap[a] = heap[b]; heap[b] = t; pos[heap[a]] = a; pos[heap[b]] = b; }

    public static void main(String[] args) {
        int n = 20000, m = 100000;
        int[] head = new int[n], next = new int[m], to = new int[m], w = new int[m];
        java.util.Arrays.fill(head, -1);
        long s = 7;
        for (int e = 0; e < m; e++) {
            s = (s * 6364136223846793005L + 1) ;
            int a = (int) ((s >>> 33) % n);
            int b = e < n ? (e + 1) % n : (int) ((s >>> 13) % n);
            if (e < n) a = e;
            to[e] = b; w[e] = 1 + (int) ((s >>> 50) % 100);
            next[e] = head[a]; head[a] = e;
        }
        dist = new long[n];
        java.util.Arrays.fill(dist, Long.MAX_VALUE);
        heap = new int[n]; pos = new int[n];
        java.util.Arrays.fill(pos, -1);
        dist[0] = 0;
        heap[0] = 0; pos[0] = 0; hsize = 1;
        int settled = 0;
        while (hsize > 0) {
            int u = heap[0];
            swap(0, --hsize);
            pos[u] = -2;
            down(0);
            settled++;
            for (int e = head[u]; e != -1; e = next[e]) {
                int v = to[e];
                long nd = dist[u] + w[e];
                if (nd < dist[v]) {
                    dist[v] = nd;
                    if (pos[v] == -1) { heap[hsize] = v; pos[v] = hsize; hsize++; up(hsize - 1); }
                    else if (pos[v] >= 0) up(pos[v]);
                }
            }
        }
        long total = 0, max = 0;
        for (long d : dist) { total += d; if (d > max) max = d; }
        System.out.println("settled " + settled + " total " + total + " max " + max + " d[1]=" + dist[1] + " d[n-1]=" + dist[n - 1]);
    }
}
