/* schedule.c: orders the body's ops to keep the peak of live temporaries
 * low (see schedule.h for what is counted).
 *
 * The graph: "nodes" are the body's ops other than constants and the
 * return, numbered in source order. Node b depends on node a when b reads
 * (directly or inside a region) a value a defines; each check also depends
 * on the check before it, so checks keep their order. Every candidate is an
 * order of the nodes; constants are then placed right before their first
 * reader, the return last, and the whole order is scored with
 * analysis/liveness.h (live_ranges, then one sweep over the ranges: the
 * count live_peak makes, in linear time).
 *
 * The candidates:
 *  - source: the order the ops came in;
 *  - dfs: post-order from the sinks, visiting first the operand whose
 *    subtree needs the most memory beyond what it leaves behind (Sethi and
 *    Ullman's order for trees; a heuristic on DAGs);
 *  - list: repeatedly the ready node that frees the most bytes minus what
 *    it allocates, ties to source order. Scores sit in a heap and change
 *    only when a value is down to its last reader: O((n + e) log n);
 *  - exact: dynamic programming over the sets of scheduled nodes (what is
 *    live after a set does not depend on its order), for at most
 *    SCHEDULE_EXACT_MAX_OPS nodes: 2^n states, n transitions each. */
#include "schedule.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../analysis/liveness.h"
#include "../util/mem.h"

/* Rows of ints: row r is item[start[r] .. start[r + 1]). */
typedef struct rows {
    int *start, *item;
} rows;

static void rows_free(rows *r) {
    mem_free(r->start);
    mem_free(r->item);
}

typedef struct graph {
    ir_func *f;
    int n;                  /* nodes */
    int *node_op;           /* node -> body op index */
    int *def_node;          /* value -> node defining it; -2 a parameter; -1 otherwise */
    int *check_before;      /* node -> the check node before it when it is a check; -1 otherwise */
    int *const_op;          /* value -> body op index of the constant defining it; -1 otherwise */
    bool *temp;             /* value -> schedule_is_temporary */
    size_t *out_bytes;      /* node -> bytes of the temporaries it defines */
    rows reads;             /* node -> the distinct top-level values it reads */
    rows pred, succ;        /* node -> nodes it depends on / that depend on it */
    rows readers;           /* value -> nodes reading it */
    int *stamp, now;        /* scratch marks (over values, or nodes) */
} graph;

static const ir_op *node_ir(const graph *g, int b) { return g->f->body->ops[g->node_op[b]]; }

static bool is_check(const ir_op *op) { return ir_op_kind_of(op->code) == IR_KIND_CHECK; }

static bool returns_value(const ir_func *f, ir_value_id v) {
    const ir_op *ret = f->body->ops[f->body->nops - 1];
    for (int i = 0; i < ret->nin; i++)
        if (ret->in[i] == v) return true;
    return false;
}

bool schedule_is_temporary(const ir_func *f, ir_value_id v, void *ctx) {
    (void)ctx;
    const ir_op *def = f->values[v].def;
    if (!def || def->code == IR_CONSTANT || returns_value(f, v)) return false;
    for (int i = 0; i + 1 < f->body->nops; i++)   /* defined at top level, not in a region */
        if (f->body->ops[i] == def) return true;
    return false;
}

/* ---- building the graph ---------------------------------------------------------- */

/* Fills rows over n rows in two passes of fn (count, then write): fn puts
 * row r's items at out (when not NULL) and returns how many. */
typedef int (*row_fn)(graph *g, int r, int *out);

static int build_rows(graph *g, int n, row_fn fn, rows *r) {
    r->start = mem_calloc((size_t)n + 1, sizeof *r->start);
    if (!r->start) return -1;
    for (int i = 0; i < n; i++) r->start[i + 1] = r->start[i] + fn(g, i, NULL);
    r->item = mem_alloc((size_t)r->start[n] * sizeof *r->item + 1);
    if (!r->item) return -1;
    for (int i = 0; i < n; i++) fn(g, i, r->item + r->start[i]);
    return 0;
}

/* The transpose of in (n rows of items in [0, m)): m rows. */
static int invert_rows(const rows *in, int n, int m, rows *out) {
    out->start = mem_calloc((size_t)m + 2, sizeof *out->start);
    out->item = mem_alloc((size_t)in->start[n] * sizeof *out->item + 1);
    if (!out->start || !out->item) return -1;
    for (int e = 0; e < in->start[n]; e++) out->start[in->item[e] + 2]++;
    for (int i = 0; i < m; i++) out->start[i + 2] += out->start[i + 1];
    for (int i = 0; i < n; i++)
        for (int e = in->start[i]; e < in->start[i + 1]; e++) out->item[out->start[in->item[e] + 1]++] = i;
    return 0;
}

