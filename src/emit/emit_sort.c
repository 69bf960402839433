/* emit_sort.c: the emitter of sort kernels.
 *
 * The kernel copies its inputs into its results and sorts every 1-D slice
 * along the sort dimension in place, all results together, with the
 * stable sort of src/util/stable_sort.h: its text joins the source's
 * prelude (emit_prelude_sort), and the evaluator runs the same code, so
 * both make the same comparisons in the same order and agree bit for bit.
 * The sort reaches elements through two functions this emitter writes at
 * file scope for the kernel:
 *
 *   struct aj_sortN { const T *a0; ...; T *r0; ...; int64_t base, step; };
 *   static int aj_sortN_less(void *c, int64_t i, int64_t j);   the comparator on
 *                                                              elements i and j
 *   static void aj_sortN_swap(void *c, int64_t i, int64_t j);  swaps them in every result
 *
 * The struct holds every kernel argument under the kernel's own parameter
 * names, so the comparator's code reads captured values exactly as kernel
 * code does.
 *
 * A sort the contract radix sorts (contract_kernel.sort_radix: its
 * comparator orders by one key) computes each element's key as the
 * comparator would, sorts the keys with the element indices
 * (radix_sort.h), and permutes every result by them through the scratch. */
#include <inttypes.h>

#include "../util/radix_sort.h"
#include "../util/stable_sort.h"
#include "emit_internal.h"

const char emit_prelude_sort[] = "\n/* ---- stable sort (src/util/stable_sort.h, radix_sort.h) ---- */\n" AJ_STABLE_SORT_TEXT
                                 "\n" AJ_RADIX_SORT_TEXT "\n";

/* The C name and type of the kernel's argument i (inputs, then results). */
static const char *arg_name(emit_ctx *cx, const ex_kernel *k, int i) {
    int nin = k->fusion->nin;
    return i < nin ? cx->buffer[k->region->args[i]] : k->out[i - nin];
}

static const char *arg_decl(emit_ctx *cx, const ex_kernel *k, int i) {
    int nin = k->fusion->nin;
    ir_value_id v = i < nin ? k->fusion->in[i] : k->fusion->out[i - nin];
    return ec_str(cx, "%s%s *%s", i < nin ? "const " : "", ec_ctype(ec_type(cx, v)->dtype), arg_name(cx, k, i));
}

/* "struct aj_sortN *c = vc;" and a local per kernel argument. */
static void open_callback(emit_ctx *cx, const ex_kernel *k, const char *name, const char *fn, const char *ret) {
    int nargs = k->fusion->nin + k->fusion->nout;
    ec_open(cx, "static %s %s_%s(void *vc, int64_t i, int64_t j)", ret, name, fn);
    ec_line(cx, "struct %s *c = vc;", name);
    for (int a = 0; a < nargs; a++) {
        ec_line(cx, "%s = c->%s;", arg_decl(cx, k, a), arg_name(cx, k, a));
        ec_line(cx, "(void)%s;", arg_name(cx, k, a));
    }
}

/* The struct and the two callbacks of the sort kernel `name`. */
static void emit_callbacks(emit_ctx *cx, const ex_kernel *k, const ir_op *root, const char *name) {
    int nargs = k->fusion->nin + k->fusion->nout;
    ec_line(cx, "struct %s {", name);
    cx->indent++;
    for (int a = 0; a < nargs; a++) ec_line(cx, "%s;", arg_decl(cx, k, a));
    ec_line(cx, "int64_t base, step;");
    cx->indent--;
    ec_line(cx, "};");

    open_callback(cx, k, name, "less", "int");
    const char *args[IR_MAX_RANK * 8];
    for (int r = 0; r < root->nout; r++) {
        ir_dtype t = ec_type(cx, root->out[r])->dtype;
        args[2 * r] = ex_load(cx, t, k->out[r], "c->base + i * c->step");
        args[2 * r + 1] = ex_load(cx, t, k->out[r], "c->base + j * c->step");
    }
    const ir_block *cmp = root->regions[0];
    ex_index scalar = ex_scalar_index();
    for (int a = 0; a < cmp->nargs; a++) ex_bind(cx, cmp->args[a], &scalar, args[a]);
    const char *goes_first = ex_value(cx, cmp->ops[cmp->nops - 1]->in[0], &scalar);
    if (goes_first) ec_line(cx, "return %s != 0;", goes_first);
    ec_close(cx);

    open_callback(cx, k, name, "swap", "void");
    for (int r = 0; r < root->nout; r++) {   /* moves the elements' bits unchanged */
        const char *x = k->out[r], *t = ec_fresh(cx, "t");
        ec_line(cx, "%s %s = %s[c->base + i * c->step];", ec_ctype(ec_type(cx, root->out[r])->dtype), t, x);
        ec_line(cx, "%s[c->base + i * c->step] = %s[c->base + j * c->step];", x, x);
        ec_line(cx, "%s[c->base + j * c->step] = %s;", x, t);
    }
    ec_close(cx);
    ec_line(cx, "%s", "");
}

