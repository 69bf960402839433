/* Tests of the scheduler (src/schedule). Graphs are made of opaque kernels
 * ("nodes": a loop fusion reading its operands and writing an f32 vector
 * of a chosen length), which is what the scheduler sees after fusion.
 * Every peak below counts temporaries (see schedule.h) in bytes. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "analysis/liveness.h"
#include "eval/eval.h"
#include "program_fixture.h"
#include "schedule/schedule.h"

/* ---- building graphs --------------------------------------------------------------- */

static ir_type vec(int64_t n) { return ir_type_make(IR_F32, 1, &n); }

/* A kernel reading in[0..nin) and writing `elems` floats (an iota). */
static ir_value_id node(ir_func *f, int nin, const ir_value_id *in, int64_t elems) {
    ir_type t = vec(elems);
    ir_op *op = ir_op_append(f, f->body, IR_FUSION, nin, in, 1, &t);
    op->a.fusion_kind = IR_FUSION_LOOP;
    ir_block *r = ir_op_add_region(op);
    for (int i = 0; i < nin; i++) {
        ir_type a = f->values[in[i]].type;
        ir_block_add_arg(f, r, &a);
    }
    ir_op *iota = ir_op_append(f, r, IR_IOTA, 0, NULL, 1, &t);
    ir_op_append(f, r, IR_RETURN, 1, iota->out, 0, NULL);
    return op->out[0];
}

#define NODE(f, elems, ...) node(f, (int)(sizeof((ir_value_id[]){__VA_ARGS__}) / sizeof(ir_value_id)), \
                                 (ir_value_id[]){__VA_ARGS__}, elems)

static void finish(ir_func *f, int n, const ir_value_id *results) {
    ir_type types[8];
    for (int i = 0; i < n; i++) types[i] = f->values[results[i]].type;
    ir_op_append(f, f->body, IR_RETURN, n, results, 0, NULL);
    ir_func_set_results(f, n, types);
}

static ir_value_id param(ir_func *f, int64_t elems) {
    ir_type t = vec(elems);
    return ir_block_add_arg(f, f->body, &t);
}

/* The peaks of f's current order, as analysis/liveness.h counts them. */
static size_t peak_of(const ir_func *f, bool temporaries) {
    live_range *r = live_ranges(f);
    size_t peak = live_peak(f, r, temporaries ? schedule_is_temporary : NULL, NULL, NULL);
    mem_free(r);
    return peak;
}

/* Schedules a copy of m's main with the given strategies; the copy must
 * verify (so the order is topological), report what liveness counts and
 * compute what m computes. */
static schedule_result schedule_copy(const ir_module *m, unsigned strategies, const char *what) {
    ir_module *c = ir_module_clone(m);
    ir_func *f = ir_module_entry(c);
    schedule_result r = {0};
    diag d = {0};
    int rc = schedule_func_with(f, strategies, &r, &d);
    if (rc) fprintf(stderr, "%s: %s\n", what, d.msg);
    EXPECT_EQ_INT(rc, DIAG_OK);
    rc = ir_verify_module(c, &d);
    if (rc) fprintf(stderr, "%s: %s\n", what, d.msg);
    EXPECT_EQ_INT(rc, DIAG_OK);
    EXPECT_EQ_INT(r.temp_peak_bytes, peak_of(f, true));
    EXPECT_EQ_INT(r.peak_bytes, peak_of(f, false));
    EXPECT(f->body->ops[f->body->nops - 1]->code == IR_RETURN);
    EXPECT(pf_same_results(m, c, 1, what));
    ir_module_free(c);
    return r;
}

/* ---- tests ----------------------------------------------------------------------------- */

/* x (256 floats) -> a, b (256 each); sa = f(a), sb = f(b) (1 each);
 * r = f(sa, sb), returned. Temporaries: a, b (1024 B), sa, sb (4 B).
 *   source  a b sa sb r: at sa, a + b + sa live = 2052
 *   best    a sa b sb r: a + sa = 1028, then sa + b + sb = 1032 */
static ir_module *two_reductions(void) {
    ir_module *m = ir_module_new();
    ir_func *f = ir_func_new(m, "main");
    ir_value_id x = param(f, 256);
    ir_value_id a = NODE(f, 256, x), b = NODE(f, 256, x);
    ir_value_id sa = NODE(f, 1, a), sb = NODE(f, 1, b);
    ir_value_id r = NODE(f, 1, sa, sb);
    finish(f, 1, &r);
    return m;
}

