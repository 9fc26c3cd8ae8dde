// Seed for tests/malformed/gen_malformed.c: a tiny valid program whose
// compiled form (javac --release 17) is mutated into malformed classes.
// Keep it small but rich in instruction kinds: every mutation finds what it
// needs by searching the constant pool and the code, not by offsets.
public class Seed implements Runnable {
    static final int K = 7;
    static long total = 3L;
    int field;
    double d;

    public void run() {
        field++;
    }

    static int pick(int x) {
        switch (x) {
            case 0: return 10;
            case 1: return 11;
            case 2: return 12;
            default: return -1;
        }
    }

    static int sparse(int x) {
        switch (x) {
            case -5: return 1;
            case 100: return 2;
            case 9999: return 3;
            default: return 0;
        }
    }

    static int guarded(String s) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    public static void main(String[] args) {
        Seed s = new Seed();
        Runnable r = s;
        r.run();
        int[][] grid = new int[2][3];
        Object[] objs = new Object[1];
        long acc = total + s.field + pick(1) + sparse(100) + guarded("12")
                + grid.length + objs.length;
        double dd = 1.5e300;
        for (int i = 0; i < 3; i++) {
            acc += i;
        }
        if (args instanceof Object) {
            acc += 200;
        }
        acc += K;
        System.out.println("seed ok " + acc + " " + (dd > 1));
    }
}
