/* contract.c: each kernel's strategy, its in-place rules, its rows and its
 * scratch (contract.h).
 *
 * In place. Result r of a kernel may overwrite its operand i (the planner
 * asks only when operand i dies there and has r's byte size) when every
 * read of operand i inside the kernel is at the element index the kernel
 * writes r at: no broadcast, transpose, slice, reverse,
 * reshape-with-reordering, reduction or dot_general reads it. "The same
 * index" is the row-major linear index: reads through elementwise ops,
 * reshapes, and broadcasts or transposes that only add, drop or move unit
 * dims qualify (ir_op_reads_at_linear_index). Then, by strategy:
 *  - LOOP: yes. The emitted loop reads all it needs of an element before
 *    storing any result element at that index (one loop computing every
 *    result: emit_result_loop).
 *  - REDUCE: when r is computed in the epilogue (depends on a reduce). The
 *    emitter (emit_reduce.c) folds all of an output element's inputs into
 *    accumulators, then evaluates every result at that element and only
 *    then stores them, so operand i (read by the epilogue only) is read
 *    before its element is overwritten. The bias update of an SGD step,
 *    b - 0.01 * sum(...), is this case. And when r, of the input shape,
 *    is stored by the final pass, which runs after every other pass over
 *    the same input elements: operand i may then also be a reduce's input
 *    (softmax's output over its scores, layer norm's over x), as each pass
 *    reads the element at its own index (reduce_result_over).
 *  - DOT, strict order: yes. The naive contraction computes each element's
 *    sum, then the epilogue at that element (reading operand i there), then
 *    stores (emit_result_loop again; fast mode's non-BLIS cases too).
 *  - DOT, fast: no. The BLIS path writes the whole product into the output
 *    before any other epilogue runs, which would destroy operand i. The
 *    same for DOT_CONVERT (fast mode only).
 *  - DOT_AFFINE: over W, in either mode: the gemm runs with C = W
 *    (C = beta*W + alpha*A.B), the naive loop reads W at the element only.
 *  - OPAQUE, CONTROL, SCAN, CONV_GEMM: when r is an update of operand i
 *    (ir_op_updated_operand: dynamic_update_slice, scatter, a while's loop
 *    values) and the kernel
 *    reads operand i nowhere else; the op's own rule replaces the index
 *    rule. Its emitter works with r's buffer equal to operand i's (it
 *    copies the operand only when the pointers differ). CONTROL also: a
 *    while's loop value over an argument its prologue reads only to
 *    compute that value's start, at the index (while_starts_over).
 *  - DOT over its lhs, any mode: see "Over the lhs" (the one exception to
 *    "every read at the same index"). */
#include "contract.h"

#include <inttypes.h>
#include <string.h>

#include "../plan/plan.h"
#include "../util/fft.h"
#include "../util/lapack_kernels.h"
#include "../util/top_k.h"
#include "../util/mem.h"

static const ir_type *type_of(const ir_func *f, ir_value_id v) { return &f->values[v].type; }

/* ---- reads -------------------------------------------------------------------- */

/* Every read of block argument `arg` in b, and of what is computed from it
 * along the way, is at the linear iteration index (so a result element
 * may overwrite the argument's element of the same index); op `except`
 * (may be NULL) is left out, it reads arg in its own way. With
 * `reductions_done`, a reduce may read such values as its inputs (each
 * pass of a REDUCE kernel reads an input element at its index), and what
 * it makes counts as computed before any result of the final pass is
 * stored. */
static bool read_only_at_linear_index(const ir_func *f, const ir_block *b, ir_value_id arg, const ir_op *except,
                                      bool reductions_done) {
    bool *derived = mem_calloc((size_t)f->nvalues, sizeof *derived);
    if (!derived) return false;   /* no answer without memory: the safe one */
    derived[arg] = true;
    bool ok = true;
    for (int i = 0; ok && i + 1 < b->nops; i++) {
        const ir_op *op = b->ops[i];
        bool reads = false, reduce = reductions_done && op->code == IR_REDUCE;
        for (int j = 0; ok && op != except && j < op->nin; j++) {
            if (!derived[op->in[j]]) continue;
            reads = true;
            ok = reduce ? j < op->nin / 2 : op->nregions == 0 && ir_op_reads_at_linear_index(f, op, j);
        }
        for (int j = 0; ok && reads && !reduce && j < op->nout; j++) derived[op->out[j]] = true;
    }
    mem_free(derived);
    return ok;
}

/* How many times the ops of b (and of their regions) read v. */
static int reads_of(const ir_block *b, ir_value_id v) {
    int n = 0;
    for (int k = 0; k < b->nops; k++) {
        const ir_op *op = b->ops[k];
        for (int j = 0; j < op->nin; j++) n += op->in[j] == v;
        for (int r = 0; r < op->nregions; r++) n += reads_of(op->regions[r], v);
    }
    return n;
}

/* The pass of a REDUCE kernel (emit_reduce.c) that computes its value v:
 * 1 + the last pass whose reductions v reads, 0 when it reads none; the
 * kernel's passes that reduce in *npasses. -1 without memory. */
static int reduce_pass_of(const ir_func *f, const ir_block *b, ir_value_id v, int *npasses) {
    int *pass = mem_calloc((size_t)f->nvalues, sizeof *pass);
    if (!pass) return -1;
    *npasses = 0;
    for (int k = 0; k + 1 < b->nops; k++) {
        const ir_op *op = b->ops[k];
        int p = 0;
        for (int j = 0; j < op->nin; j++)
            if (pass[op->in[j]] > p) p = pass[op->in[j]];
        if (op->code == IR_REDUCE && ++p > *npasses) *npasses = p;
        for (int j = 0; j < op->nout; j++) pass[op->out[j]] = p;
    }
    int at = pass[v];
    mem_free(pass);
    return at;
}

/* Result r of REDUCE kernel `fusion` may overwrite operand i, read at the
 * linear index: a result of the reduced shape computed in the epilogue,
 * once its element's reductions are done; one of the input shape stored
 * by the final pass, after every pass that reads the operand (a side
 * result stored earlier would be read over by a later pass). */
static bool reduce_result_over(const ir_func *f, const ir_op *fusion, int r, int i) {
    const ir_block *b = fusion->regions[0];
    ir_value_id v = b->ops[b->nops - 1]->in[r];
    int npasses, pass = reduce_pass_of(f, b, v, &npasses);
    const ir_op *reduce = NULL;
    for (int k = 0; k + 1 < b->nops && !reduce; k++)
        if (b->ops[k]->code == IR_REDUCE) reduce = b->ops[k];
    if (pass < 1 || !reduce) return false;
    if (ir_type_same_shape(type_of(f, v), type_of(f, reduce->out[0])))
        return read_only_at_linear_index(f, b, b->args[i], NULL, false);
    return pass == npasses && ir_type_same_shape(type_of(f, v), type_of(f, reduce->in[0])) &&
           read_only_at_linear_index(f, b, b->args[i], NULL, true);
}

/* An OPAQUE kernel's result r is an update of its block argument i (see
 * ir_op_updated_operand), which nothing else in the kernel reads. */
static bool opaque_updates_in_place(const ir_block *b, int r, int i) {
    if (b->nops < 2) return false;
    const ir_op *root = b->ops[b->nops - 2], *ret = b->ops[b->nops - 1];
    for (int k = 0; k < root->nout; k++) {
        if (root->out[k] != ret->in[r]) continue;
        int j = ir_op_updated_operand(root, k);
        return j >= 0 && root->in[j] == b->args[i] && reads_of(b, b->args[i]) == 1;
    }
    return false;
}

/* Whether value v of b is computed from block argument arg (or is it). */
static bool derived_from(const ir_func *f, const ir_block *b, ir_value_id v, ir_value_id arg) {
    bool *derived = mem_calloc((size_t)f->nvalues, sizeof *derived);
    if (!derived) return true;   /* no answer without memory: the safe one */
    derived[arg] = true;
    for (int k = 0; k + 1 < b->nops; k++) {
        const ir_op *op = b->ops[k];
        bool reads = false;
        for (int j = 0; j < op->nin; j++) reads |= derived[op->in[j]];
        for (int j = 0; reads && j < op->nout; j++) derived[op->out[j]] = true;
    }
    bool is = derived[v];
    mem_free(derived);
    return is;
}

/* A CONTROL kernel's result r is a while's loop value that starts as what
 * its prologue computes from block argument i, reading it only at the
 * index it fills (emit_control.c fills each loop value in one pass, in
 * order), and nothing else reads argument i: not the regions, not the
 * other loop values' starts. (The backward scan's first cotangent,
 * 2 * (h - y) / n, is computed over h this way.) */
