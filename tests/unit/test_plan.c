/* test_plan: the memory planner on hand-built fused functions: homes and
 * copies, in-place chains, packing against the live-set lower bound (exact
 * on hand-computed graphs, measured on random DAGs), donation, empty
 * tensors, the invariant checker, and allocation failures. */
#include <stdint.h>
#include <time.h>

#include "ir_fixture.h"
#include "plan/plan.h"
#include "testing.h"

/* ---- building kernels ------------------------------------------------------------ */

/* Appends a loop fusion over `in` with results of the given types; its
 * region's block arguments go to args[]. The caller fills the region and
 * ends it with end_kernel. */
static ir_op *begin_kernel(fixture *x, int nin, const ir_value_id *in, int nout, const ir_type *out,
                           ir_value_id *args) {
    ir_op *op = ir_op_append(x->f, x->f->body, IR_FUSION, nin, in, nout, out);
    op->a.fusion_kind = IR_FUSION_LOOP;
    ir_block *region = ir_op_add_region(op);
    for (int k = 0; k < nin; k++) {
        ir_type t = x->f->values[in[k]].type;   /* copied: adding an argument may move the table */
        args[k] = ir_block_add_arg(x->f, region, &t);
    }
    return op;
}

static void end_kernel(fixture *x, ir_op *op, int n, const ir_value_id *results) {
    ir_op_append(x->f, op->regions[0], IR_RETURN, n, results, 0, NULL);
}

/* A kernel applying one elementwise op: unary on in[0], or binary folded
 * over all operands (which share in[0]'s type). Returns its result. */
static ir_value_id elementwise(fixture *x, ir_opcode code, int nin, const ir_value_id *in) {
    ir_type t = x->f->values[in[0]].type;
    ir_value_id args[8];
    ir_op *op = begin_kernel(x, nin, in, 1, &t, args);
    ir_value_id acc = args[0];
    if (ir_op_kind_of(code) == IR_KIND_UNARY) acc = ir_op_append(x->f, op->regions[0], code, 1, &acc, 1, &t)->out[0];
    for (int k = 1; k < nin; k++)
        acc = ir_op_append(x->f, op->regions[0], code, 2, (ir_value_id[]){acc, args[k]}, 1, &t)->out[0];
    end_kernel(x, op, 1, &acc);
    return op->out[0];
}

/* A kernel transposing a 2-D operand: same size, but never in place. */
static ir_value_id transposed(fixture *x, ir_value_id in) {
    ir_type t = x->f->values[in].type, tt = t;
    tt.dims[0] = t.dims[1];
    tt.dims[1] = t.dims[0];
    ir_value_id arg;
    ir_op *op = begin_kernel(x, 1, &in, 1, &tt, &arg);
    ir_op *tr = ir_op_append(x->f, op->regions[0], IR_TRANSPOSE, 1, &arg, 1, &tt);
    fx_ints(&tr->a.dims, 2, 1, 0);
    end_kernel(x, op, 1, tr->out);
    return op->out[0];
}

/* A kernel with results of arbitrary types: each result adds up the
 * operands of its type, or is an iota when there are none (valid IR whatever
 * the types, so random graphs verify). */
static ir_op *mixing(fixture *x, int nin, const ir_value_id *in, int nout, const ir_type *out) {
    ir_value_id args[8], results[4];
    ir_op *op = begin_kernel(x, nin, in, nout, out, args);
    ir_block *region = op->regions[0];
    for (int r = 0; r < nout; r++) {
        ir_value_id acc = -1;
        for (int k = 0; k < nin; k++) {
            if (!ir_type_eq(&x->f->values[args[k]].type, &out[r])) continue;
            acc = acc < 0 ? args[k] : ir_op_append(x->f, region, IR_ADD, 2, (ir_value_id[]){acc, args[k]}, 1, &out[r])->out[0];
        }
        if (acc < 0) acc = ir_op_append(x->f, region, IR_IOTA, 0, NULL, 1, &out[r])->out[0];
        results[r] = acc;
    }
    end_kernel(x, op, nout, results);
    return op;
}

static ir_value_id mixed(fixture *x, int nin, const ir_value_id *in, ir_type out) {
    return mixing(x, nin, in, 1, &out)->out[0];
}

/* Returns the values, verifies the module and plans @main. */
static int finish_and_plan(fixture *x, int n, const ir_value_id *results, const plan_options *o, plan *p) {
    fx_return(x, n, results);
    int rc = ir_verify_module(x->m, &x->d);
    EXPECT_EQ_INT(rc, DIAG_OK);
    if (rc) {
        fprintf(stderr, "%s\n", x->d.msg);
        memset(p, 0, sizeof *p);
        return rc;
    }
    rc = plan_func(x->f, o, p, &x->d);
    if (rc) fprintf(stderr, "plan: %s\n", x->d.msg);
    return rc;
}

static size_t aligned(size_t bytes) { return (bytes + PLAN_ALIGN - 1) / PLAN_ALIGN * PLAN_ALIGN; }

/* ---- homes and copies --------------------------------------------------------------- */

