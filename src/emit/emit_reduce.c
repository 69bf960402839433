/* emit_reduce.c: reduce kernels.
 *
 * A reduce kernel holds reduce ops over inputs of one shape I and one set of
 * reduced dims, the producers they read (evaluated at the input index), and
 * an epilogue on the reduced shape R computed per output element once its
 * reductions are done. A reduce may read an earlier one's result through a
 * broadcast back to I (softmax: the max, then the sum of exp(x - max)); it
 * then runs in a later pass over the same input elements. Results have
 * shape R (the epilogue), or I: side results stored by the pass that first
 * computes them, and the results of the final pass, which runs over the
 * input elements once every reduction is done (softmax's exp(x - max) /
 * sum, layer norm's output; fuse.c, "row kernels"). An expensive value that
 * the last reduction pass folds and the final pass reads again (softmax's
 * exp(x - max)) is staged: stored in a final-pass result's own element by
 * the one pass and loaded back by the other (find_staged). A value per kept element
 * that a pass reads back on the input shape (layer norm's rsqrt(var + eps),
 * a broadcast's operand) is computed once per kept element, before the
 * first pass that reads it, and held (hoisted).
 *
 * Two loop orders, chosen by the innermost (last non-unit) input dim:
 *  - rows, when it is reduced: loops over the kept dims outside, the reduced
 *    dims inside; scalar accumulators. In fast mode, when every reducer of a
 *    pass is one associative op (add, max, min, ...), the innermost reduced
 *    dim is split into chunks of P lanes with P partial accumulators, which
 *    gcc vectorises; they start at the op's identity and fold into the
 *    accumulator at the end.
 *  - columns, when it is kept: the innermost dim is cut into tiles of W
 *    lanes with an accumulator array per tile; the reduced loops run outside
 *    a lane loop, so the lanes vectorise with no reassociation at all. Tiles
 *    are independent (each reads and writes its own columns), so with
 *    threads a range of them is a parallel task (emit_c.c, col_split).
 * Both fold each output element's inputs in row-major order of the reduced
 * dims, the evaluator's order (src/eval/eval_reduce.c), so strict mode is
 * exact. */
#include <inttypes.h>
#include <string.h>

#include "../fuse/fuse.h"
#include "../util/mem.h"
#include "emit_internal.h"

enum {
    MAX_REDUCES = FUSE_MAX_REDUCES,
    MAX_HOISTED = 64,        /* values per kept element held for the input's passes (more: recomputed) */
    MAX_OPERANDS = 16,       /* inputs of one reduce op */
    LANE_BYTES = 256,        /* partial accumulators (rows) or tile width (columns), in bytes */
};

typedef struct reduce_kernel {
    const ex_kernel *k;
    int n;                          /* reduce ops the results need, operands first */
    const ir_op *op[MAX_REDUCES];
    int level[MAX_REDUCES];         /* the pass that computes each */
    int nlevels;
    int *depth;                     /* per value id: 1 + the last pass it depends on (0: none) */
    const ir_type *in;              /* the common input shape */
    bool reduced[IR_MAX_RANK];
    int inner;                      /* the last input dim of size > 1; -1 if none */
    int64_t lanes;                  /* P (rows) or W (columns) */
    const char *acc[MAX_REDUCES][MAX_OPERANDS];
    const char *lane;               /* columns: the lane variable */
    ex_index kept;                  /* the output index (over R) */
    ex_index input;                 /* the input index (over I) */
    int *side_level;                /* per kernel result: the pass that stores it, a side
                                       result of shape I (nlevels: the final pass); -1: a
                                       result of shape R */
    bool final_pass;                /* some result is stored by the final pass */
    ir_value_id staged;             /* an expensive input of the last reduction pass that the final
                                       pass reads again, or -1: that pass stores it in result
                                       staged_in, where the final pass loads it (find_staged) */
    int staged_in;
    int nhoisted;
    const contract_triangle *keep;  /* the rows' triangle (contract.h, keep), or NULL */
    const char *klo, *khi;          /* keep: the row's kept columns of the inner dim */
    const char *kout;               /* keep: a column outside them, -1 if none */
    const char *kept_only;          /* keep: every pass so far folded only the kept columns */
    ir_value_id hoisted[MAX_HOISTED];   /* values per kept element read on the input shape */
    const char *hoist_array[MAX_HOISTED];   /* columns: the array holding each, per lane */
} reduce_kernel;

static int nresults(const ir_op *reduce) { return reduce->nin / 2; }
static const char *loose_compare(emit_ctx *cx, const ir_op *reduce);

/* ---- analysis ----------------------------------------------------------------------- */

/* Op reads operand v on another shape than the reduced one (a broadcast
 * back to the input's): v, per kept element and computed from a
 * reduction, is hoisted. (Operands come before their readers, so a reduce
 * has set R before anything depends on one.) */
static void note_hoisted(emit_ctx *cx, reduce_kernel *rk, const ir_op *op, ir_value_id v) {
    const ir_op *def = cx->f->values[v].def;
    if (rk->depth[v] == 0 || (def && def->code == IR_REDUCE) || rk->nhoisted == MAX_HOISTED) return;
    const ir_type *r = ec_type(cx, rk->op[0]->out[0]);
    if (!ir_type_same_squeezed(ec_type(cx, v), r) || ir_type_same_squeezed(ec_type(cx, op->out[0]), r)) return;
    for (int i = 0; i < rk->nhoisted; i++)
        if (rk->hoisted[i] == v) return;
    rk->hoisted[rk->nhoisted++] = v;
}

static bool note_op(emit_ctx *cx, const ir_op *op, void *ctx) {
    reduce_kernel *rk = ctx;
    int depth = 0;
    for (int i = 0; i < op->nin; i++)
        if (rk->depth[op->in[i]] > depth) depth = rk->depth[op->in[i]];
    if (op->code != IR_REDUCE && op->nout == 1)
        for (int i = 0; i < op->nin; i++) note_hoisted(cx, rk, op, op->in[i]);
    if (op->code == IR_REDUCE) {
        if (rk->n == MAX_REDUCES || nresults(op) > MAX_OPERANDS || op->nregions != 1) {
            ec_fail_op(cx, DIAG_UNSUPPORTED, op, "more than %d reductions in one kernel, or more than %d "
                       "inputs to one", MAX_REDUCES, MAX_OPERANDS);
            return false;
        }
        rk->level[rk->n] = depth;
        rk->op[rk->n++] = op;
        if (depth + 1 > rk->nlevels) rk->nlevels = depth + 1;
        depth++;
    }
    for (int i = 0; i < op->nout; i++) rk->depth[op->out[i]] = depth;
    return true;
}

