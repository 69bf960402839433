/* ir_fixture: building small IR functions in tests.
 *
 *   fixture x = fx_begin();
 *   ir_value_id a = fx_param(&x, ty(IR_F32, 2, 2, 3));
 *   ir_op *op = fx_op(&x, IR_ADD, IDS(a, a), ty(IR_F32, 2, 2, 3));
 *   EXPECT_EQ_INT(fx_finish(&x, op), DIAG_OK);   // returns op's results, verifies
 *   fx_end(&x);
 */
#ifndef IR_FIXTURE_H
#define IR_FIXTURE_H
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"
#include "util/mem.h"

typedef struct fixture {
    ir_module *m;
    ir_func *f;     /* @main, the function being built */
    diag d;
} fixture;

/* Operand lists: IDS(a, b) expands to a count and an array; NO_IDS to none. */
#define IDS(...) (int)(sizeof((ir_value_id[]){__VA_ARGS__}) / sizeof(ir_value_id)), (ir_value_id[]){__VA_ARGS__}
#define NO_IDS 0, NULL

/* ty(IR_F32, 2, 2, 3) is tensor<2x3xf32>. */
static inline ir_type ty(ir_dtype dtype, int rank, ...) {
    int64_t dims[IR_MAX_RANK] = {0};
    va_list ap;
    va_start(ap, rank);
    for (int i = 0; i < rank && i < IR_MAX_RANK; i++) dims[i] = va_arg(ap, int);
    va_end(ap);
    return ir_type_make(dtype, rank, dims);
}

static inline fixture fx_begin(void) {
    fixture x = {0};
    x.m = ir_module_new();
    x.f = ir_func_new(x.m, "main");
    return x;
}

static inline void fx_end(fixture *x) { ir_module_free(x->m); }

/* Adds a function to x's module (for calls); it becomes the one built. */
static inline ir_func *fx_func(fixture *x, const char *name) {
    x->f = ir_func_new(x->m, name);
    return x->f;
}

static inline ir_value_id fx_param(fixture *x, ir_type t) { return ir_block_add_arg(x->f, x->f->body, &t); }

/* Appends an op with one result of type out (nout 0 for IR_KIND_CHECK). */
static inline ir_op *fx_op(fixture *x, ir_opcode code, int nin, const ir_value_id *in, ir_type out) {
    int nout = ir_op_kind_of(code) == IR_KIND_CHECK || code == IR_RETURN ? 0 : 1;
    return ir_op_append(x->f, x->f->body, code, nin, in, nout, &out);
}

static inline ir_op *fx_op_in(fixture *x, ir_block *b, ir_opcode code, int nin, const ir_value_id *in,
                              int nout, const ir_type *out) {
    return ir_op_append(x->f, b, code, nin, in, nout, out);
}

/* Sets an attribute list: fx_ints(&op->a.dims, 2, 0, 1). */
static inline void fx_ints(ir_ints *dst, int n, ...) {
    int64_t v[16];
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n && i < 16; i++) v[i] = va_arg(ap, int);
    va_end(ap);
    ir_ints_set(dst, n, v);
}

/* A constant filled from `bytes` (ir_type_bytes(&t) of them). */
static inline ir_op *fx_const(fixture *x, ir_type t, const void *bytes) {
    ir_op *op = fx_op(x, IR_CONSTANT, NO_IDS, t);
    op->a.data = mem_alloc(ir_type_bytes(&t));
    memcpy(op->a.data, bytes, ir_type_bytes(&t));
    return op;
}

/* Ends x->f with a return of n values and declares their types as its
 * results. */
static inline void fx_return(fixture *x, int n, const ir_value_id *vals) {
    ir_type types[16];
    for (int i = 0; i < n && i < 16; i++) types[i] = x->f->values[vals[i]].type;
    ir_op_append(x->f, x->f->body, IR_RETURN, n, vals, 0, NULL);
    ir_func_set_results(x->f, n, types);
}

/* Returns op's results from @main and verifies the module. */
static inline int fx_finish(fixture *x, const ir_op *op) {
    fx_return(x, op ? op->nout : 0, op ? op->out : NULL);
    return ir_verify_module(x->m, &x->d);
}

/* The printed module, as a malloc'ed string (free()). */
static inline char *fx_print(const ir_module *m, const ir_func *only) {
    FILE *tmp = tmpfile();
    if (!tmp) return NULL;
    if (only) ir_print_func(tmp, m, only);
    else ir_print_module(tmp, m);
    long size = ftell(tmp);
    char *text = malloc((size_t)size + 1);
    rewind(tmp);
    size_t got = fread(text, 1, (size_t)size, tmp);
    text[got] = 0;
    fclose(tmp);
    return text;
}

#define EXPECT_STREQ(actual, expected) do { const char *a_ = (actual), *e_ = (expected); \
    if (!a_ || strcmp(a_, e_) != 0) { \
        fprintf(stderr, "%s:%d: got\n%s\nexpected\n%s\n", __FILE__, __LINE__, a_ ? a_ : "(null)", e_); \
        testing_failed_checks++; } } while (0)

#endif
