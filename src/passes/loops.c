/* loops.c: what a while's iterations need not redo.
 *
 * pass_while_invariants: loop values a while never changes.
 * A loop value j whose body returns its own argument j unchanged holds the
 * operand's value on every iteration and after the loop (JAX's scan
 * carries its stacked weights, and the backward scan its residuals, this
 * way). Such a value stops being a loop value: the regions read the
 * operand itself (a capture), and the while's result j is replaced by the
 * operand. The loop then neither copies the value into its results before
 * the first iteration nor keeps a second buffer of it: a scan over 32
 * layers of 4096 x 256 residuals saves 128 MiB and a copy of them.
 * XLA's WhileLoopSimplifier does the same. A while keeps at least one
 * loop value.
 *
 * pass_hoist_loop_transposes: dot operands a body reads the same on every
 * iteration, laid out as BLIS packs slowly (below). */
#include <string.h>

#include "../util/mem.h"
#include "rewrite.h"

/* Removes entry j of an array of n value ids. */
static void remove_at(ir_value_id *v, int n, int j) { memmove(v + j, v + j + 1, (size_t)(n - j - 1) * sizeof *v); }

/* def_index of b's arguments after one was removed. */
static void renumber_args(ir_func *f, const ir_block *b) {
    for (int i = 0; i < b->nargs; i++) f->values[b->args[i]].def_index = i;
}

static void renumber_results(ir_func *f, const ir_op *op) {
    for (int i = 0; i < op->nout; i++) f->values[op->out[i]].def_index = i;
}

static void remove_block_arg(ir_func *f, ir_block *b, int j) {
    remove_at(b->args, b->nargs--, j);
    renumber_args(f, b);
}

/* Makes loop value j of `loop` (invariant) a capture of its operand. */
static void drop_invariant(ir_func *f, ir_op *loop, int j) {
    ir_block *cond = loop->regions[0], *body = loop->regions[1];
    ir_op *ret = body->ops[body->nops - 1];
    ir_value_id operand = loop->in[j], result = loop->out[j];
    pass_replace_uses_in(cond, cond->args[j], operand);
    pass_replace_uses_in(body, body->args[j], operand);
    pass_replace_uses(f, result, operand);
    f->values[result].def = NULL;   /* an orphan: nothing reads it now */
    remove_at(ret->in, ret->nin--, j);
    remove_block_arg(f, cond, j);
    remove_block_arg(f, body, j);
    remove_at(loop->in, loop->nin--, j);
    remove_at(loop->out, loop->nout--, j);
    renumber_results(f, loop);
}

static void drop_invariants(ir_op *op, void *ctx) {
    ir_func *f = ctx;
    if (op->code != IR_WHILE) return;
    const ir_block *body = op->regions[1];
    const ir_op *ret = body->ops[body->nops - 1];
    for (int j = op->nout - 1; j >= 0 && op->nout > 1; j--)
        if (ret->in[j] == body->args[j]) drop_invariant(f, op, j);
}

int pass_while_invariants(ir_func *f, diag *d) {
    (void)d;
    pass_walk_block(f->body, drop_invariants, f);
    return DIAG_OK;
}

/* ---- loop-invariant dot operands in BLIS's layout ------------------------------------
 *
 * A dot_general's rhs is B (K x N) of each gemm. Stored with a contracting
 * dim innermost (K-contiguous: a weight W read as W^T, which every RNN's
 * backward scan does with its recurrent weight, and which PyTorch-layout
 * [out, in] weights do forward), BLIS packs it with strided reads, on
 * every call; with few lhs rows that packing is most of the product's time
 * (one thread, us, K-contiguous B against N-contiguous: 32x256x768 205-317
 * / 138-199, 16x1024x1024 1689 / 665, 64x1024x1024 2528 / 1747; at 128
 * rows and more the two are within noise), and the loops that run small
 * products read it a column at a time. When the rhs comes from outside the
 * while, it is transposed once before the loop into [batch, contracting,
 * free] order and the dot reads that: the same products summed in the same
 * order. The copy lives in the arena while the loop runs, so it is made
 * only for operands up to HOIST_MAX_BYTES and never under a memory budget
 * (the caller's choice). */
enum { HOIST_MAX_ROWS = 128 };
#define HOIST_MAX_BYTES ((size_t)16 << 20)

static bool lists(const ir_ints *x, int64_t v) {
    for (int i = 0; i < x->n; i++)
        if (x->v[i] == v) return true;
    return false;
}

/* The product of t's dims that are neither batch nor contracting. */
static int64_t free_size(const ir_type *t, const ir_ints *batch, const ir_ints *contract) {
    int64_t n = 1;
    for (int d = 0; d < t->rank; d++)
        if (!lists(batch, d) && !lists(contract, d)) n *= t->dims[d];
    return n;
}

/* Whether dot reads its rhs K-contiguous with few rows, and then the rhs's
 * dims in [batch, contracting, free] order (free ones ascending, so the
 * result's order is kept) into perm. */
static bool wants_transpose(const ir_func *f, const ir_op *dot, int64_t *perm) {
    if (dot->code != IR_DOT_GENERAL || dot->nin != 2 || dot->nout != 1) return false;
    const ir_type *t = &f->values[dot->in[1]].type;
    const ir_attrs *a = &dot->a;
    int nfree = t->rank - a->rhs_batch.n - a->rhs_contract.n;
    if (nfree < 1 || !lists(&a->rhs_contract, t->rank - 1) || ir_type_bytes(t) > HOIST_MAX_BYTES ||
        free_size(&f->values[dot->in[0]].type, &a->lhs_batch, &a->lhs_contract) >= HOIST_MAX_ROWS)
        return false;
    int n = 0;
    for (int i = 0; i < a->rhs_batch.n; i++) perm[n++] = a->rhs_batch.v[i];
    for (int i = 0; i < a->rhs_contract.n; i++) perm[n++] = a->rhs_contract.v[i];
    for (int d = 0; d < t->rank; d++)
        if (!lists(&a->rhs_batch, d) && !lists(&a->rhs_contract, d)) perm[n++] = d;
    return true;
}