TEST(homes_and_copies) {
    fixture x = fx_begin();
    ir_type t = ty(IR_F32, 1, 16);
    ir_value_id a = fx_param(&x, t), b = fx_param(&x, t);
    float ones[16] = {1};
    ir_value_id c = fx_const(&x, t, ones)->out[0];
    ir_value_id k = elementwise(&x, IR_ADD, 3, (ir_value_id[]){a, b, c});
    ir_value_id tmp = elementwise(&x, IR_NEGATE, 1, &k);
    ir_value_id k2 = elementwise(&x, IR_EXPONENTIAL, 1, &tmp);
    plan p;
    /* outputs: a param, k twice, a constant, k2 */
    EXPECT_EQ_INT(finish_and_plan(&x, 5, (ir_value_id[]){b, k, c, k, k2}, NULL, &p), DIAG_OK);
    EXPECT_EQ_INT(p.buf[a].home, PLAN_PARAM);
    EXPECT_EQ_INT(p.buf[b].index, 1);
    EXPECT_EQ_INT(p.buf[c].home, PLAN_CONSTANT);
    EXPECT_EQ_INT(p.buf[k].home, PLAN_OUTPUT);
    EXPECT_EQ_INT(p.buf[k].index, 1);
    EXPECT_EQ_INT(p.buf[k2].home, PLAN_OUTPUT);
    EXPECT_EQ_INT(p.buf[k2].index, 4);
    /* k2 = exp(tmp) is written in place over tmp, so tmp lives in k2's output buffer. */
    EXPECT_EQ_INT(p.buf[tmp].home, PLAN_OUTPUT);
    EXPECT_EQ_INT(p.buf[tmp].index, 4);
    EXPECT_EQ_INT(p.buf[tmp].in_place_of, -1);   /* k is an output, not an arena temp */
    EXPECT_EQ_INT(p.buf[k2].in_place_of, tmp);
    EXPECT_EQ_INT(p.ncopies, 3);
    EXPECT(p.copies[0].output == 0 && p.copies[0].from == b);
    EXPECT(p.copies[1].output == 2 && p.copies[1].from == c);
    EXPECT(p.copies[2].output == 3 && p.copies[2].from == k);
    EXPECT_EQ_INT(p.argument_bytes, 128);
    EXPECT_EQ_INT(p.output_bytes, 5 * 64);
    EXPECT_EQ_INT(p.alias_bytes, 0);
    EXPECT_EQ_INT(p.arena_bytes, 0);
    EXPECT_EQ_INT(p.nsteps, 5);
    EXPECT_EQ_INT(p.warning[0], 0);
    /* nested values have no home */
    const ir_op *kernel = x.f->body->ops[1];
    EXPECT_EQ_INT(p.buf[kernel->regions[0]->args[0]].home, PLAN_NONE);
    plan_free(&p);
    fx_end(&x);
}

/* ---- layers run block of rows by block (plan_chain.c) ------------------------------ */

/* A DOT kernel: tanh(h @ w), h [n, k], w [k, m]. */
static ir_value_id layer(fixture *x, ir_value_id h, ir_value_id w) {
    ir_type th = x->f->values[h].type, tw = x->f->values[w].type;
    ir_type t = ty(IR_F32, 2, th.dims[0], tw.dims[1]);
    ir_value_id args[2];
    ir_op *op = begin_kernel(x, 2, (ir_value_id[]){h, w}, 1, &t, args);
    op->a.fusion_kind = IR_FUSION_DOT;
    ir_op *dot = ir_op_append(x->f, op->regions[0], IR_DOT_GENERAL, 2, args, 1, &t);
    fx_ints(&dot->a.lhs_contract, 1, 1);
    fx_ints(&dot->a.rhs_contract, 1, 0);
    ir_op *act = ir_op_append(x->f, op->regions[0], IR_TANH, 1, dot->out, 1, &t);
    end_kernel(x, op, 1, act->out);
    return op->out[0];
}

/* Three layers over 2048 rows of 64 floats, the last returned: in fast
 * mode one chain, whose first two activations are PLAN_BLOCK, each in a
 * slot of 1024 rows (256 KiB of them), two slots as the second is written
 * while the first is read; the arena is those slots. Strict order makes
 * no chain: the dots are naive loops there, not gemms by rows. */
