/* emit_dot.c: dot_general, as a BLIS call or as a naive contraction.
 *
 * Which BLAS. Measured with bench/blas_choice.c on this project's machine
 * (2 vCPU Xeon, family 6 model 207, AVX-512; Debian 12: OpenBLAS 0.3.21,
 * BLIS 0.9.0), sgemm C[256x4096] = A[256x4096] B[4096x4096], one thread,
 * best of 5, error against a double-precision reference on sampled rows
 * (|C - ref| / sum|a b|):
 *
 *   OpenBLAS, as the environment sets it (no OPENBLAS_CORETYPE:
 *     it picks its Prescott kernels on this CPU)   23-32 GFLOP/s  2.3e-8
 *   BLIS, auto-detected (haswell kernels)          64-76 GFLOP/s  2.7e-8
 *   BLIS, skx kernels (BLIS_ARCH_TYPE=0)          99-115 GFLOP/s  3.9e-8
 *   (a dot kernel of generated code, same sgemm:     116 GFLOP/s)
 *
 * and MACHINE.md on the Zen 5 machines: OpenBLAS with OPENBLAS_CORETYPE=
 * Haswell 97, BLIS auto-detected 33 (generic code), BLIS skx 180 GFLOP/s.
 * BLIS with skx beats OpenBLAS by 1.9x there and 3-5x here, with the same
 * accuracy (auto-detected BLIS would lose on Zen 5), so the
 * generated code calls BLIS (bli_sgemm/bli_dgemm) and selects the skx
 * kernels where the CPU has AVX-512 (emit_prelude.c says how). BLIS's typed
 * API takes a row and a column stride for every matrix, so a transposed or
 * otherwise permuted operand needs no copy and no transpose flag.
 *
 * The BLIS path is taken in fast mode for f32 and f64 when both operands
 * are kernel arguments and the dims of each role (batch, free, contracting)
 * merge into one strided dim: lhs [batch..., M..., K...] and every layout
 * whose M, N and K groups are each contiguous in memory (in the order of the
 * dimension numbers), like [K..., M...] or rhs [N..., K...]. Batch dims may
 * have any strides: one gemm per batch index. The result goes into the
 * output buffer of the result it is (or of an epilogue result of its shape
 * that reads it only at its own index), and an elementwise epilogue (bias,
 * activation) then runs over that buffer in place. An epilogue that is an
 * affine update of an operand W by the product (contract strategy
 * DOT_AFFINE: w - 0.01 * grad) is instead the gemm's beta: C = W, copied into the output
 * unless the output is W's buffer (donated W, updated in place).
 *
 * Fast mode's f32 dot of narrower operands (bf16 x int8, contract strategy
 * DOT_CONVERT) converts both into f32 in the plan's scratch and takes the
 * same path (convert_operands). Where the kernel returns no f32 value of
 * the product's shape (a bf16 dot widened to f32 then rounded by its
 * epilogue: passes/widen_dots.c), the product goes to the scratch block
 * after the operands, and the epilogue reads it there (scratch_product).
 *
 * A result the plan writes over the dot's lhs (plan_dot_over_lhs: an MLP
 * layer h' = tanh(h @ W) over h) runs block of rows by block of rows
 * through the plan's scratch block, in either mode (emit_rows_in_place).
 *
 * Everything else (strict mode: BLIS does not add in the evaluator's order;
 * integer and mixed types; layouts that do not merge) is a naive loop: each
 * result element accumulates lhs * rhs over the contracting index space in
 * row-major order of the contracting dims, converted to and rounded in the
 * result type, as src/eval/eval_dot.c does. Any kernel may evaluate a
 * dot_general this way at any index. */
#include <inttypes.h>
#include <string.h>

#include "../util/byte_gemm.h"
#include "../util/mem.h"
#include "emit_internal.h"

/* ---- the naive contraction ------------------------------------------------------- */

enum { FREE, BATCH, CONTRACT };

static void mark_roles(int *role, int rank, const ir_ints *batch, const ir_ints *contract) {
    for (int d = 0; d < rank; d++) role[d] = FREE;
    for (int i = 0; i < batch->n; i++) role[batch->v[i]] = BATCH;
    for (int i = 0; i < contract->n; i++) role[contract->v[i]] = CONTRACT;
}

/* An operand's index: batch dims from the result's first dims, free dims
 * from the result dims starting at `free_at`, contracting dims from k[]. */
static ex_index operand_index(const ir_type *t, const ir_ints *batch, const ir_ints *contract, const ex_index *ix,
                              int free_at, const char *const *k) {
    int role[IR_MAX_RANK];
    mark_roles(role, t->rank, batch, contract);
    ex_index o = {.rank = t->rank};
    for (int i = 0; i < batch->n; i++) o.at[batch->v[i]] = ix->at[i];
    for (int i = 0; i < contract->n; i++) o.at[contract->v[i]] = k[i];
    for (int d = 0; d < t->rank; d++)
        if (role[d] == FREE) o.at[d] = ix->at[free_at++];
    return o;
}

static int free_dims(const ir_type *t, const ir_ints *batch, const ir_ints *contract) {
    return t->rank - batch->n - contract->n;
}

const char *ex_dot_inline(emit_ctx *cx, const ir_op *dot, const ex_index *ix) {
    const ir_attrs *a = &dot->a;
    const ir_type *lt = ec_type(cx, dot->in[0]), *rt = ec_type(cx, dot->in[1]);
    ir_dtype t = ec_type(cx, dot->out[0])->dtype;
    const char *k[IR_MAX_RANK];
    ex_loop loops[IR_MAX_RANK];
    int n = 0;
    for (int c = 0; c < a->lhs_contract.n; c++) {
        int64_t size = lt->dims[a->lhs_contract.v[c]];
        k[c] = size == 1 ? "0" : ec_fresh(cx, "k");
        if (size != 1) loops[n++] = (ex_loop){k[c], NULL, NULL, size};
    }
    ex_index lix = operand_index(lt, &a->lhs_batch, &a->lhs_contract, ix, a->lhs_batch.n, k);
    ex_index rix = operand_index(rt, &a->rhs_batch, &a->rhs_contract, ix,
                                 a->lhs_batch.n + free_dims(lt, &a->lhs_batch, &a->lhs_contract), k);
    const char *acc = ec_fresh(cx, "acc");
    ec_line(cx, "%s %s = 0;", ec_vtype(t), acc);   /* +0 for floats */
    ec_loops_open(cx, loops, n, false);
    const char *l = ex_value(cx, dot->in[0], &lix), *r = ex_value(cx, dot->in[1], &rix);
    if (lt->dtype != t) l = ex_local(cx, t, es_convert(cx, lt->dtype, t, l));
    if (rt->dtype != t) r = ex_local(cx, t, es_convert(cx, rt->dtype, t, r));
    const char *product = ex_local(cx, t, es_binary(cx, dot, IR_MULTIPLY, t, l, r));
    const char *sum = es_binary(cx, dot, IR_ADD, t, acc, product);
    if (sum) ec_line(cx, "%s = %s;", acc, sum);
    ec_loops_close(cx, n);
    return cx->rc ? NULL : acc;
}

/* ---- BLIS ------------------------------------------------------------------------------ */

/* One role's dims merged into a single strided dim. */
typedef struct merged {
    int64_t size, stride;   /* stride 0: no dim of size > 1 (any stride will do) */
} merged;

/* Dims taken in the given order merge when each one's stride is the next
 * one's stride times the next one's size (unit dims do not count). */
static bool merge_dims(const ir_type *t, const int64_t *strides, const int64_t *dims, int n, merged *m) {
    *m = (merged){1, 0};
    int64_t prev = -1;
    for (int i = 0; i < n; i++) {
        int64_t d = dims[i];
        if (t->dims[d] == 1) continue;
        if (prev >= 0 && strides[prev] != strides[d] * t->dims[d]) return false;
        m->size *= t->dims[d];
        m->stride = strides[d];
        prev = d;
    }
    return true;
}

static void row_major_strides(const ir_type *t, int64_t *s) {
    int64_t x = 1;
    for (int d = t->rank - 1; d >= 0; d--) {
        s[d] = x;
        x *= t->dims[d];
    }
}

/* The free dims of an operand, ascending. */
static int free_dim_list(const ir_type *t, const ir_ints *batch, const ir_ints *contract, int64_t *out) {
    int role[IR_MAX_RANK], n = 0;
    mark_roles(role, t->rank, batch, contract);
    for (int d = 0; d < t->rank; d++)
        if (role[d] == FREE) out[n++] = d;
    return n;
}

typedef struct matrix {
    int64_t rows, cols, rs, cs;
} matrix;

static bool blis_strides_ok(const matrix *x);

/* A unit dim's stride is free: pick one that BLIS's stride rules accept. */
static void settle_unit_strides(matrix *x) {
    if (x->rows <= 1 && x->cols <= 1) x->rs = x->cs = 1;
    else if (x->rows <= 1) x->rs = x->cols * x->cs;
    else if (x->cols <= 1) x->cs = x->rows * x->rs;
}

bool ex_blis_strides_ok(int64_t rows, int64_t cols, int64_t rs, int64_t cs) {
    matrix x = {rows, cols, rs, cs};
    return blis_strides_ok(&x);
}

/* ---- products over threads (contract.h, contract_gemm_chunk) ------------------------ */

void ex_gemm_call(emit_ctx *cx, bool single, int64_t m, int64_t n, int64_t k, const char *args) {
    bool split_n = n > m;
    int64_t chunk = cx->kernel_run && cx->o->threads > 1 ? contract_gemm_chunk(cx->o->threads, m, n, k) : 0;
    cx->uses_blas = true;
    ec_line(cx, "aj_%cgemm_split(%s, %" PRId64 ", %d, %s);", single ? 's' : 'd', chunk ? "run" : "0", chunk,
            split_n, args);
}

/* Whether a product with a triangle goes over the run's threads: where the whole product would. */
static bool band_splits(emit_ctx *cx, int64_t m, int64_t n, int64_t k) {
    return cx->kernel_run && cx->o->threads > 1 && contract_gemm_chunk(cx->o->threads, m, n, k);
}

/* The product of ex_gemm_call's args with a triangle (aj_sgemm_band,
 * emit_prelude.c: `band` is AJ_BAND_DEMAND, _SPARSE_A or _SPARSE_B): alone,
 * BLIS's gemmt or trmm3 over the triangle's diagonal square; over the run's
 * threads a block of AJ_TRI_ROWS a task (the blocks' work grows along the
 * triangle, and the pool hands out tasks as threads finish). */

