/* libFuzzer harness past the parser: a program that parses and verifies has
 * each of its functions evaluated on small deterministic inputs, its
 * gradient taken and evaluated where it has one float scalar result, and
 * its code generated (fusion, schedule, plan, C source; no C compiler); one
 * input in COMPILE_ONE_IN also builds that code with gcc and runs it (the
 * disk and memory caches off), for its first MAX_BUILDS functions and
 * gradients only: each build is a gcc run of seconds under the sanitizers,
 * and the fft program's 26 took 63 s, past the 30 s that counts as a hang. Results are not compared: the harness looks
 * for crashes, sanitizer reports, leaks and hangs.
 *
 * Bounds, so that no input can hang or exhaust the machine: every value of
 * every function (regions included) has at most MAX_ELEMS elements; while
 * loops stop after TIMEOUT_SECONDS (the evaluator's and compiled code's
 * time limit); everything the library allocates is capped at CAP_BYTES
 * (mem_fail_above: past it an allocation fails, which must be a clean
 * error); only functions of at most MAX_COMPILE_OPS ops are built.
 *
 * Every input must give back every byte it took (mem_live_bytes): a
 * difference aborts, so leaks show in builds without LeakSanitizer too. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/api.h"
#include "compile/compile.h"
#include "emit/codegen.h"
#include "util/mem.h"

enum { MAX_ELEMS = 4096, MAX_COMPILE_OPS = 48, COMPILE_ONE_IN = 16, MAX_BUILDS = 2, MAX_PARAMS = 16 };
static const double TIMEOUT_SECONDS = 0.25;
static const size_t CAP_BYTES = (size_t)64 << 20;

/* ---- bounds ------------------------------------------------------------------ */

static int values_small(const ir_func *f) {
    for (int i = 0; i < f->nvalues; i++) {
        int64_t n = ir_type_numel(&f->values[i].type);
        if (n < 0 || n > MAX_ELEMS) return 0;
    }
    for (int i = 0; i < f->nresults; i++)
        if (ir_type_numel(&f->result_types[i]) > MAX_ELEMS) return 0;
    return 1;
}

/* Ops in b and its regions (the parser bounds nesting depth). */
static int count_ops(const ir_block *b) {
    int n = b->nops;
    for (int i = 0; i < b->nops; i++)
        for (int r = 0; r < b->ops[i]->nregions; r++) n += count_ops(b->ops[i]->regions[r]);
    return n;
}

/* ---- inputs ---------------------------------------------------------------------- */

/* Element k of a deterministic input: small values of either sign (index
 * operands stay near their bounds), halves for floats. */
static void fill_element(aj_dtype t, void *p, int64_t k) {
    static const uint16_t f16[5] = {0xC000, 0xBC00, 0x0000, 0x3800, 0x3C00};   /* -2 -1 0 .5 1 */
    static const uint16_t bf16[5] = {0xC000, 0xBF80, 0x0000, 0x3F00, 0x3F80};
    int s = (int)(k % 5) - 2;
    switch (t) {
    case AJ_F32: *(float *)p = (float)s * 0.5f; break;
    case AJ_F64: *(double *)p = s * 0.5; break;
    case AJ_F16: *(uint16_t *)p = f16[k % 5]; break;
    case AJ_BF16: *(uint16_t *)p = bf16[k % 5]; break;
    case AJ_I32: *(int32_t *)p = s; break;
    case AJ_I64: *(int64_t *)p = s; break;
    case AJ_I16: *(int16_t *)p = (int16_t)s; break;
    case AJ_I8: *(int8_t *)p = (int8_t)s; break;
    case AJ_BOOL: *(uint8_t *)p = (uint8_t)(k & 1); break;
    case AJ_U8: *(uint8_t *)p = (uint8_t)(k % 5); break;
    case AJ_U16: *(uint16_t *)p = (uint16_t)(k % 5); break;
    case AJ_U32: *(uint32_t *)p = (uint32_t)(k % 5); break;
    case AJ_U64: *(uint64_t *)p = (uint64_t)(k % 5); break;
    default: break;
    }
}

typedef struct {
    int n;
    aj_array *a[MAX_PARAMS];
} inputs;

static void inputs_free(inputs *in) {
    for (int i = 0; i < in->n; i++) aj_array_destroy(in->a[i]);
    in->n = 0;
}

/* The inputs of func's nparams parameters; -1 (nothing held) on failure. */
static int inputs_make(aj_module *m, const char *func, int nparams, inputs *in) {
    in->n = 0;
    for (int i = 0; i < nparams; i++) {
        aj_dtype t;
        int rank;
        int64_t dims[AJ_MAX_RANK];
        if (aj_module_arg_type(m, func, 0, i, &t, &rank, dims) || aj_array_create(t, rank, dims, &in->a[i]))
            return inputs_free(in), -1;
        in->n++;
        size_t size = aj_dtype_size(t), n = aj_array_bytes(in->a[i]) / size;
        char *data = aj_array_data(in->a[i]);
        for (size_t k = 0; k < n; k++) fill_element(t, data + k * size, (int64_t)k);
    }
    return 0;
}

static void outputs_free(aj_array **out, int n) {
    for (int i = 0; i < n; i++) aj_array_destroy(out[i]);
}

