/* print_ops.c: each op's own text: the pretty form of every op that has
 * one (elementwise, shape, dot_general, reduce, index, call, return,
 * checks), which opcode prints with which, and the properties <{...}> that
 * the generic form carries (gather/scatter dimension numbers, windows,
 * convolution, sort, fusion, linear algebra). print.c decides between the
 * pretty and the generic form and prints the latter's frame. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "print_internal.h"

/* ---- ops: pretty forms and generic properties ---------------------------- */

static void print_constant(printer *p, const ir_op *op) {
    fprintf(p->out, "%s ", ir_op_name(op->code));
    const ir_type *t = &p->f->values[op->out[0]].type;
    pr_print_dense(p, t, op->a.data);
    fputs(" : ", p->out);
    pr_print_type(p, t);
}

static void print_iota(printer *p, const ir_op *op) {
    fprintf(p->out, "%s dim = %lld : ", ir_op_name(op->code), (long long)op->a.axis);
    pr_print_value_type(p, op->out[0]);
}

/* "name %a, %b" */
static void print_name_and_operands(const printer *p, const ir_op *op) {
    fprintf(p->out, "%s ", ir_op_name(op->code));
    pr_print_refs(p, op->in, op->nin);
}

/* reshape, convert: "name %a : (T) -> R" */
static void print_with_functional_type(printer *p, const ir_op *op) {
    print_name_and_operands(p, op);
    fputs(" : ", p->out);
    pr_print_functional_type(p, op);
}

/* elementwise, clamp: "name %a, %b : T" */
static void print_with_op_type(printer *p, const ir_op *op) {
    print_name_and_operands(p, op);
    fputs(" : ", p->out);
    pr_print_op_type(p, op);
}

/* CHLO's elementwise ops, as CHLO prints them: "chlo.sinh %a : T -> R",
 * "chlo.next_after %a, %b : T, T -> R" */
static void print_chlo(printer *p, const ir_op *op) {
    print_name_and_operands(p, op);
    fputs(" : ", p->out);
    pr_print_value_types(p, op->in, op->nin);
    fputs(" -> ", p->out);
    pr_print_value_type(p, op->out[0]);
}

/* broadcast_in_dim, transpose: "name %a, dims = [..] : (T) -> R" */
static void print_with_dims(printer *p, const ir_op *op) {
    print_name_and_operands(p, op);
    fputs(", dims = ", p->out);
    pr_print_ints(p, &op->a.dims);
    fputs(" : ", p->out);
    pr_print_functional_type(p, op);
}

/* "stablehlo.reduce_precision %a, format = e5m10 : T" */
static void print_reduce_precision(printer *p, const ir_op *op) {
    print_name_and_operands(p, op);
    fprintf(p->out, ", format = e%dm%d : ", op->a.exponent_bits, op->a.mantissa_bits);
    pr_print_op_type(p, op);
}

static void print_reverse(printer *p, const ir_op *op) {
    print_name_and_operands(p, op);
    fputs(", dims = ", p->out);
    pr_print_ints(p, &op->a.dims);
    fputs(" : ", p->out);
    pr_print_op_type(p, op);
}

/* "stablehlo.slice %a [0:2, 1:3:2]": start:limit, then :stride unless 1. */
static void print_slice(printer *p, const ir_op *op) {
    const ir_attrs *a = &op->a;
    print_name_and_operands(p, op);
    fputs(" [", p->out);
    for (int i = 0; a->start.v && i < a->start.n; i++) {
        long long limit = a->limit.v && i < a->limit.n ? (long long)a->limit.v[i] : 0;
        long long stride = a->stride.v && i < a->stride.n ? (long long)a->stride.v[i] : 1;
        fprintf(p->out, "%s%lld:%lld", i ? ", " : "", (long long)a->start.v[i], limit);
        if (stride != 1) fprintf(p->out, ":%lld", stride);
    }
    fputs("] : ", p->out);
    pr_print_functional_type(p, op);
}

static void print_concatenate(printer *p, const ir_op *op) {
    print_name_and_operands(p, op);
    fprintf(p->out, ", dim = %lld : ", (long long)op->a.axis);
    pr_print_functional_type(p, op);
}

