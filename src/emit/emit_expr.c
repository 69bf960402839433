/* emit_expr.c: the value of any region value at an index, as C.
 *
 * ex_value walks the region's DAG from the value asked for: a value held in
 * a buffer is loaded; an elementwise op evaluates its operands at the same
 * index and applies the scalar emitter; the index-changing ops map the
 * index and ask for their operand; concatenate branches on the axis index;
 * iota and constants need no operand. Results are memoised per (value,
 * index) in the current scope, so a value used twice at one index is
 * computed once. */
#include <inttypes.h>
#include <string.h>

#include "../util/complex_math.h"
#include "../util/mem.h"
#include "emit_internal.h"

/* ---- the memo ------------------------------------------------------------------- */

static bool index_eq(const ex_index *a, const ex_index *b) {
    if (a->rank != b->rank || a->linear != b->linear) return false;
    for (int i = 0; i < a->rank; i++)
        if (strcmp(a->at[i], b->at[i]) != 0) return false;
    return true;
}

static const char *memo_find(const emit_ctx *cx, ir_value_id v, const ex_index *ix) {
    for (int i = cx->nmemo - 1; i >= 0; i--)
        if (cx->memo[i].v == v && index_eq(&cx->memo[i].ix, ix)) return cx->memo[i].name;
    return NULL;
}

void ex_bind(emit_ctx *cx, ir_value_id v, const ex_index *ix, const char *name) {
    if (cx->rc || !name) return;
    if (mem_grow((void **)&cx->memo, &cx->cap_memo, cx->nmemo + 1, sizeof *cx->memo)) {
        cx->rc = diag_nomem(cx->d);
        return;
    }
    cx->memo[cx->nmemo++] = (ex_memo_entry){v, *ix, name};
}

const char *ex_local(emit_ctx *cx, ir_dtype t, const char *expr) {
    if (!expr || cx->rc) return NULL;
    const char *name = ec_fresh(cx, "t");
    ec_line(cx, "%s %s = %s;", ec_vtype(t), name, expr);
    return name;
}

static bool is_zero(const char *at) { return strcmp(at, "0") == 0; }

/* ---- offsets and loads -------------------------------------------------------------- */

const char *ex_offset(emit_ctx *cx, const ir_type *t, const ex_index *ix) {
    if (ix->linear) return ix->at[0];
    int64_t stride[IR_MAX_RANK + 1];
    stride[t->rank] = 1;
    for (int d = t->rank - 1; d >= 0; d--) stride[d] = stride[d + 1] * t->dims[d];
    sbuf b = {0};
    for (int d = 0; d < t->rank; d++) {
        if (is_zero(ix->at[d])) continue;
        if (b.len) sb_puts(&b, " + ");
        if (stride[d + 1] == 1) sb_puts(&b, ix->at[d]);
        else sb_printf(&b, "%s * %" PRId64, ix->at[d], stride[d + 1]);
    }
    if (b.len == 0 && !b.failed) return "0";
    return ec_take(cx, &b);
}

const char *ex_buffer(emit_ctx *cx, ir_value_id v) {
    if (cx->buffer[v]) cx->buffer_read[v] = true;
    return cx->buffer[v];
}

const char *ex_element(emit_ctx *cx, ir_dtype t, const char *array, const char *offset) {
    if (!array || !offset) return NULL;
    if (t == IR_F16) return ec_str(cx, "aj_f16_to_f32(%s[%s])", array, offset);
    if (t == IR_BF16) return ec_str(cx, "aj_bf16_to_f32(%s[%s])", array, offset);
    if (ec_is_sub_byte(t)) return ec_str(cx, "aj_wrap_%s(%s[%s])", ec_suffix(t), array, offset);   /* its low bits */
    if (ec_is_narrow_float(t)) return ec_str(cx, "aj_%s_to_f32(%s[%s])", ec_suffix(t), array, offset);   /* minifloats */
    return ec_str(cx, "%s[%s]", array, offset);
}

const char *ex_load(emit_ctx *cx, ir_dtype t, const char *array, const char *offset) {
    return ex_local(cx, t, ex_element(cx, t, array, offset));
}

void ex_store(emit_ctx *cx, ir_dtype t, const char *array, const char *offset, const char *value) {
    if (!array || !offset || !value || cx->rc) return;
    if (t == IR_F16) ec_line(cx, "%s[%s] = aj_f32_to_f16(%s);", array, offset, value);
    else if (t == IR_BF16) ec_line(cx, "%s[%s] = aj_f32_to_bf16(%s);", array, offset, value);
    else if (ec_is_sub_byte(t)) ec_line(cx, "%s[%s] = aj_wrap_%s(%s);", array, offset, ec_suffix(t), value);
    else if (ec_is_narrow_float(t)) ec_line(cx, "%s[%s] = aj_%s_bits(%s);", array, offset, ec_suffix(t), value);
    else ec_line(cx, "%s[%s] = %s;", array, offset, value);
}

