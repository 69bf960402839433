#include "testing.h"

#include <stdlib.h>

#include "util/mem.h"

int testing_failed_checks, testing_passed, testing_failed;

/* A test passes when no EXPECT failed and it freed everything it allocated
 * through the library's allocator. */
void testing_run(const char *name, void (*fn)(void)) {
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
