/* arrayjit: the command line. A client of include/arrayjit.h alone, so that
 * everything it does a C user can do too.
 *
 *   arrayjit check [--eval] PATH...     run .mlir programs that carry checks
 *   arrayjit run FILE.mlir [--grad] [--input x.npy]... [--output y.npy]...
 *   arrayjit mem FILE.mlir [--grad] [--json]   the memory analysis of the compiled program
 *   arrayjit aot FILE.mlir -o DIR        standalone C whose arena size is a constant
 *   arrayjit print FILE.mlir             parse, verify and print the IR
 *   arrayjit clear-cache                 drop the compiled-code caches
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "arrayjit.h"
#include "demo.h"
#include "timing.h"

static int usage(void) {
    fprintf(stderr,
            "usage:\n"
            "  arrayjit check [--eval] [COMPILE OPTIONS] PATH...\n"
            "      Runs .mlir files (directories are searched) whose programs carry checks,\n"
            "      under the StableHLO conformance rules. Prints FAIL lines and a summary.\n"
            "      Compiled in strict order (bit-identical to the evaluator) unless --fast;\n"
            "      --eval: use the reference evaluator instead.\n"
            "  arrayjit run FILE.mlir [--eval] [--func NAME] [--grad] [--policy=NAME] [--repeat=N]\n"
            "               [--input X.npy]... [--output Y.npy]...\n"
            "      Runs a function (default main) on .npy inputs; writes .npy outputs, or\n"
            "      prints them when no --output is given. --repeat=N: N more timed runs (median on stderr).\n"
            "  arrayjit mem FILE.mlir [--json] [--residuals] [--func NAME] [--grad] [--policy=NAME]\n"
            "               [--svg OUT.svg [--compare]] [COMPILE OPTIONS]\n"
            "      Compiles a function and prints its memory analysis; --residuals: also\n"
            "      the values the backward part saves or recomputes; --svg draws the bytes live\n"
            "      at each kernel (--compare: and at each op of an eager run) into OUT.svg.\n"
            "  arrayjit aot FILE.mlir -o DIR [--name NAME] [--func NAME] [--grad] [--policy=NAME]\n"
            "               [--main] [--no-blas] [COMPILE OPTIONS]\n"
            "      Compiles a function ahead of time into DIR/NAME.h (NAME_ARENA_BYTES, shapes,\n"
            "      NAME_run) and DIR/NAME.c (libc, libm and BLIS only, LAPACK for cholesky,\n"
            "      triangular solves, LU, QR, eigh, eig, Schur and SVD; --no-blas: no BLIS);\n"
            "      --main: also DIR/NAME_main.c, a program on .npy files. NAME: model.\n"
            "  --grad (run, mem, aot): use the gradient of the function instead (it must return one\n"
            "      float scalar) with respect to all its float parameters; run's outputs are\n"
            "      the gradients.\n"
            "  --policy=NAME (run, mem): the forward part of the gradient (--grad, or a JAX\n"
            "      value_and_grad export) as one checkpoint region with policy\n"
            "      everything_saveable, nothing_saveable, dots_saveable or\n"
            "      dots_with_no_batch_dims_saveable.\n"
            "  arrayjit demo [--svg OUT.svg]\n"
            "      Trains a small model on built-in data and prints the memory story:\n"
            "      eager, compiled, compiled with grad, and with grad under a memory budget.\n"
            "  arrayjit print FILE.mlir\n"
            "      Parses and verifies a program and prints its IR.\n"
            "  arrayjit clear-cache [--cache-dir=DIR]\n"
            "      Drops the compiled-code caches (in memory and on disk).\n"
            "compile options:\n"
            "  --strict / --fast     reductions and math exactly as the evaluator / reassociated\n"
            "  --no-fusion           one op per kernel\n"
            "  --threads=N           threads the big kernels split over\n"
            "  --dump-after=STAGE    print what STAGE made to stderr: the IR after inline, fold,\n"
            "                        simplify, cse, loops, remat, widen_dots, split_reductions, dce,\n"
            "                        strip_barriers, fuse, schedule; regions (sub-programs),\n"
            "                        contract, plan,\n"
            "                        build (the C source), measure; or all\n"
            "  --no-cache            neither read nor write the disk cache\n"
            "  --cache-dir=DIR       the disk cache (default $XDG_CACHE_HOME/arrayjit)\n"
            "  --clear-cache         clear both caches first\n"
            "  --cc=CC --cflags=FLAGS  the C compiler and its flags\n"
            "  --donate=LIST         arguments (0,2-4) whose buffers outputs may reuse\n"
            "  --strict-donation     a donation that cannot be used is an error\n"
            "  --budget=BYTES        peak memory cap (suffix K, M or G: 2^10, 2^20, 2^30); the\n"
            "                        backward part of a gradient recomputes to fit\n"
            "  --timeout=SECONDS     (run, check; compiled or --eval) a while loop still running\n"
            "                        after SECONDS fails the run, naming the loop\n"
            "environment:\n"
            "  ARRAYJIT_THREADS=N    threads where --threads is not given (default: every core)\n"
            "  XDG_CACHE_HOME        the disk cache lives in $XDG_CACHE_HOME/arrayjit (else\n"
            "                        ~/.cache/arrayjit; --cache-dir overrides both)\n"
            "  TMPDIR                where sources are compiled (default /tmp)\n"
            "  ARRAYJIT_ALLOCATOR=pool|system   the allocator (default pool; system: malloc)\n"
            "  ARRAYJIT_PREALLOCATE=BYTES       reserve memory up front (K, M, G suffixes)\n"
            "  ARRAYJIT_MEM_FRACTION=F          or that fraction of physical memory\n"
            "  BLIS_ARCH_TYPE        BLIS's kernels; unset, the skx ones where the CPU has AVX-512\n");
    return 2;
}

/* "--donate=0,2-4": the arguments whose buffers outputs may reuse. */
static int parse_donations(const char *list, aj_compile_options *o) {
    while (*list) {
        char *end;
        long first = strtol(list, &end, 10), last = first;
        if (end == list || first < 0 || first > 63) return -1;
        if (*end == '-') {
            list = end + 1;
            last = strtol(list, &end, 10);
            if (end == list || last < first || last > 63) return -1;
        }
        for (long i = first; i <= last; i++) o->donate |= (uint64_t)1 << i;
        if (*end == ',') end++;
        else if (*end) return -1;
        list = end;
    }
    return 1;
}

