/* clock: seconds on the monotonic clock, for the library's own measures
 * (compile time, the deadlines of runs with a timeout). Header-only. */
#ifndef UTIL_CLOCK_H
#define UTIL_CLOCK_H
#include <time.h>

static inline double clock_now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
#endif