static bool same_dims(const ir_ints *a, const ir_ints *b) {
    if (a->n != b->n) return false;
    for (int i = 0; i < a->n; i++)
        if (a->v[i] != b->v[i]) return false;
    return true;
}

/* Every reduce reads one input shape over the same dims; every result has
 * the reduced shape. */
static int check_reduce_kernel(emit_ctx *cx, reduce_kernel *rk) {
    const ir_op *first = rk->op[0];
    rk->in = ec_type(cx, first->in[0]);
    for (int i = 0; i < first->a.dims.n; i++) rk->reduced[first->a.dims.v[i]] = true;
    for (int r = 1; r < rk->n; r++) {
        const ir_op *op = rk->op[r];
        if (!ir_type_same_shape(ec_type(cx, op->in[0]), rk->in) || !same_dims(&op->a.dims, &first->a.dims))
            return ec_fail_op(cx, DIAG_UNSUPPORTED, op, "reductions of one kernel must share their input "
                              "shape and dimensions");
    }
    const ir_type *out = ec_type(cx, first->out[0]);
    for (int r = 0; r < rk->k->ret->nin; r++) {
        const ir_type *t = ec_type(cx, rk->k->ret->in[r]);
        if (!ir_type_same_shape(t, out) && !ir_type_same_shape(t, rk->in))
            return ec_fail_op(cx, DIAG_UNSUPPORTED, rk->k->fusion, "result %d of a reduce kernel has neither "
                              "the reduced nor the input shape", r);
        if (!ec_dtype_ok(t->dtype))
            return ec_fail_op(cx, DIAG_UNSUPPORTED, rk->k->fusion, "element type %s", ir_dtype_name(t->dtype));
    }
    rk->inner = -1;
    for (int d = 0; d < rk->in->rank; d++)
        if (rk->in->dims[d] > 1) rk->inner = d;
    return DIAG_OK;
}

/* Which pass stores each side result (a prologue value of the input shape,
 * fuse_options.reduce_side_outputs: softmax's exp(x - max) beside its sum):
 * the first that can compute it, the pass of the reduces it waits for
 * (depth), so that it is computed once, where they read it. */
static int find_side_results(emit_ctx *cx, reduce_kernel *rk) {
    const ir_op *ret = rk->k->ret;
    const ir_type *out = ec_type(cx, rk->op[0]->out[0]);
    rk->side_level = mem_alloc(sizeof(int) * (size_t)(ret->nin + 1));
    if (!rk->side_level) return cx->rc = diag_nomem(cx->d);
    for (int r = 0; r < ret->nin; r++) {
        const ir_type *t = ec_type(cx, ret->in[r]);
        rk->side_level[r] = ir_type_same_shape(t, out) ? -1 : rk->depth[ret->in[r]];
        rk->final_pass |= rk->side_level[r] == rk->nlevels;
    }
    return DIAG_OK;
}

/* Walks what the kernel computes after its last reduction pass (the final
 * pass's results, the epilogue's, the values hoisted for them) back to
 * what that reads, taking reduction results as in hand and e as read.
 * Whether it reads e, only at the input element in hand (through
 * elementwise ops), and no operand of `operands` (bit j: operand j). */
static bool reads_after_last_pass(emit_ctx *cx, const reduce_kernel *rk, ir_value_id e, uint64_t operands) {
    const ir_block *b = rk->k->region;
    const ir_op *ret = rk->k->ret;
    bool *need = mem_calloc((size_t)cx->f->nvalues, sizeof *need);
    if (!need) return false;
    for (int r = 0; r < ret->nin; r++) need[ret->in[r]] = rk->side_level[r] < 0 || rk->side_level[r] == rk->nlevels;
    bool at_element = true;
    for (int i = b->nops - 2; i >= 0; i--) {
        const ir_op *op = b->ops[i];
        bool needed = false;
        for (int j = 0; j < op->nout; j++) needed = needed || need[op->out[j]];
        if (!needed || op->code == IR_REDUCE || op->out[0] == e) continue;
        for (int j = 0; j < op->nin; j++) {
            need[op->in[j]] = true;
            at_element = at_element && (op->in[j] != e || ir_op_is_elementwise(op->code));
        }
    }
    bool ok = need[e] && at_element;
    for (int j = 0; j < b->nargs; j++) ok = ok && !(j < 64 ? need[b->args[j]] && (operands >> j & 1) : operands);
    mem_free(need);
    return ok;
}

/* Result r may hold the staged value e: a final-pass result of e's type,
 * overlapping no other result; where it overlaps operands (written in
 * place), what follows the last pass reads them only through e, and that
 * pass folds no loose maxima, which fold the pass's inputs again
 * (refold_zero). */
static bool may_stage_in(emit_ctx *cx, const reduce_kernel *rk, ir_value_id e, int r) {
    const ir_op *ret = rk->k->ret;
    if (r >= 64 || rk->side_level[r] != rk->nlevels || ec_type(cx, ret->in[r])->dtype != ec_type(cx, e)->dtype)
        return false;
    int nin = rk->k->fusion->nin;
    uint64_t operands = nin < 64 ? cx->overlaps[r] & (((uint64_t)1 << nin) - 1) : cx->overlaps[r];
    if (cx->overlaps[r] != operands || (operands && nin > 64)) return false;
    for (int i = 0; i < rk->n && operands; i++)
        if (rk->level[i] == rk->nlevels - 1 && loose_compare(cx, rk->op[i])) return false;
    return reads_after_last_pass(cx, rk, e, operands);
}

/* The value to stage: an expensive input of a reduction in the last pass
 * that the final pass reads again (softmax's exp(x - max), which the sum
 * folds and the normalisation divides), held in a final-pass result (the
 * probabilities, often written in place over the scores). The last pass
 * stores it there; the final pass loads it back before it overwrites that
 * element with the result (a store and a load are exact, so strict mode
 * too), instead of computing it twice. */
static void find_staged(emit_ctx *cx, reduce_kernel *rk) {
    rk->staged = -1;
    const ir_op *ret = rk->k->ret;
    for (int i = 0; i < rk->n && rk->staged < 0; i++) {
        if (rk->level[i] != rk->nlevels - 1 || nresults(rk->op[i]) != 1) continue;
        ir_value_id e = rk->op[i]->in[0];
        const ir_op *def = cx->f->values[e].def;
        if (!def || !fuse_is_expensive(def->code)) continue;
        bool side_result = false;   /* stored and read back anyway: read_side_results */
        for (int r = 0; r < ret->nin; r++) side_result = side_result || ret->in[r] == e;
        for (int r = 0; r < ret->nin && !side_result && rk->staged < 0; r++)
            if (may_stage_in(cx, rk, e, r)) {
                rk->staged = e;
                rk->staged_in = r;
            }
    }
}

