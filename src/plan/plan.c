/* plan: homes, in-place sharing, arena offsets and memory statistics for a
 * scheduled, fused function (see plan.h for the contract).
 *
 * plan_func runs these stages in order:
 *   assign_homes        parameters, constants, outputs and copies, arena temps
 *   donate_parameters   results moved into donated parameters' buffers
 *   link_in_place       kernel results that reuse a dying operand's buffer: arena
 *                       results share it; outputs and donated parameters take
 *                       its chain into their buffer
 *   collect_intervals   one interval per arena buffer (an in-place chain is one)
 *   pack_size_ordered, pack_lifetime_ordered
 *                       two best-fit packings; the smaller arena wins
 *   place_in_outputs    temporaries that die before an output is first written
 *                       move into that output's buffer when the arena shrinks
 *   measure_live_bytes  temp_live, peak_step and the lower bound
 *   plan_place_scratch  row-blocked runs, block-local slots, the scratch block
 *                       (plan_scratch.c)
 *   plan_check          the invariants, verified on the finished plan
 *
 * Sizes: every interval's bytes are rounded up to PLAN_ALIGN, and the sum of
 * all of them is checked to fit in a size_t before packing. Both packers only
 * ever place a buffer below the sum of the sizes placed so far, so no offset,
 * end or live-byte sum computed after that check can overflow. */
#include "plan_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../analysis/liveness.h"
#include "../util/mem.h"

/* ---- sizes ------------------------------------------------------------------ */

/* *sum += n; false (leaving *sum alone) when that overflows. */
static bool add_bytes(size_t *sum, size_t n) {
    if (n > SIZE_MAX - *sum) return false;
    *sum += n;
    return true;
}

/* Rounds bytes up to PLAN_ALIGN; false when that overflows. */
static bool align_bytes(size_t bytes, size_t *out) {
    if (bytes > SIZE_MAX - (PLAN_ALIGN - 1)) return false;
    *out = (bytes + PLAN_ALIGN - 1) / PLAN_ALIGN * PLAN_ALIGN;
    return true;
}

static int too_large(diag *d, const ir_func *f) {
    return diag_set(d, DIAG_INVALID, "function @%s is too large to plan: its buffers exceed the address space",
                    f->name ? f->name : "?");
}

/* ---- the planner's state -------------------------------------------------------- */

/* An arena buffer: one value, or a chain of values sharing it in place. It is
 * live during steps [def, last], both inclusive. */
typedef struct interval {
    int def, last;
    size_t bytes;    /* rounded up to PLAN_ALIGN; never 0 (empty buffers take no space) */
    int output;      /* -1: in the arena; else in output buffer `output` (PLAN_IN_OUTPUT) */
} interval;

typedef struct planner {
    const ir_func *f;
    const ir_op *ret;         /* the body's final RETURN */
    plan_options opts;
    plan *p;
    diag *d;
    live_range *live;         /* live_ranges(f) */
    int nintervals;
    interval *iv;             /* in order of definition */
    int *interval_of;         /* value id -> index in iv; -1 for no arena space */
    size_t *offset;           /* offset[k]: where iv[k] lives in the arena */
    bool chains;              /* chains may be made (plan_chain.c) */
} planner;

static bool is_arena(const plan *p, ir_value_id v) { return p->buf[v].home == PLAN_ARENA; }

/* True when the kernel at step s may write its result r over operand value
 * u: u is an operand, and the contract allows it at every operand position
 * holding u (a value passed twice is read through both block arguments). */
static bool kernel_may_overwrite(const ir_func *f, const plan *p, int s, int r, ir_value_id u) {
    const ir_op *op = f->body->ops[s];
    bool operand = false;
    for (int i = 0; i < op->nin; i++) {
        if (op->in[i] != u) continue;
        if (!contract_overwrite_of(&p->kernels, s, r, i)) return false;
        operand = true;
    }
    return operand;
}

/* ---- homes ---------------------------------------------------------------------- */

/* The first time a kernel result is returned it is written straight into that
 * output; any other returned value (a parameter, a constant, a repeat) is
 * copied into its output after the last step. */
static int route_results(planner *pl) {
    plan *p = pl->p;
    const ir_op *ret = pl->ret;
    if (ret->nin > 0) {
        p->copies = mem_calloc((size_t)ret->nin, sizeof *p->copies);
        if (!p->copies) return diag_nomem(pl->d);
    }
    for (int j = 0; j < ret->nin; j++) {
        plan_buffer *b = &p->buf[ret->in[j]];
        if (!add_bytes(&p->output_bytes, b->bytes)) return too_large(pl->d, pl->f);
        if (b->home == PLAN_ARENA) {
            b->home = PLAN_OUTPUT;
            b->index = j;
        } else {
            p->copies[p->ncopies++] = (plan_copy){j, ret->in[j]};
        }
    }
    return DIAG_OK;
}

/* Parameters live in the caller's argument buffers, constants in the
 * generated code; every other top-level result is first an arena temporary
 * (ops other than fusions and constants are treated as kernels too). */
static int assign_homes(planner *pl) {
    plan *p = pl->p;
    const ir_block *body = pl->f->body;
    for (int v = 0; v < p->nvalues; v++) {
        const live_range *r = &pl->live[v];
        p->buf[v] = (plan_buffer){PLAN_NONE, -1, 0, r->bytes, r->def, r->last_use, -1};
    }
    for (int i = 0; i < body->nargs; i++) {
        plan_buffer *b = &p->buf[body->args[i]];
        b->home = PLAN_PARAM;
        b->index = i;
        if (!add_bytes(&p->argument_bytes, b->bytes)) return too_large(pl->d, pl->f);
    }
    for (int s = 0; s < body->nops - 1; s++) {
        const ir_op *op = body->ops[s];
        for (int r = 0; r < op->nout; r++)
            p->buf[op->out[r]].home = op->code == IR_CONSTANT ? PLAN_CONSTANT : PLAN_ARENA;
    }
    return route_results(pl);
}

