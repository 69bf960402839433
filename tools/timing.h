/* timing.h: clocks and medians for the CLI, the demo and the benchmarks
 * (header-only: each is a separate program linked to the library alone). */
#ifndef TIMING_H
#define TIMING_H
#include <stdlib.h>
#include <time.h>

/* Seconds on the monotonic clock (wall time). */
static inline double timing_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Seconds of this process's CPU time (one-threaded code on a shared machine:
 * other work does not count). */
static inline double timing_cpu_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static inline int timing_compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median of xs[0 .. n) (sorts them); n > 0. */
static inline double timing_median(double *xs, int n) {
    qsort(xs, (size_t)n, sizeof *xs, timing_compare);
    return n % 2 ? xs[n / 2] : 0.5 * (xs[n / 2 - 1] + xs[n / 2]);
}
#endif
