/* dp_affinity.c - vifd --pin-workers: worker K's thread on one CPU, the
 * K-th (modulo their number) of the CPUs the process may run on.  Through
 * the sched_{get,set}affinity system calls on a plain mask of 1024 CPUs
 * (glibc's cpu_set_t macros need _GNU_SOURCE). */
#include "dp_affinity.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define MASK_WORDS (1024 / (8 * sizeof(unsigned long)))
#define WORD_BITS (8 * sizeof(unsigned long))

int dp_pin_thread(uint32_t k, char *err, uint32_t errlen) {
    unsigned long mask[MASK_WORDS];
    memset(mask, 0, sizeof mask);
    /* tid 0: the calling thread */
    long n = syscall(SYS_sched_getaffinity, 0, sizeof mask, mask);
    if (n < 0) {
        snprintf(err, errlen, "sched_getaffinity: %s", strerror(errno));
        return -1;
    }
    uint32_t cpus = 0;
    for (uint32_t i = 0; i < MASK_WORDS * WORD_BITS; i++)
        if (mask[i / WORD_BITS] >> (i % WORD_BITS) & 1) cpus++;
    if (cpus == 0) {
        snprintf(err, errlen, "no CPU in the affinity mask");
        return -1;
    }
    uint32_t want = k % cpus, seen = 0, cpu = 0;
    for (uint32_t i = 0; i < MASK_WORDS * WORD_BITS; i++) {
        if (!(mask[i / WORD_BITS] >> (i % WORD_BITS) & 1)) continue;
        if (seen++ == want) {
            cpu = i;
            break;
        }
    }
    unsigned long one[MASK_WORDS];
    memset(one, 0, sizeof one);
    one[cpu / WORD_BITS] = 1ul << (cpu % WORD_BITS);
    if (syscall(SYS_sched_setaffinity, 0, sizeof one, one) != 0) {
        snprintf(err, errlen, "sched_setaffinity to CPU %u: %s", cpu, strerror(errno));
        return -1;
    }
    return 0;
}
