/* parse_op_rng.c: stablehlo.rng_bit_generator, expanded as it is read into
 * the elementwise ops XLA's RngBitGeneratorExpander builds (xla/hlo/builder/
 * lib/prng.cc), so that the bits equal XLA's on CPU and the generator fuses
 * like any other elementwise kernel.
 *
 *   %state', %bits = stablehlo.rng_bit_generator %state, algorithm = A
 *       : (tensor<Nxui64>) -> (tensor<Nxui64>, tensor<...xT>)
 *
 * state[0] is the key. DEFAULT is PHILOX, as on XLA's CPU backend.
 *
 * THREE_FRY (N = 2; the counter c = state[1]): Threefry-2x32, 20 rounds, on
 * the key's 32-bit halves (low first) and a counter's.
 *   - 64-bit T: element k (row-major) is both output words of counter c + k
 *     (low word first); state[1] += elements.
 *   - narrower T: the shape is split in halves along its first dim of even
 *     size (else its largest): element (.., s, ..) is output word s & 1 of the
 *     counter c + (row-major index of (.., s >> 1, ..) in the halved shape),
 *     truncated to T's width; state[1] += the halved shape's elements.
 * PHILOX (N = 2 or 3; the 128-bit counter is (state[1], state[2]) for N = 3,
 * (state[1], state[0]) for N = 2): Philox-4x32, 10 rounds.
 *   - element k of a narrower T is word k & 3 of counter + (k >> 2),
 *     truncated; of a 64-bit T, words 2j, 2j + 1 (low first), j = k & 1, of
 *     counter + (k >> 1). The counter advances by the number of blocks used;
 *     for N = 2 only its low word is written back.
 * A T that is not unsigned gets the unsigned bits bitcast.
 *
 * Each element computes its own block: the generator stays one elementwise
 * kernel (iota, integer arithmetic, a select of the word), at the price of
 * recomputing a block for each element it feeds. */
#include <string.h>

#include "front_internal.h"

enum { RNG_DEFAULT, RNG_THREE_FRY, RNG_PHILOX };

/* What each step of the expansion needs: the statement, and the shape the
 * generator works on (elements in row-major order). */
typedef struct rng_ctx {
    parser *p;
    const op_desc *d;
    int rank;
    int64_t dims[3];
} rng_ctx;

static ir_type shape_of(const rng_ctx *g, ir_dtype t) { return ir_type_make(t, g->rank, g->dims); }

/* -1 in, -1 out: a failed step (already reported) fails every later one. */
static ir_value_id op1(rng_ctx *g, ir_opcode code, ir_value_id x, const ir_type *t) {
    if (x < 0) return -1;
    ir_op *op = fr_aux_op(g->p, g->d, code, 1, &x, t);
    return op ? op->out[0] : -1;
}

static ir_value_id op2(rng_ctx *g, ir_opcode code, ir_value_id x, ir_value_id y) {
    if (x < 0 || y < 0) return -1;
    ir_type t = *ir_value_type(g->p->fn, x);   /* a copy: appending grows the value table */
    ir_op *op = fr_aux_op(g->p, g->d, code, 2, (ir_value_id[]){x, y}, &t);
    return op ? op->out[0] : -1;
}

static ir_value_id scalar(rng_ctx *g, ir_dtype t, uint64_t v) { return fr_scalar_constant(g->p, g->d, t, 0, (int64_t)v); }

/* A scalar value broadcast to the working shape. */
static ir_value_id spread(rng_ctx *g, ir_value_id s) {
    if (s < 0) return -1;
    ir_type t = shape_of(g, ir_value_type(g->p->fn, s)->dtype);
    return fr_broadcast_to(g->p, g->d, s, &t, 0, NULL);
}

static ir_value_id splat(rng_ctx *g, ir_dtype t, uint64_t v) { return spread(g, scalar(g, t, v)); }

static ir_value_id convert(rng_ctx *g, ir_value_id x, ir_dtype to) {
    if (x < 0) return -1;
    ir_type t = *ir_value_type(g->p->fn, x);
    t.dtype = to;
    return op1(g, IR_CONVERT, x, &t);
}

