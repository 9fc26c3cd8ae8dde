// Many thrown and caught exceptions (allocation, unwinding through frames, handler search).
public class ExceptionsInLoop {
    static class Skip extends RuntimeException {
        final int v;
        Skip(int v) { this.v = v; }
    }
    static int check(int i) {
        if (i % 7 == 0) throw new Skip(i);
        if (i % 11 == 0) throw new IllegalArgumentException("bad " + i);
        return i;
    }
    static int layer(int i, int depth) {
        if (depth == 0) return check(i);
        try {
            return layer(i, depth - 1) + 1;
        } finally {
            counter++;
        }
    }
    static long counter;
    public static void main(String[] args) {
        long ok = 0, skipped = 0, bad = 0;
        for (int i = 0; i < 200000; i++) {
            try {
                ok += layer(i, i % 5);
            } catch (Skip s) {
                skipped += s.v;
            } catch (IllegalArgumentException e) {
                bad += e.getMessage().length();
            }
        }
        System.out.println(ok + " " + skipped + " " + bad + " " + counter);
    }
}
