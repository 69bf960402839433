/* Tests of arrays for users and of aj_jit: zero-copy wrapping, donation
 * and the error on reusing a donated array, tracing once per signature
 * (shapes, dtypes, static arguments), cached calls that allocate only
 * their outputs, and calls from several threads. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arrayjit.h"
#include "testing.h"

static const int64_t dims4[1] = {4};

/* results[0] = inputs[0] * k + inputs[1] (k: the static argument, a float;
 * without one, k = 1 and the product is skipped). Any shape. */
static aj_status scale_add(aj_builder *b, int nin, const aj_value *x, const void *static_args,
                           size_t static_size, void *user, int nout, aj_value *results) {
    (void)user;
    if (nin != 2 || nout != 1) return AJ_ERR_INVALID;
    aj_value y = x[0];
    if (static_size == sizeof(float)) {
        aj_dtype dt;
        int rank;
        int64_t dims[AJ_MAX_RANK], map[AJ_MAX_RANK];
        aj_value k, kb;
        aj_value_type(b, x[0], &dt, &rank, dims);
        aj_constant(b, AJ_F32, 0, NULL, static_args, &k);
        aj_broadcast_in_dim(b, k, rank, dims, map, &kb);
        aj_binary(b, AJ_MULTIPLY, x[0], kb, &y);
    }
    return aj_binary(b, AJ_ADD, y, x[1], &results[0]);
}

/* y = x * 2: its output can live in its donated input. */
static aj_status twice(aj_builder *b, int nin, const aj_value *x, const void *static_args,
                       size_t static_size, void *user, int nout, aj_value *results) {
    (void)nin, (void)static_args, (void)static_size, (void)user, (void)nout;
    return aj_binary(b, AJ_ADD, x[0], x[0], &results[0]);
}

TEST(wrapped_arrays_are_the_callers_memory) {
    float xs[4] = {1, 2, 3, 4}, ys[4] = {10, 20, 30, 40}, zs[4] = {0};
    aj_array *in[2], *out;
    EXPECT_EQ_INT(aj_array_wrap(AJ_F32, 1, dims4, xs, &in[0]), AJ_OK);
    EXPECT_EQ_INT(aj_array_wrap(AJ_F32, 1, dims4, ys, &in[1]), AJ_OK);
    EXPECT_EQ_INT(aj_array_wrap(AJ_F32, 1, dims4, zs, &out), AJ_OK);
    EXPECT(aj_array_data(in[0]) == xs);
    aj_jit *j;
    EXPECT_EQ_INT(aj_jit_create(scale_add, NULL, NULL, &j), AJ_OK);
    aj_array *res;
    EXPECT_EQ_INT(aj_jit_call(j, 2, in, NULL, 0, 1, &res), AJ_OK);
    xs[0] = 100;   /* read in place: the next call sees it */
    aj_array_destroy(res);
    EXPECT_EQ_INT(aj_jit_call(j, 2, in, NULL, 0, 1, &res), AJ_OK);
    EXPECT(((float *)aj_array_data(res))[0] == 110);
    aj_array_destroy(res);
    /* And written in place: run_into a wrapped output. */
    aj_module *m;
    aj_builder *b;
    aj_value p[2], r;
    aj_module_create(&m);
    aj_builder_begin(m, "main", &b);
    aj_param(b, AJ_F32, 1, dims4, &p[0]);
    aj_param(b, AJ_F32, 1, dims4, &p[1]);
    scale_add(b, 2, p, NULL, 0, NULL, 1, &r);
    EXPECT_EQ_INT(aj_builder_finish(b, 1, &r), AJ_OK);
    aj_executable *e;
    aj_compile_options once = {.no_memory_cache = 1};
    EXPECT_EQ_INT(aj_compile(m, "main", &once, &e), AJ_OK);
    EXPECT_EQ_INT(aj_executable_run_into(e, 2, in, 1, &out), AJ_OK);
    EXPECT(zs[0] == 110 && zs[3] == 44);
    aj_executable_destroy(e);
    aj_module_destroy(m);
    aj_jit_destroy(j);
    aj_array_destroy(in[0]), aj_array_destroy(in[1]), aj_array_destroy(out);
    EXPECT(xs[1] == 2);   /* destroying a wrapper leaves the memory alone */
}

