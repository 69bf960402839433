/* remat_search.c: the family of keep-sets a memory budget chooses among
 * (remat_candidates), and the choice among them (remat_choose_under_budget;
 * the driver measures each one's true peak). */
#include <stdlib.h>
#include <string.h>

#include "../util/mem.h"
#include "remat.h"

typedef struct family {
    const remat_info *r;
    bool *rows;
    int *groups;
    int nrows, cap;
    int group;       /* of the rows being added */
    int *free_idx;   /* the residuals the policies keep (the budget may recompute them) */
    int nfree;
    int *rank;       /* free residual j -> its place in the greedy order */
} family;

/* Adds row (with fam->group) unless an equal one is there; -1 on OOM. */
static int add_row(family *fam, const bool *row) {
    int n = fam->r->nresiduals;
    for (int c = 0; c < fam->nrows; c++)
        if (fam->groups[c] == fam->group && memcmp(&fam->rows[(size_t)c * n], row, (size_t)n) == 0) return 0;
    if (fam->nrows == fam->cap) {
        int cap = fam->cap ? 2 * fam->cap : 64;
        bool *rows = mem_realloc(fam->rows, (size_t)cap * (size_t)n + 1);
        if (rows) fam->rows = rows;
        int *groups = rows ? mem_realloc(fam->groups, (size_t)cap * sizeof *groups) : NULL;
        if (!groups) return -1;
        fam->groups = groups;
        fam->cap = cap;
    }
    fam->groups[fam->nrows] = fam->group;
    memcpy(&fam->rows[(size_t)fam->nrows++ * n], row, (size_t)n);
    return 0;
}

/* row: the policies' choice, with free residual free_idx[j] kept when
 * keep_free(j). */
typedef bool (*keep_free_fn)(const family *fam, int j, int param);

static int add_family_row(family *fam, bool *row, keep_free_fn keep_free, int param) {
    remat_policy_keep(fam->r, row);
    for (int j = 0; j < fam->nfree; j++) row[fam->free_idx[j]] = keep_free(fam, j, param);
    return add_row(fam, row);
}

static bool keep_all(const family *fam, int j, int param) { (void)fam, (void)j, (void)param; return true; }
static bool keep_none(const family *fam, int j, int param) { (void)fam, (void)j, (void)param; return false; }
static bool keep_every_kth(const family *fam, int j, int k) { (void)fam; return j % k == 0; }
static bool keep_subset(const family *fam, int j, int bits) { (void)fam; return (bits >> j) & 1; }

/* Recompute FLOPs per byte freed: the greedy order's key. */
static double flops_per_byte(const remat_residual *x) {
    return x->flops_alone / (double)(x->bytes ? x->bytes : 1);
}

static bool keep_after_prefix(const family *fam, int j, int prefix) { return fam->rank[j] >= prefix; }

/* Greedy: the free residuals by recompute FLOPs per byte freed, cheapest
 * first (ties: body order; an insertion sort, stable), and each prefix of
 * that order recomputed. */
static int add_greedy(family *fam, bool *row) {
    int *order = mem_alloc(((size_t)fam->nfree + 1) * sizeof *order);
    fam->rank = mem_alloc(((size_t)fam->nfree + 1) * sizeof *fam->rank);
    int rc = order && fam->rank ? 0 : -1;
    for (int j = 0; !rc && j < fam->nfree; j++) {
        double key = flops_per_byte(&fam->r->residuals[fam->free_idx[j]]);
        int p = j;
        for (; p > 0 && flops_per_byte(&fam->r->residuals[fam->free_idx[order[p - 1]]]) > key; p--)
            order[p] = order[p - 1];
        order[p] = j;
    }
    for (int p = 0; !rc && p < fam->nfree; p++) fam->rank[order[p]] = p;
    for (int p = 1; p < fam->nfree && !rc; p++) rc = add_family_row(fam, row, keep_after_prefix, p);
    mem_free(order);
    mem_free(fam->rank);
    fam->rank = NULL;
    return rc;
}

