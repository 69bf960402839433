/* Tests of fusion (src/fuse): kernel counts, kinds and materialised bytes
 * for the programs fusion is for (gelu, softmax, layernorm, an MLP, a
 * diamond), the kernel shapes the code generator relies on, and that a
 * fused program gives bit-identical results under the evaluator; then the
 * same over every tier-1 conformance program (inlined, fused, scheduled). */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "contract/contract.h"
#include "fuse/fuse.h"
#include "passes/passes.h"
#include "program_fixture.h"
#include "schedule/schedule.h"

/* ---- programs ------------------------------------------------------------------ */

/* As jax.jit exports gelu (tanh form). */
static const char *GELU =
    "func.func @main(%x: tensor<1000xf32>) -> tensor<1000xf32> {\n"
    "  %cst = stablehlo.constant dense<5.000000e-01> : tensor<f32>\n"
    "  %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1000xf32>\n"
    "  %1 = stablehlo.multiply %0, %x : tensor<1000xf32>\n"
    "  %cst_0 = stablehlo.constant dense<4.471500e-02> : tensor<f32>\n"
    "  %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1000xf32>\n"
    "  %3 = stablehlo.multiply %2, %x : tensor<1000xf32>\n"
    "  %4 = stablehlo.multiply %3, %x : tensor<1000xf32>\n"
    "  %5 = stablehlo.multiply %4, %x : tensor<1000xf32>\n"
    "  %6 = stablehlo.add %x, %5 : tensor<1000xf32>\n"
    "  %cst_1 = stablehlo.constant dense<0.797884583> : tensor<f32>\n"
    "  %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<1000xf32>\n"
    "  %8 = stablehlo.multiply %7, %6 : tensor<1000xf32>\n"
    "  %9 = stablehlo.tanh %8 : tensor<1000xf32>\n"
    "  %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>\n"
    "  %10 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<1000xf32>\n"
    "  %11 = stablehlo.add %10, %9 : tensor<1000xf32>\n"
    "  %12 = stablehlo.multiply %1, %11 : tensor<1000xf32>\n"
    "  return %12 : tensor<1000xf32>\n"
    "}\n";

/* Softmax over the rows of an 8x16 matrix, as jax.nn.softmax exports it. */
static const char *SOFTMAX =
    "func.func @main(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {\n"
    "  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>\n"
    "  %0 = stablehlo.reduce(%x init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>\n"
    "  %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>\n"
    "  %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x16xf32>\n"
    "  %3 = stablehlo.subtract %x, %2 : tensor<8x16xf32>\n"
    "  %4 = stablehlo.exponential %3 : tensor<8x16xf32>\n"
    "  %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>\n"
    "  %5 = stablehlo.reduce(%4 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>\n"
    "  %6 = stablehlo.broadcast_in_dim %5, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>\n"
    "  %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x16xf32>\n"
    "  %8 = stablehlo.divide %4, %7 : tensor<8x16xf32>\n"
    "  return %8 : tensor<8x16xf32>\n"
    "}\n";

/* Layernorm over rows with var = E[x^2] - E[x]^2, as the benchmark has it. */
static const char *LAYERNORM =
    "func.func @main(%x: tensor<8x16xf32>, %g: tensor<16xf32>, %b: tensor<16xf32>) -> tensor<8x16xf32> {\n"
    "  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>\n"
    "  %0 = stablehlo.reduce(%x init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>\n"
    "  %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>\n"
    "  %cst_0 = stablehlo.constant dense<1.600000e+01> : tensor<f32>\n"
    "  %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8x1xf32>\n"
    "  %3 = stablehlo.divide %1, %2 : tensor<8x1xf32>\n"
    "  %4 = stablehlo.multiply %x, %x : tensor<8x16xf32>\n"
    "  %5 = stablehlo.reduce(%4 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>\n"
    "  %6 = stablehlo.broadcast_in_dim %5, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>\n"
    "  %8 = stablehlo.divide %6, %2 : tensor<8x1xf32>\n"
    "  %9 = stablehlo.multiply %3, %3 : tensor<8x1xf32>\n"
    "  %10 = stablehlo.subtract %8, %9 : tensor<8x1xf32>\n"
    "  %11 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x16xf32>\n"
    "  %12 = stablehlo.subtract %x, %11 : tensor<8x16xf32>\n"
    "  %cst_3 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>\n"
    "  %13 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<8x1xf32>\n"
    "  %14 = stablehlo.add %10, %13 : tensor<8x1xf32>\n"
    "  %15 = stablehlo.rsqrt %14 : tensor<8x1xf32>\n"
    "  %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x16xf32>\n"
    "  %17 = stablehlo.multiply %12, %16 : tensor<8x16xf32>\n"
    "  %18 = stablehlo.broadcast_in_dim %g, dims = [1] : (tensor<16xf32>) -> tensor<1x16xf32>\n"
    "  %19 = stablehlo.broadcast_in_dim %18, dims = [0, 1] : (tensor<1x16xf32>) -> tensor<8x16xf32>\n"
    "  %20 = stablehlo.multiply %17, %19 : tensor<8x16xf32>\n"
    "  %21 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<16xf32>) -> tensor<1x16xf32>\n"
    "  %22 = stablehlo.broadcast_in_dim %21, dims = [0, 1] : (tensor<1x16xf32>) -> tensor<8x16xf32>\n"
    "  %23 = stablehlo.add %20, %22 : tensor<8x16xf32>\n"
    "  return %23 : tensor<8x16xf32>\n"
    "}\n";

/* Layernorm with var = mean((x - mean)^2): the second reduce depends on the
 * first, so they cannot share a pass. */
static const char *LAYERNORM_TWO_PASS =
    "func.func @main(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {\n"
    "  %zero = stablehlo.constant dense<0.0> : tensor<f32>\n"
    "  %n = stablehlo.constant dense<16.0> : tensor<8xf32>\n"
    "  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>\n"
    "  %mean = stablehlo.divide %s, %n : tensor<8xf32>\n"
    "  %mb = stablehlo.broadcast_in_dim %mean, dims = [0] : (tensor<8xf32>) -> tensor<8x16xf32>\n"
    "  %d = stablehlo.subtract %x, %mb : tensor<8x16xf32>\n"
    "  %sq = stablehlo.multiply %d, %d : tensor<8x16xf32>\n"
    "  %ss = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>\n"
    "  %var = stablehlo.divide %ss, %n : tensor<8xf32>\n"
    "  %eps = stablehlo.constant dense<1.0e-5> : tensor<8xf32>\n"
    "  %ve = stablehlo.add %var, %eps : tensor<8xf32>\n"
    "  %r = stablehlo.rsqrt %ve : tensor<8xf32>\n"
    "  %rb = stablehlo.broadcast_in_dim %r, dims = [0] : (tensor<8xf32>) -> tensor<8x16xf32>\n"
    "  %y = stablehlo.multiply %d, %rb : tensor<8x16xf32>\n"
    "  return %y : tensor<8x16xf32>\n"
    "}\n";

/* Two layers: tanh(x W1 + b1) W2 + b2, bias broadcasts as JAX writes them. */
static const char *MLP =
    "func.func @main(%x: tensor<4x8xf32>, %w1: tensor<8x16xf32>, %b1: tensor<16xf32>,\n"
    "                %w2: tensor<16x4xf32>, %b2: tensor<4xf32>) -> tensor<4x4xf32> {\n"
    "  %0 = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>\n"
    "  %1 = stablehlo.broadcast_in_dim %b1, dims = [1] : (tensor<16xf32>) -> tensor<1x16xf32>\n"
    "  %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x16xf32>) -> tensor<4x16xf32>\n"
    "  %3 = stablehlo.add %0, %2 : tensor<4x16xf32>\n"
    "  %4 = stablehlo.tanh %3 : tensor<4x16xf32>\n"
    "  %5 = stablehlo.dot_general %4, %w2, contracting_dims = [1] x [0] : (tensor<4x16xf32>, tensor<16x4xf32>) -> tensor<4x4xf32>\n"
    "  %6 = stablehlo.broadcast_in_dim %b2, dims = [1] : (tensor<4xf32>) -> tensor<1x4xf32>\n"
    "  %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<4x4xf32>\n"
    "  %8 = stablehlo.add %5, %7 : tensor<4x4xf32>\n"
    "  return %8 : tensor<4x4xf32>\n"
    "}\n";

/* c (cheap) and e (expensive) are each read by two kernels: the max
 * reduce's prologue and the final loop. */
static const char *DIAMOND =
    "func.func @main(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {\n"
    "  %two = stablehlo.constant dense<2.0> : tensor<8x16xf32>\n"
    "  %c = stablehlo.multiply %x, %two : tensor<8x16xf32>\n"
    "  %e = stablehlo.exponential %x : tensor<8x16xf32>\n"
    "  %s = stablehlo.add %c, %e : tensor<8x16xf32>\n"
    "  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>\n"
    "  %m = stablehlo.reduce(%s init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>\n"
    "  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<8xf32>) -> tensor<8x16xf32>\n"
    "  %d = stablehlo.subtract %c, %e : tensor<8x16xf32>\n"
    "  %r = stablehlo.add %d, %mb : tensor<8x16xf32>\n"
    "  return %r : tensor<8x16xf32>\n"
    "}\n";