static bool while_starts_over(const ir_func *f, const ir_block *b, int r, int i) {
    const ir_op *root = b->ops[b->nops - 2];
    ir_value_id arg = b->args[i];
    if (root->code != IR_WHILE || root->in[r] == arg || !read_only_at_linear_index(f, b, arg, root, false)) return false;
    for (int k = 0; k < root->nregions; k++)
        if (reads_of(root->regions[k], arg)) return false;
    for (int k = 0; k < root->nin; k++)
        if (k != r && derived_from(f, b, root->in[k], arg)) return false;
    const ir_type *in = type_of(f, arg), *out = type_of(f, root->out[r]);
    return ir_type_numel(in) == ir_type_numel(out) && ir_dtype_size(in->dtype) == ir_dtype_size(out->dtype);
}

/* ---- the affine update ----------------------------------------------------------
 * A DOT kernel whose only result is an affine update of an operand W by
 * its product: W - c*dot, W + c*dot, c*dot - W, (c*dot on either side of
 * an add, c on either side of the multiply, or no multiply: c = 1), with W
 * a block argument of the result's type (f32 or f64) and c a finite
 * one-element constant in the region (splat: constant + broadcast_in_dim).
 * The region holds nothing else but constants and broadcasts. Result =
 * beta * W + alpha * dot. The BLIS path computes it as one gemm with C = W
 * (copied into the output first unless the output already is W's buffer):
 * fast mode only, its rounding differs from the evaluator's (round(dot),
 * round(c * that), round(W - that)) by a few ULP. */

/* v is a one-element f32/f64 constant made in the region, or a
 * broadcast_in_dim of one (a splat): its finite value in *x. */
static bool scalar_constant(const ir_func *f, ir_value_id v, double *x) {
    const ir_op *op = f->values[v].def;
    if (op && op->code == IR_BROADCAST_IN_DIM) op = f->values[op->in[0]].def;
    if (!op || op->code != IR_CONSTANT || !op->a.data || ir_type_numel(type_of(f, op->out[0])) != 1) return false;
    ir_dtype t = type_of(f, op->out[0])->dtype;
    if (t == IR_F32) {
        float g;
        memcpy(&g, op->a.data, sizeof g);
        *x = g;
    } else if (t == IR_F64) {
        memcpy(x, op->a.data, sizeof *x);
    } else {
        return false;
    }
    return *x - *x == 0;   /* finite */
}

/* t is the dot's result (scale 1) or multiply(splat c, dot) either way round (scale c). */
static bool dot_term(const ir_func *f, const ir_op *dot, ir_value_id t, double *scale) {
    if (t == dot->out[0]) {
        *scale = 1;
        return true;
    }
    const ir_op *op = f->values[t].def;
    if (!op || op->code != IR_MULTIPLY) return false;
    for (int side = 0; side < 2; side++)
        if (op->in[side] == dot->out[0] && scalar_constant(f, op->in[1 - side], scale)) return true;
    return false;
}

static int block_arg_index(const ir_block *b, ir_value_id v) {
    for (int i = 0; i < b->nargs; i++)
        if (b->args[i] == v) return i;
    return -1;
}

/* Fills k's affine fields and returns true when the DOT kernel is one. */
static bool affine_update(const ir_func *f, const ir_op *fusion, contract_kernel *k) {
    if (fusion->nout != 1) return false;
    const ir_block *b = fusion->regions[0];
    if (b->nops < 2 || b->ops[b->nops - 1]->code != IR_RETURN || b->ops[b->nops - 1]->nin != 1) return false;
    const ir_op *dot = NULL;
    for (int i = 0; i + 1 < b->nops; i++) {
        const ir_op *op = b->ops[i];
        switch (op->code) {
        case IR_DOT_GENERAL:
            if (dot) return false;
            dot = op;
            break;
        case IR_CONSTANT: case IR_BROADCAST_IN_DIM: case IR_MULTIPLY: case IR_ADD: case IR_SUBTRACT: break;
        default: return false;
        }
    }
    ir_value_id top = b->ops[b->nops - 1]->in[0];
    const ir_type *t = type_of(f, top);
    const ir_op *u = f->values[top].def;
    if (!dot || !u || (u->code != IR_ADD && u->code != IR_SUBTRACT) || (t->dtype != IR_F32 && t->dtype != IR_F64) ||
        !ir_type_eq(type_of(f, dot->out[0]), t))
        return false;
    for (int side = 0; side < 2; side++) {
        int arg = block_arg_index(b, u->in[side]);
        double scale;
        if (arg < 0 || !ir_type_eq(type_of(f, u->in[side]), t) || !dot_term(f, dot, u->in[1 - side], &scale))
            continue;
        k->affine_operand = arg;
        k->alpha = scale, k->beta = 1;
        if (u->code == IR_SUBTRACT && side == 0) k->alpha = -scale;      /* W - s*dot */
        else if (u->code == IR_SUBTRACT) k->beta = -1;                  /* s*dot - W */
        return true;
    }
    return false;
}

/* ---- over the lhs ---------------------------------------------------------------
 * A DOT kernel whose result r may be written over its operand i, the lhs of
 * its one dot_general, block of rows by block of rows: the lhs is [M, K]
 * with no batch dims and contracts its last dim, so row m of the result
 * (its first dim is M) depends on lhs row m only; a result row takes no
 * more bytes than an lhs row; M holds at least CONTRACT_DOT_ROW_BLOCKS_MIN
 * blocks; the kernel is no affine update (which keeps its own in-place
 * form); and the rest of the kernel reads the lhs only at the element it
 * computes, and only when result and lhs rows hold the same elements (a
 * residual h + tanh(h @ W)). The code generator (emit_dot.c) then computes
 * each block of rows [a, b), in increasing order, through the scratch
 * block and stores it into the result's rows [a, b) once the block's lhs
 * rows are read: the bytes it overwrites lie in lhs rows below b, which
 * nothing reads any more. */

/* The kernel's one dot_general, or NULL (none, or several). */
static const ir_op *only_dot(const ir_block *b) {
    const ir_op *dot = NULL;
    for (int k = 0; k < b->nops; k++) {
        if (b->ops[k]->code != IR_DOT_GENERAL) continue;
        if (dot) return NULL;
        dot = b->ops[k];
    }
    return dot;
}

/* The rows of a block of result r, and in *row the bytes of one row of its
 * scratch (the wider of the dot's product and result r). */
static int64_t dot_row_block(const ir_func *f, const ir_op *fusion, const ir_op *dot, int r, size_t *row) {
    size_t a = ir_type_row_bytes(type_of(f, fusion->out[r])), d = ir_type_row_bytes(type_of(f, dot->out[0]));
    *row = a > d ? a : d;
    int64_t rows = type_of(f, fusion->out[r])->dims[0];
    int64_t block = *row ? (int64_t)(CONTRACT_DOT_ROW_BLOCK_BYTES / *row) : rows;
    if (block < CONTRACT_DOT_ROW_BLOCK_MIN_ROWS) block = CONTRACT_DOT_ROW_BLOCK_MIN_ROWS;
    return block < rows ? block : rows;
}

/* The block of rows result r runs in over operand i, or 0 when it may not. */
static int64_t rows_over_lhs(const ir_func *f, const ir_op *fusion, const contract_kernel *k, int r, int i,
                             size_t *scratch) {
    const ir_block *b = fusion->regions[0];
    const ir_op *dot = only_dot(b);
    if (k->strategy != CONTRACT_DOT || !dot || i >= b->nargs || dot->in[0] != b->args[i]) return 0;
    const ir_type *lhs = type_of(f, dot->in[0]), *out = type_of(f, fusion->out[r]);
    const ir_attrs *a = &dot->a;
    if (lhs->rank != 2 || a->lhs_batch.n != 0 || a->lhs_contract.n != 1 || a->lhs_contract.v[0] != 1 ||
        lhs->dims[0] < 2 || out->rank < 1 || out->dims[0] != lhs->dims[0])
        return 0;
    size_t out_row = ir_type_row_bytes(out), lhs_row = ir_type_row_bytes(lhs), block_row;
    int64_t block = dot_row_block(f, fusion, dot, r, &block_row);
    if (block > lhs->dims[0] / CONTRACT_DOT_ROW_BLOCKS_MIN) return 0;
    bool ok = out_row == lhs_row && ir_type_numel(out) == ir_type_numel(lhs)   /* a residual: h + tanh(h @ W) */
                  ? read_only_at_linear_index(f, b, b->args[i], dot, false)
                  : out_row < lhs_row && reads_of(b, b->args[i]) == 1;
    *scratch = (size_t)block * block_row;
    return ok ? block : 0;
}