TEST(a_bad_source_order_is_improved) {
    ir_module *m = two_reductions();
    schedule_result src = schedule_copy(m, SCHEDULE_SOURCE, "source");
    EXPECT_EQ_INT(src.temp_peak_bytes, 2052);
    EXPECT(strcmp(src.strategy, "source") == 0);
    schedule_result dfs = schedule_copy(m, SCHEDULE_DFS, "dfs");
    EXPECT_EQ_INT(dfs.temp_peak_bytes, 1032);
    schedule_result list = schedule_copy(m, SCHEDULE_LIST, "list");
    EXPECT_EQ_INT(list.temp_peak_bytes, 1032);
    schedule_result exact = schedule_copy(m, SCHEDULE_EXACT, "exact");
    EXPECT_EQ_INT(exact.temp_peak_bytes, 1032);
    schedule_result all = schedule_copy(m, SCHEDULE_ALL, "all");
    EXPECT_EQ_INT(all.temp_peak_bytes, 1032);
    EXPECT(strcmp(all.strategy, "dfs") == 0);   /* the first of the tied winners */
    printf("two reductions: source %zu, dfs %zu, list %zu, exact %zu -> %s\n", src.temp_peak_bytes,
           dfs.temp_peak_bytes, list.temp_peak_bytes, exact.temp_peak_bytes, all.strategy);
    ir_module_free(m);
}

TEST(a_good_source_order_wins_ties) {
    /* A chain x -> a -> b -> c: one order only. */
    ir_module *m = ir_module_new();
    ir_func *f = ir_func_new(m, "main");
    ir_value_id x = param(f, 8);
    ir_value_id c = NODE(f, 8, NODE(f, 16, NODE(f, 32, x)));
    finish(f, 1, &c);
    schedule_result r = schedule_copy(m, SCHEDULE_ALL, "chain");
    EXPECT(strcmp(r.strategy, "source") == 0);
    EXPECT_EQ_INT(r.temp_peak_bytes, 32 * 4 + 16 * 4);   /* a and b while b is written */
    ir_module_free(m);
}

/* Where both greedy orders go wrong: kernels whose results nobody reads
 * (v3, v4: written, then dead at once) must run while little else is
 * live. Temporaries in bytes: v1 20, v2 32, v3 32, v4 32, v5 24; v6 is
 * returned. v1, v2 read x; v3 reads v2; v4 reads v1; v5 reads v2; v6
 * reads v5 and v1.
 *   source v1 v2 v3 v4 v5 v6: at v3, v1 + v2 + v3 = 84
 *   dfs    v2 v5 v1 v6 v3 v4 (deepest sink first): at v3, v2 + v1 + v3 = 84
 *   list   v1 v2 v5 v6 v3 v4 (best gain first):    at v3, v1 + v2 + v3 = 84
 *   exact  v2 v3 v5 v1 v6 v4: v2 + v3 = 64, then 56, 44, 44, v1 + v4 = 52;
 *          64 is the least (v3 needs v2 live beside it). */
static ir_module *trap(void) {
    ir_module *m = ir_module_new();
    ir_func *f = ir_func_new(m, "main");
    ir_value_id x = param(f, 1);
    ir_value_id v1 = NODE(f, 5, x), v2 = NODE(f, 8, x);
    NODE(f, 8, x, v2);
    NODE(f, 8, x, v1);
    ir_value_id v5 = NODE(f, 6, v2);
    ir_value_id v6 = NODE(f, 3, v5, v1);
    finish(f, 1, &v6);
    return m;
}

TEST(exact_search_beats_the_greedy_orders) {
    ir_module *m = trap();
    EXPECT_EQ_INT(schedule_copy(m, SCHEDULE_SOURCE, "trap source").temp_peak_bytes, 84);
    EXPECT_EQ_INT(schedule_copy(m, SCHEDULE_DFS, "trap dfs").temp_peak_bytes, 84);
    EXPECT_EQ_INT(schedule_copy(m, SCHEDULE_LIST, "trap list").temp_peak_bytes, 84);
    EXPECT_EQ_INT(schedule_copy(m, SCHEDULE_EXACT, "trap exact").temp_peak_bytes, 64);
    schedule_result all = schedule_copy(m, SCHEDULE_ALL, "trap all");
    EXPECT_EQ_INT(all.temp_peak_bytes, 64);
    EXPECT(strcmp(all.strategy, "exact") == 0);
    ir_module_free(m);
}

