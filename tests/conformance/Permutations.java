// Lexicographic next-permutation, Heap's algorithm, and fannkuch-redux for n = 8 (array-heavy integer work).
public class Permutations {
    static boolean nextPerm(int[] a) {
        int i = a.length - 2;
        while (i >= 0 && a[i] >= a[i + 1]) i--;
        if (i < 0) return false;
        int j = a.length - 1;
        while (a[j] <= a[i]) j--;
        int t = a[i]; a[i] = a[j]; a[j] = t;
        for (int l = i + 1, r = a.length - 1; l < r; l++, r--) { t = a[l]; a[l] = a[r]; a[r] = t; }
        return true;
    }
    static int[] fannkuch(int n) {
        int[] perm = new int[n], perm1 = new int[n], count = new int[n];
        for (int i = 0; i < n; i++) perm1[i] = i;
        int maxFlips = 0, checksum = 0, permCount = 0, r = n;
        while (true) {
            while (r != 1) { count[r - 1] = r; r--; }
            System.arraycopy(perm1, 0, perm, 0, n);
            int flips = 0, k;
            while ((k = perm[0]) != 0) {
                for (int i = 0, j = k; i < j; i++, j--) { int t = perm[i]; perm[i] = perm[j]; perm[j] = t; }
                flips++;
            }
            if (flips > maxFlips) maxFlips = flips;
            checksum += (permCount % 2 == 0) ? flips : -flips;
            while (true) {
                if (r == n) return new int[] {checksum, maxFlips};
                int p0 = perm1[0];
                for (int i = 0; i < r; i++) perm1[i] = perm1[i + 1];
                perm1[r] = p0;
                if (--count[r] > 0) break;
                r++;
            }
            permCount++;
        }
    }
    public static void main(String[] args) {
        int[] a = {1, 2, 2, 3};
        StringBuilder sb = new StringBuilder();
        do { for (int v : a) sb.append(v); sb.append(' '); } while (nextPerm(a));
        System.out.println(sb.toString().trim());
        int[] b = {0, 1, 2, 3, 4, 5, 6, 7, 8};
        int count = 1;
        long h = 0;
        while (nextPerm(b)) { count++; h = h * 31 + b[0] * 10 + b[8]; }
        System.out.println("9! = " + count + " hash " + h);
        int[] f = fannkuch(8);
        System.out.println("fannkuch(8) checksum " + f[0] + " max flips " + f[1]);
    }
}