/* Stores the side results of pass `level` at the input element in hand,
 * then, in the last reduction pass, the staged value. */
static void store_side_results(emit_ctx *cx, const reduce_kernel *rk, int level) {
    const ir_op *ret = rk->k->ret;
    for (int r = 0; r < ret->nin && !cx->rc; r++) {
        if (rk->side_level[r] != level) continue;
        const char *val = ex_value(cx, ret->in[r], &rk->input);
        if (val) ex_store(cx, ec_type(cx, ret->in[r])->dtype, rk->k->out[r], ex_offset(cx, rk->in, &rk->input), val);
    }
    if (rk->staged >= 0 && level == rk->nlevels - 1 && !cx->rc) {   /* last: the element's reads are done */
        const char *val = ex_value(cx, rk->staged, &rk->input);
        if (val) ex_store(cx, ec_type(cx, rk->staged)->dtype, rk->k->out[rk->staged_in],
                          ex_offset(cx, rk->in, &rk->input), val);
    }
}

/* In the final pass, a side result an earlier pass stored is read back at
 * the input element rather than computed again: softmax's exp(x - max),
 * which its normalisation divides (the same value: a store and a load are
 * exact for every type): transformer_step, whose masked softmax keeps it
 * for the backward pass, 56.9 -> 55.5 ms at one thread; softmax over 16 x
 * 256 x 256 returning both, 2 threads, 0.64 -> 0.53 ms (on a Xeon). */
static void read_side_results(emit_ctx *cx, const reduce_kernel *rk, const ex_index *ix) {
    const ir_op *ret = rk->k->ret;
    if (rk->staged >= 0) {
        ir_dtype t = ec_type(cx, rk->staged)->dtype;
        ex_bind(cx, rk->staged, ix, ex_load(cx, t, rk->k->out[rk->staged_in], ex_offset(cx, rk->in, ix)));
    }
    for (int r = 0; r < ret->nin && !cx->rc; r++) {
        if (rk->side_level[r] < 0 || rk->side_level[r] >= rk->nlevels) continue;
        ir_dtype t = ec_type(cx, ret->in[r])->dtype;
        ex_bind(cx, ret->in[r], ix, ex_load(cx, t, rk->k->out[r], ex_offset(cx, rk->in, ix)));
    }
}

/* The element size that sets the lane count: the widest accumulator. */
static size_t widest_accumulator(emit_ctx *cx, const reduce_kernel *rk) {
    size_t size = 1;
    for (int r = 0; r < rk->n; r++)
        for (int i = 0; i < nresults(rk->op[r]); i++) {
            size_t s = ir_dtype_size(ec_type(cx, rk->op[r]->out[i])->dtype);
            if (s > size) size = s;
        }
    return size;
}

/* ---- indices and loops ------------------------------------------------------------------- */

/* The loops over the input dims that are kept (or reduced), skipping `except`
 * and unit dims, each named i<d> and entered in the input index. */
static int dim_loops(emit_ctx *cx, reduce_kernel *rk, bool reduced, int except, ex_loop *loops) {
    int n = 0;
    for (int d = 0; d < rk->in->rank; d++) {
        if (rk->reduced[d] != reduced || d == except || rk->in->dims[d] == 1) continue;
        rk->input.at[d] = ec_str(cx, "i%d", d);
        loops[n++] = (ex_loop){rk->input.at[d], NULL, NULL, rk->in->dims[d]};
    }
    return n;
}

/* The output index: the input index of the kept dims, in order. */
static void make_kept_index(reduce_kernel *rk) {
    rk->kept = (ex_index){0};
    for (int d = 0; d < rk->in->rank; d++)
        if (!rk->reduced[d]) rk->kept.at[rk->kept.rank++] = rk->input.at[d];
}

/* The index of a value per kept element (of the reduced shape up to unit
 * dims): the kept input dims above 1, in order, on its dims above 1. */
static ex_index kept_index_of(const reduce_kernel *rk, const ir_type *t) {
    ex_index ix = {.rank = t->rank};
    int d = 0;
    for (int i = 0; i < t->rank; i++) {
        ix.at[i] = "0";
        if (t->dims[i] == 1) continue;
        while (d < rk->in->rank && (rk->reduced[d] || rk->in->dims[d] == 1)) d++;
        ix.at[i] = d < rk->in->rank ? rk->input.at[d++] : "0";
    }
    return ix;
}

/* Rows: computes the hoisted values that wait for pass `level` into
 * locals, at the kept element in hand (bound for the passes after). */
static void hoist_locals(emit_ctx *cx, const reduce_kernel *rk, int level) {
    for (int h = 0; h < rk->nhoisted && !cx->rc; h++) {
        ir_value_id v = rk->hoisted[h];
        if (rk->depth[v] != level) continue;
        ex_index ix = kept_index_of(rk, ec_type(cx, v));
        ex_bind(cx, v, &ix, ex_local(cx, ec_type(cx, v)->dtype, ex_value(cx, v, &ix)));
    }
}

static void bind_results(emit_ctx *cx, const reduce_kernel *rk, int r, const char *suffix) {
    for (int i = 0; i < nresults(rk->op[r]); i++)
        ex_bind(cx, rk->op[r]->out[i], &rk->kept, ec_str(cx, "%s%s", rk->acc[r][i], suffix));
}

/* Folds the input element at rk->input into reduce r's accumulators (each
 * name followed by suffix, e.g. "[lane]"). */
static void fold_input(emit_ctx *cx, const reduce_kernel *rk, int r, const char *suffix) {
    const ir_op *op = rk->op[r];
    int n = nresults(op);
    const char *acc[MAX_OPERANDS], *x[MAX_OPERANDS];
    for (int i = 0; i < n; i++) {
        acc[i] = ec_str(cx, "%s%s", rk->acc[r][i], suffix);
        x[i] = ex_value(cx, op->in[i], &rk->input);
    }
    if (!cx->rc) ex_apply_reducer(cx, op->regions[0], n, acc, x);
}

static const char *init_value(emit_ctx *cx, const ir_op *op, int i) {
    ex_index scalar = ex_scalar_index();
    return ex_value(cx, op->in[nresults(op) + i], &scalar);
}