static void gemm_band_call(emit_ctx *cx, bool single, int64_t m, int64_t n, int64_t k, int band, bool upper,
                           int64_t d, const char *args) {
    bool split = band_splits(cx, m, n, k);
    cx->uses_blas = true;
    ec_line(cx, "aj_%cgemm_band(%s, %s, %d, %d, %" PRId64 ", %s);", single ? 's' : 'd', split ? "run" : "0",
            split ? "AJ_TRI_ROWS" : "0", band, upper, d, args);
}

/* BLIS 0.9 bli_check_matrix_strides, which aborts the process when it fails. */
static bool blis_strides_ok(const matrix *x) {
    int64_t m = x->rows, n = x->cols, rs = x->rs < 0 ? -x->rs : x->rs, cs = x->cs < 0 ? -x->cs : x->cs;
    if (m == 0 || n == 0) return true;
    if (rs == 0 || cs == 0) return false;
    if (rs != 1 && cs != 1) {
        if (rs == cs) return m == 1 || n == 1;
        return rs < cs ? m * rs <= cs : n * cs <= rs;
    }
    if (rs == 1 && cs == 1) return m == 1 || n == 1;
    return rs == 1 ? cs >= m : rs >= n;
}

typedef struct gemm_plan {
    matrix a, b, c;
    int64_t k;
    int nbatch;
    int64_t bsize[IR_MAX_RANK], bstep[3][IR_MAX_RANK];   /* per batch dim: size; lhs, rhs, out steps */
    int nlooped;                 /* of those, free dims looped over (plan_gemm's loop_free) */
    /* the one dim of size > 1 that is M, N or K, else -1: in the result (mdim, ndim), in the lhs
     * (lm, lk), in the rhs (rn, rk) */
    int mdim, ndim, lm, lk, rn, rk;
    int band;                    /* -1, or a triangle (BAND_*, gemm_band_call) with band_upper, band_d */
    bool band_upper;
    int64_t band_d;
} gemm_plan;

/* Batch dims of size > 1, each with its step in lhs, rhs and the result. */
static void plan_batches(const ir_attrs *a, const ir_type *lt, const ir_type *out, const int64_t *ls,
                         const int64_t *rs, gemm_plan *g) {
    int64_t os[IR_MAX_RANK];
    row_major_strides(out, os);
    g->nbatch = 0;
    for (int i = 0; i < a->lhs_batch.n; i++) {
        if (lt->dims[a->lhs_batch.v[i]] == 1) continue;
        int b = g->nbatch++;
        g->bsize[b] = lt->dims[a->lhs_batch.v[i]];
        g->bstep[0][b] = ls[a->lhs_batch.v[i]];
        g->bstep[1][b] = rs[a->rhs_batch.v[i]];
        g->bstep[2][b] = os[i];
    }
}

/* An operand's free dims that stay in the matrix (the others of the
 * list, in `looped`, become batch loops): their dims in the operand and
 * their positions in the result, from result position `at` on. */
static int kept_dims(const int64_t *free, int n, unsigned looped, int at, int64_t *dims, int64_t *pos) {
    int k = 0;
    for (int i = 0; i < n; i++) {
        if (looped >> i & 1) continue;
        dims[k] = free[i];
        pos[k++] = at + i;
    }
    return k;
}

/* The one dim of t among dims[0..n) of size > 1, else -1. */
static int sized_dim(const ir_type *t, const int64_t *dims, int n) {
    int at = -1;
    for (int i = 0; i < n; i++) {
        if (t->dims[dims[i]] == 1) continue;
        if (at >= 0) return -1;
        at = (int)dims[i];
    }
    return at;
}

/* The gemm for one choice of looped free dims (bit i < nl: lhs free dim i,
 * bit nl + i: rhs free dim i); false when what stays does not merge in
 * the operands and the result, or BLIS would reject the strides. */
static bool try_gemm(const ir_type *lt, const ir_type *rt, const ir_type *out, const int64_t *ls, const int64_t *rs,
                     const int64_t *os, const int64_t *lfree, int nl, const int64_t *rfree, int nr, int nbatch,
                     merged kl, merged kr, unsigned looped, gemm_plan *g) {
    int64_t ld[IR_MAX_RANK], lp[IR_MAX_RANK], rd[IR_MAX_RANK], rp[IR_MAX_RANK];
    int ml = kept_dims(lfree, nl, looped, nbatch, ld, lp), mr = kept_dims(rfree, nr, looped >> nl, nbatch + nl, rd, rp);
    merged m, n, mo, no;
    if (!merge_dims(lt, ls, ld, ml, &m) || !merge_dims(rt, rs, rd, mr, &n) || !merge_dims(out, os, lp, ml, &mo) ||
        !merge_dims(out, os, rp, mr, &no))
        return false;
    g->k = kl.size;
    g->a = (matrix){m.size, kl.size, m.stride, kl.stride};
    g->b = (matrix){kr.size, n.size, kr.stride, n.stride};
    g->c = (matrix){m.size, n.size, mo.stride, no.stride};
    g->mdim = sized_dim(out, lp, ml);
    g->ndim = sized_dim(out, rp, mr);
    g->lm = sized_dim(lt, ld, ml);
    g->rn = sized_dim(rt, rd, mr);
    g->band = -1;
    settle_unit_strides(&g->a);
    settle_unit_strides(&g->b);
    settle_unit_strides(&g->c);
    if (g->k == 0 || m.size == 0 || n.size == 0) return false;   /* the naive loop writes the zeros */
    return blis_strides_ok(&g->a) && blis_strides_ok(&g->b) && blis_strides_ok(&g->c);
}

/* Adds each looped free dim (of size > 1) to g's batch loops: its step in
 * its operand and in the result, none in the other operand. */
static void loop_free_dims(const ir_type *lt, const ir_type *rt, const int64_t *ls, const int64_t *rs,
                           const int64_t *os, const int64_t *lfree, int nl, const int64_t *rfree, int nr, int nbatch,
                           unsigned looped, gemm_plan *g) {
    for (int i = 0; i < nl + nr; i++) {
        if (!(looped >> i & 1)) continue;
        bool lhs = i < nl;
        int64_t d = lhs ? lfree[i] : rfree[i - nl];
        if ((lhs ? lt : rt)->dims[d] == 1) continue;
        int b = g->nbatch++;
        g->nlooped++;
        g->bsize[b] = (lhs ? lt : rt)->dims[d];
        g->bstep[0][b] = lhs ? ls[d] : 0;
        g->bstep[1][b] = lhs ? 0 : rs[d];
        g->bstep[2][b] = os[nbatch + i];
    }
}

/* A product with a triangle runs by blocks of AJ_TRI_ROWS (emit_prelude.c,
 * aj_sgemm_band): where no reader needs C outside the kernel's demanded
 * triangle (contract_demanded_triangle; its dims M and N), each block of
 * rows computes only the columns it needs; where an operand is masked to a
 * triangle (contract_masked_operand; its dims M and K for the lhs, N and K
 * for the rhs), each block of rows (columns) sums only over the k inside it
 * when the operand is zero at the others. Both dims at least two blocks.
 * Causal attention's scores, 512 x 512 x 64 per head, BLIS packed on one Zen
 * 3 core, 32 heads, best of 3 x 7: 13.4 ms whole, 9.5 by blocks of 64 rows
 * or of 128, 10.6 by 256 (BLIS's fixed cost per call, some 8 us, eats the
 * rest of the half it saves). */
/* The same values as the prelude's AJ_TRI_ROWS and AJ_BAND_* (the calls pass the numbers). */
enum { TRI_ROWS = 64, BAND_DEMAND = 0, BAND_SPARSE_A = 1, BAND_SPARSE_B = 2 };

/* Sets g's band when the triangle t (over dims x and j of one shape)
 * is over x_dim and j_dim, both of at least two blocks. */
static bool set_band(gemm_plan *g, int band, const contract_triangle *t, int x_dim, int64_t x_size, int j_dim,
                     int64_t j_size) {
    if (x_dim < 0 || j_dim < 0 || x_size < 2 * TRI_ROWS || j_size < 2 * TRI_ROWS) return false;
    if (!(t->a == x_dim && t->b == j_dim) && !(t->a == j_dim && t->b == x_dim)) return false;
    g->band = band;
    g->band_upper = t->a == j_dim;
    g->band_d = t->c;
    return true;
}

/* Sets g's band (none, -1, as try_gemm leaves it, if neither fits) for
 * the products of DOT kernel ck (alone: its one result is the dot's own):
 * the demanded triangle first, else a masked operand's. */
static bool band_for(const contract_kernel *ck, bool alone, gemm_plan *g) {
    if (ck->has_demand && alone && set_band(g, BAND_DEMAND, &ck->demand, g->mdim, g->c.rows, g->ndim, g->c.cols))
        return true;
    if (ck->has_sparse && ck->sparse_side == 0)
        return set_band(g, BAND_SPARSE_A, &ck->sparse, g->lm, g->c.rows, g->lk, g->k);
    return ck->has_sparse && set_band(g, BAND_SPARSE_B, &ck->sparse, g->rn, g->c.cols, g->rk, g->k);
}

/* Works out M, N, K and the strides of A (M x K), B (K x N) and C (M x N,
 * as the result lays them out) for one batch; false when a role's dims do
 * not merge or BLIS would reject the strides. With loop_free, free dims
 * that keep the others from merging become batch loops too, choosing the
 * largest gemm (M x N) that merges: grouped-query attention's scores, whose
 * query heads sit between the query positions and the head dim, are one
 * gemm per head instead of a naive loop. */
