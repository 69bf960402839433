#include "testing.h"

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