/* ---- in place ------------------------------------------------------------------- */

/* Whether result r may overwrite operand i under the rules at the top. */
static bool may_overwrite(const ir_func *f, const ir_op *fusion, const contract_kernel *k, int r, int i,
                          bool strict_order) {
    const ir_block *b = fusion->regions[0];
    if (i >= b->nargs) return false;
    if (k->strategy == CONTRACT_OPAQUE || k->strategy == CONTRACT_CONTROL || k->strategy == CONTRACT_SCAN ||
        k->strategy == CONTRACT_CONV_GEMM)
        return opaque_updates_in_place(b, r, i) ||
               (k->strategy == CONTRACT_CONTROL && while_starts_over(f, b, r, i));
    const ir_type *in = type_of(f, b->args[i]), *out = type_of(f, fusion->out[r]);
    if (ir_type_numel(in) != ir_type_numel(out) || ir_dtype_size(in->dtype) != ir_dtype_size(out->dtype))
        return false;
    if (k->strategy == CONTRACT_REDUCE) return reduce_result_over(f, fusion, r, i);
    if (!read_only_at_linear_index(f, b, b->args[i], NULL, false)) return false;
    switch (k->strategy) {
    case CONTRACT_LOOP: return true;
    case CONTRACT_DOT: return strict_order;
    case CONTRACT_DOT_AFFINE: return strict_order || k->affine_operand == i;
    default: return false;
    }
}

static int add_overwrite(contract *c, int *cap, contract_overwrite w, diag *d) {
    if (mem_grow((void **)&c->overwrites, cap, c->noverwrites + 1, sizeof *c->overwrites)) return diag_nomem(d);
    c->overwrites[c->noverwrites++] = w;
    return DIAG_OK;
}

/* The pairs of the kernel at step s, appended to c->overwrites: only
 * between a result and an operand of one byte size, the only ones a buffer
 * can be shared by (plan.c asks no other). */
static int note_overwrites(const ir_func *f, const ir_op *fusion, contract *c, int s, int *cap, bool strict,
                           diag *d) {
    contract_kernel *k = &c->k[s];
    k->first_overwrite = c->noverwrites;
    for (int r = 0; r < fusion->nout; r++)
        for (int i = 0; i < fusion->nin; i++) {
            if (ir_type_bytes(type_of(f, fusion->out[r])) != ir_type_bytes(type_of(f, fusion->in[i]))) continue;
            contract_overwrite w = {r, i, 0, 0};
            w.rows_block = rows_over_lhs(f, fusion, k, r, i, &w.rows_scratch);
            if (!w.rows_block) w.rows_scratch = 0;
            if (!w.rows_block && !may_overwrite(f, fusion, k, r, i, strict)) continue;
            int rc = add_overwrite(c, cap, w, d);
            if (rc) return rc;
        }
    k->noverwrites = c->noverwrites - k->first_overwrite;
    return DIAG_OK;
}

const contract_overwrite *contract_overwrite_of(const contract *c, int step, int r, int i) {
    if (step < 0 || step >= c->nsteps) return NULL;
    const contract_kernel *k = &c->k[step];
    for (int n = 0; n < k->noverwrites; n++) {
        const contract_overwrite *w = &c->overwrites[k->first_overwrite + n];
        if (w->result == r && w->operand == i) return w;
    }
    return NULL;
}

/* ---- rows ------------------------------------------------------------------------
 * A LOOP or REDUCE kernel may run by blocks of rows with its neighbours
 * (the planner's runs, plan.h) when its results share a first dim of at
 * least 2 rows and no reduction runs across that dim. */

static int64_t kernel_rows(const ir_func *f, const ir_op *op, int64_t *row_elems) {
    if (op->nout < 1) return 0;
    if (op->a.fusion_kind != IR_FUSION_LOOP && op->a.fusion_kind != IR_FUSION_REDUCE) return 0;
    const ir_type *t = type_of(f, op->out[0]);
    if (t->rank < 1 || t->dims[0] < 2) return 0;
    for (int i = 1; i < op->nout; i++) {
        const ir_type *u = type_of(f, op->out[i]);
        if (u->rank < 1 || u->dims[0] != t->dims[0]) return 0;
    }
    int64_t elems = 1;
    for (int d = 1; d < t->rank; d++) elems *= t->dims[d];
    const ir_block *r = op->regions[0];
    for (int i = 0; i < r->nops; i++) {
        const ir_op *o = r->ops[i];
        if (o->code != IR_REDUCE) continue;
        if (op->a.fusion_kind != IR_FUSION_REDUCE) return 0;
        const ir_type *in = type_of(f, o->in[0]);
        if (in->rank < 1 || in->dims[0] != t->dims[0]) return 0;
        for (int k = 0; k < o->a.dims.n; k++)
            if (o->a.dims.v[k] == 0) return 0;
    }
    *row_elems = elems;
    return t->dims[0];
}

static bool ints_hold(const ir_ints *x, int64_t v) {
    for (int i = 0; i < x->n; i++)
        if (x->v[i] == v) return true;
    return false;
}

/* Whether the kernel reads operand `arg` (a region argument) only at the row
 * it computes: every op that depends on it keeps the first dim of n rows.
 * dep: nvalues flags, false on entry and on return. */
static bool reads_by_row(const ir_func *f, const ir_op *op, int arg, int64_t n, bool *dep) {
    const ir_block *r = op->regions[0];
    bool ok = true;
    dep[r->args[arg]] = true;
    for (int i = 0; i < r->nops && ok; i++) {
        const ir_op *o = r->ops[i];
        bool d = false;
        for (int k = 0; k < o->nin; k++) d |= dep[o->in[k]];
        if (!d) continue;
        ir_op_kind kind = ir_op_kind_of(o->code);
        const ir_type *out = o->nout ? type_of(f, o->out[0]) : NULL;
        bool rows = out && out->rank >= 1 && out->dims[0] == n;
        switch (o->code) {
        case IR_RETURN: break;
        case IR_REDUCE:
            for (int k = 0; k < o->nin / 2; k++) ok &= !dep[o->in[o->nin / 2 + k]];   /* not as an init */
            break;
        case IR_BROADCAST_IN_DIM: ok = rows && o->a.dims.n >= 1 && o->a.dims.v[0] == 0; break;
        case IR_CONVERT: case IR_COMPARE: case IR_SELECT: case IR_CLAMP: case IR_COMPLEX_PART: ok = rows; break;
        case IR_DOT_GENERAL:   /* row m of the product reads lhs row m (its first dim, neither batch nor summed) */
            ok = rows && !dep[o->in[1]] && o->a.lhs_batch.n == 0 && !ints_hold(&o->a.lhs_contract, 0);
            break;
        default: ok = rows && (kind == IR_KIND_UNARY || kind == IR_KIND_BINARY); break;
        }
        for (int k = 0; k < o->nout; k++) dep[o->out[k]] = true;
    }
    for (int i = 0; i < r->nops; i++)
        for (int k = 0; k < r->ops[i]->nout; k++) dep[r->ops[i]->out[k]] = false;
    dep[r->args[arg]] = false;
    return ok;
}

static int64_t dot_rows(const ir_func *f, const ir_op *fusion, int64_t *row_elems, int *rhs);

static void note_rows(const ir_func *f, const ir_op *fusion, contract *c, int s, const contract_options *o,
                      bool *dep) {
    contract_kernel *k = &c->k[s];
    k->first_operand = c->nflags;
    c->nflags += fusion->nin;
    int rhs = -1;
    if (k->strategy == CONTRACT_DOT && !o->strict_order && !o->no_blas)
        k->rows = dot_rows(f, fusion, &k->row_elems, &rhs);
    else
        k->rows = kernel_rows(f, fusion, &k->row_elems);
    if (!k->rows) return;
    for (int i = 0; i < fusion->nin && i < fusion->regions[0]->nargs; i++)
        c->by_row[k->first_operand + i] = i != rhs && reads_by_row(f, fusion, i, k->rows, dep);
}

/* ---- control flow ------------------------------------------------------------------ */

const ir_op *contract_control_root(const ir_op *op) {
    if (op->code != IR_FUSION || op->a.fusion_kind != IR_FUSION_OPAQUE || op->nregions != 1) return NULL;
    const ir_block *r = op->regions[0];
    const ir_op *root = r->nops >= 2 ? r->ops[r->nops - 2] : NULL;
    return root && (root->code == IR_WHILE || root->code == IR_IF || root->code == IR_CASE) ? root : NULL;
}

