/* aot.c: the exported header, the source with its NAME_run, and the main
 * program's tables (aot.h says what each file holds). No byte of program
 * text is written: names come from the caller (checked to be an
 * identifier), everything else is numbers and our own text. */
#include "aot.h"

#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include <sys/stat.h>

#include "../emit/emit_internal.h"
#include "../util/file.h"
#include "../util/mem.h"

enum { AOT_NAME_MAX = 64 };

static bool is_identifier(const char *s) {
    size_t n = strlen(s);
    if (n == 0 || n > AOT_NAME_MAX || (s[0] >= '0' && s[0] <= '9')) return false;
    for (size_t i = 0; i < n; i++)
        if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= '0' && s[i] <= '9') ||
              s[i] == '_'))
            return false;
    return true;
}

/* The donated input result j lives in, or -1 (its first occurrence in the
 * return holds it; a repeat is copied into its own output). */
static int donated_input(const compiled *c, int j) {
    const ir_op *ret = c->func->body->ops[c->func->body->nops - 1];
    const plan_buffer *b = &c->plan.buf[ret->in[j]];
    for (int k = 0; k < j; k++)
        if (ret->in[k] == ret->in[j]) return -1;
    return b->home == PLAN_DONATED ? b->index : -1;
}

static const ir_type *input_type(const compiled *c, int i) { return &c->func->values[c->func->body->args[i]].type; }
static const ir_type *output_type(const compiled *c, int j) { return &c->func->result_types[j]; }

/* ---- NAME.h ------------------------------------------------------------------------ */

static void shape_macro(sbuf *s, const char *name, const char *what, int i, const ir_type *t) {
    sb_printf(s, "#define %s_%s%d_DTYPE \"%s\"\n", name, what, i, ir_dtype_name(t->dtype));
    sb_printf(s, "#define %s_%s%d_RANK %d\n", name, what, i, t->rank);
    sb_printf(s, "#define %s_%s%d_SHAPE {", name, what, i);
    for (int d = 0; d < t->rank; d++) sb_printf(s, "%s%" PRId64, d ? ", " : "", t->dims[d]);
    sb_printf(s, "%s}\n", t->rank ? "" : "0 /* rank 0: no dims */");
    sb_printf(s, "#define %s_%s%d_BYTES ((size_t)%zu)\n", name, what, i, ir_type_bytes(t));
}

static void header_text(sbuf *s, const compiled *c, const char *name, bool needs_blis, bool needs_lapack) {
    const ir_func *f = c->func;
    const compile_memory *m = &c->memory;
    sb_printf(s, "/* %s.h: a function compiled ahead of time by arrayjit (arrayjit aot).\n"
                 " *\n"
                 " *     int %s_run(void *arena, const void *const *inputs, void *const *outputs);\n"
                 " *\n"
                 " * runs it: arena is %s_ARENA_BYTES bytes aligned to %s_ARENA_ALIGN (NULL when 0),\n"
                 " * the only memory it uses besides the inputs and outputs, each a C-order\n"
                 " * buffer of the dtype, shape and bytes below. An output marked IN_INPUT i\n"
                 " * is written into input i's buffer (a donated input: its old contents\n"
                 " * are gone) and copied into outputs[j] only when that is another buffer\n"
                 " * (pass inputs[i] or NULL to skip the copy). It allocates nothing and\n"
                 " * writes no global, so calls with distinct arenas may run at once.\n"
                 " * Returns 0, or 1 for a missing or misaligned buffer.\n"
                 " * Build with gcc: gcc -O2 -c %s.c%s. */\n",
              name, name, name, name, name,
              needs_blis && needs_lapack ? " and link -llapack -lblas -lblis -lm"
              : needs_blis               ? " and link -lblis -lm"
              : needs_lapack             ? " and link -llapack -lblas -lm"
                                         : " and link -lm");
    sb_printf(s, "#ifndef %s_H_INCLUDED\n#define %s_H_INCLUDED\n#include <stddef.h>\n\n", name, name);
    sb_printf(s, "#define %s_ARENA_BYTES ((size_t)%zu)\n", name, m->temp_bytes);
    sb_printf(s, "#define %s_ARENA_ALIGN %d\n", name, PLAN_ALIGN);
    sb_printf(s, "#define %s_ARGUMENT_BYTES ((size_t)%zu)\n", name, m->argument_bytes);
    sb_printf(s, "#define %s_OUTPUT_BYTES ((size_t)%zu)   /* outputs in donated inputs included */\n", name,
              m->output_bytes);
    sb_printf(s, "#define %s_ALIASED_BYTES ((size_t)%zu)   /* output bytes held in donated inputs */\n", name,
              m->alias_bytes);
    sb_printf(s, "#define %s_PEAK_BYTES ((size_t)%zu)   /* arena + arguments + outputs - aliased */\n", name,
              m->peak_bytes);
    sb_printf(s, "#define %s_NEEDS_BLIS %d\n", name, needs_blis);
    sb_printf(s, "#define %s_NEEDS_LAPACK %d\n", name, needs_lapack);
    sb_printf(s, "#define %s_NUM_INPUTS %d\n#define %s_NUM_OUTPUTS %d\n\n", name, f->body->nargs, name, f->nresults);
    for (int i = 0; i < f->body->nargs; i++) shape_macro(s, name, "INPUT", i, input_type(c, i));
    for (int j = 0; j < f->nresults; j++) {
        shape_macro(s, name, "OUTPUT", j, output_type(c, j));
        sb_printf(s, "#define %s_OUTPUT%d_IN_INPUT %d\n", name, j, donated_input(c, j));
    }
    sb_printf(s, "\nint %s_run(void *arena, const void *const *inputs, void *const *outputs);\n#endif\n", name);
}