/* ---- donation ------------------------------------------------------------------- */

/* The first value of u's in-place chain (u itself when it overwrote nothing). */
static ir_value_id chain_head(const plan *p, ir_value_id u) {
    while (p->buf[u].in_place_of >= 0) u = p->buf[u].in_place_of;
    return u;
}

/* Whether a chain starting with value h may live in parameter a's buffer:
 * h is written after a's last read, or by the kernel that reads a last,
 * overwriting it in place. */
static bool written_after_parameter(const ir_func *f, const plan *p, ir_value_id h, ir_value_id a) {
    const ir_value *val = &f->values[h];
    int def = p->buf[h].def, last = p->buf[a].last_use;
    return def > last || (def == last && val->def && kernel_may_overwrite(f, p, def, val->def_index, a));
}


/* Whether returned value j (an output home, its first occurrence) may live in
 * donated parameter `param`'s buffer: same size, and written only once the
 * parameter is dead, or by the kernel that reads it last when that kernel may
 * write over it. */
static bool result_fits_parameter(const planner *pl, int param, int j) {
    const plan *p = pl->p;
    ir_value_id v = pl->ret->in[j], a = pl->f->body->args[param];
    const plan_buffer *b = &p->buf[v];
    if (b->home != PLAN_OUTPUT || b->index != j || b->bytes != p->buf[a].bytes) return false;
    return written_after_parameter(pl->f, p, v, a);
}

/* Kuhn's augmenting path: finds a result for `param`, moving earlier matches
 * to other results when that frees one. holder[j]: the parameter result j is
 * matched to, or -1. Depth is bounded by the 64 donatable parameters. */
static bool find_result_for(const planner *pl, int param, int *holder, bool *seen) {
    for (int j = 0; j < pl->ret->nin; j++) {
        if (seen[j] || !result_fits_parameter(pl, param, j)) continue;
        seen[j] = true;
        if (holder[j] < 0 || find_result_for(pl, holder[j], holder, seen)) {
            holder[j] = param;
            return true;
        }
    }
    return false;
}

/* Appends "; " and msg to the warning, truncating at its end. */
static void add_warning(plan *p, const char *msg) {
    size_t used = strlen(p->warning);
    snprintf(p->warning + used, sizeof p->warning - used, "%s%s", used ? "; " : "", msg);
}

static int report_unusable_donation(planner *pl, int param) {
    char type[128], msg[256];
    ir_type_str(&pl->f->values[pl->f->body->args[param]].type, type, sizeof type);
    snprintf(msg, sizeof msg, "parameter %d (%s) was donated but no result of the same size can reuse its buffer",
             param, type);
    if (pl->opts.strict_donation) return diag_set(pl->d, DIAG_INVALID, "%s", msg);
    add_warning(pl->p, msg);
    return DIAG_OK;
}

/* Matches donated parameters to results (a maximum bipartite matching, so a
 * parameter is reported unusable only when no assignment could use it) and
 * rehomes each matched result into its parameter's buffer. */
static int donate_parameters(planner *pl) {
    uint64_t donated = pl->opts.donated;
    int nargs = pl->f->body->nargs, nres = pl->ret->nin;
    if (!donated) return DIAG_OK;
    if (nargs < 64 && donated >> nargs) {
        int bad = nargs;
        while (!(donated >> bad & 1)) bad++;
        return diag_set(pl->d, DIAG_INVALID, "parameter %d was donated but @%s has %d parameters", bad,
                        pl->f->name ? pl->f->name : "?", nargs);
    }
    int *holder = mem_calloc((size_t)nres, sizeof *holder);
    bool *seen = mem_calloc((size_t)nres, sizeof *seen);
    int rc = holder && seen ? DIAG_OK : diag_nomem(pl->d);
    for (int j = 0; j < nres && !rc; j++) holder[j] = -1;
    for (int i = 0; i < nargs && i < 64 && !rc; i++) {
        if (!(donated >> i & 1)) continue;
        memset(seen, 0, (size_t)nres * sizeof *seen);
        if (!find_result_for(pl, i, holder, seen)) rc = report_unusable_donation(pl, i);
    }
    for (int j = 0; j < nres && !rc; j++) {
        if (holder[j] < 0) continue;
        plan_buffer *b = &pl->p->buf[pl->ret->in[j]];
        b->home = PLAN_DONATED;
        b->index = holder[j];
        pl->p->alias_bytes += b->bytes;   /* <= output_bytes, which did not overflow */
    }
    mem_free(holder);
    mem_free(seen);
    return rc;
}

/* ---- in place ------------------------------------------------------------------- */

/* Whether result r of the kernel at step s may take over operand u's arena
 * buffer: the kernel is in no chain, u dies at s, has r's size, no other
 * result of this kernel took it, and the kernel allows the overwrite. */
static bool can_take_operand(const planner *pl, const ir_op *op, int s, int r, ir_value_id u) {
    const plan *p = pl->p;
    if (plan_in_chain(p, s) || !is_arena(p, u) || p->buf[u].last_use != s ||
        p->buf[u].bytes != p->buf[op->out[r]].bytes)
        return false;
    for (int other = 0; other < op->nout; other++)
        if (p->buf[op->out[other]].in_place_of == u) return false;
    return kernel_may_overwrite(pl->f, p, s, r, u);
}

/* Points v's in-place chain (v and the operands it overwrote, back to the
 * first) at one home. */
static void rehome_chain(plan *p, ir_value_id v, plan_home home, int index) {
    for (ir_value_id x = v; x >= 0; x = p->buf[x].in_place_of) {
        p->buf[x].home = home;
        p->buf[x].index = index;
    }
}

