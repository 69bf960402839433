/* plan: where every top-level buffer of a scheduled, fused function lives.
 *
 * Temporaries live at offsets in ONE arena, sized here at compile time and
 * allocated once per executable. Liveness comes from analysis/liveness.h
 * for the body's current order. The planner reads the kernel contract
 * (src/contract) and nothing else about kernels: a kernel writes a result
 * in place into an operand that dies there when the contract allows it and
 * the sizes match, and the scratch the contract asks for is placed here. Offsets come from best-fit packing, tried size-ordered and
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
#include <stdio.h>

#include "../contract/contract.h"
#include "../ir/ir.h"

#define PLAN_ALIGN 64   /* every arena offset is a multiple of this */

/* The smallest f32 result worth streaming stores (the code generator's
 * rule, emit_loop.c): a block-local value of a run is at least this big. */
#define PLAN_STREAM_MIN_BYTES (32 << 20)

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
    PLAN_BLOCK,      /* never whole: one block of its rows at a time in its slot (plan.slots)
                        of the scratch block, while its chain runs (plan_chain.c) */
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

/* A row-blocked run (plan_scratch.c): consecutive LOOP and REDUCE kernels
 * whose index spaces share a first dim of `rows` rows and that read what
 * the others of the run write only row by row. The entry loops over
 * blocks of `block` rows and calls every kernel of the run on each, so a
 * block one kernel writes is still in cache when the next reads it
 * (softmax: one pass over memory instead of four). */
typedef struct plan_run {
    int last;                /* the run's last step; its first step's own index when none */
    int64_t rows, block;     /* 0 when the step starts no run */
    bool chain;              /* the step belongs to a chain (plan_chain.c), a run whose values
                                made and read inside are PLAN_BLOCK; its first step holds the
                                rest */
    size_t slot_bytes;       /* a chain's or run's first step: the slots of one block (at
                                most the scratch block) */
} plan_run;

/* A block-local value of a run, or a PLAN_BLOCK value of a chain: one
 * block of its rows in the scratch block, at scratch_offset + offset
 * (bytes 0: none). */
typedef struct plan_slot {
    size_t offset, bytes;
} plan_slot;

typedef struct plan_options {
    uint64_t donated;        /* bit i: parameter i's buffer may be overwritten */
    bool strict_donation;    /* an unusable donation is an error (else a warning) */
    bool strict_order;       /* the code is generated in strict order (codegen_options) */
    const contract *kernels; /* the kernel contract; NULL: the planner makes one (no
                                sub-programs: control flow takes no scratch) */
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
    /* One scratch block, for what the kernels ask of it (they run one at a
       time): control flow's sub-programs, dots over their lhs, block-local
       values of runs; 0 bytes if none. */
    size_t scratch_offset, scratch_bytes;
    contract kernels;            /* the contract it was made from (a copy) */
    plan_run *runs;              /* per step */
    plan_slot *slots;            /* per value */
    char warning[256];           /* e.g. a donation that could not be used; "" if none */
    bool strict_order;           /* plan_options.strict_order it was made for (plan_check) */
} plan;

/* Plans f (o may be NULL: no donation, fast mode, a contract of its own). On failure *p holds nothing to free
 * and the status is DIAG_NOMEM, DIAG_INVALID for an unusable strict donation,
 * a donated bit past the parameters or temporaries whose sizes add up past
 * SIZE_MAX, or DIAG_INVALID "internal error" when
 * the finished plan fails plan_check (always run). A DONATED result's output
 * position is its first occurrence in the RETURN. */
int plan_func(const ir_func *f, const plan_options *o, plan *p, diag *d);
void plan_free(plan *p);

/* The plan as text, comment lines (for --dump-after plan). */
void plan_print(FILE *out, const ir_func *f, const plan *p);

/* Where a value's bytes are, as the generated code addresses them. */
typedef enum plan_space { PLAN_IN_ARGS, PLAN_IN_ARENA, PLAN_IN_OUTS, PLAN_IN_STATIC, PLAN_IN_NONE } plan_space;
typedef struct plan_storage {
    plan_space space;
    int index;             /* ARGS, OUTS: which; STATIC: the value id */
    size_t offset, bytes;  /* ARENA, OUTS: the byte range (an output's own value: all of it) */
} plan_storage;

/* v's storage by its home (a block slot not counted). */
plan_storage plan_storage_of(const plan *p, ir_value_id v);
/* Whether two storages share a byte (an argument, static data: the same one). */
bool plan_storage_overlaps(const plan_storage *a, const plan_storage *b);

/* The overwrite of the contract by which the DOT kernel at `step` writes a
 * result over its lhs block of rows by block, where the plan put the two
 * in one buffer; NULL when it does not run so. */
const contract_overwrite *plan_dot_over_lhs(const plan *p, const ir_func *f, int step);

/* Verifies a plan's invariants: arena offsets aligned and inside arena_bytes;
 * no two arena buffers live at one step share a byte unless one is written
 * in place over the other; in-place pairs share offset and size; each
 * donated parameter holds at most one result, of its size, written after
 * its last read (or by the kernel that reads it last, in place); the live
 * totals fit the arena. DIAG_OK, or DIAG_INVALID with "internal error". */
int plan_check(const ir_func *f, const plan *p, diag *d);
#endif
