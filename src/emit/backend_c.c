/* backend_c.c: the C backend = emit_c_source + build_shared_object.
 *
 * Flags: the base (o->cflags, default CODEGEN_C_CFLAGS) followed by what the
 * generated code needs to be right and fast whatever the base:
 *   -fno-math-errno     lets gcc inline sqrt and vectorise loops calling it
 *   -ffp-contract=off   strict mode: no fused multiply-add, as the evaluator
 *                       rounds twice; fast mode uses -ffp-contract=fast (a*b+c
 *                       may round once: the fast exp/tanh/log polynomials
 *                       halve their cost and lose no accuracy)
 *   -fno-trapping-math  fast mode: the selects in the fast exp/tanh (clamps,
 *                       NaN restores) may run both arms unmasked; with traps
 *                       assumed gcc masks every vector op behind them. Values
 *                       are unchanged; only FP exception flags may differ
 *   -fno-builtin-<f>    strict mode: gcc would fold libm calls on constants
 *                       with its own correctly rounded arithmetic, which can
 *                       differ from glibc's in the last bit
 *   no gathers          where the compiler takes a way to say it (NO_GATHER):
 *                       gcc 12.2's register allocator can load an AVX2
 *                       gather's constant index through the register that
 *                       already holds its mask, so the gather loads no lane
 *                       (-march=native on a Zen 3, a 32-byte kernel reading a
 *                       concatenate and a transpose: four bytes came out 0;
 *                       tests/programs/byte_unpack.mlir). Gathers are
 *                       microcoded and slow on the CPUs that have them, so
 *                       scalar loads cost little.
 * Libraries: -lm, and BLIS (-l:libblis.so.4, so that only the runtime
 * package is needed) when a kernel calls it. Where BLIS cannot be loaded,
 * dot kernels are emitted as loops instead. LAPACK (-l:liblapack.so.3,
 * src/util/lapack.h, and its BLAS, -l:libblas.so.3, for trsm) when a
 * kernel calls it (getrf ... gees, cholesky, triangular_solve), ahead of
 * BLIS, so that LAPACK's calls of the BLAS bind to its own instance and
 * the kernels chosen for it (aj_lapack_pick_blas), not to libblis.so.4's
 * (which exports the BLAS too, with the dots' kernels); where it
 * cannot be loaded, such a program does not compile (DIAG_UNSUPPORTED,
 * naming the library: there is no other way to run those kernels). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "../build/build.h"
#include "../util/lapack.h"
#include "../util/mem.h"
#include "codegen.h"

struct codegen_module {
    build_result built;
};

static const char STRICT_NO_BUILTINS[] =
    " -fno-builtin-exp -fno-builtin-expm1 -fno-builtin-log -fno-builtin-log1p -fno-builtin-sin"
    " -fno-builtin-cos -fno-builtin-tan -fno-builtin-tanh -fno-builtin-cbrt -fno-builtin-pow"
    " -fno-builtin-atan2";

static const char BLIS_LIBRARY[] = "libblis.so.4";

/* Whether BLIS can be loaded here (asked once per process). Once loaded it
 * stays (RTLD_NODELETE), as build_cc.c keeps it for generated code: its
 * libgomp must never be unloaded, and the kernels will want it anyway. */
static bool blis_available(void) {
    static int state;   /* 0: not asked, 1: yes, 2: no */
    int s = __atomic_load_n(&state, __ATOMIC_ACQUIRE);
    if (s == 0) {
        void *h = dlopen(BLIS_LIBRARY, RTLD_LAZY | RTLD_LOCAL | RTLD_NODELETE);
        s = h ? 1 : 2;
        if (h) dlclose(h);
        __atomic_store_n(&state, s, __ATOMIC_RELEASE);
    }
    return s == 1;
}

/* The spellings of "vectorise without gather instructions", newest first:
 * -mno-gather where the compiler has it (gcc since the 2023 mitigation of
 * Intel's GDS, clang 17); gcc 12.2 has only the tuning knobs. A compiler
 * that lacks one knob's name rejects the whole option, so each spelling is
 * asked for whole. */
static const char *const NO_GATHER[] = {
    "-mno-gather",
    "-mtune-ctrl=^use_gather_2parts,^use_gather_4parts,^use_gather",
};