/* Links every non-empty kernel result homed `home` to the first operand it
 * may overwrite (an empty buffer has no space to save). Arena results share
 * their operand's arena buffer; chains form naturally, as a result that took
 * a buffer may itself be taken over later. An output computed in place over
 * an operand that dies there (softmax's final divide over exp(x - max))
 * takes that operand's whole chain into the output buffer instead of the
 * arena: nothing else writes the output before it (copies come after the
 * last step), and each link of the chain dies where the next is written.
 * A result in a donated parameter's buffer does the same when the chain's
 * first value is written once the parameter is dead (a chain of
 * dynamic_update_slice and scatter over a donated array: no copy at all). */
static void link_in_place(planner *pl, plan_home home) {
    const ir_block *body = pl->f->body;
    plan *p = pl->p;
    for (int s = 0; s < body->nops - 1; s++) {
        const ir_op *op = body->ops[s];
        if (op->code != IR_FUSION) continue;
        for (int r = 0; r < op->nout; r++) {
            plan_buffer *b = &p->buf[op->out[r]];
            if (b->home != home || b->bytes == 0 || b->in_place_of >= 0) continue;
            for (int i = 0; i < op->nin && b->in_place_of < 0; i++) {
                if (!can_take_operand(pl, op, s, r, op->in[i])) continue;
                if (home == PLAN_DONATED &&
                    !written_after_parameter(pl->f, p, chain_head(p, op->in[i]), pl->f->body->args[b->index]))
                    continue;
                b->in_place_of = op->in[i];
                if (home != PLAN_ARENA) rehome_chain(p, op->in[i], home, b->index);
            }
        }
    }
}

/* ---- intervals ------------------------------------------------------------------ */

/* One interval per arena buffer, in order of definition. A value written in
 * place joins its operand's interval, which then lasts until the value's own
 * last use (the operand died at the value's definition, so the chain's
 * ranges are contiguous). */
static int collect_intervals(planner *pl) {
    const ir_block *body = pl->f->body;
    plan *p = pl->p;
    int n = 0;
    size_t total = 0;
    for (int v = 0; v < p->nvalues; v++) {
        if (!is_arena(p, v) || p->buf[v].bytes == 0 || p->buf[v].in_place_of >= 0) continue;
        size_t aligned;
        if (!align_bytes(p->buf[v].bytes, &aligned) || !add_bytes(&total, aligned)) return too_large(pl->d, pl->f);
        n++;
    }
    pl->iv = mem_calloc((size_t)n, sizeof *pl->iv);
    pl->offset = mem_calloc((size_t)n, sizeof *pl->offset);
    pl->interval_of = mem_calloc((size_t)p->nvalues, sizeof *pl->interval_of);
    if (!pl->iv || !pl->offset || !pl->interval_of) return diag_nomem(pl->d);
    for (int v = 0; v < p->nvalues; v++) pl->interval_of[v] = -1;
    for (int s = 0; s < body->nops - 1; s++) {
        const ir_op *op = body->ops[s];
        for (int r = 0; r < op->nout; r++) {
            ir_value_id v = op->out[r];
            const plan_buffer *b = &p->buf[v];
            if (!is_arena(p, v) || b->bytes == 0) continue;
            if (b->in_place_of >= 0) {
                int k = pl->interval_of[v] = pl->interval_of[b->in_place_of];
                if (b->last_use > pl->iv[k].last) pl->iv[k].last = b->last_use;
            } else {
                interval *it = &pl->iv[pl->nintervals];
                *it = (interval){b->def, b->last_use, 0, -1};
                align_bytes(b->bytes, &it->bytes);   /* checked above */
                pl->interval_of[v] = pl->nintervals++;
            }
        }
    }
    return DIAG_OK;
}

/* ---- packing (a): size-ordered best fit (XLA's GlobalDecreasingSizeBestFit) ---- */

/* Biggest first; among equals the longer-lived first, then definition order. */
static int bigger_first(const void *x, const void *y) {
    const interval *a = *(const interval *const *)x, *b = *(const interval *const *)y;
    if (a->bytes != b->bytes) return a->bytes > b->bytes ? -1 : 1;
    int la = a->last - a->def, lb = b->last - b->def;
    if (la != lb) return la > lb ? -1 : 1;
    return a < b ? -1 : a > b;
}

/* A placed buffer: its bytes and its lifetime, kept together so that the
 * scan below reads one array front to back. */
typedef struct chunk {
    size_t offset, end;
    int def, last;
} chunk;

/* The lowest-waste place for `it` among the placed chunks (sorted by
 * offset): the smallest gap that fits between chunks whose lifetimes
 * intersect its own, counting the gap up to the current arena top; else
 * right above the highest of them (growing the arena). */
static size_t best_gap(const chunk *placed, int nplaced, const interval *it, size_t arena) {
    size_t cursor = 0, best = 0, best_size = SIZE_MAX;
    for (const chunk *q = placed; q < placed + nplaced; q++) {
        if (q->def > it->last || it->def > q->last) continue;
        if (q->offset > cursor && q->offset - cursor >= it->bytes && q->offset - cursor < best_size) {
            best = cursor;
            best_size = q->offset - cursor;
        }
        if (q->end > cursor) cursor = q->end;
    }
    if (arena > cursor && arena - cursor >= it->bytes && arena - cursor < best_size) return cursor;
    return best_size != SIZE_MAX ? best : cursor;
}

/* Inserts c into placed[0 .. n), keeping it sorted by offset. */
static void insert_chunk(chunk *placed, int n, chunk c) {
    int lo = 0, hi = n;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (placed[mid].offset <= c.offset) lo = mid + 1;
        else hi = mid;
    }
    memmove(&placed[lo + 1], &placed[lo], (size_t)(n - lo) * sizeof *placed);
    placed[lo] = c;
}