static const char *load(emit_ctx *cx, ir_value_id v, const ex_index *ix) {
    const ir_type *t = ec_type(cx, v);
    return ex_load(cx, t->dtype, ex_buffer(cx, v), ex_offset(cx, t, ix));
}

/* ---- constants --------------------------------------------------------------------- */

static bool is_splat(const ir_type *t, const void *data) {
    size_t size = ir_dtype_size(t->dtype);
    int64_t n = ir_type_numel(t);
    for (int64_t k = 1; k < n; k++)
        if (memcmp((const char *)data + (size_t)k * size, data, size) != 0) return false;
    return true;
}

/* The elements as their bit patterns, so that NaN payloads and -0 survive:
 * static const union { uint32_t b[N]; float v[N]; } aj_cst12 = {{...}};
 * read-only data (an AOT object keeps it out of RAM), addressed as
 * ((float *)aj_opaque(aj_cst12.v)): GCC 12 with AVX-512 (-march=native on
 * a Cooper Lake) compiles a memcpy of 48 known bytes {2, 2, 0, 0, 5, 4}
 * (int64) as a broadcast of 2 into the first 32; with data it cannot see
 * it copies them. The pointer is not const only for the calls that take
 * one (BLIS's operands); nothing ever writes through it. */
const char *ex_constant_array(emit_ctx *cx, const ir_op *op) {
    ir_value_id v = op->out[0];
    if (cx->buffer[v]) return cx->buffer[v];
    const ir_type *t = ec_type(cx, v);
    size_t size = ir_dtype_size(t->dtype);
    int64_t n = ir_type_numel(t);
    static const char *const bits[] = {NULL, "uint8_t", "uint16_t", NULL, "uint32_t", NULL, NULL, NULL, "uint64_t"};
    const char *name = ec_str(cx, "%scst%d", cx->prefix, v);
    if (!name || !op->a.data || n == 0) return NULL;
    sbuf *b = &cx->decls;
    sb_printf(b, "static const union { %s b[%" PRId64 "]; %s v[%" PRId64 "]; } %s = {{", bits[size], n,
              ec_ctype(t->dtype), n, name);
    for (int64_t k = 0; k < n; k++) {
        uint64_t x = 0;
        memcpy(&x, (const char *)op->a.data + (size_t)k * size, size);   /* little-endian */
        sb_printf(b, "%s0x%" PRIx64 "%s", k % 8 ? " " : "\n    ", x, size == 8 ? "ull," : "u,");
    }
    sb_puts(b, "\n}};\n");
    cx->buffer[v] = ec_str(cx, "((%s *)aj_opaque(%s.v))", ec_ctype(t->dtype), name);
    return cx->buffer[v];
}

static const char *constant_at(emit_ctx *cx, const ir_op *op, const ex_index *ix) {
    const ir_type *t = ec_type(cx, op->out[0]);
    if (ir_type_numel(t) == 0) return "0";    /* never read: the loops over it are empty */
    if (!op->a.data) {
        ec_fail_op(cx, DIAG_INVALID, op, "has no data");
        return NULL;
    }
    if (is_splat(t, op->a.data)) return ec_literal(cx, t->dtype, op->a.data);
    if (!ex_constant_array(cx, op)) return NULL;
    return load(cx, op->out[0], ix);
}

/* ---- index maps: the operand's index for a result index ------------------------------- */

static ex_index index_of_rank(int rank, const char *fill) {
    ex_index ix = {.rank = rank};
    for (int i = 0; i < rank; i++) ix.at[i] = fill;
    return ix;
}

/* A linear index reaches only operands of the same element count or of one
 * element (flat kernels admit nothing else). */
static bool linear_operand_index(emit_ctx *cx, const ir_op *op, const ex_index *ix, ex_index *oix) {
    const ir_type *ot = ec_type(cx, op->in[0]);
    if (op->code == IR_RESHAPE) {
        *oix = *ix;
        return true;
    }
    if (ir_type_numel(ot) == 1) {
        *oix = ot->rank == 0 ? ex_scalar_index() : (ex_index){1, true, {"0"}};
        return true;
    }
    ec_fail_op(cx, DIAG_INVALID, op, "internal: a linear index reached an index map");
    return false;
}

static void broadcast_index(const ir_op *op, const ir_type *ot, const ex_index *ix, ex_index *oix) {
    *oix = index_of_rank(ot->rank, "0");
    for (int i = 0; i < ot->rank; i++)
        if (ot->dims[i] != 1) oix->at[i] = ix->at[op->a.dims.v[i]];
}

static void transpose_index(const ir_op *op, const ex_index *ix, ex_index *oix) {
    *oix = index_of_rank(ix->rank, "0");
    for (int i = 0; i < ix->rank; i++) oix->at[op->a.dims.v[i]] = ix->at[i];
}