/* The results of shape R, at the output element in hand. */
static void epilogue(emit_ctx *cx, const reduce_kernel *rk) {
    const ex_kernel *k = rk->k;
    const ir_type *out = ec_type(cx, rk->op[0]->out[0]);
    const char *val[k->ret->nin];
    for (int r = 0; r < k->ret->nin; r++)
        val[r] = rk->side_level[r] < 0 ? ex_value(cx, k->ret->in[r], &rk->kept) : NULL;
    const char *off = ex_offset(cx, out, &rk->kept);
    for (int r = 0; r < k->ret->nin && !cx->rc; r++)
        if (val[r]) ex_store(cx, ec_type(cx, k->ret->in[r])->dtype, k->out[r], off, val[r]);
}

/* ---- rows --------------------------------------------------------------------------------- */

/* The reducer is one op of its two arguments with an identity: partial
 * accumulators may start there and combine in any order (fast mode). */
static const char *partial_identity(emit_ctx *cx, const ir_op *op) {
    const ir_block *b = op->regions[0];
    if (nresults(op) != 1 || b->nops != 2 || b->nargs != 2) return NULL;
    const ir_op *f = b->ops[0], *ret = b->ops[1];
    if (f->nin != 2 || f->nout != 1 || ret->nin != 1 || ret->in[0] != f->out[0]) return NULL;
    bool args = (f->in[0] == b->args[0] && f->in[1] == b->args[1]) || (f->in[0] == b->args[1] && f->in[1] == b->args[0]);
    return args ? es_identity(cx, f->code, ec_type(cx, op->out[0])->dtype) : NULL;
}

static bool use_partials(emit_ctx *cx, const reduce_kernel *rk, int level) {
    if (cx->o->strict_order || rk->inner < 0 || !rk->reduced[rk->inner] || rk->in->dims[rk->inner] < 2 * rk->lanes)
        return false;
    for (int r = 0; r < rk->n; r++)
        if (rk->level[r] == level && !partial_identity(cx, rk->op[r])) return false;
    return true;
}

/* Partial maxima (minima) of floats fold by a compare and a NaN test that
 * lets a NaN in and keeps it, m = x > p ? x : p, p = x != x ? x : m: the
 * exact maximum (NaN first, then -0 below +0) costs three selects in a
 * chain, twice the time (2.5 against 1.3 ms for 16M L1-resident floats).
 * Written as one select, (x > p || x != x) ? x : p, gcc 12 left the loop
 * scalar where x is itself a select (a causal mask: attention_causal's
 * softmax, 50 of its 166 ms on one thread); as two it vectorises, and is
 * as fast where both do (2.1-2.8 against 2.6-2.8 ms, 16M floats, Zen 3).
 * The compare does not order -0
 * below +0, so a reduction whose result is zero is folded again exactly
 * (refold_zero). Returns the compare ("<" or ">"), NULL where the exact op
 * is used. */
static const char *loose_compare(emit_ctx *cx, const ir_op *reduce) {
    ir_dtype t = ec_type(cx, reduce->out[0])->dtype;
    if (t != IR_F32 && t != IR_F64) return NULL;
    ir_opcode code = reduce->regions[0]->ops[0]->code;
    return code == IR_MAXIMUM ? ">" : code == IR_MINIMUM ? "<" : NULL;
}

/* part = the loose maximum (minimum) of part and x, x a value of type t. */
static void fold_loose_value(emit_ctx *cx, ir_dtype t, const char *part, const char *x, const char *cmp) {
    x = ex_local(cx, t, x);
    const char *m = ex_local(cx, t, ec_str(cx, "%s %s %s ? %s : %s", x, cmp, part, x, part));
    ec_line(cx, "%s = %s != %s ? %s : %s;", part, x, x, x, m);
}

static void fold_loosely(emit_ctx *cx, const reduce_kernel *rk, int r, const char *part, const char *cmp) {
    const ir_op *op = rk->op[r];
    const char *x = ex_value(cx, op->in[0], &rk->input);
    if (!cx->rc) fold_loose_value(cx, ec_type(cx, op->in[0])->dtype, part, x, cmp);
}

/* Folds reduce r's p partials (array part) into its accumulator: by
 * halves, part[l] with part[l + half], while a half spans a vector of 32
 * bytes (loops gcc vectorises, kept loops: gcc 12 unrolled the short ones
 * whole and left them scalar), then the rest one by one. One by one, the
 * 64 partials of a row of floats were a chain of 64 dependent adds (or
 * branchy maxima) per row: 11% of attention_gqa's softmax kernel. */
static void fold_partials(emit_ctx *cx, const reduce_kernel *rk, int r, const char *part, int64_t p) {
    const ir_op *op = rk->op[r];
    ir_dtype t = ec_type(cx, op->out[0])->dtype;
    const char *cmp = loose_compare(cx, op), *lane = ec_fresh(cx, "lane");
    int64_t half = p;
    for (; half % 2 == 0 && (half / 2) * (int64_t)ir_dtype_size(t) >= 32; half /= 2) {
        ec_line(cx, "#pragma GCC unroll 1");   /* unrolled whole first, the short ones stayed scalar */
        ec_open(cx, "for (int64_t %s = 0; %s < %" PRId64 "; %s++)", lane, lane, half / 2, lane);
        const char *acc = ec_str(cx, "%s[%s]", part, lane), *x = ec_str(cx, "%s[%s + %" PRId64 "]", part, lane, half / 2);
        if (cmp) fold_loose_value(cx, t, acc, x, cmp);
        else ex_apply_reducer(cx, op->regions[0], 1, &acc, &x);
        ec_close(cx);
    }
    const char *acc = rk->acc[r][0], *x = ec_str(cx, "%s[%s]", part, lane);
    ec_open(cx, "for (int64_t %s = 0; %s < %" PRId64 "; %s++)", lane, lane, half, lane);
    ex_apply_reducer(cx, op->regions[0], 1, &acc, &x);
    ec_close(cx);
}

/* A loosely folded result of zero: its sign may be wrong, so the
 * accumulator starts again and folds every input exactly. */
static void refold_zero(emit_ctx *cx, reduce_kernel *rk, int r) {
    ex_loop loops[IR_MAX_RANK];
    ec_open(cx, "if (%s == 0)", rk->acc[r][0]);
    ec_line(cx, "%s = %s;", rk->acc[r][0], init_value(cx, rk->op[r], 0));
    int n = dim_loops(cx, rk, true, -1, loops);
    ec_loops_open(cx, loops, n, false);
    fold_input(cx, rk, r, "");
    ec_loops_close(cx, n);
    ec_close(cx);
}

