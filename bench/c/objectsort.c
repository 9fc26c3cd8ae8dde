/* objectsort.c - C twin of bench/java/ObjectSort.java: heap-allocated
 * records (int key, long payload) reached through an array of pointers and
 * compared through a function pointer in a per-object "vtable", so the
 * comparison is an indirect call as in Java.  Same output apart from time. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define N 1000

struct ordered;
typedef struct ordered_vt {
    int (*compare)(const struct ordered *a, const struct ordered *b);
} ordered_vt;

typedef struct ordered {
    const ordered_vt *vt;
} ordered;

typedef struct item {
    ordered base;
    int32_t key;
    int64_t payload;
} item;

static int item_compare(const ordered *a, const ordered *b) {
    const item *x = (const item *)a, *y = (const item *)b;
    return x->key < y->key ? -1 : (x->key == y->key ? 0 : 1);
}

static const ordered_vt ITEM_VT = { item_compare };

static uint32_t seed = 12345;

static int32_t next_rand(void) {
    seed = seed * 1103515245u + 12345u;
    return (int32_t)((seed >> 8) & 0xFFFFF);
}

static long long now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static ordered **make(int n, int round) {
    ordered **a = malloc(sizeof *a * n);
    if (!a)
        abort();
    for (int i = 0; i < n; i++) {
        item *it = malloc(sizeof *it);
        if (!it)
            abort();
        int32_t k = next_rand();
        it->base.vt = &ITEM_VT;
        it->key = k;
        it->payload = (int64_t)((uint64_t)k * 2654435761ULL + ((uint64_t)round << 20) + (uint64_t)i);
        a[i] = &it->base;
    }
    return a;
}

static void insertion_sort(ordered **a, int lo, int hi) {
    for (int i = lo + 1; i < hi; i++) {
        ordered *x = a[i];
        int j = i - 1;
        while (j >= lo && a[j]->vt->compare(a[j], x) > 0) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = x;
    }
}

static void merge_sort(ordered **a, ordered **tmp, int lo, int hi) {
    if (hi - lo <= 8) {
        insertion_sort(a, lo, hi);
        return;
    }
    int mid = (int)((unsigned)(lo + hi) >> 1);
    merge_sort(a, tmp, lo, mid);
    merge_sort(a, tmp, mid, hi);
    int i = lo, j = mid, k = lo;
    while (i < mid && j < hi) {
        if (a[j]->vt->compare(a[j], a[i]) < 0)
            tmp[k++] = a[j++];
        else
            tmp[k++] = a[i++];
    }
    while (i < mid)
        tmp[k++] = a[i++];
    while (j < hi)
        tmp[k++] = a[j++];
    for (k = lo; k < hi; k++)
        a[k] = tmp[k];
}

static int is_sorted(ordered **a, int n) {
    for (int i = 1; i < n; i++)
        if (a[i - 1]->vt->compare(a[i - 1], a[i]) > 0)
            return 0;
    return 1;
}

static uint64_t run(int rounds) {
    uint64_t h = 0;
    for (int r = 0; r < rounds; r++) {
        ordered **a = make(N, r);
        ordered **tmp = malloc(sizeof *tmp * N);
        if (!tmp)
            abort();
        merge_sort(a, tmp, 0, N);
        if (!is_sorted(a, N)) {
            fprintf(stderr, "not sorted\n");
            exit(1);
        }
        for (int i = 0; i < N; i++)
            h = h * 31 + (uint64_t)((item *)a[i])->payload;
        for (int i = 0; i < N; i++)
            free(a[i]);
        free(a);
        free(tmp);
    }
    return h;
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 300;
    run(rounds / 10 + 1);
    seed = 12345;
    long long t0 = now_ns();
    uint64_t h = run(rounds);
    long long t1 = now_ns();
    printf("ObjectSort: objects %d rounds %d checksum %lld\n", N, rounds, (long long)h);
    printf("time_ms %.3f\n", (t1 - t0) / 1e6);
    return 0;
}