static ir_value_id shift_right(rng_ctx *g, ir_value_id x, int n) {
    return x < 0 ? -1 : op2(g, IR_SHIFT_RIGHT_LOGICAL, x, splat(g, ir_value_type(g->p->fn, x)->dtype, (uint64_t)n));
}

static ir_value_id low32(rng_ctx *g, ir_value_id x) { return convert(g, x, IR_U32); }
static ir_value_id high32(rng_ctx *g, ir_value_id x) { return convert(g, shift_right(g, x, 32), IR_U32); }

/* lo | hi << 32 */
static ir_value_id join64(rng_ctx *g, ir_value_id lo, ir_value_id hi) {
    ir_value_id h = convert(g, hi, IR_U64);
    h = h < 0 ? -1 : op2(g, IR_SHIFT_LEFT, h, splat(g, IR_U64, 32));
    return op2(g, IR_OR, convert(g, lo, IR_U64), h);
}

static ir_value_id iota(rng_ctx *g, int axis) {
    ir_type t = shape_of(g, IR_U64);
    ir_op *op = fr_aux_op(g->p, g->d, IR_IOTA, 0, NULL, &t);
    if (!op) return -1;
    op->a.axis = axis;
    return op->out[0];
}

/* word ? b : a for a 0/1 word, or words[w] for w in 0..3 */
static ir_value_id pick(rng_ctx *g, ir_value_id word, int n, const ir_value_id *words) {
    ir_value_id r = words[n - 1];
    for (int w = n - 2; w >= 0; w--) {
        if (word < 0 || r < 0 || words[w] < 0) return -1;
        ir_type pred = shape_of(g, IR_I1);
        ir_op *eq = fr_aux_op(g->p, g->d, IR_COMPARE, 2, (ir_value_id[]){word, splat(g, IR_U64, (uint64_t)w)}, &pred);
        if (!eq) return -1;
        eq->a.cmp = IR_CMP_EQ;
        eq->a.cmp_type = IR_CMPT_UNSIGNED;
        ir_type t = *ir_value_type(g->p->fn, r);
        ir_op *sel = fr_aux_op(g->p, g->d, IR_SELECT, 3, (ir_value_id[]){eq->out[0], words[w], r}, &t);
        if (!sel) return -1;
        r = sel->out[0];
    }
    return r;
}

/* ---- Threefry-2x32 ------------------------------------------------------------------------ */

static ir_value_id rotate_left(rng_ctx *g, ir_value_id v, int r) {
    return op2(g, IR_OR, op2(g, IR_SHIFT_LEFT, v, splat(g, IR_U32, (uint64_t)r)), shift_right(g, v, 32 - r));
}

/* x = Threefry-2x32(x, key): key[] are u32 scalars. */
static void threefry(rng_ctx *g, ir_value_id x[2], const ir_value_id key[2]) {
    static const int rot[8] = {13, 15, 26, 6, 17, 29, 16, 24};
    ir_value_id ks[3] = {key[0], key[1], op2(g, IR_XOR, op2(g, IR_XOR, scalar(g, IR_U32, 0x1BD11BDA), key[0]), key[1])};
    x[0] = op2(g, IR_ADD, x[0], spread(g, ks[0]));
    x[1] = op2(g, IR_ADD, x[1], spread(g, ks[1]));
    for (int i = 1; i <= 5; i++) {
        for (int j = 0; j < 4; j++) {
            x[0] = op2(g, IR_ADD, x[0], x[1]);
            x[1] = op2(g, IR_XOR, x[0], rotate_left(g, x[1], rot[(i % 2 ? 0 : 4) + j]));
        }
        x[0] = op2(g, IR_ADD, x[0], spread(g, ks[i % 3]));
        x[1] = op2(g, IR_ADD, x[1], spread(g, op2(g, IR_ADD, ks[(i + 1) % 3], scalar(g, IR_U32, (uint64_t)i))));
    }
}

/* ---- Philox-4x32 --------------------------------------------------------------------------- */

