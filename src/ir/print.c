/* print.c: the IR as StableHLO text, in the pretty form that JAX prints
 * (jax.jit(f).lower(...).as_text()) and arrayjit's parser reads back.
 *
 * Every pass dumps through this, so it must print malformed IR too: an op
 * whose counts do not fit its pretty form prints in the generic form
 * ("stablehlo.add"(%a) : (...) -> (...)), a bad value id as %<bad value N>.
 * What it cannot check it trusts: pointers are valid, and a constant's data
 * holds ir_type_bytes of its result type (ir.h records no other size).
 *
 * Value names: a value keeps its source name when that is a valid MLIR
 * name used by no other definition in the function; the rest are numbered
 * as MLIR does (%argN for block arguments, %N for op results, in print
 * order), skipping kept names. An op with several results gets one name
 * for all of them: "%5:2 = ..." defines %5#0 and %5#1. */
#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/mem.h"
#include "ir_priv.h"

/* Constants with more elements than this print as a hex blob. */
#define DENSE_LIST_MAX 16

/* Spaces per nesting level. */
#define INDENT_STEP 2

typedef struct printer {
    FILE *out;
    const ir_func *f;
    char **names;      /* per value id: the text after '%'; NULL (out of memory): derived from the id */
    int region_depth;  /* > 0 inside an op's region, where returns are stablehlo.return */
} printer;

/* ---- attribute spellings (shared through ir_priv.h) ------------------------- */

const char *ir_cmp_dir_name(ir_cmp_dir dir) {
    static const char *const names[] = {"EQ", "NE", "GE", "GT", "LE", "LT"};
    return (unsigned)dir < sizeof names / sizeof *names ? names[dir] : "?";
}

const char *ir_cmp_type_name(ir_cmp_type type) {
    static const char *const names[] = {"NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED"};
    return (unsigned)type < sizeof names / sizeof *names ? names[type] : "?";
}

/* ---- symbols ----------------------------------------------------------------- */

/* @name, bare where it is an MLIR bare-id ([A-Za-z_][A-Za-z0-9_$.]*), else
 * quoted: '"' and '\\' escaped, other bytes outside printable ASCII as
 * \XX (hex), the escapes the front end reads back, so any name round-trips. */
static void print_symbol(FILE *out, const char *name) {
    bool bare = isalpha((unsigned char)name[0]) || name[0] == '_';
    for (const char *c = name; bare && *c; c++)
        bare = isalnum((unsigned char)*c) || strchr("_$.", *c);
    if (bare) {
        fprintf(out, "@%s", name);
        return;
    }
    fputs("@\"", out);
    for (const unsigned char *c = (const unsigned char *)name; *c; c++) {
        if (*c == '"' || *c == '\\') fprintf(out, "\\%c", *c);
        else if (*c >= 0x20 && *c < 0x7f) fputc(*c, out);
        else fprintf(out, "\\%02X", *c);
    }
    fputc('"', out);
}

/* ---- value names ---------------------------------------------------------- */

/* One printed definition: a block argument, or all results of one op. */
typedef struct name_slot {
    const ir_value_id *ids;
    int count;
    bool is_arg;
    char *wanted;      /* the source name to keep if no other slot wants it; owned */
} name_slot;

typedef struct slot_list {
    name_slot *v;
    int n, cap;
    bool failed;       /* out of memory: names fall back to value ids */
} slot_list;

/* MLIR value names: digits only, or [A-Za-z_$.-] then [A-Za-z0-9_$.-]*. */
static bool is_valid_name(const char *s) {
    if (!*s) return false;
    bool digits_only = true;
    for (const char *c = s; *c; c++) {
        bool word = isalpha((unsigned char)*c) || strchr("_$.-", *c);
        if (!word && !isdigit((unsigned char)*c)) return false;
        if (!isdigit((unsigned char)*c)) digits_only = false;
    }
    return digits_only || !isdigit((unsigned char)s[0]);
}

static const char *source_name(const ir_func *f, ir_value_id id) {
    return id >= 0 && id < f->nvalues ? f->values[id].name : NULL;
}

/* The source name of a group: results named alike ("r" for all) or as a
 * parser splits "%r:2" ("r#0", "r#1"). */