static bool plan_gemm(emit_ctx *cx, const ir_op *dot, gemm_plan *g, bool loop_free, const contract_kernel *hint,
                      bool alone) {
    const ir_attrs *a = &dot->a;
    const ir_type *lt = ec_type(cx, dot->in[0]), *rt = ec_type(cx, dot->in[1]), *out = ec_type(cx, dot->out[0]);
    int64_t ls[IR_MAX_RANK], rs[IR_MAX_RANK], os[IR_MAX_RANK], lfree[IR_MAX_RANK], rfree[IR_MAX_RANK];
    row_major_strides(lt, ls);
    row_major_strides(rt, rs);
    row_major_strides(out, os);
    int nl = free_dim_list(lt, &a->lhs_batch, &a->lhs_contract, lfree);
    int nr = free_dim_list(rt, &a->rhs_batch, &a->rhs_contract, rfree);
    merged kl, kr;
    if (!merge_dims(lt, ls, a->lhs_contract.v, a->lhs_contract.n, &kl) ||
        !merge_dims(rt, rs, a->rhs_contract.v, a->rhs_contract.n, &kr) || kl.size != kr.size)
        return false;
    int nbatch = a->lhs_batch.n;
    unsigned best = 0, choices = loop_free ? 1u << (nl + nr) : 1;
    int64_t best_size = -1;
    bool best_banded = false;
    gemm_plan t;
    t.lk = g->lk = sized_dim(lt, a->lhs_contract.v, a->lhs_contract.n);
    t.rk = g->rk = sized_dim(rt, a->rhs_contract.v, a->rhs_contract.n);
    for (unsigned looped = 0; looped < choices; looped++) {
        if (!try_gemm(lt, rt, out, ls, rs, os, lfree, nl, rfree, nr, nbatch, kl, kr, looped, &t)) continue;
        bool banded = hint && band_for(hint, alone, &t);
        if (banded < best_banded || (banded == best_banded && t.c.rows * t.c.cols <= best_size)) continue;
        best = looped;
        best_size = t.c.rows * t.c.cols;
        best_banded = banded;
    }
    if (best_size < 0) return false;
    try_gemm(lt, rt, out, ls, rs, os, lfree, nl, rfree, nr, nbatch, kl, kr, best, g);
    plan_batches(a, lt, out, ls, rs, g);
    g->nlooped = 0;
    loop_free_dims(lt, rt, ls, rs, os, lfree, nl, rfree, nr, nbatch, best, g);
    return true;
}

/* hint, alone: as for band_for; a loop of batches that gives the product a
 * band beats a bigger product without (grouped-query attention's values
 * times the probabilities: a product per query head, not one for all). */
static bool blis_applies(emit_ctx *cx, const ir_op *dot, gemm_plan *g, const contract_kernel *hint, bool alone) {
    ir_dtype t = ec_type(cx, dot->out[0])->dtype;
    if (cx->o->strict_order || cx->o->no_blas || (t != IR_F32 && t != IR_F64)) return false;
    if (ec_type(cx, dot->in[0])->dtype != t || ec_type(cx, dot->in[1])->dtype != t) return false;
    if (!cx->buffer[dot->in[0]] || !cx->buffer[dot->in[1]]) return false;
    return plan_gemm(cx, dot, g, true, hint, alone);
}

/* "base + b0 * 4096 + b1 * 64": a batch's offset into one matrix. */
static const char *batch_pointer(emit_ctx *cx, const char *base, const gemm_plan *g, int which,
                                 const char *const *bvar) {
    sbuf s = {0};
    sb_puts(&s, base);
    for (int b = 0; bvar && b < g->nbatch; b++) sb_printf(&s, " + %s * %" PRId64, bvar[b], g->bstep[which][b]);
    return ec_take(cx, &s);
}

/* A product with a triangle whose batch shares out evenly over the run's
 * threads runs a product a task (aj_sgemm_band_batch): each then alone,
 * BLIS's gemmt or trmm3 over its whole triangle rather than blocks of
 * AJ_TRI_ROWS rows. */
static bool band_by_batch(emit_ctx *cx, const gemm_plan *g) {
    int64_t count = 1, threads = cx->o->threads;
    for (int b = 0; b < g->nbatch; b++) count *= g->bsize[b];
    return g->band >= 0 && g->nbatch > 0 && band_splits(cx, g->c.rows, g->c.cols, g->k) &&
           (count % threads == 0 || count >= 4 * threads);
}

/* aj_sgemm_band_batch's call: g's batch dims and steps as arrays, args (ex_gemm_call's) at the
 * batch's first product. */
static void gemm_band_batch_call(emit_ctx *cx, bool single, const gemm_plan *g, const char *args) {
    sbuf s = {0};   /* in emit_gemm's block: the names are its own */
    sb_puts(&s, "static const int64_t aj_bsize[] = {");
    for (int b = 0; b < g->nbatch; b++) sb_printf(&s, "%s%" PRId64, b ? ", " : "", g->bsize[b]);
    sb_puts(&s, "}, aj_bstep[] = {");
    for (int w = 0; w < 3; w++)
        for (int b = 0; b < g->nbatch; b++) sb_printf(&s, "%s%" PRId64, w || b ? ", " : "", g->bstep[w][b]);
    sb_puts(&s, "};");
    ec_line(cx, "%s", ec_take(cx, &s));
    cx->uses_blas = true;
    ec_line(cx, "aj_%cgemm_band_batch(run, %d, aj_bsize, aj_bstep, %d, %d, %" PRId64 ", %s);", single ? 's' : 'd',
            g->nbatch, g->band, g->band_upper, g->band_d, args);
}

/* Opens a loop per batch dim of g (size > 1), its variable in bvar[b];
 * ec_loops_close(cx, g->nbatch) closes them. */
static void open_batch_loops(emit_ctx *cx, const gemm_plan *g, const char **bvar) {
    ex_loop loops[IR_MAX_RANK];
    for (int b = 0; b < g->nbatch; b++) {
        bvar[b] = ec_fresh(cx, "b");
        loops[b] = (ex_loop){bvar[b], NULL, NULL, g->bsize[b]};
    }
    ec_loops_open(cx, loops, g->nbatch, false);
}

/* out = alpha * lhs.rhs + beta * out (alpha, beta: C expressions of the type);
 * block > 0: only the rows [aj_lo, aj_hi) of lhs and out, at most block of
 * them (no batch dims).
 * operands: the lhs and rhs as arrays of the result type (NULL: the dot's
 * own buffers). */
static void emit_gemm(emit_ctx *cx, const ir_op *dot, const gemm_plan *g, const char *const *operands,
                      const char *out, const char *alpha, const char *beta, int64_t block) {
    bool single = ec_type(cx, dot->out[0])->dtype == IR_F32;
    const char *t = single ? "float" : "double";
    ec_block(cx);
    ec_line(cx, "%s alpha = %s, beta = %s;", t, alpha, beta);
    bool by_batch = !block && band_by_batch(cx, g);
    const char *bvar[IR_MAX_RANK], *const *at = by_batch ? NULL : bvar;
    if (!by_batch) open_batch_loops(cx, g, bvar);
    const char *lhs = operands ? operands[0] : ex_buffer(cx, dot->in[0]);
    const char *rhs = operands ? operands[1] : ex_buffer(cx, dot->in[1]);
    const char *a = batch_pointer(cx, ec_str(cx, "(%s *)%s", t, lhs), g, 0, at);
    const char *b = batch_pointer(cx, ec_str(cx, "(%s *)%s", t, rhs), g, 1, at);
    const char *c = batch_pointer(cx, out, g, 2, at);
    const char *m = ec_str(cx, "%" PRId64, g->c.rows);
    int64_t per = 1;   /* by rows: C's rows in a row of the result (its first dim's, which then has rows) */
    if (block) {
        per = g->c.rows / ec_type(cx, dot->out[0])->dims[0];
        a = ec_str(cx, "%s + aj_lo * %" PRId64, a, per * g->a.rs);
        c = ec_str(cx, "%s + aj_lo * %" PRId64, c, per * g->c.rs);
        m = per == 1 ? "aj_hi - aj_lo" : ec_str(cx, "(aj_hi - aj_lo) * %" PRId64, per);
    }
    const char *args = ec_str(cx, "%s, %" PRId64 ", %" PRId64 ", alpha, %s, %" PRId64 ", %" PRId64 ", %s, %" PRId64
                              ", %" PRId64 ", beta, %s, %" PRId64 ", %" PRId64, m, g->c.cols, g->k, a, g->a.rs,
                              g->a.cs, b, g->b.rs, g->b.cs, c, g->c.rs, g->c.cs);
    if (by_batch) {
        gemm_band_batch_call(cx, single, g, args);
        ec_close(cx);
        return;
    }
    if (!block && g->band >= 0)
        gemm_band_call(cx, single, g->c.rows, g->c.cols, g->k, g->band, g->band_upper, g->band_d, args);
    else ex_gemm_call(cx, single, block ? block * per : g->c.rows, g->c.cols, g->k, args);
    ec_loops_close(cx, g->nbatch);
    ec_close(cx);
}

/* ---- where the gemm writes ---------------------------------------------------------------- */

typedef struct epilogue_check {
    const ir_type *shape;   /* the dot's result shape */
    bool *depends;          /* per value id: reads the dot's result */
} epilogue_check;

static bool is_elementwise(ir_opcode code) {
    ir_op_kind k = ir_op_kind_of(code);
    return k == IR_KIND_UNARY || k == IR_KIND_BINARY || code == IR_CONVERT || code == IR_COMPARE ||
           code == IR_SELECT || code == IR_CLAMP || code == IR_COMPLEX_PART;
}

/* Every op that reads the dot's result (directly or not) is elementwise on
 * its shape, so each element is read only where it is written. */
static bool reads_at_own_index(emit_ctx *cx, const ir_op *op, void *ctx) {
    epilogue_check *e = ctx;
    bool reads = false;
    for (int i = 0; i < op->nin; i++) {
        if (!e->depends[op->in[i]]) continue;
        reads = true;
        if (!is_elementwise(op->code) || !ir_type_same_shape(ec_type(cx, op->in[i]), e->shape)) return false;
    }
    for (int i = 0; i < op->nout; i++) e->depends[op->out[i]] = reads;
    return !reads || ir_type_same_shape(ec_type(cx, op->out[0]), e->shape);
}

/* The result whose output buffer receives the gemm: the dot's own result,
 * else a result of its type whose epilogue reads it only in place (any_word:
 * of its shape and any 4-byte type, which the product of bytes writes its
 * i32 sums into; each is read at its index before the epilogue stores the
 * result there); -1. */
static int gemm_target(emit_ctx *cx, const ex_kernel *k, const ir_op *dot, bool any_word) {
    ir_value_id v = dot->out[0];
    for (int r = 0; r < k->ret->nin; r++)
        if (k->ret->in[r] == v) return r;
    epilogue_check e = {ec_type(cx, v), mem_calloc((size_t)cx->f->nvalues, sizeof(bool))};
    if (!e.depends) {
        if (!cx->rc) cx->rc = diag_nomem(cx->d);
        return -1;
    }
    e.depends[v] = true;
    cx->buffer[v] = "";    /* the walk stops at the dot */
    bool in_place = ex_walk_ops(cx, k->region, reads_at_own_index, &e);
    cx->buffer[v] = NULL;
    int target = -1;
    for (int r = 0; r < k->ret->nin && in_place && target < 0; r++) {
        const ir_type *t = ec_type(cx, k->ret->in[r]);
        bool fits = any_word ? ir_type_same_shape(t, e.shape) && ir_dtype_size(t->dtype) == 4 : ir_type_eq(t, e.shape);
        if (fits && e.depends[k->ret->in[r]]) target = r;
    }
    mem_free(e.depends);
    return target;
}