/* Writes the callbacks at file scope: the kernel's code is set aside while
 * they are emitted into a buffer of their own, which joins the
 * declarations. */
static void emit_callbacks_at_file_scope(emit_ctx *cx, const ex_kernel *k, const ir_op *root, const char *name) {
    sbuf kernel = cx->code;
    int indent = cx->indent;
    cx->code = (sbuf){0};
    cx->indent = 0;
    emit_callbacks(cx, k, root, name);
    sbuf callbacks = cx->code;
    cx->code = kernel;
    cx->indent = indent;
    if (callbacks.failed) cx->decls.failed = true;
    if (callbacks.len) sb_put(&cx->decls, callbacks.s, callbacks.len);
    sb_free(&callbacks);
}

/* The 64-bit radix key of the comparator's key value v of type t, in the
 * order the comparator compares (contract_sort_key): totalOrder and
 * signed keys offset to unsigned ones, those of 32 bits or less within 32
 * bits; descending keys complemented. */
static const char *radix_key(emit_ctx *cx, const contract_sort_key *key, ir_dtype t, const char *v) {
    bool wide = ir_dtype_size(t) == 8;
    const char *k;
    if (key->order == CONTRACT_KEY_UNSIGNED)
        k = ec_str(cx, "(uint64_t)%s", v);
    else if (key->order == CONTRACT_KEY_TOTAL && wide)
        k = ec_str(cx, "((uint64_t)aj_total_key_%s(%s) ^ UINT64_C(0x8000000000000000))", ec_suffix(t), v);
    else if (key->order == CONTRACT_KEY_TOTAL)
        k = ec_str(cx, "(uint64_t)((int64_t)aj_total_key_%s(%s) + INT64_C(0x80000000))", ec_suffix(t), v);
    else if (wide)
        k = ec_str(cx, "((uint64_t)(int64_t)%s ^ UINT64_C(0x8000000000000000))", v);
    else
        k = ec_str(cx, "(uint64_t)((int64_t)%s + INT64_C(0x80000000))", v);
    return key->descending ? ec_str(cx, "~%s", k) : k;
}

/* Slice at `base`, n elements `step` apart, of every result: each element's
 * key (the comparator's expression on the element of operand r) into
 * aj_keys, its index into aj_index; the radix sort; then each result
 * gathered into aj_tmp and put back in the sorted order. */
static void emit_radix_slice(emit_ctx *cx, const ex_kernel *k, const ir_op *root, const contract_sort_key *key,
                             int64_t n, int64_t step, const char *base) {
    const char *i = ec_fresh(cx, "i");
    ec_open(cx, "for (int64_t %s = 0; %s < %" PRId64 "; %s++)", i, i, n, i);
    const char *at = ex_local(cx, IR_I64, ec_str(cx, "%s + %s * %" PRId64, base, i, step));
    ex_index scalar = ex_scalar_index();
    ex_bind(cx, key->arg, &scalar, ex_load(cx, ec_type(cx, root->out[key->operand])->dtype, k->out[key->operand], at));
    const char *v = ex_value(cx, key->key, &scalar);
    if (v) ec_line(cx, "aj_keys[%s] = %s;", i, radix_key(cx, key, ec_type(cx, key->key)->dtype, v));
    ec_line(cx, "aj_index[%s] = (int32_t)%s;", i, i);
    ec_close(cx);
    ec_line(cx, "aj_radix_sort(%" PRId64 ", aj_keys, aj_index, aj_keys + %" PRId64 ", aj_index + %" PRId64 ");", n, n, n);
    for (int r = 0; r < root->nout; r++) {   /* moves the elements' bits unchanged */
        const char *ct = ec_ctype(ec_type(cx, root->out[r])->dtype), *x = k->out[r];
        ec_open(cx, "for (int64_t %s = 0; %s < %" PRId64 "; %s++)", i, i, n, i);
        ec_line(cx, "((%s *)aj_tmp)[%s] = %s[%s + %s * %" PRId64 "];", ct, i, x, base, i, step);
        ec_close(cx);
        ec_open(cx, "for (int64_t %s = 0; %s < %" PRId64 "; %s++)", i, i, n, i);
        ec_line(cx, "%s[%s + %s * %" PRId64 "] = ((%s *)aj_tmp)[aj_index[%s]];", x, base, i, step, ct, i);
        ec_close(cx);
    }
}

