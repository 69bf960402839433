/* emit_c.c: the C source of a planned function.
 *
 * The source is: a header comment, the prelude (runtime helpers), the BLIS
 * declarations when a kernel calls it (LAPACK's and its kernels too), the
 * constants as static arrays, the
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

/* v's storage: its block slot while its run is emitted blocked, else its home. */
static plan_storage storage_of(emit_ctx *cx, ir_value_id v) {
    if (cx->block_slot[v].bytes)
        return (plan_storage){PLAN_IN_ARENA, 0, cx->p->scratch_offset + cx->block_slot[v].offset,
                              cx->block_slot[v].bytes};
    return plan_storage_of(cx->p, v);
}

/* ---- kernels --------------------------------------------------------------------- */

/* Kernels that get the scratch block (its start: `char *scratch`, never a
 * buffer's, so that restrict pointers into the arena stay apart from it)
 * after their buffers: control flow (its
 * sub-programs run in the scratch block), a dot written over its lhs (its
 * blocks of rows pass through the scratch block), a dot of narrow
 * operands (converted there for sgemm), and the opaque kernels with a
 * workspace (LAPACK's, the FFT's, top_k's: contract.c). */
static bool takes_scratch(emit_ctx *cx, int step) {
    const contract_kernel *k = &cx->p->kernels.k[step];
    return k->strategy == CONTRACT_CONTROL || plan_dot_over_lhs(cx->p, cx->f, step) || ex_dot_converts(cx, step) ||
           ew_conv_gemm(cx, step) || ((k->strategy == CONTRACT_OPAQUE || k->strategy == CONTRACT_DOT_BYTES) && k->scratch > 0);
}

static bool is_control(emit_ctx *cx, int step) { return cx->p->kernels.k[step].strategy == CONTRACT_CONTROL; }

/* Whether kernel `step` takes the run context: a control kernel's loops
 * poll it; with threads, a kernel that may call BLIS splits its products
 * over the run's threads (ex_gemm_call), as the product of bytes does its
 * rows (emit_byte_gemm) and an opaque kernel its copy of an operand it
 * updates (ex_copy). */
static bool takes_run(emit_ctx *cx, int step) {
    if (is_control(cx, step)) return true;
    contract_strategy s = cx->p->kernels.k[step].strategy;
    if (cx->o->threads > 1 && (s == CONTRACT_DOT_BYTES || s == CONTRACT_OPAQUE)) return true;
    if (cx->o->threads <= 1 || cx->o->no_blas || cx->o->strict_order) return false;
    return s == CONTRACT_DOT || s == CONTRACT_DOT_AFFINE || s == CONTRACT_DOT_CONVERT || s == CONTRACT_CONV_GEMM;
}

/* One core copies at about half the bandwidth of two (memcpy on a 2-vCPU
 * Xeon: 16 MiB 1.19 ms on one thread, 0.65 split in two; 4 MiB 0.30 /
 * 0.19), so from EX_COPY_SPLIT_BYTES a kernel that takes the run splits a
 * copy over its threads, a chunk each. */
#define EX_COPY_SPLIT_BYTES ((size_t)1 << 21)

void ex_copy(emit_ctx *cx, const char *dst, const char *src, size_t bytes) {
    size_t threads = (size_t)cx->o->threads;
    if (!bytes) return;
    if (cx->kernel_run && threads > 1 && bytes >= EX_COPY_SPLIT_BYTES) {
        ec_line(cx, "aj_copy(run, %s, %s, %zu, %zu);", dst, src ? src : "0", bytes,
                (bytes + threads * 64 - 1) / (threads * 64) * 64);
        cx->uses_copy = true;
    } else if (!src)
        ec_line(cx, "memset(%s, 0, %zu);", dst, bytes);
    else
        ec_line(cx, "if ((const void *)%s != (const void *)%s) memcpy(%s, %s, %zu);", dst, src, dst, src, bytes);
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
 * when no other pointer of the kernel that one of them writes overlaps it.
 * Notes in cx->overlaps which pointers overlap each result. */
static void restrict_flags(emit_ctx *cx, const ir_op *op, bool *ok) {
    int n = op->nin + op->nout;
    plan_storage s[n];
    for (int j = 0; j < n; j++) {
        s[j] = storage_of(cx, j < op->nin ? op->in[j] : op->out[j - op->nin]);
        ok[j] = s[j].space != PLAN_IN_NONE;
    }
    memset(cx->overlaps, 0, sizeof cx->overlaps);
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) {
            if (i == j || (i < op->nin && j < op->nin) || !plan_storage_overlaps(&s[i], &s[j])) continue;
            ok[j] = false;
            if (j >= op->nin && j - op->nin < 64) cx->overlaps[j - op->nin] |= i < 64 ? (uint64_t)1 << i : ~(uint64_t)0;
        }
    for (int r = 0; r < op->nout && r < 64; r++)
        if (!ok[op->nin + r] && !cx->overlaps[r]) cx->overlaps[r] = ~(uint64_t)0;   /* no storage: never alone */
}