/* ---- a row's triangle ------------------------------------------------------------------
 * A kernel whose rows keep a triangle (contract.h, keep: softmax over
 * causally masked scores) keeps columns [klo, khi) of its reduced
 * innermost dim in each row; outside them every value it computes is one
 * value per row (contract_row_triangle), computed once, at column kout. A
 * pass folds the kept columns and then that value once, where that is
 * what folding it at every outside column gives: a maximum or minimum of
 * anything but NaN, a sum of a zero (the other zeros would change no more
 * than the sign of a zero sum, which one does), a product of one. While
 * every pass has so (kept_only), the final pass stores the kept columns
 * and each result of the input shape takes its outside value outside;
 * once a pass has not, it and the rest run whole. An outside value reads
 * the operands at column kout, which a kernel written in place may have
 * stored over by then (a widened pass: fold_rows_with_partials); what it
 * reads there reaches it only through selects that discard it
 * (contract_row_triangle), but for a mask read from an operand, which
 * row_triangle keeps from being written over. */

static void open_row_triangle(emit_ctx *cx, reduce_kernel *rk) {
    const contract_triangle *t = rk->keep;
    int64_t size = rk->in->dims[rk->inner];
    bool prefix = t->b == rk->inner;   /* idx[row] - j >= c: j <= row - c (else j >= row + c) */
    const char *row = rk->input.at[prefix ? t->a : t->b];
    const char *lo = rk->klo = ec_fresh(cx, "klo"), *hi = rk->khi = ec_fresh(cx, "khi");
    const char *bound = prefix ? hi : lo;
    rk->kout = ec_fresh(cx, "kout");
    rk->kept_only = ec_fresh(cx, "kept_only");
    if (prefix)
        ec_line(cx, "int64_t %s = 0, %s = %s + %" PRId64 ";", lo, hi, row, 1 - t->c);
    else
        ec_line(cx, "int64_t %s = %s + %" PRId64 ", %s = %" PRId64 ";", lo, row, t->c, hi, size);
    ec_line(cx, "%s = %s < 0 ? 0 : %s > %" PRId64 " ? %" PRId64 " : %s;", bound, bound, bound, size, size, bound);
    if (prefix)
        ec_line(cx, "const int64_t %s = %s < %" PRId64 " ? %s : -1;", rk->kout, hi, size, hi);
    else
        ec_line(cx, "const int64_t %s = %s > 0 ? %s - 1 : -1;", rk->kout, lo, lo);
    ec_line(cx, "int %s = %s >= 0;", rk->kept_only, rk->kout);
}

/* The condition under which folding v once into reduce op's accumulator
 * is folding it any number of times; NULL: never. */
static const char *folds_once(emit_ctx *cx, const ir_op *op, const char *v) {
    if (!partial_identity(cx, op)) return NULL;   /* one op of both arguments: contract.c checked floats */
    switch (op->regions[0]->ops[0]->code) {
    case IR_MAXIMUM: case IR_MINIMUM: return ec_str(cx, "%s == %s", v, v);
    case IR_ADD: return ec_str(cx, "%s == 0", v);
    case IR_MULTIPLY: return ec_str(cx, "%s == 1", v);
    default: return NULL;
    }
}

/* The results of the input shape stored by a pass before `below`
 * (nlevels + 1: all, the final pass's too) take their outside value
 * outside the kept columns. */
static void store_outside(emit_ctx *cx, reduce_kernel *rk, int below) {
    const ex_kernel *k = rk->k;
    ex_index at = rk->input;   /* the row's element at kout: its other reduced dims are units (contract.c) */
    at.at[rk->inner] = rk->kout;
    const char *column = ec_fresh(cx, "column");
    ex_index fill = at;
    fill.at[rk->inner] = column;
    for (int r = 0; r < k->ret->nin && !cx->rc; r++) {
        if (rk->side_level[r] < 0 || rk->side_level[r] >= below) continue;
        ir_dtype t = ec_type(cx, k->ret->in[r])->dtype;
        const char *v = ex_value(cx, k->ret->in[r], &at);
        if (!v) continue;
        v = ex_local(cx, t, v);
        const char *off = ex_offset(cx, rk->in, &fill);
        const char *from[2] = {"0", rk->khi}, *to[2] = {rk->klo, ec_str(cx, "%" PRId64, rk->in->dims[rk->inner])};
        for (int side = 0; side < 2; side++) {
            ec_open(cx, "for (int64_t %s = %s; %s < %s; %s++)", column, from[side], column, to[side], column);
            ex_store(cx, t, k->out[r], off, v);
            ec_close(cx);
        }
    }
}

/* Some result of the input shape is stored by a pass before `level`. */
static bool stores_before(const reduce_kernel *rk, int level) {
    for (int r = 0; r < rk->k->ret->nin; r++)
        if (rk->side_level[r] >= 0 && rk->side_level[r] < level) return true;
    return false;
}

/* The columns pass `level` folds, [*from, *to): the kept ones while
 * kept_only holds and each of its reductions may fold the outside value,
 * in outside[r], once; else all, and the results that earlier passes
 * stored over the kept columns only take their outside values. */
static void pass_range(emit_ctx *cx, reduce_kernel *rk, int level, const char **from, const char **to,
                       const char **outside) {
    *from = ec_fresh(cx, "from");
    *to = ec_fresh(cx, "to");
    ec_line(cx, "int64_t %s = 0, %s = %" PRId64 ";", *from, *to, rk->in->dims[rk->inner]);
    for (int r = 0; r < rk->n; r++) {
        if (rk->level[r] != level) continue;
        outside[r] = ec_fresh(cx, "outside");
        ec_line(cx, "%s %s = 0;", ec_vtype(ec_type(cx, rk->op[r]->in[0])->dtype), outside[r]);
    }
    ec_open(cx, "if (%s)", rk->kept_only);
    const char *column = rk->input.at[rk->inner], *all = "1";
    rk->input.at[rk->inner] = rk->kout;
    for (int r = 0; r < rk->n && !cx->rc; r++) {
        if (rk->level[r] != level) continue;
        const char *v = ex_value(cx, rk->op[r]->in[0], &rk->input), *once = folds_once(cx, rk->op[r], outside[r]);
        if (v) ec_line(cx, "%s = %s;", outside[r], v);
        all = once ? ec_str(cx, "%s && %s", all, once) : "0";
    }
    rk->input.at[rk->inner] = column;
    ec_line(cx, "%s = %s;", rk->kept_only, all);
    ec_open(cx, "if (%s)", rk->kept_only);
    ec_line(cx, "%s = %s, %s = %s;", *from, rk->klo, *to, rk->khi);
    if (stores_before(rk, level)) {
        ec_reopen(cx, "else");
        store_outside(cx, rk, level);
    }
    ec_close(cx);
    ec_close(cx);
}