/* "stablehlo.select %p, %a, %b : P, T" when the branches and the result
 * share T, else the functional type. */
static void print_select(printer *p, const ir_op *op) {
    print_name_and_operands(p, op);
    fputs(" : ", p->out);
    if (pr_value_types_equal(p, op->in[1], op->out[0]) && pr_value_types_equal(p, op->in[2], op->out[0])) {
           pr_print_value_type(p, op->in[0]);
        fputs(", ", p->out);
        pr_print_value_type(p, op->out[0]);
    } else {
        pr_print_functional_type(p, op);
    }
}

/* MLIR's own spacing: "stablehlo.compare  GT, %a, %b,  FLOAT : ..." */
static void print_compare(printer *p, const ir_op *op) {
    fprintf(p->out, "%s  %s, ", ir_op_name(op->code), ir_cmp_dir_name(op->a.cmp));
    pr_print_refs(p, op->in, op->nin);
    if (op->a.cmp_type != IR_CMPT_NOTYPE) fprintf(p->out, ",  %s", ir_cmp_type_name(op->a.cmp_type));
    fputs(" : ", p->out);
    pr_print_functional_type(p, op);
}

static void print_dim_pair(const printer *p, const char *what, const ir_ints *lhs, const ir_ints *rhs) {
    fprintf(p->out, ", %s = ", what);
    pr_print_ints(p, lhs);
    fputs(" x ", p->out);
    pr_print_ints(p, rhs);
}

/* batching_dims only when there are some; contracting_dims always. */
static void print_dot_general(printer *p, const ir_op *op) {
    const ir_attrs *a = &op->a;
    print_name_and_operands(p, op);
    if (a->lhs_batch.n || a->rhs_batch.n) print_dim_pair(p, "batching_dims", &a->lhs_batch, &a->rhs_batch);
    print_dim_pair(p, "contracting_dims", &a->lhs_contract, &a->rhs_contract);
    fputs(" : ", p->out);
    pr_print_functional_type(p, op);
}

/* The compact form "applies stablehlo.add" fits a single-input reduce whose
 * body applies one binary elementwise op to (acc, x), in input's element
 * type, and returns it. The reducer form needs 2 arguments per input. */
reduce_form pr_reduce_form_of(const printer *p, const ir_op *op) {
    if (!pr_prints_pretty(op)) return REDUCE_GENERIC;
    const ir_block *body = op->regions[0];
    int n = op->nin / 2;
    if (body->nargs != 2 * n || !ir_block_terminator(body)) return REDUCE_GENERIC;
    if (n != 1 || body->nops != 2) return REDUCE_REDUCER;
    const ir_op *inner = body->ops[0], *ret = body->ops[1];
    bool fits = inner && ir_op_kind_of(inner->code) == IR_KIND_BINARY && inner->nin == 2 && inner->nout == 1 &&
                inner->nregions == 0 && inner->in[0] == body->args[0] && inner->in[1] == body->args[1] &&
                ret->nin == 1 && ret->in[0] == inner->out[0];
    const ir_value_id init = op->in[1];
    fits = fits && pr_value_types_equal(p, body->args[0], init) && pr_value_types_equal(p, body->args[1], init) &&
           pr_value_types_equal(p, inner->out[0], init);
    return fits ? REDUCE_COMPACT : REDUCE_REDUCER;
}

/* "stablehlo.reduce(%x init: %c), (%y init: %d) " */
static void print_reduce_inputs(const printer *p, const ir_op *op) {
    int n = op->nin / 2;
    fprintf(p->out, "%s(", ir_op_name(op->code));
    for (int k = 0; k < n; k++) {
        if (k) fputs(", (", p->out);
        pr_print_ref(p, op->in[k]);
        fputs(" init: ", p->out);
        pr_print_ref(p, op->in[n + k]);
        fputc(')', p->out);
    }
    fputc(' ', p->out);
}