/* "--budget=64M": bytes, with an optional K, M or G (powers of 2^10). */
static int parse_budget(const char *text, aj_compile_options *o) {
    char *end;
    unsigned long long n = strtoull(text, &end, 10);
    int shift = *end == 'K' ? 10 : *end == 'M' ? 20 : *end == 'G' ? 30 : 0;
    if (shift) end++;
    if (end == text || *end || n == 0 || n > (SIZE_MAX >> shift)) return -1;
    o->memory_budget_bytes = (size_t)n << shift;
    return 1;
}

/* "--timeout=2.5": seconds, finite and positive. */
static int parse_timeout(const char *text, aj_compile_options *o) {
    char *end;
    double seconds = strtod(text, &end);
    if (end == text || *end || !(seconds > 0 && seconds < 1e9)) return -1;
    o->timeout_seconds = seconds;
    return 1;
}

/* Reads one compile option at argv[i]; returns 1 when it was one, -1 when
 * it was malformed, 0 when it is not a compile option. */
static int compile_option(const char *arg, aj_compile_options *o, int *clear) {
    if (strcmp(arg, "--strict") == 0) o->strict_order = 1;
    else if (strcmp(arg, "--fast") == 0) o->strict_order = 0;
    else if (strcmp(arg, "--no-fusion") == 0) o->no_fusion = 1;
    else if (strcmp(arg, "--no-cache") == 0) o->no_disk_cache = 1;
    else if (strcmp(arg, "--clear-cache") == 0) *clear = 1;
    else if (strncmp(arg, "--threads=", 10) == 0) o->threads = atoi(arg + 10);
    else if (strncmp(arg, "--dump-after=", 13) == 0) o->dump_after = arg + 13;
    else if (strncmp(arg, "--cache-dir=", 12) == 0) o->cache_dir = arg + 12;
    else if (strncmp(arg, "--cc=", 5) == 0) o->cc = arg + 5;
    else if (strncmp(arg, "--cflags=", 9) == 0) o->cflags = arg + 9;
    else if (strncmp(arg, "--donate=", 9) == 0) return parse_donations(arg + 9, o);
    else if (strcmp(arg, "--strict-donation") == 0) o->strict_donation = 1;
    else if (strncmp(arg, "--budget=", 9) == 0) return parse_budget(arg + 9, o);
    else if (strncmp(arg, "--timeout=", 10) == 0) return parse_timeout(arg + 10, o);
    else return 0;
    return 1;
}