/* ---- checking fused functions ------------------------------------------------------ */

typedef struct kernel_count {
    int loop, reduce, dot, total;
} kernel_count;

static kernel_count count_kernels(const ir_func *f) {
    kernel_count k = {0};
    for (int i = 0; i < f->body->nops; i++) {
        const ir_op *op = f->body->ops[i];
        if (op->code != IR_FUSION) continue;
        k.total++;
        if (op->a.fusion_kind == IR_FUSION_LOOP) k.loop++;
        else if (op->a.fusion_kind == IR_FUSION_REDUCE) k.reduce++;
        else k.dot++;
    }
    return k;
}

/* Ops with `code` in every region of f's kernels. */
static int count_in_kernels(const ir_func *f, ir_opcode code) {
    int n = 0;
    for (int i = 0; i < f->body->nops; i++) {
        const ir_op *op = f->body->ops[i];
        if (op->code != IR_FUSION) continue;
        for (int j = 0; j < op->regions[0]->nops; j++) n += op->regions[0]->ops[j]->code == code;
    }
    return n;
}

static bool is_loop_op(ir_opcode c) {
    ir_op_kind k = ir_op_kind_of(c);
    return k == IR_KIND_UNARY || k == IR_KIND_BINARY || c == IR_CONVERT || c == IR_COMPARE || c == IR_SELECT ||
           c == IR_CLAMP || c == IR_BROADCAST_IN_DIM || c == IR_RESHAPE || c == IR_TRANSPOSE || c == IR_SLICE ||
           c == IR_CONCATENATE || c == IR_REVERSE || c == IR_IOTA || c == IR_CONSTANT || c == IR_PAD ||
           c == IR_DYNAMIC_SLICE || c == IR_GATHER;
}

static bool is_elementwise_op(ir_opcode c) {
    ir_op_kind k = ir_op_kind_of(c);
    return k == IR_KIND_UNARY || k == IR_KIND_BINARY || c == IR_CONVERT || c == IR_COMPARE || c == IR_SELECT ||
           c == IR_CLAMP;
}

/* Every value read in b (and its regions) is defined in it: marks defined
 * values as it goes. */
static bool block_closed(const ir_block *b, unsigned char *defined) {
    for (int i = 0; i < b->nargs; i++) defined[b->args[i]] = 1;
    for (int i = 0; i < b->nops; i++) {
        const ir_op *op = b->ops[i];
        for (int j = 0; j < op->nin; j++)
            if (!defined[op->in[j]]) return false;
        for (int r = 0; r < op->nregions; r++)
            if (!block_closed(op->regions[r], defined)) return false;
        for (int j = 0; j < op->nout; j++) defined[op->out[j]] = 1;
    }
    return true;
}

static bool is_arg(const ir_block *b, ir_value_id v) {
    for (int i = 0; i < b->nargs; i++)
        if (b->args[i] == v) return true;
    return false;
}

static const ir_op *def_in(const ir_block *b, ir_value_id v) {
    for (int i = 0; i < b->nops; i++)
        for (int j = 0; j < b->ops[i]->nout; j++)
            if (b->ops[i]->out[j] == v) return b->ops[i];
    return NULL;
}

/* Value v of region b depends on a reduce of b: a result of the input
 * shape that a row kernel's final pass stores. */
static bool after_a_reduce(const ir_func *f, const ir_block *b, ir_value_id v) {
    bool *after = calloc((size_t)f->nvalues, sizeof *after);
    for (int i = 0; i + 1 < b->nops; i++) {
        const ir_op *op = b->ops[i];
        bool d = op->code == IR_REDUCE;
        for (int j = 0; j < op->nin; j++) d |= after[op->in[j]];
        for (int j = 0; j < op->nout; j++) after[op->out[j]] = d;
    }
    bool is = after[v];
    free(after);
    return is;
}

/* The kernel-shape contract of fuse.h, for one fusion op; NULL when kept,
 * else what is wrong. */
static const char *kernel_problem(const ir_func *f, const ir_op *fu, bool side_outputs) {
    const ir_block *b = fu->regions[0];
    unsigned char *defined = calloc((size_t)f->nvalues, 1);
    bool closed = block_closed(b, defined);
    free(defined);
    if (!closed) return "the region reads a value from outside";
    const ir_op *ret = b->ops[b->nops - 1];
    const ir_op *root = NULL;
    int nroots = 0;
    for (int i = 0; i + 1 < b->nops; i++) {
        const ir_op *op = b->ops[i];
        if (op->code == IR_REDUCE || op->code == IR_DOT_GENERAL) {
            if (root && !ir_type_eq(&f->values[root->in[0]].type, &f->values[op->in[0]].type)) return "reduces over different shapes";
            if (root && (root->a.dims.n != op->a.dims.n || memcmp(root->a.dims.v, op->a.dims.v, sizeof(int64_t) * (size_t)op->a.dims.n))) return "reduces over different dimensions";
            root = op;
            nroots++;
        } else if (fuse_is_opaque(op->code)) {
            root = op;
            nroots++;
        } else if (!is_loop_op(op->code)) {
            return "an op no kernel computes";
        }
    }
    const ir_type *first = &f->values[ret->in[0]].type;
    switch (fu->a.fusion_kind) {
    case IR_FUSION_LOOP:
        if (nroots) return "a loop kernel with a reduce or dot";
        for (int i = 0; i < ret->nin; i++)
            if (!ir_type_same_shape(&f->values[ret->in[i]].type, first)) return "loop results of different shapes";
        return NULL;
    case IR_FUSION_REDUCE:
        if (!nroots || root->code != IR_REDUCE) return "a reduce kernel without a reduce";
        for (int i = 0; i < ret->nin; i++) {
            const ir_type *t = &f->values[ret->in[i]].type;
            bool input_shape = ir_type_same_shape(t, &f->values[root->in[0]].type);
            if (!ir_type_same_shape(t, &f->values[root->out[0]].type) &&
                !(input_shape && (side_outputs || after_a_reduce(f, b, ret->in[i]))))
                return "a reduce result of another shape";
        }
        return NULL;
    case IR_FUSION_DOT:
        if (nroots != 1 || root->code != IR_DOT_GENERAL) return "a dot kernel without exactly one dot";
        if (!is_arg(b, root->in[0]) || !is_arg(b, root->in[1])) return "a dot operand computed in the kernel";
        for (int i = 0; i + 1 < b->nops; i++) {
            const ir_op *op = b->ops[i];
            if (op == root || op->code == IR_CONSTANT || is_elementwise_op(op->code)) continue;
            if (op->code != IR_BROADCAST_IN_DIM) return "a dot epilogue op that is not elementwise";
            const ir_op *src = def_in(b, op->in[0]);
            if (!is_arg(b, op->in[0]) && !(src && src->code == IR_CONSTANT && f->values[op->in[0]].type.rank == 0))
                return "a broadcast of a computed value in a dot epilogue";
        }
        for (int i = 0; i < ret->nin; i++)
            if (!ir_type_same_shape(&f->values[ret->in[i]].type, &f->values[root->out[0]].type))
                return "a dot result of another shape";
        return NULL;
    case IR_FUSION_OPAQUE:
        if (nroots != 1 || b->ops[b->nops - 2] != root) return "an opaque kernel not ending with one opaque op";
        for (int i = 0; i < root->nin; i++) {
            bool elementwise = (root->code == IR_SCATTER && i > root->nin / 2) ||
                               (root->code == IR_DYNAMIC_UPDATE_SLICE && i == 1);
            if (!is_arg(b, root->in[i]) && !elementwise) return "an opaque op's operand computed in the kernel";
        }
        if (ret->nin != root->nout) return "an opaque kernel that does not return all its op's results";
        for (int i = 0; i < ret->nin; i++)
            if (ret->in[i] != root->out[i]) return "an opaque kernel returning its results out of order";
        return NULL;
    }
    return "an unknown kernel kind";
}

/* f's body holds only constants, kernels in the contract's shapes, checks
 * and the return. */
static bool fused_shape_ok(const ir_func *f, bool side_outputs, const char *what) {
    for (int i = 0; i < f->body->nops; i++) {
        const ir_op *op = f->body->ops[i];
        const char *problem = NULL;
        if (op->code == IR_FUSION) problem = kernel_problem(f, op, side_outputs);
        else if (op->code != IR_CONSTANT && op->code != IR_RETURN && ir_op_kind_of(op->code) != IR_KIND_CHECK)
            problem = "an op outside any kernel";
        if (problem) {
            fprintf(stderr, "%s: body op %d: %s\n", what, i, problem);
            return false;
        }
    }
    return true;
}

typedef struct fused {
    ir_module *orig, *m;    /* the program, and a fused copy of it */
    ir_func *f;             /* the fused entry */
    size_t bytes_before, bytes_after;   /* fuse_materialized_bytes */
    kernel_count k;
} fused;

/* Parses text, fuses a copy, checks it verifies, keeps the kernel shapes
 * and computes the same bits on random inputs. */