static void print_reduce_signature(const printer *p, const ir_op *op) {
    fputs("across dimensions = ", p->out);
    pr_print_ints(p, &op->a.dims);
    fputs(" : ", p->out);
    pr_print_functional_type(p, op);
}

/* " reducer(%acc0: T, %x0: T) (%acc1: U, %x1: U)  {": MLIR pairs each
 * accumulator argument with its element argument. */
static void print_reducer_header(const printer *p, const ir_block *body, int n) {
    fputs("reducer", p->out);
    for (int k = 0; k < n; k++) {
        fputs(k ? " (" : "(", p->out);
        for (int j = 0; j < 2; j++) {
            ir_value_id arg = body->args[k + j * n];
            if (j) fputs(", ", p->out);
            pr_print_ref(p, arg);
            fputs(": ", p->out);
            pr_print_value_type(p, arg);
        }
        fputc(')', p->out);
    }
    fputs("  {\n", p->out);
}

void pr_print_reduce_at(printer *p, const ir_op *op, int indent) {
    const ir_block *body = op->regions[0];
    print_reduce_inputs(p, op);
    if (pr_reduce_form_of(p, op) == REDUCE_COMPACT) {
           fprintf(p->out, "applies %s ", ir_op_name(body->ops[0]->code));
        print_reduce_signature(p, op);
        return;
    }
    print_reduce_signature(p, op);
    fputc('\n', p->out);
    pr_print_indent(p, indent + 1);
    print_reducer_header(p, body, op->nin / 2);
    p->region_depth++;
    pr_print_block_ops(p, body, indent + INDENT_STEP);
    p->region_depth--;
    pr_print_indent(p, indent);
    fputc('}', p->out);
}

/* "stablehlo.pad %x, %v, low = [..], high = [..], interior = [..] : (X, V) -> R" */
static void print_pad(printer *p, const ir_op *op) {
    print_name_and_operands(p, op);
    fputs(", low = ", p->out);
    pr_print_ints(p, &op->a.low);
    fputs(", high = ", p->out);
    pr_print_ints(p, &op->a.high);
    fputs(", interior = ", p->out);
    pr_print_ints(p, &op->a.interior);
    fputs(" : ", p->out);
    pr_print_functional_type(p, op);
}

static void print_dynamic_slice(printer *p, const ir_op *op) {
    print_name_and_operands(p, op);
    fputs(", sizes = ", p->out);
    pr_print_ints(p, &op->a.sizes);
    fputs(" : ", p->out);
    pr_print_functional_type(p, op);
}

static void print_get_dimension_size(printer *p, const ir_op *op) {
    print_name_and_operands(p, op);
    fprintf(p->out, ", dim = %lld : ", (long long)op->a.axis);
    pr_print_functional_type(p, op);
}

/* "stablehlo.optimization_barrier %a, %b : A, B" */
static void print_optimization_barrier(printer *p, const ir_op *op) {
    print_name_and_operands(p, op);
    fputs(" : ", p->out);
    pr_print_value_types(p, op->in, op->nin);
}

/* "name = [..]" inside #stablehlo.gather<...>, only for a non-empty list. */
static void print_dims_field(const printer *p, const char *name, const ir_ints *l, bool *first) {
    if (l->n == 0) return;
    fprintf(p->out, "%s%s = ", *first ? "" : ", ", name);
    pr_print_ints(p, l);
    *first = false;
}

/* The properties of gather and scatter, as MLIR prints them:
 * <{dimension_numbers = #stablehlo.gather<...>, indices_are_sorted = true, slice_sizes = array<i64: ..>}> */
