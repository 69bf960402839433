/* plan: where every top-level buffer of a scheduled, fused function lives.
 *
 * Temporaries live at offsets in ONE arena, sized here at compile time and
 * allocated once per executable. Liveness comes from analysis/liveness.h
 * for the body's current order. A kernel writes a result in place into an
 * operand that dies there when fuse_can_write_in_place allows (for the
 * options' strict_order) and the sizes match. Offsets come from best-fit packing, tried size-ordered and
 * lifetime-ordered; the smaller arena wins. Function results are written
 * straight into the caller's output buffers; a result that is a parameter
 * or a constant, or is returned twice, is copied there after the last step.
 * A donated parameter's buffer may hold a result of the same byte size once
 * the parameter is dead. An output buffer holds temporaries that die before
 * the output is first written when that makes the arena smaller. */
#ifndef PLAN_H
#define PLAN_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../ir/ir.h"

#define PLAN_ALIGN 64   /* every arena offset is a multiple of this */

typedef enum plan_home {
    PLAN_NONE,       /* not a top-level buffer (values inside regions) */
    PLAN_PARAM,      /* the caller's argument buffer args[index] */
    PLAN_ARENA,      /* arena + offset */
    PLAN_OUTPUT,     /* the caller's output buffer outs[index] */
    PLAN_DONATED,    /* the buffer of donated parameter args[index] */
    PLAN_CONSTANT,   /* static data in the generated code */
    PLAN_IN_OUTPUT,  /* the caller's output buffer outs[index] + offset, while that output
                        holds nothing yet: a temporary that dies before the output's first
                        write (XLA does the same); offset aligned to PLAN_ALIGN */
} plan_home;

typedef struct plan_buffer {
    plan_home home;
    int index;           /* PARAM, OUTPUT, DONATED: which argument or result */
    size_t offset;       /* ARENA, IN_OUTPUT: byte offset */
    size_t bytes;        /* the value's own bytes (arena space is this rounded up to PLAN_ALIGN;
                            a 0-byte arena value takes none and has offset 0) */
    int def, last_use;   /* this value's own steps, as analysis/liveness.h defines them (an
                            in-place chain's buffer is live from its first def to its last use) */
    ir_value_id in_place_of;  /* shares the buffer of this operand (it dies here); -1 if none.
                                 Only arena values of fusion ops; chains a -> b -> c share one */
} plan_buffer;

/* A result that must be copied into outs[output] after the last step. */
typedef struct plan_copy {
    int output;
    ir_value_id from;
} plan_copy;

typedef struct plan_options {
    uint64_t donated;        /* bit i: parameter i's buffer may be overwritten */
    bool strict_donation;    /* an unusable donation is an error (else a warning) */
    bool strict_order;       /* the code is generated in strict order (codegen_options):
                                passed to fuse_can_write_in_place */
} plan_options;

typedef struct plan {
    int nvalues;
    plan_buffer *buf;            /* indexed by value id */
    size_t arena_bytes;          /* max(offset + bytes) over arena buffers */
    size_t lower_bound_bytes;    /* max over steps of live arena bytes
                                    (in-place pairs counted once) */
    size_t in_output_bytes;      /* temporaries' bytes placed in output buffers instead */
    size_t argument_bytes, output_bytes;
    size_t alias_bytes;          /* result bytes held in donated parameters */
    int ncopies;
    plan_copy *copies;
    int nsteps;                  /* = body->nops */
    size_t *temp_live;           /* temp_live[s]: arena bytes live during step s (sizes rounded
                                    up to PLAN_ALIGN, in-place chains once, as the lower bound) */
    int peak_step;               /* a step where temp_live is largest */
    size_t scratch_offset, scratch_bytes;  /* plan_reserve_scratch's block; 0 bytes if none */
    char warning[256];           /* e.g. a donation that could not be used; "" if none */
    bool strict_order;           /* plan_options.strict_order it was made for (plan_check) */
} plan;

/* Plans f (o may be NULL: no donation). On failure *p holds nothing to free
 * and the status is DIAG_NOMEM, DIAG_INVALID for an unusable strict donation,
 * a donated bit past the parameters or temporaries whose sizes add up past
 * SIZE_MAX, or DIAG_INVALID "internal error" when
 * the finished plan fails plan_check (always run). A DONATED result's output
 * position is its first occurrence in the RETURN. */
int plan_func(const ir_func *f, const plan_options *o, plan *p, diag *d);
/* Reserves one scratch block of `bytes`, used by the kernels at the steps
 * marked in uses[0..nsteps) (control-flow kernels run their sub-programs
 * there, a dot written over its lhs its blocks of rows;
 * src/compile/compile.c): at the lowest offset where it shares no byte
 * with a buffer live at one of those steps, in a gap they leave or past
 * them (the arena grows where it must); those steps count it as live.
 * DIAG_INVALID when the arena would pass SIZE_MAX; DIAG_NOMEM. */
int plan_reserve_scratch(plan *p, size_t bytes, const bool *uses, diag *d);
void plan_free(plan *p);

/* Verifies a plan's invariants: arena offsets aligned and inside arena_bytes;
 * no two arena buffers live at one step share a byte unless one is written
 * in place over the other; in-place pairs share offset and size; each
 * donated parameter holds at most one result, of its size, written after
 * its last read (or by the kernel that reads it last, in place); the live
 * totals fit the arena. DIAG_OK, or DIAG_INVALID with "internal error". */
int plan_check(const ir_func *f, const plan *p, diag *d);
#endif