static int pack_size_ordered(const interval *iv, int n, size_t *offset, size_t *arena) {
    const interval **order = mem_calloc((size_t)n, sizeof *order);
    chunk *placed = mem_calloc((size_t)n, sizeof *placed);
    if (!order || !placed) {
        mem_free(order);
        mem_free(placed);
        return -1;
    }
    for (int k = 0; k < n; k++) order[k] = &iv[k];
    qsort(order, (size_t)n, sizeof *order, bigger_first);
    *arena = 0;
    for (int m = 0; m < n; m++) {
        const interval *it = order[m];
        size_t at = best_gap(placed, m, it, *arena);
        offset[it - iv] = at;
        if (at + it->bytes > *arena) *arena = at + it->bytes;
        insert_chunk(placed, m, (chunk){at, at + it->bytes, it->def, it->last});
    }
    mem_free(order);
    mem_free(placed);
    return 0;
}

/* ---- packing (b): lifetime-ordered best fit over a free list (ggml-alloc) ------- */

/* Free space below `top` as disjoint blocks sorted by offset, none touching
 * `top` (such a block is merged into the free space above it); everything
 * from `top` up is free. `high` is the highest `top` so far: the arena.
 * Adjacent blocks merge, so each block is followed by a taken buffer: there
 * are never more blocks than buffers (one more while inserting). */
typedef struct free_list {
    int n;
    struct free_block { size_t offset, bytes; } *blocks;
    size_t top, high;
} free_list;

static void remove_block(free_list *fl, int k) {
    memmove(&fl->blocks[k], &fl->blocks[k + 1], (size_t)(fl->n - k - 1) * sizeof *fl->blocks);
    fl->n--;
}

/* The smallest free block that fits (the lowest one among equals), else the
 * free space at the top, which grows the arena. */
static size_t take_best_fit(free_list *fl, size_t bytes) {
    int best = -1;
    for (int k = 0; k < fl->n; k++)
        if (fl->blocks[k].bytes >= bytes && (best < 0 || fl->blocks[k].bytes < fl->blocks[best].bytes)) best = k;
    if (best < 0) {
        size_t at = fl->top;
        fl->top += bytes;
        if (fl->top > fl->high) fl->high = fl->top;
        return at;
    }
    struct free_block *b = &fl->blocks[best];
    size_t at = b->offset;
    b->offset += bytes;
    b->bytes -= bytes;
    if (b->bytes == 0) remove_block(fl, best);
    return at;
}

/* Returns [at, at + bytes) to the free list, merging it with its neighbours
 * and with the free space at the top. */
static void give_back(free_list *fl, size_t at, size_t bytes) {
    int k = 0;
    while (k < fl->n && fl->blocks[k].offset < at) k++;
    if (k > 0 && fl->blocks[k - 1].offset + fl->blocks[k - 1].bytes == at) {
        k--;
        fl->blocks[k].bytes += bytes;
    } else {
        memmove(&fl->blocks[k + 1], &fl->blocks[k], (size_t)(fl->n - k) * sizeof *fl->blocks);
        fl->blocks[k] = (struct free_block){at, bytes};
        fl->n++;
    }
    struct free_block *b = &fl->blocks[k];
    if (k + 1 < fl->n && b->offset + b->bytes == fl->blocks[k + 1].offset) {
        b->bytes += fl->blocks[k + 1].bytes;
        remove_block(fl, k + 1);
    }
    if (b->offset + b->bytes == fl->top) {
        fl->top = b->offset;
        remove_block(fl, k);
    }
}

/* Earliest last step first; definition order among equals. */
static int dies_first(const void *x, const void *y) {
    const interval *a = *(const interval *const *)x, *b = *(const interval *const *)y;
    if (a->last != b->last) return a->last < b->last ? -1 : 1;
    return a < b ? -1 : a > b;
}

/* Replays the schedule: buffers are taken when defined and given back after
 * their last step. A buffer defined at the step another dies is taken first,
 * since both are live during that step. */
static int pack_lifetime_ordered(const interval *iv, int n, size_t *offset, size_t *arena) {
    const interval **by_last = mem_calloc((size_t)n, sizeof *by_last);
    free_list fl = {0, mem_calloc((size_t)n + 1, sizeof *fl.blocks), 0, 0};
    if (!by_last || !fl.blocks) {
        mem_free(by_last);
        mem_free(fl.blocks);
        return -1;
    }
    for (int k = 0; k < n; k++) by_last[k] = &iv[k];
    qsort(by_last, (size_t)n, sizeof *by_last, dies_first);
    int next_def = 0, next_death = 0;
    while (next_death < n) {
        if (next_def < n && iv[next_def].def <= by_last[next_death]->last) {
            offset[next_def] = take_best_fit(&fl, iv[next_def].bytes);
            next_def++;
        } else {
            int k = (int)(by_last[next_death++] - iv);
            give_back(&fl, offset[k], iv[k].bytes);
        }
    }
    *arena = fl.high;
    mem_free(by_last);
    mem_free(fl.blocks);
    return 0;
}

/* Packs the intervals left in the arena (output == -1) with both packers and
 * keeps the smaller arena (the size-ordered one on a tie): *arena is its
 * size and offset[k] each arena interval's place. */
static int pack_arena(const planner *pl, size_t *offset, size_t *arena) {
    int n = 0;
    interval *iv = mem_calloc((size_t)pl->nintervals + 1, sizeof *iv);
    int *from = mem_calloc((size_t)pl->nintervals + 1, sizeof *from);
    size_t *by_size = mem_calloc((size_t)pl->nintervals + 1, sizeof *by_size);
    size_t *by_lifetime = mem_calloc((size_t)pl->nintervals + 1, sizeof *by_lifetime);
    size_t size_arena, lifetime_arena;
    int rc = iv && from && by_size && by_lifetime ? 0 : -1;
    for (int k = 0; !rc && k < pl->nintervals; k++)
        if (pl->iv[k].output < 0) {
            from[n] = k;
            iv[n++] = pl->iv[k];
        }
    if (!rc) rc = pack_size_ordered(iv, n, by_size, &size_arena) || pack_lifetime_ordered(iv, n, by_lifetime, &lifetime_arena);
    if (!rc) {
        const size_t *best = lifetime_arena < size_arena ? by_lifetime : by_size;
        *arena = lifetime_arena < size_arena ? lifetime_arena : size_arena;
        for (int m = 0; m < n; m++) offset[from[m]] = best[m];
    }
    mem_free(iv);
    mem_free(from);
    mem_free(by_size);
    mem_free(by_lifetime);
    return rc ? diag_nomem(pl->d) : DIAG_OK;
}