static char *wanted_group_name(const ir_func *f, const ir_value_id *ids, int count) {
    const char *first = source_name(f, ids[0]);
    if (!first) return NULL;
    size_t base = strcspn(first, "#");
    for (int i = 0; i < count; i++) {
        const char *name = source_name(f, ids[i]);
        if (!name) return NULL;
        bool same = strcmp(name, first) == 0;
        bool numbered = strncmp(name, first, base) == 0 && name[base] == '#' && atoi(name + base + 1) == i;
        if (!same && !numbered) return NULL;
    }
    return mem_strndup(first, base);
}

/* The source name a slot would like to keep; NULL when it has none (or no
 * memory for it: the slot is then numbered, which is still correct). */
static char *wanted_name(const ir_func *f, const ir_value_id *ids, int count) {
    const char *src = source_name(f, ids[0]);
    char *name = !src ? NULL : count == 1 ? mem_strdup(src) : wanted_group_name(f, ids, count);
    if (name && !is_valid_name(name)) {
        mem_free(name);
        return NULL;
    }
    return name;
}

static void add_slot(slot_list *l, const ir_func *f, const ir_value_id *ids, int count, bool is_arg) {
    if (l->failed || count <= 0) return;
    if (mem_grow((void **)&l->v, &l->cap, l->n + 1, sizeof *l->v)) {
        l->failed = true;
        return;
    }
    l->v[l->n++] = (name_slot){ids, count, is_arg, wanted_name(f, ids, count)};
}

typedef enum reduce_form { REDUCE_GENERIC, REDUCE_COMPACT, REDUCE_REDUCER } reduce_form;
static reduce_form reduce_form_of(const printer *p, const ir_op *op);
static bool prints_pretty(const ir_op *op);

/* Slots in print order, which fixes the numbering: an op's results, then
 * the contents of its regions (unless the op prints without them). */
static void collect_slots(const printer *p, const ir_block *b, slot_list *l) {
    for (int i = 0; i < b->nargs; i++) add_slot(l, p->f, &b->args[i], 1, true);
    for (int i = 0; i < b->nops; i++) {
        const ir_op *op = b->ops[i];
        if (!op) continue;
        add_slot(l, p->f, op->out, op->nout, false);
        if (op->code == IR_REDUCE && reduce_form_of(p, op) == REDUCE_COMPACT) continue;
        for (int r = 0; r < op->nregions; r++)
            if (op->regions[r]) collect_slots(p, op->regions[r], l);
    }
}