static const char *kernel_params(emit_ctx *cx, const ir_op *op, int step, const char **names) {
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
    cx->kernel_run = !cx->row_n && !cx->slot_rows && takes_run(cx, step);
    if (cx->row_n || cx->col_split) sb_printf(&b, "%sint64_t aj_lo, int64_t aj_hi", n ? ", " : "");
    if (cx->slot_rows) sb_printf(&b, "%sint64_t aj_from, int64_t aj_to", n ? ", " : "");
    if (!cx->row_n && takes_scratch(cx, step)) sb_printf(&b, "%schar *scratch", b.len ? ", " : "");
    if (cx->kernel_run) sb_printf(&b, "%saj_run *run", b.len ? ", " : "");
    if (b.len == 0) sb_puts(&b, "void");
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
    const char *params = kernel_params(cx, op, step, names);
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
    ex_kernel k = {op, region, region->ops[region->nops - 1], names + op->nin, step};
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
    if (cx->kernel_run && op->a.fusion_kind == IR_FUSION_OPAQUE) ec_line(cx, "(void)run;");   /* ex_copy's, if big */
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
 * opening the next when they do not fit. */
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

/* The kernel's pointers in order (operands, then results) into b, each
 * after `cast`. */
static void kernel_pointers(emit_ctx *cx, entry_part *part, const ir_op *op, const char *cast, sbuf *b) {
    for (int j = 0; j < op->nin + op->nout; j++) {
        bool out = j >= op->nin;
        const char *ptr = pointer_of(cx, part, out ? op->out[j - op->nin] : op->in[j], out);
        if (ptr) sb_printf(b, "%s%s%s", j ? ", " : "", cast, ptr);
    }
}

/* A parallel kernel's call: its pointers in an array for its task
 * function, run over its `units` (rows, or column tiles) in chunks of
 * `chunk` (aj_parallel). */
static void call_parallel(emit_ctx *cx, entry_part *part, const ir_op *op, int step, int64_t units, int64_t chunk) {
    sbuf b = {0};
    kernel_pointers(cx, part, op, "(void *)", &b);
    ec_block(cx);
    ec_line(cx, "void *const aj_p[] = {%s};", op->nin + op->nout ? ec_take(cx, &b) : "0");
    ec_line(cx, "aj_parallel(run, %s_task, aj_p, %" PRId64 ", %" PRId64 ");",
            ec_kernels_name(cx->kernels, cx->kernel_of[step]), units, chunk);
    ec_close(cx);
}

enum { SLOT_PIECES_PER_THREAD = 4 };   /* a kernel in slots: see kernel_slots */

/* A kernel run in slots (kernel_slots): its pointers, the scratch block,
 * its unit count and the slots' claims (all free) in an array for its
 * task function, one task a piece of the units. */
static void call_slots(emit_ctx *cx, entry_part *part, const ir_op *op, int step, const ex_slots *s) {
    sbuf b = {0};
    kernel_pointers(cx, part, op, "(void *)", &b);
    ec_block(cx);
    ec_line(cx, "const int64_t aj_units = %" PRId64 ";", s->units);
    ec_line(cx, "int aj_claims[%d] = {0};", cx->o->threads);
    ec_line(cx, "void *const aj_p[] = {%s%s(void *)(arena + %zu), (void *)&aj_units, (void *)aj_claims};",
            ec_take(cx, &b), op->nin + op->nout ? ", " : "", cx->p->scratch_offset);
    ec_line(cx, "aj_parallel(run, %s_task, aj_p, %d, 1);", ec_kernels_name(cx->kernels, cx->kernel_of[step]),
            cx->o->threads * SLOT_PIECES_PER_THREAD);
    ec_close(cx);
}

static void call_kernel(emit_ctx *cx, entry_part *part, const ir_op *op, int step) {
    sbuf b = {0};
    kernel_pointers(cx, part, op, "", &b);
    if (takes_scratch(cx, step)) sb_printf(&b, "%sarena + %zu", b.len ? ", " : "", cx->p->scratch_offset);
    if (takes_run(cx, step)) sb_printf(&b, "%srun", b.len ? ", " : "");
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

/* Emits the kernel at `step` in the rows form of a run's or a chain's
 * block (rows [aj_lo, aj_hi) of `rows`, blocks of `block`, prefetching the
 * operands of `prefetch`: emit_ctx.row_prefetch); whether its loops took
 * that form (one rows loop, given the bounds once). */
static bool emit_rows_kernel(emit_ctx *cx, int step, int64_t rows, int64_t block, uint64_t prefetch) {
    cx->row_n = rows;
    cx->row_elems = cx->p->kernels.k[step].row_elems;
    cx->row_indent = cx->indent + 1;
    cx->row_opens = cx->row_done = 0;
    cx->row_block = block;
    cx->row_prefetch = prefetch;
    emit_kernel(cx, cx->f->body->ops[step], step);
    cx->row_n = 0;
    cx->row_prefetch = 0;
    return cx->row_opens == 1 && cx->row_done == 1;
}

/* ---- row blocking -------------------------------------------------------------------
 *
 * The plan's runs (plan.h, plan_run) are emitted block by block of rows,
 * as chains are (below: every kernel of the run on a block before the
 * next). A loop kernel of the run prefetches the next block's rows of the
 * values the run reads from outside (run_prefetch, emit_ctx.row_prefetch),
 * so memory works while it computes. A run whose kernels' loops do not fit
 * the form (emit_body) is emitted plainly instead, its block slots unused. */

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

/* Takes back the code and kernels emitted since code length mark and
 * kernel count `kernels`. */
static void take_back(emit_ctx *cx, size_t mark, int kernels) {
    cx->code.len = mark;
    if (cx->code.s) cx->code.s[mark] = 0;
    ec_kernels_truncate(cx->kernels, kernels);
}

static void drop_block_slots(emit_ctx *cx, int first, int last) {
    for (int j = first; j <= last; j++)
        for (int r = 0; r < cx->f->body->ops[j]->nout; r++)
            cx->block_slot[cx->f->body->ops[j]->out[r]] = (plan_slot){0, 0};
}

/* ---- parallel kernels ----------------------------------------------------------------
 *
 * With threads, a LOOP or REDUCE kernel outside the plan's runs that the
 * contract lets run by rows (contract_kernel.rows) and that walks at least
 * PARALLEL_MIN_ELEMENTS elements is emitted in a run kernel's row form
 * (rows [aj_lo, aj_hi)) and called through aj_parallel, in chunks of rows
 * on the run's threads (src/runtime/threads.h). Rows are independent
 * there by the contract: the kernel computes row r of its results from
 * row r of what it reads by row, and an operand it overwrites is one read
 * only at the element written. A task function per kernel takes the chunk
 * and the pointers as an array. Chunk boundaries fall on multiples of
 * STREAM_LANES result elements, so streaming stores stay whole vectors. */
enum {
    PARALLEL_MIN_ELEMENTS = 1 << 16,
    CHUNKS_PER_THREAD = 4,          /* a busy or slow thread leaves a quarter of its share */
    CHUNK_MIN_ELEMENTS = 1 << 14,   /* ~10 us of work: the pool's hand-off is ~1 us */
    CHUNK_ALIGN = 16,
};

static int64_t gcd64(int64_t a, int64_t b) { return b ? gcd64(b, a % b) : a; }

/* Units (rows or column tiles) a chunk of `units` that walk `work`
 * elements in all: CHUNKS_PER_THREAD a thread, none under
 * CHUNK_MIN_ELEMENTS. */
static int64_t units_per_chunk(int64_t units, int64_t work, int threads) {
    int64_t per_unit = units > 0 && work / units > 0 ? work / units : 1;
    int64_t chunk = (units + (int64_t)threads * CHUNKS_PER_THREAD - 1) / ((int64_t)threads * CHUNKS_PER_THREAD);
    int64_t least = (CHUNK_MIN_ELEMENTS + per_unit - 1) / per_unit;
    return chunk < least ? least : chunk;
}

/* A DOT kernel the contract lets run by rows (its one product a matrix
 * product [M, K] x [K, N], or [M0, M1, ..., K] x [K, N] by rows of M0; its
 * epilogue elementwise: contract.c, "a dot by rows") whose product
 * ex_gemm_call would split by rows runs in those chunks of rows here (in
 * rows of M0, rounded up), each chunk's gemm and then its epilogue on the
 * same rows: the epilogue on every thread, on rows still in the cache,
 * where after the split product the caller ran it alone (1024 x 256 x
 * 1024 and tanh, 2 threads: 2.31 -> 2.05 ms; transformer_step 55 -> 52 ms,
 * medians of alternated runs on a Xeon). One written over its lhs runs in
 * slots instead (kernel_slots). */
static int64_t dot_parallel_chunk(emit_ctx *cx, int step) {
    const ir_op *op = cx->f->body->ops[step];
    const contract_kernel *k = &cx->p->kernels.k[step];
    const ir_block *b = op->regions[0];
    const ir_op *dot = NULL;
    for (int i = 0; i < b->nops; i++)
        if (b->ops[i]->code == IR_DOT_GENERAL) dot = b->ops[i];
    if (!dot || plan_dot_over_lhs(cx->p, cx->f, step)) return 0;
    const ir_type *lhs = ec_type(cx, dot->in[0]);
    int64_t depth = lhs->dims[lhs->rank - 1], m = ir_type_numel(lhs) / depth, n = ir_type_numel(ec_type(cx, dot->out[0])) / m;
    int64_t per = m / k->rows, chunk = n > m ? 0 : contract_gemm_chunk(cx->o->threads, m, n, depth);   /* of C's rows */
    chunk = (chunk + per - 1) / per;
    return chunk < k->rows ? chunk : 0;
}

/* The chunk of rows kernel `step` runs in parallel, or 0 (one call). */
static int64_t parallel_chunk(emit_ctx *cx, int step) {
    const ir_op *op = cx->f->body->ops[step];
    const contract_kernel *k = &cx->p->kernels.k[step];
    int threads = cx->o->threads;
    if (threads <= 1 || op->code != IR_FUSION || k->rows < 2) return 0;
    if (k->strategy == CONTRACT_DOT) return dot_parallel_chunk(cx, step);
    if (k->strategy != CONTRACT_LOOP && k->strategy != CONTRACT_REDUCE) return 0;
    int64_t work = ir_type_numel(index_space(cx, op));
    if (work < PARALLEL_MIN_ELEMENTS) return 0;
    int64_t chunk = units_per_chunk(k->rows, work, threads);
    int64_t grain = CHUNK_ALIGN / gcd64(k->row_elems > 0 ? k->row_elems : 1, CHUNK_ALIGN);
    chunk = (chunk + grain - 1) / grain * grain;
    return chunk < k->rows ? chunk : 0;
}

/* A task function's arguments to kernel op: its pointers, operands then
 * results, cast back from the task's array p, each followed by ", ". */
static const char *task_pointers(emit_ctx *cx, const ir_op *op) {
    sbuf b = {0};
    for (int j = 0; j < op->nin + op->nout; j++) {
        bool out = j >= op->nin;
        ir_value_id v = out ? op->out[j - op->nin] : op->in[j];
        sb_printf(&b, "(%s%s *)p[%d], ", out ? "" : "const ", ec_ctype(ec_type(cx, v)->dtype), j);
    }
    return ec_take(cx, &b);
}

/* The task function of kernel `step` (once per distinct kernel): it calls
 * the kernel on the chunk with its pointers cast back. */
static void emit_task(emit_ctx *cx, const ir_op *op, int step) {
    int kernel = cx->kernel_of[step];
    if (!ec_kernels_claim_task(cx->kernels, kernel)) return;
    const char *name = ec_kernels_name(cx->kernels, kernel);
    ec_open(cx, "static void %s_task(void *const *p, int64_t aj_lo, int64_t aj_hi)", name);
    if (op->nin + op->nout == 0) ec_line(cx, "(void)p;");
    ec_line(cx, "%s(%saj_lo, aj_hi);", name, task_pointers(cx, op));
    ec_close(cx);
    ec_line(cx, "%s", "");
}

/* Emits kernel `step` for parallel chunks of rows; false (nothing written)
 * when its loops do not take the row form. */
static bool emit_parallel(emit_ctx *cx, int step, int64_t chunk) {
    size_t mark = cx->code.len;
    int kernels = ec_kernels_count(cx->kernels);
    cx->row_parallel = true;
    bool good = emit_rows_kernel(cx, step, cx->p->kernels.k[step].rows, chunk, 0);
    cx->row_parallel = false;
    if (cx->rc) return true;
    if (!good) {
        take_back(cx, mark, kernels);
        return false;
    }
    emit_task(cx, cx->f->body->ops[step], step);
    return true;
}

/* A REDUCE kernel that the contract cannot split by rows (it reduces its
 * leading dims: a sum over the batch, batch norm's statistics over N, H
 * and W, a softmax over axis 0) may still split by column tiles in its
 * columns form (emit_reduce.c). It is emitted with col_split and kept when
 * it took that form: its chunk of tiles, *tiles their number; else taken
 * back, 0. */
static int64_t emit_column_parallel(emit_ctx *cx, int step, int64_t *tiles) {
    const ir_op *op = cx->f->body->ops[step];
    const contract_kernel *k = &cx->p->kernels.k[step];
    int threads = cx->o->threads;
    *tiles = 0;
    if (threads <= 1 || op->code != IR_FUSION || k->strategy != CONTRACT_REDUCE || k->rows >= 2) return 0;
    int64_t work = ir_type_numel(index_space(cx, op));
    if (work < PARALLEL_MIN_ELEMENTS) return 0;
    size_t mark = cx->code.len;
    int kernels = ec_kernels_count(cx->kernels);
    cx->col_split = true;
    cx->col_tiles = 0;
    emit_kernel(cx, op, step);
    cx->col_split = false;
    int64_t n = cx->col_tiles, chunk = units_per_chunk(n, work, threads);
    if (cx->rc || n < 2 || chunk >= n) {
        if (!cx->rc) take_back(cx, mark, kernels);
        return 0;
    }
    emit_task(cx, op, step);
    *tiles = n;
    return chunk;
}

/* ---- chains and runs by blocks ----------------------------------------------------------
 *
 * A chain of the plan (plan_chain.c) and a run (plan_scratch.c) run block
 * of rows by block, every kernel of them on one block before the next,
 * their block-local values (a chain's PLAN_BLOCK values, a run's values in
 * block slots) in slots of the scratch block. Their kernels take the rows
 * form (a DOT kernel: emit_dot.c, emit_dot_rows). A task function
 * (<prefix>c<step>_task) walks pieces of the rows block by block and calls
 * them in order. With threads, the slots are cut into one set a thread,
 * as a dot over its lhs in slots cuts its scratch (so the plan's figures
 * hold): blocks of block / sets rows, in multiples of CHAIN_ROW_GRAIN,
 * each set laid out like the plan's slots (with no slots, the plan's
 * blocks). A task claims a free set with an atomic flag. Rows of one
 * block depend only on that block's rows of what the chain reads by row
 * (the contract's by_row), so pieces run in any order. A run goes on
 * threads only when its kernels walk PARALLEL_MIN_ELEMENTS (xent's
 * value_and_grad, 4096 x 1000, at 2 threads: 11.8 ms with its runs, and
 * the first kernel of a run emitted kernel by kernel, on one thread; 6.4
 * with both split). The plan made PLAN_BLOCK values
 * for a chain, so a kernel of it that does not take the rows form is an
 * internal error; a run's kernels are then emitted one by one instead. */
enum { CHAIN_PIECES_PER_THREAD = 4, CHAIN_ROW_GRAIN = 16 };

typedef struct chain_layout {
    int first, last;
    int nslots;
    size_t *at, *row;         /* per slot of the plan: its offset, the bytes of a row it holds */
    int sets;                 /* slot sets: blocks at once */
    int64_t rows, block;      /* a set's blocks */
    int64_t share;            /* rows a piece: a multiple of block */
    int pieces;
    size_t set_bytes;
    int nvalues;              /* the values the chain reads or writes outside its slots */
    ir_value_id *values;
    bool *writes;             /* per entry of values: a kernel of the chain writes it */
} chain_layout;

static bool in_slot(emit_ctx *cx, ir_value_id v) {
    return cx->p->buf[v].home == PLAN_BLOCK || cx->block_slot[v].bytes;
}

/* The elements the kernels [first, last] of the body walk. */
static int64_t run_work(emit_ctx *cx, int first, int last) {
    int64_t work = 0;
    for (int j = first; j <= last; j++)
        if (cx->f->body->ops[j]->code == IR_FUSION) work += ir_type_numel(index_space(cx, cx->f->body->ops[j]));
    return work;
}

static size_t aligned_up(size_t n) { return (n + PLAN_ALIGN - 1) / PLAN_ALIGN * PLAN_ALIGN; }

/* Slot k's offset in a set of blocks of `block` rows. */
static size_t set_offset(const chain_layout *l, int k, int64_t block) {
    size_t at = 0;
    for (int i = 0; i < l->nslots; i++)
        if (l->at[i] < l->at[k]) at += aligned_up((size_t)block * l->row[i]);
    return at;
}

static size_t set_bytes(const chain_layout *l, int64_t block) {
    size_t bytes = 0;
    for (int i = 0; i < l->nslots; i++) bytes += aligned_up((size_t)block * l->row[i]);
    return bytes;
}

static int slot_index(const chain_layout *l, size_t at) {
    for (int i = 0; i < l->nslots; i++)
        if (l->at[i] == at) return i;
    return -1;
}

static void note_value(chain_layout *l, ir_value_id v, bool writes) {
    for (int i = 0; i < l->nvalues; i++)
        if (l->values[i] == v) {
            l->writes[i] |= writes;
            return;
        }
    l->values[l->nvalues] = v;
    l->writes[l->nvalues++] = writes;
}

/* The plan's slots of the chain, the values it names from outside, and
 * the sets and pieces its rows run in. */
static int chain_layout_of(emit_ctx *cx, int first, const plan_run *run, chain_layout *l) {
    const ir_block *body = cx->f->body;
    *l = (chain_layout){.first = first, .last = run->last, .rows = run->rows};
    size_t n = 1;
    for (int j = first; j <= run->last; j++) n += (size_t)(body->ops[j]->nin + body->ops[j]->nout);
    l->at = mem_calloc(n, sizeof *l->at);
    l->row = mem_calloc(n, sizeof *l->row);
    l->values = mem_calloc(n, sizeof *l->values);
    l->writes = mem_calloc(n, sizeof *l->writes);
    if (!l->at || !l->row || !l->values || !l->writes) return diag_nomem(cx->d);
    for (int j = first; j <= run->last; j++) {
        const ir_op *op = body->ops[j];
        for (int k = 0; op->code == IR_FUSION && k < op->nin + op->nout; k++) {
            ir_value_id v = k < op->nin ? op->in[k] : op->out[k - op->nin];
            if (!in_slot(cx, v)) {
                note_value(l, v, k >= op->nin);
                continue;
            }
            const plan_slot *s = &cx->p->slots[v];
            int i = slot_index(l, s->offset);
            if (i < 0) l->at[i = l->nslots++] = s->offset;
            if (s->bytes / (size_t)run->block > l->row[i]) l->row[i] = s->bytes / (size_t)run->block;
        }
    }
    bool threads = cx->o->threads > 1 && (run->chain || run_work(cx, first, run->last) >= PARALLEL_MIN_ELEMENTS);
    for (l->sets = threads ? cx->o->threads : 1; l->sets > 1 && l->nslots; l->sets--) {
        l->block = run->block / l->sets / CHAIN_ROW_GRAIN * CHAIN_ROW_GRAIN;
        if (l->block > 0 && (size_t)l->sets * set_bytes(l, l->block) <= run->slot_bytes) break;
    }
    if (l->sets == 1 || !l->nslots) l->block = run->block;
    l->set_bytes = set_bytes(l, l->block);
    int64_t blocks = (l->rows + l->block - 1) / l->block, pieces = l->sets > 1 ? l->sets * CHAIN_PIECES_PER_THREAD : 1;
    if (pieces > blocks) pieces = blocks;
    l->share = (blocks + pieces - 1) / pieces * l->block;
    l->pieces = (int)((l->rows + l->share - 1) / l->share);
    if (l->set_bytes > run->slot_bytes || run->slot_bytes > cx->p->scratch_bytes)
        return ec_fail(cx, DIAG_INVALID, "internal error: the chain of steps %d..%d needs %zu bytes of slots, the "
                       "plan has %zu", first, run->last, l->set_bytes, cx->p->scratch_bytes);
    return DIAG_OK;
}

static void chain_layout_free(chain_layout *l) {
    mem_free(l->at);
    mem_free(l->row);
    mem_free(l->values);
    mem_free(l->writes);
}

/* The task's pointer to v: p[i] for a value from outside, else its slot in
 * the claimed set, shifted back by the block's first row. */
static const char *chain_pointer(emit_ctx *cx, const chain_layout *l, ir_value_id v, bool writable) {
    const char *ct = ec_str(cx, "%s%s *", writable ? "" : "const ", ec_ctype(ec_type(cx, v)->dtype));
    if (in_slot(cx, v))
        return ec_str(cx, "(%s)((uintptr_t)(aj_set + %zu) - (uintptr_t)aj_lo * %zu)", ct,
                      set_offset(l, slot_index(l, cx->p->slots[v].offset), l->block),
                      ir_type_row_bytes(ec_type(cx, v)));
    for (int i = 0; i < l->nvalues; i++)
        if (l->values[i] == v) return ec_str(cx, "(%s)p[%d]", ct, i);
    return "0";
}

/* The chain's task function: tasks [t0, t1) are pieces of its rows, run
 * in the set it claims (call_chain lays out p: the values from outside,
 * the scratch block, the claims). */
static void emit_chain_task(emit_ctx *cx, const chain_layout *l) {
    const ir_block *body = cx->f->body;
    ec_open(cx, "static void %sc%d_task(void *const *p, int64_t aj_t0, int64_t aj_t1)", cx->prefix, l->first);
    if (!l->nslots && !l->nvalues) ec_line(cx, "(void)p;");
    if (l->nslots) {
        ec_line(cx, "int *claims = p[%d], set = 0;", l->nvalues + 1);
        ec_line(cx, "while (__atomic_exchange_n(&claims[set], 1, __ATOMIC_ACQUIRE)) set = (set + 1) %% %d;", l->sets);
        ec_line(cx, "char *aj_set = (char *)p[%d] + (size_t)set * %zu;", l->nvalues, l->set_bytes);
    }
    ec_open(cx, "for (int64_t aj_lo = aj_t0 * %" PRId64 "; aj_lo < aj_t1 * %" PRId64 " && aj_lo < %" PRId64
            "; aj_lo += %" PRId64 ")", l->share, l->share, l->rows, l->block);
    ec_line(cx, "int64_t aj_hi = aj_lo + %" PRId64 " < %" PRId64 " ? aj_lo + %" PRId64 " : %" PRId64 ";", l->block,
            l->rows, l->block, l->rows);
    for (int j = l->first; j <= l->last; j++) {
        const ir_op *op = body->ops[j];
        if (op->code != IR_FUSION) continue;   /* a constant, placed before the chain */
        sbuf b = {0};
        for (int k = 0; k < op->nin + op->nout; k++) {
            bool out = k >= op->nin;
            sb_printf(&b, "%s, ", chain_pointer(cx, l, out ? op->out[k - op->nin] : op->in[k], out));
        }
        ec_line(cx, "%s(%saj_lo, aj_hi);", ec_kernels_name(cx->kernels, cx->kernel_of[j]), ec_take(cx, &b));
    }
    ec_close(cx);
    if (l->nslots) ec_line(cx, "__atomic_store_n(&claims[set], 0, __ATOMIC_RELEASE);");
    ec_close(cx);
    ec_line(cx, "%s", "");
}

/* Emits the chain's or run's kernels in the rows form (a run's loop
 * kernels prefetching the next block, run_prefetch), then its task
 * function; false, with nothing written and the run's block slots
 * dropped, when a kernel of a run does not take that form. */
static bool emit_blocks(emit_ctx *cx, int first, const plan_run *run) {
    chain_layout l;
    if (chain_layout_of(cx, first, run, &l)) {
        chain_layout_free(&l);
        return true;
    }
    size_t mark = cx->code.len;
    int kernels = ec_kernels_count(cx->kernels);
    bool good = true;
    for (int j = first; j <= run->last && good && !cx->rc; j++) {
        if (cx->f->body->ops[j]->code != IR_FUSION) continue;
        uint64_t prefetch = run->chain ? 0 : run_prefetch(cx, first, run->last, j);
        good = emit_rows_kernel(cx, j, run->rows, l.block, prefetch);
        if (!good && run->chain && !cx->rc)
            ec_fail_op(cx, DIAG_INVALID, cx->f->body->ops[j], "internal error: kernel %d of a chain does not run by "
                       "rows", j);
    }
    if (good && !cx->rc) emit_chain_task(cx, &l);
    chain_layout_free(&l);
    if (good || cx->rc) return true;
    take_back(cx, mark, kernels);
    drop_block_slots(cx, first, run->last);
    return false;
}

/* The entry's call of a chain: the values from outside, the scratch block
 * and a claim a set in an array for its task function. */
static void call_chain(emit_ctx *cx, entry_part *part, int first, const plan_run *run) {
    chain_layout l;
    if (chain_layout_of(cx, first, run, &l)) {
        chain_layout_free(&l);
        return;
    }
    sbuf b = {0};
    for (int i = 0; i < l.nvalues; i++) {
        const char *ptr = pointer_of(cx, part, l.values[i], l.writes[i]);
        sb_printf(&b, "(void *)%s, ", ptr ? ptr : "0");
    }
    ec_block(cx);
    ec_line(cx, "int aj_claims[%d] = {0};", l.sets);
    ec_line(cx, "void *const aj_p[] = {%s(void *)(arena + %zu), (void *)aj_claims};", ec_take(cx, &b),
            cx->p->scratch_offset);
    if (l.sets > 1) ec_line(cx, "aj_parallel(run, %sc%d_task, aj_p, %d, 1);", cx->prefix, first, l.pieces);
    else ec_line(cx, "%sc%d_task(aj_p, 0, %d);", cx->prefix, first, l.pieces);
    ec_close(cx);
    chain_layout_free(&l);
}

/* ---- the entry's calls ------------------------------------------------------------------ */

/* How a step of the body uses the run's threads (emit_body): chunk > 0,
 * a parallel kernel's chunk of rows (or, with tiles > 0, of that many
 * column tiles); slots.rows > 0, a kernel in slots; all 0, one call. */
typedef struct step_threads {
    int64_t chunk, tiles;
    ex_slots slots;
} step_threads;

/* The parts, then the entry that calls them: every kernel call in body
 * order (a chain or row-blocked run of the plan, [i, runs[i].last], as one
 * call of its task), the constants' copies, and the plan's copies into
 * outs[]. */
static void emit_entry(emit_ctx *cx, const plan_run *runs, const step_threads *on) {
    const ir_block *body = cx->f->body;
    entry_part part;
    if (open_parts(cx, &part)) return;
    for (int i = 0; i < body->nops && !cx->rc; i++) {
        const ir_op *op = body->ops[i];
        const plan_run *run = &runs[i];
        if (run->rows) {
            for (int j = i; j <= run->last; j++)
                if (body->ops[j]->code == IR_CONSTANT && places_constant(cx, body->ops[j])) {
                    part_room(cx, &part, 1);
                    place_constant(cx, &part, body->ops[j]);
                }
            part_room(cx, &part, 1);
            call_chain(cx, &part, i, run);
            i = run->last;
        } else if (on[i].chunk) {
            part_room(cx, &part, 1);
            call_parallel(cx, &part, op, i, on[i].tiles ? on[i].tiles : cx->p->kernels.k[i].rows, on[i].chunk);
        } else if (on[i].slots.rows) {
            part_room(cx, &part, 1);
            call_slots(cx, &part, op, i, &on[i].slots);
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
    ec_open(cx, "%svoid %sentry(%s)", cx->nested || cx->o->static_entry ? "static " : "", cx->prefix, entry_params);
    unused_params(cx);
    for (int n = 0; n < part.n; n++) ec_line(cx, "%ssteps%d(arena, args, outs, run);", cx->prefix, n);
    ec_close(cx);
}

/* ---- kernels in slots -----------------------------------------------------------------
 *
 * With threads, a kernel that passes blocks through the scratch block
 * runs in `threads` slots, the plan's scratch block cut into `threads`
 * parts: a dot written over its lhs block of rows by block (emit_dot.c,
 * emit_rows_in_place), whose units are its rows, and a convolution as
 * im2col and sgemm (emit_window.c), whose units are its blocks of
 * positions. The units are cut into threads * SLOT_PIECES_PER_THREAD
 * pieces, the pool's chunks; a task claims a free slot (an atomic flag
 * each), steps through its pieces with that part of the scratch, each
 * block gathered, multiplied and finished on its own thread, and frees the
 * slot. The pool runs no more tasks at once than `threads` (threads.h),
 * so a claim finds a slot free (one that finds none waits for one).
 * Units are independent by the contract (row r of a dot's results reads
 * row r of the lhs only; a convolution's blocks write apart), so pieces
 * may run in any order; the scratch block is cut, not grown, so the plan's
 * figures hold. Splitting each block's product over the threads instead
 * left the rest on one (mlp_deep, 32 dot+tanh layers over 4096 rows, 2
 * threads: 92-96 ms a run against 82-83 in slots, on a Xeon; a 1-D
 * convolution, 32x1024x128 by 5x128x128: 34 ms against 27); pieces rather
 * than one share a slot let a thread whose core another process holds do
 * fewer of them. A dot that converts its operands keeps them in the
 * scratch block too: it stays one call. */

/* A dot over its lhs in slots: false (one call) where it is not one. */
static bool over_lhs_slots(emit_ctx *cx, int step, ex_slots *s) {
    const ir_op *op = cx->f->body->ops[step];
    int threads = cx->o->threads;
    if (threads <= 1 || op->code != IR_FUSION || ex_dot_converts(cx, step)) return false;
    const contract_overwrite *w = plan_dot_over_lhs(cx->p, cx->f, step);
    if (!w || ir_type_numel(ec_type(cx, op->out[w->result])) < PARALLEL_MIN_ELEMENTS) return false;
    int64_t rows = w->rows_block / threads;
    if (rows < EX_SLOT_MIN_ROWS) return false;
    *s = (ex_slots){rows, ec_type(cx, op->out[w->result])->dims[0], 16,
                    w->rows_scratch / (size_t)w->rows_block * (size_t)rows};
    return true;
}

/* Whether kernel `step` runs in slots, and how (*s, zeroed where not). */
static bool kernel_slots(emit_ctx *cx, int step, ex_slots *s) {
    *s = (ex_slots){0};
    return over_lhs_slots(cx, step, s) || ew_conv_slots(cx, step, s);
}

/* The task function of a kernel run in slots (once per distinct kernel):
 * tasks [t0, t1) are pieces of the units, run in the slot it claims
 * (call_slots lays out p: the kernel's pointers, the scratch block, the
 * unit count, the claims). */
static void emit_slot_task(emit_ctx *cx, const ir_op *op, int step, const ex_slots *s) {
    int kernel = cx->kernel_of[step];
    if (!ec_kernels_claim_task(cx->kernels, kernel)) return;
    int n = op->nin + op->nout, threads = cx->o->threads, pieces = threads * SLOT_PIECES_PER_THREAD;
    const char *name = ec_kernels_name(cx->kernels, kernel);
    ec_open(cx, "static void %s_task(void *const *p, int64_t aj_t0, int64_t aj_t1)", name);
    const char *share = ec_str(cx, "(units + %d) / %d", pieces - 1, pieces);
    if (s->grain > 1) share = ec_str(cx, "(%s + %" PRId64 ") / %" PRId64 " * %" PRId64, share, s->grain - 1, s->grain, s->grain);
    ec_line(cx, "int64_t units = *(const int64_t *)p[%d], share = %s;", n + 1, share);
    ec_line(cx, "int *claims = p[%d], slot = 0;", n + 2);
    ec_line(cx, "while (__atomic_exchange_n(&claims[slot], 1, __ATOMIC_ACQUIRE)) slot = (slot + 1) %% %d;", threads);
    ec_open(cx, "for (int64_t t = aj_t0; t < aj_t1; t++)");
    ec_line(cx, "int64_t from = t * share, to = from + share < units ? from + share : units;");
    ec_line(cx, "if (from < to) %s(%sfrom, to, (char *)p[%d] + slot * %zu);", name, task_pointers(cx, op), n,
            s->bytes);
    ec_close(cx);
    ec_line(cx, "__atomic_store_n(&claims[slot], 0, __ATOMIC_RELEASE);");
    ec_close(cx);
    ec_line(cx, "%s", "");
}

static void emit_slots(emit_ctx *cx, int step, const ex_slots *s) {
    cx->slot_rows = s->rows;
    emit_kernel(cx, cx->f->body->ops[step], step);
    cx->slot_rows = 0;
    if (!cx->rc) emit_slot_task(cx, cx->f->body->ops[step], step, s);
}

static int emit_body(emit_ctx *cx) {
    const ir_block *body = cx->f->body;
    plan_run *runs = mem_alloc(sizeof *runs * (size_t)(body->nops + 1));
    if (!runs) return diag_nomem(cx->d);
    step_threads *on = mem_calloc((size_t)body->nops + 1, sizeof *on);
    if (!on) {
        mem_free(runs);
        return diag_nomem(cx->d);
    }
    memcpy(runs, cx->p->runs, sizeof *runs * (size_t)body->nops);
    for (int i = 0; i < body->nops && !cx->rc; i++) {
        const ir_op *op = body->ops[i];
        if (runs[i].rows) {   /* a chain or run: emitted blocked, else a run's kernels one by one as below */
            if (emit_blocks(cx, i, &runs[i])) {
                i = runs[i].last;
                continue;
            }
            for (int j = i; j <= runs[i].last; j++) runs[j] = (plan_run){j, 0, 0, false, 0};
        }
        if ((on[i].chunk = parallel_chunk(cx, i)) && emit_parallel(cx, i, on[i].chunk)) {
            continue;
        } else if ((on[i].chunk = emit_column_parallel(cx, i, &on[i].tiles))) {
            continue;
        } else if (kernel_slots(cx, i, &on[i].slots)) {
            on[i].chunk = 0;
            emit_slots(cx, i, &on[i].slots);
            continue;
        }
        on[i].chunk = 0;
        if (op->code == IR_FUSION) emit_kernel(cx, op, i);
        else if (op->code != IR_CONSTANT && op->code != IR_RETURN)
            ec_fail_op(cx, DIAG_UNSUPPORTED, op, "appears outside a kernel (the body must hold only "
                       "constants, fusions and the return)");
    }
    emit_entry(cx, runs, on);
    mem_free(runs);
    mem_free(on);
    return cx->rc;
}

/* ---- assembling the source -------------------------------------------------------------- */

static int check_inputs(const ir_func *f, const plan *p, diag *d) {
    if (!f || !f->body || !p || !p->buf || !p->runs || !p->slots || p->nvalues != f->nvalues ||
        p->nsteps != f->body->nops || p->kernels.nsteps != p->nsteps)
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
    if (cx->uses_copy) sb_puts(&s, emit_prelude_copy);
    if (cx->uses_sort) sb_puts(&s, emit_prelude_sort);
    if (cx->uses_lapack) sb_puts(&s, emit_prelude_lapack);
    if (cx->uses_fft) sb_puts(&s, emit_prelude_fft);
    if (cx->uses_top_k) sb_puts(&s, emit_prelude_top_k);
    if (cx->uses_byte_gemm) sb_puts(&s, emit_prelude_byte_gemm);
    if (cx->uses_vtile) sb_puts(&s, emit_prelude_vtile);
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
    cx->block_slot = mem_alloc(((size_t)cx->f->nvalues + 1) * sizeof *cx->block_slot);
    if (cx->block_slot) memcpy(cx->block_slot, cx->p->slots, (size_t)cx->f->nvalues * sizeof *cx->block_slot);
    return cx->kernels && cx->kernel_of && cx->buffer && cx->buffer_read && cx->block_slot ? DIAG_OK : diag_nomem(d);
}

/* Sub-program i (its kernels and its static entry, named with its own
 * prefix) joins cx's declarations, ahead of every kernel that calls it. */
static int emit_subprogram(emit_ctx *cx, int i) {
    const contract_subprogram *s = &cx->o->subs[i];
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
        cx->uses_stream |= sub.uses_stream;
        cx->uses_copy |= sub.uses_copy;
        cx->uses_sort |= sub.uses_sort;
        cx->uses_lapack |= sub.uses_lapack;
        cx->uses_fft |= sub.uses_fft;
        cx->uses_top_k |= sub.uses_top_k;
        cx->uses_byte_gemm |= sub.uses_byte_gemm;
        cx->uses_vtile |= sub.uses_vtile;
        if (!cx->lapack_op) cx->lapack_op = sub.lapack_op;
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
    if (!rc && info) *info = (emit_c_info){cx.uses_blas, cx.uses_lapack, cx.lapack_op};
    free_ctx(&cx);
    return rc;
}

int emit_c_source(const ir_func *f, const plan *p, const codegen_options *o,
                  char **source, size_t *len, diag *d) {
    return emit_c_source_info(f, p, o, source, len, NULL, d);
}