typedef struct read_list {
    graph *g;
    int *out, n;
} read_list;

static void note_read(read_list *l, ir_value_id v) {
    graph *g = l->g;
    bool top = g->def_node[v] != -1 || g->const_op[v] >= 0;
    if (!top || g->stamp[v] == g->now) return;
    g->stamp[v] = g->now;
    if (l->out) l->out[l->n] = v;
    l->n++;
}

static void note_region_reads(read_list *l, const ir_block *b) {
    for (int i = 0; i < b->nops; i++) {
        const ir_op *op = b->ops[i];
        for (int j = 0; j < op->nin; j++) note_read(l, op->in[j]);
        for (int r = 0; r < op->nregions; r++) note_region_reads(l, op->regions[r]);
    }
}

/* The top-level values (parameters, constants, node results) b reads. */
static int node_reads(graph *g, int b, int *out) {
    read_list l = {g, out, 0};
    const ir_op *op = node_ir(g, b);
    g->now++;
    for (int j = 0; j < op->nin; j++) note_read(&l, op->in[j]);
    for (int r = 0; r < op->nregions; r++) note_region_reads(&l, op->regions[r]);
    return l.n;
}

static int node_preds(graph *g, int b, int *out) {
    int n = 0;
    g->now++;
    int check = g->check_before[b];
    if (check >= 0) {
        g->stamp[check] = g->now;
        if (out) out[n] = check;
        n++;
    }
    for (int e = g->reads.start[b]; e < g->reads.start[b + 1]; e++) {
        int a = g->def_node[g->reads.item[e]];
        if (a < 0 || g->stamp[a] == g->now) continue;
        g->stamp[a] = g->now;
        if (out) out[n] = a;
        n++;
    }
    return n;
}

static void index_values(graph *g) {
    const ir_func *f = g->f;
    for (int v = 0; v < f->nvalues; v++) g->def_node[v] = g->const_op[v] = -1;
    for (int i = 0; i < f->body->nargs; i++) g->def_node[f->body->args[i]] = -2;
    for (int i = 0, b = 0, check = -1; i + 1 < f->body->nops; i++) {
        const ir_op *op = f->body->ops[i];
        if (op->code == IR_CONSTANT) {
            for (int j = 0; j < op->nout; j++) g->const_op[op->out[j]] = i;
            continue;
        }
        g->node_op[b] = i;
        g->check_before[b] = is_check(op) ? check : -1;
        if (is_check(op)) check = b;
        for (int j = 0; j < op->nout; j++) {
            ir_value_id v = op->out[j];
            g->def_node[v] = b;
            if ((g->temp[v] = !returns_value(f, v))) g->out_bytes[b] += ir_type_bytes(&f->values[v].type);
        }
        b++;
    }
}

static void graph_free(graph *g) {
    mem_free(g->node_op);
    mem_free(g->check_before);
    mem_free(g->def_node);
    mem_free(g->const_op);
    mem_free(g->temp);
    mem_free(g->out_bytes);
    mem_free(g->stamp);
    rows_free(&g->reads);
    rows_free(&g->pred);
    rows_free(&g->succ);
    rows_free(&g->readers);
}

static int graph_build(graph *g, ir_func *f, diag *d) {
    const ir_block *body = f->body;
    *g = (graph){.f = f};
    for (int i = 0; i + 1 < body->nops; i++) g->n += body->ops[i]->code != IR_CONSTANT;
    size_t nv = (size_t)f->nvalues + 1, nn = (size_t)g->n + 1;
    g->node_op = mem_alloc(nn * sizeof *g->node_op);
    g->check_before = mem_alloc(nn * sizeof *g->check_before);
    g->def_node = mem_alloc(nv * sizeof *g->def_node);
    g->const_op = mem_alloc(nv * sizeof *g->const_op);
    g->temp = mem_calloc(nv, sizeof *g->temp);
    g->out_bytes = mem_calloc(nn, sizeof *g->out_bytes);
    g->stamp = mem_calloc(nv > nn ? nv : nn, sizeof *g->stamp);
    if (!g->node_op || !g->check_before || !g->def_node || !g->const_op || !g->temp || !g->out_bytes || !g->stamp) return diag_nomem(d);
    index_values(g);
    if (build_rows(g, g->n, node_reads, &g->reads) || build_rows(g, g->n, node_preds, &g->pred) ||
        invert_rows(&g->pred, g->n, g->n, &g->succ) || invert_rows(&g->reads, g->n, f->nvalues, &g->readers))
        return diag_nomem(d);
    return DIAG_OK;
}

/* ---- scoring an order -------------------------------------------------------------- */

typedef struct score {
    size_t temp_peak, all_peak;
} score;