static int compare_strings(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* How many slots want `name`, in the sorted list of wanted names. */
static int wanted_count(char **sorted, int n, const char *name) {
    char **hit = bsearch(&name, sorted, (size_t)n, sizeof *sorted, compare_strings);
    if (!hit) return 0;
    int count = 1;
    for (char **q = hit - 1; q >= sorted && strcmp(*q, name) == 0; q--) count++;
    for (char **q = hit + 1; q < sorted + n && strcmp(*q, name) == 0; q++) count++;
    return count;
}

/* The slot's name: the wanted one when no other slot wants it, else the
 * next "argN" / "N" that no kept name uses (written into buf). */
static const char *choose_name(const name_slot *s, char **sorted, int nsorted, int *next_arg, int *next_result,
                               char *buf, size_t size) {
    if (s->wanted && wanted_count(sorted, nsorted, s->wanted) == 1) return s->wanted;
    do {
        if (s->is_arg) snprintf(buf, size, "arg%d", (*next_arg)++);
        else snprintf(buf, size, "%d", (*next_result)++);
    } while (wanted_count(sorted, nsorted, buf) == 1);
    return buf;
}

/* Stores name for every value of the slot ("x", or "x#0", "x#1", ...). */
static bool store_slot_names(printer *p, const name_slot *s, const char *name) {
    for (int i = 0; i < s->count; i++) {
        ir_value_id id = s->ids[i];
        if (id < 0 || id >= p->f->nvalues) continue;
        char buf[300];
        if (s->count > 1) snprintf(buf, sizeof buf, "%s#%d", name, i);
        mem_free(p->names[id]);
        p->names[id] = mem_strdup(s->count > 1 ? buf : name);
        if (!p->names[id]) return false;
    }
    return true;
}

static void free_names(printer *p) {
    if (!p->names) return;
    for (int i = 0; i < p->f->nvalues; i++) mem_free(p->names[i]);
    mem_free(p->names);
    p->names = NULL;
}

static bool name_slots(printer *p, const slot_list *l) {
    char **sorted = mem_calloc(l->n > 0 ? (size_t)l->n : 1, sizeof *sorted);
    if (!sorted) return false;
    int nsorted = 0;
    for (int i = 0; i < l->n; i++)
        if (l->v[i].wanted) sorted[nsorted++] = l->v[i].wanted;
    qsort(sorted, (size_t)nsorted, sizeof *sorted, compare_strings);
    int next_arg = 0, next_result = 0;
    bool ok = true;
    for (int i = 0; ok && i < l->n; i++) {
        char buf[32];
        const char *name = choose_name(&l->v[i], sorted, nsorted, &next_arg, &next_result, buf, sizeof buf);
        ok = store_slot_names(p, &l->v[i], name);
    }
    mem_free(sorted);
    return ok;
}

static void assign_names(printer *p) {
    slot_list l = {0};
    if (p->f->body) collect_slots(p, p->f->body, &l);
    p->names = l.failed ? NULL : mem_calloc(p->f->nvalues > 0 ? (size_t)p->f->nvalues : 1, sizeof *p->names);
    if (p->names && !name_slots(p, &l)) free_names(p);
    for (int i = 0; i < l.n; i++) mem_free(l.v[i].wanted);
    mem_free(l.v);
}

/* The text after '%' for value id. */
static const char *value_name(const printer *p, ir_value_id id, char *buf, size_t size) {
    if (id < 0 || id >= p->f->nvalues) {
        snprintf(buf, size, "<bad value %d>", id);
        return buf;
    }
    if (p->names && p->names[id]) return p->names[id];
    const ir_value *val = &p->f->values[id];
    if (val->def && val->def->nout > 1) snprintf(buf, size, "v%d#%d", val->def->out[0], val->def_index);
    else snprintf(buf, size, "v%d", id);
    return buf;
}

/* ---- small printing helpers ------------------------------------------------ */

static void print_indent(const printer *p, int indent) { fprintf(p->out, "%*s", indent, ""); }

static void print_ref(const printer *p, ir_value_id id) {
    char buf[64];
    fprintf(p->out, "%%%s", value_name(p, id, buf, sizeof buf));
}

static void print_refs(const printer *p, const ir_value_id *ids, int n) {
    for (int i = 0; i < n; i++) {
        if (i) fputs(", ", p->out);
        print_ref(p, ids[i]);
    }
}

static void print_type(const printer *p, const ir_type *t) { fputs(ir_type_text_of(t).s, p->out); }

static void print_value_type(const printer *p, ir_value_id id) {
    if (id < 0 || id >= p->f->nvalues) fputs("<?>", p->out);
    else print_type(p, &p->f->values[id].type);
}

static void print_value_types(const printer *p, const ir_value_id *ids, int n) {
    for (int i = 0; i < n; i++) {
        if (i) fputs(", ", p->out);
        print_value_type(p, ids[i]);
    }
}

/* "-> T" for one result, "-> (T1, T2)" or "-> ()" otherwise. */
static void print_result_types(const printer *p, const ir_value_id *ids, int n) {
    fputs(" -> ", p->out);
    if (n != 1) fputc('(', p->out);
    print_value_types(p, ids, n);
    if (n != 1) fputc(')', p->out);
}

/* "(T1, T2) -> R" */
static void print_functional_type(const printer *p, const ir_op *op) {
    fputc('(', p->out);
    print_value_types(p, op->in, op->nin);
    fputc(')', p->out);
    print_result_types(p, op->out, op->nout);
}

static bool value_types_equal(const printer *p, ir_value_id a, ir_value_id b) {
    int n = p->f->nvalues;
    return a >= 0 && a < n && b >= 0 && b < n && ir_type_eq(&p->f->values[a].type, &p->f->values[b].type);
}

/* One type when all operands and the result share it ("tensor<2xf32>"),
 * else the functional type. */
static void print_op_type(const printer *p, const ir_op *op) {
    bool same = op->nout == 1;
    for (int i = 0; same && i < op->nin; i++) same = value_types_equal(p, op->in[i], op->out[0]);
    if (same) print_value_type(p, op->out[0]);
    else print_functional_type(p, op);
}

static void print_ints(const printer *p, const ir_ints *l) {
    fputc('[', p->out);
    for (int i = 0; l->v && i < l->n; i++) fprintf(p->out, "%s%lld", i ? ", " : "", (long long)l->v[i]);
    fputc(']', p->out);
}

/* ---- constants -------------------------------------------------------------- */

/* Shortest "%.Ng" that reads back as the same value, with a '.' so that it
 * lexes as a float in MLIR ("1.0", "1.0e+10"). */
static void format_real(double x, bool single, char *buf, size_t size) {
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(buf, size, "%.*g", prec, x);
        if (single ? strtof(buf, NULL) == (float)x : strtod(buf, NULL) == x) break;
    }
    if (strchr(buf, '.')) return;
    char *e = strchr(buf, 'e');
    char exponent[16] = "";
    if (e) {
        snprintf(exponent, sizeof exponent, "%s", e);
        *e = 0;
    }
    size_t len = strlen(buf);
    snprintf(buf + len, size - len, ".0%s", exponent);
}

