/* plan_scratch.c: the planner's last stage. Once every buffer has its
 * place, it finds the row-blocked runs and their block-local values, and
 * places one scratch block for all that the kernels ask of it: control
 * flow's sub-programs (contract_kernel.scratch), a dot written over its
 * lhs (contract_overwrite.rows_scratch, where the plan shares the two
 * buffers) and block-local slots. Kernels run one at a time, so one block
 * as large as the largest need serves them all; it is live at the steps
 * that use it.
 *
 * Runs. Consecutive LOOP and REDUCE kernels that share a first dim of N
 * rows (contract_kernel.rows), read what the others of the run write only
 * row by row (contract.by_row), and whose buffers let each row be computed
 * in turn (storage_pair_ok) form a run; the code generator emits it block
 * by block of rows and prefetches the next block's rows. The per-element
 * arithmetic is unchanged.
 *
 * Block-local values. In fast mode, an intermediate the plan put in an
 * output buffer (an in-place chain that ends in the output: softmax's
 * exp(x - max) under its final divide), big enough for streaming stores
 * and read only by the later kernels of its run, lives instead in a slot of
 * the scratch block that holds one block of its rows. The output's lines
 * are then written once, by the run's last kernel, with streaming stores,
 * rather than fetched from memory to be written, read back and written
 * again. A run the code generator cannot emit blocked leaves its slots
 * unused. */
#include "plan_internal.h"

#include <stdlib.h>
#include <string.h>

#include "../util/mem.h"

static const ir_type *type_of(const ir_func *f, ir_value_id v) { return &f->values[v].type; }

static size_t aligned(size_t n) { return (n + PLAN_ALIGN - 1) / PLAN_ALIGN * PLAN_ALIGN; }

/* ---- storage ---------------------------------------------------------------------- */

plan_storage plan_storage_of(const plan *p, ir_value_id v) {
    const plan_buffer *b = &p->buf[v];
    switch (b->home) {
    case PLAN_PARAM: case PLAN_DONATED: return (plan_storage){PLAN_IN_ARGS, b->index, 0, 0};
    case PLAN_ARENA: return (plan_storage){PLAN_IN_ARENA, 0, b->offset, b->bytes};
    case PLAN_OUTPUT: case PLAN_IN_OUTPUT: return (plan_storage){PLAN_IN_OUTS, b->index, b->offset, b->bytes};
    case PLAN_CONSTANT: return (plan_storage){PLAN_IN_STATIC, v, 0, 0};
    case PLAN_BLOCK: return (plan_storage){PLAN_IN_ARENA, 0, p->scratch_offset + p->slots[v].offset, p->slots[v].bytes};
    default: return (plan_storage){PLAN_IN_NONE, 0, 0, 0};
    }
}

bool plan_storage_overlaps(const plan_storage *a, const plan_storage *b) {
    if (a->space != b->space || a->space == PLAN_IN_NONE) return false;
    if (a->space != PLAN_IN_ARENA && a->index != b->index) return false;
    if (a->space != PLAN_IN_ARENA && a->space != PLAN_IN_OUTS) return true;
    return a->bytes && b->bytes && a->offset < b->offset + b->bytes && b->offset < a->offset + a->bytes;
}

static bool values_overlap(const plan *p, ir_value_id a, ir_value_id b) {
    plan_storage sa = plan_storage_of(p, a), sb = plan_storage_of(p, b);
    return plan_storage_overlaps(&sa, &sb);
}

const contract_overwrite *plan_dot_over_lhs(const plan *p, const ir_func *f, int step) {
    const contract_kernel *k = &p->kernels.k[step];
    const ir_op *op = f->body->ops[step];
    for (int n = 0; n < k->noverwrites; n++) {
        const contract_overwrite *w = &p->kernels.overwrites[k->first_overwrite + n];
        if (w->rows_block && values_overlap(p, op->out[w->result], op->in[w->operand])) return w;
    }
    return NULL;
}

