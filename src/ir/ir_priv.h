/* ir_priv.h: helpers shared by the IR's own checking files (infer.c,
 * verify.c). Not part of the IR's interface; other stages use ir.h. */
#ifndef IR_PRIV_H
#define IR_PRIV_H
#include <stddef.h>

#include "ir.h"

/* A type written out for a message ("tensor<2x3xf32>"); returned by value
 * so that it can sit inline in a printf argument list. Long enough for
 * IR_MAX_RANK dimensions of 20 digits each. */
typedef struct ir_type_text {
    char s[256];
} ir_type_text;

/* Safe on malformed types (bad rank or dtype): they print as "<...>". */
ir_type_text ir_type_text_of(const ir_type *t);

/* DIAG_OK when t is well formed (rank in [0, IR_MAX_RANK], dimensions >= 0,
 * a known dtype); otherwise DIAG_INVALID with the reason written into why. */
int ir_type_problem(const ir_type *t, char *why, size_t size);

/* Sets d to code with a message about op in f:
 * "file:line:col: in @f: 'stablehlo.add' op " followed by the formatted
 * text. The location part is left out when op has none. Returns code. */
int ir_op_fail(diag *d, int code, const ir_func *f, const ir_op *op, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* Like ir_op_fail for a problem of the function itself:
 * "file:line:col: in @f: " followed by the text. */
int ir_func_fail(diag *d, int code, const ir_func *f, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Spellings of the compare attributes: "GT", "FLOAT"; NOTYPE reads "NOTYPE".
 * Out-of-range values read "?". */
const char *ir_cmp_dir_name(ir_cmp_dir dir);
const char *ir_cmp_type_name(ir_cmp_type type);

/* True when op's opcode is known and its operand, result and region counts
 * fit it (what ir_infer_types checks first); the printer uses the pretty
 * form only for such ops. */
bool ir_op_counts_fit(const ir_op *op);

/* The block's IR_RETURN when it is the last op; NULL otherwise. */
const ir_op *ir_block_terminator(const ir_block *b);

#endif