static int64_t load_signed(const unsigned char *at, size_t size) {
    int8_t i8; int16_t i16; int32_t i32; int64_t i64;
    switch (size) {
    case 1: memcpy(&i8, at, 1); return i8;
    case 2: memcpy(&i16, at, 2); return i16;
    case 4: memcpy(&i32, at, 4); return i32;
    default: memcpy(&i64, at, 8); return i64;
    }
}

static uint64_t load_unsigned(const unsigned char *at, size_t size) {
    uint8_t u8; uint16_t u16; uint32_t u32; uint64_t u64;
    switch (size) {
    case 1: memcpy(&u8, at, 1); return u8;
    case 2: memcpy(&u16, at, 2); return u16;
    case 4: memcpy(&u32, at, 4); return u32;
    default: memcpy(&u64, at, 8); return u64;
    }
}

/* Floats print in decimal when finite, else (and for the 16-bit types,
 * which C cannot print) as their bit pattern, as MLIR does: 0x7F800000. */
static void print_element(FILE *out, ir_dtype dtype, const unsigned char *at) {
    char buf[48];
    size_t size = ir_dtype_size(dtype);
    if (dtype == IR_I1) {
        fputs(*at ? "true" : "false", out);
    } else if (dtype == IR_F32 || dtype == IR_F64) {
        float x32;
        double x64;
        if (dtype == IR_F32) memcpy(&x32, at, 4);
        else memcpy(&x64, at, 8);
        double x = dtype == IR_F32 ? x32 : x64;
        if (!isfinite(x)) {
            fprintf(out, "0x%0*llX", (int)size * 2, (unsigned long long)load_unsigned(at, size));
            return;
        }
        format_real(x, dtype == IR_F32, buf, sizeof buf);
        fputs(buf, out);
    } else if (ir_dtype_is_float(dtype)) {
        fprintf(out, "0x%0*llX", (int)size * 2, (unsigned long long)load_unsigned(at, size));
    } else if (ir_dtype_is_unsigned(dtype)) {
        fprintf(out, "%llu", (unsigned long long)load_unsigned(at, size));
    } else {
        fprintf(out, "%lld", (long long)load_signed(at, size));
    }
}

/* Nested lists, row-major: [[1, 2], [3, 4]]. Returns the next element. */
static const unsigned char *print_nested(FILE *out, const ir_type *t, int dim, const unsigned char *at) {
    if (dim == t->rank) {
        print_element(out, t->dtype, at);
        return at + ir_dtype_size(t->dtype);
    }
    fputc('[', out);
    for (int64_t i = 0; i < t->dims[dim]; i++) {
        if (i) fputs(", ", out);
        at = print_nested(out, t, dim + 1, at);
    }
    fputc(']', out);
    return at;
}

static bool all_elements_equal(const ir_type *t, const unsigned char *data) {
    size_t size = ir_dtype_size(t->dtype), bytes = ir_type_bytes(t);
    for (size_t at = size; at < bytes; at += size)
        if (memcmp(data, data + at, size) != 0) return false;
    return true;
}

/* dense<...>: a splat when all elements are equal (dense<0.0>), a list up
 * to DENSE_LIST_MAX elements, else the raw bytes in hex as MLIR prints
 * them (little-endian, i1 one byte each). */
static void print_dense(const printer *p, const ir_type *t, const unsigned char *data) {
    char why[256];
    fputs("dense<", p->out);
    if (!data || (ir_type_problem(t, why, sizeof why) == DIAG_INVALID)) {
        fputs("?", p->out);
    } else if (ir_type_numel(t) == 0) {
    } else if (all_elements_equal(t, data)) {
        print_element(p->out, t->dtype, data);
    } else if (ir_type_numel(t) > DENSE_LIST_MAX) {
        fputs("\"0x", p->out);
        for (size_t i = 0; i < ir_type_bytes(t); i++) fprintf(p->out, "%02X", data[i]);
        fputc('"', p->out);
    } else {
        print_nested(p->out, t, 0, data);
    }
    fputc('>', p->out);
}