static void slice_index(emit_ctx *cx, const ir_op *op, const ex_index *ix, ex_index *oix) {
    *oix = index_of_rank(ix->rank, "0");
    for (int i = 0; i < ix->rank; i++) {
        int64_t start = op->a.start.v[i], stride = op->a.stride.v[i];
        const char *at = ix->at[i];
        if (is_zero(at)) oix->at[i] = start ? ec_str(cx, "%" PRId64, start) : "0";
        else if (stride == 1) oix->at[i] = start ? ec_str(cx, "(%s + %" PRId64 ")", at, start) : at;
        else if (start == 0) oix->at[i] = ec_str(cx, "(%s * %" PRId64 ")", at, stride);
        else oix->at[i] = ec_str(cx, "(%s * %" PRId64 " + %" PRId64 ")", at, stride, start);
    }
}

static void reverse_index(emit_ctx *cx, const ir_op *op, const ir_type *ot, const ex_index *ix, ex_index *oix) {
    *oix = *ix;
    for (int i = 0; i < op->a.dims.n; i++) {
        int64_t d = op->a.dims.v[i];
        if (ot->dims[d] > 1) oix->at[d] = ec_str(cx, "(%" PRId64 " - %s)", ot->dims[d] - 1, ix->at[d]);
    }
}

/* The row-major offset, within a group of dims, of their indices. */
static const char *group_linear(emit_ctx *cx, const ir_type *t, int first, int last, const ex_index *ix) {
    ir_type g = {.dtype = t->dtype, .rank = last - first};
    ex_index gix = {.rank = g.rank};
    for (int d = first; d < last; d++) {
        g.dims[d - first] = t->dims[d];
        gix.at[d - first] = ix->at[d];
    }
    const char *s = ex_offset(cx, &g, &gix);
    return s && strchr(s, ' ') ? ec_str(cx, "(%s)", s) : s;
}

/* reshape: the dims split into groups whose sizes match on both sides (a
 * merge, a split, or the same dim); within a group the result index is
 * linearised and delinearised into the operand's dims, so that / and %
 * appear only where a dim is really split. */
static void reshape_index(emit_ctx *cx, const ir_type *ot, const ir_type *rt, const ex_index *ix, ex_index *oix) {
    *oix = index_of_rank(ot->rank, "0");
    if (ir_type_numel(ot) == 0) return;    /* never evaluated */
    int i = 0, j = 0;
    while (i < rt->rank && j < ot->rank) {
        int gi = i, gj = j;
        int64_t pr = rt->dims[i++], po = ot->dims[j++];
        while (pr != po) {   /* equal element counts end it; the guards only stop bad IR */
            if (pr < po && i < rt->rank) pr *= rt->dims[i++];
            else if (pr > po && j < ot->rank) po *= ot->dims[j++];
            else break;
        }
        while (i < rt->rank && rt->dims[i] == 1) i++;    /* trailing unit dims join the group */
        while (j < ot->rank && ot->dims[j] == 1) j++;
        const char *lin = group_linear(cx, rt, gi, i, ix);
        if (!lin || is_zero(lin)) continue;
        int64_t below = 1;   /* product of the group's operand dims after d */
        for (int d = j - 1; d >= gj; d--) {
            int64_t size = ot->dims[d];
            if (size == 1) continue;
            bool first = below * size == po, last = below == 1;
            if (first && last) oix->at[d] = lin;
            else if (last) oix->at[d] = ec_str(cx, "(%s %% %" PRId64 ")", lin, size);
            else if (first) oix->at[d] = ec_str(cx, "(%s / %" PRId64 ")", lin, below);
            else oix->at[d] = ec_str(cx, "((%s / %" PRId64 ") %% %" PRId64 ")", lin, below, size);
            below *= size;
        }
    }
}

static const char *mapped_at(emit_ctx *cx, const ir_op *op, const ex_index *ix) {
    const ir_type *ot = ec_type(cx, op->in[0]), *rt = ec_type(cx, op->out[0]);
    ex_index oix;
    if (ix->linear) {
        if (!linear_operand_index(cx, op, ix, &oix)) return NULL;
    } else {
        switch (op->code) {
        case IR_BROADCAST_IN_DIM: broadcast_index(op, ot, ix, &oix); break;
        case IR_TRANSPOSE: transpose_index(op, ix, &oix); break;
        case IR_RESHAPE: reshape_index(cx, ot, rt, ix, &oix); break;
        case IR_SLICE: slice_index(cx, op, ix, &oix); break;
        default: reverse_index(cx, op, ot, ix, &oix); break;
        }
    }
    return ex_value(cx, op->in[0], &oix);
}

/* concatenate: "T t; if (i < 4) { t = <operand 0>; } else { t = <operand 1>; }",
 * each operand read at the axis index minus its start. Empty operands are
 * skipped; one non-empty operand needs no branch. */
