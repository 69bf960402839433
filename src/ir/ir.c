/* ir.c: element types, shaped types, op table, and construction. */
#include "ir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/complex_math.h"
#include "../util/minifloat.h"
#include "../util/mem.h"

/* ---- element types ---------------------------------------------------- */

static const struct {
    const char *name;
    size_t size;
    bool is_float, is_int, is_unsigned;
    const char *npy;   /* the .npy descr (bf16 as two raw bytes, as ml_dtypes writes it) */
} dtype_info[IR_DTYPE_COUNT] = {
    [IR_F32] = {"f32", 4, true, false, false, "<f4"},
    [IR_F64] = {"f64", 8, true, false, false, "<f8"},
    [IR_I32] = {"i32", 4, false, true, false, "<i4"},
    [IR_I64] = {"i64", 8, false, true, false, "<i8"},
    [IR_I1] = {"i1", 1, false, false, true, "|b1"},
    [IR_F16] = {"f16", 2, true, false, false, "<f2"},
    [IR_BF16] = {"bf16", 2, true, false, false, "<V2"},
    [IR_I8] = {"i8", 1, false, true, false, "|i1"},
    [IR_I16] = {"i16", 2, false, true, false, "<i2"},
    [IR_U8] = {"ui8", 1, false, true, true, "|u1"},
    [IR_U16] = {"ui16", 2, false, true, true, "<u2"},
    [IR_U32] = {"ui32", 4, false, true, true, "<u4"},
    [IR_U64] = {"ui64", 8, false, true, true, "<u8"},
    [IR_I2] = {"i2", 1, false, true, false, "|i1"},
    [IR_I4] = {"i4", 1, false, true, false, "|i1"},
    [IR_U2] = {"ui2", 1, false, true, true, "|u1"},
    [IR_U4] = {"ui4", 1, false, true, true, "|u1"},
#define IR_MINIFLOAT_INFO(N, name, s, e, m, b, k, w) [IR_##N] = {name, 1, true, false, false, "<V1"},
    AJ_MINIFLOAT_LIST(IR_MINIFLOAT_INFO)
#undef IR_MINIFLOAT_INFO
    [IR_C64] = {"complex<f32>", 8, false, false, false, "<c8"},
    [IR_C128] = {"complex<f64>", 16, false, false, false, "<c16"},
};

size_t ir_dtype_size(ir_dtype t) { return dtype_info[t].size; }

int ir_dtype_bits(ir_dtype t) {
    switch (t) {
    case IR_I1: return 1;
    case IR_I2: case IR_U2: return 2;
    case IR_I4: case IR_U4: return 4;
#define IR_MINIFLOAT_BITS(N, name, s, e, m, b, k, w) case IR_##N: return w;
    AJ_MINIFLOAT_LIST(IR_MINIFLOAT_BITS)
#undef IR_MINIFLOAT_BITS
    default: return 8 * (int)dtype_info[t].size;
    }
}

bool ir_dtype_minifloat(ir_dtype t, ir_minifloat *out) {
    switch (t) {
#define IR_MINIFLOAT_FORMAT(N, name, s, e, m, b, k, w) \
    case IR_##N:                                    \
        if (out) *out = (ir_minifloat){e, m, b, k}; \
        return true;
    AJ_MINIFLOAT_LIST(IR_MINIFLOAT_FORMAT)
#undef IR_MINIFLOAT_FORMAT
    default: return false;
    }
}

double ir_minifloat_value(ir_dtype t, unsigned bits) {
    ir_minifloat f = {0};
    ir_dtype_minifloat(t, &f);
    return aj_mf_decode(bits, f.exponent_bits, f.mantissa_bits, f.bias, f.kind);
}

unsigned ir_minifloat_bits(ir_dtype t, double v) {
    ir_minifloat f = {0};
    ir_dtype_minifloat(t, &f);
    return aj_mf_encode(v, f.exponent_bits, f.mantissa_bits, f.bias, f.kind);
}
const char *ir_dtype_name(ir_dtype t) { return dtype_info[t].name; }
const char *ir_dtype_npy_descr(ir_dtype t) { return dtype_info[t].npy; }
bool ir_dtype_is_float(ir_dtype t) { return dtype_info[t].is_float; }
bool ir_dtype_is_int(ir_dtype t) { return dtype_info[t].is_int; }
bool ir_dtype_is_unsigned(ir_dtype t) { return dtype_info[t].is_unsigned; }
bool ir_dtype_is_complex(ir_dtype t) { return t == IR_C64 || t == IR_C128; }
ir_dtype ir_dtype_complex_part(ir_dtype t) { return t == IR_C64 ? IR_F32 : t == IR_C128 ? IR_F64 : t; }