/* x = Philox-4x32(x, key), ten rounds: key[] are u32 scalars. */
static void philox(rng_ctx *g, ir_value_id x[4], const ir_value_id key[2]) {
    ir_value_id k[2] = {key[0], key[1]};
    for (int round = 0; round < 10; round++) {
        ir_value_id p0 = op2(g, IR_MULTIPLY, convert(g, x[0], IR_U64), splat(g, IR_U64, 0xD2511F53));
        ir_value_id p1 = op2(g, IR_MULTIPLY, convert(g, x[2], IR_U64), splat(g, IR_U64, 0xCD9E8D57));
        ir_value_id y[4] = {op2(g, IR_XOR, op2(g, IR_XOR, high32(g, p1), x[1]), spread(g, k[0])), low32(g, p1),
                            op2(g, IR_XOR, op2(g, IR_XOR, high32(g, p0), x[3]), spread(g, k[1])), low32(g, p0)};
        memcpy(x, y, sizeof y);
        k[0] = op2(g, IR_ADD, k[0], scalar(g, IR_U32, 0x9E3779B9));
        k[1] = op2(g, IR_ADD, k[1], scalar(g, IR_U32, 0xBB67AE85));
    }
}

/* ---- the state ------------------------------------------------------------------------------ */

/* state[i] as a u64[1], or as a scalar. */
static ir_value_id state_word(rng_ctx *g, ir_value_id state, int i) {
    ir_type t = ir_type_make(IR_U64, 1, (int64_t[]){1});
    ir_op *op = fr_aux_op(g->p, g->d, IR_SLICE, 1, &state, &t);
    if (!op) return -1;
    if (ir_ints_set(&op->a.start, 1, (int64_t[]){i}) || ir_ints_set(&op->a.limit, 1, (int64_t[]){i + 1}) ||
        ir_ints_set(&op->a.stride, 1, (int64_t[]){1}))
        return fr_nomem(g->p), -1;
    return op->out[0];
}

static ir_value_id state_scalar(rng_ctx *g, ir_value_id state, int i) {
    ir_type t = ir_type_scalar(IR_U64);
    return op1(g, IR_RESHAPE, state_word(g, state, i), &t);
}

/* The key's 32-bit halves, low first. */
static void key_halves(rng_ctx *g, ir_value_id state, ir_value_id key[2]) {
    ir_value_id k = state_scalar(g, state, 0);
    key[0] = low32(g, k);
    key[1] = high32(g, k);
}

static ir_value_id concat(rng_ctx *g, int n, const ir_value_id *parts) {
    for (int i = 0; i < n; i++)
        if (parts[i] < 0) return -1;
    ir_type t = ir_type_make(IR_U64, 1, (int64_t[]){n});
    ir_op *op = fr_aux_op(g->p, g->d, IR_CONCATENATE, n, parts, &t);
    if (!op) return -1;
    op->a.axis = 0;
    return op->out[0];
}

/* [state[0], state[1] + blocks] (the 128-bit counter's high word, when the
 * state has one, + the carry). */
static ir_value_id advanced_state(rng_ctx *g, ir_value_id state, int n, uint64_t blocks) {
    g->rank = 1;
    g->dims[0] = 1;
    ir_value_id lo = state_word(g, state, 1), lo2 = op2(g, IR_ADD, lo, splat(g, IR_U64, blocks));
    ir_value_id parts[3] = {state_word(g, state, 0), lo2, -1};
    if (n == 3) {
        ir_type pred = shape_of(g, IR_I1);
        ir_op *carry = lo2 < 0 ? NULL : fr_aux_op(g->p, g->d, IR_COMPARE, 2, (ir_value_id[]){lo2, lo}, &pred);
        if (!carry) return -1;
        carry->a.cmp = IR_CMP_LT;
        carry->a.cmp_type = IR_CMPT_UNSIGNED;
        parts[2] = op2(g, IR_ADD, state_word(g, state, 2), convert(g, carry->out[0], IR_U64));
    }
    return concat(g, n, parts);
}

/* ---- the generators -------------------------------------------------------------------------- */

static int64_t elements(const ir_type *t) {
    int64_t n = 1;
    for (int i = 0; i < t->rank; i++) n *= t->dims[i];
    return n;
}

/* The bits of THREE_FRY into *bits (u32 or u64 of the working shape, which
 * the caller reshapes to t's dims); the number of counters used. */