static const char *concatenate_at(emit_ctx *cx, const ir_op *op, const ex_index *ix) {
    const ir_type *rt = ec_type(cx, op->out[0]);
    int axis = (int)op->a.axis, nonempty = 0, last = -1;
    for (int k = 0; k < op->nin; k++)
        if (ec_type(cx, op->in[k])->dims[axis] > 0) nonempty++, last = k;
    const char *at = ix->at[axis], *name = nonempty > 1 ? ec_fresh(cx, "t") : NULL;
    if (name) ec_line(cx, "%s %s;", ec_vtype(rt->dtype), name);
    int64_t start = 0;
    int opened = 0;
    for (int k = 0; k < op->nin && !cx->rc; k++) {
        int64_t size = ec_type(cx, op->in[k])->dims[axis];
        if (size == 0) continue;
        ex_index kix = *ix;
        kix.at[axis] = size == 1 ? "0" : start == 0 ? at : ec_str(cx, "(%s - %" PRId64 ")", at, start);
        start += size;
        if (!name) return ex_value(cx, op->in[k], &kix);
        if (k == last) ec_reopen(cx, "else");
        else if (opened++) ec_reopen(cx, "else if (%s < %" PRId64 ")", at, start);
        else ec_open(cx, "if (%s < %" PRId64 ")", at, start);
        const char *x = ex_value(cx, op->in[k], &kix);
        if (x) ec_line(cx, "%s = %s;", name, x);
    }
    if (name) ec_close(cx);
    return cx->rc ? NULL : name;
}

/* bitcast_convert between widths (little-endian, as the evaluator's byte
 * copy): a wide operand element splits along the result's last dim, part k
 * being bits [k w, (k + 1) w) of it; narrow operand elements along their
 * last dim join, element j giving bits [j w, (j + 1) w). */
static const char *bitcast_resize_at(emit_ctx *cx, const ir_op *op, const ex_index *ix) {
    const ir_type *ot = ec_type(cx, op->in[0]), *rt = ec_type(cx, op->out[0]);
    int ow = 8 * (int)ir_dtype_size(ot->dtype), rw = 8 * (int)ir_dtype_size(rt->dtype);
    ex_index oix = *ix;
    if (ow > rw) {   /* split: the operand index drops the last dim */
        oix.rank--;
        const char *x = es_bits(cx, ot->dtype, ex_value(cx, op->in[0], &oix));
        if (!x) return NULL;
        const char *part = ec_str(cx, "(%s >> (%s * %d))", x, ix->at[ix->rank - 1], rw);
        return ex_local(cx, rt->dtype, es_from_bits(cx, rt->dtype, part));
    }
    const char *acc = ec_fresh(cx, "bits");
    ec_line(cx, "uint64_t %s = 0;", acc);
    oix.rank++;
    for (int j = 0; j < rw / ow && !cx->rc; j++) {
        oix.at[oix.rank - 1] = ec_str(cx, "%d", j);
        const char *x = es_bits(cx, ot->dtype, ex_value(cx, op->in[0], &oix));
        if (x) ec_line(cx, "%s |= %s << %d;", acc, x, j * ow);
    }
    return cx->rc ? NULL : ex_local(cx, rt->dtype, es_from_bits(cx, rt->dtype, acc));
}

/* ---- data-dependent index maps: dynamic_slice, pad, gather ------------------------------ */

const char *ex_index_sum(emit_ctx *cx, const char *a, const char *b) {
    if (is_zero(a)) return b;
    if (is_zero(b)) return a;
    return ec_str(cx, "(%s + %s)", a, b);
}

const char *ex_index_value(emit_ctx *cx, ir_value_id v, const ex_index *at, bool clamp, int64_t hi) {
    const char *x = ex_value(cx, v, at);
    if (!x) return NULL;
    const char *s = ex_local(cx, IR_I64, ec_str(cx, "(int64_t)(%s)", x));
    if (!clamp || !s) return s;
    return ex_local(cx, IR_I64, ec_str(cx, "(%s < 0 ? 0 : %s > %" PRId64 " ? %" PRId64 " : %s)", s, s, hi, hi, s));
}

static const char *dynamic_slice_at(emit_ctx *cx, const ir_op *op, const ex_index *ix) {
    const ir_type *xt = ec_type(cx, op->in[0]), *rt = ec_type(cx, op->out[0]);
    ex_index scalar = ex_scalar_index(), oix = index_of_rank(xt->rank, "0");
    for (int d = 0; d < xt->rank; d++) {
        const char *s = ex_index_value(cx, op->in[1 + d], &scalar, true, xt->dims[d] - rt->dims[d]);
        if (!s) return NULL;
        if (xt->dims[d] != 1) oix.at[d] = ex_index_sum(cx, s, ix->at[d]);
    }
    return ex_value(cx, op->in[0], &oix);
}

/* pad: result index i of a dim reads operand index (i - low) / step when
 * that is whole and inside, else the padding value:
 * "T t; if (inside) { t = <operand>; } else { t = <padding>; }". */
