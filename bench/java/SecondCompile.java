/* SecondCompile.java - runs a benchmark's main after a compile of its own,
 * so that none of the benchmark's methods is the process's first compile:
 *
 *     vifvm --stats -cp build/bench/classes SecondCompile Sieve 200
 *
 * The first compile of a process runs the compiler's code for the first
 * time (cold instruction cache, branch predictors, TLB) and costs about
 * 30 us more than the same compile later (bench/README.md, "The first
 * compile of a process"); bench/compile_cost.sh reports Sieve's methods
 * both ways.  Not a benchmark of its own (bench/run.sh does not run it). */
public class SecondCompile {
    static int warm(int n) {
        int s = 0;
        for (int i = 0; i < n; i++)
            s += i * i;
        return s;
    }

    public static void main(String[] args) {
        if (warm(10) != 285) throw new AssertionError("warm");
        String[] rest = new String[args.length > 0 ? args.length - 1 : 0];
        for (int i = 0; i < rest.length; i++)
            rest[i] = args[i + 1];
        String name = args.length > 0 ? args[0] : "";
        if (name.equals("Sieve")) Sieve.main(rest);
        else if (name.equals("PacketClassify")) PacketClassify.main(rest);
        else if (name.equals("ObjectSort")) ObjectSort.main(rest);
        else throw new IllegalArgumentException("usage: SecondCompile Sieve|PacketClassify|ObjectSort [args]");
    }
}
