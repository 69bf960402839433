#include "testing.h"

#include <stdlib.h>

#include "arrayjit.h"
#include "util/mem.h"

int testing_failed_checks, testing_passed, testing_failed;

/* A test passes when no EXPECT failed and it freed everything it allocated
 * through the library's allocator. */
void testing_run(const char *name, void (*fn)(void)) {
    const char *only = getenv("AJ_TEST_ONLY");
    if (only && *only && !strstr(name, only)) return;
    int before = testing_failed_checks;
    size_t live = mem_live_bytes();
    fn();
    if (mem_live_bytes() != live) {
        fprintf(stderr, "%s: leaked %zu bytes\n", name, mem_live_bytes() - live);
        testing_failed_checks++;
    }
    if (testing_failed_checks == before) {
        testing_passed++;
    } else {
        testing_failed++;
        fprintf(stderr, "FAIL %s\n", name);
    }
}

int testing_done(void) {
    printf("%d passed, %d failed\n", testing_passed, testing_failed);
    return testing_failed != 0;
}

const char *testing_suite_dir(void) {
    static char buf[4096];
    const char *env = getenv("AJ_CONFORMANCE_DIR");
    if (env && *env) return env;
    const char *data = getenv("AJ_TEST_DATA");
    snprintf(buf, sizeof buf, "%s/../../shared/conformance/stablehlo", data ? data : "tests");
    return buf;
}

char *testing_read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf) buf[n] = 0;
    *len = n > 0 ? (size_t)n : 0;
    return buf;
}

uint64_t testing_random(uint64_t *state) {
    uint64_t x = *state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *state = x;
}

/* One run of a cap sweep under `cap` bytes beyond `start`: 1 on a wrong
 * outcome (printed), else 0; *refused says where the first refusal was. */
static int capped_run(const char *name, int (*workload)(void *), void *ctx, size_t start, size_t cap,
                      int *outcome, size_t *refused) {
    mem_fail_above(start + cap);
    *outcome = workload(ctx);
    *refused = mem_first_refused();
    mem_fail_above(0);
    int wrong = 0;
    if (*outcome != TESTING_DONE && (*outcome != TESTING_NOMEM || !*refused)) {
        fprintf(stderr, "%s: cap %zu: outcome %d, %s allocation refused\n", name, cap, *outcome,
                *refused ? "an" : "no");
        wrong = 1;
    }
    if (mem_live_bytes() != start) {
        fprintf(stderr, "%s: cap %zu: leaked %zu bytes\n", name, cap, mem_live_bytes() - start);
        wrong = 1;
    }
    return wrong;
}

int testing_cap_sweep(const char *name, int (*workload)(void *ctx), void *ctx, int fine) {
    size_t start = mem_live_bytes(), cap = 1;
    int runs = 0, failures = 0;
    for (;; runs++) {
        int outcome;
        size_t refused;
        if (capped_run(name, workload, ctx, start, cap, &outcome, &refused)) {
            testing_failed_checks++;
            break;
        }
        failures += outcome == TESTING_NOMEM;
        if (!refused) break;
        size_t next = refused - start;  /* > cap: where the first refusal fits */
        if (fine > 0 && next < cap + cap / (size_t)fine) next = cap + cap / (size_t)fine;
        cap = next;
    }
    printf("%s: %d byte caps, %d failed cleanly\n", name, runs + 1, failures);
    return failures;
}

int testing_api_nomem(int st, const char *where) {
    if (st == AJ_ERR_NOMEM && strstr(aj_last_error(), "out of memory")) return TESTING_NOMEM;
    fprintf(stderr, "%s: status %d, expected out of memory: %s\n", where, st, aj_last_error());
    return -1;
}
