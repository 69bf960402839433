/* emit_loop.c: loop nests and loop kernels.
 *
 * A loop kernel is one nest over its results' common shape S, row-major
 * (the last dimension innermost, so that stores are contiguous), that
 * computes every result at the loop index and then stores them all (all
 * loads of an element come before its stores, so a result may share the
 * buffer of an operand read at the same index). Dimensions of size 1 get
 * no loop. A kernel made only of elementwise ops, reshapes and scalar
 * broadcasts is "flat": it runs as one loop over the element offset. */
#include <inttypes.h>
#include <string.h>

#include "emit_internal.h"

void ec_loops_open(emit_ctx *cx, const ex_loop *loops, int n, bool ivdep) {
    for (int i = 0; i < n; i++) {
        const ex_loop *l = &loops[i];
        if (i == n - 1 && ivdep) ec_line(cx, "#pragma GCC ivdep");
        const char *from = l->from ? l->from : "0";
        const char *to = l->to ? l->to : ec_str(cx, "%" PRId64, l->size);
        if (i == 0 && cx->row_n && cx->indent == cx->row_indent && !l->from && !l->to) {
            if (strcmp(l->var, "i0") == 0 && l->size == cx->row_n) {   /* the rows loop */
                from = "aj_lo", to = "aj_hi";
                cx->row_done++;
            } else if (strcmp(l->var, "i") == 0 && l->size == cx->row_n * cx->row_elems) {   /* flat */
                from = ec_str(cx, "aj_lo * %" PRId64, cx->row_elems);
                to = ec_str(cx, "aj_hi * %" PRId64, cx->row_elems);
                cx->row_done++;
            }
        }
        if (i == n - 1 && cx->col_n && l->size == cx->col_n && !l->from && !l->to) {   /* the columns */
            from = "aj_lo", to = "aj_hi";
            cx->col_done++;
        }
        if (i == n - 1 && cx->inner_step > 1)
            ec_open(cx, "for (int64_t %s = %s; %s < %s; %s += %" PRId64 ")", l->var, from, l->var, to, l->var,
                    cx->inner_step);
        else
            ec_open(cx, "for (int64_t %s = %s; %s < %s; %s++)", l->var, from, l->var, to, l->var);
    }
    cx->inner_step = 0;
}

void ec_loops_close(emit_ctx *cx, int n) {
    for (int i = 0; i < n; i++) ec_close(cx);
}

/* ---- flat kernels ------------------------------------------------------------------ */

static bool flat_op(emit_ctx *cx, const ir_op *op, void *ctx) {
    (void)ctx;
    switch (op->code) {
    case IR_CONSTANT: case IR_RESHAPE: case IR_CONVERT: case IR_COMPARE: case IR_SELECT: case IR_CLAMP:
    case IR_COMPLEX_PART:
        return true;
    case IR_BROADCAST_IN_DIM: return ir_type_numel(ec_type(cx, op->in[0])) == 1;
    default: {
        ir_op_kind k = ir_op_kind_of(op->code);
        return k == IR_KIND_UNARY || k == IR_KIND_BINARY;
    }
    }
}

/* Every value the results need is at the result's element offset, or is
 * one element. */
static bool is_flat(emit_ctx *cx, const ex_kernel *k) { return ex_walk_ops(cx, k->region, flat_op, NULL); }

/* ---- the result loop ------------------------------------------------------------------- */

static int check_common_shape(emit_ctx *cx, const ex_kernel *k) {
    const ir_type *s = ec_type(cx, k->ret->in[0]);
    for (int r = 0; r < k->ret->nin; r++) {
        const ir_type *t = ec_type(cx, k->ret->in[r]);
        if (!ir_type_same_shape(t, s)) {
            char a[128], b[128];
            return ec_fail_op(cx, DIAG_UNSUPPORTED, k->fusion, "a loop kernel's results must share one shape: "
                              "result %d is %s, result 0 %s", r, ir_type_str(t, a, sizeof a),
                              ir_type_str(s, b, sizeof b));
        }
        if (!ec_dtype_ok(t->dtype))
            return ec_fail_op(cx, DIAG_UNSUPPORTED, k->fusion, "element type %s", ir_dtype_name(t->dtype));
    }
    return DIAG_OK;
}