/* ---- NAME.c ---------------------------------------------------------------------- */

/* NAME_run: checks the buffers, points each donated output at its input,
 * runs the entry, and copies donated outputs where the caller asked. */
static void run_text(sbuf *s, const compiled *c, const char *name) {
    const ir_func *f = c->func;
    int nin = f->body->nargs, nout = f->nresults;
    sb_printf(s, "\n/* ---- the exported call (%s.h) ---- */\n", name);
    sb_printf(s, "int %s_run(void *arena, const void *const *inputs, void *const *outputs) {\n", name);
    sb_printf(s, "    if ((%s_ARENA_BYTES && !arena) || (uintptr_t)arena %% %s_ARENA_ALIGN) return 1;\n", name, name);
    sb_printf(s, "    void *args[%d], *outs[%d];\n", nin + 1, nout + 1);
    for (int i = 0; i < nin; i++) {
        sb_printf(s, "    args[%d] = (void *)inputs[%d];\n", i, i);
        if (ir_type_bytes(input_type(c, i))) sb_printf(s, "    if (!args[%d]) return 1;\n", i);
    }
    for (int j = 0; j < nout; j++) {
        int in = donated_input(c, j);
        if (in >= 0) {
            sb_printf(s, "    outs[%d] = args[%d];\n", j, in);
            continue;
        }
        sb_printf(s, "    outs[%d] = outputs[%d];\n", j, j);
        if (ir_type_bytes(output_type(c, j))) sb_printf(s, "    if (!outs[%d]) return 1;\n", j);
    }
    sb_printf(s, "    aj_entry((char *)arena, args, outs, 0);\n");
    for (int j = 0; j < nout; j++) {
        int in = donated_input(c, j);
        size_t bytes = ir_type_bytes(output_type(c, j));
        if (in >= 0 && bytes)
            sb_printf(s, "    if (outputs[%d] && outputs[%d] != args[%d]) memcpy(outputs[%d], args[%d], %zu);\n", j, j,
                      in, j, in, bytes);
    }
    sb_printf(s, "    return 0;\n}\n");
}

/* Strict mode's bits equal the evaluator's where the compiler contracts no
 * multiply-add, as arrayjit's own build asks (-ffp-contract=off); the
 * pragma asks the same of a plain `cc -O2`. Fast mode's asks for what
 * arrayjit's build adds there (backend_c.c): no FP traps and no errno, so
 * that gcc may run both arms of a select (a causal mask's) and vectorise
 * the loop; values are the same. The code is GCC's C (its pragmas), as
 * arrayjit builds it. */
static void source_head(sbuf *s, const char *name, bool strict) {
    sb_printf(s, "/* %s.c: generated by arrayjit aot; see %s.h. */\n", name, name);
    if (strict) sb_puts(s, "#pragma GCC optimize(\"fp-contract=off\")\n");
    else sb_puts(s, "#pragma GCC optimize(\"no-trapping-math\", \"no-math-errno\")\n");
    sb_printf(s, "#include \"%s.h\"\n", name);
}

/* ---- NAME_main.c --------------------------------------------------------------------- */

/* Whether output i is a complex result (its parts interleaved, S x 2):
 * written as the complex .npy of shape S. */
static bool complex_output(const compiled *c, int i) { return i < 64 && (c->func->complex_results >> i & 1); }