TEST(dot_layers_run_block_by_block_in_fast_mode) {
    for (int strict = 0; strict < 2; strict++) {
        fixture x = fx_begin();
        ir_value_id in = fx_param(&x, ty(IR_F32, 2, 2048, 64)), w = fx_param(&x, ty(IR_F32, 2, 64, 64));
        ir_value_id h1 = layer(&x, in, w), h2 = layer(&x, h1, w), h3 = layer(&x, h2, w);
        plan p;
        plan_options o = {.strict_order = strict};
        EXPECT_EQ_INT(finish_and_plan(&x, 1, &h3, &o, &p), DIAG_OK);
        if (strict) {
            EXPECT(!p.runs[0].chain && p.buf[h1].home != PLAN_BLOCK);
        } else {
            EXPECT(p.runs[0].chain && p.runs[1].chain && p.runs[2].chain);
            EXPECT_EQ_INT(p.runs[0].last, 2);
            EXPECT_EQ_INT(p.runs[0].rows, 2048);
            EXPECT_EQ_INT(p.runs[0].block, 1024);
            EXPECT_EQ_INT(p.buf[h1].home, PLAN_BLOCK);
            EXPECT_EQ_INT(p.buf[h2].home, PLAN_BLOCK);
            EXPECT_EQ_INT(p.buf[h3].home, PLAN_OUTPUT);
            EXPECT_EQ_INT(p.buf[h3].def, 0);   /* written from the chain's first step */
            EXPECT(p.slots[h1].offset != p.slots[h2].offset);
            EXPECT_EQ_INT(p.slots[h1].bytes, 1024 * 64 * 4);
            EXPECT_EQ_INT(p.arena_bytes, 2 * 1024 * 64 * 4);
            EXPECT_EQ_INT(p.scratch_bytes, 2 * 1024 * 64 * 4);
        }
        plan_free(&p);
        fx_end(&x);
    }
}

/* ---- chains ----------------------------------------------------------------------- */

/* p -> k1 -> ... -> kN, returned. Without in place, neighbours overlap: two
 * buffers; with it, the whole chain overwrites one buffer: the output's. */
static void plan_chain(int n, bool in_place, plan *p, fixture *x) {
    *x = fx_begin();
    ir_value_id v = fx_param(x, ty(IR_F32, 2, 32, 32));
    for (int k = 0; k < n; k++) v = in_place ? elementwise(x, IR_TANH, 1, &v) : transposed(x, v);
    EXPECT_EQ_INT(finish_and_plan(x, 1, &v, NULL, p), DIAG_OK);
}

/* Ten transposes t0..t9, t9 returned. Without the output buffer the arena
 * needs two buffers (t[k] and t[k+1] meet at step k+1); the output holds
 * nothing until step 9, so t7, t5, t3, t1 live there and the arena keeps
 * t0, t2, ..., t8 in one buffer. */
TEST(chain_without_in_place_uses_the_output_before_it_is_written) {
    fixture x;
    plan p;
    plan_chain(10, false, &p, &x);
    EXPECT_EQ_INT(p.arena_bytes, 4096);
    EXPECT_EQ_INT(p.lower_bound_bytes, 4096);
    EXPECT_EQ_INT(p.in_output_bytes, 4 * 4096);
    const ir_block *body = x.f->body;
    for (int s = 0; s < 9; s++) {
        const plan_buffer *b = &p.buf[body->ops[s]->out[0]];
        EXPECT_EQ_INT(b->home, s % 2 ? PLAN_IN_OUTPUT : PLAN_ARENA);
        EXPECT_EQ_INT(b->offset, 0);
        EXPECT_EQ_INT(b->in_place_of, -1);
    }
    EXPECT_EQ_INT(p.buf[body->ops[9]->out[0]].home, PLAN_OUTPUT);
    EXPECT_EQ_INT(p.temp_live[0], 4096);
    EXPECT_EQ_INT(p.temp_live[1], 4096);    /* t0 and t1 meet, t1 in the output */
    EXPECT_EQ_INT(p.temp_live[10], 0);      /* the return */
    plan_free(&p);
    fx_end(&x);
}

/* A result read by the kernel that writes the output cannot live in it. */
TEST(output_scratch_ends_before_the_output_is_written) {
    fixture x;
    plan p;
    plan_chain(2, false, &p, &x);   /* t0 is read by the kernel writing t1, the output */
    EXPECT_EQ_INT(p.buf[x.f->body->ops[0]->out[0]].home, PLAN_ARENA);
    EXPECT_EQ_INT(p.in_output_bytes, 0);
    plan_free(&p);
    fx_end(&x);
}

TEST(chain_in_place_lives_in_the_output) {
    fixture x;
    plan p;
    plan_chain(10, true, &p, &x);
    EXPECT_EQ_INT(p.arena_bytes, 0);
    EXPECT_EQ_INT(p.lower_bound_bytes, 0);
    for (int s = 0; s < 10; s++) {
        EXPECT_EQ_INT(p.buf[x.f->body->ops[s]->out[0]].home, PLAN_OUTPUT);
        EXPECT_EQ_INT(p.buf[x.f->body->ops[s]->out[0]].index, 0);
    }
    const ir_block *body = x.f->body;
    for (int s = 1; s < 9; s++) {   /* kernel s overwrites kernel s-1's result; the last one is an output */
        ir_value_id v = body->ops[s]->out[0], u = body->ops[s - 1]->out[0];
        EXPECT_EQ_INT(p.buf[v].in_place_of, u);
        EXPECT_EQ_INT(p.buf[v].offset, p.buf[u].offset);
    }
    EXPECT_EQ_INT(p.buf[body->ops[0]->out[0]].in_place_of, -1);   /* the parameter is not an arena temp */
    EXPECT_EQ_INT(p.buf[body->ops[9]->out[0]].home, PLAN_OUTPUT);
    plan_free(&p);
    fx_end(&x);
}

