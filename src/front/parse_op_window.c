/* parse_op_window.c: convolution's pretty syntax; the window attributes of
 * reduce_window, select_and_scatter and convolution in the generic form. */
#include "../util/mem.h"
#include "front_internal.h"

/* `[[lo, hi], ...]` into a flat list. */
static int parse_pad_pairs(parser *p, ir_ints *out) {
    int64_t v[2 * IR_MAX_RANK];
    int n = 0;
    if (expect(p, TK_LBRACKET, "'[' before the padding")) return -1;
    if (!at(p, TK_RBRACKET)) {
        do {
            if (n == 2 * IR_MAX_RANK) return fr_unsupported(p, p->tok.at, "unsupported padding of rank above %d", IR_MAX_RANK);
            if (expect(p, TK_LBRACKET, "'[' before a padding pair") || fr_parse_int64(p, &v[n], "the low padding") ||
                expect(p, TK_COMMA, "',' in the padding pair") || fr_parse_int64(p, &v[n + 1], "the high padding") ||
                expect(p, TK_RBRACKET, "']' after a padding pair"))
                return -1;
            n += 2;
        } while (accept(p, TK_COMMA));
    }
    if (expect(p, TK_RBRACKET, "']' after the padding")) return -1;
    return ir_ints_set(out, n, v) ? fr_nomem(p) : 0;
}

/* `reverse = [..]` of the pretty window: every entry false (or 0). */
static int parse_no_reversal(parser *p) {
    cursor at_list = p->tok.at;
    bool any = false;
    if (expect(p, TK_LBRACKET, "'[' before the reversal flags")) return -1;
    if (!at(p, TK_RBRACKET)) {
        do {
            int64_t flag = 0;
            if (accept_word(p, "true")) flag = 1;
            else if (!accept_word(p, "false") && fr_parse_int64(p, &flag, "a reversal flag")) return -1;
            any |= flag != 0;
        } while (accept(p, TK_COMMA));
    }
    if (expect(p, TK_RBRACKET, "']' after the reversal flags")) return -1;
    return any ? fr_unsupported(p, at_list, "unsupported convolution window reversal") : 0;
}

/* `{stride = [..], pad = [[..], ..], lhs_dilate = [..], rhs_dilate = [..], reverse = [..]}` */
static int parse_conv_window(parser *p, ir_attrs *a) {
    if (expect(p, TK_LBRACE, "'{' before the window")) return -1;
    if (accept(p, TK_RBRACE)) return 0;
    do {
        int rc;
        if (accept_word(p, "stride")) rc = expect(p, TK_EQUAL, "'='") || fr_parse_int_list(p, &a->win_strides);
        else if (accept_word(p, "pad")) rc = expect(p, TK_EQUAL, "'='") || parse_pad_pairs(p, &a->padding);
        else if (accept_word(p, "lhs_dilate")) rc = expect(p, TK_EQUAL, "'='") || fr_parse_int_list(p, &a->base_dil);
        else if (accept_word(p, "rhs_dilate")) rc = expect(p, TK_EQUAL, "'='") || fr_parse_int_list(p, &a->win_dil);
        else if (accept_word(p, "reverse")) rc = expect(p, TK_EQUAL, "'='") || parse_no_reversal(p);
        else rc = fr_expected(p, "stride, pad, lhs_dilate, rhs_dilate or reverse");
        if (rc) return -1;
    } while (accept(p, TK_COMMA));
    return expect(p, TK_RBRACE, "'}' after the window");
}

/* `(%lhs, %rhs) dim_numbers = [..]x[..]->[..], window = {..} attr-dict? : (A, B) -> R`;
 * the dictionary gives feature_group_count and batch_group_count (default 1). */
int fr_parse_convolution(parser *p, op_desc *d) {
    if (fr_parse_paren_operands(p, d) || expect_word(p, "dim_numbers", "'dim_numbers'") || expect(p, TK_EQUAL, "'='") ||
        fr_parse_conv_dims(p, &d->a))
        return -1;
    if (accept(p, TK_COMMA) &&
        (expect_word(p, "window", "'window'") || expect(p, TK_EQUAL, "'='") || parse_conv_window(p, &d->a)))
        return -1;
    attr_list attrs = {0};
    int rc = fr_parse_optional_attr_dict(p, &attrs) ||
             fr_read_optional_int(p, &attrs, "feature_group_count", 1, &d->a.feature_groups) ||
             fr_read_optional_int(p, &attrs, "batch_group_count", 1, &d->a.batch_groups);
    fr_attr_list_free(&attrs);
    return rc || fr_sig_functional(p, d) ? -1 : 0;
}

/* Reads an optional integer list attribute (absent: left empty). */
static int read_optional_ints(parser *p, const attr_list *attrs, const char *name, ir_ints *out) {
    const attr_ref *a = fr_attr_find(attrs, name);
    return a ? fr_attr_read_ints(p, a, out) : 0;
}

/* reduce_window and select_and_scatter: the window. */
int fr_read_window_attrs(parser *p, op_desc *d, const attr_list *attrs) {
    const attr_ref *a;
    ir_attrs *x = &d->a;
    return !(a = fr_attr_require(p, attrs, "window_dimensions", d->at)) || fr_attr_read_ints(p, a, &x->win_dims) ||
           read_optional_ints(p, attrs, "window_strides", &x->win_strides) ||
           read_optional_ints(p, attrs, "base_dilations", &x->base_dil) ||
           read_optional_ints(p, attrs, "window_dilations", &x->win_dil) ||
           read_optional_ints(p, attrs, "padding", &x->padding);
}

/* window_reversal = [true...] flips the kernel; JAX never emits it. */
static int reject_window_reversal(parser *p, const attr_ref *a, cursor at) {
    ir_ints flips = {0};
    if (fr_attr_read_ints(p, a, &flips)) return -1;
    bool any = false;
    for (int i = 0; i < flips.n; i++) any |= flips.v[i] != 0;
    mem_free(flips.v);
    return any ? fr_unsupported(p, at, "unsupported convolution window_reversal") : 0;
}

/* convolution: dimension numbers, window, groups; precision_config does not
 * change results here. */
int fr_read_conv_attrs(parser *p, op_desc *d, const attr_list *attrs) {
    const attr_ref *a;
    ir_attrs *x = &d->a;
    if (!(a = fr_attr_require(p, attrs, "dimension_numbers", d->at)) || fr_attr_read_conv_dims(p, a, x)) return -1;
    if ((a = fr_attr_find(attrs, "window_reversal")) && reject_window_reversal(p, a, a->name.at)) return -1;
    return read_optional_ints(p, attrs, "window_strides", &x->win_strides) ||
           read_optional_ints(p, attrs, "padding", &x->padding) ||
           read_optional_ints(p, attrs, "lhs_dilation", &x->base_dil) ||
           read_optional_ints(p, attrs, "rhs_dilation", &x->win_dil) ||
           fr_read_optional_int(p, attrs, "feature_group_count", 1, &x->feature_groups) ||
           fr_read_optional_int(p, attrs, "batch_group_count", 1, &x->batch_groups);
}