/* The loops over shape s (one per dim of size > 1, named i<d>) and the
 * index they make; flat: one loop over the element offset. */
static int shape_loops(emit_ctx *cx, const ir_type *s, bool flat, ex_loop *loops, ex_index *ix) {
    int n = 0;
    if (flat) {
        *ix = (ex_index){1, true, {"0"}};
        if (ir_type_numel(s) > 1) {
            loops[n++] = (ex_loop){"i", NULL, NULL, ir_type_numel(s)};
            ix->at[0] = "i";
        }
        return n;
    }
    *ix = (ex_index){.rank = s->rank};
    for (int d = 0; d < s->rank; d++) {
        ix->at[d] = "0";
        if (s->dims[d] == 1) continue;
        ix->at[d] = ec_str(cx, "i%d", d);
        loops[n++] = (ex_loop){ix->at[d], NULL, NULL, s->dims[d]};
    }
    return n;
}

/* ---- transposes in tiles ----------------------------------------------------------
 *
 * A kernel that transposes a big operand so that the result's innermost
 * dim walks one of the operand's outer dims (stablehlo.transpose moving
 * its last dim: attention's scores turned around in a backward pass, NHWC
 * to NCHW) reads it a whole row apart at each step of the innermost loop,
 * a new cache line per element, in row-major order. In tiles of TILE x
 * TILE elements of the two dims involved (d, which walks the operand's
 * innermost dim, and the result's last), each line read serves TILE
 * elements while it is in the cache: 4 x 4 x 256 x 256 f32 swapping the
 * last two dims, one thread, 1.43 ms row by row, 0.87 in tiles of 16,
 * 0.53 of 32; 2048 x 2048 transposed, 25.5 -> 8.2 ms (on a Xeon). Tiles
 * are whole (both dims multiples of TILE); where the kernel runs rows
 * [aj_lo, aj_hi) of dim 0 (a chunk on a thread, a block of a run) and d
 * is that dim, its tiles are clipped to them. */
enum { TILE = 32 };
#define TILE_MIN_BYTES ((size_t)1 << 18)

/* Dims of size 1 aside (JAX's einsums transpose through them): t's dims
 * of size > 1 into big[], their count returned. */
static int big_dims(const ir_type *t, int *big) {
    int n = 0;
    for (int d = 0; d < t->rank; d++)
        if (t->dims[d] > 1) big[n++] = d;
    return n;
}

/* The dim of s at the place of r's dim j when s holds r's elements in the
 * same order (r itself up to dims of size 1, or r reshaped): the one whose
 * dims before it hold as many elements as r's before j do, and of r's size
 * at j; or -1. */
static int reshaped_dim(const ir_type *r, int j, const ir_type *s) {
    if (ir_type_numel(r) != ir_type_numel(s)) return -1;
    int64_t before = 1, at = 1;
    for (int i = 0; i < j; i++) before *= r->dims[i];
    for (int e = 0; e < s->rank && at <= before; e++) {
        if (at == before && s->dims[e] == r->dims[j]) return e;
        at *= s->dims[e];
    }
    return -1;
}

/* The dim d of the kernel's shape s that walks the innermost dim of a big
 * operand transposed (to s, up to dims of size 1 and a reshape: the heads
 * of attention merged back) when s's last dim of size > 1, *last, does
 * not; or -1. */
static int transposed_dim(emit_ctx *cx, const ex_kernel *k, const ir_type *s, int *last) {
    int sb[IR_MAX_RANK], ns = big_dims(s, sb);
    for (int i = 0; i < k->region->nops && ns >= 2; i++) {
        const ir_op *op = k->region->ops[i];
        if (op->code != IR_TRANSPOSE) continue;
        const ir_type *r = ec_type(cx, op->out[0]), *x = ec_type(cx, op->in[0]);
        int rb[IR_MAX_RANK], xb[IR_MAX_RANK], nr = big_dims(r, rb), nx = big_dims(x, xb);
        if (ir_type_bytes(x) < TILE_MIN_BYTES) continue;
        for (int j = 0; j + 1 < nr; j++) {   /* result big dim j walks the operand's innermost big dim */
            if (op->a.dims.v[rb[j]] != xb[nx - 1]) continue;
            int d = reshaped_dim(r, rb[j], s);
            if (d < 0 || d == sb[ns - 1]) break;
            *last = sb[ns - 1];
            return d;
        }
    }
    return -1;
}