/* ---- a diamond, computed by hand ------------------------------------------------------ */

/* a = k(p) [A], b = k(a) [B], c = k(a) [C], d = k(b, c) returned.
 * Steps a@0 b@1 c@2 d@3 return@4; ranges a [0,2], b [1,3], c [2,3].
 * Live: s0 A, s1 A+B, s2 A+B+C, s3 B+C. */
TEST(diamond_live_bytes) {
    fixture x = fx_begin();
    ir_value_id p0 = fx_param(&x, ty(IR_F32, 1, 1000));
    ir_value_id a = mixed(&x, 1, &p0, ty(IR_F32, 1, 1024));   /* A = 4096 */
    ir_value_id b = mixed(&x, 1, &a, ty(IR_F32, 1, 100));     /* B = 400 -> 448 */
    ir_value_id c = mixed(&x, 1, &a, ty(IR_F64, 1, 300));     /* C = 2400 -> 2432 */
    ir_value_id d = mixed(&x, 2, (ir_value_id[]){b, c}, ty(IR_F32, 1, 7));
    plan p;
    EXPECT_EQ_INT(finish_and_plan(&x, 1, &d, NULL, &p), DIAG_OK);
    size_t A = 4096, B = 448, C = 2432;
    EXPECT_EQ_INT(p.temp_live[0], A);
    EXPECT_EQ_INT(p.temp_live[1], A + B);
    EXPECT_EQ_INT(p.temp_live[2], A + B + C);
    EXPECT_EQ_INT(p.temp_live[3], B + C);
    EXPECT_EQ_INT(p.temp_live[4], 0);
    EXPECT_EQ_INT(p.peak_step, 2);
    EXPECT_EQ_INT(p.lower_bound_bytes, A + B + C);
    EXPECT_EQ_INT(p.arena_bytes, A + B + C);
    EXPECT_EQ_INT(p.buf[b].bytes, 400);
    plan_free(&p);
    fx_end(&x);
}

/* The same diamond, elementwise: c overwrites a (a dies at c), and d, the
 * output, overwrites b, so b lives in the output buffer: one arena buffer. */
TEST(diamond_in_place) {
    fixture x = fx_begin();
    ir_value_id p0 = fx_param(&x, ty(IR_F32, 2, 32, 32));
    ir_value_id a = elementwise(&x, IR_NEGATE, 1, &p0);
    ir_value_id b = elementwise(&x, IR_EXPONENTIAL, 1, &a);
    ir_value_id c = elementwise(&x, IR_SINE, 1, &a);
    ir_value_id d = elementwise(&x, IR_ADD, 2, (ir_value_id[]){b, c});
    plan p;
    EXPECT_EQ_INT(finish_and_plan(&x, 1, &d, NULL, &p), DIAG_OK);
    EXPECT_EQ_INT(p.buf[b].in_place_of, -1);   /* a is still needed by c */
    EXPECT_EQ_INT(p.buf[c].in_place_of, a);
    EXPECT_EQ_INT(p.buf[d].in_place_of, b);
    EXPECT_EQ_INT(p.buf[b].home, PLAN_OUTPUT);
    EXPECT_EQ_INT(p.temp_live[1], 4096);
    EXPECT_EQ_INT(p.temp_live[2], 4096);
    EXPECT_EQ_INT(p.temp_live[3], 4096);
    EXPECT_EQ_INT(p.peak_step, 0);
    EXPECT_EQ_INT(p.lower_bound_bytes, 4096);
    EXPECT_EQ_INT(p.arena_bytes, 4096);
    plan_free(&p);
    fx_end(&x);
}

/* A kernel reading one value twice overwrites it only if both reads allow;
 * two results never take the same operand. */
TEST(in_place_needs_every_read_and_one_taker) {
    fixture x = fx_begin();
    ir_type t = ty(IR_F32, 2, 8, 8);
    ir_value_id p0 = fx_param(&x, t);
    ir_value_id a = elementwise(&x, IR_NEGATE, 1, &p0);
    /* k(a, a): argument 0 added, argument 1 transposed */
    ir_value_id args[2];
    ir_op *k = begin_kernel(&x, 2, (ir_value_id[]){a, a}, 1, &t, args);
    ir_op *tr = ir_op_append(x.f, k->regions[0], IR_TRANSPOSE, 1, &args[1], 1, &t);
    fx_ints(&tr->a.dims, 2, 1, 0);
    ir_op *add = ir_op_append(x.f, k->regions[0], IR_ADD, 2, (ir_value_id[]){args[0], tr->out[0]}, 1, &t);
    end_kernel(&x, k, 1, add->out);
    ir_value_id b = k->out[0];
    /* two results of one kernel over one dying operand */
    ir_op *two = mixing(&x, 1, &b, 2, (ir_type[]){t, t});
    ir_value_id r = elementwise(&x, IR_ADD, 2, two->out);
    plan p;
    EXPECT_EQ_INT(finish_and_plan(&x, 1, &r, NULL, &p), DIAG_OK);
    EXPECT_EQ_INT(p.buf[b].in_place_of, -1);
    EXPECT_EQ_INT(p.buf[two->out[0]].in_place_of, b);
    EXPECT_EQ_INT(p.buf[two->out[1]].in_place_of, -1);
    plan_free(&p);
    fx_end(&x);
}

