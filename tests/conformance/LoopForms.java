// Loop shapes: for, while, do-while, labeled break/continue, enhanced for over arrays and lists, empty bodies.
import java.util.ArrayList;
import java.util.List;

public class LoopForms {
    public static void main(String[] args) {
        int a = 0;
        for (int i = 0, j = 10; i < j; i++, j--) a += i * j;
        System.out.println("for2 " + a);
        int w = 100, steps = 0;
        while (w != 1) { w = w % 2 == 0 ? w / 2 : 3 * w + 1; steps++; }
        System.out.println("while " + steps);
        int d = 0;
        do { d++; } while (d < 0);
        System.out.println("do-while once " + d);
        StringBuilder sb = new StringBuilder();
        outer:
        for (int i = 0; i < 10; i++) {
            inner:
            for (int j = 0; j < 10; j++) {
                if (j > i) continue outer;
                if ((i + j) % 4 == 3) continue inner;
                if (i * j > 30) break outer;
                sb.append(i).append(j).append(' ');
            }
        }
        System.out.println(sb);
        int found = -1;
        search:
        {
            for (int i = 0; i < 100; i++) {
                if (i * i > 500) { found = i; break search; }
            }
            found = -2;
        }
        System.out.println("found " + found);
        int k = 0;
        for (;;) { if (++k > 5) break; }
        System.out.println("infinite-for " + k);
        int e = 0;
        while (e++ < 10) ;
        System.out.println("empty body " + e);
        List<String> list = new ArrayList<String>();
        for (char c = 'a'; c <= 'e'; c++) list.add("" + c + c);
        String cat = "";
        for (String s : list) cat += s;
        System.out.println(cat);
        int[][] m = {{1, 2}, {3, 4, 5}, {}};
        int total = 0;
        for (int[] row : m) for (int v : row) total += v;
        System.out.println("nested foreach " + total);
        long big = 0;
        for (long i = Integer.MAX_VALUE - 5L; i <= Integer.MAX_VALUE + 5L; i++) big += i;
        System.out.println("long counter " + big);
        int count = 0;
        for (int i = Integer.MAX_VALUE - 3; i > 0 && count < 100; i++) count++;
        System.out.println("overflowing counter stops " + count);
        byte bcount = 0;
        int iters = 0;
        for (byte b = 120; b > 0; b++) { iters++; bcount = b; }
        System.out.println("byte loop " + iters + " last " + bcount);
    }
}