static bool find_dot(emit_ctx *cx, const ir_op *op, void *ctx) {
    (void)cx;
    const ir_op **found = ctx;
    if (op->code == IR_DOT_GENERAL) {
        if (*found) return false;    /* more than one: all naive */
        *found = op;
    }
    return true;
}

/* ---- the affine update W' = beta * W + alpha * dot --------------------------------------------- */

/* An SGD step (w - 0.01 * grad) as one gemm with C = W: the output gets W
 * (no copy when the planner put it in W's buffer, which the contract
 * allows in fast mode only for this strategy), then gemm adds alpha * A.B
 * with beta. BLIS rounds alpha * (A.B) + beta * W in its own way, not as
 * the evaluator's round(W - round(c * round(A.B))): a few ULP apart, which
 * fast mode allows. No other epilogue op runs. */
static bool emit_affine_update(emit_ctx *cx, const ex_kernel *k, const ir_op *dot, const gemm_plan *g) {
    const contract_kernel *m = &cx->p->kernels.k[k->step];
    if (m->strategy != CONTRACT_DOT_AFFINE || m->affine_operand >= k->region->nargs) return false;
    ir_value_id w = k->region->args[m->affine_operand];
    if (!cx->buffer[w]) return false;
    const ir_type *t = ec_type(cx, k->ret->in[0]);
    const char *ct = ec_ctype(t->dtype), *out = k->out[0], *src = ex_buffer(cx, w);
    ex_copy(cx, out, src, ir_type_bytes(t));
    emit_gemm(cx, dot, g, NULL, out, ec_str(cx, "(%s)%a", ct, m->alpha), ec_str(cx, "(%s)%a", ct, m->beta), 0);
    return true;
}

/* ---- in place over the lhs, block of rows by block of rows ------------------------------------ */

/* A result shares the lhs's buffer (w, the contract's overwrite the plan
 * took). The kernel runs block of w->rows_block rows by block, in
 * increasing order, with a block in the plan's scratch block (aj_rows: indexed by absolute row, as
 * the pointer is shifted back by the block's first row):
 *  - BLIS: the gemm writes the block's product there; the epilogue then
 *    stores every result at its own rows, `over` too: the gemm has read
 *    the block's lhs rows, and the epilogue reads the lhs (a residual) only
 *    at the element it stores, before it stores it;
 *  - naive (strict order, or no BLIS): the result loop computes the block
 *    with `over` stored in scratch (the contraction of an element reads its
 *    lhs row whole), then copies it into its rows.
 * Either way, the bytes written belong to lhs rows the kernel has done
 * with, and each element is computed as the unblocked kernel computes it
 * (the same loop, or the same gemm on fewer rows). In slots (emit_c.c,
 * cx->slot_rows) the kernel runs rows [aj_from, aj_to) only, in blocks of
 * slot_rows, through its slot's part of the scratch block. */
static int emit_rows_in_place(emit_ctx *cx, const ex_kernel *k, const ir_op *dot, const gemm_plan *g,
                              const contract_overwrite *w) {
    int over = w->result;
    if (g && gemm_target(cx, k, dot, false) < 0) g = NULL;   /* an epilogue that reads the product elsewhere */
    if (cx->rc) return cx->rc;
    const ir_type *t = ec_type(cx, g ? dot->out[0] : k->fusion->out[over]);
    int64_t rows = t->dims[0], block = cx->slot_rows ? cx->slot_rows : w->rows_block;
    const char *from = cx->slot_rows ? "aj_from" : "0", *to = cx->slot_rows ? "aj_to" : ec_str(cx, "%" PRId64, rows);
    if (cx->p->scratch_bytes < w->rows_scratch)
        return ec_fail_op(cx, DIAG_INVALID, k->fusion, "internal error: a dot written over its lhs needs a scratch "
                          "block of %zu bytes, the plan has %zu", w->rows_scratch, cx->p->scratch_bytes);
    const char *ct = ec_ctype(t->dtype), *out[k->ret->nin];
    for (int r = 0; r < k->ret->nin; r++) out[r] = r == over && !g ? "aj_rows" : k->out[r];
    ex_kernel blocked = {k->fusion, k->region, k->ret, out, k->step};
    ec_open(cx, "for (int64_t aj_lo = %s; aj_lo < %s; aj_lo += %" PRId64 ")", from, to, block);
    ec_line(cx, "int64_t aj_hi = aj_lo + %" PRId64 " < %s ? aj_lo + %" PRId64 " : %s;", block, to, block, to);
    /* as an integer: the pointer lies before the arena */
    ec_line(cx, "%s *aj_rows = (%s *)((uintptr_t)scratch - (uintptr_t)aj_lo * %zu);", ct, ct,
            ir_type_bytes(t) / (size_t)rows);
    if (g) {
        bool single = t->dtype == IR_F32;
        emit_gemm(cx, dot, g, NULL, "aj_rows", single ? "1.0f" : "1.0", single ? "0.0f" : "0.0", block);
        cx->buffer[dot->out[0]] = "aj_rows";
    }
    cx->row_n = rows;
    cx->row_elems = ir_type_numel(t) / rows;
    cx->row_indent = cx->indent;
    cx->row_opens = 1;
    cx->row_done = 0;
    emit_result_loop(cx, &blocked, NULL);
    if (!cx->rc && cx->row_done != 1)
        ec_fail_op(cx, DIAG_INVALID, k->fusion, "internal error: the epilogue of a dot written over its lhs "
                   "does not run by rows");
    cx->row_n = 0;
    cx->buffer[dot->out[0]] = NULL;
    if (!g)
        ec_line(cx, "memcpy(%s + aj_lo * %" PRId64 ", scratch, (size_t)(aj_hi - aj_lo) * %zu);", k->out[over],
                cx->row_elems, ir_type_bytes(t) / (size_t)rows);
    ec_close(cx);
    return cx->rc;
}

/* skip[r]: result r is the dot's own, which the gemm wrote into target r.
 * Whether any result is left for the epilogue. */
static bool skip_target(const ex_kernel *k, const ir_op *dot, int target, bool *skip) {
    bool todo = false;
    for (int r = 0; r < k->ret->nin; r++) {
        skip[r] = r == target && k->ret->in[r] == dot->out[0];
        todo |= !skip[r];
    }
    return todo;
}

/* ---- a chain's block of rows ---------------------------------------------------------------- */

/* In a chain (plan_chain.c, cx->row_n set) a DOT kernel that runs by rows
 * (contract.c, "a dot by rows") computes rows [aj_lo, aj_hi) of its
 * results: the gemm on those rows of its lhs into the same rows of its
 * target, then its epilogue on them. A PLAN_BLOCK value's pointer is
 * shifted back by the block's first row, so rows are addressed as in the
 * whole value. Without the gemm (the contract asks for BLIS; kept correct
 * all the same) the result loop computes each element's dot inline. */
static int emit_dot_rows(emit_ctx *cx, const ex_kernel *k, const ir_op *dot, const gemm_plan *g) {
    int target = g && g->nbatch == 0 && g->nlooped == 0 ? gemm_target(cx, k, dot, false) : -1;
    if (cx->rc) return cx->rc;
    bool skip[k->ret->nin], todo = skip_target(k, dot, target, skip);
    if (target >= 0) {
        bool single = ec_type(cx, dot->out[0])->dtype == IR_F32;
        emit_gemm(cx, dot, g, NULL, k->out[target], single ? "1.0f" : "1.0", single ? "0.0f" : "0.0", cx->row_block);
        cx->buffer[dot->out[0]] = k->out[target];
    }
    cx->row_opens = cx->row_done = 0;   /* the gemm's block is not the rows loop */
    emit_result_loop(cx, k, skip);
    cx->buffer[dot->out[0]] = NULL;
    if (!todo) cx->row_opens = cx->row_done = 1;   /* the gemm was all of it */
    return cx->rc;
}

/* ---- the product as loops of our own ------------------------------------------------------ */

/* Where no BLIS call is made (strict mode, other types, no BLIS) but the
 * layouts merge into one matrix product per batch (plan_gemm), the product
 * is accumulated in the target's buffer: for each block of KB of K and NB
 * of N, every row m takes c[m, n] += a[m, k] * b[k, n] for k in the block,
 * n innermost and contiguous in c (so the loop vectorises and b's block
 * stays in cache across the rows), in tiles of eight rows by 32 columns
 * held in registers across the block's k (each b element loaded once for
 * the eight rows). Each element still sums its products in
 * increasing k from +0, converted and rounded as the naive contraction
 * does (ex_dot_inline): the same values, bit for bit, in either mode. The
 * naive loop walked b by columns for every element (a 1024^3 f32 product
 * with tanh in strict mode: 9.15 s, then 0.09-0.12). Result types whose
 * values are stored as they are computed: f32, f64, 32- and 64-bit
 * integers, and f16 and bf16, held in floats that every product and sum
 * rounds (es_binary), so a partial sum's store and load are exact (strict
 * mode's narrow matmuls, 512 x 2048 x 1024: bf16 8 s -> 0.29 s, f16 11.5 s
 * -> 3.3 s, whose rounding does not vectorise). */
enum { LOOP_GEMM_KB = 128, LOOP_GEMM_NB = 512, LOOP_GEMM_ROWS = 8, LOOP_GEMM_COLS = 32 };

static bool loop_gemm_applies(emit_ctx *cx, const ir_op *dot, gemm_plan *g) {
    ir_dtype t = ec_type(cx, dot->out[0])->dtype;
    bool stored_as_computed = t == IR_F32 || t == IR_F64 || t == IR_I32 || t == IR_I64 || t == IR_U32 ||
                              t == IR_U64 || t == IR_BF16 || t == IR_F16;
    return stored_as_computed && cx->buffer[dot->in[0]] && cx->buffer[dot->in[1]] && plan_gemm(cx, dot, g, false, NULL, false);
}

/* Whether result r's buffer shares no byte with an operand of the kernel:
 * the product is accumulated there before the epilogue reads its operands
 * (strict mode may put a dot's result over an operand it reads elementwise). */
static bool target_alone(emit_ctx *cx, const ex_kernel *k, int r) {
    plan_storage t = plan_storage_of(cx->p, k->fusion->out[r]);
    for (int i = 0; i < k->fusion->nin; i++) {
        plan_storage u = plan_storage_of(cx->p, k->fusion->in[i]);
        if (plan_storage_overlaps(&t, &u)) return false;
    }
    return true;
}

/* What the loops of one product share. */
typedef struct loop_gemm {
    const ir_op *dot;
    const gemm_plan *g;
    ir_dtype t, lt, rt;
    const char *lhs, *rhs, *out;
    const char *ab, *bb, *cb;   /* the batch's offsets into a, b and c */
    const char *k0, *j0;        /* the block's first k and n */
    const char *k1, *j1;        /* and the ends */
} loop_gemm;