bool ir_dtype_exact_in(ir_dtype t, ir_dtype wide) {
    if (t == wide) return true;
    if (ir_dtype_is_int(wide) && ir_dtype_is_int(t)) {
        int bits = ir_dtype_bits(t), room = ir_dtype_bits(wide);
        if (ir_dtype_is_unsigned(t)) return bits < room || (ir_dtype_is_unsigned(wide) && bits <= room);
        return !ir_dtype_is_unsigned(wide) && bits <= room;
    }
    if (wide == IR_BF16 || wide == IR_F16)   /* integers of at most 2^8 (2^11), the significand's reach */
        return ir_dtype_is_int(t) && ir_dtype_bits(t) - !ir_dtype_is_unsigned(t) <= (wide == IR_BF16 ? 8 : 11);
    if (wide != IR_F32 && wide != IR_F64) return false;
    if (ir_dtype_is_int(t)) return ir_dtype_bits(t) <= (wide == IR_F32 ? 16 : 32);
    return t == IR_BF16 || t == IR_F16 || ir_dtype_minifloat(t, NULL) || (wide == IR_F64 && t == IR_F32);
}

bool ir_dtype_from_name(const char *s, size_t n, ir_dtype *out) {
    for (int t = 0; t < IR_DTYPE_COUNT; t++) {
        const char *name = dtype_info[t].name;
        if (strlen(name) == n && memcmp(name, s, n) == 0) {
            *out = (ir_dtype)t;
            return true;
        }
    }
    return false;
}

/* ---- shaped types ----------------------------------------------------- */

ir_type ir_type_make(ir_dtype dtype, int rank, const int64_t *dims) {
    ir_type t = {.dtype = dtype, .rank = rank};
    for (int i = 0; i < rank && i < IR_MAX_RANK; i++) t.dims[i] = dims[i];
    return t;
}

ir_type ir_type_scalar(ir_dtype dtype) { return ir_type_make(dtype, 0, NULL); }

ir_type ir_type_without_dim(const ir_type *t, int dim) {
    ir_type r = *t;
    for (int i = dim; i + 1 < t->rank; i++) r.dims[i] = t->dims[i + 1];
    r.rank--;
    return r;
}

size_t ir_type_row_bytes(const ir_type *t) {
    return t->rank >= 1 && t->dims[0] > 0 ? ir_type_bytes(t) / (size_t)t->dims[0] : 0;
}

int64_t ir_type_numel(const ir_type *t) {
    int64_t n = 1;
    for (int i = 0; i < t->rank; i++) n *= t->dims[i];
    return n;
}

size_t ir_type_bytes(const ir_type *t) {
    return (size_t)ir_type_numel(t) * ir_dtype_size(t->dtype);
}

bool ir_type_same_shape(const ir_type *a, const ir_type *b) {
    if (a->rank != b->rank) return false;
    for (int i = 0; i < a->rank; i++)
        if (a->dims[i] != b->dims[i]) return false;
    return true;
}

bool ir_type_same_squeezed(const ir_type *a, const ir_type *b) {
    int i = 0, j = 0;
    for (;;) {
        while (i < a->rank && a->dims[i] == 1) i++;
        while (j < b->rank && b->dims[j] == 1) j++;
        if (i == a->rank || j == b->rank) return i == a->rank && j == b->rank;
        if (a->dims[i++] != b->dims[j++]) return false;
    }
}

bool ir_type_eq(const ir_type *a, const ir_type *b) {
    return a->dtype == b->dtype && ir_type_same_shape(a, b);
}

char *ir_type_str(const ir_type *t, char *buf, size_t size) {
    size_t used = (size_t)snprintf(buf, size, "tensor<");
    for (int i = 0; i < t->rank && used < size; i++)
        used += (size_t)snprintf(buf + used, size - used, "%lldx", (long long)t->dims[i]);
    if (used < size) snprintf(buf + used, size - used, "%s>", ir_dtype_name(t->dtype));
    return buf;
}

/* ---- op table ------------------------------------------------------------ */

static const struct {
    const char *name;
    ir_op_kind kind;
    int arity;
} op_info[IR_OPCODE_COUNT] = {
#define IR_X(e, name, kind, arity) [IR_##e] = {name, kind, arity},
    IR_OP_LIST(IR_X)
#undef IR_X
};