typedef struct hoisted {
    ir_value_id from, to;
    int64_t perm[IR_MAX_RANK];
} hoisted;

/* One while's hoisting: the transposes go into b before b->ops[at], the loop. */
typedef struct hoister {
    ir_func *f;
    ir_block *b;
    int at;
    const bool *inside;   /* per value (as many as when the loop was reached): defined within the loop */
    hoisted *made;
    int nmade, cap;
    diag *d;
} hoister;

/* transpose(v, perm) as a new op before the loop. */
static ir_value_id make_transpose(hoister *h, ir_value_id v, const int64_t *perm) {
    ir_func *f = h->f;
    ir_type t = f->values[v].type;
    for (int i = 0; i < t.rank; i++) t.dims[i] = f->values[v].type.dims[perm[i]];
    ir_value_id out = ir_value_new(f, &t);
    ir_op *op = out < 0 ? NULL : pass_op_new(IR_TRANSPOSE, 1, &v, 1, &out);
    if (!op || ir_ints_set(&op->a.dims, t.rank, perm) || pass_block_splice(h->b, h->at, 0, &op, 1)) {
        if (op) ir_op_free(op);
        return -1;
    }
    h->at++;
    op->loc = h->b->ops[h->at]->loc;
    pass_adopt_results(f, op);
    return out;
}

/* The transpose of v by perm made for this loop, made now if it is the first. */
static ir_value_id transpose_of(hoister *h, ir_value_id v, const int64_t *perm) {
    int rank = h->f->values[v].type.rank;
    for (int j = 0; j < h->nmade; j++)
        if (h->made[j].from == v && memcmp(h->made[j].perm, perm, (size_t)rank * sizeof *perm) == 0)
            return h->made[j].to;
    if (mem_grow((void **)&h->made, &h->cap, h->nmade + 1, sizeof *h->made)) return -1;
    ir_value_id t = make_transpose(h, v, perm);
    if (t < 0) return -1;
    hoisted *e = &h->made[h->nmade++];
    e->from = v, e->to = t;
    memcpy(e->perm, perm, (size_t)rank * sizeof *perm);
    return t;
}

/* Every dot in `in` (a region of the loop, or nested in one) reading from
 * outside the loop as wants_transpose says, made to read the transpose. */
static int hoist_dots(hoister *h, ir_block *in) {
    for (int i = 0; i < in->nops; i++) {
        ir_op *op = in->ops[i];
        for (int r = 0; r < op->nregions; r++) {
            int rc = hoist_dots(h, op->regions[r]);
            if (rc) return rc;
        }
        int64_t perm[IR_MAX_RANK];
        if (!wants_transpose(h->f, op, perm) || h->inside[op->in[1]]) continue;
        ir_value_id t = transpose_of(h, op->in[1], perm);
        if (t < 0) return diag_nomem(h->d);
        op->in[1] = t;
        for (int k = 0; k < op->a.rhs_batch.n; k++) op->a.rhs_batch.v[k] = k;
        for (int k = 0; k < op->a.rhs_contract.n; k++) op->a.rhs_contract.v[k] = op->a.rhs_batch.n + k;
    }
    return DIAG_OK;
}

static void mark_defined(const ir_block *b, bool *inside) {
    for (int i = 0; i < b->nargs; i++) inside[b->args[i]] = true;
    for (int i = 0; i < b->nops; i++) {
        const ir_op *op = b->ops[i];
        for (int r = 0; r < op->nout; r++) inside[op->out[r]] = true;
        for (int r = 0; r < op->nregions; r++) mark_defined(op->regions[r], inside);
    }
}

/* The loop b->ops[*at]; *at follows it. */
static int hoist_loop(ir_func *f, ir_block *b, int *at, diag *d) {
    ir_op *loop = b->ops[*at];
    bool *inside = mem_calloc((size_t)f->nvalues, sizeof *inside);
    if (!inside) return diag_nomem(d);
    for (int r = 0; r < loop->nregions; r++) mark_defined(loop->regions[r], inside);
    hoister h = {.f = f, .b = b, .at = *at, .inside = inside, .d = d};
    int rc = DIAG_OK;
    for (int r = 0; r < loop->nregions && !rc; r++) rc = hoist_dots(&h, loop->regions[r]);
    *at = h.at;
    mem_free(h.made);
    mem_free(inside);
    return rc;
}

/* Outer loops first: an operand from outside several is copied once, before the outermost. */
static int hoist_block(ir_func *f, ir_block *b, diag *d) {
    for (int i = 0; i < b->nops; i++) {
        int rc = b->ops[i]->code == IR_WHILE ? hoist_loop(f, b, &i, d) : DIAG_OK;
        for (int r = 0; r < b->ops[i]->nregions && !rc; r++) rc = hoist_block(f, b->ops[i]->regions[r], d);
        if (rc) return rc;
    }
    return DIAG_OK;
}

int pass_hoist_loop_transposes(ir_func *f, diag *d) { return hoist_block(f, f->body, d); }