/* ---- empty tensors ----------------------------------------------------------------- */

TEST(empty_tensors_take_no_space) {
    fixture x = fx_begin();
    ir_value_id p0 = fx_param(&x, ty(IR_F32, 2, 0, 4));
    ir_value_id a = elementwise(&x, IR_NEGATE, 1, &p0);
    ir_value_id b = elementwise(&x, IR_EXPONENTIAL, 1, &a);
    ir_value_id c = mixed(&x, 1, &b, ty(IR_F32, 1, 16));
    ir_value_id d = elementwise(&x, IR_NEGATE, 1, &c);
    plan p;
    EXPECT_EQ_INT(finish_and_plan(&x, 1, &d, NULL, &p), DIAG_OK);
    EXPECT_EQ_INT(p.buf[a].home, PLAN_ARENA);
    EXPECT_EQ_INT(p.buf[a].bytes, 0);
    EXPECT_EQ_INT(p.buf[a].offset, 0);
    EXPECT_EQ_INT(p.buf[b].in_place_of, -1);   /* nothing to save */
    EXPECT_EQ_INT(p.buf[c].home, PLAN_OUTPUT); /* d = neg(c) overwrites it in the output */
    EXPECT_EQ_INT(p.arena_bytes, 0);
    EXPECT_EQ_INT(p.lower_bound_bytes, 0);
    EXPECT_EQ_INT(p.temp_live[1], 0);
    EXPECT_EQ_INT(p.argument_bytes, 0);
    plan_free(&p);
    fx_end(&x);
}

/* Eight temporaries of 2^61 bytes add up past a 64-bit size_t. */
TEST(buffers_beyond_the_address_space_are_rejected) {
    fixture x = fx_begin();
    ir_value_id v = fx_param(&x, ty(IR_F64, 2, 1 << 29, 1 << 29));
    for (int k = 0; k < 9; k++) v = transposed(&x, v);
    plan p;
    fx_return(&x, 1, &v);
    EXPECT_EQ_INT(plan_func(x.f, NULL, &p, &x.d), DIAG_INVALID);
    EXPECT_CONTAINS(x.d.msg, "too large to plan");
    EXPECT(p.buf == NULL);
    fx_end(&x);
}

/* ---- donation ---------------------------------------------------------------------- */

TEST(donation_reuses_a_dead_parameter) {
    fixture x = fx_begin();
    ir_type t = ty(IR_F32, 2, 4, 4);
    ir_value_id w = fx_param(&x, t), g = fx_param(&x, t);
    /* w' = w + g: the kernel reads w last and may overwrite it in place */
    ir_value_id w2 = elementwise(&x, IR_ADD, 2, (ir_value_id[]){w, g});
    ir_value_id h = elementwise(&x, IR_NEGATE, 1, &g);   /* defined after g's last read */
    plan_options o = {.donated = 3, .strict_donation = true};
    plan p;
    EXPECT_EQ_INT(finish_and_plan(&x, 2, (ir_value_id[]){w2, h}, &o, &p), DIAG_OK);
    EXPECT_EQ_INT(p.buf[w2].home, PLAN_DONATED);
    EXPECT_EQ_INT(p.buf[h].home, PLAN_DONATED);
    EXPECT(p.buf[w2].index != p.buf[h].index);
    EXPECT_EQ_INT(p.alias_bytes, 128);
    EXPECT_EQ_INT(p.warning[0], 0);
    plan_free(&p);
    fx_end(&x);
}

/* w is read last by a transposing kernel, so its result cannot overwrite w;
 * w's only later result is the wrong size. */
static void build_unusable_donation(fixture *x, ir_value_id *results) {
    *x = fx_begin();
    ir_value_id v = fx_param(x, ty(IR_F32, 1, 3)), w = fx_param(x, ty(IR_F32, 2, 4, 4));
    (void)v;
    results[0] = transposed(x, w);
    results[1] = mixed(x, 1, &results[0], ty(IR_F32, 1, 5));
}

TEST(unusable_donation_strict_is_an_error) {
    fixture x;
    ir_value_id results[2];
    build_unusable_donation(&x, results);
    plan_options o = {.donated = 2, .strict_donation = true};
    plan p;
    fx_return(&x, 2, results);
    EXPECT_EQ_INT(plan_func(x.f, &o, &p, &x.d), DIAG_INVALID);
    EXPECT_CONTAINS(x.d.msg, "parameter 1 (tensor<4x4xf32>) was donated but no result of the same size can reuse its buffer");
    EXPECT(p.buf == NULL && p.temp_live == NULL && p.copies == NULL);
    fx_end(&x);
}