static const char *pad_at(emit_ctx *cx, const ir_op *op, const ex_index *ix) {
    const ir_type *xt = ec_type(cx, op->in[0]), *rt = ec_type(cx, op->out[0]);
    const ir_attrs *a = &op->a;
    ex_index scalar = ex_scalar_index(), oix = index_of_rank(xt->rank, "0");
    sbuf inside = {0};
    for (int d = 0; d < xt->rank; d++) {
        int64_t low = a->low.v[d], step = a->interior.v[d] + 1, n = xt->dims[d];
        const char *at = ix->at[d];
        if (low == 0 && step == 1 && n == rt->dims[d]) {   /* nothing added or cut in this dim */
            oix.at[d] = at;
            continue;
        }
        const char *q = low == 0 ? at : ec_str(cx, "(%s - %" PRId64 ")", at, low);
        if (step == 1) {
            sb_printf(&inside, "%s(uint64_t)%s < %" PRId64 "u", inside.len ? " && " : "", q, n);
            if (n != 1) oix.at[d] = q;
        } else {
            sb_printf(&inside, "%s%s >= 0 && %s %% %" PRId64 " == 0 && %s / %" PRId64 " < %" PRId64,
                      inside.len ? " && " : "", q, q, step, q, step, n);
            if (n != 1) oix.at[d] = ec_str(cx, "(%s / %" PRId64 ")", q, step);
        }
    }
    if (!inside.len) return ex_value(cx, op->in[0], &oix);
    const char *cond = ec_take(cx, &inside), *pv = ex_value(cx, op->in[1], &scalar);
    const char *name = ec_fresh(cx, "t");
    ec_line(cx, "%s %s = %s;", ec_vtype(rt->dtype), name, pv ? pv : "0");
    ec_open(cx, "if (%s)", cond);
    const char *x = ex_value(cx, op->in[0], &oix);
    if (x) ec_line(cx, "%s = %s;", name, x);
    ec_close(cx);
    return cx->rc ? NULL : name;
}

static bool listed(const ir_ints *l, int64_t d) {
    for (int i = 0; i < l->n; i++)
        if (l->v[i] == d) return true;
    return false;
}

bool ex_gather_index(emit_ctx *cx, const ir_op *op, int x, int indices, const ex_index *ix, bool clamp,
                     ex_index *pos, unsigned *started) {
    const ir_attrs *a = &op->a;
    const ir_type *xt = ec_type(cx, op->in[x]), *it = ec_type(cx, op->in[indices]);
    int batch[IR_MAX_RANK], wdims[IR_MAX_RANK], nb = 0, nw = 0;
    for (int d = 0; d < ix->rank; d++)
        if (!listed(&a->window, d)) batch[nb++] = d;
    for (int d = 0; d < xt->rank; d++)
        if (!listed(&a->collapsed, d) && !listed(&a->op_batch, d)) wdims[nw++] = d;
    int64_t ivd = a->axis_b;
    ex_index iix = index_of_rank(it->rank, "0");
    for (int d = 0, b = 0; d < it->rank; d++)
        if (d != ivd) iix.at[d] = ix->at[batch[b++]];
    *pos = index_of_rank(xt->rank, "0");
    *started = 0;
    for (int k = 0; k < a->index_map.n; k++) {
        int64_t d = a->index_map.v[k];
        if (ivd < it->rank && it->dims[ivd] != 1) iix.at[ivd] = ec_str(cx, "%d", k);
        const char *s = ex_index_value(cx, op->in[indices], &iix, clamp, clamp ? xt->dims[d] - a->sizes.v[d] : 0);
        if (!s) return false;
        pos->at[d] = s;
        *started |= 1u << d;
    }
    for (int i = 0; i < a->op_batch.n; i++) {
        int64_t ds = a->ix_batch.v[i];
        pos->at[a->op_batch.v[i]] = ex_index_sum(cx, pos->at[a->op_batch.v[i]], ix->at[batch[ds < ivd ? ds : ds - 1]]);
    }
    for (int i = 0; i < a->window.n && i < nw; i++)
        pos->at[wdims[i]] = ex_index_sum(cx, pos->at[wdims[i]], ix->at[a->window.v[i]]);
    for (int d = 0; d < xt->rank; d++)   /* clamped, a start in a dim of size 1 is 0 */
        if (xt->dims[d] == 1 && (clamp || !(*started >> d & 1))) pos->at[d] = "0";
    return true;
}

static const char *gather_at(emit_ctx *cx, const ir_op *op, const ex_index *ix) {
    ex_index pos;
    unsigned started;
    if (!ex_gather_index(cx, op, 0, 1, ix, true, &pos, &started)) return NULL;
    return ex_value(cx, op->in[0], &pos);
}

/* ---- ops at an index ------------------------------------------------------------------ */

/* An operand of an elementwise op: at the same index, or nowhere if it is a
 * scalar (select's predicate, clamp's bounds). */
