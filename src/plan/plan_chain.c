/* plan_chain.c: chains, found before any buffer has its place.
 *
 * A chain is a run of consecutive kernels that share a first dim of N rows
 * and read what the others of it make only row by row: DOT kernels that
 * run by rows (contract.c, "a dot by rows": an MLP layer tanh(h @ W)) and
 * the LOOP and REDUCE kernels among them. The code generator runs it block
 * of rows by block, every kernel of the chain on one block before the
 * next block (emit_c.c, "chains"). So a value that a kernel of the chain
 * makes and only later kernels of it read never exists whole: it is
 * PLAN_BLOCK, one block of its rows in a slot of the scratch block. A
 * 32-layer MLP over 4096 rows of 256 then holds two slots of a block
 * (1 MiB each) instead of a 4 MiB activation, and each block stays in
 * cache from layer to layer.
 *
 * What the chain reads from outside stays live until its last step, and
 * what it makes for later is live from its first: every step of the chain
 * runs while any of them does. Its kernels write nothing in place (plan.c
 * asks plan_in_chain). A constant between its kernels is placed before it
 * (its buffer, if the plan gives it one, is live from the chain's start).
 * A chain holds at least one DOT kernel (chains of loops alone are
 * plan_scratch.c's runs, which keep their buffers) and at least two
 * blocks of rows. */
#include "plan_internal.h"

#include "../util/mem.h"

/* A block's rows: CHAIN_BLOCK_ROWS, or fewer where its widest PLAN_BLOCK
 * value would pass CHAIN_SLOT_BYTES, but at least CHAIN_MIN_ROWS, in
 * multiples of CHAIN_ROW_GRAIN (so that a block cut between threads keeps
 * whole cache lines, emit_c.c). Each block's gemm packs its rhs once and
 * its lhs rows, so more rows repack the rhs less: mlp_deep (32 layers of
 * 256 x 256 over 4096 rows), ms a run on a Xeon, alternated four times,
 * 1 thread / 2 threads: blocks of 256 rows 139-170 / 80-98, 512 rows
 * 136-157 / 72-88, 1024 rows 131-145 / 69-86 (unchained: 139-154 /
 * 84-91). */
enum { CHAIN_BLOCK_ROWS = 1024, CHAIN_MIN_ROWS = 128, CHAIN_ROW_GRAIN = 16, CHAIN_MAX = 256 };
#define CHAIN_SLOT_BYTES ((size_t)2 << 20)

/* The largest rhs of a DOT kernel in a chain. Each block's gemm packs the
 * whole rhs, and its panels serve only the block's rows: from cache, as
 * an MLP's 256 x 256 layer (256 KiB), this costs little (mlp_deep, 32 of
 * them over 4096 rows, as fast as unchained); from memory, as
 * mlp_forward's 4096 x 4096 layers (64 MiB) over 256 rows, the products
 * ran at two thirds of their unchained speed. */
#define CHAIN_RHS_BYTES ((size_t)1 << 20)

static const ir_type *type_of(const ir_func *f, ir_value_id v) { return &f->values[v].type; }

static size_t aligned(size_t n) { return (n + PLAN_ALIGN - 1) / PLAN_ALIGN * PLAN_ALIGN; }

static bool chain_kernel(const contract_kernel *k) {
    return k->rows >= 2 &&
           (k->strategy == CONTRACT_LOOP || k->strategy == CONTRACT_REDUCE || k->strategy == CONTRACT_DOT);
}

/* The bytes of the rhs of the dot_general in kernel op's region (0: none). */
static size_t dot_rhs_bytes(const ir_func *f, const ir_op *op) {
    const ir_block *b = op->nregions == 1 ? op->regions[0] : NULL;
    for (int i = 0; b && i < b->nops; i++)
        if (b->ops[i]->code == IR_DOT_GENERAL) return ir_type_bytes(type_of(f, b->ops[i]->in[1]));
    return 0;
}

/* Whether the kernel at step j may follow the chain whose results made[]
 * marks: it runs by N rows, reads those results only by row, and a DOT
 * kernel's rhs is at most CHAIN_RHS_BYTES. */
static bool joins(const ir_func *f, const plan *p, int j, int64_t n, const bool *made) {
    const contract_kernel *k = &p->kernels.k[j];
    const ir_op *op = f->body->ops[j];
    if (!chain_kernel(k) || k->rows != n) return false;
    if (k->strategy == CONTRACT_DOT && dot_rhs_bytes(f, op) > CHAIN_RHS_BYTES) return false;
    for (int i = 0; i < op->nin; i++)
        if (made[op->in[i]] && !p->kernels.by_row[k->first_operand + i]) return false;
    return true;
}

/* A constant between kernels of a chain is placed before it (emit_c.c). */
static bool is_constant(const ir_func *f, int j) { return f->body->ops[j]->code == IR_CONSTANT; }

/* Whether v, made by the kernel at step j of the chain [first, last],
 * lives only in it: an arena temporary of N rows that no step after
 * `last` reads. */
static bool stays_inside(const ir_func *f, const plan *p, int j, ir_value_id v, int last, int64_t n) {
    const plan_buffer *b = &p->buf[v];
    const ir_type *t = type_of(f, v);
    return !is_constant(f, j) && b->home == PLAN_ARENA && b->bytes > 0 && b->last_use <= last && t->rank >= 1 &&
           t->dims[0] == n;
}

/* One slot of a chain: `bytes` at `offset` of the chain's slots, taken
 * until step `until`. */
