/* emit_c.c: the C source of a planned function.
 *
 * The source is: a header comment, the prelude (runtime helpers), the BLIS
 * declarations when a kernel calls it, the constants as static arrays, one
 * static function per fusion (aj_k<step>), and
 *     void aj_entry(char *arena, void *const *args, void *const *outs)
 * which calls the kernels in body order with pointers computed from the
 * plan, copies constants that live in a buffer, and finally performs the
 * plan's copies into outs[].
 *
 * Kernel parameters are "const T *restrict a<i>" (operand i) and
 * "T *restrict r<j>" (result j). restrict is dropped from every pointer
 * whose storage overlaps a pointer that the kernel writes (an in-place
 * result and its operand), whatever the plan's in_place_of says, so the
 * promise restrict makes is always true. */
#include <inttypes.h>
#include <string.h>

#include "../util/mem.h"
#include "emit_internal.h"

/* ---- where values live ---------------------------------------------------------- */

typedef enum storage_kind { IN_ARGS, IN_ARENA, IN_OUTS, IN_STATIC } storage_kind;

typedef struct storage {
    storage_kind kind;
    int index;             /* ARGS, OUTS: which; STATIC: the value id */
    size_t offset, bytes;  /* ARENA */
} storage;

static int storage_of(emit_ctx *cx, ir_value_id v, storage *s) {
    const plan_buffer *b = &cx->p->buf[v];
    switch (b->home) {
    case PLAN_PARAM: case PLAN_DONATED: *s = (storage){IN_ARGS, b->index, 0, 0}; return DIAG_OK;
    case PLAN_ARENA: *s = (storage){IN_ARENA, 0, b->offset, b->bytes}; return DIAG_OK;
    case PLAN_OUTPUT: *s = (storage){IN_OUTS, b->index, 0, 0}; return DIAG_OK;
    case PLAN_CONSTANT: *s = (storage){IN_STATIC, v, 0, 0}; return DIAG_OK;
    default: return ec_fail(cx, DIAG_INVALID, "the plan gives value %%%d no buffer", v);
    }
}

static bool overlaps(const storage *a, const storage *b) {
    if (a->kind != b->kind) return false;
    if (a->kind != IN_ARENA) return a->index == b->index;
    return a->bytes && b->bytes && a->offset < b->offset + b->bytes && b->offset < a->offset + a->bytes;
}

/* The C expression of value v's buffer, as a "T *" (or "const T *"). */
static const char *pointer_of(emit_ctx *cx, ir_value_id v, bool writable) {
    const plan_buffer *b = &cx->p->buf[v];
    const ir_type *t = ec_type(cx, v);
    const char *ct = ec_str(cx, "%s%s *", writable ? "" : "const ", ec_ctype(t->dtype));
    switch (b->home) {
    case PLAN_PARAM: case PLAN_DONATED: return ec_str(cx, "(%s)args[%d]", ct, b->index);
    case PLAN_ARENA: return ec_str(cx, "(%s)(arena + %zu)", ct, b->offset);
    case PLAN_OUTPUT: return ec_str(cx, "(%s)outs[%d]", ct, b->index);
    case PLAN_CONSTANT: {
        const ir_op *op = cx->f->values[v].def;
        if (writable || !op || op->code != IR_CONSTANT) break;
        if (ir_type_numel(t) == 0) return "0";
        return ex_constant_array(cx, op);
    }
    default: break;
    }
    ec_fail(cx, DIAG_INVALID, "the plan gives value %%%d no %sbuffer", v, writable ? "writable " : "");
    return NULL;
}

/* ---- kernels --------------------------------------------------------------------- */

static int check_fusion(emit_ctx *cx, const ir_op *op) {
    const ir_block *b = op->nregions == 1 ? op->regions[0] : NULL;
    const ir_op *ret = b && b->nops ? b->ops[b->nops - 1] : NULL;
    if (!b || b->nargs != op->nin || !ret || ret->code != IR_RETURN || ret->nin != op->nout)
        return ec_fail_op(cx, DIAG_INVALID, op, "needs one region with an argument per operand, ending in a "
                          "return of its results");
    for (int i = 0; i < op->nin; i++)
        if (!ec_dtype_ok(ec_type(cx, op->in[i])->dtype))
            return ec_fail_op(cx, DIAG_UNSUPPORTED, op, "operand %d: element type %s", i,
                              ir_dtype_name(ec_type(cx, op->in[i])->dtype));
    for (int i = 0; i < op->nout; i++)
        if (!ec_dtype_ok(ec_type(cx, op->out[i])->dtype))
            return ec_fail_op(cx, DIAG_UNSUPPORTED, op, "result %d: element type %s", i,
                              ir_dtype_name(ec_type(cx, op->out[i])->dtype));
    return DIAG_OK;
}