static fused fuse_program(const char *text, const fuse_options *o, const char *what) {
    fused r = {0};
    r.orig = pf_parse(text);
    if (!r.orig) return r;
    r.m = ir_module_clone(r.orig);
    r.f = ir_module_entry(r.m);
    r.bytes_before = fuse_materialized_bytes(r.f);
    diag d = {0};
    int rc = fuse_func(r.f, o, &d);
    if (rc) fprintf(stderr, "%s: %s\n", what, d.msg);
    EXPECT_EQ_INT(rc, DIAG_OK);
    rc = ir_verify_module(r.m, &d);
    if (rc) {
        fprintf(stderr, "%s: %s\n", what, d.msg);
        ir_print_func(stderr, r.m, r.f);
    }
    EXPECT_EQ_INT(rc, DIAG_OK);
    r.bytes_after = fuse_materialized_bytes(r.f);
    r.k = count_kernels(r.f);
    EXPECT(fused_shape_ok(r.f, o && o->reduce_side_outputs, what));
    if (!rc) EXPECT(pf_same_results(r.orig, r.m, 3, what));
    return r;
}

static void fused_free(fused *r) {
    ir_module_free(r->orig);
    ir_module_free(r->m);
}

static void report(const char *what, const fused *r) {
    printf("%-22s %d kernels (%d loop, %d reduce, %d dot), materialised %zu bytes (unfused %zu)\n", what, r->k.total,
           r->k.loop, r->k.reduce, r->k.dot, r->bytes_after, r->bytes_before);
}

/* ---- the programs ------------------------------------------------------------------ */

TEST(gelu_is_one_loop_kernel) {
    fused r = fuse_program(GELU, NULL, "gelu");
    if (!r.m) return;
    report("gelu", &r);
    EXPECT_EQ_INT(r.k.total, 1);
    EXPECT_EQ_INT(r.k.loop, 1);
    EXPECT_EQ_INT(r.bytes_after, 0);
    EXPECT_EQ_INT(r.bytes_before, 12 * 4000);   /* every op but the returned one, 1000 floats each */
    EXPECT_EQ_INT(r.f->body->nops, 2);          /* the kernel and the return: constants went inside */
    EXPECT_EQ_INT(count_in_kernels(r.f, IR_TANH), 1);
    fused_free(&r);
}

TEST(softmax_is_one_row_kernel) {
    /* max (8 floats), exp(x - max) (8x16), sum (8), divide: one REDUCE
     * kernel of two passes per row and a final one storing the divide,
     * under every option; nothing is materialised, exp is one op of it (its
     * emitter computes it in the sum's pass and again in the final pass). */
    fuse_options opts[] = {{0}, {.reduce_side_outputs = true}, {.recompute_expensive = true}};
    const char *what[] = {"softmax", "softmax (side outputs)", "softmax (recompute)"};
    for (int k = 0; k < 3; k++) {
        fused r = fuse_program(SOFTMAX, &opts[k], what[k]);
        if (!r.m) continue;
        report(what[k], &r);
        EXPECT_EQ_INT(r.k.total, 1);
        EXPECT_EQ_INT(r.k.reduce, 1);
        EXPECT_EQ_INT(r.bytes_after, 0);
        EXPECT_EQ_INT(count_in_kernels(r.f, IR_REDUCE), 2);
        EXPECT_EQ_INT(count_in_kernels(r.f, IR_EXPONENTIAL), 1);
        fused_free(&r);
    }
}

TEST(softmax_of_a_transposed_view_keeps_its_divide_apart) {
    /* Every pass of a row kernel would read x with a stride: the max and
     * sum share a kernel (writing exp(x - max) beside the sum), the divide
     * is a loop of its own reading it. */
    static const char *text =
        "func.func @main(%x: tensor<16x8xf32>) -> tensor<8x16xf32> {\n"
        "  %t = stablehlo.transpose %x, dims = [1, 0] : (tensor<16x8xf32>) -> tensor<8x16xf32>\n"
        "  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>\n"
        "  %0 = stablehlo.reduce(%t init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>\n"
        "  %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<8xf32>) -> tensor<8x16xf32>\n"
        "  %2 = stablehlo.subtract %t, %1 : tensor<8x16xf32>\n"
        "  %3 = stablehlo.exponential %2 : tensor<8x16xf32>\n"
        "  %zero = stablehlo.constant dense<0.0> : tensor<f32>\n"
        "  %4 = stablehlo.reduce(%3 init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>\n"
        "  %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<8xf32>) -> tensor<8x16xf32>\n"
        "  %6 = stablehlo.divide %3, %5 : tensor<8x16xf32>\n"
        "  return %6 : tensor<8x16xf32>\n"
        "}\n";
    fuse_options o = {.reduce_side_outputs = true};
    fused r = fuse_program(text, &o, "transposed softmax");
    if (!r.m) return;
    report("transposed softmax", &r);
    EXPECT_EQ_INT(r.k.total, 2);
    EXPECT_EQ_INT(r.k.reduce, 1);
    EXPECT_EQ_INT(r.k.loop, 1);
    EXPECT_EQ_INT(r.bytes_after, 512 + 32);   /* exp(x - max) and the sum */
    fused_free(&r);
}

TEST(layernorm_sums_x_and_x_squared_in_one_pass) {
    /* One row kernel: both sums in one pass (siblings over x), the 8x1
     * statistics (mean, var, rsqrt) per row, the normalisation in the final
     * pass; nothing materialised. */
    fused r = fuse_program(LAYERNORM, NULL, "layernorm");
    if (!r.m) return;
    report("layernorm", &r);
    EXPECT_EQ_INT(r.k.total, 1);
    EXPECT_EQ_INT(r.k.reduce, 1);
    EXPECT_EQ_INT(count_in_kernels(r.f, IR_REDUCE), 2);
    EXPECT_EQ_INT(count_in_kernels(r.f, IR_RSQRT), 1);
    EXPECT_EQ_INT(r.bytes_after, 0);
    fused_free(&r);
}

TEST(layernorm_two_pass_is_one_row_kernel) {
    /* mean's sum, then the variance's over (x - mean)^2 (it reads the mean:
     * a later pass) with rsqrt(var + eps) once per row, then (x - mean) * r:
     * one kernel, nothing materialised. */
    fused r = fuse_program(LAYERNORM_TWO_PASS, NULL, "layernorm (two pass)");
    if (!r.m) return;
    report("layernorm (two pass)", &r);
    EXPECT_EQ_INT(r.k.total, 1);
    EXPECT_EQ_INT(r.k.reduce, 1);
    EXPECT_EQ_INT(count_in_kernels(r.f, IR_REDUCE), 2);
    EXPECT_EQ_INT(r.bytes_after, 0);
    EXPECT_EQ_INT(count_in_kernels(r.f, IR_RSQRT), 1);
    fused_free(&r);
}

TEST(mlp_layers_are_dot_kernels_with_epilogues) {
    /* dot + bias + tanh, then dot + bias: two DOT kernels; the hidden
     * activation (4x16 floats) is the only intermediate. */
    fused r = fuse_program(MLP, NULL, "mlp");
    if (!r.m) return;
    report("mlp", &r);
    EXPECT_EQ_INT(r.k.total, 2);
    EXPECT_EQ_INT(r.k.dot, 2);
    EXPECT_EQ_INT(r.bytes_after, 4 * 16 * 4);
    EXPECT_EQ_INT(count_in_kernels(r.f, IR_TANH), 1);
    /* The bias broadcast chains became one broadcast of a block argument each. */
    EXPECT_EQ_INT(count_in_kernels(r.f, IR_BROADCAST_IN_DIM), 2);
    fused_free(&r);
}

TEST(diamond_duplicates_the_cheap_op_only) {
    /* c = 2x was placed in both groups that read it, which became one row
     * kernel (the max's pass and the final add each compute it); e = exp(x)
     * is computed once, in a kernel of its own, and read from memory. */
    fused r = fuse_program(DIAMOND, NULL, "diamond");
    if (!r.m) return;
    report("diamond", &r);
    EXPECT_EQ_INT(count_in_kernels(r.f, IR_MULTIPLY), 1);
    EXPECT_EQ_INT(count_in_kernels(r.f, IR_EXPONENTIAL), 1);
    EXPECT_EQ_INT(r.k.total, 2);
    EXPECT_EQ_INT(r.bytes_after, 512);   /* e */
    fused_free(&r);
}

/* A tanh layer and its backward step as JAX writes them: s = 1 - t is made
 * in the forward pass and read by the backward dot's epilogue, which reads
 * t too (GRAD_READS_T) or not. */
