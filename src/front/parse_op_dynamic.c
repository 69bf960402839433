/* parse_op_dynamic.c: the dynamic-shape ops whose shape operands are
 * constants, read as the static ops they then are (the result types are
 * static, so the constants can only restate them):
 *
 *   dynamic_iota(shape) {iota_dimension}       iota; shape = the result's dims
 *   dynamic_broadcast_in_dim(x, output_dims)   broadcast_in_dim; output_dims
 *     {broadcast_dimensions, known_*}          = the result's dims (the known_*
 *                                              hints change nothing)
 *   dynamic_pad(x, value, low, high, interior) pad with those paddings
 *   dynamic_conv(lhs, rhs, padding) {conv}     convolution with padding, an
 *                                              [N, 2] tensor of (low, high)
 *
 * Pretty forms: `%shape, dim = D : (S) -> R` (dynamic_iota), `%a, %b, ... :
 * (A, B, ...) -> R` (dynamic_pad); the others are generic only. A shape
 * operand that is not a constant of this function is DIAG_UNSUPPORTED:
 * shapes must be known at compile time. */
#include <string.h>

#include "front_internal.h"

/* Element i of integer data of type t, as an int64. */
static int64_t int_at(ir_dtype t, const void *data, int64_t i) {
    size_t size = ir_dtype_size(t);
    uint64_t u = 0;
    memcpy(&u, (const unsigned char *)data + (size_t)i * size, size);   /* little-endian */
    int bits = 8 * (int)size;
    if (ir_dtype_is_unsigned(t) || bits == 64) return (int64_t)u;
    uint64_t sign = UINT64_C(1) << (bits - 1);
    return (int64_t)((u ^ sign) - sign);
}

/* The integer constant that operand k is, as `want` int64s (its element
 * count must be that). */
static int constant_ints(parser *p, const op_desc *d, int k, const char *what, int64_t want, int64_t *out) {
    if (k >= d->nin) return fr_error(p, d->at, "%s: missing operand %d (%s)", ir_op_name(d->code), k, what);
    const ir_value *v = &p->fn->values[d->in[k].id];
    const ir_type *t = &v->type;
    if (!v->def || v->def->code != IR_CONSTANT || !v->def->a.data)
        return fr_unsupported(p, d->in[k].tok.at, "unsupported %s operand that is not a constant (shapes must be known "
                                                   "at compile time)", what);
    if (!ir_dtype_is_int(t->dtype) || ir_type_numel(t) != want)
        return fr_error(p, d->in[k].tok.at, "%s: expected %lld integers, got %s", what, (long long)want,
                        ir_dtype_is_int(t->dtype) ? "another count" : "a tensor of another element type");
    for (int64_t i = 0; i < want; i++) out[i] = int_at(t->dtype, v->def->a.data, i);
    return 0;
}

/* A shape operand must restate the static result type. */
static int shape_is_result(parser *p, op_desc *d, int k) {
    if (d->out.n != 1) return fr_error(p, d->at, "%s has 1 result, the signature gives %d", ir_op_name(d->code), d->out.n);
    const ir_type *r = &d->out.v[0];
    int64_t dims[IR_MAX_RANK];
    if (constant_ints(p, d, k, "output shape", r->rank, dims)) return -1;
    for (int i = 0; i < r->rank; i++)
        if (dims[i] != r->dims[i])
            return fr_error(p, d->in[k].tok.at, "the output shape's dimension %d is %lld, the result type's %lld", i,
                            (long long)dims[i], (long long)r->dims[i]);
    return 0;
}

static int operand_rank(parser *p, const op_desc *d) {
    return d->nin ? ir_value_type(p->fn, d->in[0].id)->rank : 0;
}

static int set_pad(parser *p, op_desc *d) {
    int r = operand_rank(p, d);
    int64_t v[3][IR_MAX_RANK];
    static const char *const what[3] = {"edge_padding_low", "edge_padding_high", "interior_padding"};
    for (int i = 0; i < 3; i++)
        if (constant_ints(p, d, 2 + i, what[i], r, v[i])) return -1;
    if (ir_ints_set(&d->a.low, r, v[0]) || ir_ints_set(&d->a.high, r, v[1]) || ir_ints_set(&d->a.interior, r, v[2]))
        return fr_nomem(p);
    return 0;
}

static int set_conv_padding(parser *p, op_desc *d) {
    int spatial = d->a.conv_lhs.n - 2;
    if (spatial < 0) return fr_error(p, d->at, "stablehlo.dynamic_conv: no dimension numbers");
    int64_t pad[2 * IR_MAX_RANK];
    if (constant_ints(p, d, 2, "padding", 2 * (int64_t)spatial, pad)) return -1;
    return ir_ints_set(&d->a.padding, 2 * spatial, pad) ? fr_nomem(p) : 0;
}

int fr_lower_dynamic(parser *p, op_desc *d) {
    static const int operands[] = {[IR_IOTA] = 1, [IR_BROADCAST_IN_DIM] = 2, [IR_PAD] = 5, [IR_CONVOLUTION] = 3};
    static const int kept[] = {[IR_IOTA] = 0, [IR_BROADCAST_IN_DIM] = 1, [IR_PAD] = 2, [IR_CONVOLUTION] = 2};
    if (d->nin != operands[d->code])
        return fr_error(p, d->at, "dynamic %s takes %d operands, found %d", ir_op_name(d->code), operands[d->code],
                        d->nin);
    int rc;
    switch (d->code) {
    case IR_IOTA: rc = shape_is_result(p, d, 0); break;
    case IR_BROADCAST_IN_DIM: rc = shape_is_result(p, d, 1); break;
    case IR_PAD: rc = set_pad(p, d); break;
    default: rc = set_conv_padding(p, d); break;
    }
    if (!rc) d->nin = kept[d->code];   /* the constants stay in the function, unused */
    return rc;
}

int fr_parse_dynamic(parser *p, op_desc *d) {
    if (d->code == IR_BROADCAST_IN_DIM || d->code == IR_CONVOLUTION)
        return fr_error(p, d->at, "stablehlo.dynamic_%s has only the generic form here",
                        d->code == IR_CONVOLUTION ? "conv" : "broadcast_in_dim");
    if (fr_parse_operands(p, d)) return -1;
    if (d->code == IR_IOTA &&
        (expect(p, TK_COMMA, "',' before 'dim'") || fr_parse_named_int(p, "dim", &d->a.axis)))
        return -1;
    return fr_skip_attr_dict(p) || fr_sig_functional(p, d) || fr_lower_dynamic(p, d);
}
