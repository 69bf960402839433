/* front_internal.h: what the front end's files share (lex.c, parse*.c).
 *
 * The lexer is restartable: its whole state is a cursor (byte offset, line,
 * column), so the parser can save a position, look ahead or skip a balanced
 * stretch, and come back later. The parser uses that to read attribute
 * values lazily (attr_ref), to read a dense literal after the type that
 * follows it, and to parse a generic op's regions after its signature.
 *
 * Error convention: every parse function returns 0 on success or -1 after
 * recording the first error in p->d (later errors never overwrite it). */
#ifndef FRONT_INTERNAL_H
#define FRONT_INTERNAL_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "front.h"

/* ---- limits ---------------------------------------------------------------- */

#define FRONT_MAX_DEPTH 256                        /* nested regions, lists, brackets */
#define FRONT_MAX_ELEMENTS ((int64_t)1 << 40)      /* elements in one tensor type */
#define FRONT_MAX_CONSTANT_BYTES ((size_t)1 << 30) /* bytes in one constant */

/* ---- lexer ------------------------------------------------------------------ */

typedef enum tok_kind {
    TK_EOF,
    TK_SPLIT,  /* a comment holding `// -----`: the end of a chunk */
    TK_IDENT,  /* bare-id: stablehlo.add, tensor, x, true, GT */
    TK_VALUE,  /* %name, or %name#N for result N of a pack */
    TK_SYMBOL, /* @name or @"quoted name" */
    TK_BLOCK,  /* ^bb0 */
    TK_HASH,   /* #name: #loc1, #stablehlo, #stablehlo.dot */
    TK_BANG,   /* !name: a dialect type such as !stablehlo.token */
    TK_INT,    /* 12 or 0x1F; the sign is a separate TK_MINUS */
    TK_FLOAT,  /* 1.5, 1., 1.5e-3, 1e3 */
    TK_STRING, /* "..."; the token text includes the quotes */
    TK_LPAREN,
    TK_RPAREN,
    TK_LBRACKET,
    TK_RBRACKET,
    TK_LBRACE,
    TK_RBRACE,
    TK_LESS,
    TK_GREATER,
    TK_COMMA,
    TK_COLON,
    TK_EQUAL,
    TK_ARROW,
    TK_MINUS,
    TK_PLUS,
    TK_QUESTION,
    TK_STAR,
    TK_ERROR, /* no token starts here; tok.err says why */
} tok_kind;

/* A position in the text. line and col are 1-based and saturate at INT_MAX. */
typedef struct cursor {
    size_t pos;
    int line, col;
} cursor;

typedef struct token {
    tok_kind kind;
    const char *s; /* first byte of the token in the text */
    size_t len;
    cursor at;       /* where the token starts */
    const char *err; /* TK_ERROR only: what is wrong */
} token;

typedef struct lexer {
    const char *text;
    size_t len;
    cursor cur; /* where the next token's leading blanks start */
} lexer;

void fr_lex_init(lexer *lx, const char *text, size_t len);
/* Skips blanks and comments and returns the next token. Never reads past len. */
token fr_lex_next(lexer *lx);
/* Character-level access for the few places that scan raw text (shapes). */
int fr_lex_peek(const lexer *lx);         /* next byte, or -1 at the end */
void fr_lex_advance(lexer *lx);           /* moves past one byte */
void fr_lex_skip_blanks(lexer *lx);       /* spaces, tabs, newlines (no comments) */
const char *fr_tok_kind_name(tok_kind k); /* "')'", "identifier" */
bool fr_is_ident_char(int c);             /* [A-Za-z0-9_$.] */

/* ---- parser state ------------------------------------------------------------ */

/* Visible value names, scoped: a region pushes names and pops them on exit.
 * Lookup is a hash of chains; each chain runs from the newest entry to older
 * ones, so popping restores shadowed entries in the right order. Names point
 * into the source text. */
#define SYMTAB_BUCKETS 1024
typedef struct sym {
    const char *name;
    size_t len;
    ir_value_id first; /* results of one pack have consecutive ids */
    int count;
    int next; /* older entry in the same bucket, or -1 */
} sym;