const char *ir_op_name(ir_opcode op) { return op_info[op].name; }
ir_op_kind ir_op_kind_of(ir_opcode op) { return op_info[op].kind; }
int ir_op_arity(ir_opcode op) { return op_info[op].arity; }

bool ir_op_from_name(const char *s, size_t n, ir_opcode *out) {
    for (int op = 0; op < IR_OPCODE_COUNT; op++) {
        const char *name = op_info[op].name;
        if (strlen(name) == n && memcmp(name, s, n) == 0) {
            *out = (ir_opcode)op;
            return true;
        }
    }
    return false;
}

int ir_op_result_count(ir_opcode op, int nin) {
    switch (op) {
    case IR_CALL: case IR_FUSION: case IR_IF: case IR_CASE: case IR_FFT_PARTS: case IR_RUN_PARALLEL:
    case IR_COLLECTIVE_BROADCAST:   /* nin, or nin - 1 after a dynamic root */
        return -1;
    case IR_ALL_REDUCE: case IR_ALL_GATHER: case IR_ALL_TO_ALL: return nin;
    case IR_REDUCE: case IR_REDUCE_WINDOW: return nin / 2;
    case IR_SCATTER: return (nin - 1) / 2;
    case IR_WHILE: case IR_SORT: case IR_OPTIMIZATION_BARRIER: return nin;
    case IR_RETURN: return 0;
    case IR_GEQRF: return 2 * nin;   /* (a, tau); a complex matrix's parts (a.re, a.im, tau.re, tau.im) */
    case IR_ORGQR: return nin / 2;   /* q; from complex parts, q's */
    case IR_CHOLESKY_PARTS: case IR_TRIANGULAR_SOLVE_PARTS: case IR_TOP_K: return 2;
    case IR_GETRF: return nin + 2;   /* (lu, ipiv, info); a complex matrix's parts (lu.re, lu.im, ipiv, info) */
    case IR_SYEVD: return nin + 2;   /* (v, w, info); a Hermitian matrix's parts (v.re, v.im, w, info) */
    case IR_GEHRD: return 2 * nin + 1;   /* (a, tau, info); a complex matrix's parts: a and tau as parts */
    case IR_GEEV: return 7;              /* (wr, wi, vl re, vl im, vr re, vr im, info), of real or complex a */
    case IR_GEES: return 2 * nin + 4;    /* (t, vs, wr, wi, sdim, info); complex: t and vs as parts */
    case IR_GESDD: case IR_GESVD:   /* (a, s, u, vt, info); a complex matrix's parts: a, u and vt as parts */
        return nin == 2 ? 8 : 5;
    case IR_SYTRD: return 2 * nin + 3;   /* (a, d, e, tau, info); complex (hetrd): a and tau as parts */
    default: return ir_op_kind_of(op) == IR_KIND_CHECK ? 0 : 1;
    }
}

int ir_op_region_count(ir_opcode op) {
    switch (op) {
    case IR_REDUCE: case IR_FUSION: case IR_MAP: case IR_SORT: case IR_REDUCE_WINDOW: case IR_SCATTER:
    case IR_ALL_REDUCE: case IR_REDUCE_SCATTER:
        return 1;
    case IR_WHILE: case IR_IF: case IR_SELECT_AND_SCATTER: return 2;
    case IR_CASE: return -1;
    default: return 0;
    }
}

int ir_op_updated_operand(const ir_op *op, int r) {
    switch (op->code) {
    case IR_DYNAMIC_UPDATE_SLICE: return r == 0 && op->nin >= 1 ? 0 : -1;
    case IR_SCATTER: return r >= 0 && r < op->nout && r < op->nin ? r : -1;
    case IR_WHILE: return r >= 0 && r < op->nout && r < op->nin ? r : -1;
    case IR_GETRF: case IR_GEQRF: case IR_ORGQR: case IR_SYEVD: case IR_GESDD: case IR_GESVD: case IR_SYTRD:
    case IR_GEHRD: case IR_GEES: return r == 0 && op->nin >= 1 ? 0 : -1;
    case IR_TRIANGULAR_SOLVE: return r == 0 && op->nin == 2 ? 1 : -1;                   /* x over b */
    case IR_TRIANGULAR_SOLVE_PARTS: return r >= 0 && r < 2 && op->nin == 4 ? 2 + r : -1;   /* b's parts */
    default: return -1;
    }
}

int ir_complex_part_arity(ir_opcode fn) {
    switch (fn) {
#define IR_UNARY_FN(name, expr) case IR_##name: return 2;
#define IR_BINARY_FN(name, expr) case IR_##name: return 4;
    AJ_COMPLEX_UNARY_LIST(IR_UNARY_FN)
    AJ_COMPLEX_BINARY_LIST(IR_BINARY_FN)
#undef IR_UNARY_FN
#undef IR_BINARY_FN
    default: return 0;
    }
}