/* Pointer j of a kernel (operands first, then results) may be restrict
 * when no other pointer of the kernel that one of them writes overlaps it. */
static void restrict_flags(emit_ctx *cx, const ir_op *op, bool *ok) {
    int n = op->nin + op->nout;
    storage s[n];
    for (int j = 0; j < n; j++) {
        ok[j] = storage_of(cx, j < op->nin ? op->in[j] : op->out[j - op->nin], &s[j]) == DIAG_OK;
    }
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++)
            if (i != j && (i >= op->nin || j >= op->nin) && overlaps(&s[i], &s[j])) ok[j] = false;
}

static const char *kernel_params(emit_ctx *cx, const ir_op *op, const char **names) {
    int n = op->nin + op->nout;
    bool ok[n];
    restrict_flags(cx, op, ok);
    sbuf b = {0};
    for (int j = 0; j < n; j++) {
        bool out = j >= op->nin;
        ir_value_id v = out ? op->out[j - op->nin] : op->in[j];
        names[j] = ec_str(cx, "%c%d", out ? 'r' : 'a', out ? j - op->nin : j);
        sb_printf(&b, "%s%s%s *%s%s", j ? ", " : "", out ? "" : "const ", ec_ctype(ec_type(cx, v)->dtype),
                  ok[j] ? "restrict " : "", names[j]);
    }
    if (n == 0) sb_puts(&b, "void");
    return ec_take(cx, &b);
}

static int emit_kernel(emit_ctx *cx, const ir_op *op, int step) {
    if (check_fusion(cx, op)) return cx->rc;
    const ir_block *region = op->regions[0];
    const char *names[op->nin + op->nout + 1];
    const char *params = kernel_params(cx, op, names);
    if (cx->rc) return cx->rc;
    static const char *const kinds[] = {"loop", "reduce", "dot"};
    ec_line(cx, "/* step %d: %s kernel */", step,
            (unsigned)op->a.fusion_kind < 3 ? kinds[op->a.fusion_kind] : "?");
    ec_line(cx, "__attribute__((noinline))");
    ec_open(cx, "static void aj_k%d(%s)", step, params);
    for (int i = 0; i < op->nin; i++) cx->buffer[region->args[i]] = names[i];
    ex_kernel k = {op, region, region->ops[region->nops - 1], names + op->nin};
    switch (op->a.fusion_kind) {
    case IR_FUSION_LOOP: emit_loop_kernel(cx, &k); break;
    case IR_FUSION_REDUCE: emit_reduce_kernel(cx, &k); break;
    case IR_FUSION_DOT: emit_dot_kernel(cx, &k); break;
    default: ec_fail_op(cx, DIAG_INVALID, op, "unknown fusion kind %d", (int)op->a.fusion_kind); break;
    }
    for (int i = 0; i < op->nin; i++) {
        ir_value_id arg = region->args[i];
        if (!cx->buffer_read[arg]) ec_line(cx, "(void)%s;", names[i]);   /* an operand nothing reads */
        cx->buffer[arg] = NULL;
    }
    for (int i = 0; i < op->nout; i++)   /* a result without elements is never stored */
        if (ir_type_numel(ec_type(cx, op->out[i])) == 0) ec_line(cx, "(void)%s;", names[op->nin + i]);
    ec_close(cx);
    ec_line(cx, "%s", "");
    return cx->rc;
}

/* ---- the entry ---------------------------------------------------------------------- */

static void call_kernel(emit_ctx *cx, const ir_op *op, int step) {
    sbuf b = {0};
    for (int j = 0; j < op->nin + op->nout; j++) {
        bool out = j >= op->nin;
        const char *ptr = pointer_of(cx, out ? op->out[j - op->nin] : op->in[j], out);
        if (ptr) sb_printf(&b, "%s%s", j ? ", " : "", ptr);
    }
    ec_line(cx, "aj_k%d(%s);", step, ec_take(cx, &b));
}

/* A constant the plan keeps in a buffer is copied there at its step. */
static void place_constant(emit_ctx *cx, const ir_op *op) {
    ir_value_id v = op->out[0];
    size_t bytes = ir_type_bytes(ec_type(cx, v));
    if (cx->p->buf[v].home == PLAN_CONSTANT || bytes == 0) return;
    const char *dst = pointer_of(cx, v, true), *src = ex_constant_array(cx, op);
    if (dst && src) ec_line(cx, "memcpy(%s, %s, %zu);", dst, src, bytes);
}