typedef struct symtab {
    sym *syms;
    int n, cap;
    int heads[SYMTAB_BUCKETS];
} symtab;

/* A quantized element type, !quant.uniform<storage<min:max>:f32(:axis)?, params>.
 * The IR has none: a quantized tensor is its storage integer type, and the
 * parser keeps the parameters beside it (types in a typelist carry an index
 * into the table, values a side table by value id); ops on quantized values
 * are expanded as they are read (parse_quant.c). Invariants: scale[i] > 0
 * and finite, min <= zero_point[i] <= max, storage range holds [min, max];
 * n == 1 with axis == -1 per tensor, else n is the size of dimension axis. */
typedef struct quant_type {
    ir_dtype storage;
    int64_t min, max; /* storage bounds */
    int axis;         /* quantization dimension; -1 per tensor */
    int n;            /* scales and zero points */
    double *scale;
    int64_t *zero_point;
} quant_type;

/* Quantized types by index (1-based, equal types share one index, so equal
 * indices mean equal parameters; 0 is "not quantized") and the current
 * function's value -> index table (value ids past cap have none). */
typedef struct quant_table {
    quant_type *types;
    int n, cap;
    int *of_value;
    int cap_values;
} quant_table;

typedef struct parser {
    lexer lx;         /* positioned just after tok */
    token tok;        /* the current token */
    const char *file; /* names the text in messages */
    diag *d;
    int status;           /* DIAG_OK until the first error, then its code */
    ir_module *mod;       /* module being built */
    const char *mod_file; /* file interned in mod, for ir_loc */
    ir_func *fn;          /* function being built */
    ir_block *block;      /* block receiving ops */
    int depth;            /* nesting of regions */
    symtab values;
    quant_table quant;    /* quantized types seen, and which values have one (parse_quant.c) */
} parser;

/* A saved position: the current token and the lexer behind it. */
typedef struct pstate {
    token tok;
    cursor cur;
} pstate;

/* ---- errors: all return -1 and keep the first error only ---------------------- */