static bool better(score a, score b) {
    return a.temp_peak < b.temp_peak || (a.temp_peak == b.temp_peak && a.all_peak < b.all_peak);
}

/* The body order for a node order: each constant right before its first
 * reader (the others before the return), the return last. */
static void body_order(graph *g, const int *nodes, ir_op **ops, ir_op *const *source) {
    const ir_block *body = g->f->body;
    int k = 0;
    g->now++;
    for (int i = 0; i < g->n; i++) {
        int b = nodes[i];
        for (int e = g->reads.start[b]; e < g->reads.start[b + 1]; e++) {
            int c = g->const_op[g->reads.item[e]];
            if (c < 0 || g->stamp[c] == g->now) continue;
            g->stamp[c] = g->now;
            ops[k++] = source[c];
        }
        ops[k++] = source[g->node_op[b]];
    }
    for (int i = 0; i + 1 < body->nops; i++)
        if (source[i]->code == IR_CONSTANT && g->stamp[i] != g->now) ops[k++] = source[i];
    ops[k] = source[body->nops - 1];
}

/* Peaks of the body's current order: live_ranges, then a sweep adding each
 * value's bytes over steps [def, last_use] (a parameter from step 0). */
static int score_body(graph *g, score *s, diag *d) {
    const ir_func *f = g->f;
    int nsteps = f->body->nops;
    live_range *r = live_ranges(f);
    size_t *delta = mem_calloc(2 * ((size_t)nsteps + 1), sizeof *delta);   /* [step][all, temp] added; removed */
    size_t *removed = mem_calloc(2 * ((size_t)nsteps + 1), sizeof *removed);
    int rc = r && delta && removed ? DIAG_OK : diag_nomem(d);
    for (int v = 0; !rc && v < f->nvalues; v++) {
        int from = r[v].def < 0 ? 0 : r[v].def, to = r[v].last_use;
        if (r[v].def == -2 || to < from) continue;
        delta[2 * from] += r[v].bytes;
        removed[2 * (to + 1)] += r[v].bytes;
        if (g->temp[v]) {
            delta[2 * from + 1] += r[v].bytes;
            removed[2 * (to + 1) + 1] += r[v].bytes;
        }
    }
    size_t live[2] = {0, 0}, peak[2] = {0, 0};
    for (int step = 0; !rc && step < nsteps; step++)
        for (int k = 0; k < 2; k++) {
            live[k] = live[k] + delta[2 * step + k] - removed[2 * step + k];
            if (live[k] > peak[k]) peak[k] = live[k];
        }
    *s = (score){peak[1], peak[0]};
    mem_free(r);
    mem_free(delta);
    mem_free(removed);
    return rc;
}

/* ---- candidates -------------------------------------------------------------------- */

/* A node and its key for the DFS: need - out, larger first. */
typedef struct keyed {
    long long key;
    int node;
} keyed;

static int by_key_desc(const void *x, const void *y) {
    const keyed *a = x, *b = y;
    if (a->key != b->key) return (a->key < b->key) - (a->key > b->key);
    return (a->node > b->node) - (a->node < b->node);
}

/* Sorts nodes[0..n) by decreasing need - out (scratch: n entries). */
static void sort_by_need(const graph *g, const size_t *need, int *nodes, int n, keyed *scratch) {
    for (int i = 0; i < n; i++) scratch[i] = (keyed){(long long)need[nodes[i]] - (long long)g->out_bytes[nodes[i]], nodes[i]};
    qsort(scratch, (size_t)n, sizeof *scratch, by_key_desc);
    for (int i = 0; i < n; i++) nodes[i] = scratch[i].node;
}

/* need[b]: the peak bytes of computing b's subtree with its children taken
 * by decreasing need - out (each child's result held while the next runs),
 * at least everything b reads and writes. Sorts each child list that way. */
static void compute_needs(const graph *g, size_t *need, rows *children, keyed *scratch) {
    for (int b = 0; b < g->n; b++) {   /* the source order is topological: children first */
        int *ch = children->item + children->start[b], n = children->start[b + 1] - children->start[b];
        sort_by_need(g, need, ch, n, scratch);
        size_t held = 0, peak = 0;
        for (int i = 0; i < n; i++) {
            if (held + need[ch[i]] > peak) peak = held + need[ch[i]];
            held += g->out_bytes[ch[i]];
        }
        need[b] = peak > held + g->out_bytes[b] ? peak : held + g->out_bytes[b];
    }
}

/* Appends the post-order of b's unvisited subtree to order (stamp marks
 * visited nodes). */