/* A random DAG of n nodes: each reads one to three earlier values (or the
 * parameter), sizes from 1 to 64 floats; the last few are returned. */
static ir_module *random_graph(uint64_t seed, int n) {
    ir_module *m = ir_module_new();
    ir_func *f = ir_func_new(m, "main");
    uint64_t s = seed * 0x9E3779B97F4A7C15u + 7;
    ir_value_id v[512];
    int nv = 0;
    v[nv++] = param(f, 4);
    for (int i = 0; i < n; i++) {
        int nin = 1 + (int)(pf_random(&s) % 3);
        ir_value_id in[3];
        for (int k = 0; k < nin; k++) in[k] = v[nv - 1 - (int)(pf_random(&s) % (uint64_t)(nv < 6 ? nv : 6))];
        v[nv++] = node(f, nin, in, 1 + (int64_t)(pf_random(&s) % 64));
    }
    ir_value_id results[2] = {v[nv - 1], v[nv - 2]};
    finish(f, nv > 2 ? 2 : 1, results);
    return m;
}

TEST(exact_wins_or_ties_on_random_small_graphs) {
    int strict = 0, graphs = 0;
    const char *winners[4] = {"source", "dfs", "list", "exact"};
    int wins[4] = {0};
    for (uint64_t seed = 1; seed <= 60; seed++) {
        ir_module *m = random_graph(seed, 6 + (int)(seed % 13));
        size_t exact = schedule_copy(m, SCHEDULE_EXACT, "random exact").temp_peak_bytes;
        size_t best_greedy = SIZE_MAX;
        unsigned greedy[] = {SCHEDULE_SOURCE, SCHEDULE_DFS, SCHEDULE_LIST};
        for (int k = 0; k < 3; k++) {
            size_t p = schedule_copy(m, greedy[k], "random greedy").temp_peak_bytes;
            EXPECT(exact <= p);
            if (p < best_greedy) best_greedy = p;
        }
        strict += exact < best_greedy;
        schedule_result all = schedule_copy(m, SCHEDULE_ALL, "random all");
        EXPECT_EQ_INT(all.temp_peak_bytes, exact);
        for (int k = 0; k < 4; k++) wins[k] += strcmp(all.strategy, winners[k]) == 0;
        graphs++;
        ir_module_free(m);
    }
    printf("%d random graphs: exact strictly better than every greedy order on %d; chosen: source %d, dfs %d, "
           "list %d, exact %d\n", graphs, strict, wins[0], wins[1], wins[2], wins[3]);
    EXPECT(strict > 0);
}

TEST(checks_keep_their_order_and_follow_their_operands) {
    ir_module *m = ir_module_new();
    ir_func *f = ir_func_new(m, "main");
    ir_value_id x = param(f, 4);
    ir_value_id a = NODE(f, 64, x), b = NODE(f, 64, x);
    ir_op *c1 = ir_op_append(f, f->body, IR_CHECK_EQ, 2, (ir_value_id[]){b, b}, 0, NULL);
    ir_op *c2 = ir_op_append(f, f->body, IR_CHECK_EQ, 2, (ir_value_id[]){a, a}, 0, NULL);
    ir_value_id r = NODE(f, 1, a, b);
    finish(f, 1, &r);
    ir_module *c = ir_module_clone(m);
    ir_func *g = ir_module_entry(c);
    diag d = {0};
    EXPECT_EQ_INT(schedule_func(g, NULL, &d), DIAG_OK);
    EXPECT_EQ_INT(ir_verify_module(c, &d), DIAG_OK);
    int first = -1, second = -1;
    for (int i = 0; i < g->body->nops; i++) {
        const ir_op *op = g->body->ops[i];
        if (op->code != IR_CHECK_EQ) continue;
        if (op->in[0] == c1->in[0]) first = i;
        else if (op->in[0] == c2->in[0]) second = i;
    }
    EXPECT(first >= 0 && second > first);
    EXPECT(pf_same_results(m, c, 1, "checks"));
    ir_module_free(c);
    ir_module_free(m);
}