/* ---- temporaries in output buffers -------------------------------------------------- */

/* free_until[j]: output j's buffer holds nothing during steps [0, free_until[j]):
 * up to the first write of its in-place chain, or all steps for a result
 * copied in after the last one; 0 for an output held in a donated parameter. */
static void output_free_steps(const plan *p, const ir_op *ret, int *free_until) {
    for (int j = 0; j < ret->nin; j++) free_until[j] = p->buf[ret->in[j]].home == PLAN_OUTPUT ? p->nsteps : 0;
    for (int c = 0; c < p->ncopies; c++) free_until[p->copies[c].output] = p->nsteps - 1;
    for (int v = 0; v < p->nvalues; v++) {
        const plan_buffer *b = &p->buf[v];
        if (b->home == PLAN_OUTPUT && b->def < free_until[b->index]) free_until[b->index] = b->def;
    }
}

/* The intervals placed in each output buffer so far: member[head[j]],
 * member[next[...]], ... (-1 ends a list). */
typedef struct output_members {
    int *head, *next;
} output_members;

/* The lowest offset in output j where iv[k] fits beside the intervals
 * already placed there whose lifetimes meet its own; SIZE_MAX if none. */
static size_t fit_in_output(const planner *pl, const output_members *om, int j, int k, size_t capacity) {
    const interval *it = &pl->iv[k];
    size_t at = 0;
    if (it->bytes > capacity) return SIZE_MAX;
    for (bool moved = true; moved;) {   /* restart after every move: the members are unsorted */
        moved = false;
        for (int q = om->head[j]; q >= 0; q = om->next[q]) {
            const interval *o = &pl->iv[q];
            if (o->def > it->last || it->def > o->last) continue;
            if (pl->offset[q] < at + it->bytes && at < pl->offset[q] + o->bytes) {
                at = pl->offset[q] + o->bytes;
                moved = true;
            }
        }
    }
    return at + it->bytes <= capacity ? at : SIZE_MAX;
}

/* Biggest first; among equals the later-dying first: those meet the
 * output's own write soonest, and taking every other one of a chain from
 * its end leaves the arena the rest without overlaps. */
static int bigger_then_later(const void *x, const void *y) {
    const interval *a = *(const interval *const *)x, *b = *(const interval *const *)y;
    if (a->bytes != b->bytes) return a->bytes > b->bytes ? -1 : 1;
    if (a->last != b->last) return a->last > b->last ? -1 : 1;
    return a < b ? -1 : a > b;
}

/* Moves arena intervals (bigger_then_later) into the first output buffer that is
 * free during their whole life and has room; keeps the move only if the
 * arena then packs smaller (packing is heuristic, so it is measured).
 * Output buffers start where the caller's allocator put them: offsets stay
 * multiples of PLAN_ALIGN, as in the arena. */
static int place_in_outputs(planner *pl, size_t *offset, size_t *arena) {
    int nout = pl->ret->nin, n = pl->nintervals;
    int *free_until = mem_calloc((size_t)nout + 1, sizeof *free_until);
    const interval **order = mem_calloc((size_t)n + 1, sizeof *order);
    output_members om = {mem_alloc(((size_t)nout + 1) * sizeof(int)), mem_alloc(((size_t)n + 1) * sizeof(int))};
    if (!free_until || !order || !om.head || !om.next) {
        mem_free(free_until);
        mem_free(order);
        mem_free(om.head);
        mem_free(om.next);
        return diag_nomem(pl->d);
    }
    for (int j = 0; j < nout; j++) om.head[j] = -1;
    output_free_steps(pl->p, pl->ret, free_until);
    for (int k = 0; k < n; k++) order[k] = &pl->iv[k];
    qsort(order, (size_t)n, sizeof *order, bigger_then_later);
    int moved = 0;
    for (int m = 0; m < n; m++) {
        int k = (int)(order[m] - pl->iv);
        for (int j = 0; j < nout && pl->iv[k].output < 0; j++) {
            if (pl->iv[k].last >= free_until[j]) continue;
            size_t at = fit_in_output(pl, &om, j, k, pl->p->buf[pl->ret->in[j]].bytes / PLAN_ALIGN * PLAN_ALIGN);
            if (at == SIZE_MAX) continue;
            pl->iv[k].output = j;
            pl->offset[k] = at;
            om.next[k] = om.head[j];
            om.head[j] = k;
            moved++;
        }
    }
    mem_free(free_until);
    mem_free(order);
    mem_free(om.head);
    mem_free(om.next);
    if (!moved) return DIAG_OK;
    size_t *arena_offset = mem_calloc((size_t)n + 1, sizeof *arena_offset);
    size_t smaller;
    int rc = arena_offset ? pack_arena(pl, arena_offset, &smaller) : diag_nomem(pl->d);
    bool keep = !rc && smaller < *arena;
    for (int k = 0; k < n; k++) {
        if (keep && pl->iv[k].output < 0) offset[k] = arena_offset[k];
        if (keep && pl->iv[k].output >= 0) offset[k] = pl->offset[k];
        if (!keep) pl->iv[k].output = -1;
    }
    if (keep) *arena = smaller;
    mem_free(arena_offset);
    return rc;
}

/* Packs the arena, tries the output buffers, and gives every value of an
 * interval its home and offset. */