static int visit_post_order(graph *g, const rows *children, int b, int *cursor, int *stack, int *order, int k) {
    int top = 0;
    stack[top++] = b;
    g->stamp[b] = g->now;
    while (top > 0) {
        int x = stack[top - 1];
        if (children->start[x] + cursor[x] < children->start[x + 1]) {
            int a = children->item[children->start[x] + cursor[x]++];
            if (g->stamp[a] == g->now) continue;
            g->stamp[a] = g->now;
            stack[top++] = a;
        } else {
            order[k++] = x;
            top--;
        }
    }
    return k;
}

/* Post-order from the sinks, taken by decreasing need too. */
static int dfs_order(graph *g, int *order, diag *d) {
    size_t n1 = (size_t)g->n + 1, nedges = (size_t)g->pred.start[g->n];
    size_t *need = mem_calloc(n1, sizeof *need);
    int *cursor = mem_calloc(n1, sizeof *cursor), *stack = mem_alloc(n1 * sizeof *stack);
    int *sinks = mem_alloc(n1 * sizeof *sinks);
    keyed *scratch = mem_alloc((nedges > n1 ? nedges : n1) * sizeof *scratch);
    rows children = {mem_alloc(n1 * sizeof(int)), mem_alloc(nedges * sizeof(int) + 1)};
    int rc = need && cursor && stack && sinks && scratch && children.start && children.item ? DIAG_OK : diag_nomem(d);
    if (!rc) {
        memcpy(children.start, g->pred.start, n1 * sizeof(int));
        memcpy(children.item, g->pred.item, nedges * sizeof(int));
        compute_needs(g, need, &children, scratch);
        int nsinks = 0, k = 0;
        for (int b = 0; b < g->n; b++)
            if (g->succ.start[b] == g->succ.start[b + 1]) sinks[nsinks++] = b;
        sort_by_need(g, need, sinks, nsinks, scratch);
        g->now++;
        for (int i = 0; i < nsinks; i++) k = visit_post_order(g, &children, sinks[i], cursor, stack, order, k);
    }
    mem_free(need);
    mem_free(cursor);
    mem_free(stack);
    mem_free(sinks);
    mem_free(scratch);
    rows_free(&children);
    return rc;
}

/* The list scheduler's state: a max-heap of (score, -node) entries, stale
 * ones skipped when popped. */
typedef struct list_ctx {
    graph *g;
    int *waiting;         /* node -> predecessors not yet scheduled */
    int *left;            /* value -> readers not yet scheduled */
    bool *done;
    long long *gain;      /* node -> its current score */
    long long *heap_gain;
    int *heap_node, nheap;
} list_ctx;

static bool heap_above(const list_ctx *c, int i, int j) {
    return c->heap_gain[i] > c->heap_gain[j] || (c->heap_gain[i] == c->heap_gain[j] && c->heap_node[i] < c->heap_node[j]);
}

static void heap_swap(list_ctx *c, int i, int j) {
    long long t = c->heap_gain[i];
    c->heap_gain[i] = c->heap_gain[j];
    c->heap_gain[j] = t;
    int u = c->heap_node[i];
    c->heap_node[i] = c->heap_node[j];
    c->heap_node[j] = u;
}

static void list_push(list_ctx *c, int b) {
    int i = c->nheap++;
    c->heap_gain[i] = c->gain[b];
    c->heap_node[i] = b;
    while (i > 0 && heap_above(c, i, (i - 1) / 2)) {
        heap_swap(c, i, (i - 1) / 2);
        i = (i - 1) / 2;
    }
}

static void list_pop(list_ctx *c) {
    heap_swap(c, 0, --c->nheap);
    for (int i = 0;;) {
        int best = i, l = 2 * i + 1, r = l + 1;
        if (l < c->nheap && heap_above(c, l, best)) best = l;
        if (r < c->nheap && heap_above(c, r, best)) best = r;
        if (best == i) break;
        heap_swap(c, i, best);
        i = best;
    }
}

/* Bytes of temporaries b would free (it reads them last) minus those it defines. */
static long long list_gain(const list_ctx *c, int b) {
    const graph *g = c->g;
    long long gain = -(long long)g->out_bytes[b];
    for (int e = g->reads.start[b]; e < g->reads.start[b + 1]; e++) {
        ir_value_id v = g->reads.item[e];
        if (g->temp[v] && c->left[v] == 1) gain += (long long)ir_type_bytes(&g->f->values[v].type);
    }
    return gain;
}

/* After scheduling b: a value b read that has one reader left makes that
 * reader's score rise; successors whose predecessors are done are ready. */