static const char *tanh_backward(bool grad_reads_t) {
    static char text[2][2048];
    char *b = text[grad_reads_t];
    snprintf(b, sizeof text[0],
        "func.func @main(%%x: tensor<4x8xf32>, %%w1: tensor<8x16xf32>, %%w2: tensor<16x4xf32>, %%g: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x16xf32>) {\n"
        "  %%0 = stablehlo.dot_general %%x, %%w1, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>\n"
        "  %%t = stablehlo.tanh %%0 : tensor<4x16xf32>\n"
        "  %%one = stablehlo.constant dense<1.0> : tensor<f32>\n"
        "  %%ob = stablehlo.broadcast_in_dim %%one, dims = [] : (tensor<f32>) -> tensor<4x16xf32>\n"
        "  %%s = stablehlo.subtract %%ob, %%t : tensor<4x16xf32>\n"
        "  %%y = stablehlo.dot_general %%t, %%w2, contracting_dims = [1] x [0] : (tensor<4x16xf32>, tensor<16x4xf32>) -> tensor<4x4xf32>\n"
        "  %%gb = stablehlo.dot_general %%g, %%w2, contracting_dims = [1] x [1] : (tensor<4x4xf32>, tensor<16x4xf32>) -> tensor<4x16xf32>\n"
        "  %%d = stablehlo.multiply %%gb, %%s : tensor<4x16xf32>\n"
        "%s"
        "}\n",
        grad_reads_t ? "  %e = stablehlo.multiply %d, %t : tensor<4x16xf32>\n"
                       "  %r = stablehlo.add %d, %e : tensor<4x16xf32>\n"
                       "  return %y, %r : tensor<4x4xf32>, tensor<4x16xf32>\n"
                     : "  return %y, %d : tensor<4x4xf32>, tensor<4x16xf32>\n");
    return b;
}

TEST(cheap_op_is_recomputed_by_a_dot_epilogue_reading_its_operands) {
    /* The backward kernel reads t anyway, so it computes 1 - t itself: the
     * forward kernel writes t alone (256 bytes), not t and 1 - t. */
    fused r = fuse_program(tanh_backward(true), NULL, "tanh backward");
    if (!r.m) return;
    report("tanh backward", &r);
    EXPECT_EQ_INT(r.k.total, 3);
    EXPECT_EQ_INT(r.k.dot, 3);
    EXPECT_EQ_INT(r.bytes_after, 4 * 16 * 4);
    EXPECT_EQ_INT(count_in_kernels(r.f, IR_SUBTRACT), 1);
    for (int i = 0; i < r.f->body->nops; i++)
        if (r.f->body->ops[i]->code == IR_FUSION) EXPECT_EQ_INT(r.f->body->ops[i]->nout, 1);
    fused_free(&r);
    /* Reading only 1 - t, the backward kernel would keep t alive to
     * recompute it: 1 - t is written instead (t and 1 - t, 512 bytes). */
    fused s = fuse_program(tanh_backward(false), NULL, "tanh backward, s only");
    if (!s.m) return;
    report("tanh backward, s only", &s);
    EXPECT_EQ_INT(s.bytes_after, 2 * 4 * 16 * 4);
    EXPECT_EQ_INT(count_in_kernels(s.f, IR_SUBTRACT), 1);
    fused_free(&s);
}

/* A Hillis-Steele prefix sum over N floats, LEVELS steps of
 * y + (y shifted right by 2^k): each step reads y at two indices, so one
 * kernel computing all of it would evaluate the input 2^LEVELS times per
 * element (associative_scan's sweeps have the same shape). */
enum { SCAN_N = 4096, SCAN_LEVELS = 12 };

static const char *doubling_scan(void) {
    static char text[8192];
    int n = snprintf(text, sizeof text,
                     "func.func @main(%%y0: tensor<%dxf32>) -> tensor<%dxf32> {\n"
                     "  %%zero = stablehlo.constant dense<0.0> : tensor<f32>\n", SCAN_N, SCAN_N);
    for (int k = 0; k < SCAN_LEVELS; k++) {
        int shift = 1 << k;
        n += snprintf(text + n, sizeof text - (size_t)n,
                      "  %%s%d = stablehlo.slice %%y%d [0:%d] : (tensor<%dxf32>) -> tensor<%dxf32>\n"
                      "  %%p%d = stablehlo.pad %%s%d, %%zero, low = [%d], high = [0], interior = [0] : (tensor<%dxf32>, tensor<f32>) -> tensor<%dxf32>\n"
                      "  %%y%d = stablehlo.add %%y%d, %%p%d : tensor<%dxf32>\n",
                      k, k, SCAN_N - shift, SCAN_N, SCAN_N - shift,
                      k, k, shift, SCAN_N - shift, SCAN_N,
                      k + 1, k, k, SCAN_N);
    }
    snprintf(text + n, sizeof text - (size_t)n, "  return %%y%d : tensor<%dxf32>\n}\n", SCAN_LEVELS, SCAN_N);
    return text;
}

/* The most times one element of a kernel evaluates an op it computes,
 * counting every read path from the kernel's results as its own index (an
 * upper bound; exact when no two paths meet at one index). */
static int most_evaluations(const ir_func *f) {
    int most = 0;
    int *paths = calloc((size_t)f->nvalues, sizeof *paths);
    for (int i = 0; paths && i < f->body->nops; i++) {
        const ir_op *fu = f->body->ops[i];
        if (fu->code != IR_FUSION) continue;
        const ir_block *b = fu->regions[0];
        memset(paths, 0, (size_t)f->nvalues * sizeof *paths);
        const ir_op *ret = b->ops[b->nops - 1];
        for (int j = 0; j < ret->nin; j++) paths[ret->in[j]] = 1;
        for (int k = b->nops - 2; k >= 0; k--) {
            const ir_op *op = b->ops[k];
            int evals = 0;
            for (int r = 0; r < op->nout; r++) evals += paths[op->out[r]];
            if (evals > most && op->code != IR_CONSTANT) most = evals;   /* a copied constant costs nothing */
            for (int j = 0; j < op->nin; j++) paths[op->in[j]] += evals;
        }
    }
    free(paths);
    return most;
}

TEST(a_tree_of_shifted_reads_is_cut_where_recomputing_would_multiply) {
    fused r = fuse_program(doubling_scan(), NULL, "doubling scan");
    if (!r.m) return;
    report("doubling scan", &r);
    int most = most_evaluations(r.f);
    printf("doubling scan: at most %d evaluations of one op per element\n", most);
    EXPECT(most <= FUSE_MAX_EVALS);
    /* 1 + log2(FUSE_MAX_EVALS) levels a kernel (the first of them evaluated
     * FUSE_MAX_EVALS times per element), neither one kernel nor one a level. */
    int levels = 1;
    for (int e = FUSE_MAX_EVALS; e > 1; e /= 2) levels++;
    EXPECT(levels > 1);
    EXPECT_EQ_INT(r.k.total, (SCAN_LEVELS + levels - 1) / levels);
    fused_free(&r);
}

/* INTERLEAVE_LEVELS steps of y = interleave(y, -y), each written as
 * associative_scan writes its down-sweep: the sum of two pads with
 * interior padding 1, one shifted by an element. */
enum { INTERLEAVE_N = 8, INTERLEAVE_LEVELS = 3 };

static const char *interleaving_pads(void) {
    static char text[4096];
    int n = snprintf(text, sizeof text,
                     "func.func @main(%%y0: tensor<%dxf32>) -> tensor<%dxf32> {\n"
                     "  %%zero = stablehlo.constant dense<0.0> : tensor<f32>\n",
                     INTERLEAVE_N, INTERLEAVE_N << INTERLEAVE_LEVELS);
    for (int k = 0, m = INTERLEAVE_N; k < INTERLEAVE_LEVELS; k++, m *= 2) {
        n += snprintf(text + n, sizeof text - (size_t)n,
                      "  %%a%d = stablehlo.pad %%y%d, %%zero, low = [0], high = [1], interior = [1] : (tensor<%dxf32>, tensor<f32>) -> tensor<%dxf32>\n"
                      "  %%b%d = stablehlo.negate %%y%d : tensor<%dxf32>\n"
                      "  %%c%d = stablehlo.pad %%b%d, %%zero, low = [1], high = [0], interior = [1] : (tensor<%dxf32>, tensor<f32>) -> tensor<%dxf32>\n"
                      "  %%y%d = stablehlo.add %%a%d, %%c%d : tensor<%dxf32>\n",
                      k, k, m, 2 * m, k, k, m, k, k, m, 2 * m, k + 1, k, k, 2 * m);
    }
    snprintf(text + n, sizeof text - (size_t)n, "  return %%y%d : tensor<%dxf32>\n}\n", INTERLEAVE_LEVELS,
             INTERLEAVE_N << INTERLEAVE_LEVELS);
    return text;
}

static bool has_interior_padding(const ir_op *op) {
    for (int d = 0; op->code == IR_PAD && d < op->a.interior.n; d++)
        if (op->a.interior.v[d] > 0) return true;
    return false;
}

/* Whether some kernel computes a pad with interior padding from another
 * one: its elements would sit behind nested remainder tests. */