/* After pass `level` has folded its columns: the outside value, once,
 * where the pass folded only the kept ones. */
static void fold_outside_once(emit_ctx *cx, const reduce_kernel *rk, int level, const char **outside) {
    ec_open(cx, "if (%s)", rk->kept_only);
    for (int r = 0; r < rk->n; r++)
        if (rk->level[r] == level) ex_apply_reducer(cx, rk->op[r]->regions[0], 1, &rk->acc[r][0], &outside[r]);
    ec_close(cx);
}

/* The final pass over the kept columns while kept_only holds, else all. */
static void final_pass_kept(emit_ctx *cx, reduce_kernel *rk, ex_loop *loops, int n, const bool *skip) {
    const ex_kernel *k = rk->k;
    loops[n - 1].from = ec_str(cx, "(%s ? %s : 0)", rk->kept_only, rk->klo);
    loops[n - 1].to = ec_str(cx, "(%s ? %s : %" PRId64 ")", rk->kept_only, rk->khi, rk->in->dims[rk->inner]);
    ec_loops_open(cx, loops, n, true);
    read_side_results(cx, rk, &rk->input);
    for (int r = 0; r < k->ret->nin && !cx->rc; r++) {
        if (skip[r]) continue;
        const char *val = ex_value(cx, k->ret->in[r], &rk->input);
        if (val) ex_store(cx, ec_type(cx, k->ret->in[r])->dtype, k->out[r], ex_offset(cx, rk->in, &rk->input), val);
    }
    ec_loops_close(cx, n);
}

/* The innermost reduced dim in chunks of P lanes into partials, the rest
 * (fewer than P elements) straight into the accumulators, then the partials
 * folded in. */
static void fold_rows_with_partials(emit_ctx *cx, reduce_kernel *rk, int level, const ex_loop *outer, int nouter,
                                    const char *from, const char *to) {
    int64_t p = rk->lanes, size = rk->in->dims[rk->inner], main = size - size % p;
    const char *part[MAX_REDUCES] = {0}, *lane = ec_fresh(cx, "lane"), *chunk = ec_fresh(cx, "chunk");
    /* [from, to) (a row's kept columns) widened to whole chunks: the
       columns outside it fold the outside value, which folds once as
       well as many times (pass_range) */
    const char *lo = "0", *hi = ec_str(cx, "%" PRId64, main), *rest = hi, *end = ec_str(cx, "%" PRId64, size);
    if (from) {
        lo = ec_fresh(cx, "chunks_from");
        const char *up = ec_fresh(cx, "chunks_to");
        ec_line(cx, "const int64_t %s = %s / %" PRId64 " * %" PRId64 ", %s = (%s + %" PRId64 ") / %" PRId64 " * %" PRId64 ";",
                lo, from, p, p, up, to, p - 1, p, p);
        hi = ec_str(cx, "(%s < %" PRId64 " ? %s : %" PRId64 ")", up, main, up, main);
        rest = ec_str(cx, "(%s > %" PRId64 " ? %s : %" PRId64 ")", lo, main, lo, main);
        end = ec_str(cx, "(%s < %" PRId64 " ? %s : %" PRId64 ")", up, size, up, size);
    }
    const char *saved[MAX_REDUCES];
    for (int r = 0; r < rk->n; r++) {
        if (rk->level[r] != level) continue;
        part[r] = ec_fresh(cx, "part");
        ec_line(cx, "%s %s[%" PRId64 "];", ec_vtype(ec_type(cx, rk->op[r]->out[0])->dtype), part[r], p);
        ec_line(cx, "for (int64_t %s = 0; %s < %" PRId64 "; %s++) %s[%s] = %s;", lane, lane, p, lane, part[r], lane,
                partial_identity(cx, rk->op[r]));
    }
    ec_loops_open(cx, outer, nouter, false);
    ec_open(cx, "for (int64_t %s = %s; %s < %s; %s += %" PRId64 ")", chunk, lo, chunk, hi, chunk, p);
    if (cx->row_n && cx->row_prefetch && level == rk->nlevels - 1) {   /* the last pass: the next block's rows */
        int64_t row_elems = ir_type_numel(rk->in) / rk->in->dims[0];
        rk->input.at[rk->inner] = chunk;
        ex_prefetch(cx, rk->k, ex_offset(cx, rk->in, &rk->input), p, cx->row_prefetch, cx->row_block * row_elems,
                    ir_type_numel(rk->in));
    }
    ec_open(cx, "for (int64_t %s = 0; %s < %" PRId64 "; %s++)", lane, lane, p, lane);
    rk->input.at[rk->inner] = ec_str(cx, "(%s + %s)", chunk, lane);
    for (int r = 0; r < rk->n; r++) {
        if (!part[r]) continue;
        if (loose_compare(cx, rk->op[r])) {
            fold_loosely(cx, rk, r, ec_str(cx, "%s[%s]", part[r], lane), loose_compare(cx, rk->op[r]));
            continue;
        }
        saved[r] = rk->acc[r][0];
        rk->acc[r][0] = part[r];
        fold_input(cx, rk, r, ec_str(cx, "[%s]", lane));
        rk->acc[r][0] = saved[r];
    }
    store_side_results(cx, rk, level);
    ec_close(cx);
    ec_close(cx);
    if (main < size) {
        rk->input.at[rk->inner] = ec_str(cx, "i%d", rk->inner);
        ex_loop tail = {rk->input.at[rk->inner], rest, from ? end : NULL, size};
        ec_loops_open(cx, &tail, 1, false);
        for (int r = 0; r < rk->n; r++)
            if (part[r]) fold_input(cx, rk, r, "");
        store_side_results(cx, rk, level);
        ec_loops_close(cx, 1);
    }
    ec_loops_close(cx, nouter);
    for (int r = 0; r < rk->n; r++) {
        if (!part[r]) continue;
        fold_partials(cx, rk, r, part[r], p);
        if (loose_compare(cx, rk->op[r])) refold_zero(cx, rk, r);
    }
}