bool contract_is_control_kernel(const ir_op *op) { return contract_control_root(op) != NULL; }

static size_t align_up(size_t n) { return (n + PLAN_ALIGN - 1) / PLAN_ALIGN * PLAN_ALIGN; }

bool contract_control_layout(const ir_func *parent, int step, const contract_subprogram *subs, int nsubs,
                             contract_control *l, size_t *next) {
    const ir_op *root = contract_control_root(parent->body->ops[step]);
    *l = (contract_control){.nbranches = root->nregions};
    if (root->nregions > CONTRACT_MAX_BRANCHES) return false;
    size_t arena = 0, bound = 0;
    for (int r = 0; r < root->nregions; r++) {
        l->sub[r] = -1;
        for (int i = 0; i < nsubs; i++) {
            const contract_subprogram *s = &subs[i];
            if (s->parent == parent && s->step == step && s->region == r) l->sub[r] = i;
        }
        if (l->sub[r] < 0) return false;
        size_t a = align_up(subs[l->sub[r]].p->arena_bytes), b = align_up(subs[l->sub[r]].p->lower_bound_bytes);
        if (a > arena) arena = a;
        if (b > bound) bound = b;
    }
    l->bytes = arena;
    l->bound = bound;
    if (root->code != IR_WHILE) return true;
    uint64_t in_place = subs[l->sub[1]].in_place;
    for (int j = 0; j < root->nout; j++) {
        bool kept = j < 64 && (in_place >> j & 1);
        if (next) next[j] = kept ? SIZE_MAX : l->bytes;
        size_t state = kept ? 0 : align_up(ir_type_bytes(type_of(parent, root->out[j])));
        l->bytes += state;
        l->bound += state;
    }
    l->pred = l->bytes;
    l->bytes += 1;
    l->bound += 1;
    return true;
}

/* ---- prefix scans ------------------------------------------------------------------ */

/* The dim along which kernel op's reduce_window is a prefix scan (see
 * CONTRACT_SCAN), or -1: one input, the result of its type, no strides or
 * dilations, and every dim but one a window of 1 without padding. */
static int scan_dim_of(const ir_func *f, const ir_op *op) {
    const ir_block *b = op->regions[0];
    const ir_op *root = b->nops == 2 ? b->ops[0] : NULL;
    if (!root || root->code != IR_REDUCE_WINDOW || root->nin != 2) return -1;
    const ir_type *in = type_of(f, root->in[0]);
    ir_window w;
    char why[200];
    if (!ir_type_eq(in, type_of(f, root->out[0])) || !ir_window_read(root, in->rank, NULL, &w, why, sizeof why))
        return -1;
    int dim = -1;
    for (int d = 0; d < in->rank; d++) {
        if (w.stride[d] != 1 || w.base_dil[d] != 1 || w.win_dil[d] != 1 || w.hi[d] != 0) return -1;
        if (w.size[d] == 1 && w.lo[d] == 0) continue;
        if (dim >= 0 || w.size[d] != in->dims[d] || w.lo[d] != in->dims[d] - 1 || in->dims[d] < 2) return -1;
        dim = d;
    }
    return dim;
}

/* ---- dots of narrow operands ----------------------------------------------------------- */

/* Whether region b (a fusion's) returns a value of type t. */
static bool returns_type(const ir_block *b, const ir_func *f, const ir_type *t) {
    const ir_op *ret = b->nops ? b->ops[b->nops - 1] : NULL;
    for (int i = 0; ret && i < ret->nin; i++)
        if (ir_type_eq(type_of(f, ret->in[i]), t)) return true;
    return false;
}

/* Whether dot (a fusion's one dot_general) is a matrix product of its
 * region's arguments b: lhs [M, K] contracting K, rhs rank 2 contracting
 * its dim rhs_k (0: a plain [K, N], the layout sgemm and the product of
 * bytes take whole; 1: [N, K], x @ w.T). */
static bool matmul_of_args(const ir_func *f, const ir_block *b, const ir_op *dot, int rhs_k) {
    const ir_type *l = type_of(f, dot->in[0]), *r = type_of(f, dot->in[1]);
    const ir_attrs *a = &dot->a;
    return block_arg_index(b, dot->in[0]) >= 0 && block_arg_index(b, dot->in[1]) >= 0 && l->rank == 2 &&
           r->rank == 2 && a->lhs_batch.n == 0 && a->lhs_contract.n == 1 && a->lhs_contract.v[0] == 1 &&
           a->rhs_contract.n == 1 && a->rhs_contract.v[0] == rhs_k;
}

/* Whether region b returns a value of t's shape with 4-byte elements (the
 * emitter's gemm_target, any_word: the sums go there). */
static bool returns_word_of_shape(const ir_block *b, const ir_func *f, const ir_type *t) {
    const ir_op *ret = b->nops ? b->ops[b->nops - 1] : NULL;
    for (int i = 0; ret && i < ret->nin; i++) {
        const ir_type *u = type_of(f, ret->in[i]);
        if (ir_type_same_shape(u, t) && ir_dtype_size(u->dtype) == 4) return true;
    }
    return false;
}

/* DOT_BYTES: a DOT kernel whose one dot_general is an i8/u8 x i8/u8 -> i32
 * matmul (JAX's quantized matmul), the rhs [K, N] or [N, K]. *scratch: 0
 * when the kernel returns a value of the sums' shape and size (the
 * emitter's gemm target: the sums, or what a dequantising epilogue makes
 * of them in place), else room for the sums. The naive contraction walks
 * the rhs by columns; through sgemm, in K blocks whose f32 sums are exact,
 * the operands' f32 copies
 * took 2 MiB of scratch (512 x 2048 x 1024: 16-23 ms, jax.jit 15-17, with
 * no temporary); the product of bytes takes none and 11.5 ms (a Xeon with
 * AVX512-VNNI, where 1 vpdpbusd a cycle is its peak). */
static bool byte_matmul(const ir_func *f, const ir_op *fusion, size_t *scratch) {
    const ir_block *b = fusion->regions[0];
    const ir_op *dot = only_dot(b);
    if (!dot || !(matmul_of_args(f, b, dot, 0) || matmul_of_args(f, b, dot, 1))) return false;
    ir_dtype l = type_of(f, dot->in[0])->dtype, r = type_of(f, dot->in[1])->dtype;
    const ir_type *out = type_of(f, dot->out[0]);
    if ((l != IR_I8 && l != IR_U8) || (r != IR_I8 && r != IR_U8) || out->dtype != IR_I32) return false;
    *scratch = returns_word_of_shape(b, f, out) ? 0 : (size_t)ir_type_numel(out) * 4;
    return true;
}

/* ---- products over threads ---------------------------------------------------------
 * A product splits along the larger of C's dims, M on a tie: each task
 * packs the whole of the other operand's share, so splitting the larger
 * dim repacks the smaller operand (K x N per task when the rows split).
 * Packing an element costs about what a sgemm spends on 16 of its
 * multiply-adds, so a chunk of `e` of the split dim repacks at a cost of
 * about 10/e of its own work: chunks are at least GEMM_MIN_EXTENT (~8%)
 * and GEMM_CHUNK_FLOPS (~30 us of sgemm; BLIS's fixed cost per call is
 * several us), multiples of GEMM_ALIGN (whole micro-tiles), and up to
 * GEMM_CHUNKS_PER_THREAD a thread. One chunk a thread where no more fit
 * (256^3: 94 GFLOP/s on one thread, 117 in four row chunks on two, 131 in
 * two; BLIS's own two threads 133-153). More than one a thread is what
 * keeps a thread whose core another process holds from making the caller
 * wait for half the product: the caller takes the chunks that thread
 * cannot. 2 threads, a process spinning on the other core, ms, 4
 * alternated runs on a Zen 3: mlp_train_step (256 x 1024 x 1024 products)
 * in two chunks 41.7-51.4, in four 39.6-43.8; adam_step 44.1-45.5 /
 * 36.7-42.0; idle, both unchanged (22.5-34.1 / 23.2-27.8). A
 * sub-block of a matrix BLIS takes is one it takes too (fewer rows or
 * columns, same strides: emit_dot.c blis_strides_ok). */
enum { GEMM_ALIGN = 32, GEMM_MIN_EXTENT = 128, GEMM_CHUNKS_PER_THREAD = 2 };
#define GEMM_CHUNK_FLOPS 4e6