/* lhs[i + r, k] for r < rows, in the result type, into l[]. */
static void load_lhs(emit_ctx *cx, const loop_gemm *p, const char *i, int rows, const char *k, const char **l) {
    for (int r = 0; r < rows; r++) {
        l[r] = ex_load(cx, p->lt, p->lhs, ec_str(cx, "%s + (%s + %d) * %" PRId64 " + %s * %" PRId64, p->ab, i, r,
                                                  p->g->a.rs, k, p->g->a.cs));
        if (p->lt != p->t) l[r] = ex_local(cx, p->t, es_convert(cx, p->lt, p->t, l[r]));
    }
}

/* Rows i .. i + rows - 1 of the block: for each k, the rows' lhs elements,
 * then for each n one rhs element read for all of them. */
static void loop_gemm_rows(emit_ctx *cx, const loop_gemm *p, const char *i, int rows, const char *from) {
    const gemm_plan *g = p->g;
    const char *k = ec_fresh(cx, "k"), *j = ec_fresh(cx, "j"), *l[LOOP_GEMM_ROWS];
    ec_open(cx, "for (int64_t %s = %s; %s < %s; %s++)", k, p->k0, k, p->k1, k);
    load_lhs(cx, p, i, rows, k, l);
    ec_line(cx, "#pragma GCC ivdep");
    ec_open(cx, "for (int64_t %s = %s; %s < %s; %s++)", j, from, j, p->j1, j);
    const char *b = ex_load(cx, p->rt, p->rhs, ec_str(cx, "%s + %s * %" PRId64 " + %s * %" PRId64, p->bb, k, g->b.rs,
                                                      j, g->b.cs));
    if (p->rt != p->t) b = ex_local(cx, p->t, es_convert(cx, p->rt, p->t, b));
    for (int r = 0; r < rows; r++) {
        const char *at = ec_str(cx, "%s + (%s + %d) * %" PRId64 " + %s", p->cb, i, r, g->c.cols, j);
        const char *product = ex_local(cx, p->t, es_binary(cx, p->dot, IR_MULTIPLY, p->t, l[r], b));
        const char *sum = es_binary(cx, p->dot, IR_ADD, p->t, ex_element(cx, p->t, p->out, at), product);
        if (sum) ex_store(cx, p->t, p->out, at, sum);
    }
    ec_close(cx);
    ec_close(cx);
}

/* A tile of LOOP_GEMM_ROWS rows from i and LOOP_GEMM_COLS columns from
 * jt: its elements held in local arrays (registers) across the block's k,
 * loaded from the result before and stored after, so each element still
 * adds its products in increasing k. */
static void loop_gemm_tile(emit_ctx *cx, const loop_gemm *p, const char *i, const char *jt) {
    const gemm_plan *g = p->g;
    const char *acc[LOOP_GEMM_ROWS], *l[LOOP_GEMM_ROWS], *k = ec_fresh(cx, "k"), *jj = ec_fresh(cx, "jj");
    const char *vt = ec_vtype(p->t);
    for (int r = 0; r < LOOP_GEMM_ROWS; r++) {
        acc[r] = ec_fresh(cx, "tile");
        ec_line(cx, "%s %s[%d];", vt, acc[r], LOOP_GEMM_COLS);
    }
    ec_open(cx, "for (int64_t %s = 0; %s < %d; %s++)", jj, jj, LOOP_GEMM_COLS, jj);
    for (int r = 0; r < LOOP_GEMM_ROWS; r++)
        ec_line(cx, "%s[%s] = %s;", acc[r], jj, ex_element(cx, p->t, p->out, ec_str(cx, "%s + (%s + %d) * %" PRId64
                                                                                  " + %s + %s", p->cb, i, r,
                                                                                  g->c.cols, jt, jj)));
    ec_close(cx);
    ec_open(cx, "for (int64_t %s = %s; %s < %s; %s++)", k, p->k0, k, p->k1, k);
    load_lhs(cx, p, i, LOOP_GEMM_ROWS, k, l);
    ec_open(cx, "for (int64_t %s = 0; %s < %d; %s++)", jj, jj, LOOP_GEMM_COLS, jj);
    const char *b = ex_load(cx, p->rt, p->rhs, ec_str(cx, "%s + %s * %" PRId64 " + (%s + %s) * %" PRId64, p->bb, k,
                                                      g->b.rs, jt, jj, g->b.cs));
    if (p->rt != p->t) b = ex_local(cx, p->t, es_convert(cx, p->rt, p->t, b));
    for (int r = 0; r < LOOP_GEMM_ROWS; r++) {
        const char *cell = ec_str(cx, "%s[%s]", acc[r], jj);
        const char *product = ex_local(cx, p->t, es_binary(cx, p->dot, IR_MULTIPLY, p->t, l[r], b));
        const char *sum = es_binary(cx, p->dot, IR_ADD, p->t, cell, product);
        if (sum) ec_line(cx, "%s = %s;", cell, sum);
    }
    ec_close(cx);
    ec_close(cx);
    ec_open(cx, "for (int64_t %s = 0; %s < %d; %s++)", jj, jj, LOOP_GEMM_COLS, jj);
    for (int r = 0; r < LOOP_GEMM_ROWS; r++)
        ex_store(cx, p->t, p->out, ec_str(cx, "%s + (%s + %d) * %" PRId64 " + %s + %s", p->cb, i, r, g->c.cols, jt, jj),
                 ec_str(cx, "%s[%s]", acc[r], jj));
    ec_close(cx);
}

/* f32 and f64 products whose rhs rows are contiguous (as c's are) take
 * tiles of VTILE_ROWS rows by two vectors of columns instead, held in
 * vector locals (aj_vtf, aj_vtd: the widest vectors the target has), which
 * gcc keeps in registers: per k, the two rhs vectors are loaded once and
 * each row's lhs element is broadcast into two fused multiply-adds
 * (BLIS's haswell micro-kernel is 6 x 16 too). The tile arrays above stay
 * in memory, each product loaded, added and stored back (an 8 x 64 x 64
 * product: 3.3 us, against 1 us of arithmetic). The sums are those of the
 * arrays, element by element in increasing k: the same bits in strict
 * mode. The rows past the last whole tile take one tile of fewer rows. */
enum { VTILE_ROWS = 6 };

const char emit_prelude_vtile[] =
    "\n/* ---- register tiles of the loop gemm (emit_dot.c) ---- */\n"
    "#if defined(__AVX512F__)\n#define AJ_VT_BYTES 64\n"
    "#elif defined(__AVX__)\n#define AJ_VT_BYTES 32\n"
    "#else\n#define AJ_VT_BYTES 16\n#endif\n"
    "typedef float aj_vtf __attribute__((vector_size(AJ_VT_BYTES)));\n"
    "typedef double aj_vtd __attribute__((vector_size(AJ_VT_BYTES)));\n"
    "#define AJ_VTF_LANES (AJ_VT_BYTES / 4)\n"
    "#define AJ_VTD_LANES (AJ_VT_BYTES / 8)\n"
    "static inline aj_vtf aj_vtf_load(const float *p) { aj_vtf v; memcpy(&v, p, sizeof v); return v; }\n"
    "static inline aj_vtd aj_vtd_load(const double *p) { aj_vtd v; memcpy(&v, p, sizeof v); return v; }\n"
    "static inline void aj_vtf_store(float *p, aj_vtf v) { memcpy(p, &v, sizeof v); }\n"
    "static inline void aj_vtd_store(double *p, aj_vtd v) { memcpy(p, &v, sizeof v); }\n";

static bool vtile_applies(const loop_gemm *p) {
    return (p->t == IR_F32 || p->t == IR_F64) && p->lt == p->t && p->rt == p->t && p->g->b.cs == 1;
}

/* The tile's columns: two vectors. */
static const char *vtile_cols(const loop_gemm *p) { return p->t == IR_F32 ? "(2 * AJ_VTF_LANES)" : "(2 * AJ_VTD_LANES)"; }

/* Rows i .. i + rows - 1 by the columns from jt, in vector locals. */
static void loop_gemm_vtile(emit_ctx *cx, const loop_gemm *p, const char *i, int rows, const char *jt) {
    const gemm_plan *g = p->g;
    const char *v = p->t == IR_F32 ? "aj_vtf" : "aj_vtd", *lanes = p->t == IR_F32 ? "AJ_VTF_LANES" : "AJ_VTD_LANES";
    const char *acc[VTILE_ROWS][2], *l[LOOP_GEMM_ROWS], *k = ec_fresh(cx, "k");
    for (int r = 0; r < rows; r++)
        for (int h = 0; h < 2; h++) {
            acc[r][h] = ec_fresh(cx, "acc");
            ec_line(cx, "%s %s = %s_load(%s + %s + (%s + %d) * %" PRId64 " + %s + %d * %s);", v, acc[r][h], v, p->out,
                    p->cb, i, r, g->c.cols, jt, h, lanes);
        }
    ec_open(cx, "for (int64_t %s = %s; %s < %s; %s++)", k, p->k0, k, p->k1, k);
    const char *b[2];
    for (int h = 0; h < 2; h++) {
        b[h] = ec_fresh(cx, "b");
        ec_line(cx, "%s %s = %s_load(%s + %s + %s * %" PRId64 " + %s + %d * %s);", v, b[h], v, p->rhs, p->bb, k,
                g->b.rs, jt, h, lanes);
    }
    load_lhs(cx, p, i, rows, k, l);
    for (int r = 0; r < rows; r++)
        for (int h = 0; h < 2; h++) ec_line(cx, "%s = %s + %s * %s;", acc[r][h], acc[r][h], l[r], b[h]);
    ec_close(cx);
    for (int r = 0; r < rows; r++)
        for (int h = 0; h < 2; h++)
            ec_line(cx, "%s_store(%s + %s + (%s + %d) * %" PRId64 " + %s + %d * %s, %s);", v, p->out, p->cb, i, r,
                    g->c.cols, jt, h, lanes, acc[r][h]);
}

/* Rows i .. i + rows - 1 of the block: whole tiles from the block's first
 * column, then the columns past the last of them. */