/* ---- runs ------------------------------------------------------------------------- */

/* At most this many kernels in a run: a block stays in cache across the
 * 64th kernel as across the 65th, and each kernel joining a run is checked
 * against every kernel of it, so the bound keeps find_runs linear in the
 * body (a 10^4-op chain of row kernels took minutes without it). */
enum { RUN_MAX = 64 };
enum { RUN_BLOCK_BYTES = 128 << 10 };   /* per value, a block's rows */

/* Value w, written by a kernel of a run, and value v, read or written by a
 * kernel of it, may share storage only when both are produced by the run,
 * row for row at the same place. */
static bool storage_pair_ok(const ir_func *f, const plan *p, ir_value_id w, ir_value_id v, const bool *produced) {
    if (v == w) return true;
    plan_storage sw = plan_storage_of(p, w), sv = plan_storage_of(p, v);
    if (sw.space == PLAN_IN_NONE || sv.space == PLAN_IN_NONE) return false;
    return !plan_storage_overlaps(&sw, &sv) ||
           (produced[v] && sw.space == sv.space && sw.offset == sv.offset &&
            ir_type_row_bytes(type_of(f, w)) == ir_type_row_bytes(type_of(f, v)));
}

/* storage_pair_ok for w and every value op o reads or writes. */
static bool writes_beside(const ir_func *f, const plan *p, ir_value_id w, const ir_op *o, const bool *produced) {
    for (int k = 0; k < o->nin + o->nout; k++)
        if (!storage_pair_ok(f, p, w, k < o->nin ? o->in[k] : o->out[k - o->nin], produced)) return false;
    return true;
}

/* Whether body op j can join the run [first, j) (j == first: start it),
 * whose results produced[] marks: it reads them only row by row, and the
 * pairs of values it adds pass storage_pair_ok (the pairs within
 * [first, j) passed already; marking j's results produced only relaxes
 * them). On success j's results are marked too. */
static bool run_extends(const ir_func *f, const plan *p, int first, int j, bool *produced) {
    const ir_op *op = f->body->ops[j];
    const contract_kernel *k = &p->kernels.k[j];
    for (int i = 0; i < op->nin; i++)
        if (produced[op->in[i]] && !p->kernels.by_row[k->first_operand + i]) return false;
    for (int i = 0; i < op->nout; i++) produced[op->out[i]] = true;
    bool ok = true;
    for (int i = first; i <= j && ok; i++) {
        const ir_op *o = f->body->ops[i];
        for (int a = 0; a < op->nout && ok; a++) ok = writes_beside(f, p, op->out[a], o, produced);
        for (int a = 0; a < o->nout && ok && i < j; a++) ok = writes_beside(f, p, o->out[a], op, produced);
    }
    if (!ok)
        for (int i = 0; i < op->nout; i++) produced[op->out[i]] = false;
    return ok;
}

/* Rows per block of the run [first, last] of n rows: RUN_BLOCK_BYTES of
 * its widest value. */
static int64_t run_block(const ir_func *f, int first, int last, int64_t n) {
    size_t widest = 1;
    for (int j = first; j <= last; j++) {
        const ir_op *o = f->body->ops[j];
        for (int k = 0; k < o->nin + o->nout; k++) {
            ir_value_id v = k < o->nin ? o->in[k] : o->out[k - o->nin];
            const ir_type *t = type_of(f, v);
            if (t->rank >= 1 && t->dims[0] == n && ir_type_row_bytes(t) > widest) widest = ir_type_row_bytes(t);
        }
    }
    int64_t block = (int64_t)(RUN_BLOCK_BYTES / widest);
    return block < 1 ? 1 : block;
}

