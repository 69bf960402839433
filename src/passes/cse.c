/* cse.c: pass_cse, common subexpression elimination.
 *
 * Two ops are the same when they have the same opcode, the same operands
 * (after earlier merges), equal attributes (every field, so an attribute an
 * op does not read can only prevent a merge), constant data equal byte for
 * byte (so 0.0 and -0.0, or two NaN payloads, stay apart), the same result
 * types and structurally equal regions. The later op is removed and its
 * results renamed to the earlier op's.
 *
 * Regions: the ops inside each region are merged among themselves first,
 * with a table of their own that does not see the enclosing blocks. So a
 * region never starts reading a value from outside it (a reducer or a
 * fusion kernel stays self-contained), and two ops in different regions
 * are never merged. Then the op owning the regions is compared with the
 * others of its block, its regions structurally: same arguments' types and
 * ops pairwise the same, where an operand matches when it is the same
 * outside value or the corresponding value defined inside.
 *
 * Never merged: checks (side effects), returns, calls (the callee may
 * hold checks; inline first), and a backward op with a forward one (the
 * barrier that keeps remat's recomputed copies from being merged back into
 * the forward ops they copy, see src/remat). */
#include <string.h>

#include "../util/mem.h"
#include "rewrite.h"

typedef struct cse_ctx {
    ir_func *f;
    ir_value_id *repl;   /* renaming of merged results, applied in program order */
    ir_value_id *corr;   /* while comparing regions: value of the second -> value of the first; else -1 */
    diag *d;
} cse_ctx;

/* ---- hashing --------------------------------------------------------------------- */

static uint64_t mix(uint64_t h, const void *bytes, size_t n) {
    const unsigned char *p = bytes;
    for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * UINT64_C(0x100000001b3);   /* FNV-1a */
    return h;
}

static uint64_t mix_int(uint64_t h, int64_t v) { return mix(h, &v, sizeof v); }

static uint64_t mix_ints(uint64_t h, const ir_ints *l) {
    h = mix_int(h, l->n);
    return l->n ? mix(h, l->v, (size_t)l->n * sizeof *l->v) : h;
}

static uint64_t mix_type(uint64_t h, const ir_type *t) {
    h = mix_int(mix_int(h, t->dtype), t->rank);
    return mix(h, t->dims, (size_t)t->rank * sizeof *t->dims);
}

/* The ir_ints attributes, for hashing and comparing in one place. */
enum { NLISTS = sizeof((const ir_ints *[])IR_ATTRS_LISTS((ir_attrs *)0)) / sizeof(const ir_ints *) };
static void ints_of(const ir_attrs *a, const ir_ints *out[NLISTS]) {
    const ir_ints *lists[NLISTS] = IR_ATTRS_LISTS(a);
    memcpy(out, lists, sizeof lists);
}

static size_t data_bytes(const ir_func *f, const ir_op *op) {
    return op->nout ? ir_type_bytes(&f->values[op->out[0]].type) : 0;
}

static uint64_t mix_attrs(uint64_t h, const ir_func *f, const ir_op *op) {
    const ir_attrs *a = &op->a;
    const ir_ints *lists[NLISTS];
    ints_of(a, lists);
    for (int i = 0; i < NLISTS; i++) h = mix_ints(h, lists[i]);
    h = mix_int(mix_int(mix_int(h, a->axis), a->cmp), a->cmp_type);
    h = mix_int(mix_int(h, a->exponent_bits), a->mantissa_bits);
    h = mix_int(mix_int(mix_int(h, a->feature_groups), a->batch_groups), a->is_stable);
    h = mix_int(mix_int(mix_int(mix_int(h, a->left_side), a->lower), a->unit_diagonal), a->transpose_a);
    h = mix_int(mix_int(mix_int(mix_int(h, a->axis_b), a->sorted), a->unique), a->lapack_mode);
    h = mix_int(mix_int(mix_int(mix_int(mix_int(h, a->ilo), a->ihi), a->complex_fn), a->complex_imag), a->fft_type);
    h = mix_int(h, a->k);
    if (a->data) h = mix(h, a->data, data_bytes(f, op));
    if (a->callee) h = mix(h, a->callee, strlen(a->callee));
    return h;
}

/* Hashes what does not depend on value ids inside regions: a region's
 * shape (arguments' types, opcodes, counts), not its operands. */