static void loop_gemm_tile_rows(emit_ctx *cx, const loop_gemm *p, const char *i, int rows) {
    bool vector = vtile_applies(p);
    const char *cols = vector ? vtile_cols(p) : ec_str(cx, "%d", LOOP_GEMM_COLS), *jt = ec_fresh(cx, "jt");
    /* the tiles' end computed, not left by their loop: from the loop's last
       value gcc 12 saw undefined behaviour in the columns loop after it
       (-Waggressive-loop-optimizations, on a path never taken) */
    const char *end = ex_local(cx, IR_I64, ec_str(cx, "%s + (%s - %s) / %s * %s", p->j0, p->j1, p->j0, cols, cols));
    ec_open(cx, "for (int64_t %s = %s; %s < %s; %s += %s)", jt, p->j0, jt, end, jt, cols);
    if (vector) loop_gemm_vtile(cx, p, i, rows, jt);
    else loop_gemm_tile(cx, p, i, jt);
    ec_close(cx);
    loop_gemm_rows(cx, p, i, rows, end);   /* the columns past the last whole tile */
}

static void emit_loop_gemm(emit_ctx *cx, const ir_op *dot, const gemm_plan *g, const char *out) {
    loop_gemm p = {.dot = dot, .g = g, .t = ec_type(cx, dot->out[0])->dtype, .lt = ec_type(cx, dot->in[0])->dtype,
                   .rt = ec_type(cx, dot->in[1])->dtype, .lhs = ex_buffer(cx, dot->in[0]),
                   .rhs = ex_buffer(cx, dot->in[1]), .out = out};
    int64_t m = g->c.rows, n = g->c.cols;
    const char *bvar[IR_MAX_RANK];
    open_batch_loops(cx, g, bvar);
    p.ab = batch_pointer(cx, "0", g, 0, bvar), p.bb = batch_pointer(cx, "0", g, 1, bvar);
    p.cb = ex_local(cx, IR_I64, batch_pointer(cx, "0", g, 2, bvar));
    const char *i = ec_fresh(cx, "i");
    ec_open(cx, "for (int64_t %s = 0; %s < %" PRId64 "; %s++)", i, i, m * n, i);
    ex_store(cx, p.t, out, ec_str(cx, "%s + %s", p.cb, i), "0");
    ec_close(cx);
    p.j0 = ec_fresh(cx, "nb"), p.k0 = ec_fresh(cx, "kb");
    ec_open(cx, "for (int64_t %s = 0; %s < %" PRId64 "; %s += %d)", p.j0, p.j0, n, p.j0, LOOP_GEMM_NB);
    p.j1 = ex_local(cx, IR_I64, ec_str(cx, "%s + %d < %" PRId64 " ? %s + %d : %" PRId64, p.j0, LOOP_GEMM_NB, n, p.j0,
                                      LOOP_GEMM_NB, n));
    ec_open(cx, "for (int64_t %s = 0; %s < %" PRId64 "; %s += %d)", p.k0, p.k0, g->k, p.k0, LOOP_GEMM_KB);
    p.k1 = ex_local(cx, IR_I64, ec_str(cx, "%s + %d < %" PRId64 " ? %s + %d : %" PRId64, p.k0, LOOP_GEMM_KB, g->k,
                                      p.k0, LOOP_GEMM_KB, g->k));
    bool vector = vtile_applies(&p);
    int rows = vector ? VTILE_ROWS : LOOP_GEMM_ROWS;
    int64_t full = m / rows * rows;
    cx->uses_vtile |= vector;
    if (full) {
        ec_open(cx, "for (int64_t %s = 0; %s < %" PRId64 "; %s += %d)", i, i, full, i, rows);
        loop_gemm_tile_rows(cx, &p, i, rows);
        ec_close(cx);
    }
    if (full < m && vector) {
        loop_gemm_tile_rows(cx, &p, ec_str(cx, "%" PRId64, full), (int)(m - full));
    } else if (full < m) {
        ec_open(cx, "for (int64_t %s = %" PRId64 "; %s < %" PRId64 "; %s++)", i, full, i, m, i);
        loop_gemm_rows(cx, &p, i, 1, p.j0);
        ec_close(cx);
    }
    ec_close(cx);
    ec_close(cx);
    ec_loops_close(cx, g->nbatch);
}

/* ---- narrow operands through sgemm -------------------------------------------------------- */

bool ex_dot_converts(const emit_ctx *cx, int step) {
    return cx->p->kernels.k[step].strategy == CONTRACT_DOT_CONVERT && !cx->o->no_blas && !cx->o->strict_order;
}

/* The task that converts rows [lo, hi) of a block of `t` values into f32
 * (an aj_widen_job at p[0]), declared once per type. */
static const char *widen_task(emit_ctx *cx, ir_dtype t) {
    const char *name = ec_str(cx, "aj_widen_%s", ec_suffix(t));
    if (cx->widen_tasks & (UINT64_C(1) << t)) return name;
    sbuf *d = &cx->decls;
    if (!cx->widen_tasks)
        sb_puts(d, "typedef struct aj_widen_job { const void *src; float *dst; int64_t cols, lds, ldd; } aj_widen_job;\n");
    cx->widen_tasks |= UINT64_C(1) << t;
    sb_printf(d, "static void %s(void *const *p, int64_t lo, int64_t hi) {\n", name);
    sb_puts(d, "    const aj_widen_job *j = p[0];\n    for (int64_t r = lo; r < hi; r++) {\n");
    sb_printf(d, "        const %s *s = (const %s *)j->src + r * j->lds;\n", ec_ctype(t), ec_ctype(t));
    sb_puts(d, "        float *d = j->dst + r * j->ldd;\n");
    sb_printf(d, "        for (int64_t c = 0; c < j->cols; c++) d[c] = (float)%s;\n    }\n}\n", ex_element(cx, t, "s", "c"));
    return name;
}

/* Emits the conversion of `rows` x `cols` values of type t at src (rows
 * lds elements apart) into f32 at dst (ldd apart), the rows in chunks of
 * at least WIDEN_CHUNK_ELEMENTS over the run's threads (the conversion is
 * a pass over memory: on one thread it left the other idle beside the
 * product). Sizes are C expressions. */
#define WIDEN_CHUNK_ELEMENTS 16384
static void emit_widen(emit_ctx *cx, ir_dtype t, const char *src, const char *dst, const char *rows, const char *cols,
                       const char *lds, const char *ldd) {
    const char *job = ec_fresh(cx, "aj_widen_"), *ptrs = ec_fresh(cx, "aj_widen_p");
    int threads = cx->kernel_run && cx->o->threads > 1 ? cx->o->threads : 1;
    ec_block(cx);
    ec_line(cx, "aj_widen_job %s = {%s, %s, %s, %s, %s};", job, src, dst, cols, lds, ldd);
    ec_line(cx, "void *const %s[] = {&%s};", ptrs, job);
    ec_line(cx, "int64_t aj_least = (%d + %s - 1) / (%s > 0 ? %s : 1), aj_share = (%s + %d - 1) / %d;",
            WIDEN_CHUNK_ELEMENTS, cols, cols, cols, rows, 4 * threads, 4 * threads);
    ec_line(cx, "aj_parallel(%s, %s, %s, %s, aj_share > aj_least ? aj_share : aj_least);",
            threads > 1 ? "run" : "0", widen_task(cx, t), ptrs, rows);
    ec_close(cx);
}

/* DOT_CONVERT (contract.h): each operand converted, element by element in
 * its own layout, into f32 in the plan's scratch block (so the gemm plan is
 * the f32 dot's), named in f32[]. False, leaving the naive contraction,
 * where the layouts do not merge into one gemm. */
static bool convert_operands(emit_ctx *cx, const ex_kernel *k, const ir_op *dot, gemm_plan *g, const char **f32) {
    const contract_kernel *ck = &cx->p->kernels.k[k->step];
    if (!cx->buffer[dot->in[0]] || !cx->buffer[dot->in[1]] || !plan_gemm(cx, dot, g, false, NULL, false)) return false;
    size_t at[2] = {0, ck->scratch_rhs};
    for (int i = 0; i < 2; i++) {
        const ir_type *t = ec_type(cx, dot->in[i]);
        int64_t cols = t->rank ? t->dims[t->rank - 1] : 1, rows = cols ? ir_type_numel(t) / cols : 0;
        const char *c = ec_str(cx, "%" PRId64, cols);
        f32[i] = ec_fresh(cx, "aj_f32_");
        ec_line(cx, "float *%s = (float *)(scratch + %zu);", f32[i], at[i]);
        emit_widen(cx, t->dtype, ex_buffer(cx, dot->in[i]), f32[i], ec_str(cx, "%" PRId64, rows), c, c, c);
    }
    return true;
}

/* A plain [M, K] x [K, N] of narrow operands (DOT_CONVERT with a K block
 * KB): per block of K, lhs[:, block] and rhs[block, :] converted into the
 * scratch and sgemm adding their product into out (row-major M x N). */
static void emit_blocked_convert_gemm(emit_ctx *cx, const ex_kernel *k, const ir_op *dot, const char *out) {
    const contract_kernel *ck = &cx->p->kernels.k[k->step];
    const ir_type *l = ec_type(cx, dot->in[0]), *r = ec_type(cx, dot->in[1]);
    int64_t m = l->dims[0], kk = l->dims[1], n = r->dims[1], kb = ck->convert_block;
    const char *lhs = ex_buffer(cx, dot->in[0]), *rhs = ex_buffer(cx, dot->in[1]);
    const char *a = ec_fresh(cx, "aj_f32_"), *b = ec_fresh(cx, "aj_f32_");
    const char *k0 = ec_fresh(cx, "kb"), *kn = ec_fresh(cx, "kn");
    ec_block(cx);
    ec_line(cx, "float *%s = (float *)scratch, *%s = (float *)(scratch + %zu);", a, b, ck->scratch_rhs);
    ec_open(cx, "for (int64_t %s = 0; %s < %" PRId64 "; %s += %" PRId64 ")", k0, k0, kk, k0, kb);
    ec_line(cx, "int64_t %s = %s + %" PRId64 " < %" PRId64 " ? %" PRId64 " : %" PRId64 " - %s;", kn, k0, kb, kk, kb, kk,
            k0);
    emit_widen(cx, l->dtype, ec_str(cx, "%s + %s", lhs, k0), a, ec_str(cx, "%" PRId64, m), kn,
               ec_str(cx, "%" PRId64, kk), ec_str(cx, "%" PRId64, kb));
    const char *nn = ec_str(cx, "%" PRId64, n);
    emit_widen(cx, r->dtype, ec_str(cx, "%s + %s * %" PRId64, rhs, k0, n), b, kn, nn, nn, nn);
    ex_gemm_call(cx, true, m, n, kb,
                 ec_str(cx, "%" PRId64 ", %" PRId64 ", %s, 1.0f, %s, %" PRId64 ", 1, %s, %" PRId64
                        ", 1, %s ? 1.0f : 0.0f, (float *)%s, %" PRId64 ", 1", m, n, kn, a, kb, b, n, k0, out, n));
    ec_close(cx);
    ec_close(cx);
}

