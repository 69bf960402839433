/* print_internal.h: what the printer's two files share.
 *
 *   print.c      value names, the helpers below, constants, the choice
 *                between the pretty and the generic form, the generic
 *                form's frame, functions and modules
 *   print_ops.c  each op's own text: the pretty forms, the opcode ->
 *                printer table, the generic form's properties <{...}>
 *
 * Not part of the IR's interface; other stages use ir.h. */
#ifndef PRINT_INTERNAL_H
#define PRINT_INTERNAL_H
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "ir_priv.h"

/* Spaces per nesting level. */
#define INDENT_STEP 2

typedef struct printer {
    FILE *out;
    const ir_func *f;
    char **names;      /* per value id: the text after '%'; NULL (out of memory): derived from the id */
    int region_depth;  /* > 0 inside an op's region, where returns are stablehlo.return */
} printer;

/* ---- print.c ------------------------------------------------------------------ */

void pr_print_symbol(FILE *out, const char *name);
void pr_print_indent(const printer *p, int indent);
void pr_print_ref(const printer *p, ir_value_id id);
void pr_print_refs(const printer *p, const ir_value_id *ids, int n);
void pr_print_type(const printer *p, const ir_type *t);
void pr_print_value_type(const printer *p, ir_value_id id);
void pr_print_value_types(const printer *p, const ir_value_id *ids, int n);
void pr_print_functional_type(const printer *p, const ir_op *op);
bool pr_value_types_equal(const printer *p, ir_value_id a, ir_value_id b);
void pr_print_op_type(const printer *p, const ir_op *op);
void pr_print_ints(const printer *p, const ir_ints *l);
void pr_format_real(double x, bool single, char *buf, size_t size);
void pr_print_dense(const printer *p, const ir_type *t, const unsigned char *data);
bool pr_prints_pretty(const ir_op *op);
void pr_print_block_ops(printer *p, const ir_block *b, int indent);

/* ---- print_ops.c -------------------------------------------------------------- */

typedef void (*op_printer)(printer *p, const ir_op *op);

/* The pretty printer of an op with these counts (pr_prints_pretty), or
 * NULL: the op prints in the generic form. */
op_printer pr_printer_of(ir_opcode code);

/* How a reduce prints: generic, "applies stablehlo.add", or with a
 * reducer region. */
typedef enum reduce_form { REDUCE_GENERIC, REDUCE_COMPACT, REDUCE_REDUCER } reduce_form;
reduce_form pr_reduce_form_of(const printer *p, const ir_op *op);
void pr_print_reduce_at(printer *p, const ir_op *op, int indent);

/* The generic form's properties: pr_has_props tells whether the opcode has
 * any (gather and scatter have pr_print_index_properties instead). */
bool pr_has_props(ir_opcode code);
void pr_print_props(const printer *p, const ir_op *op);
void pr_print_index_properties(const printer *p, const ir_op *op);
#endif
