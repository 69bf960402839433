/* parse_op_scan.c: chlo.scan, read as the while loop of CHLO's legalization.
 *
 *   %r:K = chlo.scan(%x, ...) inits(%c, ...) dimension=D attributes {is_reverse = B}? {
 *   ^bb0(%x_elt: X', ..., %c_arg: C, ...):
 *     ...
 *     stablehlo.return %y_elt, ..., %c_new, ... : Y', ..., C, ...
 *   } : (X, ..., C, ...) -> (Y, ..., C, ...)
 *
 * Every input X has the same size n along D; X' is X without D. The body
 * runs at positions 0 .. n-1 (n-1 .. 0 when is_reverse) on the inputs'
 * slices there and the carries, giving an element Y' of each output (Y is
 * Y' with D of size n inserted, the element written at that position) and
 * the next carries. The results are the outputs, then the last carries.
 *
 * As read:
 *
 *   while (i = 0, y = zeros(Y), ..., c = init, ...) cond { i < n }
 *   do {
 *     at = is_reverse ? n - 1 - i : i
 *     x_elt = reshape(dynamic_slice(x, 0, .., at, .., 0))      per input
 *     <the body's ops, its arguments naming x_elt ... and c ...>
 *     y' = dynamic_update_slice(y, reshape(y_elt), 0, .., at, .., 0)
 *     return i + 1, y', ..., c_new, ...
 *   }
 *
 * so the scan's results are the while's after i, and the evaluator and the
 * compiler see only ops they know (the body's ops are parsed straight into
 * the loop's body, the label naming values made there). is_associative
 * changes no result and is not read. */
#include <stdio.h>

#include "../util/mem.h"
#include "front_internal.h"

typedef struct scan_form {
    int ninputs, ninits, noutputs;
    int64_t dim, n; /* the scanned dimension and its size */
    bool reverse;
} scan_form;

/* t with dimension dim of size 1. */
static ir_type unit_dim(const ir_type *t, int64_t dim) {
    ir_type r = *t;
    r.dims[dim] = 1;
    return r;
}

static int type_error(parser *p, cursor at, const char *what, const ir_type *have, const ir_type *want) {
    char h[96], w[96];
    ir_type_str(have, h, sizeof h);
    ir_type_str(want, w, sizeof w);
    return fr_error(p, at, "chlo.scan: %s has type %s, expected %s", what, h, w);
}

/* The form's sizes and types against the signature (d->out read). */
static int check_form(parser *p, const op_desc *d, scan_form *s) {
    if (s->ninputs < 1) return fr_error(p, d->at, "chlo.scan needs at least one input");
    if (d->out.n < s->ninits)
        return fr_error(p, d->at, "chlo.scan has %d carries, the signature gives %d results", s->ninits, d->out.n);
    s->noutputs = d->out.n - s->ninits;
    bool quantized = false;
    for (int i = 0; i < d->nin; i++) quantized |= fr_value_quant(p, d->in[i].id) != 0;
    for (int j = 0; j < d->out.n; j++) quantized |= fr_typelist_quant(&d->out, j) != 0;
    if (quantized) return fr_unsupported(p, d->at, "chlo.scan of quantized values is not supported");
    for (int i = 0; i < s->ninputs; i++) {
        const ir_type *x = ir_value_type(p->fn, d->in[i].id);
        if (s->dim < 0 || s->dim >= x->rank)
            return fr_error(p, d->in[i].tok.at, "chlo.scan: dimension %lld is outside input %d's rank %d",
                            (long long)s->dim, i, x->rank);
        if (i == 0) s->n = x->dims[s->dim];
        if (x->dims[s->dim] != s->n)
            return fr_error(p, d->in[i].tok.at, "chlo.scan: input %d has %lld along dimension %lld, input 0 %lld", i,
                            (long long)x->dims[s->dim], (long long)s->dim, (long long)s->n);
    }
    for (int j = 0; j < s->noutputs; j++) {
        const ir_type *y = &d->out.v[j];
        if (s->dim >= y->rank || y->dims[s->dim] != s->n)
            return fr_error(p, d->at, "chlo.scan: output %d must have size %lld along dimension %lld", j,
                            (long long)s->n, (long long)s->dim);
    }
    for (int k = 0; k < s->ninits; k++) {
        const ir_type *c = ir_value_type(p->fn, d->in[s->ninputs + k].id);
        if (!ir_type_eq(c, &d->out.v[s->noutputs + k])) {
            char what[48];
            snprintf(what, sizeof what, "carry result %d", k);
            return type_error(p, d->at, what, &d->out.v[s->noutputs + k], c);
        }
    }
    return 0;
}