/* ---- ops -------------------------------------------------------------------- */

static void print_block_ops(printer *p, const ir_block *b, int indent);

/* "%x = " or "%x:2 = " (nothing for ops without results). */
static void print_result_names(const printer *p, const ir_op *op) {
    if (op->nout <= 0) return;
    char buf[64];
    const char *name = value_name(p, op->out[0], buf, sizeof buf);
    if (op->nout == 1) fprintf(p->out, "%%%s = ", name);
    else fprintf(p->out, "%%%.*s:%d = ", (int)strcspn(name, "#"), name, op->nout);
}

static void print_constant(printer *p, const ir_op *op) {
    fprintf(p->out, "%s ", ir_op_name(op->code));
    const ir_type *t = &p->f->values[op->out[0]].type;
    print_dense(p, t, op->a.data);
    fputs(" : ", p->out);
    print_type(p, t);
}

static void print_iota(printer *p, const ir_op *op) {
    fprintf(p->out, "%s dim = %lld : ", ir_op_name(op->code), (long long)op->a.axis);
    print_value_type(p, op->out[0]);
}

/* "name %a, %b" */
static void print_name_and_operands(const printer *p, const ir_op *op) {
    fprintf(p->out, "%s ", ir_op_name(op->code));
    print_refs(p, op->in, op->nin);
}

/* reshape, convert: "name %a : (T) -> R" */
static void print_with_functional_type(printer *p, const ir_op *op) {
    print_name_and_operands(p, op);
    fputs(" : ", p->out);
    print_functional_type(p, op);
}

/* elementwise, clamp: "name %a, %b : T" */
static void print_with_op_type(printer *p, const ir_op *op) {
    print_name_and_operands(p, op);
    fputs(" : ", p->out);
    print_op_type(p, op);
}

/* broadcast_in_dim, transpose: "name %a, dims = [..] : (T) -> R" */
static void print_with_dims(printer *p, const ir_op *op) {
    print_name_and_operands(p, op);
    fputs(", dims = ", p->out);
    print_ints(p, &op->a.dims);
    fputs(" : ", p->out);
    print_functional_type(p, op);
}

/* "stablehlo.reduce_precision %a, format = e5m10 : T" */
static void print_reduce_precision(printer *p, const ir_op *op) {
    print_name_and_operands(p, op);
    fprintf(p->out, ", format = e%dm%d : ", op->a.exponent_bits, op->a.mantissa_bits);
    print_op_type(p, op);
}

static void print_reverse(printer *p, const ir_op *op) {
    print_name_and_operands(p, op);
    fputs(", dims = ", p->out);
    print_ints(p, &op->a.dims);
    fputs(" : ", p->out);
    print_op_type(p, op);
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
    print_functional_type(p, op);
}

static void print_concatenate(printer *p, const ir_op *op) {
    print_name_and_operands(p, op);
    fprintf(p->out, ", dim = %lld : ", (long long)op->a.axis);
    print_functional_type(p, op);
}

/* "stablehlo.select %p, %a, %b : P, T" when the branches and the result
 * share T, else the functional type. */
static void print_select(printer *p, const ir_op *op) {
    print_name_and_operands(p, op);
    fputs(" : ", p->out);
    if (value_types_equal(p, op->in[1], op->out[0]) && value_types_equal(p, op->in[2], op->out[0])) {
        print_value_type(p, op->in[0]);
        fputs(", ", p->out);
        print_value_type(p, op->out[0]);
    } else {
        print_functional_type(p, op);
    }
}

/* MLIR's own spacing: "stablehlo.compare  GT, %a, %b,  FLOAT : ..." */
static void print_compare(printer *p, const ir_op *op) {
    fprintf(p->out, "%s  %s, ", ir_op_name(op->code), ir_cmp_dir_name(op->a.cmp));
    print_refs(p, op->in, op->nin);
    if (op->a.cmp_type != IR_CMPT_NOTYPE) fprintf(p->out, ",  %s", ir_cmp_type_name(op->a.cmp_type));
    fputs(" : ", p->out);
    print_functional_type(p, op);
}

