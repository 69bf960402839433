/* arrayjit: the command line. A client of include/arrayjit.h alone, so that
 * everything it does a C user can do too.
 *
 *   arrayjit check [--eval] PATH...     run .mlir programs that carry checks
 *   arrayjit run FILE.mlir [--input x.npy]... [--output y.npy]...
 *   arrayjit print FILE.mlir             parse, verify and print the IR
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "arrayjit.h"

static int usage(void) {
    fprintf(stderr,
            "usage:\n"
            "  arrayjit check [--eval] PATH...\n"
            "      Runs .mlir files (directories are searched) whose programs carry checks,\n"
            "      under the StableHLO conformance rules. Prints FAIL lines and a summary.\n"
            "      --eval: use the reference evaluator.\n"
            "  arrayjit run FILE.mlir [--func NAME] [--input X.npy]... [--output Y.npy]...\n"
            "      Runs a function (default main) on .npy inputs; writes .npy outputs, or\n"
            "      prints them when no --output is given.\n"
            "  arrayjit print FILE.mlir\n"
            "      Parses and verifies a program and prints its IR.\n");
    return 2;
}

/* ---- check ---- */

typedef struct {
    aj_check_options opts;
    int passed, failed, skipped;
} check_tally;

static int has_suffix(const char *s, const char *suffix) {
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

static void check_one(check_tally *t, const char *path) {
    aj_check_result r;
    if (aj_check_file(path, &t->opts, &r) != AJ_OK) {
        printf("FAIL %s: %s\n", path, aj_last_error());
        t->failed++;
    } else if (r.outcome == AJ_CHECK_PASS) {
        t->passed++;
    } else if (r.outcome == AJ_CHECK_SKIP) {
        printf("SKIP %s: %s\n", path, r.reason);
        t->skipped++;
    } else {
        printf("FAIL %s: %s\n", path, r.reason);
        t->failed++;
    }
    fflush(stdout);
}

static int compare_names(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Checks every .mlir file under dir, in name order. */
static void check_dir(check_tally *t, const char *dir) {
    DIR *d = opendir(dir);
    if (!d) {
        printf("FAIL %s: cannot open directory\n", dir);
        t->failed++;
        return;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 64;
            char **bigger = realloc(names, cap * sizeof *names);
            if (!bigger) break;
            names = bigger;
        }
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        if (!(names[n] = malloc(len))) break;
        snprintf(names[n++], len, "%s/%s", dir, e->d_name);
    }
    closedir(d);
    if (n) qsort(names, n, sizeof *names, compare_names);
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        if (stat(names[i], &st) == 0 && S_ISDIR(st.st_mode)) check_dir(t, names[i]);
        else if (has_suffix(names[i], ".mlir")) check_one(t, names[i]);
        free(names[i]);
    }
    free(names);
}

static int cmd_check(int argc, char **argv) {
    check_tally t = {{0}, 0, 0, 0};
    int npaths = 0;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--eval") == 0) t.opts.use_eval = 1;
        else if (argv[i][0] == '-') return usage();
    }
    for (int i = 0; i < argc; i++) {
        if (argv[i][0] == '-') continue;
        npaths++;
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            printf("FAIL %s: no such file or directory\n", argv[i]);
            t.failed++;
        } else if (S_ISDIR(st.st_mode)) {
            check_dir(&t, argv[i]);
        } else {
            check_one(&t, argv[i]);
        }
    }
    if (!npaths) return usage();
    printf("%d passed, %d failed, %d skipped\n", t.passed, t.failed, t.skipped);
    return t.failed ? 1 : 0;
}

/* ---- run ---- */