static ir_value_id scalar_op(parser *p, const op_desc *d, ir_opcode code, ir_value_id a, ir_value_id b) {
    ir_value_id ab[2] = {a, b};
    ir_type t = *ir_value_type(p->fn, a);
    ir_op *op = fr_aux_op(p, d, code, 2, ab, &t);
    return op ? op->out[0] : -1;
}

/* starts[k]: zero, but `at` along dim (the loop's index operands). */
static int fill_starts(parser *p, const op_desc *d, int rank, int64_t dim, ir_value_id at, ir_value_id *starts) {
    ir_value_id zero = rank > 1 ? fr_scalar_constant(p, d, IR_I64, 0, 0) : -1;
    if (rank > 1 && zero < 0) return -1;
    for (int k = 0; k < rank; k++) starts[k] = k == dim ? at : zero;
    return 0;
}

/* Input x's element at position `at` along dim: X'. */
static ir_value_id slice_at(parser *p, const op_desc *d, ir_value_id x, int64_t dim, ir_value_id at) {
    ir_type t = *ir_value_type(p->fn, x), one = unit_dim(&t, dim), elt = ir_type_without_dim(&t, (int)dim);
    ir_value_id in[1 + IR_MAX_RANK];
    in[0] = x;
    if (fill_starts(p, d, t.rank, dim, at, in + 1)) return -1;
    ir_op *ds = fr_aux_op(p, d, IR_DYNAMIC_SLICE, 1 + t.rank, in, &one);
    if (!ds || ir_ints_set(&ds->a.sizes, one.rank, one.dims)) return ds ? fr_nomem(p) : -1;
    ir_op *r = fr_aux_op(p, d, IR_RESHAPE, 1, &ds->out[0], &elt);
    return r ? r->out[0] : -1;
}

/* y with element e written at position `at` along dim. */
static ir_value_id update_at(parser *p, const op_desc *d, ir_value_id y, ir_value_id e, int64_t dim, ir_value_id at) {
    ir_type t = *ir_value_type(p->fn, y), one = unit_dim(&t, dim);
    ir_op *r = fr_aux_op(p, d, IR_RESHAPE, 1, &e, &one);
    if (!r) return -1;
    ir_value_id in[2 + IR_MAX_RANK] = {y, r->out[0]};
    if (fill_starts(p, d, t.rank, dim, at, in + 2)) return -1;
    ir_op *u = fr_aux_op(p, d, IR_DYNAMIC_UPDATE_SLICE, 2 + t.rank, in, &t);
    return u ? u->out[0] : -1;
}

/* The loop's carried values: the index, the outputs, the carries (their
 * types are the while's results). */
static int add_loop_args(parser *p, ir_op *loop, ir_block *b) {
    for (int i = 0; i < loop->nout; i++) {
        ir_type t = *ir_value_type(p->fn, loop->out[i]);   /* a copy: adding the argument may move the table */
        if (ir_block_add_arg(p->fn, b, &t) < 0) return fr_nomem(p);
    }
    return 0;
}