static bool nests_interior_pads(const ir_func *f) {
    bool nested = false;
    bool *strided = calloc((size_t)f->nvalues, sizeof *strided);
    for (int i = 0; strided && i < f->body->nops; i++) {
        const ir_op *fu = f->body->ops[i];
        if (fu->code != IR_FUSION) continue;
        const ir_block *b = fu->regions[0];
        memset(strided, 0, (size_t)f->nvalues * sizeof *strided);
        for (int k = b->nops - 2; k >= 0; k--) {
            const ir_op *op = b->ops[k];
            bool under = false;
            for (int r = 0; r < op->nout; r++) under = under || strided[op->out[r]];
            nested = nested || (under && has_interior_padding(op));
            for (int j = 0; j < op->nin; j++) strided[op->in[j]] |= under || has_interior_padding(op);
        }
    }
    free(strided);
    return nested;
}

TEST(interior_padded_pads_do_not_nest_in_one_kernel) {
    fused r = fuse_program(interleaving_pads(), NULL, "interleaving pads");
    if (!r.m) return;
    report("interleaving pads", &r);
    EXPECT(!nests_interior_pads(r.f));
    EXPECT_EQ_INT(r.k.total, INTERLEAVE_LEVELS);   /* each level's sum written; its pads fused */
    fused_free(&r);
}

TEST(disabled_fusion_is_one_op_per_kernel) {
    fuse_options o = {.disable = true};
    fused r = fuse_program(SOFTMAX, &o, "softmax (unfused)");
    if (!r.m) return;
    report("softmax (unfused)", &r);
    EXPECT_EQ_INT(r.k.total, 9);   /* every op but the two constants */
    EXPECT_EQ_INT(r.k.reduce, 2);
    EXPECT_EQ_INT(r.bytes_after, r.bytes_before);
    for (int i = 0; i < r.f->body->nops; i++) {
        const ir_op *op = r.f->body->ops[i];
        if (op->code != IR_FUSION) continue;
        int computing = 0;
        for (int j = 0; j < op->regions[0]->nops; j++) computing += op->regions[0]->ops[j]->code != IR_CONSTANT &&
                                                                    op->regions[0]->ops[j]->code != IR_RETURN;
        EXPECT_EQ_INT(computing, 1);
    }
    fused mlp = fuse_program(MLP, &o, "mlp (unfused)");
    if (mlp.m) EXPECT_EQ_INT(count_kernels(mlp.f).dot, 2);
    fused_free(&mlp);
    fused_free(&r);
}

/* ---- details ------------------------------------------------------------------------ */

TEST(results_returned_or_checked_are_written) {
    /* t = tanh(x) is returned and read by the loop: it is a result of the
     * loop kernel; a check op stays in the body, after the kernel. */
    fused r = fuse_program(
        "func.func @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {\n"
        "  %t = stablehlo.tanh %x : tensor<4xf32>\n"
        "  %u = stablehlo.add %t, %x : tensor<4xf32>\n"
        "  check.expect_almost_eq %u, %u, tolerance = 0.1 : tensor<4xf32>\n"
        "  return %t, %u : tensor<4xf32>, tensor<4xf32>\n"
        "}\n",
        NULL, "escapes");
    if (!r.m) return;
    EXPECT_EQ_INT(r.k.total, 1);
    EXPECT_EQ_INT(r.f->body->nops, 3);
    EXPECT(r.f->body->ops[0]->code == IR_FUSION && r.f->body->ops[0]->nout == 2);
    EXPECT_EQ_INT(ir_op_kind_of(r.f->body->ops[1]->code), IR_KIND_CHECK);
    fused_free(&r);
}

TEST(big_constants_stay_in_the_body_small_ones_go_inside) {
    fused r = fuse_program(
        "func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
        "  %c = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>\n"
        "  %s = stablehlo.constant dense<3.0> : tensor<4xf32>\n"
        "  %a = stablehlo.multiply %x, %c : tensor<4xf32>\n"
        "  %b = stablehlo.add %a, %s : tensor<4xf32>\n"
        "  return %b : tensor<4xf32>\n"
        "}\n",
        NULL, "constants");
    if (!r.m) return;
    EXPECT_EQ_INT(r.f->body->nops, 3);
    EXPECT(r.f->body->ops[0]->code == IR_CONSTANT);
    const ir_op *fu = r.f->body->ops[1];
    EXPECT(fu->code == IR_FUSION && fu->nin == 2);   /* x and the constant [1 2 3 4] */
    EXPECT_EQ_INT(count_in_kernels(r.f, IR_CONSTANT), 1);           /* the splat's scalar */
    EXPECT_EQ_INT(count_in_kernels(r.f, IR_BROADCAST_IN_DIM), 1);   /* ... broadcast to 4 */
    fused_free(&r);
}

TEST(dead_ops_disappear) {
    fused r = fuse_program(
        "func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
        "  %dead = stablehlo.exponential %x : tensor<4xf32>\n"
        "  %dead2 = stablehlo.negate %dead : tensor<4xf32>\n"
        "  %a = stablehlo.abs %x : tensor<4xf32>\n"
        "  return %a : tensor<4xf32>\n"
        "}\n",
        NULL, "dead");
    if (!r.m) return;
    EXPECT_EQ_INT(r.k.total, 1);
    EXPECT_EQ_INT(count_in_kernels(r.f, IR_EXPONENTIAL), 0);
    fused_free(&r);
}

TEST(expensive_ops_are_not_fused_through_broadcasts) {
    /* exp on 4 elements feeding a broadcast to 4x100: computing it in the
     * loop would take 400 exps; it is written once instead. A cheap negate
     * in the same place is fused. Through a slice (each element read at
     * most once) exp fuses. */
    fused r = fuse_program(
        "func.func @main(%x: tensor<4xf32>, %y: tensor<4x100xf32>) -> (tensor<4x100xf32>, tensor<2xf32>) {\n"
        "  %e = stablehlo.exponential %x : tensor<4xf32>\n"
        "  %n = stablehlo.negate %x : tensor<4xf32>\n"
        "  %eb = stablehlo.broadcast_in_dim %e, dims = [0] : (tensor<4xf32>) -> tensor<4x100xf32>\n"
        "  %nb = stablehlo.broadcast_in_dim %n, dims = [0] : (tensor<4xf32>) -> tensor<4x100xf32>\n"
        "  %a = stablehlo.add %eb, %y : tensor<4x100xf32>\n"
        "  %b = stablehlo.add %a, %nb : tensor<4x100xf32>\n"
        "  %l = stablehlo.log %x : tensor<4xf32>\n"
        "  %s = stablehlo.slice %l [1:3] : (tensor<4xf32>) -> tensor<2xf32>\n"
        "  return %b, %s : tensor<4x100xf32>, tensor<2xf32>\n"
        "}\n",
        NULL, "reuse");
    if (!r.m) return;
    EXPECT_EQ_INT(r.k.total, 3);   /* exp; the big loop; log + slice */
    EXPECT_EQ_INT(r.bytes_after, 16);
    fused_free(&r);
}

/* Whether the contract of f lets the kernel at step s write result r over operand j. */
static bool may_overwrite(const ir_func *f, int s, int r, int j, bool strict_order) {
    contract k;
    diag d = {0};
    if (contract_func(f, &(contract_options){.strict_order = strict_order}, &k, &d)) return false;
    bool yes = contract_overwrite_of(&k, s, r, j) != NULL;
    contract_free(&k);
    return yes;
}

/* The contract's record of the kernel at step s (a copy). */
static contract_kernel kernel_contract(const ir_func *f, int s) {
    contract k;
    diag d = {0};
    contract_kernel out = {0};
    if (contract_func(f, NULL, &k, &d)) return out;
    out = k.k[s];
    contract_free(&k);
    return out;
}

