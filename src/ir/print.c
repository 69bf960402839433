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
#include "print_internal.h"

/* Constants with more elements than this print as a hex blob. */
#define DENSE_LIST_MAX 16

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
void pr_print_symbol(FILE *out, const char *name) {
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

/* Slots in print order, which fixes the numbering: an op's results, then
 * the contents of its regions (unless the op prints without them). */
static void collect_slots(const printer *p, const ir_block *b, slot_list *l) {
    for (int i = 0; i < b->nargs; i++) add_slot(l, p->f, &b->args[i], 1, true);
    for (int i = 0; i < b->nops; i++) {
        const ir_op *op = b->ops[i];
        if (!op) continue;
        add_slot(l, p->f, op->out, op->nout, false);
        if (op->code == IR_REDUCE && pr_reduce_form_of(p, op) == REDUCE_COMPACT) continue;
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

void pr_print_indent(const printer *p, int indent) { fprintf(p->out, "%*s", indent, ""); }

void pr_print_ref(const printer *p, ir_value_id id) {
    char buf[64];
    fprintf(p->out, "%%%s", value_name(p, id, buf, sizeof buf));
}

void pr_print_refs(const printer *p, const ir_value_id *ids, int n) {
    for (int i = 0; i < n; i++) {
        if (i) fputs(", ", p->out);
        pr_print_ref(p, ids[i]);
    }
}

void pr_print_type(const printer *p, const ir_type *t) { fputs(ir_type_text_of(t).s, p->out); }

void pr_print_value_type(const printer *p, ir_value_id id) {
    if (id < 0 || id >= p->f->nvalues) fputs("<?>", p->out);
    else pr_print_type(p, &p->f->values[id].type);
}

void pr_print_value_types(const printer *p, const ir_value_id *ids, int n) {
    for (int i = 0; i < n; i++) {
        if (i) fputs(", ", p->out);
        pr_print_value_type(p, ids[i]);
    }
}

/* "-> T" for one result, "-> (T1, T2)" or "-> ()" otherwise. */
static void print_result_types(const printer *p, const ir_value_id *ids, int n) {
    fputs(" -> ", p->out);
    if (n != 1) fputc('(', p->out);
    pr_print_value_types(p, ids, n);
    if (n != 1) fputc(')', p->out);
}

/* "(T1, T2) -> R" */
void pr_print_functional_type(const printer *p, const ir_op *op) {
    fputc('(', p->out);
    pr_print_value_types(p, op->in, op->nin);
    fputc(')', p->out);
    print_result_types(p, op->out, op->nout);
}

bool pr_value_types_equal(const printer *p, ir_value_id a, ir_value_id b) {
    int n = p->f->nvalues;
    return a >= 0 && a < n && b >= 0 && b < n && ir_type_eq(&p->f->values[a].type, &p->f->values[b].type);
}

/* One type when all operands and the result share it ("tensor<2xf32>"),
 * else the functional type. */
void pr_print_op_type(const printer *p, const ir_op *op) {
    bool same = op->nout == 1;
    for (int i = 0; same && i < op->nin; i++) same = pr_value_types_equal(p, op->in[i], op->out[0]);
    if (same) pr_print_value_type(p, op->out[0]);
    else pr_print_functional_type(p, op);
}

void pr_print_ints(const printer *p, const ir_ints *l) {
    fputc('[', p->out);
    for (int i = 0; l->v && i < l->n; i++) fprintf(p->out, "%s%lld", i ? ", " : "", (long long)l->v[i]);
    fputc(']', p->out);
}

/* ---- constants -------------------------------------------------------------- */

/* Shortest "%.Ng" that reads back as the same value, with a '.' so that it
 * lexes as a float in MLIR ("1.0", "1.0e+10"). */
void pr_format_real(double x, bool single, char *buf, size_t size) {
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
        pr_format_real(x, dtype == IR_F32, buf, sizeof buf);
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
void pr_print_dense(const printer *p, const ir_type *t, const unsigned char *data) {
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

/* "%x = " or "%x:2 = " (nothing for ops without results). */
static void print_result_names(const printer *p, const ir_op *op) {
    if (op->nout <= 0) return;
    char buf[64];
    const char *name = value_name(p, op->out[0], buf, sizeof buf);
    if (op->nout == 1) fprintf(p->out, "%%%s = ", name);
    else fprintf(p->out, "%%%.*s:%d = ", (int)strcspn(name, "#"), name, op->nout);
}

/* "name"(%a, %b) <{props}> ({ ^bb0(...): ... }) : (T, T) -> (R): for ops
 * without a pretty form, and ops whose counts do not fit theirs. */
static void print_generic_at(printer *p, const ir_op *op, int indent) {
    bool known = (unsigned)op->code < IR_OPCODE_COUNT;
    fprintf(p->out, "\"%s\"(", known ? ir_op_name(op->code) : "<unknown op>");
    pr_print_refs(p, op->in, op->nin);
    fputc(')', p->out);
    if (known && pr_has_props(op->code)) pr_print_props(p, op);
    if (op->code == IR_GATHER || op->code == IR_SCATTER) pr_print_index_properties(p, op);
    for (int r = 0; r < op->nregions; r++) {
        const ir_block *b = op->regions[r];
        fputs(r ? ", {\n" : " ({\n", p->out);
        pr_print_indent(p, indent);
        if (!b) {
            fputc('}', p->out);
            continue;
        }
        fputs("^bb0(", p->out);
        for (int i = 0; i < b->nargs; i++) {
            if (i) fputs(", ", p->out);
            pr_print_ref(p, b->args[i]);
            fputs(": ", p->out);
            pr_print_value_type(p, b->args[i]);
        }
        fputs("):\n", p->out);
        p->region_depth++;
        pr_print_block_ops(p, b, indent + INDENT_STEP);
        p->region_depth--;
        pr_print_indent(p, indent);
        fputc('}', p->out);
    }
    if (op->nregions) fputc(')', p->out);
    fputs(" : (", p->out);
    pr_print_value_types(p, op->in, op->nin);
    fputs(") -> (", p->out);
    pr_print_value_types(p, op->out, op->nout);
    fputc(')', p->out);
}

/* The pretty form reads operands and results by position; it needs the
 * counts the op defines. */
bool pr_prints_pretty(const ir_op *op) { return ir_op_counts_fit(op); }

static void print_op(printer *p, const ir_op *op, int indent) {
    pr_print_indent(p, indent);
    print_result_names(p, op);
    if (!pr_prints_pretty(op)) print_generic_at(p, op, indent);
    else if (op->code == IR_REDUCE && pr_reduce_form_of(p, op) != REDUCE_GENERIC) pr_print_reduce_at(p, op, indent);
    else if (!pr_printer_of(op->code)) print_generic_at(p, op, indent);
    else pr_printer_of(op->code)(p, op);
    fputc('\n', p->out);
}

void pr_print_block_ops(printer *p, const ir_block *b, int indent) {
    for (int i = 0; i < b->nops; i++) {
        if (b->ops[i]) print_op(p, b->ops[i], indent);
        else fprintf(p->out, "%*s// op %d is missing\n", indent, "", i);
    }
}

/* ---- functions and modules ----------------------------------------------------- */

static void print_func_at(FILE *out, const ir_func *f, int indent) {
    printer p = {out, f, NULL, 0};
    assign_names(&p);
    pr_print_indent(&p, indent);
    fprintf(out, "func.func %s ", f->is_public ? "public" : "private");
    pr_print_symbol(out, f->name);
    fputc('(', out);
    for (int i = 0; f->body && i < f->body->nargs; i++) {
        if (i) fputs(", ", out);
        pr_print_ref(&p, f->body->args[i]);
        fputs(": ", out);
        pr_print_value_type(&p, f->body->args[i]);
        if (i < 64 && (f->donated >> i & 1)) fputs(" {jax.buffer_donor = true}", out);
    }
    fputc(')', out);
    if (f->nresults > 0 && f->result_types) {
        fputs(" -> (", out);
        for (int i = 0; i < f->nresults; i++) {
            if (i) fputs(", ", out);
            pr_print_type(&p, &f->result_types[i]);
        }
        fputc(')', out);
    }
    fputs(" {\n", out);
    if (f->body) pr_print_block_ops(&p, f->body, indent + INDENT_STEP);
    pr_print_indent(&p, indent);
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
        pr_print_symbol(out, m->name);
        fputs(" {\n", out);
    }
    else fputs("module {\n", out);
    for (int i = 0; i < m->nfuncs; i++) print_func_at(out, m->funcs[i], INDENT_STEP);
    fputs("}\n", out);
}