/* cond: i < n. */
static int build_cond(parser *p, const op_desc *d, const scan_form *s, ir_op *loop) {
    ir_block *b = ir_op_add_region(loop);
    if (!b || add_loop_args(p, loop, b)) return b ? -1 : fr_nomem(p);
    p->block = b;
    ir_value_id n = fr_scalar_constant(p, d, IR_I64, 0, s->n);
    ir_type i1 = ir_type_scalar(IR_I1);
    ir_value_id in[2] = {b->args[0], n};
    ir_op *lt = n < 0 ? NULL : fr_aux_op(p, d, IR_COMPARE, 2, in, &i1);
    if (!lt) return -1;
    lt->a.cmp = IR_CMP_LT;
    lt->a.cmp_type = IR_CMPT_SIGNED;
    return fr_aux_ops(p, d, IR_RETURN, 1, &lt->out[0], 0, NULL) ? 0 : -1;
}

/* The body's own return, taken off the end of b: its operands into *ret. */
static int take_return(parser *p, const op_desc *d, const scan_form *s, ir_block *b, ir_value_id **ret) {
    ir_op *last = b->nops ? b->ops[b->nops - 1] : NULL;
    int want = s->noutputs + s->ninits;
    if (!last || last->code != IR_RETURN || last->nin != want)
        return fr_error(p, d->at, "chlo.scan's region must end in a return of %d value%s", want, want == 1 ? "" : "s");
    for (int j = 0; j < want; j++) {
        const ir_type *have = ir_value_type(p->fn, last->in[j]);
        ir_type elt = j < s->noutputs ? ir_type_without_dim(&d->out.v[j], (int)s->dim) : d->out.v[j];
        if (!ir_type_eq(have, &elt)) {
            char what[48];
            snprintf(what, sizeof what, "the region's returned value %d", j);
            return type_error(p, (cursor){.line = last->loc.line, .col = last->loc.col}, what, have, &elt);
        }
    }
    if (!(*ret = mem_alloc((size_t)want * sizeof **ret))) return fr_nomem(p);
    memcpy(*ret, last->in, (size_t)want * sizeof **ret);
    b->nops--;
    ir_op_free(last);
    return 0;
}

/* do: the slices, the region at `region` over them and the carries, the
 * outputs' updates and the next index. */
static int build_body(parser *p, const op_desc *d, const scan_form *s, ir_op *loop, const pstate *region) {
    ir_block *b = ir_op_add_region(loop);
    if (!b || add_loop_args(p, loop, b)) return b ? -1 : fr_nomem(p);
    p->block = b;
    ir_value_id i = b->args[0], at = i;
    if (s->reverse) {
        ir_value_id last = fr_scalar_constant(p, d, IR_I64, 0, s->n - 1);
        if (last < 0 || (at = scalar_op(p, d, IR_SUBTRACT, last, i)) < 0) return -1;
    }
    int nbound = s->ninputs + s->ninits;
    ir_value_id *bound = mem_alloc((size_t)nbound * sizeof *bound), *ret = NULL;
    if (!bound) return fr_nomem(p);
    int rc = 0;
    for (int k = 0; !rc && k < s->ninputs; k++)
        if ((bound[k] = slice_at(p, d, d->in[k].id, s->dim, at)) < 0) rc = -1;
    for (int k = 0; k < s->ninits; k++) bound[s->ninputs + k] = b->args[1 + s->noutputs + k];
    pstate after = fr_save(p);
    fr_restore(p, region);
    rc = rc || fr_parse_region_over(p, b, bound, nbound) || take_return(p, d, s, b, &ret);
    fr_restore(p, &after);
    mem_free(bound);
    int nnext = 1 + s->noutputs + s->ninits;
    ir_value_id *next_ = rc ? NULL : mem_alloc((size_t)nnext * sizeof *next_);
    if (!rc && !next_) rc = fr_nomem(p);
    ir_value_id one = rc ? -1 : fr_scalar_constant(p, d, IR_I64, 0, 1);
    if (!rc && (one < 0 || (next_[0] = scalar_op(p, d, IR_ADD, i, one)) < 0)) rc = -1;
    for (int j = 0; !rc && j < s->noutputs; j++)
        if ((next_[1 + j] = update_at(p, d, b->args[1 + j], ret[j], s->dim, at)) < 0) rc = -1;
    for (int k = 0; !rc && k < s->ninits; k++) next_[1 + s->noutputs + k] = ret[s->noutputs + k];
    if (!rc && !fr_aux_ops(p, d, IR_RETURN, nnext, next_, 0, NULL)) rc = -1;
    mem_free(ret);
    mem_free(next_);
    return rc;
}