bool ir_op_is_elementwise(ir_opcode c) {
    ir_op_kind k = ir_op_kind_of(c);
    return k == IR_KIND_UNARY || k == IR_KIND_BINARY || c == IR_CONVERT || c == IR_COMPARE ||
           c == IR_SELECT || c == IR_CLAMP || c == IR_REDUCE_PRECISION || c == IR_COMPLEX_PART;
}

static bool strictly_increasing(const ir_ints *dims) {
    for (int i = 1; i < dims->n; i++)
        if (dims->v[i] <= dims->v[i - 1]) return false;
    return true;
}

/* Result dim i reads operand dim perm[i]; the element order is kept when
 * the dims of size > 1 keep their relative order. */
static bool transpose_keeps_order(const ir_type *operand, const ir_ints *perm) {
    int64_t last = -1;
    for (int i = 0; i < perm->n; i++) {
        int64_t d = perm->v[i];
        if (d < 0 || d >= operand->rank || operand->dims[d] == 1) continue;
        if (d < last) return false;
        last = d;
    }
    return true;
}

bool ir_op_reads_at_linear_index(const ir_func *f, const ir_op *op, int j) {
    const ir_type *in = &f->values[op->in[j]].type, *out = &f->values[op->out[0]].type;
    if (ir_op_is_elementwise(op->code)) return ir_type_same_shape(in, out);
    switch (op->code) {
    case IR_RESHAPE: return true;
    case IR_BITCAST_CONVERT: return ir_type_same_shape(in, out);
    case IR_BROADCAST_IN_DIM: return ir_type_numel(in) == ir_type_numel(out) && strictly_increasing(&op->a.dims);
    case IR_TRANSPOSE: return transpose_keeps_order(in, &op->a.dims);
    default: return false;
    }
}

/* ---- windows ---------------------------------------------------------------- */

enum { WINDOW_LIMIT = 1 << 30 };   /* keeps every product of the window arithmetic in int64 */

/* list has `rank` entries (or none: every entry dflt), each in [min, WINDOW_LIMIT]. */
static bool read_window_list(const char *what, const ir_ints *list, int rank, int64_t dflt, int64_t min,
                             int64_t *out, char *why, size_t size) {
    if (list->n != 0 && list->n != rank) {
        snprintf(why, size, "%s: expected %d entr%s, got %d", what, rank, rank == 1 ? "y" : "ies", list->n);
        return false;
    }
    for (int i = 0; i < rank; i++) {
        out[i] = list->n ? list->v[i] : dflt;
        if (out[i] < min || out[i] > WINDOW_LIMIT) {
            snprintf(why, size, "%s[%d] = %lld: expected %lld to %d", what, i, (long long)out[i], (long long)min,
                     WINDOW_LIMIT);
            return false;
        }
    }
    return true;
}

bool ir_window_read(const ir_op *op, int rank, const int64_t *sizes, ir_window *w, char *why, size_t why_size) {
    const ir_attrs *a = &op->a;
    w->rank = rank;
    if (sizes) memcpy(w->size, sizes, (size_t)rank * sizeof *sizes);
    else if (!read_window_list("window_dimensions", &a->win_dims, rank, 0, 1, w->size, why, why_size)) return false;
    if (!read_window_list("window_strides", &a->win_strides, rank, 1, 1, w->stride, why, why_size) ||
        !read_window_list("base_dilations", &a->base_dil, rank, 1, 1, w->base_dil, why, why_size) ||
        !read_window_list("window_dilations", &a->win_dil, rank, 1, 1, w->win_dil, why, why_size))
        return false;
    if (a->padding.n != 0 && a->padding.n != 2 * rank) {
        snprintf(why, why_size, "padding: expected %d (low, high) pairs, got %d numbers", rank, a->padding.n);
        return false;
    }
    for (int i = 0; i < rank; i++) {
        w->lo[i] = a->padding.n ? a->padding.v[2 * i] : 0;
        w->hi[i] = a->padding.n ? a->padding.v[2 * i + 1] : 0;
        if (w->size[i] > WINDOW_LIMIT || llabs(w->lo[i]) > WINDOW_LIMIT || llabs(w->hi[i]) > WINDOW_LIMIT) {
            snprintf(why, why_size, "the window or padding of dimension %d is too large", i);
            return false;
        }
    }
    return true;
}

