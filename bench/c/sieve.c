/* sieve.c - C twin of bench/java/Sieve.java (same algorithm, same output
 * apart from the time), compiled with gcc -O2 by bench/run.sh. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define SIZE 8192

static long long now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

__attribute__((noinline)) static int sieve(bool *flags) {
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
    static bool flags[SIZE];
    int count = 0;
    for (int it = 0; it < iterations; it++)
        count = sieve(flags);
    return count;
}

int main(int argc, char **argv) {
    int iterations = argc > 1 ? atoi(argv[1]) : 2000;
    run(iterations / 10 + 1);
    long long t0 = now_ns();
    int count = run(iterations);
    long long t1 = now_ns();
    printf("Sieve: size %d iterations %d primes %d\n", SIZE, iterations, count);
    printf("time_ms %.3f\n", (t1 - t0) / 1e6);
    return 0;
}