/* ---- the stages -------------------------------------------------------------------- */

static void evaluate(aj_module *m, const char *func, const inputs *in, int nresults) {
    aj_array *out[MAX_PARAMS];
    const aj_eval_options opts = {.timeout_seconds = TIMEOUT_SECONDS};
    if (aj_module_eval_with(m, func, in->n, in->a, nresults, out, NULL, &opts) == AJ_OK)
        outputs_free(out, nresults);
}

/* A backend that writes the C source and stops there: the whole compiler
 * short of gcc, at the cost of no process. */
static int source_only_build(const ir_func *f, const plan *p, const codegen_options *o,
                             codegen_module **out, diag *d) {
    char *source;
    size_t len;
    int rc = emit_c_source(f, p, o, &source, &len, d);
    if (rc) return rc;
    mem_free(source);
    *out = NULL;
    return diag_set(d, DIAG_UNSUPPORTED, "fuzz: source only");
}
static void source_only_release(codegen_module *m) { (void)m; }
static const codegen_backend source_only = {.name = "source-only", .build = source_only_build,
                                            .release = source_only_release};

static void generate_code(aj_module *m, const char *func) {
    compile_options co;
    compile_options_default(&co);
    co.backend = &source_only;
    ir_func *f = ir_module_find(m->ir, func);
    compiled *c = NULL;
    diag d = {0};
    if (f && compile_func(m->ir, f, &co, &c, &d) == DIAG_OK) compiled_free(c);
}

static void build_and_run(aj_module *m, const char *func, const inputs *in, int nresults) {
    const aj_compile_options co = {.strict_order = 1, .no_disk_cache = 1, .no_memory_cache = 1,
                                   .timeout_seconds = TIMEOUT_SECONDS};
    aj_executable *e;
    if (aj_compile(m, func, &co, &e)) return;
    aj_array *out[MAX_PARAMS];
    if (aj_executable_run(e, in->n, in->a, nresults, out) == AJ_OK) outputs_free(out, nresults);
    aj_executable_destroy(e);
}

static int is_float(aj_dtype t) { return t == AJ_F32 || t == AJ_F64 || t == AJ_F16 || t == AJ_BF16; }

/* The gradient of func in each float parameter, named new_name; 0 when it
 * was added. */
static int differentiate(aj_module *m, const char *func, int nparams, const char *new_name) {
    aj_dtype t;
    int rank, wrt[MAX_PARAMS], nwrt = 0;
    int64_t dims[AJ_MAX_RANK];
    if (aj_module_arg_type(m, func, 1, 0, &t, &rank, dims) || rank != 0 || !is_float(t)) return -1;
    for (int i = 0; i < nparams; i++)
        if (!aj_module_arg_type(m, func, 0, i, &t, &rank, dims) && is_float(t)) wrt[nwrt++] = i;
    return nwrt ? (int)aj_grad(m, func, nwrt, wrt, new_name) : -1;
}

/* Every stage on func; its gradient (named grad_name, when not NULL) too.
 * *builds: how many more may be built and run. */
static void exercise(aj_module *m, const char *func, const char *grad_name, int *builds) {
    ir_func *f = ir_module_find(m->ir, func);
    int nparams, nresults;
    if (!f || !values_small(f) || aj_module_signature(m, func, &nparams, &nresults)) return;
    if (nparams > MAX_PARAMS || nresults > MAX_PARAMS) return;
    inputs in;
    if (inputs_make(m, func, nparams, &in)) return;
    evaluate(m, func, &in, nresults);
    generate_code(m, func);
    if (*builds > 0 && count_ops(f->body) <= MAX_COMPILE_OPS) {
        --*builds;
        build_and_run(m, func, &in, nresults);
    }
    inputs_free(&in);
    if (grad_name && nresults == 1 && differentiate(m, func, nparams, grad_name) == 0)
        exercise(m, grad_name, NULL, builds);
}

static uint64_t fnv1a(const uint8_t *data, size_t size) {
    uint64_t h = 14695981039346656037u;
    for (size_t i = 0; i < size; i++) h = (h ^ data[i]) * 1099511628211u;
    return h;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    size_t live = mem_live_bytes();
    mem_fail_above(live + CAP_BYTES);
    aj_module *m;
    if (aj_module_parse((const char *)data, size, "fuzz.mlir", &m) == AJ_OK) {
        if (aj_module_verify(m) == AJ_OK) {
            int builds = fnv1a(data, size) % COMPILE_ONE_IN == 0 ? MAX_BUILDS : 0;
            int nfuncs = m->ir->nfuncs;   /* gradients are added after these */
            for (int i = 0; i < nfuncs; i++) {
                char grad_name[32];
                snprintf(grad_name, sizeof grad_name, "fuzz_grad_%d", i);
                char *func = mem_strdup(m->ir->funcs[i]->name);
                if (func) exercise(m, func, grad_name, &builds);
                mem_free(func);
            }
        }
        aj_module_destroy(m);
    }
    mem_fail_above(0);
    if (mem_live_bytes() != live) {
        fprintf(stderr, "fuzz_pipeline: %zu bytes not freed\n", mem_live_bytes() - live);
        abort();
    }
    return 0;
}
