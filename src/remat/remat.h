/* remat: which values the backward pass keeps from the forward pass
 * (saves) and which it recomputes, and the rewrite that recomputes them.
 *
 * Forward and backward. An op is backward when autodiff marked it
 * (op->backward) or it reads a value a backward op made; the others are
 * forward. A function nobody marked (a gradient exported from JAX with
 * value_and_grad) is split at its first result: the ops it depends on are
 * forward, the rest backward (and get marked, so that CSE keeps the
 * recomputed copies apart: see pass_cse).
 *
 * Residuals. A residual is a forward value that the backward part needs: one
 * a backward op reads, one that an op of a checkpoint region reads from
 * outside the region (the region's inputs, which its recomputation starts
 * from), or a value the region's policy lets it keep that the recomputation
 * of a value the policy does not keep starts from (dots_saveable keeps the
 * dot under tanh(dot) and recomputes only the tanh). Parameters and constants are never residuals (they are there
 * anyway), nor are function results. Each residual is kept or recomputed;
 * every other forward value dies in the forward pass, so a backward reader
 * of a recomputed residual gets a copy of the forward ops that compute it
 * from kept values (params, constants, kept residuals), each copy made once,
 * marked backward and placed before its first reader.
 *
 * Policies. A residual computed inside checkpoint region k is kept when the
 * region's policy says so (ir_checkpoint); outside any region it is kept.
 * A memory budget (src/compile) may recompute more: remat_candidates gives
 * the family of keep-sets the driver measures. */
#ifndef REMAT_H
#define REMAT_H
#include <stdbool.h>
#include <stddef.h>

#include "../ir/ir.h"

typedef struct remat_residual {
    ir_value_id value;
    size_t bytes;
    ir_type type;
    ir_opcode producer;  /* the forward op that computes it */
    ir_loc loc;          /* where that op came from */
    bool policy_keeps;   /* its checkpoint region's policy (or none) keeps it */
    double flops_alone;  /* recomputing only this one (all other residuals kept) */
} remat_residual;

typedef struct remat_info {
    bool has_backward;           /* false: nothing to save or recompute */
    int nresiduals;
    remat_residual *residuals;   /* in body order */
} remat_info;

/* Splits f into forward and backward (marking backward ops, see above),
 * finds its residuals and applies the checkpoint policies. The body is not
 * otherwise changed. DIAG_OK or DIAG_NOMEM. */
int remat_analyze(ir_func *f, remat_info *out, diag *d);
void remat_info_free(remat_info *r);

/* What to recompute: keep[i] for residual i (else recomputed), and how
 * often. group 0: each recomputed value is computed once, before its first
 * backward reader, and lives until its last. group m > 0: the backward ops
 * are cut, in body order, into runs that read at most m distinct recomputed
 * values each, and each run recomputes what it reads afresh (from the kept
 * values): more FLOPs, but a recomputed value lives only within one run, so
 * chains of residuals can be recomputed from few kept ones (multi-level
 * checkpointing). */
typedef struct remat_choice {
    const bool *keep;
    int group;
} remat_choice;

/* keep[i] for residual i: the policies' choice. */
void remat_policy_keep(const remat_info *r, bool *keep);

/* *flops: what the backward pass adds to recompute under choice c (a
 * dot_general counts 2 per multiply-add, an elementwise op or a reduction
 * one per element, data movement none). DIAG_OK or DIAG_NOMEM. */
int remat_recompute_flops(const ir_func *f, const remat_info *r, const remat_choice *c, double *flops,
                          diag *d);

/* Rewrites f so that backward readers of every residual c does not keep
 * read a recomputed copy (copies marked backward). *flops (may be NULL):
 * what it added, as above. f must be the function remat_analyze saw,
 * unchanged since. DIAG_OK, DIAG_NOMEM. */
int remat_apply(ir_func *f, const remat_info *r, const remat_choice *c, double *flops, diag *d);

/* The choices a memory budget picks among: n rows of r->nresiduals keep
 * flags (keep[c * nresiduals + i]) with group[c]. Residuals the policies
 * recompute stay recomputed in all. The family depends on r alone (never on
 * a budget):
 *  - the policies' choice alone (nothing more recomputed), and everything
 *    recomputed;
 *  - segment checkpointing: of the residuals left to choose, in body order,
 *    every k-th kept, for each spacing k;
 *  - greedy by bytes freed per FLOP: the residuals sorted by flops_alone per
 *    byte, and every prefix of that order recomputed;
 *  - with at most REMAT_EXACT_MAX free residuals, every subset;
 *  - multi-level: everything recomputed and each spacing k again, with
 *    group sizes 1 to REMAT_MAX_GROUP (the others have group 0).
 * Duplicates are dropped. */
#define REMAT_EXACT_MAX 8
#define REMAT_MAX_GROUP 8
typedef struct remat_candidates {
    int n;
    bool *keep;
    int *group;
} remat_candidates;
int remat_candidates_make(const remat_info *r, remat_candidates *out, diag *d);
void remat_candidates_free(remat_candidates *c);

/* The memory budget's choice. measure(ctx, choice, &peak, d) gives the
 * true peak of f under one keep-set (the driver runs the later passes and
 * the planner on a copy). Every candidate is measured; of the Pareto
 * frontier of (peak, recompute FLOPs) the point with the fewest FLOPs whose
 * peak fits `budget` is chosen, else the smallest peak (the driver then
 * reports that nothing fits). The frontier does not depend on the budget,
 * so a larger budget never costs more FLOPs and a smaller one never gives a
 * larger peak. The choice goes to keep (nresiduals flags) and *group. */
typedef int (*remat_measure_fn)(void *ctx, const remat_choice *choice, size_t *peak, diag *d);
int remat_choose_under_budget(const ir_func *f, const remat_info *r, size_t budget, remat_measure_fn measure,
                              void *ctx, bool *keep, int *group, diag *d);

/* The cost model above, for one op. */
double remat_op_flops(const ir_func *f, const ir_op *op);
#endif