static const char *operand_at(emit_ctx *cx, const ir_op *op, int i, const ex_index *ix) {
    if (ec_type(cx, op->in[i])->rank == 0 && ec_type(cx, op->out[0])->rank != 0) {
        ex_index scalar = ex_scalar_index();
        return ex_value(cx, op->in[i], &scalar);
    }
    return ex_value(cx, op->in[i], ix);
}

static const char *iota_at(emit_ctx *cx, const ir_op *op, const ex_index *ix) {
    ir_dtype t = ec_type(cx, op->out[0])->dtype;
    if (ix->linear) {
        ec_fail_op(cx, DIAG_INVALID, op, "internal: iota in a flat kernel");
        return NULL;
    }
    return ex_local(cx, t, es_convert(cx, IR_I64, t, ix->at[op->a.axis]));
}

static const char *select_at(emit_ctx *cx, const ir_op *op, const ex_index *ix) {
    const char *p = operand_at(cx, op, 0, ix), *a = operand_at(cx, op, 1, ix), *b = operand_at(cx, op, 2, ix);
    if (!p || !a || !b) return NULL;
    return ex_local(cx, ec_type(cx, op->out[0])->dtype, ec_str(cx, "(%s ? %s : %s)", p, a, b));
}

/* clamp(lo, x, hi) = minimum(maximum(x, lo), hi), as the evaluator orders it. */
static const char *clamp_at(emit_ctx *cx, const ir_op *op, const ex_index *ix) {
    ir_dtype t = ec_type(cx, op->out[0])->dtype;
    const char *lo = operand_at(cx, op, 0, ix), *x = operand_at(cx, op, 1, ix), *hi = operand_at(cx, op, 2, ix);
    const char *m = ex_local(cx, t, es_binary(cx, op, IR_MAXIMUM, t, x, lo));
    return ex_local(cx, t, es_binary(cx, op, IR_MINIMUM, t, m, hi));
}

/* Fast mode: is v a broadcast computed in the kernel (not a buffer) that does
 * not vary along the last dimension, the innermost loop? Then a / v can be
 * a * (1 / v), the reciprocal hoisted out of the loop (<= 1.5 ULP). */
static bool invariant_in_last_dim(const emit_ctx *cx, ir_value_id v, int rank) {
    const ir_op *def = cx->f->values[v].def;
    if (cx->buffer[v] || !def || def->code != IR_BROADCAST_IN_DIM || rank < 1) return false;
    const ir_type *ot = ec_type(cx, def->in[0]);
    for (int i = 0; i < ot->rank; i++)
        if (ot->dims[i] != 1 && def->a.dims.v[i] == rank - 1) return false;
    return true;
}

static const char *elementwise_at(emit_ctx *cx, const ir_op *op, const ex_index *ix) {
    ir_dtype in = ec_type(cx, op->in[0])->dtype, out = ec_type(cx, op->out[0])->dtype;
    const char *a = operand_at(cx, op, 0, ix);
    switch (op->code) {
    case IR_CONVERT: return ex_local(cx, out, es_convert(cx, in, out, a));
    case IR_BITCAST_CONVERT: return ex_local(cx, out, es_bitcast(cx, in, out, a));
    case IR_REDUCE_PRECISION: return ex_local(cx, out, es_reduce_precision(cx, op, in, a));
    case IR_COMPARE: return ex_local(cx, IR_I1, es_compare(cx, op, in, a, operand_at(cx, op, 1, ix)));
    case IR_DIVIDE:
        if (in == IR_F32 && !cx->o->strict_order && !ix->linear && invariant_in_last_dim(cx, op->in[1], ix->rank)) {
            const char *b = operand_at(cx, op, 1, ix);
            return b ? ex_local(cx, out, ec_str(cx, "(%s * (1.0f / %s))", a, b)) : NULL;
        }
        break;
    default: break;
    }
    if (ir_op_kind_of(op->code) == IR_KIND_UNARY) return ex_local(cx, out, es_unary(cx, op, op->code, in, a));
    return ex_local(cx, out, es_binary(cx, op, op->code, in, a, operand_at(cx, op, 1, ix)));
}

/* The prelude's function computing a part of complex function fn (src/util/complex_math.h). */
static const char *complex_part_function(ir_opcode fn) {
    switch (fn) {
#define EX_FN(name, expr) case IR_##name: return "aj_cfn_" #name;
    AJ_COMPLEX_UNARY_LIST(EX_FN)
    AJ_COMPLEX_BINARY_LIST(EX_FN)
#undef EX_FN
    default: return NULL;
    }
}

/* aj_cfn_FN(re, im[, re2, im2], imag), computed in double, rounded once to the part's type. */
static const char *complex_part_at(emit_ctx *cx, const ir_op *op, const ex_index *ix) {
    const char *fn = complex_part_function(op->a.complex_fn), *args = "";
    if (!fn || op->nin != ir_complex_part_arity(op->a.complex_fn)) {
        ec_fail_op(cx, DIAG_INVALID, op, "not a function of %d complex parts", op->nin);
        return NULL;
    }
    for (int i = 0; i < op->nin; i++) {
        const char *x = operand_at(cx, op, i, ix);
        if (!x) return NULL;
        args = ec_str(cx, "%s%s, ", args, x);
    }
    ir_dtype t = ec_type(cx, op->out[0])->dtype;
    return ex_local(cx, t, ec_str(cx, "(%s)%s(%s%d)", ec_ctype(t), fn, args, op->a.complex_imag ? 1 : 0));
}