/* "--policy=NAME": the checkpoint policy for the forward part of a gradient. */
static int parse_policy(const char *name, aj_checkpoint_policy *p) {
    static const struct { const char *name; aj_checkpoint_policy_kind kind; } policies[] = {
        {"everything_saveable", AJ_EVERYTHING_SAVEABLE},
        {"nothing_saveable", AJ_NOTHING_SAVEABLE},
        {"dots_saveable", AJ_DOTS_SAVEABLE},
        {"dots_with_no_batch_dims_saveable", AJ_DOTS_WITH_NO_BATCH_DIMS_SAVEABLE},
    };
    for (size_t i = 0; i < sizeof policies / sizeof *policies; i++)
        if (strcmp(name, policies[i].name) == 0) {
            *p = (aj_checkpoint_policy){.kind = policies[i].kind};
            return 1;
        }
    fprintf(stderr, "arrayjit: unknown --policy '%s'\n", name);
    return -1;
}

static int clear_caches_if(int clear, const aj_compile_options *o) {
    if (clear && aj_clear_caches(o->cache_dir)) {
        fprintf(stderr, "arrayjit: %s\n", aj_last_error());
        return 1;
    }
    return 0;
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
    /* Only real directories are searched (a link to one may make a loop)
     * and only regular files are read (a FIFO would wait for a writer). */
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        if (lstat(names[i], &st) == 0 && S_ISDIR(st.st_mode)) check_dir(t, names[i]);
        else if (has_suffix(names[i], ".mlir") && stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) check_one(t, names[i]);
        free(names[i]);
    }
    free(names);
}

static int cmd_check(int argc, char **argv) {
    check_tally t = {{0}, 0, 0, 0};
    aj_compile_options co = {.strict_order = 1, .no_folding = 1};
    int npaths = 0, clear = 0;
    t.opts.compile = &co;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--eval") == 0) t.opts.use_eval = 1;
        else if (argv[i][0] == '-' && compile_option(argv[i], &co, &clear) != 1) return usage();
    }
    if (clear_caches_if(clear, &co)) return 1;
    printf("arrayjit check: %s\n", t.opts.use_eval ? "reference evaluator"
           : co.strict_order ? "compiled, strict order (reductions and math as the evaluator), "
                               "no constant folding"
                             : "compiled, fast (reductions reassociated, approximate math), "
                               "no constant folding");
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
        case AJ_F16: case AJ_BF16: printf("%.5g", aj_array_get_f64(a, i)); break;
        case AJ_I64: printf("%lld", (long long)((const int64_t *)p)[i]); break;
        case AJ_U64: printf("%llu", (unsigned long long)((const uint64_t *)p)[i]); break;
        case AJ_BOOL: printf("%s", ((const uint8_t *)p)[i] ? "true" : "false"); break;
        default: printf("%.0f", aj_array_get_f64(a, i)); break;   /* narrower integers: exact */
        }
    }
    printf("%s]\n", n > shown ? ", ..." : "");
}

static int fail(const char *what) {
    fprintf(stderr, "arrayjit: %s%s\n", what, aj_last_error());
    return 1;
}

/* --grad and --policy=NAME (run, mem). */
typedef struct grad_options {
    int grad;
    int has_policy;
    aj_checkpoint_policy policy;
    char name[256];   /* the gradient's function: <func>_grad */
} grad_options;

/* 1: arg was one of them; -1: an unknown policy (said why); 0: neither. */
static int grad_option(const char *arg, grad_options *g) {
    if (strcmp(arg, "--grad") == 0) return g->grad = 1;
    if (strncmp(arg, "--policy=", 9) != 0) return 0;
    int rc = parse_policy(arg + 9, &g->policy);
    g->has_policy |= rc == 1;
    return rc;
}