int64_t contract_gemm_chunk(int threads, int64_t m, int64_t n, int64_t k) {
    int64_t dim = n > m ? n : m;
    double by_flops = 2.0 * (double)m * (double)n * (double)k / GEMM_CHUNK_FLOPS;
    int64_t chunks = (int64_t)threads * GEMM_CHUNKS_PER_THREAD;
    if (chunks > dim / GEMM_MIN_EXTENT) chunks = dim / GEMM_MIN_EXTENT;
    if (chunks < threads) chunks = threads < dim / GEMM_ALIGN ? threads : dim / GEMM_ALIGN;
    if ((double)chunks > by_flops) chunks = (int64_t)by_flops;
    if (chunks < 2) return 0;
    int64_t chunk = ((dim + chunks - 1) / chunks + GEMM_ALIGN - 1) / GEMM_ALIGN * GEMM_ALIGN;
    return chunk < dim ? chunk : 0;
}

/* Whether every op of b that depends on the dot's result is elementwise
 * on the result's shape (so each product element is read where it is). */
static bool product_read_elementwise(const ir_func *f, const ir_block *b, const ir_op *dot) {
    bool *dep = mem_calloc((size_t)f->nvalues, sizeof *dep);
    if (!dep) return false;   /* no answer without memory: the safe one */
    const ir_type *shape = type_of(f, dot->out[0]);
    dep[dot->out[0]] = true;
    bool ok = true;
    for (int i = 0; ok && i + 1 < b->nops; i++) {
        const ir_op *op = b->ops[i];
        bool reads = false;
        for (int j = 0; j < op->nin; j++) reads |= dep[op->in[j]];
        if (!reads || op == dot) continue;
        ir_op_kind kind = ir_op_kind_of(op->code);
        bool elementwise = kind == IR_KIND_UNARY || kind == IR_KIND_BINARY || op->code == IR_CONVERT ||
                           op->code == IR_COMPARE || op->code == IR_SELECT || op->code == IR_CLAMP;
        for (int j = 0; j < op->nin; j++)
            if (dep[op->in[j]] && !ir_type_same_shape(type_of(f, op->in[j]), shape)) elementwise = false;
        ok = elementwise && op->nout == 1 && ir_type_same_shape(type_of(f, op->out[0]), shape);
        if (ok) dep[op->out[0]] = true;
    }
    mem_free(dep);
    return ok;
}

/* A blocked DOT_CONVERT matmul [M, K] x [K, N] over threads runs in
 * panels (contract_kernel.convert_span) when every result of the kernel is
 * [M, N] and its epilogue reads the product elementwise (a task's columns
 * or rows are all it computes): panels of the larger dim S (M on a tie, as
 * a plain product splits), the other operand, of the other dim O, shared
 * and converted a span of K at a time. The span: the most whole K blocks
 * with O x span <= 2 O kb + kb S floats (the blocked scratch, O x kb + kb
 * x S, at most doubled), K where that reaches it. 0: no panels, also where
 * the product is too small to split (one task: no gain for the memory). */
static int64_t panel_span(const ir_func *f, const ir_op *fusion, const ir_op *dot, int64_t kb, int threads) {
    const ir_type *out = type_of(f, dot->out[0]);
    int64_t m = out->dims[0], n = out->dims[1], kdim = type_of(f, dot->in[0])->dims[1];
    if (threads < 2 || !contract_gemm_chunk(threads, m, n, kdim) || !product_read_elementwise(f, fusion->regions[0], dot))
        return 0;
    for (int i = 0; i < fusion->nout; i++)
        if (!ir_type_same_shape(type_of(f, fusion->out[i]), out)) return 0;
    int64_t split = m >= n ? m : n, other = m >= n ? n : m;
    int64_t span = kb * (2 + split / other);
    return span < kdim ? span : kdim;
}

/* Fast mode: a DOT kernel whose one dot_general reads two block arguments
 * and gives f32 from an operand of a narrower type: the scratch for its
 * operands as f32 (0: no such kernel), a K block of each for a plain
 * matmul (k->convert_block), else both whole. The naive contraction walks
 * the rhs by columns (a bf16 x int8 matmul of 256 x 1024 x 1024 took
 * 0.9 s); sgemm on the converted operands computes the same products and
 * sums in another order, which fast mode allows. A kernel that returns no
 * value of the product's type (its epilogue rounds it to bf16) gets room
 * for the product after the operands (k->scratch_product). */
static size_t convert_scratch(const ir_func *f, const ir_op *fusion, int threads, contract_kernel *k) {
    const ir_block *b = fusion->regions[0];
    const ir_op *dot = only_dot(b);
    if (!dot || block_arg_index(b, dot->in[0]) < 0 || block_arg_index(b, dot->in[1]) < 0) return 0;
    const ir_type *l = type_of(f, dot->in[0]), *r = type_of(f, dot->in[1]), *out = type_of(f, dot->out[0]);
    bool narrow = out->dtype == IR_F32 && ir_dtype_exact_in(l->dtype, IR_F32) && ir_dtype_exact_in(r->dtype, IR_F32) &&
                  !(l->dtype == IR_F32 && r->dtype == IR_F32);
    if (!narrow) return 0;
    size_t operands, product = (size_t)ir_type_numel(out) * 4;
    if (matmul_of_args(f, b, dot, 0)) {
        int64_t kdim = l->dims[1];
        k->convert_block = kdim < CONTRACT_CONVERT_BLOCK_K ? kdim : CONTRACT_CONVERT_BLOCK_K;
        int64_t m = l->dims[0], n = r->dims[1], kb = k->convert_block;
        k->convert_span = panel_span(f, fusion, dot, kb, threads);
        k->convert_rows = k->convert_span && m >= n;
        int64_t shared = k->convert_span * (k->convert_rows ? n : m), blocked = m * kb;   /* the lhs's block */
        k->scratch_rhs = align_up((size_t)(shared > blocked ? shared : blocked) * 4);
        operands = k->scratch_rhs + (size_t)(kb * (k->convert_rows ? m : n)) * 4;
    } else {
        k->scratch_rhs = align_up((size_t)ir_type_numel(l) * 4);
        operands = k->scratch_rhs + (size_t)ir_type_numel(r) * 4;
    }
    if (returns_type(b, f, out)) return operands;
    k->scratch_product = align_up(operands);
    return k->scratch_product + product;
}

/* ---- convolution as a matrix product -------------------------------------------------- */

static int64_t row_major_stride(const ir_type *t, int d) {
    int64_t s = 1;
    for (int i = t->rank - 1; i > d; i--) s *= t->dims[i];
    return s;
}

int64_t contract_conv_rows(const ir_func *f, const ir_op *conv, int64_t *rstride) {
    const ir_type *rhs = type_of(f, conv->in[1]);
    const ir_attrs *a = &conv->a;
    int n = rhs->rank - 1, role[IR_MAX_RANK];   /* roles: 0 the input feature, 1 + s window dim s */
    for (int r = 0; r < n; r++) role[r] = r;
    for (int i = 1; i < n; i++)   /* by the kernel dim each role is, outer first */
        for (int j = i; j > 0 && a->conv_rhs.v[role[j] == 0 ? 0 : role[j] + 1] <
                                      a->conv_rhs.v[role[j - 1] == 0 ? 0 : role[j - 1] + 1]; j--) {
            int t = role[j];
            role[j] = role[j - 1], role[j - 1] = t;
        }
    int64_t step = 1, kstride = 0, inner = -1;
    bool merged = true;
    for (int i = n - 1; i >= 0; i--) {
        int d = (int)a->conv_rhs.v[role[i] == 0 ? 0 : role[i] + 1];
        rstride[role[i]] = step;
        step *= rhs->dims[d];
        if (rhs->dims[d] == 1) continue;
        if (inner >= 0 && row_major_stride(rhs, d) != row_major_stride(rhs, inner) * rhs->dims[inner]) merged = false;
        if (inner < 0) kstride = row_major_stride(rhs, d);
        inner = d;
    }
    return merged ? (kstride ? kstride : 1) : 0;
}