TEST(in_place_only_where_every_read_is_at_the_written_index) {
    fused r = fuse_program(
        "func.func @main(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3x2xf32>) {\n"
        "  %a = stablehlo.multiply %x, %x : tensor<2x3xf32>\n"
        "  %r = stablehlo.reverse %y, dims = [1] : tensor<2x3xf32>\n"
        "  %b = stablehlo.add %a, %r : tensor<2x3xf32>\n"
        "  %t = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>\n"
        "  %c = stablehlo.negate %t : tensor<3x2xf32>\n"
        "  return %b, %c : tensor<2x3xf32>, tensor<3x2xf32>\n"
        "}\n",
        NULL, "in place");
    if (!r.m) return;
    EXPECT_EQ_INT(r.k.total, 2);
    for (int i = 0; i < r.f->body->nops; i++) {
        const ir_op *fu = r.f->body->ops[i];
        if (fu->code != IR_FUSION) continue;
        bool returns_b = ir_type_same_shape(&r.f->values[fu->out[0]].type, &r.f->values[r.f->body->args[0]].type);
        for (int j = 0; j < fu->nin; j++) {
            bool is_x = fu->in[j] == r.f->body->args[0];
            /* b = x*x + reverse(y): x is read in place, y is not; c = -transpose(x): x is not. */
            EXPECT_EQ_INT(may_overwrite(r.f, i, 0, j, false), returns_b && is_x);
        }
    }
    fused_free(&r);
    /* The softmax row kernel's final pass may write over x: every pass
     * reads x at the element in hand, the final one last. */
    fused s = fuse_program(SOFTMAX, NULL, "softmax");
    if (s.m) EXPECT_EQ_INT(s.k.total, 1);
    for (int i = 0; s.m && i < s.f->body->nops; i++) {
        const ir_op *fu = s.f->body->ops[i];
        if (fu->code == IR_FUSION) EXPECT_EQ_INT(may_overwrite(s.f, i, 0, 0, false), 1);
    }
    fused_free(&s);
    /* A result of the input shape stored by an earlier pass (the sum's,
     * beside it: e = exp(x - max)) may not: the final pass reads x again. */
    static const char *side =
        "func.func @main(%x: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>) {\n"
        "  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>\n"
        "  %0 = stablehlo.reduce(%x init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>\n"
        "  %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<8xf32>) -> tensor<8x16xf32>\n"
        "  %2 = stablehlo.subtract %x, %1 : tensor<8x16xf32>\n"
        "  %3 = stablehlo.exponential %2 : tensor<8x16xf32>\n"
        "  %zero = stablehlo.constant dense<0.0> : tensor<f32>\n"
        "  %4 = stablehlo.reduce(%3 init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>\n"
        "  %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<8xf32>) -> tensor<8x16xf32>\n"
        "  %6 = stablehlo.divide %2, %5 : tensor<8x16xf32>\n"
        "  return %3, %6 : tensor<8x16xf32>, tensor<8x16xf32>\n"
        "}\n";
    fuse_options o = {.reduce_side_outputs = true};
    fused e = fuse_program(side, &o, "softmax beside exp");
    if (e.m) EXPECT_EQ_INT(e.k.total, 1);
    for (int i = 0; e.m && i < e.f->body->nops; i++) {
        const ir_op *fu = e.f->body->ops[i];
        if (fu->code != IR_FUSION) continue;
        for (int r = 0; r < fu->nout; r++) {
            bool final = r == 1 || fu->out[r] == e.f->body->ops[e.f->body->nops - 1]->in[1];
            EXPECT_EQ_INT(may_overwrite(e.f, i, r, 0, false), final && fu->out[r] != e.f->body->ops[e.f->body->nops - 1]->in[0]);
        }
    }
    fused_free(&e);
}

/* SGD updates: w - 0.01 * dot is an affine update, in place over w in both
 * modes; w * dot (not affine) only in strict order (the naive loop); a dot
 * operand never; the bias update, a reduce kernel's epilogue, over b. */
TEST(dot_and_reduce_updates_write_in_place_over_their_parameter) {
    fused r = fuse_program(
        "func.func @main(%w: tensor<3x4xf32>, %v: tensor<3x4xf32>, %b: tensor<4xf32>, %x: tensor<5x3xf32>,"
        " %g: tensor<5x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<4xf32>) {\n"
        "  %d = stablehlo.dot_general %x, %g, contracting_dims = [0] x [0] : (tensor<5x3xf32>, tensor<5x4xf32>) -> tensor<3x4xf32>\n"
        "  %c = stablehlo.constant dense<0.01> : tensor<f32>\n"
        "  %cw = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<3x4xf32>\n"
        "  %s = stablehlo.multiply %cw, %d : tensor<3x4xf32>\n"
        "  %nw = stablehlo.subtract %w, %s : tensor<3x4xf32>\n"
        "  %e = stablehlo.dot_general %x, %g, contracting_dims = [0] x [0] : (tensor<5x3xf32>, tensor<5x4xf32>) -> tensor<3x4xf32>\n"
        "  %nv = stablehlo.multiply %v, %e : tensor<3x4xf32>\n"
        "  %zero = stablehlo.constant dense<0.0> : tensor<f32>\n"
        "  %db = stablehlo.reduce(%g init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<5x4xf32>, tensor<f32>) -> tensor<4xf32>\n"
        "  %cb = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<4xf32>\n"
        "  %sb = stablehlo.multiply %cb, %db : tensor<4xf32>\n"
        "  %nb = stablehlo.subtract %b, %sb : tensor<4xf32>\n"
        "  return %nw, %nv, %nb : tensor<3x4xf32>, tensor<3x4xf32>, tensor<4xf32>\n"
        "}\n",
        NULL, "sgd");
    if (!r.m) return;
    const ir_value_id *arg = r.f->body->args;
    int seen = 0;
    for (int i = 0; i < r.f->body->nops; i++) {
        const ir_op *fu = r.f->body->ops[i];
        if (fu->code != IR_FUSION) continue;
        contract_kernel m = kernel_contract(r.f, i);
        bool affine = m.strategy == CONTRACT_DOT_AFFINE;
        for (int j = 0; j < fu->nin; j++) {
            ir_value_id u = fu->in[j];
            bool fast = may_overwrite(r.f, i, 0, j, false);
            bool strict = may_overwrite(r.f, i, 0, j, true);
            if (u == arg[0]) {
                seen |= 1;
                EXPECT(affine && m.affine_operand == j && m.alpha == (double)-0.01f && m.beta == 1);
                EXPECT(fast && strict);
            } else if (u == arg[1]) {
                seen |= 2;
                EXPECT(!affine && !fast && strict);
            } else if (u == arg[2]) {
                seen |= 4;
                EXPECT(fu->a.fusion_kind == IR_FUSION_REDUCE && fast && strict);
            } else {
                EXPECT(!fast && !strict);   /* x and g: dot or reduce operands, or of another size */
            }
        }
    }
    EXPECT_EQ_INT(seen, 7);
    fused_free(&r);
}

TEST(calls_must_be_inlined_first) {
    ir_module *m = pf_parse(
        "func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
        "  %y = func.call @neg(%x) : (tensor<4xf32>) -> tensor<4xf32>\n"
        "  return %y : tensor<4xf32>\n"
        "}\n"
        "func.func private @neg(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
        "  %b = stablehlo.negate %a : tensor<4xf32>\n"
        "  return %b : tensor<4xf32>\n"
        "}\n");
    if (!m) return;
    diag d = {0};
    EXPECT_EQ_INT(fuse_func(ir_module_find(m, "main"), NULL, &d), DIAG_UNSUPPORTED);
    EXPECT_CONTAINS(d.msg, "inline calls first");
    ir_module_free(m);
}

TEST(allocation_failures_are_clean_and_leave_f_unchanged) {
    const char *programs[] = {SOFTMAX, LAYERNORM, MLP, DIAMOND};
    for (size_t p = 0; p < sizeof programs / sizeof *programs; p++) {
        ir_module *orig = pf_parse(programs[p]);
        if (!orig) continue;
        int succeeded_at = 0;
        for (long n = 1; n < 100000 && !succeeded_at; n++) {
            size_t live = mem_live_bytes();
            ir_module *m = ir_module_clone(orig);
            diag d = {0};
            mem_fail_after(n);
            int rc = fuse_func(ir_module_entry(m), NULL, &d);
            mem_fail_after(0);
            if (rc == DIAG_OK) {
                succeeded_at = (int)n;
            } else {
                EXPECT_EQ_INT(rc, DIAG_NOMEM);
                EXPECT_EQ_INT(ir_verify_module(m, &d), DIAG_OK);   /* unchanged, but for unused values */
                EXPECT_EQ_INT(count_kernels(ir_module_entry(m)).total, 0);
            }
            if (rc == DIAG_OK || n % 7 == 0) EXPECT(pf_same_results(orig, m, 1, "after an allocation failure"));
            ir_module_free(m);
            EXPECT_EQ_INT(mem_live_bytes(), live);
        }
        EXPECT(succeeded_at > 10);
        ir_module_free(orig);
    }
}

/* ---- random programs --------------------------------------------------------------- */

/* Random DAGs over a few shapes mixing every kind of op fusion treats
 * differently: chains, diamonds, cheap and expensive ops, broadcasts,
 * transposes, slices and concatenations, reduces, dots, checks. */
enum { SH_MAT, SH_ROW, SH_COL, SH_MAT_T, SH_SQUARE, SH_SCALAR, NSHAPES };
static const int64_t shape_dims[NSHAPES][2] = {{4, 6}, {4, 0}, {6, 0}, {6, 4}, {4, 4}, {0, 0}};
static const int shape_rank[NSHAPES] = {2, 1, 1, 2, 2, 0};

typedef struct gen {
    ir_module *m;
    ir_func *f;
    uint64_t rng;
    ir_value_id pool[NSHAPES][64];
    int npool[NSHAPES];
} gen;

static ir_type shape_type(int sh) { return ir_type_make(IR_F32, shape_rank[sh], shape_dims[sh]); }

static int pick(gen *g, int n) { return (int)(pf_random(&g->rng) % (uint64_t)n); }

static void pool_add(gen *g, int sh, ir_value_id v) {
    if (g->npool[sh] < 64) g->pool[sh][g->npool[sh]++] = v;
}

/* A value of shape sh, often a recent one (chains), sometimes an old one
 * (diamonds); -1 if there is none. */
static ir_value_id pool_pick(gen *g, int sh) {
    int n = g->npool[sh];
    if (n == 0) return -1;
    return g->pool[sh][pick(g, 3) ? n - 1 - pick(g, n < 3 ? n : 3) : pick(g, n)];
}

static ir_op *gen_op(gen *g, ir_opcode code, int nin, const ir_value_id *in, ir_type t) {
    return ir_op_append(g->f, g->f->body, code, nin, in, 1, &t);
}