/* --grad adds the gradient of *func (one float scalar result) with respect
 * to every float parameter and makes it *func; --policy makes the forward
 * part of *func one checkpoint region. 0, or 1 having said why not. */
static int apply_grad_options(aj_module *m, const char **func, grad_options *g) {
    if (g->grad) {
        int n = snprintf(g->name, sizeof g->name, "%s_grad", *func);
        if (n < 0 || (size_t)n >= sizeof g->name) {   /* never a name cut short */
            fprintf(stderr, "arrayjit: --grad: the function's name is too long (%zu bytes, at most %zu)\n",
                    strlen(*func), sizeof g->name - sizeof "_grad");
            return 1;
        }
        if (aj_grad(m, *func, 0, NULL, g->name)) return fail("--grad: ");
        *func = g->name;
    }
    if (g->has_policy && aj_checkpoint_function(m, *func, &g->policy)) return fail("");
    return 0;
}

/* Copies of n arrays (all or none). */
static aj_status copy_arrays(int n, aj_array *const *from, aj_array **to) {
    for (int i = 0; i < n; i++) {
        aj_status st = aj_array_create(aj_array_dtype(from[i]), aj_array_rank(from[i]), aj_array_dims(from[i]), &to[i]);
        if (st) {
            while (i-- > 0) aj_array_destroy(to[i]);
            return st;
        }
        memcpy(aj_array_data(to[i]), aj_array_data(from[i]), aj_array_bytes(from[i]));
    }
    return AJ_OK;
}

static void destroy_arrays(int n, aj_array **a) {
    for (int i = 0; i < n; i++) aj_array_destroy(a[i]);
}

/* One more timed run where outputs live in donated inputs (the program's
 * or --donate's): on fresh copies of the inputs as they were (`pristine`;
 * copied outside the timed part), into fresh outputs. */
static aj_status timed_run(aj_executable *e, int nin, aj_array **pristine, int nout, double *ms) {
    aj_array *in[nin + 1], *fresh[nout + 1];
    aj_status st = copy_arrays(nin, pristine, in);
    if (st) return st;
    double start = timing_now() * 1e3;
    st = aj_executable_run(e, nin, in, nout, fresh);
    *ms = timing_now() * 1e3 - start;
    if (!st) destroy_arrays(nout, fresh);
    destroy_arrays(nin, in);
    return st;
}

/* Runs e `repeat` more times and prints the median time: into the outputs
 * of its first run (warm: their pages are already mapped), or, with
 * pristine (the inputs as they were before a first run that donated them),
 * through timed_run. */
static aj_status time_runs(aj_executable *e, int repeat, int nin, aj_array **in, aj_array **pristine, int nout,
                           aj_array **out) {
    double times[1000];
    if (repeat > 1000) repeat = 1000;
    for (int r = 0; r < repeat; r++) {
        double start = timing_now() * 1e3;
        aj_status st = pristine ? timed_run(e, nin, pristine, nout, &times[r])
                                : aj_executable_run_into(e, nin, in, nout, out);
        if (st) return st;
        if (!pristine) times[r] = timing_now() * 1e3 - start;
    }
    fprintf(stderr, "time: median %.3f ms over %d runs\n", timing_median(times, repeat), repeat);
    return AJ_OK;
}

/* Runs func on the inputs, compiled or with the evaluator; repeat > 0 also
 * times that many further compiled runs. */
/* A .npy descr that several element types share ('<V1': the f8, f6 and f4
 * floats; '|i1': i8, i4, i2) reads as the first of them: input i becomes
 * the type its parameter takes where the storage is the same. */
static aj_status retype_to_param(aj_module *m, const char *func, int i, aj_array *a) {
    aj_dtype want;
    int rank;
    int64_t dims[AJ_MAX_RANK];
    if (aj_module_arg_type(m, func, 0, i, &want, &rank, dims) || want == aj_array_dtype(a)) return AJ_OK;
    if (aj_dtype_size(want) != aj_dtype_size(aj_array_dtype(a))) return AJ_OK;   /* execute says what is wrong */
    return aj_array_retype(a, want);
}

