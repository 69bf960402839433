/* memory_text.c: the memory report as text and as JSON, and the list of
 * residuals (aj_executable_report, aj_executable_print_residuals). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "memory.h"

const char *report_value_label(const ir_func *f, ir_value_id v, char *buf, size_t size) {
    if (f->values[v].name) snprintf(buf, size, "%%%s", f->values[v].name);
    else snprintf(buf, size, "%%v%d", v);
    return buf;
}

void report_kernel_summary(const ir_op *k, char *buf, size_t size) {
    size_t used = 0;
    buf[0] = 0;
    const ir_block *b = k && k->code == IR_FUSION ? k->regions[0] : NULL;
    if (!b) {
        snprintf(buf, size, "%s", k ? ir_op_name(k->code) : "?");
        return;
    }
    for (int i = 0; i < b->nops && used + 1 < size; i++) {
        if (b->ops[i]->code == IR_RETURN || b->ops[i]->code == IR_CONSTANT) continue;
        const char *name = ir_op_name(b->ops[i]->code);
        if (strncmp(name, "stablehlo.", 10) == 0) name += 10;
        used += (size_t)snprintf(buf + used, size - used, "%s%s", used ? "+" : "", name);
    }
}

int report_kernel_count(const ir_func *f) {
    int n = 0;
    for (int i = 0; i < f->body->nops; i++) n += f->body->ops[i]->code == IR_FUSION;
    return n;
}

void report_print_text(FILE *out, const ir_func *f, const compile_memory *m, const aj_memory_stats *s,
                       const char *warning) {
    fprintf(out, "memory of @%s (%d kernels)\n", f->name, report_kernel_count(f));
    fprintf(out, "  arguments      %12zu bytes\n", s->argument_bytes);
    fprintf(out, "  outputs        %12zu bytes\n", s->output_bytes);
    fprintf(out, "  aliased        %12zu bytes (outputs in donated arguments)\n", s->alias_bytes);
    fprintf(out, "  temporaries    %12zu bytes (one arena)\n", s->temp_bytes);
    fprintf(out, "  lower bound    %12zu bytes (live set of the schedule)\n", s->lower_bound_bytes);
    fprintf(out, "  code           %12zu bytes\n", s->code_bytes);
    fprintf(out, "  fused away     %12zu bytes (intermediates fusion did not materialise)\n",
            s->fused_away_bytes);
    fprintf(out, "  peak           %12zu bytes (temporaries + arguments + outputs - aliased)\n",
            s->peak_bytes);
    fprintf(out, "  eager peak     %12zu bytes (the reference evaluator, op by op)\n", s->eager_peak_bytes);
    fprintf(out, "  at the arena's peak (kernel %d), live:\n", m->peak_step);
    for (int i = 0; i < m->npeak; i++) {
        char label[64], ops[256];
        report_kernel_summary(m->peak_buffers[i].producer, ops, sizeof ops);
        char ty[128];
        fprintf(out, "    %-10s %s %12zu bytes, made by %s\n",
                report_value_label(f, m->peak_buffers[i].value, label, sizeof label),
                ir_type_str(&f->values[m->peak_buffers[i].value].type, ty, sizeof ty),
                m->peak_buffers[i].bytes, ops);
    }
    if (m->peak_scratch_bytes)
        fprintf(out, "    scratch    %12zu bytes, the scratch block (control flow, blocks of rows, chains of layers, "
                "LAPACK)\n", m->peak_scratch_bytes);
    for (int i = 0; i < m->nloops; i++) {
        const compile_loop *l = &m->loops[i];
        char where[512] = "";
        if (l->loc.file) snprintf(where, sizeof where, " at %s:%d:%d", l->loc.file, l->loc.line, l->loc.col);
        fprintf(out, "  loop (kernel %d)%s: loop values %zu bytes (%zu of them stacked outputs), "
                "body scratch %zu bytes (its live-set bound %zu)\n", l->step, where, l->value_bytes,
                l->stacked_bytes, l->scratch_bytes, l->scratch_bound_bytes);
    }
    if (m->nresiduals)
        fprintf(out, "  residuals      %12zu bytes saved (%d values), %" PRIu64 " FLOPs recomputed\n",
                s->saved_residual_bytes, s->saved_residuals, s->recompute_flops);
    if (warning && warning[0]) fprintf(out, "  warning: %s\n", warning);
}

/* Where a residual's producer came from: "file:line:col", or "". */
static const char *residual_where(const remat_residual *r, char *buf, size_t size) {
    buf[0] = 0;
    if (r->loc.file) snprintf(buf, size, "%s:%d:%d", r->loc.file, r->loc.line, r->loc.col);
    return buf;
}