void pr_print_index_properties(const printer *p, const ir_op *op) {
    const ir_attrs *a = &op->a;
    bool scatter = op->code == IR_SCATTER, first = true;
    fprintf(p->out, " <{%s = #stablehlo.%s<", scatter ? "scatter_dimension_numbers" : "dimension_numbers",
            scatter ? "scatter" : "gather");
    print_dims_field(p, scatter ? "update_window_dims" : "offset_dims", &a->window, &first);
    print_dims_field(p, scatter ? "inserted_window_dims" : "collapsed_slice_dims", &a->collapsed, &first);
    print_dims_field(p, scatter ? "input_batching_dims" : "operand_batching_dims", &a->op_batch, &first);
    print_dims_field(p, scatter ? "scatter_indices_batching_dims" : "start_indices_batching_dims", &a->ix_batch,
                     &first);
    print_dims_field(p, scatter ? "scatter_dims_to_operand_dims" : "start_index_map", &a->index_map, &first);
    if (a->axis_b) fprintf(p->out, "%sindex_vector_dim = %lld", first ? "" : ", ", (long long)a->axis_b);
    fputc('>', p->out);
    if (a->sorted) fputs(", indices_are_sorted = true", p->out);
    if (!scatter) {
        fputs(", slice_sizes = array<i64", p->out);
        for (int i = 0; a->sizes.v && i < a->sizes.n; i++) fprintf(p->out, "%s%lld", i ? ", " : ": ", (long long)a->sizes.v[i]);
        fputc('>', p->out);
    }
    if (scatter && a->unique) fputs(", unique_indices = true", p->out);
    fputs("}>", p->out);
}

static void print_call(printer *p, const ir_op *op) {
    fprintf(p->out, "%s ", ir_op_name(op->code));
    pr_print_symbol(p->out, op->a.callee ? op->a.callee : "<no callee>");
    fputc('(', p->out);
    pr_print_refs(p, op->in, op->nin);
    fputs(") : ", p->out);
    pr_print_functional_type(p, op);
}

/* func.return in a function body; stablehlo.return in an op's region. */
static void print_return(printer *p, const ir_op *op) {
    fputs(p->region_depth > 0 ? "stablehlo.return" : ir_op_name(op->code), p->out);
    if (op->nin == 0) return;
    fputc(' ', p->out);
    pr_print_refs(p, op->in, op->nin);
    fputs(" : ", p->out);
    pr_print_value_types(p, op->in, op->nin);
}

/* "check.expect_close %a, %b, max_ulp_difference = 3 : T, U": expect_eq
 * and expect_almost_eq print one type when both share it. */
static void print_check(printer *p, const ir_op *op) {
    const ir_attrs *a = &op->a;
    print_name_and_operands(p, op);
    if (op->code == IR_CHECK_ALMOST_EQ) {
        char buf[48];
        pr_format_real(a->tolerance, false, buf, sizeof buf);
        fprintf(p->out, ", tolerance = %s", buf);
    } else if (op->code == IR_CHECK_CLOSE) {
        fprintf(p->out, ", max_ulp_difference = %llu", (unsigned long long)a->max_ulp);
        if (a->min_ulp) fprintf(p->out, ", min_ulp_difference = %llu", (unsigned long long)a->min_ulp);
    }
    fputs(" : ", p->out);
    if (op->code != IR_CHECK_CLOSE && pr_value_types_equal(p, op->in[0], op->in[1])) pr_print_value_type(p, op->in[0]);
    else pr_print_value_types(p, op->in, op->nin);
}

/* `, name = array<i64: 1, 2>` when the list is not empty. */
static void print_array_prop(const printer *p, const char *name, const ir_ints *l, bool *first) {
    if (l->n == 0) return;
    fprintf(p->out, "%s%s = array<i64: ", *first ? "" : ", ", name);
    for (int i = 0; i < l->n; i++) fprintf(p->out, "%s%lld", i ? ", " : "", (long long)l->v[i]);
    fputc('>', p->out);
    *first = false;
}

static void print_int_prop(const printer *p, const char *name, int64_t v, bool *first) {
    fprintf(p->out, "%s%s = %lld : i64", *first ? "" : ", ", name, (long long)v);
    *first = false;
}

/* `padding = dense<[[lo, hi], ...]> : tensor<Nx2xi64>` */
static void print_padding_prop(const printer *p, const ir_ints *pad, bool *first) {
    if (pad->n == 0) return;
    fprintf(p->out, "%spadding = dense<[", *first ? "" : ", ");
    for (int i = 0; i + 1 < pad->n; i += 2)
        fprintf(p->out, "%s[%lld, %lld]", i ? ", " : "", (long long)pad->v[i], (long long)pad->v[i + 1]);
    fprintf(p->out, "]> : tensor<%dx2xi64>", pad->n / 2);
    *first = false;
}

