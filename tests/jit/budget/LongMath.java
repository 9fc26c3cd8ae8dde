// Math.min/max turned into a compare and cmov (MINMAX) still tick their
// invoke, at the call as the interpreter does; with long fields, long[]
// elements, long locals in registers, division by constants and dup2 on
// the JIT's virtual stack around them (which tick nothing themselves).
public class LongMath {
    long tokens = 5;
    final long[] hist = new long[8];

    public static void main(String[] args) {
        LongMath m = new LongMath();
        long acc = 0;
        for (int i = 0; i < 300; i++) {
            acc = Math.max(acc, i * 7L) + Math.min(i, 5);
            m.tokens = Math.min(m.tokens + acc / 3, 1000);
            m.hist[(int) (acc % 7)]++;
        }
        System.out.println(acc + " " + m.tokens + " " + m.hist[3]);
    }
}