static void print_dim_pair(const printer *p, const char *what, const ir_ints *lhs, const ir_ints *rhs) {
    fprintf(p->out, ", %s = ", what);
    print_ints(p, lhs);
    fputs(" x ", p->out);
    print_ints(p, rhs);
}

/* batching_dims only when there are some; contracting_dims always. */
static void print_dot_general(printer *p, const ir_op *op) {
    const ir_attrs *a = &op->a;
    print_name_and_operands(p, op);
    if (a->lhs_batch.n || a->rhs_batch.n) print_dim_pair(p, "batching_dims", &a->lhs_batch, &a->rhs_batch);
    print_dim_pair(p, "contracting_dims", &a->lhs_contract, &a->rhs_contract);
    fputs(" : ", p->out);
    print_functional_type(p, op);
}

/* The compact form "applies stablehlo.add" fits a single-input reduce whose
 * body applies one binary elementwise op to (acc, x), in input's element
 * type, and returns it. The reducer form needs 2 arguments per input. */
static reduce_form reduce_form_of(const printer *p, const ir_op *op) {
    if (!prints_pretty(op)) return REDUCE_GENERIC;
    const ir_block *body = op->regions[0];
    int n = op->nin / 2;
    if (body->nargs != 2 * n || !ir_block_terminator(body)) return REDUCE_GENERIC;
    if (n != 1 || body->nops != 2) return REDUCE_REDUCER;
    const ir_op *inner = body->ops[0], *ret = body->ops[1];
    bool fits = inner && ir_op_kind_of(inner->code) == IR_KIND_BINARY && inner->nin == 2 && inner->nout == 1 &&
                inner->nregions == 0 && inner->in[0] == body->args[0] && inner->in[1] == body->args[1] &&
                ret->nin == 1 && ret->in[0] == inner->out[0];
    const ir_value_id init = op->in[1];
    fits = fits && value_types_equal(p, body->args[0], init) && value_types_equal(p, body->args[1], init) &&
           value_types_equal(p, inner->out[0], init);
    return fits ? REDUCE_COMPACT : REDUCE_REDUCER;
}

/* "stablehlo.reduce(%x init: %c), (%y init: %d) " */
static void print_reduce_inputs(const printer *p, const ir_op *op) {
    int n = op->nin / 2;
    fprintf(p->out, "%s(", ir_op_name(op->code));
    for (int k = 0; k < n; k++) {
        if (k) fputs(", (", p->out);
        print_ref(p, op->in[k]);
        fputs(" init: ", p->out);
        print_ref(p, op->in[n + k]);
        fputc(')', p->out);
    }
    fputc(' ', p->out);
}

static void print_reduce_signature(const printer *p, const ir_op *op) {
    fputs("across dimensions = ", p->out);
    print_ints(p, &op->a.dims);
    fputs(" : ", p->out);
    print_functional_type(p, op);
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
            print_ref(p, arg);
            fputs(": ", p->out);
            print_value_type(p, arg);
        }
        fputc(')', p->out);
    }
    fputs("  {\n", p->out);
}

static void print_reduce_at(printer *p, const ir_op *op, int indent) {
    const ir_block *body = op->regions[0];
    print_reduce_inputs(p, op);
    if (reduce_form_of(p, op) == REDUCE_COMPACT) {
        fprintf(p->out, "applies %s ", ir_op_name(body->ops[0]->code));
        print_reduce_signature(p, op);
        return;
    }
    print_reduce_signature(p, op);
    fputc('\n', p->out);
    print_indent(p, indent + 1);
    print_reducer_header(p, body, op->nin / 2);
    p->region_depth++;
    print_block_ops(p, body, indent + INDENT_STEP);
    p->region_depth--;
    print_indent(p, indent);
    fputc('}', p->out);
}

/* "stablehlo.pad %x, %v, low = [..], high = [..], interior = [..] : (X, V) -> R" */
static void print_pad(printer *p, const ir_op *op) {
    print_name_and_operands(p, op);
    fputs(", low = ", p->out);
    print_ints(p, &op->a.low);
    fputs(", high = ", p->out);
    print_ints(p, &op->a.high);
    fputs(", interior = ", p->out);
    print_ints(p, &op->a.interior);
    fputs(" : ", p->out);
    print_functional_type(p, op);
}