static ir_value_id gen_constant(gen *g, ir_type t, bool splat) {
    ir_op *op = gen_op(g, IR_CONSTANT, 0, NULL, t);
    int64_t n = ir_type_numel(&t);
    float *data = mem_alloc((size_t)n * sizeof(float) + 1);
    for (int64_t k = 0; k < n; k++) data[k] = splat ? 0.5f : (float)(k % 7) - 3;
    op->a.data = data;
    return op->out[0];
}

static ir_value_id gen_with_dims(gen *g, ir_opcode code, ir_value_id x, int sh, int n, const int64_t *dims) {
    ir_op *op = gen_op(g, code, 1, &x, shape_type(sh));
    ir_ints_set(&op->a.dims, n, dims);
    return op->out[0];
}

static ir_value_id gen_reduce(gen *g, ir_value_id x, int sh, int64_t dim) {
    bool max = pick(g, 2);
    float init = max ? -INFINITY : 0;
    ir_value_id in[2] = {x, gen_constant(g, shape_type(SH_SCALAR), true)};
    memcpy(g->f->body->ops[g->f->body->nops - 1]->a.data, &init, sizeof init);
    ir_op *op = gen_op(g, IR_REDUCE, 2, in, shape_type(sh));
    ir_ints_set(&op->a.dims, 1, &dim);
    ir_block *b = ir_op_add_region(op);
    ir_type s = shape_type(SH_SCALAR);
    ir_value_id a[2] = {ir_block_add_arg(g->f, b, &s), ir_block_add_arg(g->f, b, &s)};
    ir_op *r = ir_op_append(g->f, b, max ? IR_MAXIMUM : IR_ADD, 2, a, 1, &s);
    ir_op_append(g->f, b, IR_RETURN, 1, r->out, 0, NULL);
    return op->out[0];
}

/* One random op whose operands exist; its result joins the pool. */
static void gen_step(gen *g) {
    static const ir_opcode unary[] = {IR_NEGATE, IR_EXPONENTIAL, IR_TANH, IR_ABS, IR_LOGISTIC};
    static const ir_opcode binary[] = {IR_ADD, IR_MULTIPLY, IR_MAXIMUM, IR_SUBTRACT};
    int sh = pick(g, NSHAPES);
    ir_value_id x = pool_pick(g, sh), y = pool_pick(g, sh), v = -1;
    switch (pick(g, 10)) {
    case 0: case 1:
        if (x >= 0) v = gen_op(g, unary[pick(g, 5)], 1, &x, shape_type(sh))->out[0];
        break;
    case 2: case 3:
        if (x >= 0) v = gen_op(g, binary[pick(g, 4)], 2, (ir_value_id[]){x, y}, shape_type(sh))->out[0];
        break;
    case 4: {   /* broadcasts into a matrix */
        int from = pick(g, 3) == 0 ? SH_SCALAR : pick(g, 2) ? SH_ROW : SH_COL;
        int to = from == SH_COL ? (pick(g, 2) ? SH_MAT : SH_MAT_T) : pick(g, 2) ? SH_MAT : SH_SQUARE;
        ir_value_id s = pool_pick(g, from);
        int64_t dim = from == SH_ROW ? 0 : (to == SH_MAT ? 1 : 0);
        if (s >= 0) v = gen_with_dims(g, IR_BROADCAST_IN_DIM, s, sh = to, from == SH_SCALAR ? 0 : 1, &dim);
        break;
    }
    case 5: {   /* reduces */
        int from = pick(g, 3) ? SH_MAT : SH_ROW;
        ir_value_id s = pool_pick(g, from);
        int64_t dim = from == SH_MAT ? pick(g, 2) : 0;
        int to = from == SH_ROW ? SH_SCALAR : dim == 1 ? SH_ROW : SH_COL;
        if (s >= 0) v = gen_reduce(g, s, sh = to, dim);
        break;
    }
    case 6: {   /* transpose or reshape between 4x6 and 6x4 */
        int from = pick(g, 2) ? SH_MAT : SH_MAT_T;
        ir_value_id s = pool_pick(g, from);
        sh = from == SH_MAT ? SH_MAT_T : SH_MAT;
        if (s >= 0 && pick(g, 2)) v = gen_with_dims(g, IR_TRANSPOSE, s, sh, 2, (int64_t[]){1, 0});
        else if (s >= 0) v = gen_op(g, IR_RESHAPE, 1, &s, shape_type(sh))->out[0];
        break;
    }
    case 7: {   /* dot: 4x6 . 6x4 -> 4x4 */
        ir_value_id l = pool_pick(g, SH_MAT), r = pool_pick(g, SH_MAT_T);
        if (l < 0 || r < 0) break;
        ir_op *op = gen_op(g, IR_DOT_GENERAL, 2, (ir_value_id[]){l, r}, shape_type(sh = SH_SQUARE));
        ir_ints_set(&op->a.lhs_contract, 1, (int64_t[]){1});
        ir_ints_set(&op->a.rhs_contract, 1, (int64_t[]){0});
        v = op->out[0];
        break;
    }
    case 8: {   /* swap the halves of a 4x6 by slices and a concatenation, or reverse */
        ir_value_id s = pool_pick(g, sh = SH_MAT);
        if (s < 0) break;
        if (pick(g, 3) == 0) {
            v = gen_with_dims(g, IR_REVERSE, s, SH_MAT, 1, (int64_t[]){pick(g, 2)});
            break;
        }
        ir_type half = ir_type_make(IR_F32, 2, (int64_t[]){4, 3});
        ir_value_id h[2];
        for (int k = 0; k < 2; k++) {
            ir_op *op = gen_op(g, IR_SLICE, 1, &s, half);
            ir_ints_set(&op->a.start, 2, (int64_t[]){0, 3 * k});
            ir_ints_set(&op->a.limit, 2, (int64_t[]){4, 3 * k + 3});
            ir_ints_set(&op->a.stride, 2, (int64_t[]){1, 1});
            h[k] = op->out[0];
        }
        ir_op *cat = gen_op(g, IR_CONCATENATE, 2, (ir_value_id[]){h[1], h[0]}, shape_type(SH_MAT));
        cat->a.axis = 1;
        v = cat->out[0];
        break;
    }
    default: {   /* select(x > y, x, y) */
        if (x < 0) break;
        ir_type bt = shape_type(sh);
        bt.dtype = IR_I1;
        ir_op *cmp = gen_op(g, IR_COMPARE, 2, (ir_value_id[]){x, y}, bt);
        cmp->a.cmp = IR_CMP_GT;
        v = gen_op(g, IR_SELECT, 3, (ir_value_id[]){cmp->out[0], x, y}, shape_type(sh))->out[0];
        break;
    }
    }
    if (v >= 0) pool_add(g, sh, v);
}

static ir_module *gen_program(uint64_t seed, int nops) {
    gen g = {.m = ir_module_new(), .rng = seed * 0x9E3779B97F4A7C15u + 1};
    g.f = ir_func_new(g.m, "main");
    for (int sh = 0; sh < NSHAPES; sh++) {
        ir_type t = shape_type(sh);
        if (sh != SH_SQUARE) pool_add(&g, sh, ir_block_add_arg(g.f, g.f->body, &t));
    }
    pool_add(&g, SH_MAT, gen_constant(&g, shape_type(SH_MAT), true));
    pool_add(&g, SH_COL, gen_constant(&g, shape_type(SH_COL), false));
    while (g.f->body->nops < nops) gen_step(&g);
    /* Return a few recent values (of any shapes); check one of them. */
    ir_value_id ret[3];
    ir_type types[3];
    int nret = 0;
    for (int k = 0; k < 3; k++) {
        int sh = pick(&g, NSHAPES);
        if (g.npool[sh] == 0) continue;
        ret[nret] = g.pool[sh][g.npool[sh] - 1 - pick(&g, g.npool[sh] < 2 ? 1 : 2)];
        types[nret] = g.f->values[ret[nret]].type;
        nret++;
    }
    if (pick(&g, 2) && nret > 0) {
        ir_op *check = ir_op_append(g.f, g.f->body, IR_CHECK_ALMOST_EQ, 2, (ir_value_id[]){ret[0], ret[0]}, 0, NULL);
        check->a.tolerance = 0.5;
    }
    ir_op_append(g.f, g.f->body, IR_RETURN, nret, ret, 0, NULL);
    ir_func_set_results(g.f, nret, types);
    return g.m;
}