/* The radix-sorted kernel (contract_kernel.sort_radix): its scratch holds
 * the keys twice, the indices twice, then one result's slice
 * (contract_sort_scratch). */
static int emit_radix_sort(emit_ctx *cx, const ex_kernel *k, const ir_op *root, int64_t dim, int64_t step) {
    const ir_type *t = ec_type(cx, root->in[0]);
    contract_sort_key key;
    int64_t n = t->dims[dim];
    if (!contract_sort_key_of(cx->f, root, &key) || cx->p->scratch_bytes < contract_sort_scratch(n))
        return ec_fail_op(cx, DIAG_INVALID, root, "internal error: a radix sort without its key or its scratch");
    ec_block(cx);
    ec_line(cx, "uint64_t *aj_keys = (uint64_t *)scratch;");
    ec_line(cx, "int32_t *aj_index = (int32_t *)(aj_keys + %" PRId64 ");", 2 * n);
    ec_line(cx, "void *aj_tmp = aj_index + %" PRId64 ";", 2 * n);
    ir_type slices = *t;
    slices.dims[dim] = 1;
    ex_index at;
    eo_loops_open(cx, &slices, &at);
    emit_radix_slice(cx, k, root, &key, n, step, ex_local(cx, IR_I64, ex_offset(cx, t, &at)));
    eo_loops_close(cx, &slices);
    ec_close(cx);
    return cx->rc;
}

int emit_sort(emit_ctx *cx, const ex_kernel *k, const ir_op *root) {
    const ir_type *t = ec_type(cx, root->in[0]);
    int64_t dim = root->a.axis;
    if (dim < 0 || dim >= t->rank) return ec_fail_op(cx, DIAG_INVALID, root, "dimension %" PRId64 " is out of range", dim);
    if (root->nout > IR_MAX_RANK * 4) return ec_fail_op(cx, DIAG_UNSUPPORTED, root, "more than %d operands", IR_MAX_RANK * 4);
    for (int r = 0; r < root->nout; r++) eo_copy(cx, k->out[r], eo_in(cx, root, r), ec_type(cx, root->out[r]));
    if (ir_type_numel(t) == 0 || t->dims[dim] < 2) return cx->rc;
    cx->uses_sort = true;
    int64_t step = 1;   /* between neighbours along dim */
    for (int d = (int)dim + 1; d < t->rank; d++) step *= t->dims[d];
    if (cx->p->kernels.k[k->step].sort_radix) return emit_radix_sort(cx, k, root, dim, step);
    const char *name = ec_fresh_global(cx, "aj_sort");   /* its struct and callbacks: at file scope */
    emit_callbacks_at_file_scope(cx, k, root, name);
    int nargs = k->fusion->nin + k->fusion->nout;
    sbuf init = {0};
    for (int a = 0; a < nargs; a++) sb_printf(&init, "%s, ", arg_name(cx, k, a));
    for (int i = 0; i < k->fusion->nin; i++) ex_buffer(cx, k->region->args[i]);   /* read, through the struct */
    const char *c = ec_fresh(cx, "sort");
    ec_line(cx, "struct %s %s = {%s0, %" PRId64 "};", name, c, ec_take(cx, &init), step);
    ir_type slices = *t;
    slices.dims[dim] = 1;
    ex_index at;
    eo_loops_open(cx, &slices, &at);
    ec_line(cx, "%s.base = %s;", c, ex_offset(cx, t, &at));
    ec_line(cx, "aj_stable_sort(%" PRId64 ", &%s, %s_less, %s_swap);", t->dims[dim], c, name, name);
    eo_loops_close(cx, &slices);
    return cx->rc;
}