int64_t ir_window_positions(const ir_window *w, int i, int64_t n) {
    if (n > 0 && n - 1 > (INT64_MAX / 4) / w->base_dil[i]) return -1;
    int64_t padded = (n == 0 ? 0 : (n - 1) * w->base_dil[i] + 1) + w->lo[i] + w->hi[i];
    int64_t span = (w->size[i] - 1) * w->win_dil[i] + 1;
    return padded < span ? 0 : (padded - span) / w->stride[i] + 1;
}

/* ---- construction -------------------------------------------------------- */

ir_module *ir_module_new(void) { return mem_calloc(1, sizeof(ir_module)); }

static void checkpoint_free(ir_checkpoint *c) {
    for (int i = 0; i < c->nnames; i++) mem_free(c->names[i]);
    mem_free(c->names);
    mem_free(c->save_ctx);
}

static void func_free(ir_func *f) {
    if (!f) return;
    for (int i = 0; i < f->ncheckpoints; i++) checkpoint_free(&f->checkpoints[i]);
    mem_free(f->checkpoints);
    for (int i = 0; i < f->ntags; i++) mem_free(f->tags[i].name);
    mem_free(f->tags);
    mem_free(f->expects);
    ir_block_free(f->body);
    for (int i = 0; i < f->nvalues; i++) mem_free(f->values[i].name);
    mem_free(f->values);
    mem_free(f->result_types);
    mem_free(f->name);
    mem_free(f);
}

void ir_module_free(ir_module *m) {
    if (!m) return;
    for (int i = 0; i < m->nfuncs; i++) func_free(m->funcs[i]);
    mem_free(m->funcs);
    for (int i = 0; i < m->nstrings; i++) mem_free(m->strings[i]);
    mem_free(m->strings);
    mem_free(m->name);
    mem_free(m);
}

const char *ir_module_intern(ir_module *m, const char *s) {
    for (int i = 0; i < m->nstrings; i++)
        if (strcmp(m->strings[i], s) == 0) return m->strings[i];
    if (mem_grow((void **)&m->strings, &m->cap_strings, m->nstrings + 1, sizeof(char *))) return NULL;
    char *copy = mem_strdup(s);
    if (!copy) return NULL;
    m->strings[m->nstrings++] = copy;
    return copy;
}

ir_func *ir_func_new(ir_module *m, const char *name) {
    if (mem_grow((void **)&m->funcs, &m->cap_funcs, m->nfuncs + 1, sizeof(ir_func *))) return NULL;
    ir_func *f = mem_calloc(1, sizeof(ir_func));
    if (!f) return NULL;
    f->name = mem_strdup(name);
    f->body = ir_block_new();
    if (!f->name || !f->body) {
        func_free(f);
        return NULL;
    }
    f->is_public = true;
    m->funcs[m->nfuncs++] = f;
    return f;
}

void ir_module_remove_func(ir_module *m, ir_func *f) {
    for (int i = 0; i < m->nfuncs; i++) {
        if (m->funcs[i] != f) continue;
        memmove(&m->funcs[i], &m->funcs[i + 1], (size_t)(m->nfuncs - i - 1) * sizeof(ir_func *));
        m->nfuncs--;
        func_free(f);
        return;
    }
}

ir_func *ir_module_find(const ir_module *m, const char *name) {
    for (int i = 0; i < m->nfuncs; i++)
        if (strcmp(m->funcs[i]->name, name) == 0) return m->funcs[i];
    return NULL;
}

ir_func *ir_module_entry(const ir_module *m) {
    ir_func *f = ir_module_find(m, "main");
    if (f) return f;
    return m->nfuncs == 1 ? m->funcs[0] : NULL;
}

static const char *const figure_names[IR_NFIGURES] = {
    "temp", "peak", "argument", "output", "alias", "lower_bound", "fused_away", "kernels",
};

const char *ir_figure_name(ir_figure f) { return figure_names[f]; }

bool ir_figure_from_name(const char *s, size_t n, ir_figure *out) {
    for (int i = 0; i < IR_NFIGURES; i++)
        if (strlen(figure_names[i]) == n && memcmp(figure_names[i], s, n) == 0) {
            *out = (ir_figure)i;
            return true;
        }
    return false;
}

int ir_func_add_expect(ir_func *f, const ir_expect *e) {
    ir_expect *grown = mem_realloc(f->expects, (size_t)(f->nexpects + 1) * sizeof *grown);
    if (!grown) return -1;
    f->expects = grown;
    f->expects[f->nexpects++] = *e;
    return 0;
}