/* The product in the scratch block where the kernel returns no value of
 * its type, which the epilogue reads there: DOT_CONVERT's float product
 * (contract_kernel.scratch_product), DOT_BYTES's i32 sums (the whole
 * scratch); NULL when the contract gave it none. */
static const char *scratch_result(emit_ctx *cx, const ex_kernel *k) {
    const contract_kernel *ck = &cx->p->kernels.k[k->step];
    bool sums = ck->strategy == CONTRACT_DOT_BYTES;
    if (sums ? !ck->scratch : !ck->scratch_product || !ex_dot_converts(cx, k->step)) return NULL;
    const char *name = ec_fresh(cx, "aj_result_"), *type = sums ? "int32_t" : "float";
    ec_line(cx, "%s *%s = (%s *)(scratch + %zu);", type, name, type, sums ? (size_t)0 : ck->scratch_product);
    return name;
}

/* A panel task's locals for the kernel's pointers (its operands and
 * results, under the kernel's names) from aj_p[], in the kernel's order,
 * then `scratch`. */
static void panel_task_pointers(emit_ctx *cx, const ex_kernel *k) {
    const ir_op *op = k->fusion;
    for (int j = 0; j < op->nin + op->nout; j++) {
        bool res = j >= op->nin;
        const char *ct = ec_ctype(ec_type(cx, res ? op->out[j - op->nin] : op->in[j])->dtype), *c = res ? "" : "const ";
        const char *v = res ? k->out[j - op->nin] : cx->buffer[k->region->args[j]];
        ec_line(cx, "%s%s *%s = (%s%s *)aj_p[%d];", c, ct, v, c, ct, j);
        ec_line(cx, "(void)%s;", v);
    }
    ec_line(cx, "char *scratch = (char *)aj_p[%d];", op->nin + op->nout);
}

/* A panel task's products (emit_panels_task): per K block of the span
 * [aj_from, aj_to), the task's panel of its operand converted into its
 * part of the scratch, and sgemm adding the block's product into out's
 * columns (rows) [aj_lo, aj_hi). */
static void panel_products(emit_ctx *cx, const ex_kernel *k, const ir_op *dot, const char *out) {
    const contract_kernel *ck = &cx->p->kernels.k[k->step];
    const ir_type *l = ec_type(cx, dot->in[0]), *r = ec_type(cx, dot->in[1]);
    int64_t m = l->dims[0], kk = l->dims[1], n = r->dims[1], kb = ck->convert_block;
    const char *sh = ec_fresh(cx, "aj_f32_"), *pn = ec_fresh(cx, "aj_f32_"), *k0 = ec_fresh(cx, "kb"),
               *kn = ec_fresh(cx, "kn"), *ext = ec_fresh(cx, "aj_extent");
    const char *ks = ec_str(cx, "%" PRId64, kk), *ns = ec_str(cx, "%" PRId64, n), *args;
    ec_line(cx, "int64_t %s = aj_hi - aj_lo;", ext);
    ec_line(cx, "float *%s = (float *)scratch, *%s = (float *)(scratch + %zu) + aj_lo * %" PRId64 ";", sh, pn,
            ck->scratch_rhs, kb);
    ec_open(cx, "for (int64_t %s = aj_from; %s < aj_to; %s += %" PRId64 ")", k0, k0, k0, kb);
    ec_line(cx, "int64_t %s = %s + %" PRId64 " < %s ? %" PRId64 " : %s - %s;", kn, k0, kb, ks, kb, ks, k0);
    if (ck->convert_rows) {   /* lhs rows [aj_lo, aj_hi) of the block: ext x kn, rows kb apart */
        emit_widen(cx, l->dtype, ec_str(cx, "%s + aj_lo * %s + %s", ex_buffer(cx, dot->in[0]), ks, k0), pn, ext, kn,
                   ks, ec_str(cx, "%" PRId64, kb));
        args = ec_str(cx, "%s, %s, %s, 1.0f, %s, %" PRId64 ", 1, %s + (%s - aj_from) * %s, %s, 1, %s ? 1.0f : 0.0f, "
                      "(float *)%s + aj_lo * %s, %s, 1", ext, ns, kn, pn, kb, sh, k0, ns, ns, k0, out, ns, ns);
    } else {   /* rhs columns [aj_lo, aj_hi) of the block: kn x ext */
        emit_widen(cx, r->dtype, ec_str(cx, "%s + %s * %s + aj_lo", ex_buffer(cx, dot->in[1]), k0, ns), pn, kn, ext,
                   ns, ext);
        args = ec_str(cx, "%" PRId64 ", %s, %s, 1.0f, %s + (%s - aj_from), %" PRId64 ", 1, %s, %s, 1, %s ? 1.0f : "
                      "0.0f, (float *)%s + aj_lo, %s, 1", m, ext, kn, sh, k0, ck->convert_span, pn, ext, k0, out, ns);
    }
    ex_gemm_call(cx, true, m, n, kb, args);
    ec_close(cx);
}

/* A panel task's epilogue on its columns [aj_lo, aj_hi) (rows, of chunk
 * each but the last): true when the result loop took that form (or had
 * nothing to do). */
static bool panel_epilogue(emit_ctx *cx, const ex_kernel *k, const ir_op *dot, int target, int64_t chunk) {
    const ir_type *out = ec_type(cx, dot->out[0]);
    bool rows = cx->p->kernels.k[k->step].convert_rows, skip[k->ret->nin], todo = skip_target(k, dot, target, skip);
    if (rows) {
        cx->row_n = out->dims[0], cx->row_elems = out->dims[1], cx->row_block = chunk, cx->row_parallel = true;
        cx->row_indent = cx->indent;
        cx->row_done = 0;
    } else {
        cx->col_n = out->dims[1];
        cx->col_done = 0;
    }
    emit_result_loop(cx, k, skip);
    int done = rows ? cx->row_done : cx->col_done;
    cx->row_n = cx->col_n = 0, cx->row_parallel = false;
    return done == todo;
}

/* The task of a DOT_CONVERT in panels (contract_kernel.convert_span):
 * columns [aj_lo, aj_hi) of the M x N product, or rows with convert_rows.
 * The shared operand's span of K from *aj_p[last] on is in f32 at the
 * scratch's start (the lhs M x span, or the rhs span x N); the task adds
 * the span's products into its panel (panel_products), and after the last
 * span runs the epilogue on it. The kernel's pointers come as aj_p[], in
 * its order, then the scratch and the span's first K. True when the
 * epilogue took the panel's form. */
static bool emit_panels_task(emit_ctx *cx, const ex_kernel *k, const ir_op *dot, int target, int64_t chunk,
                             const char *name) {
    const contract_kernel *ck = &cx->p->kernels.k[k->step];
    int64_t kk = ec_type(cx, dot->in[0])->dims[1], span = ck->convert_span;
    ec_open(cx, "static void %s(void *const *aj_p, int64_t aj_lo, int64_t aj_hi)", name);
    panel_task_pointers(cx, k);
    ec_line(cx, "int64_t aj_from = *(const int64_t *)aj_p[%d], aj_to = aj_from + %" PRId64 " < %" PRId64
            " ? aj_from + %" PRId64 " : %" PRId64 ";", k->fusion->nin + k->fusion->nout + 1, span, kk, span, kk);
    const char *out = target >= 0 ? k->out[target] : scratch_result(cx, k);
    panel_products(cx, k, dot, out);
    if (span < kk) ec_open(cx, "if (aj_to == %" PRId64 ")", kk);
    cx->buffer[dot->out[0]] = out;
    bool good = panel_epilogue(cx, k, dot, target, chunk);
    cx->buffer[dot->out[0]] = NULL;
    if (span < kk) ec_close(cx);
    ec_close(cx);
    return good && !cx->rc;
}

/* Writes the panel task into the declarations, the kernel's code set
 * aside meanwhile (a task runs on one thread, without the run); true
 * when it took the panel's form, else nothing is kept. */
static bool declare_panels_task(emit_ctx *cx, const ex_kernel *k, const ir_op *dot, int target, int64_t chunk,
                                const char *name) {
    sbuf kernel = cx->code;
    int indent = cx->indent;
    bool run = cx->kernel_run;
    cx->code = (sbuf){0};
    cx->indent = 0;
    cx->kernel_run = false;
    bool good = emit_panels_task(cx, k, dot, target, chunk, name);
    if (good) sb_put(&cx->decls, cx->code.s, cx->code.len);
    if (cx->code.failed) cx->decls.failed = true;
    sb_free(&cx->code);
    cx->code = kernel;
    cx->indent = indent;
    cx->kernel_run = run;
    return good;
}

/* DOT_CONVERT in panels (contract_kernel.convert_span): per span of K, the
 * shared operand's span converted into the scratch over the run's
 * threads, then the panels in contract_gemm_chunk's split, one task a chunk
 * (emit_panels_task). Two parallel calls a span, one span for most
 * shapes, and the epilogue on every thread, on panels still in the cache,
 * where blocks over the whole product made three calls a K block and left
 * the epilogue to the caller alone (bf16 x int8, 256 x 2048 x 2048 with
 * gelu, 2 threads on a Zen 3, medians of alternated runs: 22.2 -> 20.9
 * ms idle, 36.4 -> 28.9 with the other core busy; bf16 512 x 2048 x 1024,
 * two spans: 20.8 -> 17.2 and 34.5 -> 28.7). The task is a function of its
 * own in the declarations. False, nothing written, where the epilogue
 * does not take the panel's form; true on an error (cx->rc). */