/* The loops over s (shape_loops') with dims d and the last walked in
 * tiles when the kernel transposes (transposed_dim); their new count. */
static int tile_loops(emit_ctx *cx, const ex_kernel *k, const ir_type *s, const ex_index *ix, ex_loop *loops, int n) {
    int last, d = transposed_dim(cx, k, s, &last);
    if (d < 0 || s->dims[d] % TILE || s->dims[last] % TILE) return n;
    bool rows = cx->row_n && d == 0;
    ex_loop kept[IR_MAX_RANK + 2], inner[2];
    int m = 0;
    for (int i = 0; i < n; i++)
        if (strcmp(loops[i].var, ix->at[d]) == 0) inner[0] = loops[i];
        else if (strcmp(loops[i].var, ix->at[last]) == 0) inner[1] = loops[i];
        else kept[m++] = loops[i];
    for (int j = 0; j < 2; j++) {
        const char *tile = ec_fresh(cx, "tile");
        kept[m + j] = (ex_loop){tile, NULL, NULL, inner[j].size / TILE};
        inner[j].from = ec_str(cx, "%s * %d", tile, TILE);
        inner[j].to = ec_str(cx, "%s * %d + %d", tile, TILE, TILE);
        inner[j].size = TILE;
    }
    if (rows) {   /* the rows loop, done here */
        const char *tile = kept[m].var;
        kept[m].from = ec_str(cx, "aj_lo / %d", TILE);
        kept[m].to = ec_str(cx, "(aj_hi + %d) / %d", TILE - 1, TILE);
        inner[0].from = ec_str(cx, "(%s * %d > aj_lo ? %s * %d : aj_lo)", tile, TILE, tile, TILE);
        inner[0].to = ec_str(cx, "(%s * %d + %d < aj_hi ? %s * %d + %d : aj_hi)", tile, TILE, TILE, tile, TILE, TILE);
        cx->row_done++;
    }
    kept[m + 2] = inner[0];
    kept[m + 3] = inner[1];
    memcpy(loops, kept, (size_t)(m + 4) * sizeof *loops);
    return m + 4;
}

/* ---- streaming stores ------------------------------------------------------------ */

enum { STREAM_LANES = 16 };

/* Whether nothing after op in the body reads v (the return aside). */
static bool unread_after(emit_ctx *cx, const ir_op *op, ir_value_id v) {
    const ir_block *body = cx->f->body;
    int i = 0;
    while (i < body->nops && body->ops[i] != op) i++;
    if (i == body->nops) return false;
    for (i++; i < body->nops; i++) {
        const ir_op *o = body->ops[i];
        if (o->code == IR_RETURN) continue;
        for (int j = 0; j < o->nin; j++)
            if (o->in[j] == v) return false;
    }
    return true;
}

/* Which results to store with streaming stores, 16 elements at a time: in
 * fast mode, f32 results of at least PLAN_STREAM_MIN_BYTES that
 * nothing reads afterwards (a program's outputs, written once), when the
 * innermost loop's extent (and, for a row-blocked flat loop, a row) is a
 * multiple of 16, and that share no storage with the kernel's other
 * pointers. A plain store of such a result reads each line into the
 * cache first and evicts what the next kernels want (layernorm: 16.3 ms
 * against 10.0 with streaming stores, on a Xeon). Bit r: result r. */
static uint64_t stream_results(emit_ctx *cx, const ex_kernel *k, const bool *skip, const ex_loop *loops, int n,
                               bool flat) {
    uint64_t bits = 0;
    if (cx->o->strict_order || n == 0 || loops[n - 1].size % STREAM_LANES) return 0;
    if (flat && cx->row_n && cx->row_block * cx->row_elems % STREAM_LANES) return 0;   /* blocks whole vectors */
    for (int r = 0; r < k->ret->nin && r < 64; r++) {
        if (skip && skip[r]) continue;
        const ir_type *t = ec_type(cx, k->fusion->out[r]);
        if (t->dtype != IR_F32 || ir_type_bytes(t) < PLAN_STREAM_MIN_BYTES) continue;
        /* in place (softmax's divide): the lines are in the cache already, and
           a streaming store to one costs its write-back (22 against 27 ms) */
        if (!ec_result_alone(cx, r)) continue;
        if (!unread_after(cx, k->fusion, k->fusion->out[r])) continue;
        bits |= (uint64_t)1 << r;
    }
    return bits;
}