TEST(a_donated_input_gives_its_buffer_and_cannot_be_reused) {
    aj_compile_options o = {.donate = 1, .strict_donation = 1, .no_memory_cache = 1};
    aj_jit *j;
    EXPECT_EQ_INT(aj_jit_create(twice, NULL, &o, &j), AJ_OK);
    aj_array *x, *y, *z;
    EXPECT_EQ_INT(aj_array_create(AJ_F32, 1, dims4, &x), AJ_OK);
    float *buf = aj_array_data(x);
    for (int i = 0; i < 4; i++) buf[i] = (float)i;
    EXPECT_EQ_INT(aj_jit_call(j, 1, &x, NULL, 0, 1, &y), AJ_OK);
    EXPECT(aj_array_data(y) == buf);    /* the output is the input's buffer */
    EXPECT(buf[3] == 6);
    EXPECT_EQ_INT(aj_jit_call(j, 1, &x, NULL, 0, 1, &z), AJ_ERR_INVALID);
    EXPECT_CONTAINS(aj_last_error(), "argument 0 was donated");
    EXPECT_EQ_INT(aj_jit_call(j, 1, &y, NULL, 0, 1, &z), AJ_OK);   /* the output donates on */
    EXPECT(aj_array_data(z) == buf && buf[3] == 12);
    /* The same error from the executable itself. */
    aj_module *m;
    aj_builder *b;
    aj_value p, r;
    aj_module_create(&m);
    aj_builder_begin(m, "main", &b);
    aj_param(b, AJ_F32, 1, dims4, &p);
    twice(b, 1, &p, NULL, 0, NULL, 1, &r);
    aj_builder_finish(b, 1, &r);
    aj_executable *e;
    EXPECT_EQ_INT(aj_compile(m, "main", &o, &e), AJ_OK);
    aj_array *w;
    EXPECT_EQ_INT(aj_executable_run(e, 1, &x, 1, &w), AJ_ERR_INVALID);
    EXPECT_CONTAINS(aj_last_error(), "was donated to an earlier call and may not be used again");
    aj_executable_destroy(e);
    aj_module_destroy(m);
    aj_array_destroy(x), aj_array_destroy(y), aj_array_destroy(z);
    aj_jit_destroy(j);
}

static aj_status call_scale_add(aj_jit *j, aj_dtype dt, int rank, const int64_t *dims, const float *k,
                                float *first) {
    aj_array *in[2], *out;
    aj_array_create(dt, rank, dims, &in[0]);
    aj_array_create(dt, rank, dims, &in[1]);
    if (dt == AJ_F32) ((float *)aj_array_data(in[0]))[0] = 3, ((float *)aj_array_data(in[1]))[0] = 1;
    aj_status st = aj_jit_call(j, 2, in, k, k ? sizeof *k : 0, 1, &out);
    if (!st && first) *first = ((float *)aj_array_data(out))[0];
    if (!st) aj_array_destroy(out);
    aj_array_destroy(in[0]), aj_array_destroy(in[1]);
    return st;
}

TEST(jit_traces_once_per_signature) {
    aj_jit *j;
    EXPECT_EQ_INT(aj_jit_create(scale_add, NULL, NULL, &j), AJ_OK);
    const int64_t d23[2] = {2, 3};
    float two = 2, five = 5, y = 0;
    EXPECT_EQ_INT(call_scale_add(j, AJ_F32, 1, dims4, &two, &y), AJ_OK);
    EXPECT(y == 7);
    EXPECT_EQ_INT(call_scale_add(j, AJ_F32, 1, dims4, &two, &y), AJ_OK);
    EXPECT_EQ_INT(aj_jit_trace_count(j), 1);
    EXPECT_EQ_INT(call_scale_add(j, AJ_F32, 2, d23, &two, &y), AJ_OK);   /* new shape */
    EXPECT_EQ_INT(aj_jit_trace_count(j), 2);
    EXPECT_EQ_INT(call_scale_add(j, AJ_F32, 1, dims4, &five, &y), AJ_OK);  /* new static */
    EXPECT(y == 16);
    EXPECT_EQ_INT(aj_jit_trace_count(j), 3);
    EXPECT_EQ_INT(call_scale_add(j, AJ_F32, 1, dims4, NULL, &y), AJ_OK);   /* none */
    EXPECT(y == 4);
    EXPECT_EQ_INT(call_scale_add(j, AJ_I32, 1, dims4, NULL, NULL), AJ_OK);  /* new dtype */
    EXPECT_EQ_INT(aj_jit_trace_count(j), 5);
    for (int i = 0; i < 3; i++) {
        EXPECT_EQ_INT(call_scale_add(j, AJ_F32, 1, dims4, &five, &y), AJ_OK);
        EXPECT_EQ_INT(call_scale_add(j, AJ_F32, 2, d23, &two, &y), AJ_OK);
    }
    EXPECT_EQ_INT(aj_jit_trace_count(j), 5);
    /* A trace that fails (an f32 static scale on i32 inputs) is an error, not an entry. */
    EXPECT_EQ_INT(call_scale_add(j, AJ_I32, 1, dims4, &two, NULL), AJ_ERR_INVALID);
    EXPECT_CONTAINS(aj_last_error(), "stablehlo.multiply");
    aj_jit_destroy(j);
}