static int find_runs(const ir_func *f, plan *p, diag *d) {
    const ir_block *body = f->body;
    const contract_kernel *k = p->kernels.k;
    bool *produced = mem_calloc((size_t)f->nvalues + 1, sizeof *produced);
    if (!produced) return diag_nomem(d);
    for (int i = 0; i < body->nops; i++) {
        int64_t n = k[i].rows;
        if (!n || k[i].strategy == CONTRACT_DOT || p->runs[i].chain || !run_extends(f, p, i, i, produced))
            continue;   /* its own pairs */
        int last = i;
        while (last + 1 < body->nops && last + 1 - i < RUN_MAX && k[last + 1].rows == n &&
               k[last + 1].strategy != CONTRACT_DOT && !p->runs[last + 1].chain &&
               run_extends(f, p, i, last + 1, produced))
            last++;
        for (int j = i; j <= last; j++)
            for (int r = 0; r < body->ops[j]->nout; r++) produced[body->ops[j]->out[r]] = false;
        if (last > i) {
            p->runs[i] = (plan_run){last, n, run_block(f, i, last, n), false, 0};
            i = last;
        }
    }
    mem_free(produced);
    return DIAG_OK;
}

/* ---- block-local values ------------------------------------------------------------- */

/* Whether only ops (def, last] of the run read v (not the return, no copy). */
static bool read_only_in_run(const ir_func *f, const plan *p, int def, int last, ir_value_id v) {
    const ir_block *body = f->body;
    for (int j = 0; j < body->nops; j++) {
        if (j > def && j <= last) continue;
        for (int k = 0; k < body->ops[j]->nin; k++)
            if (body->ops[j]->in[k] == v) return false;
    }
    for (int c = 0; c < p->ncopies; c++)
        if (p->copies[c].from == v) return false;
    return true;
}

static bool block_local(const ir_func *f, const plan *p, int def, int last, int64_t n, ir_value_id v) {
    const ir_type *t = type_of(f, v);
    plan_home home = p->buf[v].home;
    return !p->strict_order && (home == PLAN_OUTPUT || home == PLAN_IN_OUTPUT) && t->dtype == IR_F32 &&
           t->rank >= 1 && t->dims[0] == n && ir_type_bytes(t) >= PLAN_STREAM_MIN_BYTES &&
           read_only_in_run(f, p, def, last, v);
}

/* Gives each block-local value of the run starting at `first` its slot;
 * returns the bytes they take. */
static size_t give_slots(const ir_func *f, plan *p, int first) {
    const plan_run *run = &p->runs[first];
    size_t used = 0;
    for (int j = first; j <= run->last; j++)
        for (int r = 0; r < f->body->ops[j]->nout; r++) {
            ir_value_id v = f->body->ops[j]->out[r];
            if (!block_local(f, p, j, run->last, run->rows, v)) continue;
            size_t bytes = aligned((size_t)run->block * ir_type_row_bytes(type_of(f, v)));
            p->slots[v] = (plan_slot){used, bytes};
            used += bytes;
        }
    return used;
}

/* ---- the scratch block ---------------------------------------------------------------- */

/* A byte range of the arena. */
typedef struct span {
    size_t lo, hi;
} span;

