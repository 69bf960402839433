/* plan: homes, in-place sharing, arena offsets and memory statistics for a
 * scheduled, fused function (see plan.h for the contract).
 *
 * plan_func runs these stages in order:
 *   assign_homes        parameters, constants, outputs and copies, arena temps
 *   donate_parameters   results moved into donated parameters' buffers
 *   share_in_place      kernel results that reuse a dying operand's buffer
 *   collect_intervals   one interval per arena buffer (an in-place chain is one)
 *   pack_size_ordered, pack_lifetime_ordered
 *                       two best-fit packings; the smaller arena wins
 *   measure_live_bytes  temp_live, peak_step and the lower bound
 *   plan_check          the invariants, verified on the finished plan
 *
 * Sizes: every interval's bytes are rounded up to PLAN_ALIGN, and the sum of
 * all of them is checked to fit in a size_t before packing. Both packers only
 * ever place a buffer below the sum of the sizes placed so far, so no offset,
 * end or live-byte sum computed after that check can overflow. */
#include "plan.h"

#include <stdio.h>
#include <string.h>

#include "../analysis/liveness.h"
#include "../fuse/fuse.h"
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
} planner;

static bool is_arena(const plan *p, ir_value_id v) { return p->buf[v].home == PLAN_ARENA; }

/* True when kernel `op` may write its result r over operand value u: it is a
 * fusion and every operand position holding u allows it (a value passed twice
 * is read through both block arguments). */