static void table(sbuf *s, const char *what, const compiled *c, int n, bool output) {
    sb_printf(s, "static const char *const aot_%s_descr[] = {", what);
    for (int i = 0; i < n; i++) {
        const ir_type *t = output ? output_type(c, i) : input_type(c, i);
        bool parts = output && complex_output(c, i);
        sb_printf(s, "\"%s\", ", parts ? (t->dtype == IR_F32 ? "<c8" : "<c16") : ir_dtype_npy_descr(t->dtype));
    }
    sb_printf(s, "0};\nstatic const int aot_%s_rank[] = {", what);
    for (int i = 0; i < n; i++)
        sb_printf(s, "%d, ", (output ? output_type(c, i) : input_type(c, i))->rank - (output && complex_output(c, i)));
    sb_printf(s, "0};\nstatic const long long aot_%s_dims[][%d] = {", what, IR_MAX_RANK);
    for (int i = 0; i < n; i++) {
        const ir_type *t = output ? output_type(c, i) : input_type(c, i);
        sb_puts(s, "{");
        for (int d = 0; d < t->rank; d++) sb_printf(s, "%" PRId64 ", ", t->dims[d]);
        sb_puts(s, "0}, ");
    }
    sb_printf(s, "{0}};\nstatic const size_t aot_%s_bytes[] = {", what);
    for (int i = 0; i < n; i++) sb_printf(s, "%zu, ", ir_type_bytes(output ? output_type(c, i) : input_type(c, i)));
    sb_puts(s, "0};\n");
}

static void main_tables(sbuf *s, const compiled *c, const char *name) {
    const ir_func *f = c->func;
    sb_printf(s, "/* %s_main.c: runs %s_run on .npy files (generated by arrayjit aot). */\n", name, name);
    sb_printf(s, "#define _POSIX_C_SOURCE 200809L\n#include <unistd.h>\n#include \"%s.h\"\n", name);
    sb_printf(s, "#define AOT_RUN %s_run\n#define AOT_ARENA_BYTES %s_ARENA_BYTES\n#define AOT_ARENA_ALIGN %s_ARENA_ALIGN\n",
              name, name, name);
    sb_printf(s, "#define AOT_NIN %d\n#define AOT_NOUT %d\n", f->body->nargs, f->nresults);
    table(s, "in", c, f->body->nargs, false);
    table(s, "out", c, f->nresults, true);
    sb_puts(s, "static const int aot_out_in_input[] = {");
    for (int j = 0; j < f->nresults; j++) sb_printf(s, "%d, ", donated_input(c, j));
    sb_puts(s, "-1};\n\n");
    sb_puts(s, aot_main_text);
}

/* ---- writing ------------------------------------------------------------------------- */

static int write_file(const char *dir, const char *name, const char *suffix, const sbuf *s, diag *d) {
    if (s->failed) return diag_nomem(d);
    size_t size = strlen(dir) + strlen(name) + strlen(suffix) + 2;
    char *path = mem_alloc(size);
    if (!path) return diag_nomem(d);
    snprintf(path, size, "%s/%s%s", dir, name, suffix);
    const void *pieces[1] = {s->s ? s->s : ""};
    size_t sizes[1] = {s->len};
    int rc = file_write_atomic(path, pieces, sizes, 1, d);
    mem_free(path);
    return rc;
}

/* dir exists as a directory (made when missing; a symlink to one is taken). */
static int ensure_dir(const char *dir, diag *d) {
    struct stat st;
    if (stat(dir, &st) == 0) return S_ISDIR(st.st_mode) ? DIAG_OK : diag_set(d, DIAG_INVALID, "%s: not a directory", dir);
    if (mkdir(dir, 0777) != 0) return diag_set(d, DIAG_IO, "%s: %s", dir, strerror(errno));
    return DIAG_OK;
}

int aot_export(const compiled *c, const compile_options *o, const char *dir, const aot_options *x, diag *d) {
    if (!x->name || !is_identifier(x->name))
        return diag_set(d, DIAG_INVALID, "aot: the name '%s' is not a C identifier of at most %d characters",
                        x->name ? x->name : "", AOT_NAME_MAX);
    int rc = ensure_dir(dir, d);
    compile_options so = *o;
    so.codegen.static_entry = true;
    char *src = NULL;
    size_t len = 0;
    emit_c_info info = {0};
    if (!rc) rc = compiled_c_source(c, &so, &src, &len, &info, d);
    sbuf h = {0}, s = {0}, m = {0};
    if (!rc) {
        header_text(&h, c, x->name, info.uses_blas, info.uses_lapack);
        source_head(&s, x->name, o->codegen.strict_order);
        sb_put(&s, src, len);
        run_text(&s, c, x->name);
        if (x->with_main) main_tables(&m, c, x->name);
        rc = write_file(dir, x->name, ".h", &h, d);
    }
    if (!rc) rc = write_file(dir, x->name, ".c", &s, d);
    if (!rc && x->with_main) rc = write_file(dir, x->name, "_main.c", &m, d);
    mem_free(src);
    sb_free(&h);
    sb_free(&s);
    sb_free(&m);
    return rc;
}