/* The while and its operands; d names its results after the index. */
static int emit_loop(parser *p, op_desc *d, const scan_form *s, const pstate *region, ir_op **op) {
    int n = 1 + d->out.n;
    ir_value_id *in = mem_alloc((size_t)n * sizeof *in);
    ir_type *types = mem_alloc((size_t)n * sizeof *types);
    int rc = in && types ? 0 : fr_nomem(p);
    if (!rc) {
        types[0] = ir_type_scalar(IR_I64);
        memcpy(types + 1, d->out.v, (size_t)d->out.n * sizeof *types);
        in[0] = fr_scalar_constant(p, d, IR_I64, 0, 0);
        rc = in[0] < 0 ? -1 : 0;
    }
    for (int j = 0; !rc && j < s->noutputs; j++) {
        ir_value_id zero = fr_scalar_constant(p, d, d->out.v[j].dtype, 0, 0);
        if (zero < 0 || (in[1 + j] = fr_broadcast_to(p, d, zero, &d->out.v[j], 0, NULL)) < 0) rc = -1;
    }
    for (int k = 0; !rc && k < s->ninits; k++) in[1 + s->noutputs + k] = d->in[s->ninputs + k].id;
    ir_op *loop = rc ? NULL : fr_aux_ops(p, d, IR_WHILE, n, in, n, types);
    mem_free(in);
    mem_free(types);
    if (!loop) return -1;
    ir_block *outer = p->block;
    rc = build_cond(p, d, s, loop) || build_body(p, d, s, loop, region);
    p->block = outer;
    if (rc) return -1;
    d->bind_first = loop->out[1];
    d->bind_count = d->out.n;
    *op = loop;
    return 0;
}

static int read_scan_attrs(parser *p, scan_form *s) {
    attr_list attrs = {0};
    const attr_ref *a;
    int rc = fr_parse_attr_dict(p, &attrs);
    if (!rc && (a = fr_attr_find(&attrs, "is_reverse"))) rc = fr_attr_read_bool(p, a, &s->reverse);
    fr_attr_list_free(&attrs);
    return rc;
}

/* After `chlo.scan`: the form above. The region comes before the signature
 * that gives the results' types, so it is skipped and parsed last. */
int fr_parse_scan(parser *p, op_desc *d, ir_op **op) {
    scan_form s = {0};
    int rc = fr_parse_paren_operands(p, d);
    s.ninputs = d->nin;
    rc = rc || expect_word(p, "inits", "'inits'") || fr_parse_paren_operands(p, d);
    s.ninits = d->nin - s.ninputs;
    rc = rc || expect_word(p, "dimension", "'dimension'") || expect(p, TK_EQUAL, "'=' after 'dimension'") ||
         fr_parse_int64(p, &s.dim, "the scanned dimension");
    if (!rc && accept_word(p, "attributes")) rc = read_scan_attrs(p, &s);
    pstate region = fr_save(p);
    rc = rc || (at(p, TK_LBRACE) ? fr_skip_balanced(p) : fr_expected(p, "'{' before the region"));
    rc = rc || fr_sig_functional(p, d) || check_form(p, d, &s) || emit_loop(p, d, &s, &region, op);
    return rc ? -1 : 0;
}