typedef struct slot {
    size_t offset, bytes;
    int until;
} slot;

/* Gives each PLAN_BLOCK value of the chain [first, last] a slot (one
 * freed by a value whose last reader came before this one's kernel, else
 * a new one); returns the bytes of all its slots. */
static size_t give_chain_slots(const ir_func *f, plan *p, int first, int last, int64_t block, slot *slots) {
    int nslots = 0;
    size_t total = 0;
    for (int j = first; j <= last; j++)
        for (int r = 0; r < f->body->ops[j]->nout; r++) {
            ir_value_id v = f->body->ops[j]->out[r];
            if (p->buf[v].home != PLAN_BLOCK) continue;
            size_t need = aligned((size_t)block * ir_type_row_bytes(type_of(f, v)));
            int best = -1;
            for (int s = 0; s < nslots; s++)
                if (slots[s].until < j && slots[s].bytes >= need && (best < 0 || slots[s].bytes < slots[best].bytes))
                    best = s;
            if (best < 0) {
                best = nslots++;
                slots[best] = (slot){total, need, 0};
                total += need;
            }
            slots[best].until = p->buf[v].last_use;
            p->slots[v] = (plan_slot){slots[best].offset, need};
        }
    return total;
}

/* The chain [first, last] of n rows, if it is one worth making: trimmed
 * to the steps from the first that makes a PLAN_BLOCK value to the last
 * that reads one, holding a DOT kernel and two blocks of rows. Its values
 * then take their homes, slots and live ranges. */
static int try_chain(const ir_func *f, plan *p, int first, int last, int64_t n, slot *slots) {
    const ir_block *body = f->body;
    int from = last + 1, to = first - 1;
    size_t widest = 0;
    for (int j = first; j <= last; j++)
        for (int r = 0; r < body->ops[j]->nout; r++) {
            ir_value_id v = body->ops[j]->out[r];
            if (!stays_inside(f, p, j, v, last, n)) continue;
            if (j < from) from = j;
            if (p->buf[v].last_use > to) to = p->buf[v].last_use;
            if (ir_type_row_bytes(type_of(f, v)) > widest) widest = ir_type_row_bytes(type_of(f, v));
        }
    bool dot = false;
    for (int j = from; j <= to; j++) dot |= p->kernels.k[j].strategy == CONTRACT_DOT;
    int64_t block = widest && CHAIN_SLOT_BYTES / widest < CHAIN_BLOCK_ROWS ? (int64_t)(CHAIN_SLOT_BYTES / widest)
                                                                          : CHAIN_BLOCK_ROWS;
    if (block < CHAIN_MIN_ROWS) block = CHAIN_MIN_ROWS;
    block -= block % CHAIN_ROW_GRAIN;
    if (!dot || !widest || n < 2 * block) return DIAG_OK;
    for (int j = from; j <= to; j++) {
        const ir_op *op = body->ops[j];
        for (int r = 0; r < op->nout; r++) {
            plan_buffer *b = &p->buf[op->out[r]];
            if (stays_inside(f, p, j, op->out[r], to, n)) b->home = PLAN_BLOCK;
            else if (b->def > from) b->def = from;
        }
        for (int i = 0; i < op->nin; i++) {
            plan_buffer *b = &p->buf[op->in[i]];
            if (b->home != PLAN_BLOCK && b->last_use < to) b->last_use = to;
        }
        p->runs[j] = (plan_run){j, 0, 0, true, 0};
    }
    p->runs[from] = (plan_run){to, n, block, true, give_chain_slots(f, p, from, to, block, slots)};
    return DIAG_OK;
}

bool plan_in_chain(const plan *p, int step) { return p->runs && p->runs[step].chain; }

int plan_defining_step(const plan *p, int step) {
    while (plan_in_chain(p, step) && !p->runs[step].rows) step--;
    return step;
}

int plan_find_chains(const ir_func *f, plan *p, bool chains, diag *d) {
    const ir_block *body = f->body;
    p->runs = mem_calloc((size_t)p->nsteps + 1, sizeof *p->runs);
    p->slots = mem_calloc((size_t)p->nvalues + 1, sizeof *p->slots);
    bool *made = mem_calloc((size_t)f->nvalues + 1, sizeof *made);
    slot *slots = mem_calloc((size_t)f->nvalues + 1, sizeof *slots);   /* at most one a value */
    int rc = p->runs && p->slots && made && slots ? DIAG_OK : diag_nomem(d);
    for (int i = 0; !rc && i < p->nsteps; i++) p->runs[i] = (plan_run){i, 0, 0, false, 0};
    for (int i = 0; !rc && chains && i + 1 < body->nops; i++) {
        int64_t n = p->kernels.k[i].rows;
        if (!joins(f, p, i, n, made)) continue;
        int last = i;
        for (int r = 0; r < body->ops[i]->nout; r++) made[body->ops[i]->out[r]] = true;
        while (last + 2 < body->nops && last + 1 - i < CHAIN_MAX &&
               (is_constant(f, last + 1) || joins(f, p, last + 1, n, made))) {
            if (!is_constant(f, ++last))
                for (int r = 0; r < body->ops[last]->nout; r++) made[body->ops[last]->out[r]] = true;
        }
        for (int j = i; j <= last; j++)
            for (int r = 0; r < body->ops[j]->nout; r++) made[body->ops[j]->out[r]] = false;
        if (last > i) rc = try_chain(f, p, i, last, n, slots);
        i = last;
    }
    mem_free(made);
    mem_free(slots);
    return rc;
}