static int build(family *fam, bool *row) {
    int rc = add_family_row(fam, row, keep_all, 0);
    if (!rc) rc = add_family_row(fam, row, keep_none, 0);
    for (int k = 2; k <= fam->nfree && !rc; k++) rc = add_family_row(fam, row, keep_every_kth, k);
    if (!rc) rc = add_greedy(fam, row);
    if (fam->nfree <= REMAT_EXACT_MAX)
        for (int bits = 0; bits < (1 << fam->nfree) && !rc; bits++) rc = add_family_row(fam, row, keep_subset, bits);
    for (fam->group = 1; fam->group <= REMAT_MAX_GROUP && !rc; fam->group++) {
        rc = add_family_row(fam, row, keep_none, 0);
        for (int k = 2; k <= fam->nfree && !rc; k++) rc = add_family_row(fam, row, keep_every_kth, k);
    }
    return rc;
}

int remat_candidates_make(const remat_info *r, remat_candidates *out, diag *d) {
    family fam = {.r = r};
    bool *row = mem_alloc((size_t)r->nresiduals + 1);
    fam.free_idx = mem_alloc(((size_t)r->nresiduals + 1) * sizeof *fam.free_idx);
    int rc = row && fam.free_idx ? 0 : -1;
    for (int i = 0; !rc && i < r->nresiduals; i++)
        if (r->residuals[i].policy_keeps) fam.free_idx[fam.nfree++] = i;
    if (!rc) rc = build(&fam, row);
    mem_free(row);
    mem_free(fam.free_idx);
    if (rc) {
        mem_free(fam.rows);
        mem_free(fam.groups);
        return diag_nomem(d);
    }
    *out = (remat_candidates){fam.nrows, fam.rows, fam.groups};
    return DIAG_OK;
}

void remat_candidates_free(remat_candidates *c) {
    mem_free(c->keep);
    mem_free(c->group);
    *c = (remat_candidates){0};
}

/* ---- the choice under a budget ------------------------------------------------------ */

typedef struct point {
    size_t peak;
    double flops;
    int row;
} point;

static int by_peak_then_flops(const void *a, const void *b) {
    const point *x = a, *y = b;
    if (x->peak != y->peak) return x->peak < y->peak ? -1 : 1;
    if (x->flops != y->flops) return x->flops < y->flops ? -1 : 1;
    return x->row - y->row;
}

/* The Pareto frontier of pts (sorted in place): peaks rising, FLOPs
 * strictly falling. Returns its length; the frontier is pts[0..n). */
static int pareto_frontier(point *pts, int n) {
    qsort(pts, (size_t)n, sizeof *pts, by_peak_then_flops);
    int kept = 0;
    for (int i = 0; i < n; i++)
        if (kept == 0 || pts[i].flops < pts[kept - 1].flops) pts[kept++] = pts[i];
    return kept;
}

int remat_choose_under_budget(const ir_func *f, const remat_info *r, size_t budget, remat_measure_fn measure,
                              void *ctx, bool *keep, int *group, diag *d) {
    remat_candidates cand = {0};
    int rc = remat_candidates_make(r, &cand, d);
    point *pts = rc ? NULL : mem_alloc(((size_t)cand.n + 1) * sizeof *pts);
    if (!rc && !pts) rc = diag_nomem(d);
    for (int c = 0; c < cand.n && !rc; c++) {
        remat_choice choice = {&cand.keep[(size_t)c * r->nresiduals], cand.group[c]};
        pts[c] = (point){.row = c};
        rc = remat_recompute_flops(f, r, &choice, &pts[c].flops, d);
        if (!rc) rc = measure(ctx, &choice, &pts[c].peak, d);
    }
    if (!rc) {
        int n = pareto_frontier(pts, cand.n);
        int pick = 0;
        for (int i = 0; i < n; i++)
            if (pts[i].peak <= budget) pick = i;
        memcpy(keep, &cand.keep[(size_t)pts[pick].row * r->nresiduals], (size_t)r->nresiduals);
        *group = cand.group[pts[pick].row];
    }
    mem_free(pts);
    remat_candidates_free(&cand);
    return rc;
}