static int place_temporaries(planner *pl) {
    int n = pl->nintervals;
    size_t *offset = mem_calloc((size_t)n + 1, sizeof *offset);
    int rc = offset ? pack_arena(pl, offset, &pl->p->arena_bytes) : diag_nomem(pl->d);
    if (!rc) rc = place_in_outputs(pl, offset, &pl->p->arena_bytes);
    if (!rc) memcpy(pl->offset, offset, (size_t)n * sizeof *offset);
    mem_free(offset);
    for (int v = 0; !rc && v < pl->p->nvalues; v++) {
        int k = pl->interval_of[v];
        if (k < 0) continue;
        plan_buffer *b = &pl->p->buf[v];
        b->offset = pl->offset[k];
        if (pl->iv[k].output < 0) continue;
        b->home = PLAN_IN_OUTPUT;
        b->index = pl->iv[k].output;
        if (b->in_place_of < 0) pl->p->in_output_bytes += pl->iv[k].bytes;
    }
    return rc;
}

/* ---- statistics ----------------------------------------------------------------- */

/* temp_live[s] is the aligned bytes of arena buffers live during step s (an
 * in-place chain counts once); the lower bound is its maximum, which any
 * packing must reach since buffers live at one step cannot overlap. */
static int measure_live_bytes(planner *pl) {
    plan *p = pl->p;
    int nsteps = p->nsteps;
    size_t *dying = mem_calloc((size_t)nsteps, sizeof *dying);   /* bytes whose last step is s */
    p->temp_live = mem_calloc((size_t)nsteps, sizeof *p->temp_live);
    if (!dying || !p->temp_live) {
        mem_free(dying);
        return diag_nomem(pl->d);
    }
    for (int k = 0; k < pl->nintervals; k++) {
        if (pl->iv[k].output >= 0) continue;   /* in an output buffer, not the arena */
        p->temp_live[pl->iv[k].def] += pl->iv[k].bytes;   /* first the bytes born at each step */
        dying[pl->iv[k].last] += pl->iv[k].bytes;
    }
    size_t live = 0;
    for (int s = 0; s < nsteps; s++) {
        live += p->temp_live[s];
        p->temp_live[s] = live;
        if (live > p->lower_bound_bytes) {
            p->lower_bound_bytes = live;
            p->peak_step = s;
        }
        live -= dying[s];
    }
    mem_free(dying);
    return DIAG_OK;
}

/* ---- the invariant checker ------------------------------------------------------- */