int64_t contract_conv_phases(const ir_func *f, const ir_op *conv, int64_t *per_dim, int64_t *widest) {
    const ir_type *rhs = type_of(f, conv->in[1]);
    int nsp = rhs->rank - 2;
    int64_t sizes[IR_MAX_RANK] = {0}, phases = 1, points = 1;
    for (int s = 0; s < nsp; s++) sizes[s] = rhs->dims[conv->a.conv_rhs.v[2 + s]];
    ir_window w;
    char why[200];
    bool ok = ir_window_read(conv, nsp, sizes, &w, why, sizeof why);
    for (int s = 0; s < nsp; s++) {
        per_dim[s] = ok && w.stride[s] == 1 ? w.base_dil[s] : 1;
        phases *= per_dim[s];
        if (phases > CONTRACT_CONV_MAX_PHASES) break;
        int64_t step = ok ? per_dim[s] / ir_gcd(w.win_dil[s], per_dim[s]) : 1;   /* between offsets a phase reads */
        points *= (sizes[s] + step - 1) / step;
    }
    if (widest) *widest = points;
    if (phases <= CONTRACT_CONV_MAX_PHASES) return phases;
    for (int s = 0; s < nsp; s++) per_dim[s] = 1;
    if (widest) *widest = ir_type_numel(rhs) / (rhs->dims[conv->a.conv_rhs.v[0]] * rhs->dims[conv->a.conv_rhs.v[1]]);
    return 1;
}

/* The batch elements of a convolution are better the innermost of its
 * im2col, the product's rows (position, batch element) (CONV_GEMM's
 * conv_batch_inner): the input's batch dim is its innermost (stride 1:
 * JAX's weight gradient in NHWC, whose batch is the input channels and
 * whose positions are the kernel's few offsets, sums over the images'
 * pixels), there are at least two, and the result holds each position's
 * batch elements one stride apart, the positions after them. Rows of the
 * usual (input feature, window) order would gather one element per cache
 * line, and a product per batch element of as many rows as positions (9)
 * runs far below BLIS's rate: the conv net step's 3-channel first layer
 * took 43-48 ms with three 9-row products, 31-40 ms with one of 27. */
static bool batch_inner(const ir_type *lhs, const ir_type *out, const ir_attrs *a, int64_t positions) {
    enum { MIN_BATCH = 2 };
    int nsp = out->rank - 2;
    int64_t batch = out->dims[a->conv_out.v[0]];
    if (a->feature_groups != 1 || batch < MIN_BATCH || row_major_stride(lhs, (int)a->conv_lhs.v[0]) != 1) return false;
    int64_t ob = row_major_stride(out, (int)a->conv_out.v[0]);
    return positions == 1 || (nsp > 0 && row_major_stride(out, (int)a->conv_out.v[1 + nsp]) == batch * ob);
}

/* A CONV_GEMM block's sizes: the floats of an im2col row (width) and the
 * rows there are at most; the summed (input feature, window) products of
 * an output (row: a phase's at most) and the output features of a group. */
typedef struct conv_sizes {
    int64_t width, most, row, out_per_group;
} conv_sizes;

static conv_sizes conv_block_sizes(const ir_func *f, const ir_op *conv, const contract_kernel *k) {
    const ir_type *rhs = type_of(f, conv->in[1]), *out = type_of(f, conv->out[0]);
    const ir_attrs *a = &conv->a;
    int nsp = out->rank - 2;
    int64_t positions = 1, window = 1, per_dim[IR_MAX_RANK], widest;
    for (int s = 0; s < nsp; s++) {
        positions *= out->dims[a->conv_out.v[2 + s]];
        window *= rhs->dims[a->conv_rhs.v[2 + s]];
    }
    if (k->conv_phased && contract_conv_phases(f, conv, per_dim, &widest) > 1) window = widest;
    conv_sizes z;
    z.row = rhs->dims[a->conv_rhs.v[0]] * window;
    z.out_per_group = out->dims[a->conv_out.v[1]] / (a->feature_groups > 0 ? a->feature_groups : 1);
    z.width = k->conv_batch_inner ? positions * out->dims[a->conv_out.v[0]] : z.row;
    z.most = k->conv_batch_inner ? z.row : positions;
    return z;
}

/* Fast mode: the scratch of an f32 convolution run as im2col blocks and
 * sgemm (CONTRACT_CONV_GEMM), 0 when it is not one: no batch groups, and
 * the result's spatial dims, in order, one strided dim (each one's stride
 * its successor's times its size), so that a block of positions is a
 * matrix of rows. The kernel is read in place where its row dims merge
 * (HWIO, OIHW, the weight gradient's), else packed after the rows. */
static size_t conv_scratch(const ir_func *f, const ir_op *fusion, contract_kernel *k) {
    const ir_block *b = fusion->regions[0];
    const ir_op *root = b->nops == 2 ? b->ops[0] : NULL;
    if (!root || root->code != IR_CONVOLUTION || root->nin != 2 || root->a.batch_groups != 1) return 0;
    const ir_type *lhs = type_of(f, root->in[0]), *rhs = type_of(f, root->in[1]), *out = type_of(f, root->out[0]);
    if (lhs->dtype != IR_F32 || rhs->dtype != IR_F32 || out->dtype != IR_F32 || ir_type_numel(out) == 0) return 0;
    const ir_attrs *a = &root->a;
    /* Depthwise (groups of one input feature): a product per group would
     * be window x out_per_group, gathered one float per cache line; the
     * direct kernel (emit_window.c) runs along the features instead:
     * 16x64x64x64 3x3, 64 groups, 140 ms as products, 4.3 ms direct. */
    if (a->feature_groups > 1 && rhs->dims[a->conv_rhs.v[0]] == 1) return 0;
    int nsp = out->rank - 2;
    int64_t positions = 1;
    for (int s = 0; s < nsp; s++) {
        int d = (int)a->conv_out.v[2 + s];
        positions *= out->dims[d];
        if (s + 1 < nsp) {
            int e = (int)a->conv_out.v[3 + s];
            if (out->dims[d] > 1 && row_major_stride(out, d) != row_major_stride(out, e) * out->dims[e]) return 0;
        }
    }
    int64_t per_dim[IR_MAX_RANK];
    k->conv_batch_inner = batch_inner(lhs, out, a, positions);
    k->conv_phased = !k->conv_batch_inner && contract_conv_phases(f, root, per_dim, NULL) > 1;
    int64_t rstride[IR_MAX_RANK], kstride = contract_conv_rows(f, root, rstride);
    int64_t ostride = row_major_stride(rhs, (int)a->conv_rhs.v[1]);
    k->conv_packed = k->conv_phased || !kstride || (kstride != 1 && ostride != 1);   /* BLIS takes a row- or column-major one */
    conv_sizes z = conv_block_sizes(f, root, k);
    int64_t rows = (int64_t)(CONTRACT_CONV_BLOCK_BYTES / (size_t)(z.width * 4));
    if (rows < 1) rows = 1;
    if (rows > z.most) rows = z.most;
    k->conv_rows = rows;
    return contract_conv_layout(f, root, k, rows);
}

size_t contract_conv_layout(const ir_func *f, const ir_op *conv, contract_kernel *k, int64_t rows) {
    conv_sizes z = conv_block_sizes(f, conv, k);
    k->scratch_rhs = align_up((size_t)(rows * z.width) * 4);
    size_t end = k->conv_packed ? k->scratch_rhs + (size_t)(z.row * z.out_per_group) * 4 : k->scratch_rhs;
    if (!k->conv_phased) return end;
    k->scratch_tile = align_up(end);
    return k->scratch_tile + (size_t)(rows * z.out_per_group) * 4;
}

/* The workspace of an opaque kernel whose op is a LAPACK op (getrf, geqrf,
 * orgqr, syevd, gesdd, gesvd, sytrd, gehrd): one matrix in column-major
 * order and LAPACK's work arrays, reused along the batch
 * (src/util/lapack_kernels.h); 0 for any other kernel. */
static size_t lapack_scratch(const ir_func *f, const ir_op *fusion) {
    const ir_block *b = fusion->regions[0];
    ir_lapack_call c;
    if (b->nops != 2 || !ir_lapack_call_of(f, b->ops[0], &c)) return 0;
    return aj_lapack_space_of(c.routine, c.elem, c.m, c.n, c.mode, c.ucols, c.vtrows).bytes;
}

/* The workspace of an opaque kernel whose op is arrayjit.fft: the block's
 * parts, the lanes and the plans, in the element type (src/util/fft.h); 0
 * for any other kernel. */
static size_t fft_scratch(const ir_func *f, const ir_op *fusion) {
    const ir_block *b = fusion->regions[0];
    if (b->nops != 2 || b->ops[0]->code != IR_FFT_PARTS) return 0;
    const ir_ints *len = &b->ops[0]->a.dims;
    int64_t size = type_of(f, b->ops[0]->in[0])->dtype == IR_F64 ? 8 : 4;
    return len->n ? (size_t)aj_fft_work_bytes(len->v, len->n, size) : 0;
}