static void fold_rows(emit_ctx *cx, reduce_kernel *rk, int level) {
    ex_loop loops[IR_MAX_RANK];
    const char *from = NULL, *to = NULL, *outside[MAX_REDUCES];
    ec_block(cx);
    if (rk->keep) pass_range(cx, rk, level, &from, &to, outside);
    bool partials = use_partials(cx, rk, level);
    int n = dim_loops(cx, rk, true, partials ? rk->inner : -1, loops);
    if (partials) {
        fold_rows_with_partials(cx, rk, level, loops, n, from, to);
    } else {
        if (from) loops[n - 1].from = from, loops[n - 1].to = to;   /* the inner dim, reduced, innermost */
        ec_loops_open(cx, loops, n, false);
        for (int r = 0; r < rk->n; r++)
            if (rk->level[r] == level) fold_input(cx, rk, r, "");
        store_side_results(cx, rk, level);
        ec_loops_close(cx, n);
    }
    if (rk->keep) fold_outside_once(cx, rk, level, outside);
    ec_close(cx);
}

/* The input elements of the kept element in hand once more, storing the
 * final pass's results (through streaming stores where they are big
 * outputs: ex_store_nest, fenced by the caller once the kept loops are
 * done). */
static void final_pass_rows(emit_ctx *cx, reduce_kernel *rk, ex_store_nest *nest) {
    const ex_kernel *k = rk->k;
    int nres = k->ret->nin;
    bool skip[nres];
    const char *val[nres];
    for (int r = 0; r < nres; r++) skip[r] = rk->side_level[r] != rk->nlevels;
    ex_loop loops[IR_MAX_RANK];
    ec_block(cx);
    int n = dim_loops(cx, rk, true, -1, loops);
    if (rk->keep) {
        final_pass_kept(cx, rk, loops, n, skip);
        ec_close(cx);
        return;
    }
    ex_index ix = rk->input;
    ex_store_nest_open(cx, k, skip, rk->in, loops, n, false, &ix, nest);
    read_side_results(cx, rk, &ix);
    for (int r = 0; r < nres; r++) val[r] = skip[r] ? NULL : ex_value(cx, k->ret->in[r], &ix);
    ex_store_nest_results(cx, nest, &ix, val);
    ex_store_nest_close(cx, nest);
    ec_close(cx);
}

static void emit_rows(emit_ctx *cx, reduce_kernel *rk) {
    rk->lanes = (int64_t)(LANE_BYTES / widest_accumulator(cx, rk));
    ex_loop kept[IR_MAX_RANK];
    int nkept = dim_loops(cx, rk, false, -1, kept);
    make_kept_index(rk);
    ec_loops_open(cx, kept, nkept, false);
    if (rk->keep) open_row_triangle(cx, rk);
    for (int level = 0; level < rk->nlevels && !cx->rc; level++) {
        for (int r = 0; r < rk->n; r++) {
            if (rk->level[r] != level) continue;
            for (int i = 0; i < nresults(rk->op[r]); i++) {
                rk->acc[r][i] = ec_fresh(cx, "acc");
                const char *init = init_value(cx, rk->op[r], i);
                ec_line(cx, "%s %s = %s;", ec_vtype(ec_type(cx, rk->op[r]->out[i])->dtype), rk->acc[r][i], init);
            }
        }
        hoist_locals(cx, rk, level);
        fold_rows(cx, rk, level);
        for (int r = 0; r < rk->n; r++)
            if (rk->level[r] == level) bind_results(cx, rk, r, "");
    }
    hoist_locals(cx, rk, rk->nlevels);
    ex_store_nest nest = {0};
    if (rk->final_pass) final_pass_rows(cx, rk, &nest);
    if (rk->keep) {
        ec_open(cx, "if (%s)", rk->kept_only);
        store_outside(cx, rk, rk->nlevels + 1);
        ec_close(cx);
    }
    epilogue(cx, rk);
    ec_loops_close(cx, nkept);
    ex_store_nest_fence(cx, &nest);
}

/* ---- columns ---------------------------------------------------------------------------- */

static void lane_loop_open(emit_ctx *cx, const reduce_kernel *rk, const char *width, bool ivdep) {
    if (ivdep) ec_line(cx, "#pragma GCC ivdep");
    ec_open(cx, "for (int64_t %s = 0; %s < %s; %s++)", rk->lane, rk->lane, width, rk->lane);
}

/* Results of passes before `level` are in their accumulator arrays, and
 * the values hoisted for passes up to it in theirs, at the lane. */
static void bind_earlier_passes(emit_ctx *cx, const reduce_kernel *rk, int level) {
    const char *at = ec_str(cx, "[%s]", rk->lane);
    for (int r = 0; r < rk->n; r++)
        if (rk->level[r] < level) bind_results(cx, rk, r, at);
    for (int h = 0; h < rk->nhoisted; h++) {
        ir_value_id v = rk->hoisted[h];
        if (!rk->hoist_array[h] || rk->depth[v] > level) continue;
        ex_index ix = kept_index_of(rk, ec_type(cx, v));
        ex_bind(cx, v, &ix, ec_str(cx, "%s%s", rk->hoist_array[h], at));
    }
}

/* Columns: computes the hoisted values that wait for pass `level` into
 * arrays, per lane of the tile. */
static void hoist_arrays(emit_ctx *cx, reduce_kernel *rk, int level, int64_t width, const char *w) {
    for (int h = 0; h < rk->nhoisted && !cx->rc; h++) {
        ir_value_id v = rk->hoisted[h];
        if (rk->depth[v] != level) continue;
        const char *array = ec_fresh(cx, "kept");
        ec_line(cx, "%s %s[%" PRId64 "];", ec_vtype(ec_type(cx, v)->dtype), array, width);
        lane_loop_open(cx, rk, w, true);
        bind_earlier_passes(cx, rk, level);
        ex_index ix = kept_index_of(rk, ec_type(cx, v));
        const char *val = ex_value(cx, v, &ix);
        if (val) ec_line(cx, "%s[%s] = %s;", array, rk->lane, val);
        ec_close(cx);
        rk->hoist_array[h] = array;
    }
}

/* The final pass over a tile: every input element once more, at each lane. */
static void final_pass_columns(emit_ctx *cx, reduce_kernel *rk, const char *width) {
    ex_loop loops[IR_MAX_RANK];
    int n = dim_loops(cx, rk, true, -1, loops);
    ec_loops_open(cx, loops, n, false);
    lane_loop_open(cx, rk, width, true);
    bind_earlier_passes(cx, rk, rk->nlevels);
    read_side_results(cx, rk, &rk->input);
    store_side_results(cx, rk, rk->nlevels);
    ec_close(cx);
    ec_loops_close(cx, n);
}