void report_print_residuals(FILE *out, const ir_func *f, const compile_memory *m) {
    fprintf(out, "residuals of @%s: %d (%.6g FLOPs recomputed)\n", f->name, m->nresiduals, m->recompute_flops);
    for (int i = 0; i < m->nresiduals; i++) {
        const remat_residual *r = &m->residuals[i];
        char ty[128], where[512];
        fprintf(out, "  %-10s %%%-6d %-24s %12zu bytes, made by %s %s\n",
                m->residual_kept[i] ? "saved" : "recomputed", r->value, ir_type_str(&r->type, ty, sizeof ty),
                r->bytes, ir_op_name(r->producer), residual_where(r, where, sizeof where));
    }
}

/* s as the body of a JSON string: program text (a function's name) is
 * escaped, so that no name can end the string. */
static void json_string(FILE *out, const char *s) {
    for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
        if (*c == '"' || *c == '\\') fprintf(out, "\\%c", *c);
        else if (*c < 0x20 || *c == 0x7f) fprintf(out, "\\u%04x", *c);
        else fputc(*c, out);
    }
}

void report_print_json(FILE *out, const ir_func *f, const compile_memory *m, const aj_memory_stats *s) {
    fputs("{\"function\": \"", out);
    json_string(out, f->name ? f->name : "");
    fprintf(out, "\", \"kernels\": %d, \"argument_bytes\": %zu, \"output_bytes\": %zu, "
            "\"alias_bytes\": %zu, \"temp_bytes\": %zu, \"code_bytes\": %zu, \"lower_bound_bytes\": %zu, "
            "\"fused_away_bytes\": %zu, \"eager_peak_bytes\": %zu, \"peak_bytes\": %zu, "
            "\"recompute_flops\": %llu, \"arena_allocated_bytes\": %zu, \"compile_seconds\": %.4f, \"cache_hit\": %s, "
            "\"peak_kernel\": %d, \"peak_buffers\": [",
            report_kernel_count(f), s->argument_bytes, s->output_bytes, s->alias_bytes,
            s->temp_bytes, s->code_bytes, s->lower_bound_bytes, s->fused_away_bytes,
            s->eager_peak_bytes, s->peak_bytes, (unsigned long long)s->recompute_flops,
            s->arena_allocated_bytes, s->compile_seconds,
            s->cache_hit ? "true" : "false", m->peak_step);
    for (int i = 0; i < m->npeak; i++) {
        char label[64], ops[256], ty[128];
        report_kernel_summary(m->peak_buffers[i].producer, ops, sizeof ops);
        fprintf(out, "%s{\"value\": \"", i ? ", " : "");
        json_string(out, report_value_label(f, m->peak_buffers[i].value, label, sizeof label));
        fprintf(out, "\", \"type\": \"%s\", \"bytes\": %zu, \"made_by\": \"%s\"}",
                ir_type_str(&f->values[m->peak_buffers[i].value].type, ty, sizeof ty), m->peak_buffers[i].bytes, ops);
    }
    fputs("], \"loops\": [", out);
    for (int i = 0; i < m->nloops; i++) {
        const compile_loop *l = &m->loops[i];
        fprintf(out, "%s{\"kernel\": %d, \"line\": %d, \"col\": %d, \"value_bytes\": %zu, \"stacked_bytes\": %zu, "
                "\"scratch_bytes\": %zu, \"scratch_bound_bytes\": %zu}", i ? ", " : "", l->step, l->loc.line,
                l->loc.col, l->value_bytes, l->stacked_bytes, l->scratch_bytes, l->scratch_bound_bytes);
    }
    fprintf(out, "], \"peak_scratch_bytes\": %zu, \"saved_residuals\": %d, \"saved_residual_bytes\": %zu, \"residuals\": [",
            m->peak_scratch_bytes, s->saved_residuals, s->saved_residual_bytes);
    for (int i = 0; i < m->nresiduals; i++) {
        char ty[128];
        fprintf(out, "%s{\"value\": \"%%%d\", \"type\": \"%s\", \"bytes\": %zu, \"made_by\": \"%s\", "
                "\"saved\": %s}", i ? ", " : "", m->residuals[i].value,
                ir_type_str(&m->residuals[i].type, ty, sizeof ty), m->residuals[i].bytes,
                ir_op_name(m->residuals[i].producer), m->residual_kept[i] ? "true" : "false");
    }
    fprintf(out, "]}\n");
}

