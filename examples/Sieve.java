// examples/Sieve.java - the bundled example: a Sieve of Eratosthenes.
// Build and run:  javac --release 8 -d build/examples examples/Sieve.java
//                 build/release/vifvm -cp build/examples Sieve
public class Sieve {
    public static void main(String[] args) {
        int limit = 1000000;
        boolean[] composite = new boolean[limit + 1];
        int count = 0;
        for (int i = 2; i <= limit; i++) {
            if (composite[i]) continue;
            count++;
            for (long j = (long) i * i; j <= limit; j += i) composite[(int) j] = true;
        }
        System.out.println("primes up to " + limit + ": " + count);
        StringBuilder first = new StringBuilder();
        int shown = 0;
        for (int i = 2; shown < 10; i++) {
            if (!composite[i]) { first.append(shown == 0 ? "" : " ").append(i); shown++; }
        }
        System.out.println("first ten: " + first);
        int largest = limit;
        while (composite[largest]) largest--;
        System.out.println("largest: " + largest);
    }
}