static void print_array(int index, const aj_array *a) {
    printf("result %d: tensor<", index);
    for (int i = 0; i < aj_array_rank(a); i++) printf("%lldx", (long long)aj_array_dims(a)[i]);
    printf("%s> [", aj_dtype_name(aj_array_dtype(a)));
    int64_t n = aj_array_numel(a), shown = n < 16 ? n : 16;
    for (int64_t i = 0; i < shown; i++) {
        const void *p = aj_array_data(a);
        if (i) printf(", ");
        switch (aj_array_dtype(a)) {
        case AJ_F32: printf("%.9g", ((const float *)p)[i]); break;
        case AJ_F64: printf("%.17g", ((const double *)p)[i]); break;
        case AJ_I32: printf("%d", ((const int32_t *)p)[i]); break;
        case AJ_I64: printf("%lld", (long long)((const int64_t *)p)[i]); break;
        case AJ_BOOL: printf("%s", ((const uint8_t *)p)[i] ? "true" : "false"); break;
        }
    }
    printf("%s]\n", n > shown ? ", ..." : "");
}

static int fail(const char *what) {
    fprintf(stderr, "arrayjit: %s%s\n", what, aj_last_error());
    return 1;
}

static int cmd_run(int argc, char **argv) {
    const char *file = NULL, *func = "main";
    const char *inputs[64], *outputs[64];
    int nin = 0, nout_paths = 0;
    for (int i = 0; i < argc; i++) {
        int has_value = i + 1 < argc;
        if (strcmp(argv[i], "--input") == 0 && has_value && nin < 64) inputs[nin++] = argv[++i];
        else if (strcmp(argv[i], "--output") == 0 && has_value && nout_paths < 64) outputs[nout_paths++] = argv[++i];
        else if (strcmp(argv[i], "--func") == 0 && has_value) func = argv[++i];
        else if (argv[i][0] != '-' && !file) file = argv[i];
        else return usage();
    }
    if (!file) return usage();
    aj_module *m;
    if (aj_module_load(file, &m)) return fail("");
    int nparams, nresults, rc = 1;
    aj_array *in[64] = {0}, *out[64] = {0};
    if (aj_module_signature(m, func, &nparams, &nresults)) {
        fail("");
    } else if (nparams != nin) {
        fprintf(stderr, "arrayjit: %s: '%s' takes %d inputs, %d given with --input\n", file, func,
                nparams, nin);
    } else if (nout_paths && nout_paths != nresults) {
        fprintf(stderr, "arrayjit: %s: '%s' has %d results, %d --output paths given\n", file, func,
                nresults, nout_paths);
    } else if (nresults > 64) {
        fprintf(stderr, "arrayjit: %s: more than 64 results\n", file);
    } else {
        rc = 0;
        for (int i = 0; i < nin && !rc; i++)
            if (aj_array_load_npy(inputs[i], &in[i])) rc = fail("");
        if (!rc && aj_module_eval(m, func, nin, in, nresults, out, NULL)) rc = fail("");
        for (int i = 0; i < nresults && !rc; i++) {
            if (!nout_paths) print_array(i, out[i]);
            else if (aj_array_save_npy(out[i], outputs[i])) rc = fail("");
        }
        for (int i = 0; i < nresults && out[0]; i++) aj_array_destroy(out[i]);
    }
    for (int i = 0; i < nin; i++) aj_array_destroy(in[i]);
    aj_module_destroy(m);
    return rc;
}

/* ---- print ---- */

static int cmd_print(int argc, char **argv) {
    if (argc != 1) return usage();
    aj_module *m;
    if (aj_module_load(argv[0], &m)) return fail("");
    int rc = aj_module_print(m, stdout) ? fail("") : 0;
    aj_module_destroy(m);
    return rc;
}

int main(int argc, char **argv) {
    if (argc < 2) return usage();
    if (strcmp(argv[1], "check") == 0) return cmd_check(argc - 2, argv + 2);
    if (strcmp(argv[1], "run") == 0) return cmd_run(argc - 2, argv + 2);
    if (strcmp(argv[1], "print") == 0) return cmd_print(argc - 2, argv + 2);
    return usage();
}