static void print_dynamic_slice(printer *p, const ir_op *op) {
    print_name_and_operands(p, op);
    fputs(", sizes = ", p->out);
    print_ints(p, &op->a.sizes);
    fputs(" : ", p->out);
    print_functional_type(p, op);
}

static void print_get_dimension_size(printer *p, const ir_op *op) {
    print_name_and_operands(p, op);
    fprintf(p->out, ", dim = %lld : ", (long long)op->a.axis);
    print_functional_type(p, op);
}

/* "stablehlo.optimization_barrier %a, %b : A, B" */
static void print_optimization_barrier(printer *p, const ir_op *op) {
    print_name_and_operands(p, op);
    fputs(" : ", p->out);
    print_value_types(p, op->in, op->nin);
}

/* "name = [..]" inside #stablehlo.gather<...>, only for a non-empty list. */
static void print_dims_field(const printer *p, const char *name, const ir_ints *l, bool *first) {
    if (l->n == 0) return;
    fprintf(p->out, "%s%s = ", *first ? "" : ", ", name);
    print_ints(p, l);
    *first = false;
}

/* The properties of gather and scatter, as MLIR prints them:
 * <{dimension_numbers = #stablehlo.gather<...>, indices_are_sorted = true, slice_sizes = array<i64: ..>}> */
static void print_index_properties(const printer *p, const ir_op *op) {
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
    print_symbol(p->out, op->a.callee ? op->a.callee : "<no callee>");
    fputc('(', p->out);
    print_refs(p, op->in, op->nin);
    fputs(") : ", p->out);
    print_functional_type(p, op);
}

/* func.return in a function body; stablehlo.return in an op's region. */
static void print_return(printer *p, const ir_op *op) {
    fputs(p->region_depth > 0 ? "stablehlo.return" : ir_op_name(op->code), p->out);
    if (op->nin == 0) return;
    fputc(' ', p->out);
    print_refs(p, op->in, op->nin);
    fputs(" : ", p->out);
    print_value_types(p, op->in, op->nin);
}

/* "check.expect_close %a, %b, max_ulp_difference = 3 : T, U": expect_eq
 * and expect_almost_eq print one type when both share it. */
