/* testing: a tiny harness. Each test file defines tests with TEST(name),
 * lists them in main via RUN(name), and ends with TESTS_DONE(), which prints
 * "N passed, N failed" and returns nonzero on any failure. */
#ifndef TESTING_H
#define TESTING_H
#include <stdint.h>
#include <stdio.h>
#include <string.h>

extern int testing_failed_checks;
extern int testing_passed, testing_failed;

#define TEST(name) static void name(void)
#define EXPECT(cond) do { if (!(cond)) { \
    fprintf(stderr, "%s:%d: expected %s\n", __FILE__, __LINE__, #cond); \
    testing_failed_checks++; } } while (0)
#define EXPECT_EQ_INT(a, b) do { long long a_ = (long long)(a), b_ = (long long)(b); if (a_ != b_) { \
    fprintf(stderr, "%s:%d: %s == %lld, expected %lld\n", __FILE__, __LINE__, #a, a_, b_); \
    testing_failed_checks++; } } while (0)
#define EXPECT_CONTAINS(haystack, needle) do { const char *h_ = (haystack); if (!h_ || !strstr(h_, (needle))) { \
    fprintf(stderr, "%s:%d: \"%s\" does not contain \"%s\"\n", __FILE__, __LINE__, h_ ? h_ : "(null)", (needle)); \
    testing_failed_checks++; } } while (0)
#define RUN(name) testing_run(#name, name)
#define TESTS_DONE() testing_done()

/* Runs test fn, counting it passed or failed; with $AJ_TEST_ONLY set, only
 * the tests whose names contain it run. */
void testing_run(const char *name, void (*fn)(void));

/* The StableHLO conformance suite: $AJ_CONFORMANCE_DIR (CMake passes its
 * setting), else ../shared/conformance/stablehlo beside the repository
 * ($AJ_TEST_DATA is <repo>/tests). It may be absent: callers check. */
const char *testing_suite_dir(void);
/* A whole file, NUL-terminated, from malloc (not the library's allocator, so
 * that leak checks see only the library's bytes); NULL if unreadable. */
char *testing_read_file(const char *path, size_t *len);
int testing_done(void);
/* What a workload tells testing_cap_sweep: it succeeded and checked its
 * results, or it failed with a clear out-of-memory error (it checked the
 * message); any other value is a wrong outcome the workload has printed. */
enum { TESTING_DONE = 0, TESTING_NOMEM = 1 };

/* Runs workload(ctx) under byte caps (mem_fail_above), each counted from the
 * live bytes at the start: from 1 byte up, each next cap the bytes at which
 * the previous run's first refused allocation fits, so that every run gets
 * past one more point where the allocation sequence changes (with fine = 0:
 * every such cap), or with fine > 0 at least 1 + 1/fine times the previous
 * cap (a geometric sweep for costly workloads, exhaustive while caps are
 * small). It stops after a run in which nothing was refused. Every run must
 * succeed or give TESTING_NOMEM with an allocation refused, and free all it
 * allocated. Prints the number of caps tried; returns how many failed. */
int testing_cap_sweep(const char *name, int (*workload)(void *ctx), void *ctx, int fine);
/* TESTING_NOMEM when st is AJ_ERR_NOMEM and aj_last_error() says "out of
 * memory"; else prints what it got (with where) and returns -1. */
int testing_api_nomem(int st, const char *where);

/* xorshift64: the next pseudo-random number of the sequence *state (nonzero)
 * holds; fixed seeds give the same inputs on every machine. */
uint64_t testing_random(uint64_t *state);
#endif