static void list_after(list_ctx *c, int b) {
    graph *g = c->g;
    for (int e = g->reads.start[b]; e < g->reads.start[b + 1]; e++) {
        ir_value_id v = g->reads.item[e];
        if (!g->temp[v] || --c->left[v] != 1) continue;
        for (int k = g->readers.start[v]; k < g->readers.start[v + 1]; k++) {
            int u = g->readers.item[k];
            if (c->done[u]) continue;
            c->gain[u] = list_gain(c, u);
            if (c->waiting[u] == 0) list_push(c, u);
        }
    }
    for (int e = g->succ.start[b]; e < g->succ.start[b + 1]; e++) {
        int u = g->succ.item[e];
        if (--c->waiting[u] == 0) {
            c->gain[u] = list_gain(c, u);
            list_push(c, u);
        }
    }
}

static int list_order(graph *g, int *order, diag *d) {
    size_t n = (size_t)g->n + 1, nv = (size_t)g->f->nvalues + 1, cap = n + (size_t)g->reads.start[g->n];
    list_ctx c = {g, mem_alloc(n * sizeof(int)), mem_alloc(nv * sizeof(int)), mem_calloc(n, sizeof(bool)),
                  mem_alloc(n * sizeof(long long)), mem_alloc(cap * sizeof(long long)), mem_alloc(cap * sizeof(int)), 0};
    int rc = c.waiting && c.left && c.done && c.gain && c.heap_gain && c.heap_node ? DIAG_OK : diag_nomem(d);
    if (!rc) {
        for (int v = 0; v < g->f->nvalues; v++) c.left[v] = g->readers.start[v + 1] - g->readers.start[v];
        for (int b = 0; b < g->n; b++) {
            c.waiting[b] = g->pred.start[b + 1] - g->pred.start[b];
            c.gain[b] = list_gain(&c, b);
            if (c.waiting[b] == 0) list_push(&c, b);
        }
        int k = 0;
        while (c.nheap > 0) {
            long long gain = c.heap_gain[0];
            int b = c.heap_node[0];
            list_pop(&c);
            if (c.done[b] || gain != c.gain[b]) continue;   /* stale */
            c.done[b] = true;
            order[k++] = b;
            list_after(&c, b);
        }
    }
    mem_free(c.waiting);
    mem_free(c.left);
    mem_free(c.done);
    mem_free(c.gain);
    mem_free(c.heap_gain);
    mem_free(c.heap_node);
    return rc;
}

/* Exact: best[S] is the least peak of temporaries over the orders of node
 * set S (closed under predecessors); live after S is the bytes of the
 * temporaries S defines that some node outside S still reads. */
typedef struct exact_ctx {
    graph *g;
    uint32_t *pred_mask;      /* node -> its predecessors */
    int ntemps;
    int *temp_def;            /* the temporaries of the graph */
    uint32_t *temp_readers;
    size_t *temp_bytes;
} exact_ctx;

static size_t live_after(const exact_ctx *x, uint32_t set) {
    size_t live = 0;
    for (int t = 0; t < x->ntemps; t++)
        if ((set >> x->temp_def[t] & 1) && (x->temp_readers[t] & ~set)) live += x->temp_bytes[t];
    return live;
}

static void exact_masks(exact_ctx *x) {
    graph *g = x->g;
    x->ntemps = 0;
    for (int b = 0; b < g->n; b++) {
        x->pred_mask[b] = 0;
        for (int e = g->pred.start[b]; e < g->pred.start[b + 1]; e++) x->pred_mask[b] |= 1u << g->pred.item[e];
        const ir_op *op = node_ir(g, b);
        for (int j = 0; j < op->nout; j++) {
            ir_value_id v = op->out[j];
            if (!g->temp[v]) continue;
            uint32_t readers = 0;
            for (int k = g->readers.start[v]; k < g->readers.start[v + 1]; k++) readers |= 1u << g->readers.item[k];
            x->temp_def[x->ntemps] = b;
            x->temp_readers[x->ntemps] = readers;
            x->temp_bytes[x->ntemps++] = ir_type_bytes(&g->f->values[v].type);
        }
    }
}