static aj_status execute(aj_module *m, const char *func, int use_eval, int repeat,
                         const aj_compile_options *co, int nin, aj_array **in, int nout, aj_array **out) {
    if (use_eval) {
        aj_eval_options eo = {.timeout_seconds = co->timeout_seconds};
        return aj_module_eval_with(m, func, nin, in, nout, out, NULL, &eo);
    }
    aj_executable *e;
    aj_status st = aj_compile(m, func, co, &e);
    if (st) return st;
    if (aj_executable_warning(e)[0]) fprintf(stderr, "arrayjit: warning: %s\n", aj_executable_warning(e));
    aj_memory_stats s = {0};
    aj_array *pristine[nin + 1];
    int keep = repeat > 0 && !(st = aj_executable_memory(e, &s)) && s.alias_bytes;   /* the first run spends inputs */
    if (keep) st = copy_arrays(nin, in, pristine);
    if (!st) st = aj_executable_run(e, nin, in, nout, out);
    if (!st && repeat > 0) st = time_runs(e, repeat, nin, in, keep ? pristine : NULL, nout, out);
    if (keep) destroy_arrays(nin, pristine);
    aj_executable_destroy(e);
    return st;
}

static int cmd_run(int argc, char **argv) {
    const char *file = NULL, *func = "main";
    const char *inputs[64], *outputs[64];
    grad_options g = {0};
    int nin = 0, nout_paths = 0, use_eval = 0, clear = 0, repeat = 0;
    /* One compile per process: an in-memory cache would only hold the
     * executable until exit. */
    aj_compile_options co = {.no_memory_cache = 1};
    for (int i = 0; i < argc; i++) {
        int has_value = i + 1 < argc;
        if (strcmp(argv[i], "--eval") == 0) use_eval = 1;
        else if (strncmp(argv[i], "--repeat=", 9) == 0 && (repeat = atoi(argv[i] + 9)) > 0) continue;
        else if (grad_option(argv[i], &g) == 1) continue;
        else if (argv[i][0] == '-' && compile_option(argv[i], &co, &clear) == 1) continue;
        else if (strcmp(argv[i], "--input") == 0 && has_value && nin < 64) inputs[nin++] = argv[++i];
        else if (strcmp(argv[i], "--output") == 0 && has_value && nout_paths < 64) outputs[nout_paths++] = argv[++i];
        else if (strcmp(argv[i], "--func") == 0 && has_value) func = argv[++i];
        else if (argv[i][0] != '-' && !file) file = argv[i];
        else return usage();
    }
    if (!file) return usage();
    if (clear_caches_if(clear, &co)) return 1;
    aj_module *m;
    if (aj_module_load(file, &m)) return fail("");
    int nparams, nresults, rc = 1;
    aj_array *in[64] = {0}, *out[64] = {0};
    if (apply_grad_options(m, &func, &g)) {
        /* it said why */
    } else if (aj_module_signature(m, func, &nparams, &nresults)) {
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
            if (aj_array_load_npy(inputs[i], &in[i]) || retype_to_param(m, func, i, in[i])) rc = fail("");
        if (!rc && execute(m, func, use_eval, repeat, &co, nin, in, nresults, out)) rc = fail("");
        for (int i = 0; i < nresults && !rc; i++) {
            int is_complex = 0;
            if (!nout_paths) print_array(i, out[i]);
            else if (aj_module_arg_complex(m, func, 1, i, &is_complex) ||
                     (is_complex ? aj_array_save_npy_complex : aj_array_save_npy)(out[i], outputs[i]))
                rc = fail("");
        }
        for (int i = 0; i < nresults && out[0]; i++) aj_array_destroy(out[i]);
    }
    for (int i = 0; i < nin; i++) aj_array_destroy(in[i]);
    aj_module_destroy(m);
    return rc;
}

/* ---- mem ---- */

/* The memory picture of e: planned and measured (with --compare: the eager
 * run's beside them). */
