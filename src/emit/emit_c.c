/* emit_c.c: the C source of a planned function.
 *
 * The source is: a header comment, the prelude (runtime helpers), the BLIS
 * declarations when a kernel calls it, the constants as static arrays, the
 * sub-programs of control-flow kernels (each a function of its own with its
 * kernels and a static entry, names prefixed aj_s<i>_), one static function
 * per distinct fusion (aj_k<step>, named after the first step that has its
 * text: emit_reuse.c), the parts of the entry (aj_steps<n>), and
 *     void aj_entry(char *arena, void *const *args, void *const *outs, aj_run *run)
 * which calls the parts in order. Together they call the kernels in body
 * order with pointers computed from the plan, copy constants that live in a
 * buffer, and finally perform the plan's copies into outs[]. run (codegen.h's
 * codegen_run) goes down to the control-flow kernels, whose loops poll it.
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
    size_t offset, bytes;  /* ARENA, OUTS: the byte range (an output's own value: all of it) */
} storage;

/* The bytes of one row (one index of dim 0) of v; 0 for scalars. */
static size_t row_bytes(emit_ctx *cx, ir_value_id v) {
    const ir_type *t = ec_type(cx, v);
    return t->rank >= 1 && t->dims[0] > 0 ? ir_type_bytes(t) / (size_t)t->dims[0] : 0;
}

static int storage_of(emit_ctx *cx, ir_value_id v, storage *s) {
    const plan_buffer *b = &cx->p->buf[v];
    if (cx->block_slot && cx->block_slot[v].bytes) {
        *s = (storage){IN_ARENA, 0, cx->p->scratch_offset + cx->block_slot[v].offset, cx->block_slot[v].bytes};
        return DIAG_OK;
    }
    switch (b->home) {
    case PLAN_PARAM: case PLAN_DONATED: *s = (storage){IN_ARGS, b->index, 0, 0}; return DIAG_OK;
    case PLAN_ARENA: *s = (storage){IN_ARENA, 0, b->offset, b->bytes}; return DIAG_OK;
    case PLAN_OUTPUT: case PLAN_IN_OUTPUT: *s = (storage){IN_OUTS, b->index, b->offset, b->bytes}; return DIAG_OK;
    case PLAN_CONSTANT: *s = (storage){IN_STATIC, v, 0, 0}; return DIAG_OK;
    default: return ec_fail(cx, DIAG_INVALID, "the plan gives value %%%d no buffer", v);
    }
}

static bool overlaps(const storage *a, const storage *b) {
    if (a->kind != b->kind) return false;
    if (a->kind != IN_ARENA && a->index != b->index) return false;
    if (a->kind != IN_ARENA && a->kind != IN_OUTS) return true;
    return a->bytes && b->bytes && a->offset < b->offset + b->bytes && b->offset < a->offset + a->bytes;
}

bool ec_storage_overlaps(emit_ctx *cx, ir_value_id a, ir_value_id b) {
    storage sa = {0}, sb = {0};
    return !storage_of(cx, a, &sa) && !storage_of(cx, b, &sb) && overlaps(&sa, &sb);
}

/* ---- kernels --------------------------------------------------------------------- */

/* Kernels that get the arena after their buffers: control flow (its
 * sub-programs run in the scratch block) and a dot written over its lhs
 * (its blocks of rows pass through the scratch block). */
static bool takes_arena(emit_ctx *cx, const ir_op *op) {
    return codegen_is_control_kernel(op) || ex_dot_rows_in_place(cx, op, NULL) >= 0;
}

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
    cx->results_alone = 0;
    for (int r = 0; r < op->nout && r < 64; r++)
        if (ok[op->nin + r]) cx->results_alone |= (uint64_t)1 << r;
    sbuf b = {0};
    for (int j = 0; j < n; j++) {
        bool out = j >= op->nin;
        ir_value_id v = out ? op->out[j - op->nin] : op->in[j];
        names[j] = ec_str(cx, "%c%d", out ? 'r' : 'a', out ? j - op->nin : j);
        sb_printf(&b, "%s%s%s *%s%s", j ? ", " : "", out ? "" : "const ", ec_ctype(ec_type(cx, v)->dtype),
                  ok[j] ? "restrict " : "", names[j]);
    }
    if (cx->row_n) sb_printf(&b, "%sint64_t aj_lo, int64_t aj_hi", n ? ", " : "");
    else if (takes_arena(cx, op))
        sb_printf(&b, "%schar *arena%s", n ? ", " : "", codegen_is_control_kernel(op) ? ", aj_run *run" : "");
    else if (n == 0) sb_puts(&b, "void");
    return ec_take(cx, &b);
}

/* What a kernel's definition says before its name. */
static const char kernel_decl[] = "static void ";

/* The kernel just emitted from code offset `start` on, whose text after
 * its name starts at `text`: step calls the first kernel with that text,
 * and the text goes again if one came before (emit_reuse.c says why that
 * is safe). */
