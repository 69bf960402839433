/* parse_op_parallel.c: interpreter.run_parallel and the collectives, read
 * as the ops that exist until the expansion runs every process in one
 * graph (src/passes/parallel.c; ir.h says what they hold):
 *
 *   "interpreter.run_parallel"(operands...) {programs = [[@f00, @f01, ...], ...]}
 *       -> interpreter.run_parallel: programs[r][p] runs as replica r,
 *       partition p; the operands and results are each program's in turn
 *       (row by row), which the expansion splits by the programs' signatures
 *   "stablehlo.all_reduce", all_gather, reduce_scatter, all_to_all,
 *   collective_permute, collective_broadcast (generic forms); replica_id
 *   and partition_id (also `stablehlo.replica_id : tensor<ui32>`) */
#include <string.h>

#include "../util/mem.h"
#include "front_internal.h"

/* replica_groups (or source_target_pairs): a 2-D dense<...> of si64. */
static int read_groups(parser *p, op_desc *d, const attr_ref *a) {
    ir_type t;
    void *data = NULL;
    if (fr_attr_read_dense(p, a, &t, &data)) return -1;
    int rc = 0;
    if (t.rank != 2 || t.dtype != IR_I64)
        rc = fr_error(p, a->value.tok.at, "%.*s: expected a 2-dimensional tensor of i64", (int)a->name.len, a->name.s);
    else if (ir_ints_set(&d->a.groups, (int)(t.dims[0] * t.dims[1]), data))
        rc = fr_nomem(p);
    d->a.group_size = t.rank == 2 ? t.dims[1] : 0;
    mem_free(data);
    return rc;
}

static int read_int_attr(parser *p, op_desc *d, const attr_list *attrs, const char *name, int64_t *out) {
    const attr_ref *a = fr_attr_require(p, attrs, name, d->at);
    return !a || fr_attr_read_int(p, a, out) ? -1 : 0;
}

int fr_read_collective_attrs(parser *p, op_desc *d, const attr_list *attrs) {
    ir_attrs *x = &d->a;
    if (d->code == IR_REPLICA_ID || d->code == IR_PARTITION_ID) return 0;
    const char *groups = d->code == IR_COLLECTIVE_PERMUTE ? "source_target_pairs" : "replica_groups";
    const attr_ref *a = fr_attr_require(p, attrs, groups, d->at), *channel = fr_attr_find(attrs, "channel_handle");
    if (!a || read_groups(p, d, a) || (channel && fr_attr_read_channel_handle(p, channel, &x->channel_id))) return -1;
    x->global_ids = fr_attr_find(attrs, "use_global_device_ids") != NULL;
    x->dynamic_root = fr_attr_find(attrs, "has_dynamic_root") != NULL;
    switch (d->code) {
    case IR_ALL_GATHER: return read_int_attr(p, d, attrs, "all_gather_dim", &x->axis);
    case IR_REDUCE_SCATTER: return read_int_attr(p, d, attrs, "scatter_dimension", &x->axis);
    case IR_ALL_TO_ALL:
        return read_int_attr(p, d, attrs, "split_dimension", &x->axis) ||
               read_int_attr(p, d, attrs, "concat_dimension", &x->axis_b) ||
               read_int_attr(p, d, attrs, "split_count", &x->k);
    default: return 0;
    }
}

/* `: tensor<ui32>` */
int fr_parse_process_id(parser *p, op_desc *d) { return fr_skip_attr_dict(p) || fr_sig_same(p, d); }

/* The programs' names, newline-separated, into callee, and the grid's
 * shape into dims (replicas, partitions). */
int fr_read_run_parallel(parser *p, op_desc *d, const attr_list *attrs) {
    const attr_ref *a = fr_attr_require(p, attrs, "programs", d->at);
    char **names = NULL;
    int64_t rows = 0, cols = 0;
    if (!a || fr_attr_read_symbol_grid(p, a, &names, &rows, &cols)) return -1;
    int64_t n = rows * cols, dims[2] = {rows, cols};
    size_t len = 1;
    int rc = n == 0 ? fr_error(p, a->value.tok.at, "interpreter.run_parallel: no programs") : 0;
    for (int64_t i = 0; !rc && i < n; i++) {
        if (strchr(names[i], '\n')) rc = fr_error(p, a->value.tok.at, "a program's name holds a newline");
        len += strlen(names[i]) + 1;
    }
    if (!rc && (!(d->a.callee = mem_alloc(len)) || ir_ints_set(&d->a.dims, 2, dims))) rc = fr_nomem(p);
    for (int64_t i = 0, at = 0; !rc && i < n; i++) {
        size_t k = strlen(names[i]);
        memcpy(d->a.callee + at, names[i], k);
        at += (int64_t)k;
        d->a.callee[at++] = i + 1 < n ? '\n' : '\0';
    }
    for (int64_t i = 0; i < n; i++) mem_free(names[i]);
    mem_free(names);
    return rc;
}