static int64_t three_fry_bits(rng_ctx *g, ir_value_id state, const ir_type *t, ir_value_id *bits) {
    ir_value_id key[2];
    key_halves(g, state, key);
    int64_t n = elements(t);
    if (ir_dtype_bits(t->dtype) == 64) {
        g->rank = 1;
        g->dims[0] = n;
        ir_value_id ctr = op2(g, IR_ADD, spread(g, state_scalar(g, state, 1)), iota(g, 0));
        ir_value_id x[2] = {low32(g, ctr), high32(g, ctr)};
        threefry(g, x, key);
        *bits = join64(g, x[0], x[1]);
        return n;
    }
    /* split along q: the shape as [outer, dims[q], inner] */
    int q = -1;
    for (int i = 0; i < t->rank && q < 0; i++)
        if (t->dims[i] % 2 == 0) q = i;
    if (q < 0)
        for (int i = 0; i < t->rank; i++)
            if (q < 0 || t->dims[i] > t->dims[q]) q = i;
    int64_t outer = 1, mid = t->rank ? t->dims[q] : 1, inner = 1;
    for (int i = 0; i < t->rank; i++) {
        if (i < q) outer *= t->dims[i];
        if (i > q) inner *= t->dims[i];
    }
    int64_t half = (mid + 1) / 2;
    g->rank = 3;
    g->dims[0] = outer, g->dims[1] = mid, g->dims[2] = inner;
    ir_value_id s = iota(g, 1);
    ir_value_id index = op2(g, IR_ADD,
                            op2(g, IR_MULTIPLY,
                                op2(g, IR_ADD, op2(g, IR_MULTIPLY, iota(g, 0), splat(g, IR_U64, (uint64_t)half)),
                                    shift_right(g, s, 1)),
                                splat(g, IR_U64, (uint64_t)inner)),
                            iota(g, 2));
    ir_value_id ctr = op2(g, IR_ADD, spread(g, state_scalar(g, state, 1)), index);
    ir_value_id x[2] = {low32(g, ctr), high32(g, ctr)};
    threefry(g, x, key);
    *bits = pick(g, op2(g, IR_AND, s, splat(g, IR_U64, 1)), 2, x);
    return outer * half * inner;
}

static int64_t philox_bits(rng_ctx *g, ir_value_id state, int n_state, const ir_type *t, ir_value_id *bits) {
    ir_value_id key[2];
    key_halves(g, state, key);
    int64_t n = elements(t);
    bool wide = ir_dtype_bits(t->dtype) == 64;
    int per_block = wide ? 2 : 4;
    g->rank = 1;
    g->dims[0] = n;
    ir_value_id k = iota(g, 0), block = shift_right(g, k, wide ? 1 : 2);
    ir_value_id lo = spread(g, state_scalar(g, state, 1)), hi = spread(g, state_scalar(g, state, n_state == 3 ? 2 : 0));
    ir_value_id lo2 = op2(g, IR_ADD, lo, block);
    ir_type pred = shape_of(g, IR_I1);
    ir_op *carry = lo2 < 0 || lo < 0 ? NULL : fr_aux_op(g->p, g->d, IR_COMPARE, 2, (ir_value_id[]){lo2, lo}, &pred);
    if (!carry) return -1;
    carry->a.cmp = IR_CMP_LT;
    carry->a.cmp_type = IR_CMPT_UNSIGNED;
    ir_value_id hi2 = op2(g, IR_ADD, hi, convert(g, carry->out[0], IR_U64));
    ir_value_id x[4] = {low32(g, lo2), high32(g, lo2), low32(g, hi2), high32(g, hi2)};
    philox(g, x, key);
    ir_value_id word = op2(g, IR_AND, k, splat(g, IR_U64, (uint64_t)per_block - 1));
    if (wide) *bits = pick(g, word, 2, (ir_value_id[]){join64(g, x[0], x[1]), join64(g, x[2], x[3])});
    else *bits = pick(g, word, 4, x);
    return (n + per_block - 1) / per_block;
}

/* ---- the statement ------------------------------------------------------------------------------ */

static int algorithm_word(parser *p, int *out) {
    static const char *const words[] = {"DEFAULT", "THREE_FRY", "PHILOX"};
    for (int i = 0; i < 3; i++)
        if (accept_word(p, words[i])) {
            *out = i;
            return 0;
        }
    return fr_expected(p, "DEFAULT, THREE_FRY or PHILOX");
}