static void copy_outputs(emit_ctx *cx) {
    for (int i = 0; i < cx->p->ncopies; i++) {
        const plan_copy *c = &cx->p->copies[i];
        size_t bytes = ir_type_bytes(ec_type(cx, c->from));
        if (bytes == 0) continue;
        const char *src = pointer_of(cx, c->from, false);
        if (src) ec_line(cx, "memcpy(outs[%d], %s, %zu);", c->output, src, bytes);
    }
}

static int emit_body(emit_ctx *cx) {
    const ir_block *body = cx->f->body;
    for (int i = 0; i < body->nops && !cx->rc; i++) {
        const ir_op *op = body->ops[i];
        if (op->code == IR_FUSION) emit_kernel(cx, op, i);
        else if (op->code != IR_CONSTANT && op->code != IR_RETURN)
            ec_fail_op(cx, DIAG_UNSUPPORTED, op, "appears outside a kernel (the body must hold only "
                       "constants, fusions and the return)");
    }
    ec_open(cx, "void aj_entry(char *arena, void *const *args, void *const *outs)");
    ec_line(cx, "(void)arena;");
    ec_line(cx, "(void)args;");
    ec_line(cx, "(void)outs;");
    for (int i = 0; i < body->nops && !cx->rc; i++) {
        const ir_op *op = body->ops[i];
        if (op->code == IR_FUSION) call_kernel(cx, op, i);
        else if (op->code == IR_CONSTANT) place_constant(cx, op);
    }
    copy_outputs(cx);
    ec_close(cx);
    return cx->rc;
}

/* ---- assembling the source -------------------------------------------------------------- */

static int check_inputs(const ir_func *f, const plan *p, diag *d) {
    if (!f || !f->body || !p || !p->buf || p->nvalues != f->nvalues)
        return diag_set(d, DIAG_INVALID, "emit: the plan does not belong to the function");
    for (int i = 0; i < p->ncopies; i++)
        if (p->copies[i].from < 0 || p->copies[i].from >= f->nvalues)
            return diag_set(d, DIAG_INVALID, "emit: plan copy %d reads no value", i);
    return DIAG_OK;
}

static void free_ctx(emit_ctx *cx) {
    for (int i = 0; i < cx->nstrings; i++) mem_free(cx->strings[i]);
    mem_free(cx->strings);
    mem_free(cx->memo);
    mem_free(cx->buffer);
    mem_free(cx->buffer_read);
    sb_free(&cx->decls);
    sb_free(&cx->code);
}

static int assemble(emit_ctx *cx, char **source, size_t *len) {
    sbuf s = {0};
    sb_printf(&s, "/* arrayjit: @%s, %s mode */\n", cx->f->name ? cx->f->name : "",
              cx->o->strict_order ? "strict" : "fast");
    sb_puts(&s, emit_prelude);
    if (cx->uses_blas) sb_puts(&s, emit_prelude_blis);
    if (cx->decls.len) {
        sb_puts(&s, "/* ---- constants ---- */\n");
        sb_puts(&s, cx->decls.s);
        sb_puts(&s, "\n");
    }
    sb_puts(&s, "/* ---- kernels ---- */\n");
    if (cx->code.s) sb_puts(&s, cx->code.s);
    if (s.failed || cx->decls.failed || cx->code.failed) {
        sb_free(&s);
        return diag_nomem(cx->d);
    }
    *source = s.s;
    *len = s.len;
    return DIAG_OK;
}

int emit_c_source_info(const ir_func *f, const plan *p, const codegen_options *o,
                       char **source, size_t *len, emit_c_info *info, diag *d) {
    static const codegen_options defaults = {0};
    int rc = check_inputs(f, p, d);
    if (rc) return rc;
    emit_ctx cx = {.f = f, .p = p, .o = o ? o : &defaults, .d = d};
    cx.buffer = mem_calloc((size_t)f->nvalues, sizeof(const char *));
    cx.buffer_read = mem_calloc((size_t)f->nvalues, sizeof(bool));
    if (!cx.buffer || !cx.buffer_read) rc = diag_nomem(d);
    if (!rc) rc = emit_body(&cx);
    if (!rc) rc = assemble(&cx, source, len);
    if (!rc && info) *info = (emit_c_info){cx.uses_blas, cx.uses_openmp};
    free_ctx(&cx);
    return rc;
}

int emit_c_source(const ir_func *f, const plan *p, const codegen_options *o,
                  char **source, size_t *len, diag *d) {
    return emit_c_source_info(f, p, o, source, len, NULL, d);
}