static int by_start(const void *a, const void *b) {
    const span *x = a, *y = b;
    return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* The lowest offset where `bytes` (aligned) share none with an arena buffer
 * live at a step in uses: a gap those steps leave (the block then costs no
 * arena), else past the last of those buffers. */
static int scratch_place(const plan *p, size_t bytes, const bool *uses, size_t *at, diag *d) {
    int *before = mem_calloc((size_t)p->nsteps + 1, sizeof *before);   /* use steps below s */
    span *live = mem_calloc((size_t)p->nvalues + 1, sizeof *live);
    if (!before || !live) {
        mem_free(before);
        mem_free(live);
        return diag_nomem(d);
    }
    for (int s = 0; s < p->nsteps; s++) before[s + 1] = before[s] + uses[s];
    int n = 0;
    for (int v = 0; v < p->nvalues; v++) {
        const plan_buffer *b = &p->buf[v];
        if (b->home != PLAN_ARENA || b->bytes == 0 || before[b->last_use + 1] == before[b->def]) continue;
        live[n++] = (span){b->offset, b->offset + aligned(b->bytes)};   /* inside the arena */
    }
    qsort(live, (size_t)n, sizeof *live, by_start);
    size_t cursor = 0;
    for (int k = 0; k < n && !(live[k].lo >= cursor && live[k].lo - cursor >= bytes); k++)
        if (live[k].hi > cursor) cursor = live[k].hi;
    *at = cursor;
    mem_free(before);
    mem_free(live);
    return DIAG_OK;
}

/* Places a block of `bytes` used at the steps marked in uses; those steps
 * count it as live, and the arena grows where it must. The lower bound
 * counts at step s only what s's kernel needs at least (least[s]): a loop
 * its body's live set, not the largest need of any kernel. */
static int reserve(plan *p, size_t bytes, const bool *uses, const size_t *least, diag *d) {
    size_t offset = 0, size = aligned(bytes);
    if (bytes > SIZE_MAX - (PLAN_ALIGN - 1))
        return diag_set(d, DIAG_INVALID, "a scratch block of %zu bytes passes SIZE_MAX", bytes);
    int rc = scratch_place(p, size, uses, &offset, d);
    if (rc) return rc;
    if (offset > SIZE_MAX - size)
        return diag_set(d, DIAG_INVALID, "the arena with a scratch block of %zu bytes passes SIZE_MAX", bytes);
    p->scratch_offset = offset;
    p->scratch_bytes = bytes;
    if (offset + size > p->arena_bytes) p->arena_bytes = offset + size;
    for (int s = 0; s < p->nsteps; s++) {
        if (!uses[s]) continue;
        size_t bound = p->temp_live[s] + aligned(least[s]);
        if (bound > p->lower_bound_bytes) p->lower_bound_bytes = bound;
        p->temp_live[s] += size;
        if (p->temp_live[s] > p->temp_live[p->peak_step]) p->peak_step = s;
    }
    return DIAG_OK;
}

/* The largest need of any kernel, marking the steps that have one; least[s]:
 * the least step s could do with (its need, a loop's bound: contract.h). */
static size_t needs(const ir_func *f, plan *p, bool *uses, size_t *least) {
    size_t most = 0;
    for (int s = 0; s < p->nsteps; s++) {
        const contract_kernel *k = &p->kernels.k[s];
        size_t need = k->scratch, bound = k->strategy == CONTRACT_CONTROL ? k->scratch_bound : k->scratch;
        const contract_overwrite *w = plan_dot_over_lhs(p, f, s);
        if (w && w->rows_scratch > need) need = bound = w->rows_scratch;
        if (p->runs[s].rows) {
            if (!p->runs[s].chain) p->runs[s].slot_bytes = give_slots(f, p, s);
            size_t slots = p->runs[s].slot_bytes;
            for (int j = s; slots && j <= p->runs[s].last; j++) {
                uses[j] = true;
                if (slots > least[j]) least[j] = slots;
            }
            if (slots > most) most = slots;
        }
        if (need) uses[s] = true;
        if (bound > least[s]) least[s] = bound;
        if (need > most) most = need;
    }
    return most;
}

int plan_place_scratch(const ir_func *f, plan *p, diag *d) {
    bool *uses = mem_calloc((size_t)p->nsteps + 1, sizeof *uses);
    size_t *least = mem_calloc((size_t)p->nsteps + 1, sizeof *least);
    int rc = uses && least ? find_runs(f, p, d) : diag_nomem(d);
    size_t bytes = rc ? 0 : needs(f, p, uses, least);
    if (!rc && bytes) rc = reserve(p, bytes, uses, least, d);
    mem_free(uses);
    mem_free(least);
    return rc;
}