static uint64_t mix_region(uint64_t h, const ir_func *f, const ir_block *b) {
    h = mix_int(mix_int(h, b->nargs), b->nops);
    for (int i = 0; i < b->nargs; i++) h = mix_type(h, &f->values[b->args[i]].type);
    for (int i = 0; i < b->nops; i++) h = mix_int(mix_int(h, b->ops[i]->code), b->ops[i]->nin);
    return h;
}

static uint64_t hash_op(const ir_func *f, const ir_op *op) {
    uint64_t h = mix_int(UINT64_C(0xcbf29ce484222325), op->code);
    h = mix_int(mix_int(h, op->nin), op->nout);
    h = mix(h, op->in, (size_t)op->nin * sizeof *op->in);
    for (int i = 0; i < op->nout; i++) h = mix_type(h, &f->values[op->out[i]].type);
    h = mix_attrs(h, f, op);
    h = mix_int(h, op->nregions);
    for (int r = 0; r < op->nregions; r++) h = mix_region(h, f, op->regions[r]);
    return h;
}

/* ---- comparing ------------------------------------------------------------------ */

static bool same_ints(const ir_ints *a, const ir_ints *b) {
    return a->n == b->n && (a->n == 0 || memcmp(a->v, b->v, (size_t)a->n * sizeof *a->v) == 0);
}

static bool same_attrs(const ir_func *f, const ir_op *x, const ir_op *y) {
    const ir_attrs *a = &x->a, *b = &y->a;
    const ir_ints *la[NLISTS], *lb[NLISTS];
    ints_of(a, la);
    ints_of(b, lb);
    for (int i = 0; i < NLISTS; i++)
        if (!same_ints(la[i], lb[i])) return false;
    if (a->feature_groups != b->feature_groups || a->batch_groups != b->batch_groups || a->is_stable != b->is_stable ||
        a->left_side != b->left_side || a->lower != b->lower || a->unit_diagonal != b->unit_diagonal ||
        a->transpose_a != b->transpose_a || a->lapack_mode != b->lapack_mode || a->ilo != b->ilo || a->ihi != b->ihi ||
        a->complex_fn != b->complex_fn || a->complex_imag != b->complex_imag || a->fft_type != b->fft_type ||
        a->k != b->k)
        return false;
    if (a->axis != b->axis || a->cmp != b->cmp || a->cmp_type != b->cmp_type || a->max_ulp != b->max_ulp ||
        a->exponent_bits != b->exponent_bits || a->mantissa_bits != b->mantissa_bits ||
        a->min_ulp != b->min_ulp || a->fusion_kind != b->fusion_kind || a->axis_b != b->axis_b ||
        a->sorted != b->sorted || a->unique != b->unique ||
        memcmp(&a->tolerance, &b->tolerance, sizeof a->tolerance) != 0)
        return false;
    if (!a->data != !b->data || (a->data && memcmp(a->data, b->data, data_bytes(f, x)) != 0)) return false;
    return !a->callee == !b->callee && (!a->callee || strcmp(a->callee, b->callee) == 0);
}

/* y (of the second op) stands for x (of the first). */
static bool same_value(const cse_ctx *c, ir_value_id x, ir_value_id y) {
    return c->corr[y] >= 0 ? c->corr[y] == x : x == y;
}

static bool same_op(cse_ctx *c, const ir_op *x, const ir_op *y);

/* Pairs b's values with a's as it goes (forget_block undoes it). */
static bool same_block(cse_ctx *c, const ir_block *a, const ir_block *b) {
    if (a->nargs != b->nargs || a->nops != b->nops) return false;
    for (int i = 0; i < a->nargs; i++) {
        if (!ir_type_eq(&c->f->values[a->args[i]].type, &c->f->values[b->args[i]].type)) return false;
        c->corr[b->args[i]] = a->args[i];
    }
    for (int i = 0; i < a->nops; i++) {
        if (!same_op(c, a->ops[i], b->ops[i])) return false;
        for (int j = 0; j < a->ops[i]->nout; j++) c->corr[b->ops[i]->out[j]] = a->ops[i]->out[j];
    }
    return true;
}

