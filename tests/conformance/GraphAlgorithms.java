// BFS with ArrayDeque, union-find with path compression, and Kahn's topological sort on generated graphs.
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

public class GraphAlgorithms {
    static int[] parent, rank;
    static int find(int x) { while (parent[x] != x) { parent[x] = parent[parent[x]]; x = parent[x]; } return x; }
    static boolean union(int a, int b) {
        int ra = find(a), rb = find(b);
        if (ra == rb) return false;
        if (rank[ra] < rank[rb]) { int t = ra; ra = rb; rb = t; }
        parent[rb] = ra;
        if (rank[ra] == rank[rb]) rank[ra]++;
        return true;
    }
    public static void main(String[] args) {
        int n = 5000;
        List<List<Integer>> adj = new ArrayList<List<Integer>>();
        for (int i = 0; i < n; i++) adj.add(new ArrayList<Integer>());
        parent = new int[n]; rank = new int[n];
        for (int i = 0; i < n; i++) parent[i] = i;
        int seed = 1, components = n;
        for (int e = 0; e < 6000; e++) {
            seed = seed * 1103515245 + 12345;
            int a = (seed >>> 8) % n;
            seed = seed * 1103515245 + 12345;
            int b = (seed >>> 8) % n;
            adj.get(a).add(b); adj.get(b).add(a);
            if (union(a, b)) components--;
        }
        System.out.println("components " + components);
        int[] dist = new int[n];
        java.util.Arrays.fill(dist, -1);
        ArrayDeque<Integer> q = new ArrayDeque<Integer>();
        q.add(0); dist[0] = 0;
        int reached = 0, far = 0;
        while (!q.isEmpty()) {
            int u = q.poll();
            reached++;
            if (dist[u] > far) far = dist[u];
            for (int v : adj.get(u)) if (dist[v] < 0) { dist[v] = dist[u] + 1; q.add(v); }
        }
        System.out.println("bfs reached " + reached + " eccentricity " + far + " same component " + (reached == countRoot(0, n)));
        int m = 2000;
        List<List<Integer>> dag = new ArrayList<List<Integer>>();
        int[] indeg = new int[m];
        for (int i = 0; i < m; i++) dag.add(new ArrayList<Integer>());
        for (int i = 0; i < m; i++) for (int k = 1; k <= 3; k++) { int j = i + k * 7 + (i % 5); if (j < m) { dag.get(i).add(j); indeg[j]++; } }
        ArrayDeque<Integer> ready = new ArrayDeque<Integer>();
        for (int i = 0; i < m; i++) if (indeg[i] == 0) ready.add(i);
        int[] order = new int[m];
        int cnt = 0;
        while (!ready.isEmpty()) {
            int u = ready.removeFirst();
            order[cnt++] = u;
            for (int v : dag.get(u)) if (--indeg[v] == 0) ready.addLast(v);
        }
        long h = 0;
        for (int i = 0; i < cnt; i++) h = h * 31 + order[i];
        System.out.println("topo " + cnt + " hash " + h + " first " + order[0] + "," + order[1] + " last " + order[cnt - 1]);
    }
    static int countRoot(int x, int n) { int r = find(x), c = 0; for (int i = 0; i < n; i++) if (find(i) == r) c++; return c; }
}