static const char *op_at(emit_ctx *cx, const ir_op *op, const ex_index *ix) {
    for (int i = 0; i < op->nout; i++)
        if (!ec_dtype_ok(ec_type(cx, op->out[i])->dtype)) {
            ec_fail_op(cx, DIAG_UNSUPPORTED, op, "element type %s", ir_dtype_name(ec_type(cx, op->out[i])->dtype));
            return NULL;
        }
    switch (op->code) {
    case IR_CONSTANT: return constant_at(cx, op, ix);
    case IR_IOTA: return iota_at(cx, op, ix);
    case IR_BROADCAST_IN_DIM: case IR_TRANSPOSE: case IR_RESHAPE: case IR_SLICE: case IR_REVERSE:
        return mapped_at(cx, op, ix);
    case IR_CONCATENATE:
        if (ix->linear) break;
        return concatenate_at(cx, op, ix);
    case IR_DYNAMIC_SLICE:
        if (ix->linear) break;
        return dynamic_slice_at(cx, op, ix);
    case IR_PAD:
        if (ix->linear) break;
        return pad_at(cx, op, ix);
    case IR_GATHER:
        if (ix->linear) break;
        return gather_at(cx, op, ix);
    case IR_SELECT: return select_at(cx, op, ix);
    case IR_CLAMP: return clamp_at(cx, op, ix);
    case IR_COMPLEX_PART: return complex_part_at(cx, op, ix);
    case IR_DOT_GENERAL:
        if (ix->linear) break;
        return ex_dot_inline(cx, op, ix);
    case IR_REDUCE:
        ec_fail_op(cx, DIAG_UNSUPPORTED, op, "a reduce result is read where the kernel has not computed it "
                                             "(only a reduce kernel computes reductions, at their kept index)");
        return NULL;
    case IR_CONVERT: case IR_COMPARE: case IR_REDUCE_PRECISION: return elementwise_at(cx, op, ix);
    case IR_BITCAST_CONVERT:
        if (ir_type_same_shape(ec_type(cx, op->in[0]), ec_type(cx, op->out[0]))) return elementwise_at(cx, op, ix);
        if (ix->linear) break;
        return bitcast_resize_at(cx, op, ix);
    default:
        if (ir_op_kind_of(op->code) == IR_KIND_UNARY || ir_op_kind_of(op->code) == IR_KIND_BINARY)
            return elementwise_at(cx, op, ix);
        ec_fail_op(cx, DIAG_UNSUPPORTED, op, "cannot appear inside a kernel");
        return NULL;
    }
    ec_fail_op(cx, DIAG_INVALID, op, "internal: needs a multidimensional index");
    return NULL;
}

const char *ex_value(emit_ctx *cx, ir_value_id v, const ex_index *ix) {
    if (cx->rc) return NULL;
    const char *name = memo_find(cx, v, ix);
    if (name) return name;
    const ir_value *val = &cx->f->values[v];
    if (cx->buffer[v]) name = load(cx, v, ix);
    else if (val->def && cx->depth >= EX_MAX_DEPTH)
        ec_fail_op(cx, DIAG_UNSUPPORTED, val->def, "is more than %d ops deep in one expression (a region's "
                                                   "chain of ops is too long to compile)", EX_MAX_DEPTH);
    else if (val->def) {
        cx->depth++;
        name = op_at(cx, val->def, ix);
        cx->depth--;
    } else ec_fail(cx, DIAG_INVALID, "value %%%d is read inside a kernel but is neither a kernel argument "
                                   "nor defined inside it", v);
    if (name) ex_bind(cx, v, ix, name);
    return cx->rc ? NULL : name;
}

/* ---- reducer regions --------------------------------------------------------------------- */

/* The reducer "return op(arg_i, arg_j)": its op, else NULL. */
static const ir_op *single_op_reducer(const ir_block *body) {
    if (body->nops != 2 || body->nargs != 2) return NULL;
    const ir_op *op = body->ops[0], *ret = body->ops[1];
    if (ret->nin != 1 || op->nout != 1 || ret->in[0] != op->out[0] || op->nin != 2) return NULL;
    for (int i = 0; i < 2; i++)
        if (op->in[i] != body->args[0] && op->in[i] != body->args[1]) return NULL;
    ir_op_kind k = ir_op_kind_of(op->code);
    return k == IR_KIND_BINARY ? op : NULL;
}