static bool emit_convert_panels(emit_ctx *cx, const ex_kernel *k, const ir_op *dot, int target) {
    const contract_kernel *ck = &cx->p->kernels.k[k->step];
    const ir_type *l = ec_type(cx, dot->in[0]), *r = ec_type(cx, dot->in[1]);
    int64_t m = l->dims[0], kk = l->dims[1], n = r->dims[1], span = ck->convert_span, split = ck->convert_rows ? m : n;
    if (target < 0 && !ck->scratch_product) return false;   /* the naive loop's */
    const char *name = ec_str(cx, "%sk%d_panels", cx->prefix, k->step);
    bool run = cx->kernel_run;
    int64_t chunk = run ? contract_gemm_chunk(cx->o->threads, m, n, kk) : 0;
    if (!chunk) chunk = split;
    if (!declare_panels_task(cx, k, dot, target, chunk, name)) return cx->rc != DIAG_OK;
    sbuf p = {0};
    const ir_op *op = k->fusion;
    for (int j = 0; j < op->nin + op->nout; j++)
        sb_printf(&p, "(void *)%s, ", j < op->nin ? ex_buffer(cx, k->region->args[j]) : k->out[j - op->nin]);
    ec_block(cx);
    ec_line(cx, "int64_t aj_from = 0;");
    ec_line(cx, "void *const aj_panels_p[] = {%s(void *)scratch, (void *)&aj_from};", ec_take(cx, &p));
    if (span < kk) ec_open(cx, "for (; aj_from < %" PRId64 "; aj_from += %" PRId64 ")", kk, span);
    const char *len = span < kk ? ec_str(cx, "(aj_from + %" PRId64 " < %" PRId64 " ? %" PRId64 " : %" PRId64
                                         " - aj_from)", span, kk, span, kk) : ec_str(cx, "%" PRId64, kk);
    const char *ks = ec_str(cx, "%" PRId64, kk), *ns = ec_str(cx, "%" PRId64, n);
    if (ck->convert_rows)
        emit_widen(cx, r->dtype, ec_str(cx, "%s + aj_from * %s", ex_buffer(cx, dot->in[1]), ns), "(float *)scratch", len,
                   ns, ns, ns);
    else
        emit_widen(cx, l->dtype, ec_str(cx, "%s + aj_from", ex_buffer(cx, dot->in[0])), "(float *)scratch",
                   ec_str(cx, "%" PRId64, m), len, ks, ec_str(cx, "%" PRId64, span));
    ec_line(cx, "aj_parallel(%s, %s, aj_panels_p, %" PRId64 ", %" PRId64 ");", run ? "run" : "0", name, split, chunk);
    if (span < kk) ec_close(cx);
    ec_close(cx);
    return true;
}

/* ---- the product of bytes --------------------------------------------------------------- */

const char emit_prelude_byte_gemm[] = "\n/* ---- the product of bytes (src/util/byte_gemm.h) ---- */\n" AJ_BYTE_GEMM_TEXT;

/* DOT_BYTES: out (M x N i32) = lhs . rhs through aj_byte_gemm_part
 * (src/util/byte_gemm.h), over the run's threads in chunks of whole
 * AJ_BYTE_ROWS blocks when there is enough work for them. */
enum { BYTE_GEMM_ROWS = 64 };   /* byte_gemm.h's AJ_BYTE_ROWS */
#define BYTE_GEMM_CHUNK_MACS 4e6

static void emit_byte_gemm(emit_ctx *cx, const ir_op *dot, const char *out) {
    const ir_type *l = ec_type(cx, dot->in[0]), *r = ec_type(cx, dot->in[1]);
    bool transposed = dot->a.rhs_contract.v[0] == 1;   /* rhs [N, K] (contract.c matmul_of_args) */
    int64_t m = l->dims[0], k = l->dims[1], n = transposed ? r->dims[0] : r->dims[1], chunk = m;
    int64_t sbk = transposed ? 1 : n, sbn = transposed ? k : 1;
    if (cx->kernel_run && cx->o->threads > 1) {
        int64_t chunks = (int64_t)cx->o->threads * 2, blocks = (m + BYTE_GEMM_ROWS - 1) / BYTE_GEMM_ROWS;
        double macs = (double)m * (double)n * (double)k;
        if ((double)chunks > macs / BYTE_GEMM_CHUNK_MACS) chunks = (int64_t)(macs / BYTE_GEMM_CHUNK_MACS);
        if (chunks > blocks) chunks = blocks;
        if (chunks >= 2) chunk = (blocks + chunks - 1) / chunks * BYTE_GEMM_ROWS;
    }
    cx->uses_byte_gemm = true;
    ec_block(cx);
    ec_line(cx, "aj_byte_gemm_job aj_job = {%" PRId64 ", %" PRId64 ", %" PRId64 ", %" PRId64 ", %" PRId64 ", %" PRId64
            ", %" PRId64 ", (const uint8_t *)%s, (const uint8_t *)%s, %s, %d, %d};", m, n, k, k, sbk, sbn, n,
            ex_buffer(cx, dot->in[0]), ex_buffer(cx, dot->in[1]), out, l->dtype == IR_I8, r->dtype == IR_I8);
    ec_line(cx, "void *const aj_job_p[] = {&aj_job};");
    ec_line(cx, "aj_parallel(%s, aj_byte_gemm_part, aj_job_p, %" PRId64 ", %" PRId64 ");", cx->kernel_run ? "run" : "0",
            m, chunk);
    ec_close(cx);
}

/* A product of at most SMALL_GEMM_MACS multiply-adds (per batch index) runs
 * as the loops below, not through BLIS, whose fixed cost per call (its
 * checks, and packing all of B for few rows) is several microseconds. In a
 * while loop computing tanh(tanh(h @ W1) @ W2) (bench/small_products.py),
 * one thread, us a product with its tanh, the loops (in vector tiles)
 * against BLIS, on a Zen 3:
 * 8x64x64 2.4 / 3.8, 32x64x64 4.6 / 6.4, 64x64x64 9.4-12.6 / 14-15,
 * 16x128x128 13 / 26, 8x256x256 25 / 32, 96x96x96 36 / 45-65, 64x128x128
 * 44-47 / 45-60; above, 128x128x128 96-99 / 82-94, 256x256x64 211 / 180,
 * 256x256x256 523 / 509. (With small M the loops win further, 32x256x768
 * 207 / 264 on one thread, but not on two, where BLIS splits the product:
 * 222 / 211.) */
#define SMALL_GEMM_MACS (1 << 20)
/* The same where B's columns are strided (a transposed rhs: attention's
 * q k^T), which the loops read element by element, without vector tiles.
 * With h @ W^T in the loop above (us a product, loops / BLIS): 8x64x64
 * 1.5 / 1.5, 16x64x64 3.4 / 3.1, 32x64x64 5.5 / 6.3, 64x64x64 9.3 / 9.3,
 * 32x128x128 20.8 / 20.6, 64x128x128 40.1 / 38.9, but 128x64x128 1207 /
 * 38.7, one thread. A causal attention block's value_and_grad (8 x 4 heads,
 * scores 128 x 64 by 64 x 128) took 65-80 ms with its scores in the loops
 * (half of it in that kernel), 31-38 through BLIS (jax.jit: 38). */
#define SMALL_STRIDED_GEMM_MACS (1 << 16)

static bool small_product(const gemm_plan *g) {
    double macs = (double)g->c.rows * (double)g->c.cols * (double)g->k;
    return macs <= (g->b.cs == 1 ? SMALL_GEMM_MACS : SMALL_STRIDED_GEMM_MACS);
}

int emit_dot_kernel(emit_ctx *cx, const ex_kernel *k) {
    const ir_op *dot = NULL;
    gemm_plan g;
    bool single = ex_walk_ops(cx, k->region, find_dot, &dot);
    if (cx->rc) return cx->rc;
    const contract_kernel *ck = &cx->p->kernels.k[k->step];
    bool alone = dot && k->ret->nin == 1 && k->ret->in[0] == dot->out[0];
    bool blis = single && dot && blis_applies(cx, dot, &g, ck, alone);
    if (cx->row_n && dot) return emit_dot_rows(cx, k, dot, blis ? &g : NULL);
    const char *f32[2], *const *operands = NULL;
    bool blocked = false;
    if (ex_dot_converts(cx, k->step) && cx->p->scratch_bytes < ck->scratch)
        return ec_fail_op(cx, DIAG_INVALID, k->fusion, "internal error: a dot of narrow operands needs %zu bytes of "
                          "scratch, the plan has %zu", ck->scratch, cx->p->scratch_bytes);
    if (!blis && ex_dot_converts(cx, k->step) && ck->convert_block) {
        blis = blocked = single && dot && cx->buffer[dot->in[0]] && cx->buffer[dot->in[1]];
        if (!blis) ec_line(cx, "(void)scratch;");
    } else if (!blis && ex_dot_converts(cx, k->step)) {
        blis = single && dot && convert_operands(cx, k, dot, &g, f32);
        if (cx->rc) return cx->rc;
        if (blis) operands = f32;
        else ec_line(cx, "(void)scratch;");
    }
    const contract_overwrite *over = plan_dot_over_lhs(cx->p, cx->f, k->step);
    if (over && !dot) return ec_fail_op(cx, DIAG_INVALID, k->fusion, "internal error: no dot_general to run by rows");
    if (over && blis && g.nlooped) blis = plan_gemm(cx, dot, &g, false, NULL, false);   /* rows: one matrix per batch */
    if (over) return emit_rows_in_place(cx, k, dot, blis ? &g : NULL, over);
    bool bytes = single && dot && cx->p->kernels.k[k->step].strategy == CONTRACT_DOT_BYTES &&
                 cx->buffer[dot->in[0]] && cx->buffer[dot->in[1]];
    if (blis && !operands && !blocked && !cx->o->blas_for_small_dots && small_product(&g)) blis = false;
    bool loops = !blis && single && dot && cx->p->kernels.k[k->step].strategy == CONTRACT_DOT &&
                 loop_gemm_applies(cx, dot, &g);
    if (!blis && !loops && !bytes) return emit_result_loop(cx, k, NULL);
    if (emit_affine_update(cx, k, dot, &g)) return cx->rc;
    int target = gemm_target(cx, k, dot, bytes);
    if (target >= 0 && loops && !target_alone(cx, k, target)) target = -1;
    if (blocked && cx->p->kernels.k[k->step].convert_span && emit_convert_panels(cx, k, dot, target))
        return cx->rc;
    const char *into = target >= 0 ? k->out[target] : loops ? NULL : scratch_result(cx, k);
    if (target >= 0 && bytes && ec_type(cx, k->ret->in[target])->dtype != IR_I32)
        into = ec_str(cx, "((int32_t *)%s)", into);   /* sums in a 4-byte result the epilogue converts */
    if (!into) return cx->rc ? cx->rc : emit_result_loop(cx, k, NULL);
    bool single_out = ec_type(cx, dot->out[0])->dtype == IR_F32;
    if (loops) emit_loop_gemm(cx, dot, &g, into);
    else if (bytes) emit_byte_gemm(cx, dot, into);
    else if (blocked) emit_blocked_convert_gemm(cx, k, dot, into);
    else {
        if (!operands) band_for(ck, alone, &g);
        emit_gemm(cx, dot, &g, operands, into, single_out ? "1.0f" : "1.0", single_out ? "0.0f" : "0.0", 0);
    }
    bool skip[k->ret->nin];
    skip_target(k, dot, target, skip);
    cx->buffer[dot->out[0]] = into;
    int rc = emit_result_loop(cx, k, skip);
    cx->buffer[dot->out[0]] = NULL;
    return rc;
}
