/* Sieve.java - the classic BYTEmark/Caffeine Eratosthenes sieve on 8192
 * boolean flags, repeated a fixed number of times (argument 0, default
 * 2000).  Prints the prime count of one pass, then the measured time of the
 * timed part ("time_ms N") after a warm-up of a tenth of the iterations.
 * The C twin is bench/c/sieve.c; outputs match line for line except time. */
public class Sieve {
    static final int SIZE = 8192;

    static int sieve(boolean[] flags) {
        int count = 0;
        for (int i = 0; i < SIZE; i++)
            flags[i] = true;
        for (int i = 0; i < SIZE; i++) {
            if (flags[i]) {
                int prime = i + i + 3;
                for (int k = i + prime; k < SIZE; k += prime)
                    flags[k] = false;
                count++;
            }
        }
        return count;
    }

    static int run(int iterations) {
        boolean[] flags = new boolean[SIZE];
        int count = 0;
        for (int it = 0; it < iterations; it++)
            count = sieve(flags);
        return count;
    }

    static String ms(long ns) {
        long us = ns / 1000;
        long frac = us % 1000;
        return (us / 1000) + "." + (frac < 100 ? (frac < 10 ? "00" : "0") : "") + frac;
    }

    public static void main(String[] args) {
        int iterations = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        run(iterations / 10 + 1);                         /* warm-up */
        long t0 = System.nanoTime();
        int count = run(iterations);
        long t1 = System.nanoTime();
        System.out.println("Sieve: size " + SIZE + " iterations " + iterations + " primes " + count);
        System.out.println("time_ms " + ms(t1 - t0));
    }
}