/* Outside row blocking, a kernel with streaming stores prefetches its big
 * operands of the result's element count (read in step with it, elementwise
 * as a rule; a mistaken guess costs bandwidth, never correctness)
 * STREAM_AHEAD elements ahead: the hardware prefetcher alone leaves the
 * loads waiting (gelu: 11.0 against 8.0 ms, on a Xeon). */
enum { STREAM_AHEAD = 1024 };

static uint64_t streamed_operands(emit_ctx *cx, const ex_kernel *k, const ir_type *s) {
    uint64_t bits = 0;
    for (int i = 0; i < k->fusion->nin && i < 64; i++) {
        const ir_type *t = ec_type(cx, k->fusion->in[i]);
        if (ir_type_numel(t) == ir_type_numel(s) && ir_type_bytes(t) >= PLAN_STREAM_MIN_BYTES) bits |= (uint64_t)1 << i;
    }
    return bits;
}

static bool streams(const ex_store_nest *nest, int r) { return r < 64 && (nest->stream >> r & 1); }

void ex_store_nest_open(emit_ctx *cx, const ex_kernel *k, const bool *skip, const ir_type *s, const ex_loop *loops,
                        int n, bool flat, ex_index *ix, ex_store_nest *nest) {
    *nest = (ex_store_nest){.k = k, .n = n, .shape = s};
    nest->stream = stream_results(cx, k, skip, loops, n, flat);
    /* in a row-blocked run, not beside streaming stores: they keep memory
       busy already (layernorm's last kernel, no faster with it) */
    bool row_prefetch = !nest->stream && cx->row_n && cx->row_prefetch && n > 0 &&
                        loops[n - 1].size % STREAM_LANES == 0 && !(flat && cx->row_block * cx->row_elems % STREAM_LANES);
    uint64_t streamed = nest->stream && (!cx->row_n || cx->row_parallel) ? streamed_operands(cx, k, s) : 0;
    nest->lanes = nest->stream || row_prefetch || streamed;
    if (nest->lanes) {   /* the innermost loop steps by 16; a lane loop inside it fills a vector per result */
        cx->inner_step = STREAM_LANES;
        ex_index chunk = *ix;
        nest->chunk_off = ex_offset(cx, s, &chunk);
        for (int d = 0; d < (ix->linear ? 1 : ix->rank); d++)
            if (strcmp(ix->at[d], loops[n - 1].var) == 0) ix->at[d] = ec_str(cx, "(%s + aj_l)", loops[n - 1].var);
        cx->uses_stream |= nest->stream != 0;
    }
    ec_loops_open(cx, loops, n, true);
    if (row_prefetch)
        ex_prefetch(cx, k, nest->chunk_off, STREAM_LANES, cx->row_prefetch, cx->row_block * cx->row_elems,
                    cx->row_n * cx->row_elems);
    if (streamed) ex_prefetch(cx, k, nest->chunk_off, STREAM_LANES, streamed, STREAM_AHEAD, ir_type_numel(s));
    if (!nest->lanes) return;
    for (int r = 0; r < k->ret->nin; r++)
        if (streams(nest, r)) ec_line(cx, "float aj_nt%d[%d] __attribute__((aligned(64)));", r, STREAM_LANES);
    ec_line(cx, "#pragma GCC ivdep");
    /* left a loop for the loop vectoriser: unrolled first, its lanes go
       to the SLP vectoriser, which calls no vector variants (aj_fast_expf
       16 times, scalar) */
    ec_line(cx, "#pragma GCC unroll 1");
    ec_open(cx, "for (int64_t aj_l = 0; aj_l < %d; aj_l++)", STREAM_LANES);
}

void ex_store_nest_results(emit_ctx *cx, const ex_store_nest *nest, const ex_index *ix, const char *const *val) {
    const ex_kernel *k = nest->k;
    const char *off = ex_offset(cx, nest->shape, ix);
    for (int r = 0; r < k->ret->nin && !cx->rc; r++) {
        if (!val[r]) continue;
        if (streams(nest, r)) ec_line(cx, "aj_nt%d[aj_l] = %s;", r, val[r]);
        else ex_store(cx, ec_type(cx, k->ret->in[r])->dtype, k->out[r], off, val[r]);
    }
}