static int exact_order(graph *g, int *order, diag *d) {
    int n = g->n, ntemps_max = 0;
    for (int b = 0; b < n; b++) ntemps_max += node_ir(g, b)->nout;
    size_t states = (size_t)1 << n;
    exact_ctx x = {g, mem_alloc(((size_t)n + 1) * sizeof(uint32_t)), 0, mem_alloc(((size_t)ntemps_max + 1) * sizeof(int)),
                   mem_alloc(((size_t)ntemps_max + 1) * sizeof(uint32_t)), mem_alloc(((size_t)ntemps_max + 1) * sizeof(size_t))};
    size_t *best = mem_alloc(states * sizeof *best);
    signed char *last = mem_alloc(states);
    int rc = x.pred_mask && x.temp_def && x.temp_readers && x.temp_bytes && best && last ? DIAG_OK : diag_nomem(d);
    if (!rc) {
        exact_masks(&x);
        for (size_t s = 0; s < states; s++) best[s] = SIZE_MAX;
        best[0] = 0;
        for (uint32_t set = 0; set < states; set++) {
            if (best[set] == SIZE_MAX) continue;
            size_t live = live_after(&x, set);
            for (int b = 0; b < n; b++) {
                if ((set >> b & 1) || (x.pred_mask[b] & ~set)) continue;
                size_t peak = live + g->out_bytes[b];
                if (peak < best[set]) peak = best[set];
                uint32_t next = set | 1u << b;
                if (peak < best[next]) {
                    best[next] = peak;
                    last[next] = (signed char)b;
                }
            }
        }
        uint32_t set = (uint32_t)(states - 1);
        for (int k = n - 1; k >= 0; k--) {
            order[k] = last[set];
            set &= ~(1u << last[set]);
        }
    }
    mem_free(x.pred_mask);
    mem_free(x.temp_def);
    mem_free(x.temp_readers);
    mem_free(x.temp_bytes);
    mem_free(best);
    mem_free(last);
    return rc;
}

/* ---- choosing ---------------------------------------------------------------------- */

typedef int (*strategy_fn)(graph *g, int *order, diag *d);

static int source_order(graph *g, int *order, diag *d) {
    (void)d;
    for (int b = 0; b < g->n; b++) order[b] = b;
    return DIAG_OK;
}

static const struct {
    unsigned bit;
    const char *name;
    strategy_fn run;
} strategies[] = {
    {SCHEDULE_SOURCE, "source", source_order},
    {SCHEDULE_DFS, "dfs", dfs_order},
    {SCHEDULE_LIST, "list", list_order},
    {SCHEDULE_EXACT, "exact", exact_order},
};

typedef struct chooser {
    graph *g;
    ir_op **source;     /* the body's ops as they came */
    ir_op **best;       /* the best body order so far */
    int *order;         /* scratch: a node order */
    score best_score;
    const char *best_name;
} chooser;

/* Scores strategy k's order; keeps it when strictly better. The body holds
 * the candidate while it is scored and the source order after. */
static int try_strategy(chooser *c, int k, diag *d) {
    graph *g = c->g;
    ir_block *body = g->f->body;
    int rc = strategies[k].run(g, c->order, d);
    if (rc) return rc;
    body_order(g, c->order, body->ops, c->source);
    score s;
    rc = score_body(g, &s, d);
    if (!rc && (!c->best_name || better(s, c->best_score))) {
        memcpy(c->best, body->ops, (size_t)body->nops * sizeof *c->best);
        c->best_score = s;
        c->best_name = strategies[k].name;
    }
    memcpy(body->ops, c->source, (size_t)body->nops * sizeof *body->ops);
    return rc;
}

/* ---- donated parameters -------------------------------------------------------------
 * A donated parameter's buffer can hold a result only when that result is
 * written after the parameter's last read, or by the kernel that reads it
 * last (plan.h). An order that suits the arena may update a parameter
 * before its other readers are done (an SGD or Adam step: w' = f(w, g)
 * ahead of the backward pass's last read of w), which costs the donation.
 * So once an order is chosen, a kernel that reads a donated parameter and
 * returns a value of its size moves to just after the parameter's last
 * other reader, when nothing in between reads what it computes, and is
 * kept there when the peak of temporaries grows by less than the
 * parameter's bytes (what the donation saves). */

static bool reads_value(const ir_op *op, ir_value_id v) {
    for (int i = 0; i < op->nin; i++)
        if (op->in[i] == v) return true;
    return false;
}

/* The kernel updating parameter p: it reads p and returns a value of p's
 * bytes; -1 if none. */
static int updater_of(const ir_func *f, ir_value_id p) {
    const ir_block *body = f->body;
    size_t bytes = ir_type_bytes(&f->values[p].type);
    for (int s = 0; s + 1 < body->nops; s++) {
        const ir_op *op = body->ops[s];
        if (op->code != IR_FUSION || !reads_value(op, p)) continue;
        for (int r = 0; r < op->nout; r++)
            if (returns_value(f, op->out[r]) && ir_type_bytes(&f->values[op->out[r]].type) == bytes) return s;
    }
    return -1;
}

/* Moves body op `from` to position `to` (> from), the ops between one step earlier. */
static void move_later(ir_block *body, int from, int to) {
    ir_op *op = body->ops[from];
    memmove(&body->ops[from], &body->ops[from + 1], (size_t)(to - from) * sizeof *body->ops);
    body->ops[to] = op;
}

static void move_earlier(ir_block *body, int from, int to) {
    ir_op *op = body->ops[from];
    memmove(&body->ops[to + 1], &body->ops[to], (size_t)(from - to) * sizeof *body->ops);
    body->ops[to] = op;
}