/* The workspace of an opaque kernel whose op is chlo.top_k: its heap where
 * the stack does not hold it (src/util/top_k.h); 0 for any other kernel. */
static size_t top_k_scratch(const ir_func *f, const ir_op *fusion) {
    const ir_block *b = fusion->regions[0];
    if (b->nops != 2 || b->ops[0]->code != IR_TOP_K || b->ops[0]->a.k == 0) return 0;
    const ir_type *x = &f->values[b->ops[0]->in[0]].type;
    return (size_t)aj_top_k_scratch(x->dims[x->rank - 1], b->ops[0]->a.k);
}

/* ---- a sort by one key ----------------------------------------------------------------- */

/* The op of block b that defines v, or NULL (an argument, or from outside). */
static const ir_op *def_in(const ir_block *b, ir_value_id v) {
    for (int i = 0; i < b->nops; i++)
        for (int j = 0; j < b->ops[i]->nout; j++)
            if (b->ops[i]->out[j] == v) return b->ops[i];
    return NULL;
}

/* Whether x, over argument a alone, and y, over argument c alone, are one
 * elementwise expression (constants the same value or the same data). */
static bool same_key_expr(const ir_func *f, const ir_block *b, ir_value_id x, ir_value_id y, ir_value_id a,
                          ir_value_id c, int depth) {
    if (x == a || y == c) return x == a && y == c;
    const ir_op *ox = def_in(b, x), *oy = def_in(b, y);
    if (!ox || !oy || depth > 32 || ox->code != oy->code || ox->nin != oy->nin || ox->nout != 1 || oy->nout != 1 ||
        !ir_type_eq(&f->values[x].type, &f->values[y].type))
        return false;
    if (ox->code == IR_CONSTANT)
        return ox == oy || (ox->a.data && oy->a.data &&
                            memcmp(ox->a.data, oy->a.data, ir_type_bytes(&f->values[x].type)) == 0);
    if (!ir_op_is_elementwise(ox->code) || ox->nregions ||
        (ox->code == IR_COMPARE && (ox->a.cmp != oy->a.cmp || ox->a.cmp_type != oy->a.cmp_type)))
        return false;
    for (int i = 0; i < ox->nin; i++)
        if (!same_key_expr(f, b, ox->in[i], oy->in[i], a, c, depth + 1)) return false;
    return true;
}

/* How compare type `type` orders keys of type t, false where it is not a
 * strict weak order (FLOAT: NaN is unordered) or not one the radix sort
 * keys (a minifloat's total order is its bits', not its value's). */
static bool key_order_of(ir_dtype t, ir_cmp_type type, contract_key_order *order) {
    if (t == IR_F16 || t == IR_BF16 || t == IR_F32 || t == IR_F64) {
        *order = CONTRACT_KEY_TOTAL;
        return type == IR_CMPT_TOTALORDER;
    }
    if (!ir_dtype_is_int(t) && t != IR_I1) return false;
    bool is_unsigned = type == IR_CMPT_UNSIGNED || (type != IR_CMPT_SIGNED && (t == IR_I1 || ir_dtype_is_unsigned(t)));
    *order = is_unsigned ? CONTRACT_KEY_UNSIGNED : CONTRACT_KEY_SIGNED;
    return true;
}

bool contract_sort_key_of(const ir_func *f, const ir_op *sort, contract_sort_key *key) {
    if (sort->code != IR_SORT || sort->nregions != 1) return false;
    const ir_block *b = sort->regions[0];
    const ir_op *ret = b->nops ? b->ops[b->nops - 1] : NULL;
    const ir_op *cmp = ret && ret->nin == 1 ? def_in(b, ret->in[0]) : NULL;
    if (!cmp || cmp->code != IR_COMPARE || (cmp->a.cmp != IR_CMP_LT && cmp->a.cmp != IR_CMP_GT)) return false;
    for (int r = 0; 2 * r + 1 < b->nargs; r++)
        for (int swap = 0; swap < 2; swap++) {
            ir_value_id a = b->args[2 * r + swap], c = b->args[2 * r + 1 - swap];
            if (!same_key_expr(f, b, cmp->in[0], cmp->in[1], a, c, 0) ||
                !key_order_of(f->values[cmp->in[0]].type.dtype, cmp->a.cmp_type, &key->order))
                continue;
            key->operand = r;
            key->arg = a;
            key->key = cmp->in[0];
            key->descending = (cmp->a.cmp == IR_CMP_GT) != (swap == 1);
            return true;
        }
    return false;
}

size_t contract_sort_scratch(int64_t n) {
    return (size_t)n * (2 * sizeof(uint64_t) + 2 * sizeof(int32_t) + sizeof(uint64_t));
}

/* A sort kernel's scratch for the radix sort, 0 when its comparator has
 * no one key or its slices are short or long (CONTRACT_SORT_RADIX_MIN,
 * _MAX; 32-bit indices hold them). */
static size_t sort_scratch(const ir_func *f, const ir_op *fusion, contract_kernel *k) {
    const ir_block *b = fusion->regions[0];
    const ir_op *sort = b->nops == 2 ? b->ops[0] : NULL;
    contract_sort_key key;
    if (!sort || !contract_sort_key_of(f, sort, &key)) return 0;
    const ir_type *t = type_of(f, sort->in[0]);
    int64_t n = sort->a.axis >= 0 && sort->a.axis < t->rank ? t->dims[sort->a.axis] : 0;
    if (n < CONTRACT_SORT_RADIX_MIN || n > CONTRACT_SORT_RADIX_MAX) return 0;
    k->sort_radix = true;
    return contract_sort_scratch(n);
}

/* ---- the stage ---------------------------------------------------------------------- */

static contract_strategy strategy_of(const ir_func *f, const ir_op *op, const contract_options *o, contract_kernel *k) {
    if (op->code != IR_FUSION || op->nregions != 1) return CONTRACT_NONE;
    switch (op->a.fusion_kind) {
    case IR_FUSION_LOOP: return CONTRACT_LOOP;
    case IR_FUSION_REDUCE: return CONTRACT_REDUCE;
    case IR_FUSION_DOT:
        if (affine_update(f, op, k)) return CONTRACT_DOT_AFFINE;
        if (byte_matmul(f, op, &k->scratch)) return CONTRACT_DOT_BYTES;
        if (!o->strict_order && (k->scratch = convert_scratch(f, op, o->threads, k))) return CONTRACT_DOT_CONVERT;
        return CONTRACT_DOT;
    case IR_FUSION_OPAQUE:
        if (contract_is_control_kernel(op)) return CONTRACT_CONTROL;
        if (!o->strict_order && (k->scratch = conv_scratch(f, op, k))) return CONTRACT_CONV_GEMM;
        if ((k->scratch = lapack_scratch(f, op)) || (k->scratch = fft_scratch(f, op)) ||
            (k->scratch = top_k_scratch(f, op)) || (k->scratch = sort_scratch(f, op, k)))
            return CONTRACT_OPAQUE;
        return (k->scan_dim = scan_dim_of(f, op)) >= 0 ? CONTRACT_SCAN : CONTRACT_OPAQUE;
    default: return CONTRACT_NONE;
    }
}

/* ---- a dot by rows -----------------------------------------------------------------
 * Fast mode with BLIS: a DOT kernel whose one dot_general is a matrix
 * product of two distinct arguments, lhs [M, K] contracting K (or [M0,
 * M1, ..., K]: its rows are then M0's, each M1 x ... rows of the product;
 * f32 or f64 throughout), whose other ops read the product only
 * elementwise, at its shape, one of them returning a value of its type
 * (the gemm's target, emit_dot.c), and whose results all have M (M0) rows,
 * computes rows [a, b) of its results from lhs rows [a, b): a gemm on
 * those rows, then its epilogue on them. Its rhs is read whole; the rest, the lhs too (a
 * residual h + tanh(h @ W) reads it twice), as reads_by_row says. The
 * planner's chains (plan_chain.c) run such kernels block of rows by
 * block. */

/* Whether dot multiplies region b's arguments as [M..., K] x [K, N] (or
 * [N, K]): the lhs's leading dims are M's, row-major (a transformer's
 * [batch, time, features] times a weight), its last dim contracted. */