static int rng_algorithm_word(parser *p, void *out) { return algorithm_word(p, out); }

static ir_dtype unsigned_of_width(int bits) {
    return bits == 8 ? IR_U8 : bits == 16 ? IR_U16 : bits == 32 ? IR_U32 : IR_U64;
}

/* The statement's op is the bits' final convert (or bitcast); the new
 * state is bound just before it. */
static int lower_rng(parser *p, op_desc *d, int algorithm) {
    if (d->nin != 1 || d->out.n != 2)
        return fr_error(p, d->at, "stablehlo.rng_bit_generator takes 1 operand and has 2 results, found %d and %d",
                        d->nin, d->out.n);
    const ir_type *st = ir_value_type(p->fn, d->in[0].id), *t = &d->out.v[1];   /* st: read before any op is added */
    int n_state = st->rank == 1 ? (int)st->dims[0] : 0;
    if (algorithm == RNG_DEFAULT) algorithm = RNG_PHILOX;
    if (st->dtype != IR_U64 || st->rank != 1 || (algorithm == RNG_THREE_FRY ? n_state != 2 : n_state != 2 && n_state != 3))
        return fr_error(p, d->at,
                        "stablehlo.rng_bit_generator: %s takes a state of type tensor<%sxui64>, found %s of %d dims",
                        algorithm == RNG_THREE_FRY ? "THREE_FRY" : "PHILOX", algorithm == RNG_THREE_FRY ? "2" : "2 or 3",
                        ir_dtype_name(st->dtype), st->rank);
    if (!ir_type_eq(&d->out.v[0], st))
        return fr_error(p, d->at, "stablehlo.rng_bit_generator: the new state's type is not the state's");
    int w = ir_dtype_bits(t->dtype);
    if (ir_dtype_is_complex(t->dtype) || t->dtype == IR_I1 || (w != 8 && w != 16 && w != 32 && w != 64))
        return fr_error(p, d->at, "stablehlo.rng_bit_generator: no generator for elements of type %s",
                        ir_dtype_name(t->dtype));
    rng_ctx g = {p, d, 0, {0}};
    ir_value_id state = d->in[0].id, bits = -1;
    int64_t blocks = algorithm == RNG_THREE_FRY ? three_fry_bits(&g, state, t, &bits)
                                                : philox_bits(&g, state, n_state, t, &bits);
    ir_type u = ir_type_make(unsigned_of_width(w), t->rank, t->dims);
    if (blocks < 0 || (bits = convert(&g, bits, u.dtype)) < 0 || (bits = op1(&g, IR_RESHAPE, bits, &u)) < 0) return -1;
    ir_value_id next_state = advanced_state(&g, state, algorithm == RNG_PHILOX ? n_state : 2, (uint64_t)blocks);
    if (next_state < 0) return -1;
    d->code = u.dtype == t->dtype ? IR_CONVERT : IR_BITCAST_CONVERT;
    d->in[0].id = bits;
    d->out.v[0] = *t;
    d->out.n = 1;
    d->bind_first = next_state;
    d->bind_count = 2;
    return 0;
}

/* `%state, algorithm = A attr-dict? : (S) -> (S, T)` */
int fr_parse_rng_bit_generator(parser *p, op_desc *d) {
    int algorithm = RNG_DEFAULT;
    return fr_parse_operand(p, d) || expect(p, TK_COMMA, "','") || expect_word(p, "algorithm", "'algorithm'") ||
                   expect(p, TK_EQUAL, "'='") || algorithm_word(p, &algorithm) || fr_skip_attr_dict(p) ||
                   fr_sig_functional(p, d) || lower_rng(p, d, algorithm)
               ? -1
               : 0;
}

/* `rng_algorithm = #stablehlo<rng_algorithm A>` */
int fr_lower_rng_bit_generator(parser *p, op_desc *d, const attr_list *attrs) {
    int algorithm = RNG_DEFAULT;
    const attr_ref *a = fr_attr_require(p, attrs, "rng_algorithm", d->at);
    return !a || fr_attr_read_enum(p, a, "rng_algorithm", rng_algorithm_word, &algorithm) ||
                   lower_rng(p, d, algorithm)
               ? -1
               : 0;
}