ir_value_id ir_value_new(ir_func *f, const ir_type *t) {
    ir_type type = *t;   /* t may point into f->values, which growing moves */
    if (mem_grow((void **)&f->values, &f->cap_values, f->nvalues + 1, sizeof(ir_value))) return -1;
    f->values[f->nvalues] = (ir_value){.type = type, .def = NULL, .def_index = 0, .name = NULL};
    return f->nvalues++;
}

ir_block *ir_block_new(void) { return mem_calloc(1, sizeof(ir_block)); }

void ir_block_free(ir_block *b) {
    if (!b) return;
    for (int i = 0; i < b->nops; i++) ir_op_free(b->ops[i]);
    mem_free(b->ops);
    mem_free(b->args);
    mem_free(b);
}

ir_value_id ir_block_add_arg(ir_func *f, ir_block *b, const ir_type *t) {
    ir_value_id *args = mem_realloc(b->args, (size_t)(b->nargs + 1) * sizeof(ir_value_id));
    if (!args) return -1;
    b->args = args;
    ir_value_id v = ir_value_new(f, t);
    if (v < 0) return -1;
    f->values[v].def_index = b->nargs;
    b->args[b->nargs++] = v;
    return v;
}

void ir_attrs_free(ir_attrs *a) {
    ir_ints *lists[] = IR_ATTRS_LISTS(a);
    for (size_t i = 0; i < sizeof lists / sizeof *lists; i++) {
        mem_free(lists[i]->v);
        *lists[i] = (ir_ints){0, NULL};
    }
    mem_free(a->data);
    mem_free(a->callee);
    a->data = NULL;
    a->callee = NULL;
}

void ir_op_free(ir_op *op) {
    if (!op) return;
    for (int i = 0; i < op->nregions; i++) ir_block_free(op->regions[i]);
    mem_free(op->regions);
    ir_attrs_free(&op->a);
    mem_free(op->in);
    mem_free(op->out);
    mem_free(op);
}

ir_op *ir_op_append(ir_func *f, ir_block *b, ir_opcode code,
                    int nin, const ir_value_id *in,
                    int nout, const ir_type *out_types) {
    if (mem_grow((void **)&b->ops, &b->cap_ops, b->nops + 1, sizeof(ir_op *))) return NULL;
    ir_op *op = mem_calloc(1, sizeof(ir_op));
    if (!op) return NULL;
    op->code = code;
    op->in = mem_calloc((size_t)nin, sizeof(ir_value_id));
    op->out = mem_calloc((size_t)nout, sizeof(ir_value_id));
    if (!op->in || !op->out) goto fail;
    op->nin = nin;
    if (nin) memcpy(op->in, in, (size_t)nin * sizeof(ir_value_id));
    for (int i = 0; i < nout; i++) {
        ir_value_id v = ir_value_new(f, &out_types[i]);
        if (v < 0) goto fail;
        f->values[v].def = op;
        f->values[v].def_index = i;
        op->out[op->nout++] = v;
    }
    b->ops[b->nops++] = op;
    return op;
fail:
    /* Values already added stay in the table unreferenced; detach them. */
    for (int i = 0; i < op->nout; i++) f->values[op->out[i]].def = NULL;
    ir_op_free(op);
    return NULL;
}

ir_block *ir_op_add_region(ir_op *op) {
    ir_block **regions = mem_realloc(op->regions, (size_t)(op->nregions + 1) * sizeof(ir_block *));
    if (!regions) return NULL;
    op->regions = regions;
    ir_block *b = ir_block_new();
    if (!b) return NULL;
    op->regions[op->nregions++] = b;
    return b;
}

int ir_ints_set(ir_ints *dst, int n, const int64_t *v) {
    int64_t *copy = NULL;
    if (n > 0) {
        copy = mem_alloc((size_t)n * sizeof(int64_t));
        if (!copy) return -1;
        memcpy(copy, v, (size_t)n * sizeof(int64_t));
    }
    mem_free(dst->v);
    dst->v = copy;
    dst->n = n;
    return 0;
}

int ir_func_set_results(ir_func *f, int n, const ir_type *types) {
    ir_type *copy = mem_calloc((size_t)n, sizeof(ir_type));
    if (!copy) return -1;
    if (n) memcpy(copy, types, (size_t)n * sizeof(ir_type));
    mem_free(f->result_types);
    f->result_types = copy;
    f->nresults = n;
    return 0;
}

/* ---- checkpoint regions and value tags --------------------------------------- */