/* Whether ops (first, last] read a result of op. */
static bool read_between(const ir_block *body, const ir_op *op, int first, int last) {
    for (int j = first + 1; j <= last; j++)
        for (int r = 0; r < op->nout; r++)
            if (reads_value(body->ops[j], op->out[r])) return true;
    return false;
}

static int update_donated_last(graph *g, score *best, diag *d) {
    ir_func *f = g->f;
    ir_block *body = f->body;
    for (int i = 0; i < body->nargs && i < 64; i++) {
        if (!(f->donated >> i & 1)) continue;
        ir_value_id p = body->args[i];
        int u = updater_of(f, p), last = -1;
        for (int s = 0; u >= 0 && s + 1 < body->nops; s++)
            if (s != u && reads_value(body->ops[s], p)) last = s;
        if (u < 0 || last < u || read_between(body, body->ops[u], u, last)) continue;
        move_later(body, u, last);
        score s;
        int rc = score_body(g, &s, d);
        if (rc) return rc;
        if (s.temp_peak < best->temp_peak + ir_type_bytes(&f->values[p].type)) *best = s;
        else move_earlier(body, last, u);
    }
    return DIAG_OK;
}

/* ---- readers before an update ------------------------------------------------------
 * A kernel may write a result over an operand only when that operand dies
 * there (the kernel contract says which pairs its code allows; the planner
 * decides). An order that suits the arena may put another reader of the
 * operand after such a kernel (a loss reading h after the backward loop
 * whose first cotangent could be computed over h), which keeps both
 * buffers. So once an order is chosen, for each pair the operand's later
 * readers move to just before the kernel (result and operand both
 * temporaries: an arena buffer is what is saved), when they depend on nothing the
 * kernel leads to and read only values already computed there, and stay
 * when the peak of temporaries grows by less than the operand's bytes
 * (what the shared buffer saves). */

/* The state of one pass: flags over values, each set list kept so that
 * clearing costs what setting did (a body may hold 10^4 kernels). */
typedef struct readers_pass {
    ir_func *f;
    bool *in_window;     /* defined by an op from the kernel to the scan's position */
    bool *dependent;     /* computed from the kernel's results */
    ir_value_id *set;    /* the values flagged, to clear */
    int nset;
    int *reads_left;     /* value -> top-level ops at or after the pass's position reading it */
} readers_pass;

static void flag(readers_pass *rp, bool *flags, ir_value_id v) {
    if (flags[v]) return;
    flags[v] = true;
    rp->set[rp->nset++] = v;
}

static void clear_flags(readers_pass *rp) {
    for (int i = 0; i < rp->nset; i++) rp->in_window[rp->set[i]] = rp->dependent[rp->set[i]] = false;
    rp->nset = 0;
}

static bool reads_flagged(const ir_op *op, const bool *flags) {
    for (int i = 0; i < op->nin; i++)
        if (flags[op->in[i]]) return true;
    return false;
}

/* Counts op's reads out of reads_left (each value once per op). */
static void pass_reader(readers_pass *rp, const ir_op *op) {
    for (int i = 0; i < op->nin; i++) {
        bool first = true;
        for (int j = 0; j < i; j++) first &= op->in[j] != op->in[i];
        if (first) rp->reads_left[op->in[i]]--;
    }
}

/* Moves the readers of v after position s to just before s when they may
 * go there (see above); returns s's new position, or -1 when a reader of v
 * stays after s (then v cannot die at s: the caller restores the order).
 * Stops at v's last reader: reads_left[v] counts those not yet passed
 * (the caller passes the moved ones when it keeps the order). */
static int move_readers_before(readers_pass *rp, int s, ir_value_id v) {
    ir_block *body = rp->f->body;
    const ir_op *kernel = body->ops[s];
    int left = rp->reads_left[v] - 1;   /* the kernel reads v too */
    for (int r = 0; r < kernel->nout; r++) flag(rp, rp->in_window, kernel->out[r]), flag(rp, rp->dependent, kernel->out[r]);
    for (int t = s + 1; left > 0 && t + 1 < body->nops; t++) {
        const ir_op *op = body->ops[t];
        bool reads_v = reads_value(op, v);
        if (reads_v && (is_check(op) || reads_flagged(op, rp->in_window))) return -1;
        for (int r = 0; r < op->nout; r++) {
            if (!reads_v) flag(rp, rp->in_window, op->out[r]);
            if (reads_flagged(op, rp->dependent)) flag(rp, rp->dependent, op->out[r]);
        }
        if (!reads_v) continue;
        move_earlier(body, t, s);
        left--;
        s++;
    }
    return left > 0 ? -1 : s;
}