/* Undoes the pairing same_block made for b's values (nested ones too). */
static void forget_block(ir_value_id *corr, const ir_block *b) {
    for (int i = 0; i < b->nargs; i++) corr[b->args[i]] = -1;
    for (int i = 0; i < b->nops; i++) {
        const ir_op *op = b->ops[i];
        for (int j = 0; j < op->nout; j++) corr[op->out[j]] = -1;
        for (int r = 0; r < op->nregions; r++) forget_block(corr, op->regions[r]);
    }
}

static bool same_op(cse_ctx *c, const ir_op *x, const ir_op *y) {
    if (x->code != y->code || x->nin != y->nin || x->nout != y->nout || x->nregions != y->nregions) return false;
    if (x->backward != y->backward) return false;   /* remat's barrier: a recomputed copy stays a copy */
    for (int i = 0; i < x->nin; i++)
        if (!same_value(c, x->in[i], y->in[i])) return false;
    for (int i = 0; i < x->nout; i++)
        if (!ir_type_eq(&c->f->values[x->out[i]].type, &c->f->values[y->out[i]].type)) return false;
    if (!same_attrs(c->f, x, y)) return false;
    bool same = true;
    for (int r = 0; same && r < x->nregions; r++) same = same_block(c, x->regions[r], y->regions[r]);
    for (int r = 0; r < y->nregions; r++) forget_block(c->corr, y->regions[r]);
    return same;
}

/* ---- the table of one block ------------------------------------------------------ */

typedef struct entry {
    const ir_op *op;
    uint64_t hash;
    int next;            /* next entry in the bucket, -1 at the end */
} entry;

typedef struct table {
    int *bucket;         /* first entry of each bucket, -1 when empty */
    int nbuckets;        /* a power of two */
    entry *entries;
    int n;               /* entries in use; at most the block's op count */
} table;

static int table_init(table *t, int capacity) {
    t->nbuckets = 16;
    while (t->nbuckets < 2 * capacity) t->nbuckets *= 2;
    t->bucket = mem_alloc((size_t)t->nbuckets * sizeof *t->bucket);
    t->entries = mem_alloc((size_t)capacity * sizeof *t->entries);
    t->n = 0;
    if (!t->bucket || !t->entries) return -1;
    for (int i = 0; i < t->nbuckets; i++) t->bucket[i] = -1;
    return 0;
}

static void table_free(table *t) {
    mem_free(t->bucket);
    mem_free(t->entries);
}

/* The earlier op that op equals; else records op and returns NULL. */
static const ir_op *find_or_add(cse_ctx *c, table *t, const ir_op *op) {
    uint64_t h = hash_op(c->f, op);
    int *head = &t->bucket[h & (uint64_t)(t->nbuckets - 1)];
    for (int e = *head; e >= 0; e = t->entries[e].next)
        if (t->entries[e].hash == h && same_op(c, t->entries[e].op, op)) return t->entries[e].op;
    t->entries[t->n] = (entry){op, h, *head};
    *head = t->n++;
    return NULL;
}

/* ---- the pass ---------------------------------------------------------------------- */

static bool mergeable(const ir_op *op) {
    return op->nout > 0 && op->code != IR_CALL && op->code != IR_RETURN && !pass_is_check(op);
}

static int cse_block(cse_ctx *c, ir_block *b) {
    table t;
    if (table_init(&t, b->nops)) {
        table_free(&t);
        return diag_nomem(c->d);
    }
    int kept = 0, rc = DIAG_OK;
    for (int i = 0; i < b->nops; i++) {
        ir_op *op = b->ops[i];
        if (!rc) {   /* after a failure the rest is only compacted */
            pass_rename_operands(op, c->repl);
            for (int r = 0; !rc && r < op->nregions; r++) rc = cse_block(c, op->regions[r]);
        }
        const ir_op *earlier = !rc && mergeable(op) ? find_or_add(c, &t, op) : NULL;
        if (earlier) {
            for (int j = 0; j < op->nout; j++) c->repl[op->out[j]] = earlier->out[j];
            pass_erase_op(c->f, op);
        } else {
            b->ops[kept++] = op;
        }
    }
    b->nops = kept;
    table_free(&t);
    return rc;
}

int pass_cse(ir_func *f, diag *d) {
    cse_ctx c = {f, pass_rename_new(f), pass_map_new(f->nvalues), d};
    int rc = c.repl && c.corr ? cse_block(&c, f->body) : diag_nomem(d);
    mem_free(c.repl);
    mem_free(c.corr);
    return rc;
}