static void column_pass(emit_ctx *cx, reduce_kernel *rk, int level, const char *width) {
    const char *at = ec_str(cx, "[%s]", rk->lane);
    lane_loop_open(cx, rk, width, false);
    for (int r = 0; r < rk->n; r++) {
        if (rk->level[r] != level) continue;
        for (int i = 0; i < nresults(rk->op[r]); i++)
            ec_line(cx, "%s[%s] = %s;", rk->acc[r][i], rk->lane, init_value(cx, rk->op[r], i));
    }
    ec_close(cx);
    ex_loop loops[IR_MAX_RANK];
    int n = dim_loops(cx, rk, true, -1, loops);
    ec_loops_open(cx, loops, n, false);
    lane_loop_open(cx, rk, width, true);
    bind_earlier_passes(cx, rk, level);
    for (int r = 0; r < rk->n; r++)
        if (rk->level[r] == level) fold_input(cx, rk, r, at);
    store_side_results(cx, rk, level);
    ec_close(cx);
    ec_loops_close(cx, n);
}

static void emit_columns(emit_ctx *cx, reduce_kernel *rk) {
    int64_t size = rk->in->dims[rk->inner];
    rk->lanes = (int64_t)(LANE_BYTES / widest_accumulator(cx, rk));
    bool tiled = size > rk->lanes;
    int64_t width = tiled ? rk->lanes : size;
    ex_loop outer[IR_MAX_RANK];
    int nouter = dim_loops(cx, rk, false, rk->inner, outer);
    ec_loops_open(cx, outer, nouter, false);
    rk->lane = ec_fresh(cx, "lane");
    const char *tile = ec_fresh(cx, "tile"), *w = ec_str(cx, "%" PRId64, width);
    if (tiled && cx->col_split) {   /* tiles [aj_lo, aj_hi) of a parallel kernel (emit_c.c) */
        cx->col_tiles = (size + width - 1) / width;
        ec_open(cx, "for (int64_t %s = aj_lo * %" PRId64 "; %s < (aj_hi * %" PRId64 " < %" PRId64 " ? aj_hi * %" PRId64
                " : %" PRId64 "); %s += %" PRId64 ")", tile, width, tile, width, size, width, size, tile, width);
    } else if (tiled) {
        ec_open(cx, "for (int64_t %s = 0; %s < %" PRId64 "; %s += %" PRId64 ")", tile, tile, size, tile, width);
    }
    if (tiled) {
        if (size % width) {
            w = ec_fresh(cx, "width");
            ec_line(cx, "const int64_t %s = %" PRId64 " - %s < %" PRId64 " ? %" PRId64 " - %s : %" PRId64 ";", w,
                    size, tile, width, size, tile, width);
        }
        rk->input.at[rk->inner] = ec_str(cx, "(%s + %s)", tile, rk->lane);
    } else {
        rk->input.at[rk->inner] = rk->lane;
    }
    make_kept_index(rk);
    for (int r = 0; r < rk->n; r++)
        for (int i = 0; i < nresults(rk->op[r]); i++) {
            rk->acc[r][i] = ec_fresh(cx, "acc");
            ec_line(cx, "%s %s[%" PRId64 "];", ec_vtype(ec_type(cx, rk->op[r]->out[i])->dtype), rk->acc[r][i], width);
        }
    for (int h = 0; h < rk->nhoisted; h++) rk->hoist_array[h] = NULL;
    for (int level = 0; level < rk->nlevels && !cx->rc; level++) {
        hoist_arrays(cx, rk, level, width, w);
        column_pass(cx, rk, level, w);
    }
    hoist_arrays(cx, rk, rk->nlevels, width, w);
    if (rk->final_pass) final_pass_columns(cx, rk, w);
    lane_loop_open(cx, rk, w, true);
    bind_earlier_passes(cx, rk, rk->nlevels);
    epilogue(cx, rk);
    ec_close(cx);
    if (tiled) ec_close(cx);
    ec_loops_close(cx, nouter);
}

/* ---- the kernel ------------------------------------------------------------------------- */

/* The contract's row triangle where the kernel runs by rows over it: its
 * inner dim reduced, the other dim kept, and no result written over an
 * operand of i1, which could be the mask that the outside values read
 * (at a column a widened pass may have stored: fold_rows_with_partials);
 * else NULL. */
static const contract_triangle *row_triangle(emit_ctx *cx, const reduce_kernel *rk) {
    const contract_kernel *ck = &cx->p->kernels.k[rk->k->step];
    const contract_triangle *t = &ck->keep;
    if (!ck->has_keep || rk->inner < 0 || !rk->reduced[rk->inner] || (t->a == rk->inner) == (t->b == rk->inner) ||
        rk->reduced[t->a == rk->inner ? t->b : t->a])
        return NULL;
    const ir_op *fusion = rk->k->fusion;
    for (int r = 0; r < fusion->nout; r++)
        for (int j = 0; j < fusion->nin; j++)
            if ((r >= 64 || j >= 64 || (cx->overlaps[r] >> j & 1)) && ec_type(cx, fusion->in[j])->dtype == IR_I1)
                return NULL;
    return t;
}

int emit_reduce_kernel(emit_ctx *cx, const ex_kernel *k) {
    reduce_kernel rk = {.k = k, .depth = mem_calloc((size_t)cx->f->nvalues, sizeof(int))};
    if (!rk.depth) return cx->rc = diag_nomem(cx->d);
    bool ok = ex_walk_ops(cx, k->region, note_op, &rk);
    if (!ok || cx->rc) {
        mem_free(rk.depth);
        return cx->rc ? cx->rc : ec_fail_op(cx, DIAG_UNSUPPORTED, k->fusion, "an op has no result");
    }
    if (rk.n == 0) {   /* nothing to reduce after all */
        mem_free(rk.depth);
        return emit_result_loop(cx, k, NULL);
    }
    if (!check_reduce_kernel(cx, &rk) && !find_side_results(cx, &rk) &&
        ir_type_numel(ec_type(cx, rk.op[0]->out[0])) > 0) {
        find_staged(cx, &rk);
        rk.keep = row_triangle(cx, &rk);
        rk.input = (ex_index){.rank = rk.in->rank};
        for (int d = 0; d < rk.in->rank; d++) rk.input.at[d] = "0";
        if (rk.inner >= 0 && !rk.reduced[rk.inner]) emit_columns(cx, &rk);
        else emit_rows(cx, &rk);
    }
    mem_free(rk.depth);
    mem_free(rk.side_level);
    return cx->rc;
}