void ex_apply_reducer(emit_ctx *cx, const ir_block *body, int n, const char *const *acc, const char *const *x) {
    ex_index scalar = ex_scalar_index();
    const ir_op *ret = body->ops[body->nops - 1], *single = single_op_reducer(body);
    if (single) {   /* "acc = acc + x;" */
        const char *a = single->in[0] == body->args[0] ? acc[0] : x[0];
        const char *b = single->in[1] == body->args[0] ? acc[0] : x[0];
        const char *e = es_binary(cx, single, single->code, ec_type(cx, single->in[0])->dtype, a, b);
        if (e) ec_line(cx, "%s = %s;", acc[0], e);
        return;
    }
    ec_block(cx);
    for (int i = 0; i < n; i++) {
        ex_bind(cx, body->args[i], &scalar, acc[i]);
        ex_bind(cx, body->args[n + i], &scalar, x[i]);
    }
    const char *next[IR_MAX_RANK * 4];
    for (int i = 0; i < n && !cx->rc; i++) {
        next[i] = ex_value(cx, ret->in[i], &scalar);
        /* several accumulators change together: read every old one first */
        if (n > 1 && next[i]) next[i] = ex_local(cx, ec_type(cx, ret->in[i])->dtype, next[i]);
    }
    for (int i = 0; i < n && !cx->rc; i++) ec_line(cx, "%s = %s;", acc[i], next[i]);
    ec_close(cx);
}

/* ---- walking the ops a kernel computes ------------------------------------------------------ */

/* A post-order walk with an explicit stack (a kernel's expression may be
 * deep): each op is visited after the ops computing its operands. */
typedef struct walk_frame {
    const ir_op *op;
    int next;       /* the operand to look at next */
} walk_frame;

/* Pushes the op defining v when the walk has still to visit it; false when
 * that op has no result (the walk fails). An op is marked by its first
 * result's walk_mark. */
static bool push_def(emit_ctx *cx, walk_frame *stack, int *top, ir_value_id v) {
    const ir_op *op = cx->f->values[v].def;
    if (!op || cx->buffer[v]) return true;
    if (op->nout == 0) return false;
    if (cx->walk_mark[op->out[0]] == cx->walk_gen) return true;
    cx->walk_mark[op->out[0]] = cx->walk_gen;
    stack[(*top)++] = (walk_frame){op, 0};
    return true;
}

static bool walk_from(emit_ctx *cx, walk_frame *stack, ir_value_id root, ex_op_visit visit, void *ctx) {
    int top = 0;
    if (!push_def(cx, stack, &top, root)) return false;
    while (top > 0) {
        walk_frame *fr = &stack[top - 1];
        if (fr->next < fr->op->nin) {
            if (!push_def(cx, stack, &top, fr->op->in[fr->next++])) return false;
            continue;
        }
        top--;
        if (!visit(cx, fr->op, ctx)) return false;
    }
    return true;
}

/* Walks do not nest (no visitor walks), so one table of marks serves them
 * all: a walk marks with a number of its own and clears nothing, where a
 * table zeroed per walk cost each kernel time in the function's size (a
 * 10^5-op --no-fusion program: seconds in memset). */
bool ex_walk_ops(emit_ctx *cx, const ir_block *region, ex_op_visit visit, void *ctx) {
    if (!cx->walk_mark) cx->walk_mark = mem_calloc((size_t)cx->f->nvalues + 1, sizeof *cx->walk_mark);
    /* an op is pushed once: at most nvalues frames */
    walk_frame *stack = mem_alloc(sizeof *stack * (size_t)(cx->f->nvalues + 1));
    bool ok = cx->walk_mark && stack;
    if (!ok && !cx->rc) cx->rc = diag_nomem(cx->d);
    cx->walk_gen++;
    const ir_op *ret = region->ops[region->nops - 1];
    for (int i = 0; i < ret->nin && ok; i++) ok = walk_from(cx, stack, ret->in[i], visit, ctx);
    mem_free(stack);
    return ok;
}

/* ---- prefetching ---------------------------------------------------------------------- */

void ex_prefetch(emit_ctx *cx, const ex_kernel *k, const char *off, int64_t chunk, uint64_t operands, int64_t ahead,
                 int64_t total) {
    for (int i = 0; i < k->fusion->nin && i < 64; i++) {
        if (!(operands >> i & 1)) continue;
        const char *a = cx->buffer[k->region->args[i]];
        size_t elem = ir_dtype_size(ec_type(cx, k->fusion->in[i])->dtype);
        if (!a || elem == 0) continue;
        int64_t step = elem >= 64 ? 1 : (int64_t)(64 / elem), lines = chunk / step;
        if (lines < 1) lines = 1;
        ec_line(cx, "if (%s + %" PRId64 " < %" PRId64 ") {", off, ahead, total);
        for (int64_t m = 0; m < lines; m++)
            ec_line(cx, "    __builtin_prefetch(&%s[%s + %" PRId64 "]);", a, off, ahead + m * step);
        ec_line(cx, "}");
    }
}
