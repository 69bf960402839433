/* rewrite.c: the helpers every pass shares: walks, value maps and
 * renaming, copying ops between functions, splicing ops in and out of
 * blocks, and use counts. See rewrite.h for the conventions. */
#include "rewrite.h"

#include <assert.h>
#include <string.h>

#include "../util/mem.h"

bool pass_is_check(const ir_op *op) { return ir_op_kind_of(op->code) == IR_KIND_CHECK; }

bool pass_defined_by(const ir_func *f, ir_value_id v, ir_opcode code) {
    const ir_op *def = f->values[v].def;
    return def && def->code == code;
}

void pass_walk_op(ir_op *op, pass_op_fn fn, void *ctx) {
    fn(op, ctx);
    for (int r = 0; r < op->nregions; r++) pass_walk_block(op->regions[r], fn, ctx);
}

void pass_walk_block(ir_block *b, pass_op_fn fn, void *ctx) {
    for (int i = 0; i < b->nops; i++) pass_walk_op(b->ops[i], fn, ctx);
}

/* ---- value maps --------------------------------------------------------------- */

ir_value_id *pass_map_new(int n) {
    ir_value_id *map = mem_alloc((size_t)n * sizeof *map);
    if (map)
        for (int i = 0; i < n; i++) map[i] = -1;
    return map;
}

static void forget_block(ir_value_id *map, const ir_block *b) {
    for (int i = 0; i < b->nargs; i++) map[b->args[i]] = -1;
    for (int i = 0; i < b->nops; i++) pass_map_forget(map, b->ops[i]);
}

void pass_map_forget(ir_value_id *map, const ir_op *op) {
    for (int i = 0; i < op->nout; i++) map[op->out[i]] = -1;
    for (int r = 0; r < op->nregions; r++) forget_block(map, op->regions[r]);
}

ir_value_id *pass_rename_new(const ir_func *f) {
    ir_value_id *repl = mem_alloc((size_t)f->nvalues * sizeof *repl);
    if (repl)
        for (int v = 0; v < f->nvalues; v++) repl[v] = v;
    return repl;
}

void pass_rename_operands(ir_op *op, const ir_value_id *repl) {
    for (int i = 0; i < op->nin; i++) op->in[i] = repl[op->in[i]];
}

/* ---- uses --------------------------------------------------------------------- */

typedef struct replacement {
    ir_value_id from, to;
} replacement;

static void replace_in_op(ir_op *op, void *ctx) {
    const replacement *r = ctx;
    for (int i = 0; i < op->nin; i++)
        if (op->in[i] == r->from) op->in[i] = r->to;
}

void pass_replace_uses_in(ir_block *b, ir_value_id from, ir_value_id to) {
    replacement r = {from, to};
    pass_walk_block(b, replace_in_op, &r);
}

void pass_replace_uses(ir_func *f, ir_value_id from, ir_value_id to) { pass_replace_uses_in(f->body, from, to); }

static void count_op_uses(ir_op *op, void *ctx) {
    int *uses = ctx;
    for (int i = 0; i < op->nin; i++) uses[op->in[i]]++;
}

int *pass_count_uses(const ir_func *f) {
    int *uses = mem_calloc((size_t)f->nvalues + 1, sizeof *uses);   /* +1: never a zero-size request */
    if (uses) pass_walk_block(f->body, count_op_uses, uses);
    return uses;
}

/* ---- making ops --------------------------------------------------------------- */

ir_type *pass_result_types(const ir_func *f, const ir_op *op) {
    ir_type *types = mem_alloc((size_t)op->nout * sizeof *types);
    if (types)
        for (int i = 0; i < op->nout; i++) types[i] = f->values[op->out[i]].type;
    return types;
}

ir_op *pass_op_new(ir_opcode code, int nin, const ir_value_id *in, int nout, const ir_value_id *out) {
    ir_op *op = mem_calloc(1, sizeof *op);
    if (!op) return NULL;
    op->code = code;
    op->in = mem_alloc((size_t)nin * sizeof *op->in);
    op->out = mem_alloc((size_t)nout * sizeof *op->out);
    if (!op->in || !op->out) {
        ir_op_free(op);
        return NULL;
    }
    op->nin = nin;
    op->nout = nout;
    if (nin) memcpy(op->in, in, (size_t)nin * sizeof *in);
    if (nout) memcpy(op->out, out, (size_t)nout * sizeof *out);
    return op;
}