/* `[b, 0, 1, f]`: each dimension's role (letters[0], letters[1], or its
 * spatial number). */
static void print_conv_roles(const printer *p, const ir_ints *roles, const char *letters) {
    fputc('[', p->out);
    for (int d = 0; d < roles->n; d++) {
        if (d) fputs(", ", p->out);
        for (int k = 0; k < roles->n; k++) {
            if (roles->v[k] != d) continue;
            if (k < 2) fputc(letters[k], p->out);
            else fprintf(p->out, "%d", k - 2);
        }
    }
    fputc(']', p->out);
}

/* The attributes of the ops that print only in the generic form, as the
 * properties `<{...}>` our parser reads back. */
/* name = "V": the character a LAPACK job argument takes (anything else as its code). */
static void print_char_prop(const printer *p, const char *name, int c) {
    if (c > 32 && c < 127 && c != '"' && c != '\\') fprintf(p->out, "%s = \"%c\"", name, c);
    else fprintf(p->out, "%s = \"\\%02X\"", name, (unsigned)c & 0xFF);
}

void pr_print_props(const printer *p, const ir_op *op) {
    const ir_attrs *a = &op->a;
    bool first = true;
    fputs(" <{", p->out);
    switch (op->code) {
    case IR_FUSION: {
        static const char *kinds[] = {"loop", "reduce", "dot", "opaque"};
        fprintf(p->out, "kind = \"%s\"", (unsigned)a->fusion_kind < 4 ? kinds[a->fusion_kind] : "?");
        break;
    }
    case IR_REDUCE:
    case IR_MAP:
        fputs("dimensions = ", p->out);
        pr_print_ints(p, &a->dims);
        break;
    case IR_SORT:
        print_int_prop(p, "dimension", a->axis, &first);
        fprintf(p->out, ", is_stable = %s", a->is_stable ? "true" : "false");
        break;
    case IR_CONVOLUTION:
        fputs("dimension_numbers = #stablehlo.conv<", p->out);
        print_conv_roles(p, &a->conv_lhs, "bf");
        fputc('x', p->out);
        print_conv_roles(p, &a->conv_rhs, "io");
        fputs("->", p->out);
        print_conv_roles(p, &a->conv_out, "bf");
        fputc('>', p->out);
        first = false;
        print_int_prop(p, "feature_group_count", a->feature_groups, &first);
        print_int_prop(p, "batch_group_count", a->batch_groups, &first);
        print_array_prop(p, "window_strides", &a->win_strides, &first);
        print_padding_prop(p, &a->padding, &first);
        print_array_prop(p, "lhs_dilation", &a->base_dil, &first);
        print_array_prop(p, "rhs_dilation", &a->win_dil, &first);
        break;
    case IR_TRIANGULAR_SOLVE: case IR_TRIANGULAR_SOLVE_PARTS: {
        static const char *const words[] = {"NO_TRANSPOSE", "TRANSPOSE", "ADJOINT"};
        fprintf(p->out, "left_side = %s, lower = %s, unit_diagonal = %s, transpose_a = #stablehlo<transpose %s>",
                a->left_side ? "true" : "false", a->lower ? "true" : "false", a->unit_diagonal ? "true" : "false",
                (unsigned)a->transpose_a < 3 ? words[a->transpose_a] : "?");
        break;
    }
    case IR_CHOLESKY: case IR_CHOLESKY_PARTS: case IR_SYTRD: fprintf(p->out, "lower = %s", a->lower ? "true" : "false"); break;
    case IR_GEHRD: fprintf(p->out, "ilo = %lld, ihi = %lld", (long long)a->ilo, (long long)a->ihi); break;
    case IR_TOP_K: fprintf(p->out, "k = %lld", (long long)a->k); break;
    case IR_GEEV:
        print_char_prop(p, "jobvl", a->lapack_mode >> 8);
        fputs(", ", p->out);
        print_char_prop(p, "jobvr", a->lapack_mode & 0xFF);
        break;
    case IR_FFT_PARTS: {
        static const char *const words[] = {"FFT", "IFFT", "RFFT", "IRFFT"};
        fprintf(p->out, "fft_type = #stablehlo<fft_type %s>", (unsigned)a->fft_type < 4 ? words[a->fft_type] : "?");
        first = false;
        print_array_prop(p, "fft_length", &a->dims, &first);
        break;
    }
    case IR_COMPLEX_PART:
        /* fn = "stablehlo.exponential", part = "imag" */
        fprintf(p->out, "fn = \"%s\", part = \"%s\"",
                (unsigned)a->complex_fn < IR_OPCODE_COUNT ? ir_op_name(a->complex_fn) : "?",
                a->complex_imag ? "imag" : "real");
        break;
    case IR_SYEVD: case IR_GESDD: case IR_GESVD: case IR_GEES:
        print_char_prop(p, "mode", a->lapack_mode);
        if (op->code == IR_SYEVD) fprintf(p->out, ", lower = %s", a->lower ? "true" : "false");
        break;
    default:
        print_array_prop(p, "window_dimensions", &a->win_dims, &first);
        print_array_prop(p, "window_strides", &a->win_strides, &first);
        print_array_prop(p, "base_dilations", &a->base_dil, &first);
        print_array_prop(p, "window_dilations", &a->win_dil, &first);
        print_padding_prop(p, &a->padding, &first);
        break;
    }
    fputs("}>", p->out);
}