/* The first NO_GATHER spelling cc takes, or "" where it takes none
 * (clang before 17, other targets: their code has no such gathers). */
static const char *no_gather_flag(const char *cc) {
    for (size_t i = 0; i < sizeof NO_GATHER / sizeof *NO_GATHER; i++)
        if (build_compiler_accepts(cc, NO_GATHER[i])) return NO_GATHER[i];
    return "";
}

static char *compose_cflags(const codegen_options *o) {
    const char *base = o->cflags ? o->cflags : CODEGEN_C_CFLAGS;
    const char *strict = o->strict_order ? STRICT_NO_BUILTINS : "";
    const char *gather = no_gather_flag(o->cc);
    size_t n = strlen(base) + strlen(strict) + strlen(gather) + 64;
    char *s = mem_alloc(n);
    const char *contract = o->strict_order ? "off" : "fast -fno-trapping-math";
    if (s) snprintf(s, n, "%s -fno-math-errno -ffp-contract=%s%s%s%s", base, contract, strict, *gather ? " " : "",
                    gather);
    return s;
}

/* Emits the source, re-emitting without BLIS where BLIS is missing. */
static int emit_source(const ir_func *f, const plan *p, codegen_options *o, char **src, size_t *len,
                       emit_c_info *info, diag *d) {
    int rc = emit_c_source_info(f, p, o, src, len, info, d);
    if (rc || !info->uses_blas || blis_available()) return rc;
    mem_free(*src);
    *src = NULL;
    o->no_blas = true;
    return emit_c_source_info(f, p, o, src, len, info, d);
}

static int c_build(const ir_func *f, const plan *p, const codegen_options *given, codegen_module **out, diag *d) {
    codegen_options o = given ? *given : (codegen_options){0};
    *out = NULL;
    char *src = NULL, *cflags = NULL;
    size_t len = 0;
    emit_c_info info = {0};
    int rc = emit_source(f, p, &o, &src, &len, &info, d);
    char why[600], *ldflags = NULL;
    if (!rc && info.uses_lapack && !lapack_routines(why, sizeof why))
        rc = diag_set(d, DIAG_UNSUPPORTED, "compiled code for %s needs %s", info.lapack_op ? info.lapack_op : "LAPACK",
                      why);
    if (!rc && !(cflags = compose_cflags(&o))) rc = diag_nomem(d);
    if (!rc) {
        const char *lapack = info.uses_lapack ? lapack_library() : NULL;
        size_t n = 64 + (lapack ? strlen(lapack) : 0);
        if ((ldflags = mem_alloc(n)))
            snprintf(ldflags, n, "%s%s%s%s-lm", lapack ? "-l:" : "", lapack ? lapack : "",
                     lapack ? " -l:libblas.so.3 " : "", info.uses_blas ? "-l:libblis.so.4 " : "");
        else
            rc = diag_nomem(d);
    }
    codegen_module *m = rc ? NULL : mem_calloc(1, sizeof *m);
    if (!rc && !m) rc = diag_nomem(d);
    if (!rc) {
        build_options b = {o.cc, cflags, ldflags, o.disk_cache, o.cache_dir};
        rc = build_shared_object(src, len, "aj_entry", &b, &m->built, d);
    }
    mem_free(src);
    mem_free(cflags);
    mem_free(ldflags);
    if (rc) {
        mem_free(m);
        return rc;
    }
    *out = m;
    return DIAG_OK;
}

static codegen_entry c_entry(const codegen_module *m) {
    codegen_entry e;
    void *sym = m->built.symbol;
    memcpy(&e, &sym, sizeof e);   /* object pointer to function pointer, as dlsym's contract allows */
    return e;
}

static size_t c_code_bytes(const codegen_module *m) { return m->built.code_bytes; }
static bool c_cache_hit(const codegen_module *m) { return m->built.cache_hit; }

static void c_release(codegen_module *m) {
    if (!m) return;
    build_release(&m->built);
    mem_free(m);
}

const codegen_backend codegen_c_backend = {
    "c", c_build, c_entry, c_code_bytes, c_cache_hit, c_release,
};