TEST(constants_go_right_before_their_first_reader) {
    ir_module *m = ir_module_new();
    ir_func *f = ir_func_new(m, "main");
    ir_value_id x = param(f, 4);
    ir_type t = vec(100);
    ir_op *k = ir_op_append(f, f->body, IR_CONSTANT, 0, NULL, 1, &t);
    k->a.data = mem_calloc(100, sizeof(float));
    ir_value_id a = NODE(f, 4, x), b = NODE(f, 4, a), c = NODE(f, 4, b, k->out[0]);
    finish(f, 1, &c);
    ir_module *cl = ir_module_clone(m);
    ir_func *g = ir_module_entry(cl);
    diag d = {0};
    EXPECT_EQ_INT(schedule_func(g, NULL, &d), DIAG_OK);
    EXPECT_EQ_INT(g->body->ops[2]->code, IR_CONSTANT);   /* a, b, the constant, c, return */
    EXPECT_EQ_INT(g->body->ops[3]->out[0], c);
    ir_module_free(cl);
    ir_module_free(m);
}

TEST(ten_thousand_ops_schedule_quickly) {
    /* A wide, deep random graph: every strategy but the exact one runs. */
    ir_module *m = ir_module_new();
    ir_func *f = ir_func_new(m, "main");
    uint64_t s = 42;
    enum { N = 10000 };
    static ir_value_id v[N + 1];
    v[0] = param(f, 4);
    for (int i = 1; i <= N; i++) {
        ir_value_id in[2] = {v[i - 1 - (int)(pf_random(&s) % (uint64_t)(i < 50 ? i : 50))],
                             v[(int)(pf_random(&s) % (uint64_t)i)]};
        v[i] = node(f, 2, in, 1 + (int64_t)(pf_random(&s) % 16));
    }
    finish(f, 1, &v[N]);
    clock_t start = clock();
    schedule_result r;
    diag d = {0};
    EXPECT_EQ_INT(schedule_func(f, &r, &d), DIAG_OK);
    double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
    printf("10000 ops: %.2f s, temp peak %zu bytes (%s)\n", seconds, r.temp_peak_bytes, r.strategy);
    EXPECT(seconds < 10);
    EXPECT_EQ_INT(ir_verify_module(m, &d), DIAG_OK);
    ir_module_free(m);
}

TEST(allocation_failures_leave_the_order_alone) {
    ir_module *m = trap();
    ir_func *f = ir_module_entry(m);
    ir_op *before[32];
    int nops = f->body->nops;
    memcpy(before, f->body->ops, (size_t)nops * sizeof *before);
    int succeeded_at = 0;
    for (long n = 1; n < 10000 && !succeeded_at; n++) {
        size_t live = mem_live_bytes();
        diag d = {0};
        mem_fail_after(n);
        int rc = schedule_func(f, NULL, &d);
        mem_fail_after(0);
        EXPECT_EQ_INT(mem_live_bytes(), live);
        if (rc == DIAG_OK) {
            succeeded_at = (int)n;
        } else {
            EXPECT_EQ_INT(rc, DIAG_NOMEM);
            EXPECT(memcmp(before, f->body->ops, (size_t)nops * sizeof *before) == 0);
        }
    }
    EXPECT(succeeded_at > 5);
    ir_module_free(m);
}

TEST(an_empty_body_and_a_bad_one) {
    ir_module *m = ir_module_new();
    ir_func *f = ir_func_new(m, "main");
    ir_value_id x = param(f, 4);
    finish(f, 1, &x);
    schedule_result r;
    diag d = {0};
    EXPECT_EQ_INT(schedule_func(f, &r, &d), DIAG_OK);
    EXPECT(strcmp(r.strategy, "source") == 0);
    ir_func *g = ir_func_new(m, "no_return");
    EXPECT_EQ_INT(schedule_func(g, &r, &d), DIAG_INVALID);
    ir_module_free(m);
}

int main(void) {
    RUN(a_bad_source_order_is_improved);
    RUN(a_good_source_order_wins_ties);
    RUN(exact_search_beats_the_greedy_orders);
    RUN(exact_wins_or_ties_on_random_small_graphs);
    RUN(checks_keep_their_order_and_follow_their_operands);
    RUN(constants_go_right_before_their_first_reader);
    RUN(ten_thousand_ops_schedule_quickly);
    RUN(allocation_failures_leave_the_order_alone);
    RUN(an_empty_body_and_a_bad_one);
    return TESTS_DONE();
}