static bool leading_rows_matmul(const ir_func *f, const ir_block *b, const ir_op *dot) {
    const ir_type *l = type_of(f, dot->in[0]), *r = type_of(f, dot->in[1]);
    const ir_attrs *a = &dot->a;
    return block_arg_index(b, dot->in[0]) >= 0 && block_arg_index(b, dot->in[1]) >= 0 && l->rank >= 2 &&
           r->rank == 2 && a->lhs_batch.n == 0 && a->lhs_contract.n == 1 && a->lhs_contract.v[0] == l->rank - 1 &&
           a->rhs_contract.n == 1;
}

/* The rows of the result's first dim, or 0 when the kernel does not run by
 * rows; *row_elems the elements of one; its rhs argument index. */
static int64_t dot_rows(const ir_func *f, const ir_op *fusion, int64_t *row_elems, int *rhs) {
    const ir_block *b = fusion->regions[0];
    const ir_op *dot = only_dot(b);
    if (!dot || dot->in[0] == dot->in[1] || !leading_rows_matmul(f, b, dot)) return 0;
    const ir_type *l = type_of(f, dot->in[0]), *r = type_of(f, dot->in[1]), *out = type_of(f, dot->out[0]);
    if ((out->dtype != IR_F32 && out->dtype != IR_F64) || l->dtype != out->dtype || r->dtype != out->dtype ||
        out->dims[0] < 2 || !returns_type(b, f, out) ||
        !product_read_elementwise(f, b, dot))
        return 0;
    for (int i = 0; i < fusion->nout; i++) {
        const ir_type *t = type_of(f, fusion->out[i]);
        if (t->rank < 1 || t->dims[0] != out->dims[0]) return 0;
    }
    *rhs = block_arg_index(b, dot->in[1]);
    *row_elems = ir_type_numel(out) / out->dims[0];
    return out->dims[0];
}

static int fill(const ir_func *f, const contract_options *o, contract *c, diag *d) {
    const ir_block *body = f->body;
    size_t flags = 0;
    for (int s = 0; s < body->nops; s++) flags += (size_t)body->ops[s]->nin;
    c->by_row = mem_calloc(flags + 1, sizeof *c->by_row);
    bool *dep = mem_calloc((size_t)f->nvalues + 1, sizeof *dep);
    int rc = c->by_row && dep ? DIAG_OK : diag_nomem(d), cap = 0;
    for (int s = 0; s < body->nops && !rc; s++) {
        const ir_op *op = body->ops[s];
        contract_kernel *k = &c->k[s];
        k->affine_operand = -1;
        k->strategy = strategy_of(f, op, o, k);
        if (k->strategy == CONTRACT_NONE) continue;
        if (k->strategy == CONTRACT_DOT) {
            k->has_demand = contract_demanded_triangle(f, s, &k->demand);
            k->has_sparse = contract_masked_operand(f, s, &k->sparse_side, &k->sparse);
        }
        if (k->strategy == CONTRACT_REDUCE) k->has_keep = contract_row_triangle(f, s, &k->keep);
        rc = note_overwrites(f, op, c, s, &cap, o->strict_order, d);
        note_rows(f, op, c, s, o, dep);
        contract_control l;
        if (k->strategy == CONTRACT_CONTROL && contract_control_layout(f, s, o->subs, o->nsubs, &l, NULL)) {
            k->scratch = l.bytes;
            k->scratch_bound = l.bound;
        }
    }
    mem_free(dep);
    return rc;
}

int contract_func(const ir_func *f, const contract_options *o, contract *c, diag *d) {
    static const contract_options defaults = {0};
    if (!o) o = &defaults;
    memset(c, 0, sizeof *c);
    c->nsteps = f->body->nops;
    c->strict_order = o->strict_order;
    c->k = mem_calloc((size_t)c->nsteps + 1, sizeof *c->k);
    int rc = c->k ? fill(f, o, c, d) : diag_nomem(d);
    if (rc) contract_free(c);
    return rc;
}

int contract_copy(const contract *src, contract *dst, diag *d) {
    *dst = *src;
    dst->k = mem_alloc(((size_t)src->nsteps + 1) * sizeof *dst->k);
    dst->overwrites = mem_alloc(((size_t)src->noverwrites + 1) * sizeof *dst->overwrites);
    dst->by_row = mem_alloc(((size_t)src->nflags + 1) * sizeof *dst->by_row);
    if (!dst->k || !dst->overwrites || !dst->by_row) {
        contract_free(dst);
        return diag_nomem(d);
    }
    if (src->nsteps) memcpy(dst->k, src->k, (size_t)src->nsteps * sizeof *dst->k);
    if (src->noverwrites) memcpy(dst->overwrites, src->overwrites, (size_t)src->noverwrites * sizeof *dst->overwrites);
    if (src->nflags) memcpy(dst->by_row, src->by_row, (size_t)src->nflags * sizeof *dst->by_row);
    return DIAG_OK;
}

void contract_free(contract *c) {
    if (!c) return;
    mem_free(c->k);
    mem_free(c->overwrites);
    mem_free(c->by_row);
    memset(c, 0, sizeof *c);
}

/* ---- as text --------------------------------------------------------------------------- */

static const char *strategy_name(contract_strategy s) {
    switch (s) {
    case CONTRACT_LOOP: return "loop";
    case CONTRACT_REDUCE: return "reduce";
    case CONTRACT_DOT: return "dot";
    case CONTRACT_DOT_AFFINE: return "dot_affine";
    case CONTRACT_DOT_CONVERT: return "dot_convert";
    case CONTRACT_DOT_BYTES: return "dot_bytes";
    case CONTRACT_OPAQUE: return "opaque";
    case CONTRACT_CONTROL: return "control";
    case CONTRACT_SCAN: return "scan";
    case CONTRACT_CONV_GEMM: return "conv_gemm";
    default: return "none";
    }
}

/* "step 3 dot_affine (W = operand 1, alpha -0.01, beta 1): result 0 over operand 1;
 *  rows 4096 x 256, by row {0, 2}; scratch 1024" */
void contract_print(FILE *out, const ir_func *f, const contract *c) {
    for (int s = 0; s < c->nsteps; s++) {
        const contract_kernel *k = &c->k[s];
        if (k->strategy == CONTRACT_NONE) continue;
        fprintf(out, "//   step %d %s", s, strategy_name(k->strategy));
        if (k->strategy == CONTRACT_DOT_AFFINE)
            fprintf(out, " (W = operand %d, alpha %g, beta %g)", k->affine_operand, k->alpha, k->beta);
        for (int n = 0; n < k->noverwrites; n++) {
            const contract_overwrite *w = &c->overwrites[k->first_overwrite + n];
            fprintf(out, "%s result %d over operand %d", n ? "," : ":", w->result, w->operand);
            if (w->rows_block)
                fprintf(out, " (blocks of %" PRId64 " rows, %zu bytes of scratch)", w->rows_block, w->rows_scratch);
        }
        if (k->rows) {
            fprintf(out, "; rows %" PRId64 " x %" PRId64 ", by row {", k->rows, k->row_elems);
            const ir_op *op = f->body->ops[s];
            for (int i = 0, first = 1; i < op->nin; i++)
                if (c->by_row[k->first_operand + i]) fprintf(out, first ? "%d" : ", %d", i), first = 0;
            fprintf(out, "}");
        }
        if (k->has_demand)
            fprintf(out, " (read where idx[%d] - idx[%d] >= %" PRId64 ")", k->demand.a, k->demand.b, k->demand.c);
        if (k->has_sparse)
            fprintf(out, " (%s masked to idx[%d] - idx[%d] >= %" PRId64 ")", k->sparse_side ? "rhs" : "lhs",
                    k->sparse.a, k->sparse.b, k->sparse.c);
        if (k->has_keep)
            fprintf(out, " (rows keep idx[%d] - idx[%d] >= %" PRId64 ")", k->keep.a, k->keep.b, k->keep.c);
        if (k->strategy == CONTRACT_SCAN) fprintf(out, " along dim %d", k->scan_dim);
        if (k->strategy == CONTRACT_CONV_GEMM && k->conv_phased) {
            int64_t per_dim[IR_MAX_RANK];
            const ir_op *conv = f->body->ops[s]->regions[0]->ops[0];
            fprintf(out, " (%" PRId64 " phases of the dilated input)", contract_conv_phases(f, conv, per_dim, NULL));
        }
        if (k->strategy == CONTRACT_CONV_GEMM && k->conv_batch_inner)
            fprintf(out, " (batch inner, %" PRId64 " summed rows a block)", k->conv_rows);
        if (k->sort_radix) fprintf(out, " (radix sort by one key)");
        if (k->scratch) fprintf(out, "; scratch %zu", k->scratch);
        fprintf(out, "\n");
    }
}