static void keep_or_reuse(emit_ctx *cx, int step, size_t start, size_t text, const char *name) {
    if (cx->rc || cx->code.failed) return;
    size_t len = cx->code.len - text;
    int k = ec_kernels_find(cx->kernels, cx->code.s + text, len);
    if (k >= 0) {
        cx->code.len = start;
        cx->code.s[start] = 0;
    } else if ((k = ec_kernels_add(cx->kernels, cx->code.s + text, len, name)) < 0) {
        cx->rc = diag_nomem(cx->d);
        return;
    }
    cx->kernel_of[step] = k;
}

static int emit_kernel(emit_ctx *cx, const ir_op *op, int step) {
    if (check_fusion(cx, op)) return cx->rc;
    const ir_block *region = op->regions[0];
    const char *names[op->nin + op->nout + 1];
    cx->next_local = 0;   /* local names say nothing about the step: kernels alike print alike */
    const char *params = kernel_params(cx, op, names);
    if (cx->rc) return cx->rc;
    static const char *const kinds[] = {"loop", "reduce", "dot", "opaque"};
    size_t start = cx->code.len;
    ec_line(cx, "/* step %d: %s kernel */", step,
            (unsigned)op->a.fusion_kind < 4 ? kinds[op->a.fusion_kind] : "?");
    ec_line(cx, "__attribute__((noinline))");
    const char *name = ec_str(cx, "%sk%d", cx->prefix, step);
    size_t text = cx->code.len + strlen(kernel_decl) + strlen(name);   /* kernels are at indent 0 */
    ec_open(cx, "%s%s(%s)", kernel_decl, name, params);
    for (int i = 0; i < op->nin; i++) cx->buffer[region->args[i]] = names[i];
    ex_kernel k = {op, region, region->ops[region->nops - 1], names + op->nin};
    switch (op->a.fusion_kind) {
    case IR_FUSION_LOOP: emit_loop_kernel(cx, &k); break;
    case IR_FUSION_REDUCE: emit_reduce_kernel(cx, &k); break;
    case IR_FUSION_DOT: emit_dot_kernel(cx, &k); break;
    case IR_FUSION_OPAQUE: emit_opaque_kernel(cx, &k); break;
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
    keep_or_reuse(cx, step, start, text, name);
    return cx->rc;
}

/* ---- the entry ----------------------------------------------------------------------
 *
 * The entry's statements (kernel calls, copies) are written in parts,
 * static functions of at most PART_MAX_CALLS statements each, which the
 * entry calls in order: gcc's time on a function grows faster than its
 * length (10^5 calls in one function: minutes; in parts of 256: seconds).
 * A part takes the entry's parameters and writes nothing but what its
 * statements write, so the code stays reentrant. It reads each caller's
 * pointer it uses once, at its top ("void *aj_arg0 = args[0];"), so that
 * gcc has no load of args[] or outs[] to check against every call before
 * it (at 10^5 calls, half of gcc's time). */
enum { PART_MAX_CALLS = 256 };

static const char entry_params[] = "char *arena, void *const *args, void *const *outs, aj_run *run";

typedef struct entry_part {
    int n;           /* parts begun; the last is open while `open` */
    bool open;
    int calls;       /* statements in the open part */
    sbuf before;     /* the source before the open part, whose statements go to cx->code */
    int nargs, nouts;
    int *named;      /* per caller's pointer (args[i], then outs[i]): the last part (n) naming it */
    int *order;      /* the pointers the open part names, in order; nnamed of them */
    int nnamed;
} entry_part;

static int open_parts(emit_ctx *cx, entry_part *part) {
    *part = (entry_part){.nargs = cx->f->body->nargs, .nouts = cx->f->nresults};
    size_t slots = (size_t)part->nargs + (size_t)part->nouts + 1;
    part->named = mem_calloc(slots, sizeof(int));
    part->order = mem_calloc(slots, sizeof(int));
    if (part->named && part->order) return DIAG_OK;
    mem_free(part->named);
    mem_free(part->order);
    return cx->rc = diag_nomem(cx->d);
}

/* The local that names caller's pointer args[i] (outs[i] when out) in the
 * open part. */
static const char *caller_pointer(emit_ctx *cx, entry_part *part, bool out, int i) {
    int count = out ? part->nouts : part->nargs;
    if (i < 0 || i >= count) {
        ec_fail(cx, DIAG_INVALID, "the plan names %s[%d] of %d", out ? "outs" : "args", i, count);
        return "0";
    }
    int slot = (out ? part->nargs : 0) + i;
    if (part->named[slot] != part->n) {
        part->named[slot] = part->n;
        part->order[part->nnamed++] = slot;
    }
    return ec_str(cx, "aj_%s%d", out ? "out" : "arg", i);
}

static void unused_params(emit_ctx *cx) {
    ec_line(cx, "(void)arena;");
    ec_line(cx, "(void)args;");
    ec_line(cx, "(void)outs;");
    ec_line(cx, "(void)run;");
}

/* Writes the open part: its head, the caller's pointers it names, then its
 * statements. */
static void close_part(emit_ctx *cx, entry_part *part) {
    if (!part->open) return;
    sbuf statements = cx->code;
    cx->code = part->before;
    part->before = (sbuf){0};
    part->open = false;
    cx->indent = 0;
    ec_line(cx, "__attribute__((noinline))");   /* inlined back, the parts would be one function again */
    ec_open(cx, "static void %ssteps%d(%s)", cx->prefix, part->n - 1, entry_params);
    unused_params(cx);
    for (int k = 0; k < part->nnamed; k++) {
        bool out = part->order[k] >= part->nargs;
        int i = out ? part->order[k] - part->nargs : part->order[k];
        ec_line(cx, "void *aj_%s%d = %s[%d];", out ? "out" : "arg", i, out ? "outs" : "args", i);
    }
    if (statements.failed) cx->code.failed = true;
    if (statements.len && !cx->rc) sb_put(&cx->code, statements.s, statements.len);
    sb_free(&statements);
    ec_close(cx);
    ec_line(cx, "%s", "");
}

/* Makes room for `calls` statements in the open part, closing it and
 * opening the next when they do not fit (a row-blocked run's calls, at
 * most ROW_RUN_MAX, stay in one part). */
static void part_room(emit_ctx *cx, entry_part *part, int calls) {
    if (part->open && part->calls + calls <= PART_MAX_CALLS) {
        part->calls += calls;
        return;
    }
    close_part(cx, part);
    part->before = cx->code;
    cx->code = (sbuf){0};
    cx->indent = 1;
    part->open = true;
    part->n++;
    part->nnamed = 0;
    part->calls = calls;
}

/* The C expression of value v's buffer, as a "T *" (or "const T *"), in
 * the open part. */
static const char *pointer_of(emit_ctx *cx, entry_part *part, ir_value_id v, bool writable) {
    const plan_buffer *b = &cx->p->buf[v];
    const ir_type *t = ec_type(cx, v);
    const char *ct = ec_str(cx, "%s%s *", writable ? "" : "const ", ec_ctype(t->dtype));
    /* a block-local value is indexed by absolute row: its slot, shifted back
       by the block's first row (as an integer: the pointer lies before the arena) */
    if (cx->block_slot && cx->block_slot[v].bytes)
        return ec_str(cx, "((%s)((uintptr_t)(arena + %zu) - (uintptr_t)aj_lo * %zu))", ct,
                      cx->p->scratch_offset + cx->block_slot[v].offset, row_bytes(cx, v));
    switch (b->home) {
    case PLAN_PARAM: case PLAN_DONATED: return ec_str(cx, "(%s)%s", ct, caller_pointer(cx, part, false, b->index));
    case PLAN_ARENA: return ec_str(cx, "(%s)(arena + %zu)", ct, b->offset);
    case PLAN_OUTPUT: return ec_str(cx, "(%s)%s", ct, caller_pointer(cx, part, true, b->index));
    case PLAN_IN_OUTPUT:
        return ec_str(cx, "(%s)((char *)%s + %zu)", ct, caller_pointer(cx, part, true, b->index), b->offset);
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

static void call_kernel(emit_ctx *cx, entry_part *part, const ir_op *op, int step) {
    sbuf b = {0};
    for (int j = 0; j < op->nin + op->nout; j++) {
        bool out = j >= op->nin;
        const char *ptr = pointer_of(cx, part, out ? op->out[j - op->nin] : op->in[j], out);
        if (ptr) sb_printf(&b, "%s%s", j ? ", " : "", ptr);
    }
    if (cx->row_n) sb_printf(&b, "%saj_lo, aj_hi", op->nin + op->nout ? ", " : "");
    else if (takes_arena(cx, op))
        sb_printf(&b, "%sarena%s", op->nin + op->nout ? ", " : "", codegen_is_control_kernel(op) ? ", run" : "");
    ec_line(cx, "%s(%s);", ec_kernels_name(cx->kernels, cx->kernel_of[step]), ec_take(cx, &b));
}

/* A constant the plan keeps in a buffer is copied there at its step. */
static bool places_constant(emit_ctx *cx, const ir_op *op) {
    ir_value_id v = op->out[0];
    return cx->p->buf[v].home != PLAN_CONSTANT && ir_type_bytes(ec_type(cx, v)) != 0;
}

static void place_constant(emit_ctx *cx, entry_part *part, const ir_op *op) {
    ir_value_id v = op->out[0];
    const char *dst = pointer_of(cx, part, v, true), *src = ex_constant_array(cx, op);
    if (dst && src) ec_line(cx, "memcpy(%s, %s, %zu);", dst, src, ir_type_bytes(ec_type(cx, v)));
}

static void copy_outputs(emit_ctx *cx, entry_part *part) {
    for (int i = 0; i < cx->p->ncopies; i++) {
        const plan_copy *c = &cx->p->copies[i];
        size_t bytes = ir_type_bytes(ec_type(cx, c->from));
        if (bytes == 0) continue;
        part_room(cx, part, 1);
        const char *src = pointer_of(cx, part, c->from, false);
        if (src) ec_line(cx, "memcpy(%s, %s, %zu);", caller_pointer(cx, part, true, c->output), src, bytes);
    }
}

/* ---- row blocking -------------------------------------------------------------------
 *
 * Consecutive loop and reduce kernels whose index spaces share a first dim
 * of N rows, and that read what the others of the run write only row by row
 * (row i of a value only while computing row i), run block by block: the
 * entry loops over blocks of rows and calls every kernel of the run on each,
 * so a block written by one kernel is still in cache when the next reads it
 * (softmax: one pass over memory instead of four). The per-element
 * arithmetic is unchanged. A loop kernel of the run prefetches the next
 * block's rows of the values the run reads from outside (run_prefetch,
 * emit_ctx.row_prefetch), so memory works while it computes. */

enum { ROW_BLOCK_BYTES = 128 << 10 };   /* per value, a block's rows */

/* N, the first dim of a kernel's index space, when it is blockable; else 0. */
static int64_t kernel_rows(emit_ctx *cx, const ir_op *op, int64_t *row_elems) {
    if (op->code != IR_FUSION || op->nregions != 1 || op->nout < 1) return 0;
    if (op->a.fusion_kind != IR_FUSION_LOOP && op->a.fusion_kind != IR_FUSION_REDUCE) return 0;
    const ir_type *t = ec_type(cx, op->out[0]);
    if (t->rank < 1 || t->dims[0] < 2) return 0;
    for (int i = 1; i < op->nout; i++) {
        const ir_type *u = ec_type(cx, op->out[i]);
        if (u->rank < 1 || u->dims[0] != t->dims[0]) return 0;
    }
    int64_t elems = 1;
    for (int d = 1; d < t->rank; d++) elems *= t->dims[d];
    const ir_block *r = op->regions[0];
    for (int i = 0; i < r->nops; i++) {
        const ir_op *o = r->ops[i];
        if (o->code != IR_REDUCE) continue;
        if (op->a.fusion_kind != IR_FUSION_REDUCE) return 0;
        const ir_type *in = ec_type(cx, o->in[0]);
        if (in->rank < 1 || in->dims[0] != t->dims[0]) return 0;
        for (int k = 0; k < o->a.dims.n; k++)
            if (o->a.dims.v[k] == 0) return 0;
    }
    *row_elems = elems;
    return t->dims[0];
}

/* Whether the kernel reads operand `arg` (a region argument) only at the row
 * it computes: every op that depends on it keeps the first dim. */
static bool reads_by_row(emit_ctx *cx, const ir_op *op, int arg, int64_t n, bool *dep) {
    const ir_block *r = op->regions[0];
    bool ok = true;
    dep[r->args[arg]] = true;
    for (int i = 0; i < r->nops && ok; i++) {
        const ir_op *o = r->ops[i];
        bool d = false;
        for (int k = 0; k < o->nin; k++) d |= dep[o->in[k]];
        if (!d) continue;
        ir_op_kind kind = ir_op_kind_of(o->code);
        const ir_type *out = o->nout ? ec_type(cx, o->out[0]) : NULL;
        bool rows = out && out->rank >= 1 && out->dims[0] == n;
        switch (o->code) {
        case IR_RETURN: break;
        case IR_REDUCE:
            for (int k = 0; k < o->nin / 2; k++) ok &= !dep[o->in[o->nin / 2 + k]];   /* not as an init */
            break;
        case IR_BROADCAST_IN_DIM: ok = rows && o->a.dims.n >= 1 && o->a.dims.v[0] == 0; break;
        case IR_CONVERT: case IR_COMPARE: case IR_SELECT: case IR_CLAMP: ok = rows; break;
        default: ok = rows && (kind == IR_KIND_UNARY || kind == IR_KIND_BINARY); break;
        }
        for (int k = 0; k < o->nout; k++) dep[o->out[k]] = true;
    }
    for (int i = 0; i < r->nops; i++)
        for (int k = 0; k < r->ops[i]->nout; k++) dep[r->ops[i]->out[k]] = false;
    dep[r->args[arg]] = false;
    return ok;
}

/* Two values in one storage that a run may share: both produced by it, row
 * for row at the same place. */
static bool same_rows(emit_ctx *cx, ir_value_id a, const storage *sa, ir_value_id b, const storage *sb) {
    return sa->kind == sb->kind && sa->offset == sb->offset && row_bytes(cx, a) == row_bytes(cx, b);
}

/* At most this many kernels in a run: a block stays in cache across the
 * 64th kernel as across the 65th, and each kernel joining a run is checked
 * against every kernel of it, so the bound keeps find_runs linear in the
 * body (a 10^4-op chain of row kernels took minutes without it). */
enum { ROW_RUN_MAX = 64 };

/* Value w, written by a kernel of a run, and value v, read or written by a
 * kernel of it, may share storage only when both are produced by the run,
 * row for row at the same place. */
static bool storage_pair_ok(emit_ctx *cx, ir_value_id w, ir_value_id v, const bool *produced) {
    storage sw = {0}, sv = {0};
    if (v == w) return true;
    if (storage_of(cx, w, &sw) || storage_of(cx, v, &sv)) return false;
    return !overlaps(&sw, &sv) || (produced[v] && same_rows(cx, w, &sw, v, &sv));
}

/* storage_pair_ok for w and every value op o reads or writes. */
static bool writes_beside(emit_ctx *cx, ir_value_id w, const ir_op *o, const bool *produced) {
    for (int k = 0; k < o->nin + o->nout; k++)
        if (!storage_pair_ok(cx, w, k < o->nin ? o->in[k] : o->out[k - o->nin], produced)) return false;
    return true;
}

/* Whether body op j can join the run [first, j) of N rows (j == first:
 * start it), whose results produced[] marks: it reads them only row by row,
 * and the pairs of values it adds pass storage_pair_ok (the pairs within
 * [first, j) passed already; marking j's results produced only relaxes
 * them). On success j's results are marked too. */
static bool run_extends(emit_ctx *cx, int first, int j, int64_t n, bool *produced, bool *dep) {
    const ir_op *op = cx->f->body->ops[j];
    for (int k = 0; k < op->nin; k++)
        if (produced[op->in[k]] && !reads_by_row(cx, op, k, n, dep)) return false;
    for (int k = 0; k < op->nout; k++) produced[op->out[k]] = true;
    bool ok = true;
    for (int i = first; i <= j && ok; i++) {
        const ir_op *o = cx->f->body->ops[i];
        for (int a = 0; a < op->nout && ok; a++) ok = writes_beside(cx, op->out[a], o, produced);
        for (int a = 0; a < o->nout && ok && i < j; a++) ok = writes_beside(cx, o->out[a], op, produced);
    }
    if (!ok)
        for (int k = 0; k < op->nout; k++) produced[op->out[k]] = false;
    return ok;
}

/* run[i]: the last op of the run that op i starts (i itself when none). */
static void find_runs(emit_ctx *cx, int *run, int64_t *rows) {
    const ir_block *body = cx->f->body;
    for (int i = 0; i < body->nops; i++) run[i] = i, rows[i] = 0;
    if (cx->o->threads > 1) return;
    bool *produced = mem_calloc((size_t)cx->f->nvalues, 2 * sizeof(bool));
    if (!produced) return;
    for (int i = 0; i < body->nops; i++) {
        int64_t e, n = kernel_rows(cx, body->ops[i], &e);
        if (!n) continue;
        int last = i;
        if (!run_extends(cx, i, i, n, produced, produced + cx->f->nvalues)) continue;   /* its own pairs */
        while (last + 1 < body->nops && last + 1 - i < ROW_RUN_MAX && kernel_rows(cx, body->ops[last + 1], &e) == n &&
               run_extends(cx, i, last + 1, n, produced, produced + cx->f->nvalues))
            last++;
        for (int j = i; j <= last; j++)
            for (int k = 0; k < body->ops[j]->nout; k++) produced[body->ops[j]->out[k]] = false;
        if (last > i) {
            run[i] = last, rows[i] = n;
            i = last;
        }
    }
    mem_free(produced);
}

/* Rows per block of the run [first, last] of n rows: ROW_BLOCK_BYTES of
 * its widest value. */
static int64_t run_block(emit_ctx *cx, int first, int last, int64_t n) {
    const ir_block *body = cx->f->body;
    size_t widest = 1;
    for (int j = first; j <= last; j++)
        for (int k = 0; k < body->ops[j]->nin + body->ops[j]->nout; k++) {
            const ir_op *o = body->ops[j];
            ir_value_id v = k < o->nin ? o->in[k] : o->out[k - o->nin];
            const ir_type *t = ec_type(cx, v);
            if (t->rank >= 1 && t->dims[0] == n && row_bytes(cx, v) > widest) widest = row_bytes(cx, v);
        }
    int64_t block = (int64_t)(ROW_BLOCK_BYTES / widest);
    return block < 1 ? 1 : block;
}

/* Whether ops [first, last) of the body read or write v. */
static bool run_touches(const ir_block *body, int first, int last, ir_value_id v, bool outputs_only) {
    for (int j = first; j < last; j++) {
        const ir_op *o = body->ops[j];
        for (int k = outputs_only ? o->nin : 0; k < o->nin + o->nout; k++)
            if ((k < o->nin ? o->in[k] : o->out[k - o->nin]) == v) return true;
    }
    return false;
}

/* The shape kernel j walks: its result's (LOOP) or its reductions' input (REDUCE). */
static const ir_type *index_space(emit_ctx *cx, const ir_op *op) {
    if (op->a.fusion_kind == IR_FUSION_LOOP) return ec_type(cx, op->out[0]);
    const ir_block *r = op->regions[0];
    for (int i = 0; i < r->nops; i++)
        if (r->ops[i]->code == IR_REDUCE) return ec_type(cx, r->ops[i]->in[0]);
    return ec_type(cx, op->out[0]);
}

/* Whether kernel op of a run reads value v row by row as it walks its
 * index space t (same rows and row length): one that may prefetch v. */
static bool reads_in_step(emit_ctx *cx, const ir_op *op, const ir_type *t, ir_value_id v) {
    const ir_type *u = ec_type(cx, v);
    if (u->rank < 1 || u->dims[0] != t->dims[0] || ir_type_numel(u) != ir_type_numel(t)) return false;
    for (int k = 0; k < op->nin; k++)
        if (op->in[k] == v) return true;
    return false;
}

/* The operands of kernel j of the run [first, last] to prefetch a block
 * ahead (emit_ctx.row_prefetch): those no kernel of the run writes, read in
 * step with j's index space, and by no later kernel of the run (the last
 * reader prefetches: softmax's exp and sum, whose arithmetic leaves memory
 * idle, rather than the max before it). */
static uint64_t run_prefetch(emit_ctx *cx, int first, int last, int j) {
    const ir_block *body = cx->f->body;
    const ir_op *op = body->ops[j];
    uint64_t bits = 0;
    if (op->nout < 1) return 0;
    const ir_type *t = index_space(cx, op);
    for (int k = 0; k < op->nin && k < 64; k++) {
        ir_value_id v = op->in[k];
        if (!reads_in_step(cx, op, t, v) || run_touches(body, first, last + 1, v, true)) continue;
        bool later = false;
        for (int i = j + 1; i <= last && !later; i++) later = run_touches(body, i, i + 1, v, false);
        if (!later) bits |= (uint64_t)1 << k;
    }
    return bits;
}

/* ---- block-local values ---------------------------------------------------------------
 * In fast mode, an intermediate the plan put in an output buffer (an
 * in-place chain that ends in the output: softmax's exp(x - max) under its
 * final divide), big enough for streaming stores and read only by the later
 * kernels of its row-blocked run, lives instead in a slot of the plan's
 * scratch block that holds one block of its rows. The output's lines are
 * then written once, by the run's last kernel, with streaming stores,
 * rather than fetched from memory to be written, read back and written
 * again. The driver reserves the slots (codegen_block_scratch) before the
 * code is emitted; a run that is not emitted blocked uses none. */

/* Whether only ops (first, last] of the run read v (not the return, no copy). */
static bool read_only_in_run(emit_ctx *cx, int def, int last, ir_value_id v) {
    const ir_block *body = cx->f->body;
    for (int j = 0; j < body->nops; j++) {
        if (j > def && j <= last) continue;
        for (int k = 0; k < body->ops[j]->nin; k++)
            if (body->ops[j]->in[k] == v) return false;
    }
    for (int c = 0; c < cx->p->ncopies; c++)
        if (cx->p->copies[c].from == v) return false;
    return true;
}

static bool block_local(emit_ctx *cx, int def, int last, int64_t n, ir_value_id v) {
    const ir_type *t = ec_type(cx, v);
    plan_home home = cx->p->buf[v].home;
    return !cx->o->strict_order && (home == PLAN_OUTPUT || home == PLAN_IN_OUTPUT) && t->dtype == IR_F32 &&
           t->rank >= 1 && t->dims[0] == n && ir_type_bytes(t) >= EC_STREAM_MIN_BYTES &&
           read_only_in_run(cx, def, last, v);
}

/* The bytes of the block-local values of the run [first, last] of n rows;
 * with slots, also gives each its slot. */
static size_t run_block_locals(emit_ctx *cx, int first, int last, int64_t n, struct ec_block_slot *slots) {
    const ir_block *body = cx->f->body;
    int64_t block = run_block(cx, first, last, n);
    size_t used = 0;
    for (int j = first; j <= last; j++)
        for (int r = 0; r < body->ops[j]->nout; r++) {
            ir_value_id v = body->ops[j]->out[r];
            if (!block_local(cx, j, last, n, v)) continue;
            size_t bytes = ((size_t)block * row_bytes(cx, v) + PLAN_ALIGN - 1) / PLAN_ALIGN * PLAN_ALIGN;
            if (slots) slots[v] = (struct ec_block_slot){used, bytes};
            used += bytes;
        }
    return used;
}

static void drop_block_locals(emit_ctx *cx, int first, int last) {
    for (int j = first; j <= last; j++)
        for (int r = 0; r < cx->f->body->ops[j]->nout; r++)
            cx->block_slot[cx->f->body->ops[j]->out[r]] = (struct ec_block_slot){0, 0};
}

/* The parts, then the entry that calls them: every kernel call in body
 * order (a row-blocked run, [i, run[i]] of rows[i] rows, in its loop over
 * blocks), the constants' copies, and the plan's copies into outs[]. */
static void emit_entry(emit_ctx *cx, const int *run, const int64_t *rows) {
    const ir_block *body = cx->f->body;
    entry_part part;
    if (open_parts(cx, &part)) return;
    for (int i = 0; i < body->nops && !cx->rc; i++) {
        const ir_op *op = body->ops[i];
        if (rows[i]) {
            int64_t block = run_block(cx, i, run[i], rows[i]);
            part_room(cx, &part, run[i] - i + 1);
            ec_open(cx, "for (int64_t aj_lo = 0; aj_lo < %" PRId64 "; aj_lo += %" PRId64 ")", rows[i], block);
            ec_line(cx, "int64_t aj_hi = aj_lo + %" PRId64 " < %" PRId64 " ? aj_lo + %" PRId64 " : %" PRId64 ";",
                    block, rows[i], block, rows[i]);
            cx->row_n = rows[i];
            for (int j = i; j <= run[i]; j++) call_kernel(cx, &part, body->ops[j], j);
            cx->row_n = 0;
            ec_close(cx);
            i = run[i];
        } else if (op->code == IR_FUSION) {
            part_room(cx, &part, 1);
            call_kernel(cx, &part, op, i);
        } else if (op->code == IR_CONSTANT && places_constant(cx, op)) {
            part_room(cx, &part, 1);
            place_constant(cx, &part, op);
        }
    }
    copy_outputs(cx, &part);
    close_part(cx, &part);
    mem_free(part.named);
    mem_free(part.order);
    ec_open(cx, "%svoid %sentry(%s)", cx->nested ? "static " : "", cx->prefix, entry_params);
    unused_params(cx);
    for (int n = 0; n < part.n; n++) ec_line(cx, "%ssteps%d(arena, args, outs, run);", cx->prefix, n);
    ec_close(cx);
}

static int emit_body(emit_ctx *cx) {
    const ir_block *body = cx->f->body;
    int *run = mem_alloc(sizeof(int) * (size_t)(body->nops + 1));
    int64_t *rows = mem_alloc(sizeof(int64_t) * (size_t)(body->nops + 1));
    if (!run || !rows) {
        mem_free(run);
        mem_free(rows);
        return diag_nomem(cx->d);
    }
    find_runs(cx, run, rows);
    for (int i = 0; i < body->nops && !cx->rc; i++) {
        const ir_op *op = body->ops[i];
        if (rows[i]) {   /* a run: emitted blocked, or plainly if a kernel's loops do not fit */
            size_t mark = cx->code.len;
            int kernels = ec_kernels_count(cx->kernels);
            if (run_block_locals(cx, i, run[i], rows[i], NULL) <= cx->p->scratch_bytes)
                run_block_locals(cx, i, run[i], rows[i], cx->block_slot);
            bool good = true;
            for (int j = i; j <= run[i] && good && !cx->rc; j++) {
                int64_t e;
                cx->row_n = kernel_rows(cx, body->ops[j], &e);
                cx->row_elems = e;
                cx->row_indent = cx->indent + 1;
                cx->row_opens = cx->row_done = 0;
                cx->row_block = run_block(cx, i, run[i], rows[i]);
                cx->row_prefetch = run_prefetch(cx, i, run[i], j);
                emit_kernel(cx, body->ops[j], j);
                good = cx->row_opens == 1 && cx->row_done == 1;
            }
            cx->row_n = 0;
            cx->row_prefetch = 0;
            if (good || cx->rc) {
                i = run[i];
                continue;
            }
            cx->code.len = mark;
            if (cx->code.s) cx->code.s[mark] = 0;
            ec_kernels_truncate(cx->kernels, kernels);
            drop_block_locals(cx, i, run[i]);
            rows[i] = 0;
            for (int j = i + 1; j <= run[i]; j++) run[j] = j, rows[j] = 0;
            run[i] = i;
        }
        if (op->code == IR_FUSION) emit_kernel(cx, op, i);
        else if (op->code != IR_CONSTANT && op->code != IR_RETURN)
            ec_fail_op(cx, DIAG_UNSUPPORTED, op, "appears outside a kernel (the body must hold only "
                       "constants, fusions and the return)");
    }
    emit_entry(cx, run, rows);
    mem_free(run);
    mem_free(rows);
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
    if (!cx->nested) ec_kernels_free(cx->kernels);   /* the root's: sub-programs share it */
    mem_free(cx->kernel_of);
    for (int i = 0; i < cx->nstrings; i++) mem_free(cx->strings[i]);
    mem_free(cx->strings);
    mem_free(cx->memo);
    mem_free(cx->buffer);
    mem_free(cx->buffer_read);
    mem_free(cx->block_slot);
    mem_free(cx->walk_mark);
    sb_free(&cx->decls);
    sb_free(&cx->code);
}

static int assemble(emit_ctx *cx, char **source, size_t *len) {
    sbuf s = {0};
    sb_puts(&s, "/* arrayjit: function ");
    sb_c_string(&s, cx->f->name ? cx->f->name : "");   /* program text: escaped */
    sb_printf(&s, ", %s mode */\n", cx->o->strict_order ? "strict" : "fast");
    sb_puts(&s, emit_prelude);
    if (cx->uses_blas) sb_puts(&s, emit_prelude_blis);
    if (cx->uses_stream) sb_puts(&s, emit_prelude_stream);
    if (cx->uses_sort) sb_puts(&s, emit_prelude_sort);
    if (cx->uses_fast_exp) sb_puts(&s, emit_prelude_exp);
    if (cx->decls.len) {
        sb_puts(&s, "/* ---- constants, callbacks, sub-programs ---- */\n");
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

/* The tables of a context for f (a root context makes the kernel table). */
static int open_ctx(emit_ctx *cx, diag *d) {
    if (!cx->nested) cx->kernels = ec_kernels_new();
    cx->kernel_of = mem_calloc((size_t)cx->f->body->nops + 1, sizeof(int));
    cx->buffer = mem_calloc((size_t)cx->f->nvalues, sizeof(const char *));
    cx->buffer_read = mem_calloc((size_t)cx->f->nvalues, sizeof(bool));
    cx->block_slot = mem_calloc((size_t)cx->f->nvalues + 1, sizeof *cx->block_slot);
    return cx->kernels && cx->kernel_of && cx->buffer && cx->buffer_read && cx->block_slot ? DIAG_OK : diag_nomem(d);
}

/* Sub-program i (its kernels and its static entry, named with its own
 * prefix) joins cx's declarations, ahead of every kernel that calls it. */
static int emit_subprogram(emit_ctx *cx, int i) {
    const codegen_subprogram *s = &cx->o->subs[i];
    int rc = check_inputs(s->f, s->p, cx->d);
    if (rc) return rc;
    emit_ctx sub = {.f = s->f, .p = s->p, .o = cx->o, .d = cx->d, .nested = true, .next_global = cx->next_global,
                    .kernels = cx->kernels};
    sub.prefix = ec_str(cx, "aj_s%d_", i);
    rc = open_ctx(&sub, cx->d);
    if (!rc) rc = emit_body(&sub);
    if (!rc) {
        sb_puts(&cx->decls, sub.decls.s ? sub.decls.s : "");
        sb_puts(&cx->decls, sub.code.s ? sub.code.s : "");
        if (sub.decls.failed || sub.code.failed) cx->decls.failed = true;
        cx->uses_blas |= sub.uses_blas;
        cx->uses_openmp |= sub.uses_openmp;
        cx->uses_stream |= sub.uses_stream;
        cx->uses_sort |= sub.uses_sort;
        cx->uses_fast_exp |= sub.uses_fast_exp;
        cx->next_global = sub.next_global;
    }
    free_ctx(&sub);
    return rc;
}

int emit_c_source_info(const ir_func *f, const plan *p, const codegen_options *o,
                       char **source, size_t *len, emit_c_info *info, diag *d) {
    static const codegen_options defaults = {0};
    int rc = check_inputs(f, p, d);
    if (rc) return rc;
    emit_ctx cx = {.f = f, .p = p, .o = o ? o : &defaults, .d = d, .prefix = "aj_"};
    rc = open_ctx(&cx, d);
    for (int i = 0; !rc && i < cx.o->nsubs; i++) rc = emit_subprogram(&cx, i);
    if (!rc) rc = emit_body(&cx);
    if (!rc) rc = assemble(&cx, source, len);
    if (!rc && info) *info = (emit_c_info){cx.uses_blas, cx.uses_openmp};
    free_ctx(&cx);
    return rc;
}

size_t codegen_block_scratch(const ir_func *f, const plan *p, const codegen_options *o, bool *uses) {
    static const codegen_options defaults = {0};
    diag d = {0};
    emit_ctx cx = {.f = f, .p = p, .o = o ? o : &defaults, .d = &d, .prefix = "aj_"};
    const ir_block *body = f->body;
    int *run = mem_alloc(sizeof(int) * (size_t)(body->nops + 1));
    int64_t *rows = mem_alloc(sizeof(int64_t) * (size_t)(body->nops + 1));
    size_t need = 0;
    if (run && rows) find_runs(&cx, run, rows);
    for (int i = 0; run && rows && i < body->nops; i++) {
        if (!rows[i]) continue;
        size_t bytes = run_block_locals(&cx, i, run[i], rows[i], NULL);
        for (int j = i; bytes && j <= run[i]; j++) uses[j] = true;
        if (bytes > need) need = bytes;
        i = run[i];
    }
    for (int i = 0; run && rows && i < body->nops; i++) {
        size_t bytes = 0;
        if (ex_dot_rows_in_place(&cx, body->ops[i], &bytes) < 0) continue;
        uses[i] = true;
        if (bytes > need) need = bytes;
    }
    mem_free(run);
    mem_free(rows);
    return need;
}

int emit_c_source(const ir_func *f, const plan *p, const codegen_options *o,
                  char **source, size_t *len, diag *d) {
    return emit_c_source_info(f, p, o, source, len, NULL, d);
}