/* A deep copy of src into dst (zeroed first); -1 on OOM with dst freed. */
static int checkpoint_copy(ir_checkpoint *dst, const ir_checkpoint *src) {
    *dst = (ir_checkpoint){.policy = src->policy, .save = src->save};
    dst->names = mem_calloc((size_t)src->nnames + 1, sizeof *dst->names);
    int ok = dst->names != NULL;
    for (int i = 0; ok && i < src->nnames; i++, dst->nnames++)
        ok = (dst->names[i] = mem_strdup(src->names[i])) != NULL;
    if (ok && src->save_ctx_bytes) {
        ok = (dst->save_ctx = mem_alloc(src->save_ctx_bytes)) != NULL;
        if (ok) memcpy(dst->save_ctx, src->save_ctx, src->save_ctx_bytes);
        dst->save_ctx_bytes = src->save_ctx_bytes;
    } else {
        dst->save_ctx = src->save_ctx;
    }
    if (!ok) checkpoint_free(dst);
    return ok ? 0 : -1;
}

int ir_func_add_checkpoint(ir_func *f, const ir_checkpoint *c) {
    ir_checkpoint *grown = mem_realloc(f->checkpoints, (size_t)(f->ncheckpoints + 1) * sizeof *grown);
    if (!grown) return -1;
    f->checkpoints = grown;
    if (checkpoint_copy(&f->checkpoints[f->ncheckpoints], c)) return -1;
    return ++f->ncheckpoints;
}

int ir_func_tag_value(ir_func *f, ir_value_id v, const char *name) {
    char *copy = mem_strdup(name);
    if (!copy) return -1;
    for (int i = 0; i < f->ntags; i++)
        if (f->tags[i].value == v) {
            mem_free(f->tags[i].name);
            f->tags[i].name = copy;
            return 0;
        }
    ir_value_tag *grown = mem_realloc(f->tags, (size_t)(f->ntags + 1) * sizeof *grown);
    if (!grown) {
        mem_free(copy);
        return -1;
    }
    f->tags = grown;
    f->tags[f->ntags++] = (ir_value_tag){v, copy};
    return 0;
}

const char *ir_func_value_tag(const ir_func *f, ir_value_id v) {
    for (int i = 0; i < f->ntags; i++)
        if (f->tags[i].value == v) return f->tags[i].name;
    return NULL;
}

/* Copies f's checkpoint regions and tags into g (which has none); -1 on OOM
 * (what was copied stays in g for func_free). */
static int clone_checkpoints(ir_func *g, const ir_func *f) {
    for (int i = 0; i < f->ncheckpoints; i++)
        if (ir_func_add_checkpoint(g, &f->checkpoints[i]) < 0) return -1;
    for (int i = 0; i < f->ntags; i++)
        if (ir_func_tag_value(g, f->tags[i].value, f->tags[i].name)) return -1;
    return 0;
}

/* ---- cloning --------------------------------------------------------------
 * A clone keeps every value id, so analyses indexed by id carry over. Ops
 * are copied first and def pointers fixed after, through the old->new map
 * built while copying. */

typedef struct clone_ctx {
    const ir_func *src;
    ir_func *dst;
    ir_module *module;   /* owns the interned file names of dst's locations */
} clone_ctx;

/* The same location with its file name interned in c->module; -1 on OOM. */
static int clone_loc(clone_ctx *c, ir_loc *dst, const ir_loc *src) {
    *dst = *src;
    if (src->file && !(dst->file = ir_module_intern(c->module, src->file))) return -1;
    return 0;
}

static int clone_ints(ir_ints *dst, const ir_ints *src) { return ir_ints_set(dst, src->n, src->v); }

static int clone_attrs(ir_attrs *dst, const ir_attrs *src, size_t data_bytes) {
    *dst = *src;
    ir_ints *d[] = IR_ATTRS_LISTS(dst);
    const ir_ints *s[] = IR_ATTRS_LISTS(src);
    for (size_t i = 0; i < sizeof d / sizeof *d; i++) *d[i] = (ir_ints){0, NULL};
    dst->data = NULL;
    dst->callee = NULL;
    int rc = 0;
    for (size_t i = 0; i < sizeof d / sizeof *d && !rc; i++) rc = clone_ints(d[i], s[i]);
    if (!rc && src->data) {
        dst->data = mem_alloc(data_bytes);
        if (dst->data) memcpy(dst->data, src->data, data_bytes);
        else rc = -1;
    }
    if (!rc && src->callee && !(dst->callee = mem_strdup(src->callee))) rc = -1;
    return rc;
}