static bool kernel_may_overwrite(const ir_func *f, const ir_op *op, int r, ir_value_id u) {
    if (op->code != IR_FUSION) return false;
    for (int i = 0; i < op->nin; i++)
        if (op->in[i] == u && !fuse_can_write_in_place(f, op, r, i)) return false;
    return true;
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

/* Whether returned value j (an output home, its first occurrence) may live in
 * donated parameter `param`'s buffer: same size, and written only once the
 * parameter is dead, or by the kernel that reads it last when that kernel may
 * write over it. */
static bool result_fits_parameter(const planner *pl, int param, int j) {
    const plan *p = pl->p;
    ir_value_id v = pl->ret->in[j], a = pl->f->body->args[param];
    const plan_buffer *b = &p->buf[v];
    if (b->home != PLAN_OUTPUT || b->index != j || b->bytes != p->buf[a].bytes) return false;
    int last_read = pl->live[a].last_use;
    if (b->def > last_read) return true;
    const ir_value *val = &pl->f->values[v];
    return b->def == last_read && kernel_may_overwrite(pl->f, val->def, val->def_index, a);
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
    int *holder = mem_alloc((size_t)nres * sizeof *holder + 1);
    bool *seen = mem_alloc((size_t)nres * sizeof *seen + 1);
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
 * buffer: u dies at s, has r's size, no earlier result of this kernel took
 * it, and the kernel allows the overwrite. */
static bool can_take_operand(const planner *pl, const ir_op *op, int s, int r, ir_value_id u) {
    const plan *p = pl->p;
    if (!is_arena(p, u) || p->buf[u].last_use != s || p->buf[u].bytes != p->buf[op->out[r]].bytes) return false;
    for (int earlier = 0; earlier < r; earlier++)
        if (p->buf[op->out[earlier]].in_place_of == u) return false;
    return kernel_may_overwrite(pl->f, op, r, u);
}

/* Only arena results share, and only non-empty ones (an empty buffer takes
 * no space to save). Chains form naturally: a result that took a buffer in
 * place may itself be taken over by a later kernel. */
static void share_in_place(planner *pl) {
    const ir_block *body = pl->f->body;
    plan *p = pl->p;
    for (int s = 0; s < body->nops - 1; s++) {
        const ir_op *op = body->ops[s];
        if (op->code != IR_FUSION) continue;
        for (int r = 0; r < op->nout; r++) {
            ir_value_id v = op->out[r];
            if (!is_arena(p, v) || p->buf[v].bytes == 0) continue;
            for (int i = 0; i < op->nin && p->buf[v].in_place_of < 0; i++)
                if (can_take_operand(pl, op, s, r, op->in[i])) p->buf[v].in_place_of = op->in[i];
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
    pl->iv = mem_alloc((size_t)n * sizeof *pl->iv + 1);
    pl->offset = mem_alloc((size_t)n * sizeof *pl->offset + 1);
    pl->interval_of = mem_alloc((size_t)p->nvalues * sizeof *pl->interval_of + 1);
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
                *it = (interval){b->def, b->last_use, 0};
                align_bytes(b->bytes, &it->bytes);   /* checked above */
                pl->interval_of[v] = pl->nintervals++;
            }
        }
    }
    return DIAG_OK;
}

static bool lifetimes_intersect(const interval *a, const interval *b) {
    return a->def <= b->last && b->def <= a->last;
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

/* The lowest-waste place for `it` among the buffers already placed (`placed`,
 * sorted by offset): the smallest gap between placed buffers whose lifetimes
 * intersect it's that fits, counting the gap up to the current arena top;
 * else right above the highest of them (growing the arena). */
static size_t best_gap(const interval *iv, const size_t *offset, const int *placed, int nplaced,
                       const interval *it, size_t arena) {
    size_t cursor = 0, best = 0, best_size = SIZE_MAX;
    for (int k = 0; k < nplaced; k++) {
        const interval *q = &iv[placed[k]];
        if (!lifetimes_intersect(q, it)) continue;
        size_t at = offset[placed[k]];
        if (at > cursor && at - cursor >= it->bytes && at - cursor < best_size) {
            best = cursor;
            best_size = at - cursor;
        }
        if (at + q->bytes > cursor) cursor = at + q->bytes;
    }
    if (arena > cursor && arena - cursor >= it->bytes && arena - cursor < best_size) return cursor;
    return best_size != SIZE_MAX ? best : cursor;
}

static int pack_size_ordered(const interval *iv, int n, size_t *offset, size_t *arena) {
    const interval **order = mem_alloc((size_t)n * sizeof *order + 1);
    int *placed = mem_alloc((size_t)n * sizeof *placed + 1);   /* interval indices by offset */
    if (!order || !placed) {
        mem_free(order);
        mem_free(placed);
        return -1;
    }
    for (int k = 0; k < n; k++) order[k] = &iv[k];
    qsort(order, (size_t)n, sizeof *order, bigger_first);
    *arena = 0;
    for (int m = 0; m < n; m++) {
        int k = (int)(order[m] - iv);
        size_t at = best_gap(iv, offset, placed, m, &iv[k], *arena);
        offset[k] = at;
        if (at + iv[k].bytes > *arena) *arena = at + iv[k].bytes;
        int pos = m;   /* insertion keeps `placed` sorted by offset */
        while (pos > 0 && offset[placed[pos - 1]] > at) {
            placed[pos] = placed[pos - 1];
            pos--;
        }
        placed[pos] = k;
    }
    mem_free(order);
    mem_free(placed);
    return 0;
}

/* ---- packing (b): lifetime-ordered best fit over a free list (ggml-alloc) ------- */

/* Free space below `top` as disjoint blocks sorted by offset, none touching
 * `top` (such a block is merged into the free space above it); everything
 * from `top` up is free. `high` is the highest `top` so far: the arena. */
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
    const interval **by_last = mem_alloc((size_t)n * sizeof *by_last + 1);
    free_list fl = {0, mem_alloc((size_t)n * sizeof *fl.blocks + 1), 0, 0};   /* <= n blocks ever */
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

/* Runs both packers and keeps the smaller arena (the size-ordered one on a
 * tie), then gives every arena value its buffer's offset. */
static int pack_arena(planner *pl) {
    int n = pl->nintervals;
    size_t *other = mem_alloc((size_t)n * sizeof *other + 1);
    size_t by_size, by_lifetime;
    if (!other || pack_size_ordered(pl->iv, n, pl->offset, &by_size) ||
        pack_lifetime_ordered(pl->iv, n, other, &by_lifetime)) {
        mem_free(other);
        return diag_nomem(pl->d);
    }
    pl->p->arena_bytes = by_size;
    if (by_lifetime < by_size) {
        memcpy(pl->offset, other, (size_t)n * sizeof *other);
        pl->p->arena_bytes = by_lifetime;
    }
    mem_free(other);
    for (int v = 0; v < pl->p->nvalues; v++)
        if (pl->interval_of[v] >= 0) pl->p->buf[v].offset = pl->offset[pl->interval_of[v]];
    return DIAG_OK;
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

static int internal_error(diag *d, const ir_func *f, const char *what, ir_value_id a, ir_value_id b) {
    return diag_set(d, DIAG_INVALID, "internal error: memory plan of @%s: %s (values %d and %d)",
                    f->name ? f->name : "?", what, a, b);
}

static bool bytes_overlap(const plan_buffer *a, const plan_buffer *b) {
    return a->bytes && b->bytes && a->offset < b->offset + b->bytes && b->offset < a->offset + a->bytes;
}

/* Alignment, fit within the arena, and a sound in-place link. */
static int check_arena_buffer(const ir_func *f, const plan *p, ir_value_id v, diag *d) {
    const plan_buffer *b = &p->buf[v];
    size_t aligned;
    if (b->offset % PLAN_ALIGN) return internal_error(d, f, "misaligned arena offset", v, v);
    if (!align_bytes(b->bytes, &aligned) || b->offset > p->arena_bytes || aligned > p->arena_bytes - b->offset)
        return internal_error(d, f, "buffer past the end of the arena", v, v);
    ir_value_id u = b->in_place_of;
    if (u < 0) return DIAG_OK;
    if (u >= p->nvalues || !is_arena(p, u) || p->buf[u].offset != b->offset || p->buf[u].bytes != b->bytes ||
        p->buf[u].last_use != b->def)
        return internal_error(d, f, "unsound in-place pair", v, u);
    return DIAG_OK;
}

/* No two arena buffers live at one step share a byte, except a value and the
 * operand it overwrites in place. Walks values in definition order and
 * compares each only with those defined during its lifetime, so the cost is
 * the number of pairs live together, not all pairs. */
static int check_no_overlap(const ir_func *f, const plan *p, int s, ir_value_id v, diag *d) {
    const ir_block *body = f->body;
    const plan_buffer *b = &p->buf[v];
    for (int t = s; t <= b->last_use && t < body->nops; t++) {
        const ir_op *op = body->ops[t];
        for (int r = 0; r < op->nout; r++) {
            ir_value_id w = op->out[r];
            if (w <= v && t == s) continue;   /* each pair once; results of one op by id */
            if (!is_arena(p, w) || !bytes_overlap(b, &p->buf[w])) continue;
            if (p->buf[w].in_place_of == v || b->in_place_of == w) continue;
            return internal_error(d, f, "live buffers overlap in the arena", v, w);
        }
    }
    return DIAG_OK;
}

static int check_donations(const ir_func *f, const plan *p, diag *d) {
    uint64_t holding = 0;
    for (int v = 0; v < p->nvalues; v++) {
        const plan_buffer *b = &p->buf[v];
        if (b->home != PLAN_DONATED) continue;
        if (b->index < 0 || b->index >= f->body->nargs || b->index >= 64 || holding >> b->index & 1)
            return internal_error(d, f, "bad donated parameter", v, v);
        holding |= (uint64_t)1 << b->index;
        ir_value_id a = f->body->args[b->index];
        const ir_value *val = &f->values[v];
        bool dead = b->def > p->buf[a].last_use ||
                    (b->def == p->buf[a].last_use && kernel_may_overwrite(f, val->def, val->def_index, a));
        if (!dead || b->bytes != p->buf[a].bytes) return internal_error(d, f, "donated buffer still in use", v, a);
    }
    return DIAG_OK;
}

int plan_check(const ir_func *f, const plan *p, diag *d) {
    const ir_block *body = f->body;
    if (p->nvalues != f->nvalues || p->nsteps != body->nops || p->lower_bound_bytes > p->arena_bytes)
        return internal_error(d, f, "inconsistent totals", -1, -1);
    for (int s = 0; s < p->nsteps; s++)
        if (p->temp_live[s] > p->arena_bytes) return internal_error(d, f, "live bytes exceed the arena", -1, -1);
    for (int s = 0; s < body->nops; s++) {
        const ir_op *op = body->ops[s];
        for (int r = 0; r < op->nout; r++) {
            ir_value_id v = op->out[r];
            if (!is_arena(p, v)) continue;
            int rc = check_arena_buffer(f, p, v, d);
            if (!rc) rc = check_no_overlap(f, p, s, v, d);
            if (rc) return rc;
        }
    }
    return check_donations(f, p, d);
}

/* ---- entry points --------------------------------------------------------------- */

static int check_input(const ir_func *f, diag *d) {
    const ir_block *body = f->body;
    if (!body || body->nops == 0 || body->ops[body->nops - 1]->code != IR_RETURN)
        return diag_set(d, DIAG_INVALID, "internal error: @%s has no body ending in a return to plan",
                        f->name ? f->name : "?");
    return DIAG_OK;
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
    if ((rc = assign_homes(pl)) || (rc = donate_parameters(pl))) return rc;
    share_in_place(pl);
    if ((rc = collect_intervals(pl)) || (rc = pack_arena(pl)) || (rc = measure_live_bytes(pl))) return rc;
    return plan_check(pl->f, p, pl->d);
}

int plan_func(const ir_func *f, const plan_options *o, plan *p, diag *d) {
    memset(p, 0, sizeof *p);
    planner pl = {.f = f, .p = p, .d = d};
    if (o) pl.opts = *o;
    int rc = run_stages(&pl);
    mem_free(pl.live);
    mem_free(pl.iv);
    mem_free(pl.interval_of);
    mem_free(pl.offset);
    if (rc) plan_free(p);
    return rc;
}

void plan_free(plan *p) {
    if (!p) return;
    mem_free(p->buf);
    mem_free(p->copies);
    mem_free(p->temp_live);
    memset(p, 0, sizeof *p);
}