static int draw_memory(aj_executable *e, int compare, const char *file, const char *svg) {
    aj_memory_curve curves[3];
    const aj_curve_kind kinds[3] = {AJ_CURVE_EAGER, AJ_CURVE_PLANNED, AJ_CURVE_MEASURED};
    int n = 0, rc = 0;
    for (int k = compare ? 0 : 1; k < 3 && !rc; k++)
        if (!(rc = aj_executable_memory_curve(e, kinds[k], &curves[n]) ? fail("") : 0)) n++;
    char title[512];
    snprintf(title, sizeof title, "memory of %s", file);
    if (!rc && aj_memory_svg(curves, n, title, svg)) rc = fail("");
    if (!rc) fprintf(stderr, "arrayjit: wrote the memory picture to %s\n", svg);
    for (int i = 0; i < n; i++) aj_memory_curve_release(&curves[i]);
    return rc;
}

static int cmd_mem(int argc, char **argv) {
    const char *file = NULL, *func = "main", *svg = NULL;
    grad_options g = {0};
    int json = 0, clear = 0, compare = 0, residuals = 0;
    aj_compile_options co = {.no_memory_cache = 1};   /* one compile per process */
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0) json = 1;
        else if (grad_option(argv[i], &g) == 1) continue;
        else if (strcmp(argv[i], "--residuals") == 0) residuals = 1;
        else if (strcmp(argv[i], "--func") == 0 && i + 1 < argc) func = argv[++i];
        else if (strcmp(argv[i], "--svg") == 0 && i + 1 < argc) svg = argv[++i];
        else if (strcmp(argv[i], "--compare") == 0) compare = 1;
        else if (argv[i][0] == '-' && compile_option(argv[i], &co, &clear) == 1) continue;
        else if (argv[i][0] != '-' && !file) file = argv[i];
        else return usage();
    }
    if (!file) return usage();
    if (clear_caches_if(clear, &co)) return 1;
    aj_module *m;
    if (aj_module_load(file, &m)) return fail("");
    aj_executable *e = NULL;
    int rc = apply_grad_options(m, &func, &g);
    if (!rc && aj_compile(m, func, &co, &e)) rc = fail("");
    if (!rc && aj_executable_report(e, stdout, json)) rc = fail("");
    if (!rc && svg) rc = draw_memory(e, compare, file, svg);
    if (!rc && residuals && aj_executable_print_residuals(e, stdout)) rc = fail("");
    aj_executable_destroy(e);
    aj_module_destroy(m);
    return rc;
}

static int cmd_aot(int argc, char **argv) {
    const char *file = NULL, *func = "main", *dir = NULL;
    grad_options g = {0};
    int clear = 0;
    aj_compile_options co = {.no_memory_cache = 1};
    aj_export_options x = {0};
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) dir = argv[++i];
        else if (strcmp(argv[i], "--name") == 0 && i + 1 < argc) x.name = argv[++i];
        else if (strcmp(argv[i], "--func") == 0 && i + 1 < argc) func = argv[++i];
        else if (strcmp(argv[i], "--main") == 0) x.with_main = 1;
        else if (strcmp(argv[i], "--no-blas") == 0) x.no_blas = 1;
        else if (grad_option(argv[i], &g) == 1) continue;
        else if (argv[i][0] == '-' && compile_option(argv[i], &co, &clear) == 1) continue;
        else if (argv[i][0] != '-' && !file) file = argv[i];
        else return usage();
    }
    if (!file || !dir) return usage();
    if (clear_caches_if(clear, &co)) return 1;
    aj_module *m;
    if (aj_module_load(file, &m)) return fail("");
    int rc = apply_grad_options(m, &func, &g);
    if (!rc && aj_export_c(m, func, &co, dir, &x)) rc = fail("");
    aj_module_destroy(m);
    return rc;
}

static int cmd_clear_cache(int argc, char **argv) {
    aj_compile_options co = {0};
    int clear = 1;
    for (int i = 0; i < argc; i++)
        if (compile_option(argv[i], &co, &clear) != 1) return usage();
    return clear_caches_if(1, &co);
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
    if (strcmp(argv[1], "mem") == 0) return cmd_mem(argc - 2, argv + 2);
    if (strcmp(argv[1], "aot") == 0) return cmd_aot(argc - 2, argv + 2);
    if (strcmp(argv[1], "clear-cache") == 0) return cmd_clear_cache(argc - 2, argv + 2);
    if (strcmp(argv[1], "demo") == 0) return demo_main(argc - 2, argv + 2);
    return usage();
}