TEST(unusable_donation_is_a_warning) {
    fixture x;
    ir_value_id results[2];
    build_unusable_donation(&x, results);
    plan_options o = {.donated = 3};
    plan p;
    EXPECT_EQ_INT(finish_and_plan(&x, 2, results, &o, &p), DIAG_OK);
    EXPECT_CONTAINS(p.warning, "parameter 0 (tensor<3xf32>) was donated but no result of the same size");
    EXPECT_CONTAINS(p.warning, "; parameter 1 (tensor<4x4xf32>) was donated");
    EXPECT_EQ_INT(p.buf[results[0]].home, PLAN_OUTPUT);
    EXPECT_EQ_INT(p.alias_bytes, 0);
    plan_free(&p);
    fx_end(&x);
}

/* A parameter that is returned is read by the final copy: never reusable. */
TEST(returned_parameter_cannot_be_donated) {
    fixture x = fx_begin();
    ir_value_id a = fx_param(&x, ty(IR_F32, 1, 8));
    ir_value_id b = elementwise(&x, IR_NEGATE, 1, &a);
    plan_options o = {.donated = 1};
    plan p;
    EXPECT_EQ_INT(finish_and_plan(&x, 2, (ir_value_id[]){a, b}, &o, &p), DIAG_OK);
    EXPECT_EQ_INT(p.buf[b].home, PLAN_OUTPUT);
    EXPECT_CONTAINS(p.warning, "parameter 0 (tensor<8xf32>) was donated");
    plan_free(&p);
    fx_end(&x);
}

/* In result order, greedy would give parameter 0 the one result parameter
 * 1 can use: r0 (step 1) fits both, r1 (step 0, while b is live) only a. */
TEST(donation_finds_a_full_matching) {
    fixture x = fx_begin();
    ir_type t = ty(IR_F32, 1, 8);
    ir_value_id a = fx_param(&x, t), b = fx_param(&x, t);
    ir_value_id r1 = elementwise(&x, IR_NEGATE, 1, &a);
    ir_value_id r0 = elementwise(&x, IR_NEGATE, 1, &b);
    plan_options o = {.donated = 3, .strict_donation = true};
    plan p;
    EXPECT_EQ_INT(finish_and_plan(&x, 2, (ir_value_id[]){r0, r1}, &o, &p), DIAG_OK);
    EXPECT_EQ_INT(p.buf[r1].home, PLAN_DONATED);
    EXPECT_EQ_INT(p.buf[r1].index, 0);
    EXPECT_EQ_INT(p.buf[r0].home, PLAN_DONATED);
    EXPECT_EQ_INT(p.buf[r0].index, 1);
    EXPECT_EQ_INT(p.alias_bytes, 64);
    plan_free(&p);
    fx_end(&x);
}

TEST(donating_a_missing_parameter_is_an_error) {
    fixture x = fx_begin();
    ir_value_id a = fx_param(&x, ty(IR_F32, 1, 8));
    ir_value_id b = elementwise(&x, IR_NEGATE, 1, &a);
    fx_return(&x, 1, &b);
    plan_options o = {.donated = (uint64_t)1 << 5};
    plan p;
    EXPECT_EQ_INT(plan_func(x.f, &o, &p, &x.d), DIAG_INVALID);
    EXPECT_CONTAINS(x.d.msg, "parameter 5 was donated but @main has 1 parameters");
    fx_end(&x);
}

/* ---- the invariant checker ----------------------------------------------------------- */

TEST(checker_rejects_broken_plans) {
    fixture x;
    plan p;
    plan_chain(4, false, &p, &x);   /* t1 lives in the output buffer, t0 and t2 in the arena */
    const ir_block *body = x.f->body;
    ir_value_id k0 = body->ops[0]->out[0], k1 = body->ops[1]->out[0];
    EXPECT_EQ_INT(plan_check(x.f, &p, &x.d), DIAG_OK);
    EXPECT_EQ_INT(p.buf[k1].home, PLAN_IN_OUTPUT);
    p.buf[k1].offset = 64;                 /* past the output's 4096 bytes */
    EXPECT_EQ_INT(plan_check(x.f, &p, &x.d), DIAG_INVALID);
    EXPECT_CONTAINS(x.d.msg, "does not fit in output 0");
    p.buf[k1].offset = 0;
    p.buf[k1].last_use = 3;                /* still read when t3 is written there */
    EXPECT_EQ_INT(plan_check(x.f, &p, &x.d), DIAG_INVALID);
    EXPECT_CONTAINS(x.d.msg, "still live when output 0 is written");
    p.buf[k1].last_use = 2;
    p.buf[k1].home = PLAN_ARENA;           /* back in the arena, over t0 */
    p.arena_bytes = 2 * 4096;
    size_t saved = 4096;
    p.buf[k1].offset = p.buf[k0].offset;   /* live together, same bytes */
    EXPECT_EQ_INT(plan_check(x.f, &p, &x.d), DIAG_INVALID);
    EXPECT_CONTAINS(x.d.msg, "internal error");
    EXPECT_CONTAINS(x.d.msg, "overlapping arena bytes");
    p.buf[k1].offset = saved + 8;
    EXPECT_EQ_INT(plan_check(x.f, &p, &x.d), DIAG_INVALID);
    EXPECT_CONTAINS(x.d.msg, "misaligned");
    p.buf[k1].offset = p.arena_bytes;
    EXPECT_EQ_INT(plan_check(x.f, &p, &x.d), DIAG_INVALID);
    EXPECT_CONTAINS(x.d.msg, "past the arena");
    p.buf[k1].offset = saved;
    p.buf[k1].in_place_of = k0;            /* k0 is still read after k1's step */
    EXPECT_EQ_INT(plan_check(x.f, &p, &x.d), DIAG_INVALID);
    EXPECT_CONTAINS(x.d.msg, "in place");
    plan_free(&p);
    fx_end(&x);
}