TEST(a_cached_call_allocates_only_its_outputs) {
    aj_jit *j;
    EXPECT_EQ_INT(aj_jit_create(scale_add, NULL, NULL, &j), AJ_OK);
    aj_array *in[2], *out;
    aj_array_create(AJ_F32, 1, dims4, &in[0]);
    aj_array_create(AJ_F32, 1, dims4, &in[1]);
    EXPECT_EQ_INT(aj_jit_call(j, 2, in, NULL, 0, 1, &out), AJ_OK);
    aj_array_destroy(out);
    aj_allocator_stats before, after;
    aj_allocator_get_stats(&before);
    EXPECT_EQ_INT(aj_jit_call(j, 2, in, NULL, 0, 1, &out), AJ_OK);
    aj_allocator_get_stats(&after);
    EXPECT_EQ_INT(after.num_allocs - before.num_allocs, 2);   /* the output's handle and buffer */

    EXPECT_EQ_INT(after.array_bytes_in_use - before.array_bytes_in_use, aj_array_bytes(out));
    aj_array_destroy(out);
    aj_array_destroy(in[0]), aj_array_destroy(in[1]);
    aj_jit_destroy(j);
}

/* Threads share one aj_jit over three signatures and check every result. */
typedef struct { aj_jit *j; int id; int bad; } worker;

static void *work(void *arg) {
    worker *w = arg;
    const int64_t shapes[3][1] = {{4}, {8}, {16}};
    for (int i = 0; i < 200; i++) {
        float k = (float)(w->id + 1), y = 0;
        if (call_scale_add(w->j, AJ_F32, 1, shapes[(i + w->id) % 3], &k, &y) || y != 3 * k + 1) w->bad++;
    }
    return NULL;
}

TEST(jit_calls_from_several_threads) {
    aj_jit *j;
    EXPECT_EQ_INT(aj_jit_create(scale_add, NULL, NULL, &j), AJ_OK);
    enum { NT = 4 };
    pthread_t t[NT];
    worker w[NT];
    for (int i = 0; i < NT; i++) {
        w[i] = (worker){j, i, 0};
        pthread_create(&t[i], NULL, work, &w[i]);
    }
    for (int i = 0; i < NT; i++) {
        pthread_join(t[i], NULL);
        EXPECT_EQ_INT(w[i].bad, 0);
    }
    EXPECT_EQ_INT(aj_jit_trace_count(j), 12);   /* 3 shapes x 4 static scales */
    aj_jit_destroy(j);
}

/* Threads compiling the same program through the in-memory cache all get
 * the one executable it keeps. */
static const char negate_text[] =
    "func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
    "  %y = stablehlo.negate %x : tensor<4xf32>\n"
    "  return %y : tensor<4xf32>\n"
    "}\n";

typedef struct { const char *cache_dir; aj_executable *e; int bad; } compiler;

static void *compile_negate(void *arg) {
    compiler *c = arg;
    aj_module *m;
    float xs[4] = {1, 2, 3, 4};
    aj_array *in, *out;
    aj_compile_options o = {.cache_dir = c->cache_dir};
    if (aj_module_parse(negate_text, sizeof negate_text - 1, "negate", &m) ||
        aj_compile(m, "main", &o, &c->e) || aj_array_wrap(AJ_F32, 1, dims4, xs, &in)) {
        c->bad = 1;
        return NULL;
    }
    for (int i = 0; i < 100 && !c->bad; i++) {
        if (aj_executable_run(c->e, 1, &in, 1, &out)) c->bad = 1;
        else c->bad = ((float *)aj_array_data(out))[3] != -4, aj_array_destroy(out);
    }
    aj_array_destroy(in);
    aj_module_destroy(m);
    return NULL;
}

TEST(threads_compiling_one_program_share_its_executable) {
    enum { NT = 4 };
    pthread_t t[NT];
    compiler c[NT] = {{0}};
    char cache_dir[] = "/tmp/aj_test_jit_XXXXXX";
    EXPECT(mkdtemp(cache_dir) != NULL);
    for (int i = 0; i < NT; i++) c[i].cache_dir = cache_dir;
    for (int i = 0; i < NT; i++) pthread_create(&t[i], NULL, compile_negate, &c[i]);
    for (int i = 0; i < NT; i++) pthread_join(t[i], NULL);
    for (int i = 0; i < NT; i++) {
        EXPECT_EQ_INT(c[i].bad, 0);
        EXPECT(c[i].e == c[0].e);
        aj_executable_destroy(c[i].e);
    }
    EXPECT_EQ_INT(aj_clear_caches(cache_dir), AJ_OK);   /* drops the cache's reference too */
    rmdir(cache_dir);
}

int main(void) {
    RUN(wrapped_arrays_are_the_callers_memory);
    RUN(a_donated_input_gives_its_buffer_and_cannot_be_reused);
    RUN(jit_traces_once_per_signature);
    RUN(a_cached_call_allocates_only_its_outputs);
    RUN(jit_calls_from_several_threads);
    RUN(threads_compiling_one_program_share_its_executable);
    return TESTS_DONE();
}
