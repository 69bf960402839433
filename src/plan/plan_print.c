/* plan_print.c: a plan as text (--dump-after plan), one comment line per
 * figure and per top-level buffer, so that it can sit beside the IR. */
#include <inttypes.h>

#include "plan.h"

static const char *home_name(plan_home h) {
    switch (h) {
    case PLAN_PARAM: return "argument";
    case PLAN_ARENA: return "arena";
    case PLAN_OUTPUT: return "output";
    case PLAN_DONATED: return "donated argument";
    case PLAN_CONSTANT: return "constant";
    case PLAN_IN_OUTPUT: return "in output";
    case PLAN_BLOCK: return "block";
    default: return "none";
    }
}

static void print_buffer(FILE *out, const plan *p, ir_value_id v) {
    const plan_buffer *b = &p->buf[v];
    fprintf(out, "//   %%%d %s", v, home_name(b->home));
    if (b->home == PLAN_PARAM || b->home == PLAN_OUTPUT || b->home == PLAN_DONATED || b->home == PLAN_IN_OUTPUT)
        fprintf(out, " %d", b->index);
    if (b->home == PLAN_ARENA || b->home == PLAN_IN_OUTPUT) fprintf(out, " +%zu", b->offset);
    fprintf(out, ", %zu bytes, steps %d..%d", b->bytes, b->def, b->last_use);
    if (b->in_place_of >= 0) fprintf(out, ", over %%%d", b->in_place_of);
    if (p->slots[v].bytes) fprintf(out, ", block slot +%zu (%zu bytes)", p->slots[v].offset, p->slots[v].bytes);
    fprintf(out, "\n");
}

void plan_print(FILE *out, const ir_func *f, const plan *p) {
    fprintf(out, "//   arena %zu bytes (lower bound %zu, peak at step %d), arguments %zu, outputs %zu, aliased %zu, "
            "in outputs %zu\n", p->arena_bytes, p->lower_bound_bytes, p->peak_step, p->argument_bytes,
            p->output_bytes, p->alias_bytes, p->in_output_bytes);
    if (p->scratch_bytes) fprintf(out, "//   scratch +%zu, %zu bytes\n", p->scratch_offset, p->scratch_bytes);
    for (int s = 0; s < p->nsteps; s++)
        if (p->runs[s].rows)
            fprintf(out, "//   %s of steps %d..%d: %" PRId64 " rows in blocks of %" PRId64 "\n",
                    p->runs[s].chain ? "chain" : "run", s, p->runs[s].last, p->runs[s].rows, p->runs[s].block);
    for (int i = 0; i < f->body->nargs; i++) print_buffer(out, p, f->body->args[i]);
    for (int s = 0; s + 1 < f->body->nops; s++)
        for (int r = 0; r < f->body->ops[s]->nout; r++) print_buffer(out, p, f->body->ops[s]->out[r]);
    for (int c = 0; c < p->ncopies; c++)
        fprintf(out, "//   copy %%%d into output %d\n", p->copies[c].from, p->copies[c].output);
}