int ir_attrs_copy(ir_attrs *dst, const ir_attrs *src, size_t data_bytes) {
    return clone_attrs(dst, src, data_bytes);
}

static ir_block *clone_block(clone_ctx *c, const ir_block *src);

static ir_op *clone_op(clone_ctx *c, const ir_op *src) {
    ir_op *op = mem_calloc(1, sizeof *op);
    if (!op) return NULL;
    op->code = src->code;
    op->checkpoint = src->checkpoint;
    op->backward = src->backward;
    op->in = mem_calloc((size_t)src->nin, sizeof(ir_value_id));
    op->out = mem_calloc((size_t)src->nout, sizeof(ir_value_id));
    op->regions = mem_calloc((size_t)src->nregions, sizeof(ir_block *));
    size_t data_bytes = src->nout ? ir_type_bytes(&c->src->values[src->out[0]].type) : 0;
    int rc = !op->in || !op->out || !op->regions || clone_attrs(&op->a, &src->a, data_bytes) ||
             clone_loc(c, &op->loc, &src->loc);
    if (!rc) {
        op->nin = src->nin;
        op->nout = src->nout;
        memcpy(op->in, src->in, (size_t)src->nin * sizeof(ir_value_id));
        memcpy(op->out, src->out, (size_t)src->nout * sizeof(ir_value_id));
        for (int i = 0; i < src->nout; i++) c->dst->values[src->out[i]].def = op;
    }
    for (int r = 0; r < src->nregions && !rc; r++) {
        op->regions[r] = clone_block(c, src->regions[r]);
        if (op->regions[r]) op->nregions++;
        else rc = 1;
    }
    if (rc) {
        for (int i = 0; i < op->nout; i++) c->dst->values[op->out[i]].def = NULL;
        ir_op_free(op);
        return NULL;
    }
    return op;
}

static ir_block *clone_block(clone_ctx *c, const ir_block *src) {
    ir_block *b = ir_block_new();
    if (!b) return NULL;
    b->args = mem_calloc((size_t)src->nargs, sizeof(ir_value_id));
    b->ops = mem_calloc((size_t)src->nops, sizeof(ir_op *));
    if (!b->args || !b->ops) {
        ir_block_free(b);
        return NULL;
    }
    b->nargs = src->nargs;
    b->cap_ops = src->nops;
    if (src->nargs) memcpy(b->args, src->args, (size_t)src->nargs * sizeof(ir_value_id));   /* args may be NULL */
    for (int i = 0; i < src->nops; i++) {
        if (!(b->ops[i] = clone_op(c, src->ops[i]))) {
            ir_block_free(b);
            return NULL;
        }
        b->nops++;
    }
    return b;
}

ir_func *ir_func_clone_into(ir_module *dst, const ir_func *f) {
    if (mem_grow((void **)&dst->funcs, &dst->cap_funcs, dst->nfuncs + 1, sizeof(ir_func *))) return NULL;
    ir_func *g = mem_calloc(1, sizeof *g);
    if (!g) return NULL;
    clone_ctx c = {f, g, dst};
    g->is_public = f->is_public;
    g->donated = f->donated;
    g->complex_params = f->complex_params;
    g->complex_results = f->complex_results;
    g->name = mem_strdup(f->name);
    g->values = mem_calloc((size_t)f->nvalues + 1, sizeof(ir_value));
    int ok = g->name && g->values && !ir_func_set_results(g, f->nresults, f->result_types) &&
             !clone_loc(&c, &g->loc, &f->loc);
    for (int i = 0; ok && i < f->nvalues; i++) {
        g->values[i] = f->values[i];
        g->values[i].def = NULL;
        g->values[i].name = NULL;
        g->nvalues = g->cap_values = i + 1;
        if (f->values[i].name && !(g->values[i].name = mem_strdup(f->values[i].name))) ok = 0;
    }
    if (ok) ok = (g->body = clone_block(&c, f->body)) != NULL;
    if (ok) ok = clone_checkpoints(g, f) == 0;
    if (!ok) {
        func_free(g);
        return NULL;
    }
    dst->funcs[dst->nfuncs++] = g;
    return g;
}

ir_module *ir_module_clone(const ir_module *m) {
    ir_module *c = ir_module_new();
    if (!c) return NULL;
    int ok = !m->name || (c->name = mem_strdup(m->name)) != NULL;
    for (int i = 0; ok && i < m->nfuncs; i++) ok = ir_func_clone_into(c, m->funcs[i]) != NULL;
    if (!ok) {
        ir_module_free(c);
        return NULL;
    }
    return c;
}