int fr_error(parser *p, cursor at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
int fr_unsupported(parser *p, cursor at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
int fr_nomem(parser *p);
/* "expected <what>, found <current token>" (or the lexer's own complaint). */
int fr_expected(parser *p, const char *what);
/* How many bytes of a name a message quotes (with "%.*s"). */
static inline int shown(size_t n) { return n < 80 ? (int)n : 80; }

/* ---- tokens ------------------------------------------------------------------ */

static inline void next(parser *p) { p->tok = fr_lex_next(&p->lx); }
static inline bool at(const parser *p, tok_kind k) { return p->tok.kind == k; }

static inline bool accept(parser *p, tok_kind k) {
    if (!at(p, k)) return false;
    next(p);
    return true;
}

/* Consumes a token of kind k or reports "expected <what>". */
static inline int expect(parser *p, tok_kind k, const char *what) { return accept(p, k) ? 0 : fr_expected(p, what); }

/* Token text equals s. */
static inline bool tok_is(const token *t, const char *s) {
    size_t n = strlen(s);
    return t->len == n && memcmp(t->s, s, n) == 0;
}

/* The current token is the identifier `word`. */
static inline bool at_word(const parser *p, const char *word) { return at(p, TK_IDENT) && tok_is(&p->tok, word); }

static inline bool accept_word(parser *p, const char *word) {
    if (!at_word(p, word)) return false;
    next(p);
    return true;
}

static inline int expect_word(parser *p, const char *word, const char *what) {
    return accept_word(p, word) ? 0 : fr_expected(p, what);
}

static inline pstate fr_save(const parser *p) { return (pstate){p->tok, p->lx.cur}; }

static inline void fr_restore(parser *p, const pstate *s) {
    p->tok = s->tok;
    p->lx.cur = s->cur;
}

/* Skips `loc(...)` if present. */
int fr_skip_loc(parser *p);
/* Skips the current token, or the whole bracketed group it opens. */
int fr_skip_balanced(parser *p);

/* ---- numbers ------------------------------------------------------------------ */

/* Parses an optional '-' then an integer into an int64. */
int fr_parse_int64(parser *p, int64_t *out, const char *what);
/* Parses a non-negative integer (a count, a ULP distance). */
int fr_parse_uint64(parser *p, uint64_t *out, const char *what);
/* Parses an optional '-' then a float or integer literal. */
int fr_parse_double(parser *p, double *out, const char *what);

/* ---- types (parse_type.c) ------------------------------------------------------ */

/* quant is NULL while no type in the list is quantized, else quant[i] is
 * type i's index in p->quant (0: none). */
typedef struct typelist {
    int n, cap;
    ir_type *v;
    int *quant;
} typelist;

int fr_typelist_push(parser *p, typelist *l, const ir_type *t);
/* Appends t with quantized type index q (0: none). */
int fr_typelist_push_quant(parser *p, typelist *l, const ir_type *t, int q);
/* Appends src's type i with its quantized type. */
int fr_typelist_push_from(parser *p, typelist *l, const typelist *src, int i);
static inline int fr_typelist_quant(const typelist *l, int i) { return l->quant ? l->quant[i] : 0; }
void fr_typelist_free(typelist *l);

/* A statically shaped tensor type of a supported element type. Other types
 * MLIR knows (bf16, complex, tuple, dynamic shapes) are DIAG_UNSUPPORTED;
 * text that is no type is DIAG_INVALID. A quantized element type is
 * DIAG_UNSUPPORTED here; fr_parse_tensor_type_quant accepts one, giving the
 * storage type in *out and its index in p->quant in *quant (0: none). */
int fr_parse_tensor_type(parser *p, ir_type *out);
int fr_parse_tensor_type_quant(parser *p, ir_type *out, int *quant);
/* `(T, ...) -> R` or `(T, ...) -> (R, ...)`, at '('. */
int fr_parse_function_type(parser *p, typelist *ins, typelist *outs);
/* Types separated by commas; stops before the first token that is not ','. */
int fr_parse_type_list(parser *p, typelist *out);

/* ---- attributes (parse_attr.c) ---------------------------------------------------- */

/* One entry of an attribute dictionary; the value is read on demand. */
typedef struct attr_ref {
    token name;     /* bare-id or string */
    bool has_value; /* false for a unit attribute */
    pstate value;   /* the value's first token */
} attr_ref;

typedef struct attr_list {
    int n, cap;
    attr_ref *v;
} attr_list;

/* `{ name = value, unit_name, ... }` at '{'; appends to out. */
int fr_parse_attr_dict(parser *p, attr_list *out);
int fr_parse_optional_attr_dict(parser *p, attr_list *out); /* none unless at '{' */
void fr_attr_list_free(attr_list *l);
const attr_ref *fr_attr_find(const attr_list *l, const char *name);
/* Reports "missing attribute 'name'" at `at` when absent. */
const attr_ref *fr_attr_require(parser *p, const attr_list *l, const char *name, cursor at);

/* Readers of one attribute's value; each checks the value ends where the
 * dictionary entry ends. fr_attr_read_ints leaves *out as it was on failure. */
int fr_attr_read_ints(parser *p, const attr_ref *a, ir_ints *out);
int fr_attr_read_int(parser *p, const attr_ref *a, int64_t *out);
int fr_attr_read_uint(parser *p, const attr_ref *a, uint64_t *out);
int fr_attr_read_float(parser *p, const attr_ref *a, double *out);
int fr_attr_read_string(parser *p, const attr_ref *a, char **out);
int fr_attr_read_symbol(parser *p, const attr_ref *a, char **out);
int fr_attr_read_dense(parser *p, const attr_ref *a, ir_type *type, void **data);
/* `[[@a, @b], [@c, @d]]`: the symbols' names row by row (each and the array
 * mem_alloc'ed; NULL when there are none), *rows rows of *cols. */
int fr_attr_read_symbol_grid(parser *p, const attr_ref *a, char ***names, int64_t *rows, int64_t *cols);
/* `#stablehlo.channel_handle<handle = H, type = T>`: H. */
int fr_attr_read_channel_handle(parser *p, const attr_ref *a, int64_t *handle);
int fr_attr_read_cmp_dir(parser *p, const attr_ref *a, ir_cmp_dir *out);
int fr_attr_read_cmp_type(parser *p, const attr_ref *a, ir_cmp_type *out);
int fr_attr_read_dot_dims(parser *p, const attr_ref *a, ir_attrs *out);
/* `#chlo.ragged_dot<...>`: the four dot fields into dot's, lhs_ragged_dimensions and
 * rhs_group_dimensions into the two lists. */
int fr_attr_read_ragged_dot_dims(parser *p, const attr_ref *a, ir_attrs *dot, ir_ints *lhs_ragged,
                                 ir_ints *rhs_group);
int fr_attr_read_bool(parser *p, const attr_ref *a, bool *out);
/* #stablehlo.gather<...> (scatter false) or #stablehlo.scatter<...> into
 * out's window, collapsed, op_batch, ix_batch, index_map and axis_b. */
int fr_attr_read_index_dims(parser *p, const attr_ref *a, bool scatter, ir_attrs *out);
/* `#stablehlo<transpose TRANSPOSE>` */
int fr_attr_read_transpose(parser *p, const attr_ref *a, ir_transpose *out);
int fr_attr_read_fft_type(parser *p, const attr_ref *a, ir_fft_type *out);
/* `#stablehlo<kind WORD>` or `#stablehlo.kind<WORD>`, WORD read by parse_word into out. */
int fr_attr_read_enum(parser *p, const attr_ref *a, const char *kind, int (*parse_word)(parser *, void *), void *out);
/* `#stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>` into conv_lhs, conv_rhs, conv_out. */
int fr_attr_read_conv_dims(parser *p, const attr_ref *a, ir_attrs *out);

/* Value forms, also used directly by the pretty op syntax. */
int fr_parse_int_list(parser *p, ir_ints *out);            /* `[1, 2]` */
int fr_parse_dense(parser *p, ir_type *type, void **data); /* dense<...> : type */
int fr_parse_cmp_dir(parser *p, ir_cmp_dir *out);          /* GT */
int fr_parse_cmp_type(parser *p, ir_cmp_type *out);        /* FLOAT */
int fr_parse_conv_dims(parser *p, ir_attrs *out);          /* [b, 0, f]x[0, i, o]->[b, 0, f] */
/* Reads a TK_SYMBOL's name without '@' into a fresh string. */
int fr_symbol_name(parser *p, const token *t, char **out);

/* ---- ops (parse_op.c) ---------------------------------------------------------------- */

/* Parses one op statement into p->block. */
int fr_parse_op(parser *p);
/* Adds a block argument of type t (quantized type index quant, 0: none) to
 * b and binds its name. */
int fr_bind_block_arg(parser *p, ir_block *b, const token *name, const ir_type *t, int quant);

/* ---- what the op parsers share (parse_op.c) ---------------------------------------------
 *
 *   parse_op.c             operands, signatures, fr_emit, regions, the generic
 *                          form, the op names, the statement
 *   parse_op_elementwise.c elementwise ops, convert, reshape, clamp,
 *                          reduce_precision, select, compare, complex
 *   parse_op_shape.c       constant, iota, broadcast_in_dim, transpose, reverse,
 *                          slice, concatenate
 *   parse_op_index.c       pad, dynamic_slice, get_dimension_size,
 *                          optimization_barrier
 *   parse_op_linalg.c      dot_general, cholesky, triangular_solve
 *   parse_op_reduce.c      reduce
 *   parse_op_control.c     call, return, while, sort
 *   parse_op_window.c      convolution; reduce_window's, select_and_scatter's
 *                          and convolution's windows
 *   parse_op_check.c       the checks and custom_call
 *   parse_op_dynamic.c     dynamic_iota, dynamic_broadcast_in_dim, dynamic_pad,
 *                          dynamic_conv of constant shapes
 *   parse_op_rng.c         rng_bit_generator, as XLA's generators' elementwise ops
 *   parse_op_scan.c        chlo.scan, as a while loop
 *
 * A pretty-form parser runs after the op's name and fills an op_desc; the
 * statement then emits it (reduce and while emit it themselves, to parse
 * their regions into the op, and set *op). */

/* Names that stand for an op with more to do than the generic parse. */
typedef enum op_special {
    SP_NONE,
    SP_EXPECT_CONST, /* check.expect_eq_const, check.expect_almost_eq_const */
    SP_CUSTOM_CALL,  /* stablehlo.custom_call: the target decides */
    SP_LEGACY_DOT,   /* stablehlo.dot: a dot_general contracting lhs's last dim with rhs's first */
    SP_LEGACY_BROADCAST, /* stablehlo.broadcast: a broadcast_in_dim adding leading dims */
    /* quantization ops: converts as read, expanded when emitted (parse_quant.c) */
    SP_UNIFORM_QUANTIZE,   /* float -> quantized, or quantized -> quantized */
    SP_UNIFORM_DEQUANTIZE, /* quantized -> float */
    SP_DYNAMIC,            /* a dynamic-shape op of constant shapes, read as its static op (parse_op_dynamic.c) */
    SP_RNG_BIT_GENERATOR,  /* XLA's generators as elementwise ops (parse_op_rng.c) */
    SP_CHLO_SCAN,          /* chlo.scan: a while loop over the scanned dimension (parse_op_scan.c) */
    /* CHLO ops expanded into StableHLO ops as they are read (parse_op_chlo.c) */
    SP_CHLO_FIRST,
    SP_CHLO_SQUARE = SP_CHLO_FIRST, /* x * x */
    SP_CHLO_IS_INF,        /* abs(x) == inf */
    SP_CHLO_IS_POS_INF,    /* x == inf */
    SP_CHLO_IS_NEG_INF,    /* x == -inf */
    SP_CHLO_CONJ,          /* the identity on real types: a convert to the same type */
    SP_CHLO_CONSTANT_LIKE, /* a scalar constant broadcast to the result */
    SP_CHLO_BROADCAST,     /* broadcast_<op>: broadcast_in_dim of each operand, then the op */
    SP_CHLO_RAGGED_DOT,    /* per group a dot_general of the masked lhs (parse_op_ragged_dot.c) */
} op_special;

typedef struct operand {
    ir_value_id id;
    token tok; /* the use, for messages */
} operand;

typedef struct op_desc {
    ir_opcode code;
    cursor at; /* start of the statement: the op's location */
    int nin, cap_in;
    operand *in;
    typelist out; /* result types */
    ir_attrs a;   /* moved into the op by fr_emit() */
    /* bind_count > 0: the statement's results are the values bind_first ..
     * bind_first + bind_count - 1, the last of them the emitted op's (an
     * expansion into several ops: rng_bit_generator). */
    ir_value_id bind_first;
    int bind_count;
    op_special sp;      /* how the op was named (uniform_quantize is a convert here) */
    bool quant_lowered; /* fr_emit has expanded the op's quantized operands and results */
} op_desc;

void fr_op_desc_free(op_desc *d);
int fr_push_operand(parser *p, op_desc *d, operand o);
/* One `%name` use, appended to d's operands. */
int fr_parse_operand(parser *p, op_desc *d);
/* Consumes a ',' only when the token after it has kind k. */
bool fr_comma_then(parser *p, tok_kind k);
/* `%a, %b, ...`: one or more operands; a ',' not followed by a value is left. */
int fr_parse_operands(parser *p, op_desc *d);
/* `(` operands? `)` */
int fr_parse_paren_operands(parser *p, op_desc *d);
int fr_skip_attr_dict(parser *p);
/* Signatures: a value used with the type it was defined with; every operand
 * of type t; operand i of type types[i]. */
int fr_check_operand_type(parser *p, const operand *o, const ir_type *want);
int fr_check_all_operands(parser *p, const op_desc *d, const ir_type *t);
int fr_check_operand_types(parser *p, const op_desc *d, const ir_type *types, int n);
/* `: (T, ...) -> R` or `: (T, ...) -> (R, ...)`: operand and result types. */
int fr_sig_functional(parser *p, op_desc *d);
/* `: T` (every operand and the one result have type T) or a function type. */
int fr_sig_same(parser *p, op_desc *d);
/* Operand types only, no results: `: T, ...` (return, expect_close). */
int fr_sig_operand_list(parser *p, op_desc *d);
/* After `->`: `R` or `(R, ...)`. */
int fr_parse_result_types(parser *p, typelist *out);
/* Appends the op to the current block, moving d's attributes into it. */
ir_op *fr_emit(parser *p, op_desc *d);
/* `%name: type loc?`; quant NULL: a quantized type is unsupported here,
 * else it receives the type's quantized index (0: none). */
int fr_parse_typed_arg(parser *p, token *name, ir_type *t, int *quant);
/* `{` (label)? statement* `}` into b; with allow_label false the caller has
 * bound the arguments. */
int fr_parse_region(parser *p, ir_block *b, bool allow_label);
/* The same with a label whose n arguments name the given values (each of
 * the value's type), which b already has in scope, not new arguments:
 * an op read as a region inlined into b (chlo.scan). A region without a
 * label is an error unless n is 0. */
int fr_parse_region_over(parser *p, ir_block *b, const ir_value_id *values, int n);
/* `word = [ints]`, `word = N` */
int fr_parse_named_list(parser *p, const char *word, ir_ints *out);
int fr_parse_named_int(parser *p, const char *word, int64_t *out);
/* An optional integer attribute, `dflt` when absent. */
int fr_read_optional_int(parser *p, const attr_list *attrs, const char *name, int64_t dflt, int64_t *out);

/* ---- each op family's syntax (parse_op_*.c) ----------------------------------------------- */

int fr_parse_same_typed(parser *p, op_desc *d);   /* parse_op_elementwise.c */
int fr_parse_reduce_precision(parser *p, op_desc *d);
int fr_parse_select(parser *p, op_desc *d);
int fr_parse_compare(parser *p, op_desc *d);
int fr_parse_complex(parser *p, op_desc *d);
int fr_read_precision_bits(parser *p, const attr_list *attrs, op_desc *d);

int fr_parse_constant(parser *p, op_desc *d);     /* parse_op_shape.c */
int fr_parse_iota(parser *p, op_desc *d);
int fr_parse_with_dims(parser *p, op_desc *d);    /* broadcast_in_dim, transpose, reverse */
int fr_parse_slice(parser *p, op_desc *d);
int fr_parse_concatenate(parser *p, op_desc *d);

int fr_parse_pad(parser *p, op_desc *d);          /* parse_op_index.c */
int fr_parse_dynamic_slice(parser *p, op_desc *d);
int fr_parse_get_dimension_size(parser *p, op_desc *d);
int fr_parse_optimization_barrier(parser *p, op_desc *d);

int fr_parse_dot_general(parser *p, op_desc *d);  /* parse_op_linalg.c */
int fr_parse_cholesky(parser *p, op_desc *d);
int fr_parse_fft(parser *p, op_desc *d);
int fr_parse_fft_type(parser *p, ir_fft_type *out);
int fr_read_fft_attrs(parser *p, op_desc *d, const attr_list *attrs);
int fr_read_triangular_solve_attrs(parser *p, op_desc *d, const attr_list *attrs);

int fr_parse_reduce(parser *p, op_desc *d, ir_op **op);   /* parse_op_reduce.c */

int fr_parse_call(parser *p, op_desc *d);         /* parse_op_control.c */
int fr_parse_return(parser *p, op_desc *d);
int fr_parse_while(parser *p, op_desc *d, ir_op **op);
int fr_read_sort_attrs(parser *p, op_desc *d, const attr_list *attrs);

int fr_parse_convolution(parser *p, op_desc *d);  /* parse_op_window.c */
int fr_read_window_attrs(parser *p, op_desc *d, const attr_list *attrs);   /* reduce_window, select_and_scatter */
int fr_read_conv_attrs(parser *p, op_desc *d, const attr_list *attrs);

int fr_parse_expect(parser *p, op_desc *d);       /* parse_op_check.c: expect_eq, expect_almost_eq */
int fr_parse_expect_close(parser *p, op_desc *d);
int fr_parse_expect_const(parser *p, op_desc *d); /* the _const forms */
int fr_parse_custom_call(parser *p, op_desc *d);
/* Sets d's code (and defaults) from a custom_call target that names a
 * check; DIAG_UNSUPPORTED for any other target. */
int fr_check_custom_call_target(parser *p, op_desc *d, const char *target, cursor at);
/* After the operands and signature of such a check: @check.eq's form. */
int fr_finish_custom_call_check(parser *p, op_desc *d, const char *target);
/* Emits the expected value (the literal at `literal`, taking *data) as a
 * constant and makes it the check's second operand. */
int fr_add_expected_constant(parser *p, op_desc *d, const token *literal, const ir_type *t, void **data);

/* parse_op_chlo.c: the pretty form of an expanded CHLO op (after its name),
 * and the expansion itself, from either form's attributes; chlo.top_k's
 * pretty form (it is an op of the IR). */
int fr_parse_chlo(parser *p, op_desc *d, op_special sp);
int fr_lower_chlo(parser *p, op_desc *d, op_special sp, const attr_list *attrs);
int fr_parse_top_k(parser *p, op_desc *d);
/* One element of type t holding v (float types) or iv (integers, i1), at dst. */
void fr_store_number(ir_dtype t, double v, int64_t iv, void *dst);
/* Appends an op of one result made by an expansion, at the statement's
 * location (parse_op_chlo.c); NULL after reporting out of memory. */
ir_op *fr_aux_op(parser *p, const op_desc *d, ir_opcode code, int nin, const ir_value_id *in, const ir_type *t);
/* The same with nout results of types t[0..nout). */
ir_op *fr_aux_ops(parser *p, const op_desc *d, ir_opcode code, int nin, const ir_value_id *in, int nout,
                  const ir_type *t);
/* A scalar constant of type t holding v (floats) or iv (integers); x
 * broadcast to shape's dims (x's element type), x's dim i going to dims[i].
 * Both by fr_aux_op; -1 after reporting. */
ir_value_id fr_scalar_constant(parser *p, const op_desc *d, ir_dtype t, double v, int64_t iv);
ir_value_id fr_broadcast_to(parser *p, const op_desc *d, ir_value_id x, const ir_type *shape, int n,
                            const int64_t *dims);
/* parse_op_ragged_dot.c: chlo.ragged_dot (generic form) as dot_generals. */
int fr_lower_ragged_dot(parser *p, op_desc *d, const attr_list *attrs);

/* parse_op_dynamic.c: dynamic_iota, dynamic_broadcast_in_dim, dynamic_pad
 * and dynamic_conv with constant shapes as iota, broadcast_in_dim, pad and
 * convolution: the pretty form after the name, and the expansion (d's
 * operands and attributes read) that moves the constants into attributes. */
int fr_parse_dynamic(parser *p, op_desc *d);
int fr_lower_dynamic(parser *p, op_desc *d);

/* parse_op_linalg.c: cholesky and triangular_solve of f16, bf16 or an f8
 * as the op in f32 between converts (LAPACK's types: lapack_kernels.h), a
 * dot_general of two float types on both converted to f32 (or f64);
 * called by fr_emit, nothing for other ops. */
int fr_widen_linalg(parser *p, op_desc *d);

/* parse_op_rng.c: stablehlo.rng_bit_generator as the elementwise ops of
 * XLA's generators: the pretty form after the name, and the generic form's
 * expansion (d's operand and result types read). */
int fr_parse_rng_bit_generator(parser *p, op_desc *d);
int fr_lower_rng_bit_generator(parser *p, op_desc *d, const attr_list *attrs);

/* parse_op_scan.c: chlo.scan's pretty form after the name, read as a
 * while loop (*op; d names the scan's results among the loop's). */
int fr_parse_scan(parser *p, op_desc *d, ir_op **op);

/* ---- interpreter.run_parallel and the collectives (parse_op_parallel.c) -------------------------- */

/* The generic attributes of a collective (replica_groups ..., ir.h). */
int fr_read_collective_attrs(parser *p, op_desc *d, const attr_list *attrs);
/* replica_id's and partition_id's pretty form: `: tensor<ui32>`. */
int fr_parse_process_id(parser *p, op_desc *d);
/* run_parallel's programs. */
int fr_read_run_parallel(parser *p, op_desc *d, const attr_list *attrs);

/* parse_op_lapack.c: the custom calls JAX's CPU lowering emits that are
 * read as ops of the IR: true for such a target. */
bool fr_jax_custom_call(const char *target);
/* Lowers d (its operands and result types read) calling target. */
int fr_lower_custom_call(parser *p, op_desc *d, const char *target, const attr_list *attrs);
/* The LAPACK ops' generic properties (mode, lower, ilo, ihi) into d->a. */
int fr_read_lapack_attrs(parser *p, op_desc *d, const attr_list *attrs);
/* A dictionary-valued attribute (`mhlo.backend_config = {uplo = 76 : ui8}`) into out. */
int fr_attr_read_dict(parser *p, const attr_ref *a, attr_list *out);

/* ---- complex values (lower_complex.c) ------------------------------------------------------ */

/* Rebuilds every function of m that has complex values with their real and
 * imaginary parts instead (the file's comment says how). DIAG_UNSUPPORTED
 * for an op the lowering does not know on complex values, DIAG_INVALID for
 * malformed ones, with the op's location; m is to be freed on failure. */
int fr_lower_complex(ir_module *m, diag *d);

/* ---- quantized types (parse_quant.c) ---------------------------------------------------
 *
 * Semantics are those of upstream's reference interpreter, which first runs
 * stablehlo-legalize-quant-to-math (StablehloLegalizeQuantToMath.cpp):
 * quantize, dequantize and requantize, add and dot_general in integers,
 * data movement on the storage type, the other ops dequantize-op-quantize. */

/* At `!quant.uniform<` inside a tensor type of the given dims: scans the
 * element type to its closing '>' and sets *storage and *quant. */
int fr_scan_quant_type(parser *p, int rank, const int64_t *dims, ir_dtype *storage, int *quant);
/* Value v's quantized type index, 0 for none; setting one grows the table. */
int fr_value_quant(const parser *p, ir_value_id v);
int fr_set_value_quant(parser *p, ir_value_id v, int quant);
/* Called by fr_emit: when d has quantized operands or results, emits the
 * expansion's ops and rewrites d into its last op (a convert to the storage
 * type), or reports an op that has no quantized form; nothing otherwise. */
int fr_lower_quant(parser *p, op_desc *d);
void fr_quant_free(parser *p);

/* ---- compile-result checks (parse_expect.c) ------------------------------------------ */

/* At `check.expect_memory`, `check.expect_kernels` or a custom_call of one. */
bool fr_at_compile_check(parser *p);
/* Parses one such statement into p->fn's expectations (ir_expect); it
 * makes no op. */
int fr_parse_compile_check(parser *p);

/* ---- value names (parse.c) -------------------------------------------------------- */

/* Looks up a TK_VALUE token (with an optional #N) and returns its value id,
 * or reports "use of undefined value %x". */
int fr_lookup_value(parser *p, const token *t, ir_value_id *out);
/* Binds name (without '%') to `count` consecutive value ids starting at first
 * and records the names in the function's value table. */
int fr_bind_values(parser *p, const token *name, ir_value_id first, int count);
int fr_scope_mark(const parser *p);
void fr_scope_pop(parser *p, int mark);

#endif