TEST(random_programs_fuse_to_the_same_results) {
    fuse_options opts[] = {{0}, {.reduce_side_outputs = true}, {.recompute_expensive = true}, {.disable = true}};
    int programs = 0, kernels[4] = {0}, failed = 0;
    for (uint64_t seed = 1; seed <= 300; seed++) {
        ir_module *orig = gen_program(seed, 8 + (int)(seed % 60));
        diag d = {0};
        if (ir_verify_module(orig, &d) != DIAG_OK) {
            fprintf(stderr, "seed %llu: the generator made an invalid program: %s\n", (unsigned long long)seed, d.msg);
            testing_failed_checks++;
            ir_module_free(orig);
            continue;
        }
        programs++;
        for (int k = 0; k < 4; k++) {
            char what[64];
            snprintf(what, sizeof what, "random program %llu, options %d", (unsigned long long)seed, k);
            ir_module *m = ir_module_clone(orig);
            ir_func *f = ir_module_entry(m);
            schedule_result sr;
            int rc = fuse_func(f, &opts[k], &d);
            if (!rc) rc = ir_verify_module(m, &d);
            if (!rc && !fused_shape_ok(f, opts[k].reduce_side_outputs, what)) rc = DIAG_INVALID;
            if (!rc) kernels[k] += count_kernels(f).total;
            if (!rc) rc = schedule_func(f, &sr, &d);
            if (!rc) rc = ir_verify_module(m, &d);
            if (rc || !pf_same_results(orig, m, 2, what)) {
                fprintf(stderr, "%s: %s\n", what, rc ? d.msg : "different results");
                if (failed++ < 2) {
                    ir_print_module(stderr, orig);
                    ir_print_module(stderr, m);
                }
            }
            ir_module_free(m);
        }
        ir_module_free(orig);
    }
    printf("%d random programs: %d kernels fused, %d with side outputs, %d recomputing, %d unfused\n", programs,
           kernels[0], kernels[1], kernels[2], kernels[3]);
    EXPECT_EQ_INT(failed, 0);
}

/* 1250 softmax blocks in a chain, 8 ops each, every one live. */
static ir_module *softmax_chain(int blocks) {
    gen g = {.m = ir_module_new(), .rng = 1};
    g.f = ir_func_new(g.m, "main");
    ir_type mat = shape_type(SH_MAT);
    ir_value_id x = ir_block_add_arg(g.f, g.f->body, &mat);
    for (int b = 0; b < blocks; b++) {
        ir_value_id m = gen_reduce(&g, x, SH_ROW, 1);
        ir_value_id mb = gen_with_dims(&g, IR_BROADCAST_IN_DIM, m, SH_MAT, 1, (int64_t[]){0});
        ir_value_id e = gen_op(&g, IR_EXPONENTIAL, 1, &mb, mat)->out[0];
        e = gen_op(&g, IR_SUBTRACT, 2, (ir_value_id[]){x, e}, mat)->out[0];
        ir_value_id s = gen_reduce(&g, e, SH_ROW, 1);
        ir_value_id sb = gen_with_dims(&g, IR_BROADCAST_IN_DIM, s, SH_MAT, 1, (int64_t[]){0});
        x = gen_op(&g, IR_DIVIDE, 2, (ir_value_id[]){e, sb}, mat)->out[0];
    }
    ir_op_append(g.f, g.f->body, IR_RETURN, 1, &x, 0, NULL);
    ir_func_set_results(g.f, 1, &mat);
    return g.m;
}

TEST(ten_thousand_ops_fuse_quickly) {
    ir_module *orig = softmax_chain(1250), *m = ir_module_clone(orig);
    ir_func *f = ir_module_entry(m);
    diag d = {0};
    clock_t start = clock();
    int rc = fuse_func(f, NULL, &d);
    double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
    EXPECT_EQ_INT(rc, DIAG_OK);
    EXPECT_EQ_INT(ir_verify_module(m, &d), DIAG_OK);
    /* Recomputation stays bounded: no kernel recomputes the chain so far. */
    int total = 0, largest = 0;
    for (int i = 0; i < f->body->nops; i++) {
        const ir_op *op = f->body->ops[i];
        if (op->code != IR_FUSION) continue;
        int n = op->regions[0]->nops;
        total += n;
        if (n > largest) largest = n;
    }
    printf("10000 ops: fused into %d kernels in %.2f s; %d ops in regions, at most %d in one\n",
           count_kernels(f).total, seconds, total, largest);
    EXPECT(seconds < 10);
    EXPECT(total < 3 * 10000);
    EXPECT(largest < 40);
    EXPECT(pf_same_results(orig, m, 1, "10000 ops"));
    ir_module_free(m);
    ir_module_free(orig);
}

/* ---- the conformance suite ----------------------------------------------------------- */

typedef struct suite_tally {
    int modules, kernels, failed;
    size_t unfused_bytes, fused_bytes;
} suite_tally;

/* Inlines, fuses and schedules a copy of m's entry; the copy must verify,
 * keep the kernel shapes and compute what m does. */
static bool compile_and_compare(const ir_module *m, const char *path, suite_tally *t) {
    ir_module *c = ir_module_clone(m);
    ir_func *f = ir_module_entry(c);
    diag d = {0};
    schedule_result sr = {0};
    int rc = pass_inline_calls(c, f, &d);
    if (!rc) {
        t->unfused_bytes += fuse_materialized_bytes(f);
        rc = fuse_func(f, NULL, &d);
    }
    if (!rc) rc = ir_verify_module(c, &d);
    if (!rc) {
        t->fused_bytes += fuse_materialized_bytes(f);
        t->kernels += count_kernels(f).total;
        rc = fused_shape_ok(f, false, path) ? schedule_func(f, &sr, &d) : DIAG_INVALID;
    }
    if (!rc) rc = ir_verify_module(c, &d);
    bool ok = !rc && pf_same_results(m, c, 1, path);
    if (rc) fprintf(stderr, "%s: %s\n", path, d.msg);
    ir_module_free(c);
    return ok;
}

static void check_suite_file(const char *dir, const char *rel, suite_tally *t) {
    char path[4400];
    snprintf(path, sizeof path, "%.2000s/%.2000s", dir, rel);
    size_t len;
    char *text = testing_read_file(path, &len);
    if (!text) {
        fprintf(stderr, "%s: cannot read\n", path);
        t->failed++;
        return;
    }
    ir_module **mods = NULL;
    int nmods = 0;
    diag d = {0};
    if (front_parse(rel, text, len, &mods, &nmods, &d) != DIAG_OK) {
        fprintf(stderr, "%s\n", d.msg);
        t->failed++;
        nmods = 0;
    }
    for (int i = 0; i < nmods; i++) {
        if (ir_verify_module(mods[i], &d) != DIAG_OK || !ir_module_entry(mods[i])) continue;
        t->modules++;
        if (!compile_and_compare(mods[i], rel, t)) t->failed++;
    }
    if (mods) front_free_modules(mods, nmods);
    free(text);
}

TEST(every_tier1_conformance_program_fuses_to_the_same_results) {
    char line[8192], tiers[4200];
    const char *dir = testing_suite_dir();
    snprintf(tiers, sizeof tiers, "%s/TIERS.tsv", dir ? dir : ".");
    FILE *list = dir ? fopen(tiers, "r") : NULL;
    if (!list) {
        printf("conformance suite not found: skipped\n");
        return;
    }
    suite_tally t = {0};
    int files = 0;
    while (fgets(line, sizeof line, list)) {
        char *field[5] = {line};
        int n = 1;
        for (char *c = line; *c && n < 5; c++)
            if (*c == '\t') *c = 0, field[n++] = c + 1;
        if (n < 4 || strcmp(field[1], "1") != 0 || strcmp(field[2], "1") != 0 ||
            strncmp(field[3], "disabled", 8) == 0)
            continue;
        files++;
        check_suite_file(dir, field[0], &t);
    }
    fclose(list);
    printf("conformance tier 1: %d files, %d modules, %d kernels, %d failed; materialised %zu bytes unfused, %zu fused\n",
           files, t.modules, t.kernels, t.failed, t.unfused_bytes, t.fused_bytes);
    EXPECT(files > 0);
    EXPECT_EQ_INT(t.failed, 0);
}

int main(void) {
    RUN(gelu_is_one_loop_kernel);
    RUN(softmax_is_one_row_kernel);
    RUN(softmax_of_a_transposed_view_keeps_its_divide_apart);
    RUN(layernorm_sums_x_and_x_squared_in_one_pass);
    RUN(layernorm_two_pass_is_one_row_kernel);
    RUN(mlp_layers_are_dot_kernels_with_epilogues);
    RUN(diamond_duplicates_the_cheap_op_only);
    RUN(cheap_op_is_recomputed_by_a_dot_epilogue_reading_its_operands);
    RUN(a_tree_of_shifted_reads_is_cut_where_recomputing_would_multiply);
    RUN(interior_padded_pads_do_not_nest_in_one_kernel);
    RUN(disabled_fusion_is_one_op_per_kernel);
    RUN(results_returned_or_checked_are_written);
    RUN(big_constants_stay_in_the_body_small_ones_go_inside);
    RUN(dead_ops_disappear);
    RUN(expensive_ops_are_not_fused_through_broadcasts);
    RUN(in_place_only_where_every_read_is_at_the_written_index);
    RUN(dot_and_reduce_updates_write_in_place_over_their_parameter);
    RUN(calls_must_be_inlined_first);
    RUN(allocation_failures_are_clean_and_leave_f_unchanged);
    RUN(random_programs_fuse_to_the_same_results);
    RUN(ten_thousand_ops_fuse_quickly);
    RUN(every_tier1_conformance_program_fuses_to_the_same_results);
    return TESTS_DONE();
}