void pass_adopt_results(ir_func *f, ir_op *op) {
    for (int i = 0; i < op->nout; i++) {
        f->values[op->out[i]].def = op;
        f->values[op->out[i]].def_index = i;
    }
}

/* Bytes of a constant's data: its one result's. */
static size_t attr_data_bytes(const ir_func *f, const ir_op *op) {
    return op->nout ? ir_type_bytes(&f->values[op->out[0]].type) : 0;
}

/* Gives op (of dst) a copy of region `from` (of src); -1 on OOM. */
static int copy_region(ir_func *dst, ir_op *op, const ir_func *src, const ir_block *from, ir_value_id *map) {
    ir_block *b = ir_op_add_region(op);
    if (!b) return -1;
    for (int i = 0; i < from->nargs; i++) {
        ir_type t = src->values[from->args[i]].type;   /* a copy: src may be dst, whose table can move */
        ir_value_id arg = ir_block_add_arg(dst, b, &t);
        if (arg < 0) return -1;
        map[from->args[i]] = arg;
    }
    for (int i = 0; i < from->nops; i++)
        if (!pass_copy_op(dst, b, src, from->ops[i], map)) return -1;
    return 0;
}

ir_op *pass_copy_op(ir_func *dst, ir_block *into, const ir_func *src, const ir_op *op, ir_value_id *map) {
    ir_type *types = pass_result_types(src, op);
    ir_op *copy = types ? ir_op_append(dst, into, op->code, op->nin, op->in, op->nout, types) : NULL;
    mem_free(types);
    if (!copy) return NULL;
    for (int i = 0; i < op->nin; i++) {
        assert(map[op->in[i]] >= 0 && "an operand defined outside the copied code must be mapped");
        copy->in[i] = map[op->in[i]];
    }
    for (int i = 0; i < op->nout; i++) map[op->out[i]] = copy->out[i];
    copy->loc = op->loc;
    copy->checkpoint = op->checkpoint;   /* a copy keeps the autodiff and remat marks, as a clone does */
    copy->backward = op->backward;
    if (ir_attrs_copy(&copy->a, &op->a, attr_data_bytes(src, op))) return NULL;
    for (int r = 0; r < op->nregions; r++)
        if (copy_region(dst, copy, src, op->regions[r], map)) return NULL;
    return copy;
}

/* ---- moving and removing ops -------------------------------------------------- */

int pass_block_splice(ir_block *b, int at, int nremove, ir_op *const *ops, int n) {
    assert(at >= 0 && nremove >= 0 && at + nremove <= b->nops);
    int nops = b->nops - nremove + n;
    if (mem_grow((void **)&b->ops, &b->cap_ops, nops, sizeof *b->ops)) return -1;
    int tail = b->nops - at - nremove;
    if (tail) memmove(&b->ops[at + n], &b->ops[at + nremove], (size_t)tail * sizeof *b->ops);
    if (n) memcpy(&b->ops[at], ops, (size_t)n * sizeof *ops);
    b->nops = nops;
    return 0;
}

typedef struct orphaning {
    ir_func *f;
} orphaning;

static void orphan_results(ir_op *op, void *ctx) {
    ir_func *f = ((orphaning *)ctx)->f;
    for (int i = 0; i < op->nout; i++)
        if (f->values[op->out[i]].def == op) f->values[op->out[i]].def = NULL;
}

void pass_erase_op(ir_func *f, ir_op *op) {
    orphaning o = {f};
    pass_walk_op(op, orphan_results, &o);
    ir_op_free(op);
}

void pass_erase_block(ir_func *f, ir_block *b) {
    if (!b) return;
    for (int i = 0; i < b->nops; i++) pass_erase_op(f, b->ops[i]);
    b->nops = 0;
    ir_block_free(b);
}