static int internal_error(diag *d, const ir_func *f, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int internal_error(diag *d, const ir_func *f, const char *fmt, ...) {
    char what[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    return diag_set(d, DIAG_INVALID, "internal error: memory plan of @%s: %s", f->name ? f->name : "?", what);
}

static bool bytes_overlap(const plan_buffer *a, const plan_buffer *b) {
    return a->bytes && b->bytes && a->offset < b->offset + b->bytes && b->offset < a->offset + a->bytes;
}

/* Its steps, alignment, fit within the arena, and a sound in-place link. */
static int check_arena_buffer(const ir_func *f, const plan *p, int s, ir_value_id v, diag *d) {
    const plan_buffer *b = &p->buf[v];
    size_t aligned;
    if (b->def != plan_defining_step(p, s) || b->last_use < s || b->last_use >= p->nsteps)
        return internal_error(d, f, "value %d of step %d is live during [%d, %d]", v, s, b->def, b->last_use);
    if (b->offset % PLAN_ALIGN) return internal_error(d, f, "value %d has misaligned arena offset %zu", v, b->offset);
    if (!align_bytes(b->bytes, &aligned) || b->offset > p->arena_bytes || aligned > p->arena_bytes - b->offset)
        return internal_error(d, f, "value %d ends past the arena (%zu bytes)", v, p->arena_bytes);
    ir_value_id u = b->in_place_of;
    if (u < 0) return DIAG_OK;
    if (u >= p->nvalues || !is_arena(p, u) || p->buf[u].offset != b->offset || p->buf[u].bytes != b->bytes ||
        p->buf[u].last_use != b->def)
        return internal_error(d, f, "value %d cannot share the buffer of value %d in place", v, u);
    return DIAG_OK;
}

/* The arena buffers live at one step of a sweep, sorted by offset. They
 * never share a byte, so a buffer joining them need only be compared with
 * its two neighbours. */
typedef struct live_set {
    const plan *p;
    int n;
    ir_value_id *v;
} live_set;

/* The first position whose buffer starts at or above `offset`. */
static int first_at_or_above(const live_set *ls, size_t offset) {
    int lo = 0, hi = ls->n;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (ls->p->buf[ls->v[mid]].offset < offset) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/* Removes w if it is still there (a value written over in place has left). */
static void live_remove(live_set *ls, ir_value_id w) {
    int k = first_at_or_above(ls, ls->p->buf[w].offset);
    if (k == ls->n || ls->v[k] != w) return;
    memmove(&ls->v[k], &ls->v[k + 1], (size_t)(ls->n - k - 1) * sizeof *ls->v);
    ls->n--;
}

/* Adds w; returns a live buffer that shares a byte with it, or -1. */
static ir_value_id live_insert(live_set *ls, ir_value_id w) {
    const plan_buffer *b = &ls->p->buf[w];
    int k = first_at_or_above(ls, b->offset);
    if (k > 0 && bytes_overlap(&ls->p->buf[ls->v[k - 1]], b)) return ls->v[k - 1];
    if (k < ls->n && bytes_overlap(&ls->p->buf[ls->v[k]], b)) return ls->v[k];
    memmove(&ls->v[k + 1], &ls->v[k], (size_t)(ls->n - k) * sizeof *ls->v);
    ls->v[k] = w;
    ls->n++;
    return -1;
}

static bool takes_space(const plan *p, ir_value_id v) { return is_arena(p, v) && p->buf[v].bytes > 0; }

/* Non-empty arena values grouped by last step: dying[first[s] .. first[s+1]). */
static int bucket_by_last_use(const plan *p, int *first, ir_value_id *dying) {
    for (int v = 0; v < p->nvalues; v++)
        if (takes_space(p, v)) first[p->buf[v].last_use + 1]++;
    for (int s = 0; s < p->nsteps; s++) first[s + 1] += first[s];
    int *fill = mem_calloc((size_t)p->nsteps, sizeof *fill);
    if (!fill) return -1;
    for (int v = 0; v < p->nvalues; v++)
        if (takes_space(p, v)) dying[first[p->buf[v].last_use] + fill[p->buf[v].last_use]++] = v;
    mem_free(fill);
    return 0;
}

/* No two arena buffers live at one step share a byte, except a value and the
 * operand it overwrites in place: sweeps the steps, dropping buffers after
 * their last step and adding each result at its step (a value written in
 * place replaces its operand). Each buffer is compared with its neighbours
 * only, so this costs O(n log n) plus the moves within the live set. Runs
 * after check_arena_buffer, which bounds every def and last use. */
static int check_no_overlap(const ir_func *f, const plan *p, diag *d) {
    int n = 0;
    for (int v = 0; v < p->nvalues; v++) n += takes_space(p, v);
    int *first = mem_calloc((size_t)p->nsteps + 1, sizeof *first);
    ir_value_id *dying = mem_calloc((size_t)n, sizeof *dying);
    live_set ls = {p, 0, mem_calloc((size_t)n, sizeof *ls.v)};
    int rc = first && dying && ls.v && !bucket_by_last_use(p, first, dying) ? DIAG_OK : diag_nomem(d);
    for (int s = 0; s < p->nsteps && !rc; s++) {
        for (int k = s > 0 ? first[s - 1] : 0; s > 0 && k < first[s]; k++) live_remove(&ls, dying[k]);
        const ir_op *op = f->body->ops[s];
        for (int r = 0; r < op->nout && !rc; r++) {
            ir_value_id v = op->out[r];
            if (!takes_space(p, v)) continue;
            if (p->buf[v].in_place_of >= 0) live_remove(&ls, p->buf[v].in_place_of);
            ir_value_id clash = live_insert(&ls, v);
            if (clash >= 0)
                rc = internal_error(d, f, "values %d and %d are live together in overlapping arena bytes", clash, v);
        }
    }
    mem_free(first);
    mem_free(dying);
    mem_free(ls.v);
    return rc;
}

/* Values sharing an output buffer form one in-place chain: each link dies
 * exactly where the next one is written. */
static int check_output_chains(const ir_func *f, const plan *p, diag *d) {
    for (int v = 0; v < p->nvalues; v++) {
        const plan_buffer *b = &p->buf[v];
        ir_value_id u = b->in_place_of;
        if (b->home != PLAN_OUTPUT || u < 0) continue;
        const plan_buffer *ub = &p->buf[u];
        if (ub->home != PLAN_OUTPUT || ub->index != b->index || ub->last_use != b->def || ub->bytes != b->bytes)
            return internal_error(d, f, "value %d cannot share output %d with value %d", v, b->index, u);
    }
    return DIAG_OK;
}

/* A temporary in an output buffer: aligned, inside the output, dead before
 * the output's first write, and sharing no byte with another temporary
 * there while both live (unless one overwrites the other in place). */
static int check_in_output(const ir_func *f, const plan *p, diag *d) {
    const ir_op *ret = f->body->ops[f->body->nops - 1];
    int *free_until = mem_calloc((size_t)ret->nin + 1, sizeof *free_until);
    if (!free_until) return diag_nomem(d);
    output_free_steps(p, ret, free_until);
    int rc = DIAG_OK;
    for (int v = 0; v < p->nvalues && !rc; v++) {
        const plan_buffer *b = &p->buf[v];
        if (b->home != PLAN_IN_OUTPUT) continue;
        if (b->index < 0 || b->index >= ret->nin || b->offset % PLAN_ALIGN ||
            b->offset + b->bytes > p->buf[ret->in[b->index]].bytes)
            rc = internal_error(d, f, "value %d does not fit in output %d", v, b->index);
        else if (b->last_use >= free_until[b->index])
            rc = internal_error(d, f, "value %d is still live when output %d is written", v, b->index);
        ir_value_id u = b->in_place_of;
        if (!rc && u >= 0 && (p->buf[u].home != PLAN_IN_OUTPUT || p->buf[u].index != b->index ||
                              p->buf[u].offset != b->offset || p->buf[u].last_use != b->def))
            rc = internal_error(d, f, "value %d cannot share the buffer of value %d in place", v, u);
        for (int w = v + 1; w < p->nvalues && !rc; w++) {
            const plan_buffer *o = &p->buf[w];
            bool together = o->home == PLAN_IN_OUTPUT && o->index == b->index && o->def <= b->last_use &&
                            b->def <= o->last_use && b->in_place_of != w && o->in_place_of != v;
            if (together && bytes_overlap(b, o))
                rc = internal_error(d, f, "values %d and %d are live together in overlapping bytes of output %d", v, w, b->index);
        }
    }
    mem_free(free_until);
    return rc;
}

/* Each donated parameter holds one in-place chain (often one value): its
 * links die where the next is written, and its first value is written
 * once the parameter is dead. */
static int check_donations(const ir_func *f, const plan *p, diag *d) {
    uint64_t holding = 0;
    for (int v = 0; v < p->nvalues; v++) {
        const plan_buffer *b = &p->buf[v];
        if (b->home != PLAN_DONATED) continue;
        ir_value_id u = b->in_place_of;
        if (u >= 0) {
            const plan_buffer *ub = &p->buf[u];
            if (ub->home != PLAN_DONATED || ub->index != b->index || ub->last_use != b->def || ub->bytes != b->bytes)
                return internal_error(d, f, "value %d cannot share donated parameter %d with value %d", v, b->index, u);
            continue;
        }
        if (b->index < 0 || b->index >= f->body->nargs || b->index >= 64 || holding >> b->index & 1)
            return internal_error(d, f, "value %d is donated parameter %d, which is not donatable or already taken", v, b->index);
        holding |= (uint64_t)1 << b->index;
        ir_value_id a = f->body->args[b->index];
        if (!written_after_parameter(f, p, v, a) || b->bytes != p->buf[a].bytes)
            return internal_error(d, f, "value %d overwrites parameter %d while it is still in use", v, b->index);
    }
    return DIAG_OK;
}

/* Each arena buffer on its own first, then pairs, so a broken buffer is
 * reported as what it is rather than as the overlap it causes. */
int plan_check(const ir_func *f, const plan *p, diag *d) {
    const ir_block *body = f->body;
    if (p->nvalues != f->nvalues || p->nsteps != body->nops || p->lower_bound_bytes > p->arena_bytes)
        return internal_error(d, f, "totals do not match the function or exceed the arena");
    for (int s = 0; s < p->nsteps; s++)
        if (p->temp_live[s] > p->arena_bytes) return internal_error(d, f, "live bytes at step %d exceed the arena", s);
    for (int s = 0; s < body->nops; s++) {
        const ir_op *op = body->ops[s];
        for (int r = 0; r < op->nout; r++) {
            int rc = is_arena(p, op->out[r]) ? check_arena_buffer(f, p, s, op->out[r], d) : DIAG_OK;
            if (rc) return rc;
        }
    }
    int rc = check_no_overlap(f, p, d);
    if (!rc) rc = check_output_chains(f, p, d);
    if (!rc) rc = check_in_output(f, p, d);
    return rc ? rc : check_donations(f, p, d);
}

/* ---- entry points --------------------------------------------------------------- */

static int check_input(const ir_func *f, diag *d) {
    const ir_block *body = f->body;
    if (!body || body->nops == 0 || body->ops[body->nops - 1]->code != IR_RETURN)
        return diag_set(d, DIAG_INVALID, "internal error: @%s has no body ending in a return to plan",
                        f->name ? f->name : "?");
    return DIAG_OK;
}

/* The plan keeps its own copy of the contract it is made from (the code
 * generator reads it there); without one it makes one. */
static int take_contract(planner *pl) {
    if (!pl->opts.kernels)
        return contract_func(pl->f, &(contract_options){.strict_order = pl->opts.strict_order}, &pl->p->kernels,
                             pl->d);
    if (pl->opts.kernels->nsteps != pl->p->nsteps)
        return diag_set(pl->d, DIAG_INVALID, "internal error: the kernel contract of @%s has %d steps, not %d",
                        pl->f->name ? pl->f->name : "?", pl->opts.kernels->nsteps, pl->p->nsteps);
    return contract_copy(pl->opts.kernels, &pl->p->kernels, pl->d);
}

static int run_stages(planner *pl) {
    plan *p = pl->p;
    int rc = check_input(pl->f, pl->d);
    if (rc) return rc;
    pl->ret = pl->f->body->ops[pl->f->body->nops - 1];
    p->nvalues = pl->f->nvalues;
    p->nsteps = pl->f->body->nops;
    pl->live = live_ranges(pl->f);
    p->buf = mem_calloc((size_t)p->nvalues + 1, sizeof *p->buf);
    if (!pl->live || !p->buf) return diag_nomem(pl->d);
    if ((rc = take_contract(pl)) || (rc = assign_homes(pl)) || (rc = plan_find_chains(pl->f, p, pl->chains, pl->d)) ||
        (rc = donate_parameters(pl)))
        return rc;
    link_in_place(pl, PLAN_ARENA);
    link_in_place(pl, PLAN_OUTPUT);
    link_in_place(pl, PLAN_DONATED);
    if ((rc = collect_intervals(pl)) || (rc = place_temporaries(pl)) || (rc = measure_live_bytes(pl)) ||
        (rc = plan_place_scratch(pl->f, p, pl->d)))
        return rc;
    return plan_check(pl->f, p, pl->d);
}

/* One plan of f, with or without chains. */
static int plan_once(const ir_func *f, const plan_options *o, bool chains, plan *p, diag *d) {
    memset(p, 0, sizeof *p);
    planner pl = {.f = f, .p = p, .d = d, .chains = chains};
    if (o) pl.opts = *o;
    p->strict_order = pl.opts.strict_order;
    int rc = run_stages(&pl);
    mem_free(pl.live);
    mem_free(pl.iv);
    mem_free(pl.interval_of);
    mem_free(pl.offset);
    if (rc) plan_free(p);
    return rc;
}

static bool has_chain(const plan *p) {
    for (int s = 0; s < p->nsteps; s++)
        if (p->runs[s].chain) return true;
    return false;
}

/* A plan with chains, unless the one without them has the smaller arena
 * (a chain's slots can take more than the in-place writes it replaces:
 * two layers over 4200 rows of 64 doubles, the second written over the
 * first in the output buffer, leave the arena one 256 KiB block of rows;
 * as a chain, a 512 KiB slot). */
int plan_func(const ir_func *f, const plan_options *o, plan *p, diag *d) {
    int rc = plan_once(f, o, true, p, d);
    if (rc || !has_chain(p)) return rc;
    plan plain;
    rc = plan_once(f, o, false, &plain, d);
    if (rc) {
        plan_free(p);
        return rc;
    }
    if (plain.arena_bytes < p->arena_bytes) {
        plan_free(p);
        *p = plain;
    } else {
        plan_free(&plain);
    }
    return DIAG_OK;
}

void plan_free(plan *p) {
    if (!p) return;
    mem_free(p->buf);
    mem_free(p->copies);
    mem_free(p->temp_live);
    mem_free(p->runs);
    mem_free(p->slots);
    contract_free(&p->kernels);
    memset(p, 0, sizeof *p);
}