/* ---- random DAGs ------------------------------------------------------------------- */

static uint64_t rng_state;
static unsigned rnd(unsigned n) {
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(rng_state >> 33) % n;
}

static ir_type random_type(void) {
    static const int sizes[] = {16, 100, 256, 1000, 1024, 3000, 4096, 10000};
    if (rnd(4) == 0) return ty(IR_F32, 1, 1 + (int)rnd(5000));
    return ty(rnd(5) ? IR_F32 : IR_F64, 1, sizes[rnd(8)]);
}

/* An operand: a recent value most of the time, any earlier one otherwise. */
static ir_value_id pick(const ir_value_id *pool, int n) {
    return rnd(3) ? pool[n - 1 - (int)rnd(n < 4 ? (unsigned)n : 4)] : pool[rnd((unsigned)n)];
}

/* Parameters, a constant sometimes, 3-60 kernels of fan-in 1-3 and 1-2
 * results (half of them of their first operand's type, so in place applies),
 * and 1-3 returned values. */
static void build_random(fixture *x) {
    ir_value_id pool[256];
    int n = 0, nparams = 1 + (int)rnd(3), nkernels = 3 + (int)rnd(58);
    for (int i = 0; i < nparams; i++) pool[n++] = fx_param(x, random_type());
    if (rnd(3) == 0) {
        static const float zeros[16];
        pool[n++] = fx_const(x, ty(IR_F32, 1, 16), zeros)->out[0];
    }
    for (int k = 0; k < nkernels; k++) {
        ir_value_id in[3];
        ir_type out[2];
        int nin = 1 + (int)rnd(3), nout = rnd(6) ? 1 : 2;
        for (int i = 0; i < nin; i++) in[i] = pick(pool, n);
        for (int r = 0; r < nout; r++) out[r] = rnd(2) ? x->f->values[in[0]].type : random_type();
        ir_op *op = mixing(x, nin, in, nout, out);
        for (int r = 0; r < nout; r++) pool[n++] = op->out[r];
    }
    ir_value_id results[3];
    int nres = 1 + (int)rnd(3);
    for (int j = 0; j < nres; j++) results[j] = pick(pool, n);
    fx_return(x, nres, results);
}

/* Independently of plan_check: every pair of arena values live at a common
 * step is apart in the arena, or is a value and the operand it overwrote. */
static void expect_no_overlap(const ir_func *f, const plan *p) {
    for (int u = 0; u < p->nvalues; u++) {
        const plan_buffer *a = &p->buf[u];
        if (a->home != PLAN_ARENA || !a->bytes) continue;
        EXPECT(a->offset % PLAN_ALIGN == 0 && a->offset + aligned(a->bytes) <= p->arena_bytes);
        for (int v = u + 1; v < p->nvalues; v++) {
            const plan_buffer *b = &p->buf[v];
            if (b->home != PLAN_ARENA || !b->bytes || a->def > b->last_use || b->def > a->last_use) continue;
            bool apart = a->offset + aligned(a->bytes) <= b->offset || b->offset + aligned(b->bytes) <= a->offset;
            bool pair = a->in_place_of == v || b->in_place_of == u;
            if (!apart && !pair) {
                fprintf(stderr, "@%s: values %d and %d overlap\n", f->name, u, v);
                testing_failed_checks++;
                return;
            }
        }
    }
}

/* Independently of plan_func: the peak over steps of live arena bytes, a
 * value written in place at s not counted again at s. */
static size_t brute_lower_bound(const plan *p) {
    size_t peak = 0;
    for (int s = 0; s < p->nsteps; s++) {
        size_t live = 0;
        for (int v = 0; v < p->nvalues; v++) {
            const plan_buffer *b = &p->buf[v];
            if (b->home != PLAN_ARENA || b->def > s || b->last_use < s) continue;
            if (!(b->in_place_of >= 0 && b->def == s)) live += aligned(b->bytes);
        }
        if (live > peak) peak = live;
    }
    return peak;
}