void ex_store_nest_close(emit_ctx *cx, const ex_store_nest *nest) {
    if (nest->lanes) {
        ec_close(cx);
        for (int r = 0; r < nest->k->ret->nin && !cx->rc; r++)
            if (streams(nest, r)) ec_line(cx, "aj_stream_f32x16(&%s[%s], aj_nt%d);", nest->k->out[r], nest->chunk_off, r);
    }
    ec_loops_close(cx, nest->n);
}

void ex_store_nest_fence(emit_ctx *cx, const ex_store_nest *nest) {
    if (nest->stream) ec_line(cx, "aj_stream_fence();");
}

/* A transposing kernel's tiles (tile_loops, the last four of its n loops)
 * through a tile in local memory, when it has one result and stores it
 * plainly: each tile is read in the operand's order (d innermost), then
 * stored in the result's. Walking the tile in either order alone leaves the
 * TILE lines it reuses a power of two apart (rows of 512 f32: 2 KB; on the
 * read side 8 KB), all in one or two sets of the L1 cache, whose 8 ways
 * cannot hold them: each element came from L2 (4 x 2 x 64 x 4 x 512 f32,
 * attention's heads merged back, one thread on a Zen 3: 4.1-5.0 ms untiled,
 * 3.6-4.6 in tiles, 1.3-2.7 through the local tile). */
static bool tile_through_memory(emit_ctx *cx, const ex_kernel *k, const bool *skip, const ir_type *s,
                                const ex_loop *loops, int n, ex_index *ix) {
    if (k->ret->nin != 1 || (skip && skip[0]) || stream_results(cx, k, skip, loops, n, false))
        return false;
    const ex_loop *d = &loops[n - 2], *last = &loops[n - 1];
    ir_dtype t = ec_type(cx, k->ret->in[0])->dtype;
    ec_loops_open(cx, loops, n - 2, false);
    ec_line(cx, "%s aj_tile[%d][%d];", ec_vtype(t), TILE, TILE);
    const char *at = ec_str(cx, "aj_tile[%s - (%s)][%s - (%s)]", last->var, last->from, d->var, d->from);
    ec_loops_open(cx, (ex_loop[]){*last, *d}, 2, true);
    const char *val = ex_value(cx, k->ret->in[0], ix);
    if (val) ec_line(cx, "%s = %s;", at, val);
    ec_loops_close(cx, 2);
    ec_loops_open(cx, (ex_loop[]){*d, *last}, 2, true);
    ex_store(cx, t, k->out[0], ex_offset(cx, s, ix), at);
    ec_loops_close(cx, 2);
    ec_loops_close(cx, n - 2);
    return true;
}

int emit_result_loop(emit_ctx *cx, const ex_kernel *k, const bool *skip) {
    if (check_common_shape(cx, k)) return cx->rc;
    const ir_type *s = ec_type(cx, k->ret->in[0]);
    int nres = k->ret->nin, todo = 0;
    for (int r = 0; r < nres; r++) todo += !(skip && skip[r]);
    if (ir_type_numel(s) == 0 || todo == 0) return cx->rc;
    ex_loop loops[IR_MAX_RANK + 2];
    ex_index ix;
    bool flat = !cx->col_n && is_flat(cx, k);
    int n = shape_loops(cx, s, flat, loops, &ix);
    int untiled = n;
    if (!flat && !cx->col_n) n = tile_loops(cx, k, s, &ix, loops, n);
    if (cx->rc || (n > untiled && tile_through_memory(cx, k, skip, s, loops, n, &ix))) return cx->rc;
    ex_store_nest nest;
    ex_store_nest_open(cx, k, skip, s, loops, n, flat, &ix, &nest);
    const char *val[nres];
    for (int r = 0; r < nres; r++) val[r] = skip && skip[r] ? NULL : ex_value(cx, k->ret->in[r], &ix);
    ex_store_nest_results(cx, &nest, &ix, val);
    ex_store_nest_close(cx, &nest);
    ex_store_nest_fence(cx, &nest);
    return cx->rc;
}

int emit_loop_kernel(emit_ctx *cx, const ex_kernel *k) { return emit_result_loop(cx, k, NULL); }
