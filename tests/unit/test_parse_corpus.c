/* test_parse_corpus: parses every .mlir file of the StableHLO conformance
 * suite. Each file must parse, or fail with a message that starts with
 * "path:line:col: "; every tier-1 file (TIERS.tsv) must parse. Prints the
 * tally: parsed, unsupported by reason, invalid (with each message).
 *
 * The suite is found through AJ_CONFORMANCE_DIR, else next to the
 * repository (AJ_TEST_DATA/../../shared/conformance/stablehlo, or the same
 * path relative to this source file); when absent the test is skipped. */
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "front/front.h"
#include "testing.h"
#include "util/mem.h"

typedef struct strvec {
    char **v;
    size_t n, cap;
} strvec;

static void strvec_push(strvec *s, const char *str) {
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 256;
        s->v = realloc(s->v, s->cap * sizeof *s->v);
        if (!s->v) abort();
    }
    s->v[s->n] = strdup(str);
    if (!s->v[s->n++]) abort();
}

static void strvec_free(strvec *s) {
    for (size_t i = 0; i < s->n; i++) free(s->v[i]);
    free(s->v);
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static bool is_dir(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Appends every *.mlir path under dir (recursively). */
static void collect(const char *dir, strvec *out) {
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        size_t n = strlen(e->d_name);
        if (is_dir(path))
            collect(path, out);
        else if (n > 5 && strcmp(e->d_name + n - 5, ".mlir") == 0)
            strvec_push(out, path);
    }
    closedir(d);
}

/* True when msg starts with "path:LINE:COL: " (LINE, COL positive). */
static bool located(const char *msg, const char *path) {
    size_t n = strlen(path);
    if (strncmp(msg, path, n) != 0 || msg[n] != ':') return false;
    const char *c = msg + n + 1;
    for (int field = 0; field < 2; field++) {
        if (!isdigit((unsigned char)*c) || *c == '0') return false;
        while (isdigit((unsigned char)*c)) c++;
        if (*c++ != ':') return false;
    }
    return *c == ' ';
}

/* The reason of an error: the message after the location, with a quoted
 * op or type name kept (it is the interesting part of the category). */
static const char *reason_of(const char *msg) {
    const char *c = strstr(msg, ": ");
    while (c && (isdigit((unsigned char)c[-1]) == 0)) c = strstr(c + 1, ": ");
    return c ? c + 2 : msg;
}

typedef struct tally {
    char *reason;
    int count;
} tally;

static void count_reason(tally **t, int *n, const char *reason) {
    for (int i = 0; i < *n; i++)
        if (strcmp((*t)[i].reason, reason) == 0) {
            (*t)[i].count++;
            return;
        }
    *t = realloc(*t, (size_t)(*n + 1) * sizeof **t);
    if (!*t) abort();
    (*t)[*n].reason = strdup(reason);
    (*t)[(*n)++].count = 1;
}

static int cmp_tally(const void *a, const void *b) {
    const tally *x = a, *y = b;
    return x->count != y->count ? y->count - x->count : strcmp(x->reason, y->reason);
}

/* Tier-1 files from TIERS.tsv, as paths relative to the suite. */
static void read_tier1(const char *dir, strvec *out) {
    char path[4200], line[8192];
    snprintf(path, sizeof path, "%.4096s/TIERS.tsv", dir);
    FILE *f = fopen(path, "r");
    if (!f) return;
    while (fgets(line, sizeof line, f)) {
        char *tab = strchr(line, '\t');
        if (tab && strncmp(tab, "\t1\t", 3) == 0) {
            *tab = 0;
            strvec_push(out, line);
        }
    }
    fclose(f);
}

static bool is_tier1(const strvec *tier1, const char *dir, const char *path) {
    const char *rel = path + strlen(dir) + 1;
    return bsearch(&rel, tier1->v, tier1->n, sizeof *tier1->v, cmp_str) != NULL;
}

TEST(every_file_parses_or_fails_located) {
    const char *dir = testing_suite_dir();
    if (!is_dir(dir)) {
        printf("conformance suite not found, skipped\n");
        return;
    }
    strvec files = {0}, tier1 = {0};
    collect(dir, &files);
    read_tier1(dir, &tier1);
    qsort(files.v, files.n, sizeof *files.v, cmp_str);
    qsort(tier1.v, tier1.n, sizeof *tier1.v, cmp_str);
    int ok = 0, unsupported = 0, invalid = 0, tier1_seen = 0, nreasons = 0;
    tally *reasons = NULL;
    for (size_t i = 0; i < files.n; i++) {
        size_t len;
        char *text = testing_read_file(files.v[i], &len);
        EXPECT(text != NULL);
        if (!text) continue;
        ir_module **mods;
        int nmods;
        diag d = {0};
        size_t live = mem_live_bytes();
        int rc = front_parse(files.v[i], text, len, &mods, &nmods, &d);
        bool t1 = is_tier1(&tier1, dir, files.v[i]);
        tier1_seen += t1;
        if (rc == DIAG_OK) {
            ok++;
            front_free_modules(mods, nmods);
        } else {
            if (!located(d.msg, files.v[i])) {
                fprintf(stderr, "unlocated message: %s\n", d.msg);
                testing_failed_checks++;
            }
            if (rc == DIAG_UNSUPPORTED) {
                unsupported++;
                count_reason(&reasons, &nreasons, reason_of(d.msg));
            } else {
                invalid++;
                printf("invalid: %s\n", d.msg);
            }
            if (t1) {
                fprintf(stderr, "tier-1 file failed: %s\n", d.msg);
                testing_failed_checks++;
            }
        }
        if (mem_live_bytes() != live) {
            fprintf(stderr, "%s: leaked %zu bytes\n", files.v[i], mem_live_bytes() - live);
            testing_failed_checks++;
        }
        free(text);
    }
    qsort(reasons, (size_t)nreasons, sizeof *reasons, cmp_tally);
    printf("%zu files: %d parsed, %d unsupported, %d invalid; tier 1: %d files\n", files.n, ok, unsupported, invalid,
           tier1_seen);
    printf("unsupported, by reason:\n");
    for (int i = 0; i < nreasons; i++) {
        printf("  %5d  %s\n", reasons[i].count, reasons[i].reason);
        free(reasons[i].reason);
    }
    free(reasons);
    EXPECT(tier1_seen == (int)tier1.n);
    strvec_free(&files);
    strvec_free(&tier1);
}

int main(void) {
    RUN(every_file_parses_or_fails_located);
    return TESTS_DONE();
}