static void print_check(printer *p, const ir_op *op) {
    const ir_attrs *a = &op->a;
    print_name_and_operands(p, op);
    if (op->code == IR_CHECK_ALMOST_EQ) {
        char buf[48];
        format_real(a->tolerance, false, buf, sizeof buf);
        fprintf(p->out, ", tolerance = %s", buf);
    } else if (op->code == IR_CHECK_CLOSE) {
        fprintf(p->out, ", max_ulp_difference = %llu", (unsigned long long)a->max_ulp);
        if (a->min_ulp) fprintf(p->out, ", min_ulp_difference = %llu", (unsigned long long)a->min_ulp);
    }
    fputs(" : ", p->out);
    if (op->code != IR_CHECK_CLOSE && value_types_equal(p, op->in[0], op->in[1])) print_value_type(p, op->in[0]);
    else print_value_types(p, op->in, op->nin);
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
static void print_props(const printer *p, const ir_op *op) {
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
        print_ints(p, &a->dims);
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
    case IR_TRIANGULAR_SOLVE: {
        static const char *const words[] = {"NO_TRANSPOSE", "TRANSPOSE", "ADJOINT"};
        fprintf(p->out, "left_side = %s, lower = %s, unit_diagonal = %s, transpose_a = #stablehlo<transpose %s>",
                a->left_side ? "true" : "false", a->lower ? "true" : "false", a->unit_diagonal ? "true" : "false",
                (unsigned)a->transpose_a < 3 ? words[a->transpose_a] : "?");
        break;
    }
    case IR_CHOLESKY: fprintf(p->out, "lower = %s", a->lower ? "true" : "false"); break;
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

static bool has_props(ir_opcode code) {
    switch (code) {
    case IR_FUSION: case IR_REDUCE: case IR_MAP: case IR_SORT: case IR_CONVOLUTION: case IR_REDUCE_WINDOW:
    case IR_SELECT_AND_SCATTER: case IR_TRIANGULAR_SOLVE: case IR_CHOLESKY:
        return true;
    default:
        return false;
    }
}

/* "name"(%a, %b) <{props}> ({ ^bb0(...): ... }) : (T, T) -> (R): for ops
 * without a pretty form, and ops whose counts do not fit theirs. */
static void print_generic_at(printer *p, const ir_op *op, int indent) {
    bool known = (unsigned)op->code < IR_OPCODE_COUNT;
    fprintf(p->out, "\"%s\"(", known ? ir_op_name(op->code) : "<unknown op>");
    print_refs(p, op->in, op->nin);
    fputc(')', p->out);
    if (known && has_props(op->code)) print_props(p, op);
    if (op->code == IR_GATHER || op->code == IR_SCATTER) print_index_properties(p, op);
    for (int r = 0; r < op->nregions; r++) {
        const ir_block *b = op->regions[r];
        fputs(r ? ", {\n" : " ({\n", p->out);
        print_indent(p, indent);
        if (!b) {
            fputc('}', p->out);
            continue;
        }
        fputs("^bb0(", p->out);
        for (int i = 0; i < b->nargs; i++) {
            if (i) fputs(", ", p->out);
            print_ref(p, b->args[i]);
            fputs(": ", p->out);
            print_value_type(p, b->args[i]);
        }
        fputs("):\n", p->out);
        p->region_depth++;
        print_block_ops(p, b, indent + INDENT_STEP);
        p->region_depth--;
        print_indent(p, indent);
        fputc('}', p->out);
    }
    if (op->nregions) fputc(')', p->out);
    fputs(" : (", p->out);
    print_value_types(p, op->in, op->nin);
    fputs(") -> (", p->out);
    print_value_types(p, op->out, op->nout);
    fputc(')', p->out);
}

typedef void (*op_printer)(printer *p, const ir_op *op);

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

static op_printer printer_of(ir_opcode code) {
    switch (ir_op_kind_of(code)) {
    case IR_KIND_UNARY: case IR_KIND_BINARY: return print_with_op_type;
    case IR_KIND_CHECK: return print_check;
    default: return other_printers[code];
    }
}

/* The pretty form reads operands and results by position; it needs the
 * counts the op defines. */
static bool prints_pretty(const ir_op *op) { return ir_op_counts_fit(op); }

static void print_op(printer *p, const ir_op *op, int indent) {
    print_indent(p, indent);
    print_result_names(p, op);
    if (!prints_pretty(op)) print_generic_at(p, op, indent);
    else if (op->code == IR_REDUCE && reduce_form_of(p, op) != REDUCE_GENERIC) print_reduce_at(p, op, indent);
    else if (!printer_of(op->code)) print_generic_at(p, op, indent);
    else printer_of(op->code)(p, op);
    fputc('\n', p->out);
}

static void print_block_ops(printer *p, const ir_block *b, int indent) {
    for (int i = 0; i < b->nops; i++) {
        if (b->ops[i]) print_op(p, b->ops[i], indent);
        else fprintf(p->out, "%*s// op %d is missing\n", indent, "", i);
    }
}

/* ---- functions and modules ----------------------------------------------------- */

static void print_func_at(FILE *out, const ir_func *f, int indent) {
    printer p = {out, f, NULL, 0};
    assign_names(&p);
    print_indent(&p, indent);
    fprintf(out, "func.func %s ", f->is_public ? "public" : "private");
    print_symbol(out, f->name);
    fputc('(', out);
    for (int i = 0; f->body && i < f->body->nargs; i++) {
        if (i) fputs(", ", out);
        print_ref(&p, f->body->args[i]);
        fputs(": ", out);
        print_value_type(&p, f->body->args[i]);
    }
    fputc(')', out);
    if (f->nresults > 0 && f->result_types) {
        fputs(" -> (", out);
        for (int i = 0; i < f->nresults; i++) {
            if (i) fputs(", ", out);
            print_type(&p, &f->result_types[i]);
        }
        fputc(')', out);
    }
    fputs(" {\n", out);
    if (f->body) print_block_ops(&p, f->body, indent + INDENT_STEP);
    print_indent(&p, indent);
    fputs("}\n", out);
    free_names(&p);
}

void ir_print_func(FILE *out, const ir_module *m, const ir_func *f) {
    (void)m;
    print_func_at(out, f, 0);
}

void ir_print_module(FILE *out, const ir_module *m) {
    if (m->name) {
        fputs("module ", out);
        print_symbol(out, m->name);
        fputs(" {\n", out);
    }
    else fputs("module {\n", out);
    for (int i = 0; i < m->nfuncs; i++) print_func_at(out, m->funcs[i], INDENT_STEP);
    fputs("}\n", out);
}