TEST(random_dags_pack_near_the_lower_bound) {
    rng_state = 12345;
    double worst = 1, sum = 0;
    int measured = 0, at_bound = 0, shared = 0;
    for (int g = 0; g < 200; g++) {
        fixture x = fx_begin();
        build_random(&x);
        EXPECT_EQ_INT(ir_verify_module(x.m, &x.d), DIAG_OK);
        plan p;
        int rc = plan_func(x.f, NULL, &p, &x.d);
        EXPECT_EQ_INT(rc, DIAG_OK);
        if (rc) {
            fprintf(stderr, "graph %d: %s\n", g, x.d.msg);
            fx_end(&x);
            continue;
        }
        expect_no_overlap(x.f, &p);
        EXPECT_EQ_INT(p.lower_bound_bytes, brute_lower_bound(&p));
        EXPECT(p.arena_bytes >= p.lower_bound_bytes);
        for (int v = 0; v < p.nvalues; v++) shared += p.buf[v].in_place_of >= 0;
        if (p.lower_bound_bytes) {
            double ratio = (double)p.arena_bytes / (double)p.lower_bound_bytes;
            if (ratio > worst) worst = ratio;
            sum += ratio;
            measured++;
            at_bound += p.arena_bytes == p.lower_bound_bytes;
        }
        plan_free(&p);
        fx_end(&x);
    }
    double mean = measured ? sum / measured : 1;
    printf("random DAGs: %d with temporaries, arena/lower bound mean %.4f worst %.4f, %d at the bound, "
           "%d in-place results\n", measured, mean, worst, at_bound, shared);
    EXPECT(mean <= 1.05);
    EXPECT(shared > 0);
}

/* ---- scale --------------------------------------------------------------------------- */

/* 10^4 kernels over a wide random DAG plan quickly (O(n^2) at worst). */
TEST(ten_thousand_kernels_plan_quickly) {
    rng_state = 99;
    fixture x = fx_begin();
    enum { N = 10000 };
    ir_value_id *pool = malloc(sizeof *pool * (N + 4));
    int n = 0;
    for (int i = 0; i < 4; i++) pool[n++] = fx_param(&x, random_type());
    for (int k = 0; k < N; k++) {
        ir_value_id in[2] = {pick(pool, n), pick(pool, n)};
        ir_type out = rnd(2) ? x.f->values[in[0]].type : random_type();
        pool[n++] = mixed(&x, 2, in, out);
    }
    fx_return(&x, 1, &pool[n - 1]);
    plan p;
    clock_t start = clock();
    EXPECT_EQ_INT(plan_func(x.f, NULL, &p, &x.d), DIAG_OK);
    double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
    printf("10^4 kernels: planned in %.3f s, arena %zu, lower bound %zu\n", seconds, p.arena_bytes,
           p.lower_bound_bytes);
    EXPECT(seconds < 2.0);   /* generous: debug and sanitizer builds run this too */
    plan_free(&p);
    free(pool);
    fx_end(&x);
}

/* ---- allocation failures ------------------------------------------------------------ */

TEST(every_allocation_failure_is_reported) {
    fixture x = fx_begin();
    ir_type t = ty(IR_F32, 2, 4, 4);
    ir_value_id w = fx_param(&x, t), g = fx_param(&x, t);
    ir_value_id a = elementwise(&x, IR_ADD, 2, (ir_value_id[]){w, g});
    ir_value_id b = transposed(&x, a);
    ir_value_id c = elementwise(&x, IR_NEGATE, 1, &b);
    fx_return(&x, 3, (ir_value_id[]){c, g, c});
    plan_options o = {.donated = 1};
    int failures = 0;
    for (long n = 1; n < 100; n++) {
        plan p;
        mem_fail_after(n);
        int rc = plan_func(x.f, &o, &p, &x.d);
        mem_fail_after(0);
        if (rc == DIAG_OK) {
            EXPECT_EQ_INT(p.buf[c].home, PLAN_DONATED);
            plan_free(&p);
            break;
        }
        EXPECT_EQ_INT(rc, DIAG_NOMEM);
        EXPECT(p.buf == NULL && p.copies == NULL && p.temp_live == NULL);
        failures++;
    }
    EXPECT(failures >= 8);
    fx_end(&x);
}

int main(void) {
    RUN(homes_and_copies);
    RUN(dot_layers_run_block_by_block_in_fast_mode);
    RUN(chain_without_in_place_uses_the_output_before_it_is_written);
    RUN(output_scratch_ends_before_the_output_is_written);
    RUN(chain_in_place_lives_in_the_output);
    RUN(diamond_live_bytes);
    RUN(diamond_in_place);
    RUN(in_place_needs_every_read_and_one_taker);
    RUN(empty_tensors_take_no_space);
    RUN(buffers_beyond_the_address_space_are_rejected);
    RUN(donation_reuses_a_dead_parameter);
    RUN(unusable_donation_strict_is_an_error);
    RUN(unusable_donation_is_a_warning);
    RUN(returned_parameter_cannot_be_donated);
    RUN(donation_finds_a_full_matching);
    RUN(donating_a_missing_parameter_is_an_error);
    RUN(checker_rejects_broken_plans);
    RUN(random_dags_pack_near_the_lower_bound);
    RUN(ten_thousand_kernels_plan_quickly);
    RUN(every_allocation_failure_is_reported);
    return TESTS_DONE();
}