int schedule_readers_before_updates(ir_func *f, const contract *k, diag *d) {
    ir_block *body = f->body;
    if (k->nsteps != body->nops) return diag_set(d, DIAG_INVALID, "schedule: the contract is of another body");
    graph g;
    int rc = graph_build(&g, f, d);
    size_t nops = (size_t)body->nops, nvalues = (size_t)f->nvalues + 1;
    readers_pass rp = {f, mem_calloc(nvalues, sizeof(bool)), mem_calloc(nvalues, sizeof(bool)),
                       mem_alloc(nvalues * sizeof(ir_value_id)), 0, mem_calloc(nvalues, sizeof(int))};
    int *step_of = mem_alloc(nvalues * sizeof *step_of);   /* first result -> the kernel's contract step */
    ir_op **saved = mem_alloc(nops * sizeof *saved);
    score best;
    if (!rc && (!rp.in_window || !rp.dependent || !rp.set || !rp.reads_left || !step_of || !saved))
        rc = diag_nomem(d);
    if (!rc) rc = score_body(&g, &best, d);
    for (int s = 0; !rc && s < (int)nops; s++) {
        const ir_op *op = body->ops[s];
        if (op->nout) step_of[op->out[0]] = s;
        for (int i = 0; i < op->nin; i++) {
            bool first = true;
            for (int j = 0; j < i; j++) first &= op->in[j] != op->in[i];
            rp.reads_left[op->in[i]] += first;
        }
    }
    for (int s = 0; !rc && s + 1 < (int)nops; s++) {
        const ir_op *op = body->ops[s];
        const contract_kernel *kk = op->nout ? &k->k[step_of[op->out[0]]] : NULL;
        for (int n = 0; !rc && kk && n < kk->noverwrites; n++) {
            const contract_overwrite *w = &k->overwrites[kk->first_overwrite + n];
            ir_value_id v = op->in[w->operand];
            if (!g.temp[v] || !g.temp[op->out[w->result]] || rp.reads_left[v] < 2) continue;   /* both in the arena */
            memcpy(saved, body->ops, nops * sizeof *saved);
            int moved = move_readers_before(&rp, s, v);
            clear_flags(&rp);
            score now = best;
            if (moved > s) rc = score_body(&g, &now, d);
            if (moved > s && !rc && now.temp_peak < best.temp_peak + ir_type_bytes(&f->values[v].type)) {
                best = now;
                for (; s < moved; s++) pass_reader(&rp, body->ops[s]);
                break;
            }
            if (moved != s) memcpy(body->ops, saved, nops * sizeof *saved);
        }
        pass_reader(&rp, body->ops[s]);
    }
    mem_free(rp.in_window);
    mem_free(rp.dependent);
    mem_free(rp.set);
    mem_free(rp.reads_left);
    mem_free(step_of);
    mem_free(saved);
    graph_free(&g);
    return rc;
}

static bool wanted(const graph *g, unsigned mask, int k) {
    if (!(mask & strategies[k].bit)) return false;
    return strategies[k].bit != SCHEDULE_EXACT || g->n <= SCHEDULE_EXACT_MAX_OPS;
}

int schedule_func_with(ir_func *f, unsigned mask, schedule_result *r, diag *d) {
    ir_block *body = f->body;
    if (!body || body->nops == 0 || body->ops[body->nops - 1]->code != IR_RETURN)
        return diag_set(d, DIAG_INVALID, "schedule: @%s: the body does not end with a return", f->name);
    graph g;
    int rc = graph_build(&g, f, d);
    size_t nops = (size_t)body->nops;
    chooser c = {&g, mem_alloc(nops * sizeof(ir_op *)), mem_alloc(nops * sizeof(ir_op *)),
                 mem_alloc(((size_t)g.n + 1) * sizeof(int)), {0, 0}, NULL};
    if (!rc && (!c.source || !c.best || !c.order)) rc = diag_nomem(d);
    if (!rc) memcpy(c.source, body->ops, nops * sizeof(ir_op *));
    for (int k = 0; !rc && k < (int)(sizeof strategies / sizeof *strategies); k++)
        if (wanted(&g, mask, k)) rc = try_strategy(&c, k, d);
    if (!rc && !c.best_name) rc = try_strategy(&c, 0, d);   /* none ran: the source order */
    if (!rc) {
        memcpy(body->ops, c.best, nops * sizeof(ir_op *));
        if (f->donated) rc = update_donated_last(&g, &c.best_score, d);
        if (!rc && r) *r = (schedule_result){c.best_score.all_peak, c.best_score.temp_peak, c.best_name};
    }
    mem_free(c.source);
    mem_free(c.best);
    mem_free(c.order);
    graph_free(&g);
    return rc;
}

int schedule_func(ir_func *f, schedule_result *r, diag *d) { return schedule_func_with(f, SCHEDULE_ALL, r, d); }