bool pr_has_props(ir_opcode code) {
    switch (code) {
    case IR_FUSION: case IR_REDUCE: case IR_MAP: case IR_SORT: case IR_CONVOLUTION: case IR_REDUCE_WINDOW:
    case IR_SELECT_AND_SCATTER: case IR_TRIANGULAR_SOLVE: case IR_CHOLESKY: case IR_SYEVD: case IR_GESDD:
    case IR_GESVD: case IR_SYTRD: case IR_GEHRD: case IR_GEEV: case IR_GEES: case IR_COMPLEX_PART:
    case IR_FFT_PARTS: case IR_CHOLESKY_PARTS: case IR_TRIANGULAR_SOLVE_PARTS: case IR_TOP_K:
        return true;
    default:
        return false;
    }
}

/* ---- which printer an opcode uses ---------------------------------------- */

static const op_printer other_printers[IR_OPCODE_COUNT] = {
    [IR_CONSTANT] = print_constant,
    [IR_IOTA] = print_iota,
    [IR_BROADCAST_IN_DIM] = print_with_dims,
    [IR_RESHAPE] = print_with_functional_type,
    [IR_TRANSPOSE] = print_with_dims,
    [IR_SLICE] = print_slice,
    [IR_CONCATENATE] = print_concatenate,
    [IR_REVERSE] = print_reverse,
    [IR_CONVERT] = print_with_functional_type,
    [IR_BITCAST_CONVERT] = print_with_functional_type,
    [IR_REDUCE_PRECISION] = print_reduce_precision,
    [IR_SELECT] = print_select,
    [IR_CLAMP] = print_with_op_type,
    [IR_COMPARE] = print_compare,
    [IR_DOT_GENERAL] = print_dot_general,
    [IR_PAD] = print_pad,
    [IR_DYNAMIC_SLICE] = print_dynamic_slice,
    [IR_DYNAMIC_UPDATE_SLICE] = print_with_functional_type,
    [IR_GET_DIMENSION_SIZE] = print_get_dimension_size,
    [IR_OPTIMIZATION_BARRIER] = print_optimization_barrier,
    [IR_CALL] = print_call,
    [IR_RETURN] = print_return,
};

op_printer pr_printer_of(ir_opcode code) {
    switch (ir_op_kind_of(code)) {
    case IR_KIND_UNARY: case IR_KIND_BINARY:
        return strncmp(ir_op_name(code), "chlo.", 5) == 0 ? print_chlo : print_with_op_type;
    case IR_KIND_CHECK: return print_check;
    default: return other_printers[code];
    }
}

