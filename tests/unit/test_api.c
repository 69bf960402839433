/* Tests of the public API: builder errors, text loading errors, running,
 * .npy files, the conformance runner, and allocation failure everywhere. */
#include <math.h>
#include <stdlib.h>
#include <unistd.h>

#include "arrayjit.h"
#include "testing.h"
#include "util/mem.h"

static const int64_t dims23[2] = {2, 3};

static char *data_path(const char *rel) {
    static char buf[4096];
    const char *root = getenv("AJ_TEST_DATA");
    snprintf(buf, sizeof buf, "%s/%s", root ? root : "tests", rel);
    return buf;
}

TEST(builder_reports_shape_mismatch_with_op_and_operand) {
    aj_module *m;
    aj_builder *b;
    aj_value x, y, z;
    const int64_t d3[1] = {3};
    EXPECT_EQ_INT(aj_module_create(&m), AJ_OK);
    EXPECT_EQ_INT(aj_builder_begin(m, "f", &b), AJ_OK);
    aj_param(b, AJ_F32, 2, dims23, &x);
    aj_param(b, AJ_F32, 1, d3, &y);
    EXPECT_EQ_INT(aj_binary(b, AJ_ADD, x, y, &z), AJ_ERR_INVALID);
    EXPECT_EQ_INT(z, AJ_NO_VALUE);
    EXPECT_CONTAINS(aj_last_error(), "stablehlo.add");
    EXPECT_CONTAINS(aj_last_error(), "operand 1");
    /* A later call on the failed value is rejected too; finish reports the first error. */
    aj_value w;
    EXPECT_EQ_INT(aj_unary(b, AJ_TANH, z, &w), AJ_ERR_INVALID);
    EXPECT_EQ_INT(aj_builder_finish(b, 1, &w), AJ_ERR_INVALID);
    EXPECT_CONTAINS(aj_last_error(), "stablehlo.add");
    int np, nr;
    EXPECT_EQ_INT(aj_module_signature(m, "f", &np, &nr), AJ_ERR_INVALID);  /* removed */
    aj_module_destroy(m);
}

TEST(builder_rejects_wrong_dtype_and_bad_attributes) {
    aj_module *m;
    aj_builder *b;
    aj_value x, y;
    aj_module_create(&m);
    aj_builder_begin(m, "f", &b);
    aj_param(b, AJ_I32, 2, dims23, &x);
    EXPECT_EQ_INT(aj_unary(b, AJ_TANH, x, &y), AJ_ERR_INVALID);  /* tanh of an integer */
    EXPECT_CONTAINS(aj_last_error(), "stablehlo.tanh");
    const int64_t perm[2] = {0, 0};
    EXPECT_EQ_INT(aj_transpose(b, x, perm, &y), AJ_ERR_INVALID);
    EXPECT_CONTAINS(aj_last_error(), "stablehlo.transpose");
    const int64_t bad_dims[2] = {2, -1};
    EXPECT_EQ_INT(aj_param(b, AJ_F32, 2, bad_dims, &y), AJ_ERR_INVALID);
    EXPECT_EQ_INT(aj_unary(b, AJ_ADD, x, &y), AJ_ERR_INVALID);  /* binary op as unary */
    aj_builder_abandon(b);
    aj_module_destroy(m);
}

/* f(x) = bitcast(reduce_precision(x) as bf16 halves, as ui16), compiled and evaluated. */
TEST(builder_bitcast_and_reduce_precision_run) {
    aj_module *m;
    aj_builder *b;
    aj_value x, r, h, u, bad;
    const int64_t two = 2;
    aj_module_create(&m);
    aj_builder_begin(m, "main", &b);
    aj_param(b, AJ_F32, 1, &two, &x);
    EXPECT_EQ_INT(aj_reduce_precision(b, x, 8, 7, &r), AJ_OK);   /* to bf16's format */
    EXPECT_EQ_INT(aj_bitcast_convert(b, r, AJ_BF16, &h), AJ_OK);  /* 2 -> 2x2 */
    EXPECT_EQ_INT(aj_bitcast_convert(b, h, AJ_U16, &u), AJ_OK);
    EXPECT_EQ_INT(aj_builder_finish(b, 1, &u), AJ_OK);
    aj_builder_begin(m, "bad", &b);
    aj_param(b, AJ_U16, 1, &two, &x);
    EXPECT_EQ_INT(aj_reduce_precision(b, x, 5, 10, &bad), AJ_ERR_INVALID);
    EXPECT_CONTAINS(aj_last_error(), "stablehlo.reduce_precision' op operand 0: expected a floating-point type");
    aj_builder_abandon(b);
    aj_builder_begin(m, "bad", &b);
    aj_param(b, AJ_U16, 1, &two, &x);
    EXPECT_EQ_INT(aj_bitcast_convert(b, x, AJ_DTYPE_COUNT, &bad), AJ_ERR_INVALID);
    aj_builder_abandon(b);
    float xs[2] = {1.00390625f + 0x1p-20f, -3.0f};   /* just above a bf16 tie: up */
    aj_array *in, *out[2] = {0};
    aj_array_wrap(AJ_F32, 1, &two, xs, &in);
    aj_executable *e = NULL;
    aj_compile_options o = {.strict_order = 1, .no_memory_cache = 1};
    EXPECT_EQ_INT(aj_compile(m, "main", &o, &e), AJ_OK);
    if (e) EXPECT_EQ_INT(aj_executable_run(e, 1, &in, 1, &out[0]), AJ_OK);
    EXPECT_EQ_INT(aj_module_eval(m, "main", 1, &in, 1, &out[1], NULL), AJ_OK);
    for (int i = 0; i < 2; i++) {
        if (!out[i]) continue;
        const uint16_t *o = aj_array_data(out[i]);
        EXPECT_EQ_INT(aj_array_rank(out[i]), 2);
        EXPECT(o[0] == 0 && o[1] == 0x3F81 && o[2] == 0 && o[3] == 0xC040);
        aj_array_destroy(out[i]);
    }
    aj_executable_destroy(e);
    aj_array_destroy(in);
    aj_module_destroy(m);
}

/* f(x, w) = dot(x, w) with a call to a helper g(a) = a * a. */
TEST(builder_calls_and_dot_general_run) {
    aj_module *m;
    aj_builder *b;
    aj_value a, sq, x, w, p, r;
    const int64_t d32[2] = {3, 2}, d22[2] = {2, 2};
    aj_module_create(&m);
    aj_builder_begin(m, "square", &b);
    aj_param(b, AJ_F64, 2, d22, &a);
    aj_binary(b, AJ_MULTIPLY, a, a, &sq);
    EXPECT_EQ_INT(aj_builder_finish(b, 1, &sq), AJ_OK);
    aj_builder_begin(m, "main", &b);
    aj_param(b, AJ_F64, 2, dims23, &x);
    aj_param(b, AJ_F64, 2, d32, &w);
    const int64_t lc[1] = {1}, rc[1] = {0};
    EXPECT_EQ_INT(aj_dot_general(b, x, w, 0, NULL, NULL, 1, lc, rc, &p), AJ_OK);
    EXPECT_EQ_INT(aj_call(b, "square", 1, &p, 1, &r), AJ_OK);
    EXPECT_EQ_INT(aj_builder_finish(b, 1, &r), AJ_OK);
    double xs[6] = {1, 2, 3, 4, 5, 6}, ws[6] = {1, 0, 0, 1, 1, 1};
    aj_array *in[2], *out;
    aj_array_wrap(AJ_F64, 2, dims23, xs, &in[0]);
    aj_array_wrap(AJ_F64, 2, d32, ws, &in[1]);
    aj_eval_stats stats;
    EXPECT_EQ_INT(aj_module_eval(m, "main", 2, in, 1, &out, &stats), AJ_OK);
    if (out) {
        const double *o = aj_array_data(out);
        /* dot = [[4, 5], [10, 11]] */
        EXPECT(o[0] == 16 && o[1] == 25 && o[2] == 100 && o[3] == 121);
        EXPECT_EQ_INT(aj_array_rank(out), 2);
        /* p and r, 32 bytes each, both allocated; inside the call a (borrowed) and sq. */
        EXPECT(stats.bytes_allocated >= 64);
        EXPECT(stats.peak_bytes >= 32 && stats.peak_bytes <= stats.bytes_allocated);
        aj_array_destroy(out);
    }
    /* Wrong input count, then wrong shape. */
    EXPECT_EQ_INT(aj_module_eval(m, "main", 1, in, 1, &out, NULL), AJ_ERR_INVALID);
    EXPECT_CONTAINS(aj_last_error(), "takes 2 arguments");
    aj_array *swapped[2] = {in[1], in[0]};
    EXPECT_EQ_INT(aj_module_eval(m, "main", 2, swapped, 1, &out, NULL), AJ_ERR_INVALID);
    EXPECT_CONTAINS(aj_last_error(), "argument 0: expected tensor<2x3xf64>, got tensor<3x2xf64>");
    aj_array_destroy(in[0]);
    aj_array_destroy(in[1]);
    aj_module_destroy(m);
}

TEST(parse_errors_are_located) {
    aj_module *m = NULL;
    const char *text = "func.func @main() {\n  %a = stablehlo.frobnicate %b : tensor<f32>\n}\n";
    EXPECT_EQ_INT(aj_module_parse(text, strlen(text), "t.mlir", &m), AJ_ERR_INVALID);
    EXPECT_CONTAINS(aj_last_error(), "t.mlir:2:8: unknown op 'stablehlo.frobnicate'\n"
                                     "      %a = stablehlo.frobnicate %b : tensor<f32>\n"
                                     "           ^");
    EXPECT(m == NULL);
    /* a verification error quotes its line too; a long line around the column */
    const char *wrong = "func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
                        "  %a = stablehlo.add %x, %x : tensor<5xf32>\n  return %a : tensor<4xf32>\n}\n";
    EXPECT_EQ_INT(aj_module_parse(wrong, strlen(wrong), "v.mlir", &m), AJ_ERR_INVALID);
    EXPECT_CONTAINS(aj_last_error(), "\n      %a = stablehlo.add %x, %x : tensor<5xf32>\n                         ^");
    char lng[600];
    snprintf(lng, sizeof lng, "func.func @main() {\n  %%s = stablehlo.constant dense<0.0> : tensor<f32>%*s%%t = stablehlo.frob %%s"
             " : tensor<f32>%*s\n}\n", 150, "", 150, "");
    EXPECT_EQ_INT(aj_module_parse(lng, strlen(lng), "l.mlir", &m), AJ_ERR_INVALID);
    EXPECT_CONTAINS(aj_last_error(), "l.mlir:2:");
    EXPECT_CONTAINS(aj_last_error(), "\n    ...");
    EXPECT_CONTAINS(aj_last_error(), "%t = stablehlo.frob");
    EXPECT_CONTAINS(aj_last_error(), "   ^");
    EXPECT_EQ_INT(aj_module_load("/nonexistent/x.mlir", &m), AJ_ERR_IO);
    EXPECT_CONTAINS(aj_last_error(), "/nonexistent/x.mlir");
}

TEST(text_programs_run_and_print) {
    const char *text =
        "func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {\n"
        "  %0 = stablehlo.negate %x : tensor<3xf32>\n"
        "  func.return %0 : tensor<3xf32>\n"
        "}\n";
    aj_module *m;
    EXPECT_EQ_INT(aj_module_parse(text, strlen(text), "neg.mlir", &m), AJ_OK);
    if (!m) return;
    float xs[3] = {1, -2, 0};
    const int64_t d3[1] = {3};
    aj_array *in, *out;
    aj_array_wrap(AJ_F32, 1, d3, xs, &in);
    EXPECT_EQ_INT(aj_module_eval(m, NULL, 1, &in, 1, &out, NULL), AJ_OK);
    const float *o = aj_array_data(out);
    EXPECT(o[0] == -1 && o[1] == 2 && o[2] == 0 && signbit(o[2]));
    FILE *f = tmpfile();
    EXPECT_EQ_INT(aj_module_print(m, f), AJ_OK);
    fclose(f);
    aj_array_destroy(out);
    aj_array_destroy(in);
    aj_module_destroy(m);
}

/* aj_export_c writes the header whose arena constant is the executable's
 * temp_bytes and the source with fast mode's pragma, refuses a name that is
 * no identifier, and writes nothing for it. */
TEST(export_c_states_the_executables_arena) {
    const char *text =
        "func.func @main(%x: tensor<64x64xf32>, %w: tensor<64x64xf32>) -> tensor<64x64xf32> {\n"
        "  %a = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] :"
        " (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>\n"
        "  %h = stablehlo.tanh %a : tensor<64x64xf32>\n"
        "  %b = stablehlo.dot_general %h, %w, contracting_dims = [1] x [0] :"
        " (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>\n"
        "  func.return %b : tensor<64x64xf32>\n"
        "}\n";
    aj_module *m;
    EXPECT_EQ_INT(aj_module_parse(text, strlen(text), "e.mlir", &m), AJ_OK);
    if (!m) return;
    char dir[] = "/tmp/aj_aot_XXXXXX";
    EXPECT(mkdtemp(dir) != NULL);
    aj_compile_options o = {.no_memory_cache = 1};
    aj_executable *e = NULL;
    aj_memory_stats s = {0};
    EXPECT_EQ_INT(aj_compile(m, "main", &o, &e), AJ_OK);
    if (e) EXPECT_EQ_INT(aj_executable_memory(e, &s), AJ_OK);
    EXPECT_EQ_INT(aj_export_c(m, "main", &o, dir, &(aj_export_options){.name = "net"}), AJ_OK);
    char path[64], want[96], line[256];
    snprintf(path, sizeof path, "%s/net.h", dir);
    snprintf(want, sizeof want, "#define net_ARENA_BYTES ((size_t)%zu)\n", s.temp_bytes);
    FILE *f = fopen(path, "r");
    int found = 0;
    while (f && fgets(line, sizeof line, f)) found |= strcmp(line, want) == 0;
    if (f) fclose(f);
    EXPECT(found && s.temp_bytes > 0);
    /* fast mode: the flags arrayjit's own build adds, for a plain `cc -O2` */
    snprintf(path, sizeof path, "%s/net.c", dir);
    f = fopen(path, "r");
    found = 0;
    while (f && fgets(line, sizeof line, f)) found |= strcmp(line, "#pragma GCC optimize(\"no-trapping-math\", \"no-math-errno\")\n") == 0;
    if (f) fclose(f);
    EXPECT(found);
    EXPECT_EQ_INT(aj_export_c(m, "main", &o, dir, &(aj_export_options){.name = "a-b"}), AJ_ERR_INVALID);
    EXPECT_CONTAINS(aj_last_error(), "not a C identifier");
    snprintf(path, sizeof path, "%s/a-b.h", dir);
    EXPECT(access(path, F_OK) != 0);
    EXPECT_EQ_INT(aj_export_c(m, "main", &o, NULL, NULL), AJ_ERR_INVALID);
    const char *names[] = {"net.h", "net.c"};
    for (int i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        EXPECT_EQ_INT(remove(path), 0);
    }
    rmdir(dir);
    aj_executable_destroy(e);
    aj_module_destroy(m);
}

TEST(npy_round_trip_for_every_dtype) {
    char path[] = "/tmp/aj_npy_XXXXXX";
    int fd = mkstemp(path);
    close(fd);
    for (int dt = AJ_F32; dt < AJ_DTYPE_COUNT; dt++) {
        aj_array *a, *back;
        EXPECT_EQ_INT(aj_array_create((aj_dtype)dt, 2, dims23, &a), AJ_OK);
        /* bytes each type may hold: 0/1 for bool, values of the width for sub-byte integers, f6 and f4 */
        int bits = dt == AJ_BOOL || dt == AJ_I2 ? 1 : dt == AJ_U2 ? 2 : dt == AJ_I4 || dt == AJ_U4 ? 3 :
                   dt == AJ_F4E2M1FN ? 4 : dt == AJ_F6E2M3FN || dt == AJ_F6E3M2FN ? 6 : 8;
        unsigned char *p = aj_array_data(a);
        for (size_t i = 0; i < aj_array_bytes(a); i++) p[i] = (unsigned char)((i * 7) & ((1u << bits) - 1));
        EXPECT_EQ_INT(aj_array_save_npy(a, path), AJ_OK);
        EXPECT_EQ_INT(aj_array_load_npy(path, &back), AJ_OK);
        /* NumPy has no 2- or 4-bit integers: those save as |i1 or |u1 and read back as i8 or ui8; the
           minifloats all save as <V1 (as ml_dtypes' do) and read back as f8E5M2; retyping restores each */
        int sub_byte = dt == AJ_I2 || dt == AJ_I4 || dt == AJ_U2 || dt == AJ_U4;
        int minifloat = dt >= AJ_F8E5M2 && dt <= AJ_F4E2M1FN;
        EXPECT_EQ_INT(aj_array_dtype(back), minifloat  ? AJ_F8E5M2
                                            : sub_byte ? (dt == AJ_I2 || dt == AJ_I4 ? AJ_I8 : AJ_U8)
                                                       : dt);
        EXPECT_EQ_INT(aj_array_retype(back, (aj_dtype)dt), AJ_OK);
        EXPECT_EQ_INT(aj_array_dtype(back), dt);
        EXPECT_EQ_INT(aj_array_rank(back), 2);
        EXPECT(memcmp(aj_array_data(back), p, aj_array_bytes(a)) == 0);
        aj_array_destroy(a);
        aj_array_destroy(back);
    }
    /* A 1-d and a scalar shape survive too. */
    aj_array *s, *back;
    aj_array_create(AJ_F64, 0, NULL, &s);
    EXPECT_EQ_INT(aj_array_save_npy(s, path), AJ_OK);
    EXPECT_EQ_INT(aj_array_load_npy(path, &back), AJ_OK);
    EXPECT_EQ_INT(aj_array_rank(back), 0);
    aj_array_destroy(back);
    aj_array_destroy(s);
    remove(path);
}

/* A public function's complex parameters and results are known as such,
 * and a complex result saves as <c8 of its shape and loads back as the
 * parts; what is no interleaved complex array is refused. */
TEST(complex_arguments_are_known_and_saved_as_complex) {
    const char *text = "func.func @main(%x: tensor<3xf32>, %z: tensor<3xcomplex<f32>>) -> (tensor<3xcomplex<f32>>, "
                       "tensor<3xf32>) {\n  %r = stablehlo.real %z : (tensor<3xcomplex<f32>>) -> tensor<3xf32>\n"
                       "  return %z, %r : tensor<3xcomplex<f32>>, tensor<3xf32>\n}\n";
    aj_module *m;
    EXPECT_EQ_INT(aj_module_parse(text, strlen(text), "c.mlir", &m), AJ_OK);
    if (!m) return;
    int c[4] = {-1, -1, -1, -1};
    EXPECT_EQ_INT(aj_module_arg_complex(m, "main", 0, 0, &c[0]), AJ_OK);
    EXPECT_EQ_INT(aj_module_arg_complex(m, "main", 0, 1, &c[1]), AJ_OK);
    EXPECT_EQ_INT(aj_module_arg_complex(m, "main", 1, 0, &c[2]), AJ_OK);
    EXPECT_EQ_INT(aj_module_arg_complex(m, "main", 1, 1, &c[3]), AJ_OK);
    EXPECT(c[0] == 0 && c[1] == 1 && c[2] == 1 && c[3] == 0);
    EXPECT_EQ_INT(aj_module_arg_complex(m, "main", 1, 2, &c[0]), AJ_ERR_INVALID);
    EXPECT_CONTAINS(aj_last_error(), "result 2 of 'main' does not exist (it has 2)");
    aj_module_destroy(m);
    char path[] = "/tmp/aj_cnpy_XXXXXX";
    close(mkstemp(path));
    const int64_t dims32[2] = {3, 2};
    aj_array *a, *back, *wrong;
    aj_array_create(AJ_F32, 2, dims32, &a);
    float *p = aj_array_data(a);
    for (int i = 0; i < 6; i++) p[i] = (float)i - 2.5f;
    EXPECT_EQ_INT(aj_array_save_npy_complex(a, path), AJ_OK);
    EXPECT_EQ_INT(aj_array_load_npy(path, &back), AJ_OK);   /* <c8 of shape (3,): read as its parts */
    EXPECT(aj_array_dtype(back) == AJ_F32 && aj_array_rank(back) == 2 && aj_array_numel(back) == 6);
    EXPECT(memcmp(aj_array_data(back), p, 24) == 0);
    aj_array_destroy(back);
    aj_array_create(AJ_F32, 2, dims23, &wrong);   /* a trailing dim of 3 */
    EXPECT_EQ_INT(aj_array_save_npy_complex(wrong, path), AJ_ERR_INVALID);
    EXPECT_CONTAINS(aj_last_error(), "a complex array is saved from f32 or f64 parts with a trailing dim of 2");
    aj_array_destroy(wrong);
    aj_array_destroy(a);
    remove(path);
}

/* aj_array_retype takes only what the storage holds as the new type. */
TEST(retype_checks_the_storage) {
    aj_array *a;
    int64_t n = 3;
    aj_array_create(AJ_I8, 1, &n, &a);
    signed char *p = aj_array_data(a);
    p[0] = 7, p[1] = -8, p[2] = 8;
    EXPECT_EQ_INT(aj_array_retype(a, AJ_I4), AJ_ERR_INVALID);
    EXPECT_CONTAINS(aj_last_error(), "element 2 (byte 0x08) is no i4");
    EXPECT_EQ_INT(aj_array_dtype(a), AJ_I8);
    EXPECT_EQ_INT(aj_array_retype(a, AJ_F32), AJ_ERR_INVALID);
    EXPECT_CONTAINS(aj_last_error(), "an array of i8 cannot be read as f32");
    EXPECT_EQ_INT(aj_array_retype(a, AJ_U8), AJ_ERR_INVALID);   /* |i1 and |u1 differ */
    p[2] = 0;
    EXPECT_EQ_INT(aj_array_retype(a, AJ_I4), AJ_OK);
    EXPECT_EQ_INT(aj_array_dtype(a), AJ_I4);
    aj_array_destroy(a);
    aj_array_create(AJ_F8E5M2, 1, &n, &a);
    ((unsigned char *)aj_array_data(a))[1] = 0x40;
    EXPECT_EQ_INT(aj_array_retype(a, AJ_F4E2M1FN), AJ_ERR_INVALID);   /* above f4's 4 bits */
    EXPECT_EQ_INT(aj_array_retype(a, AJ_F8E4M3FN), AJ_OK);
    EXPECT(aj_array_get_f64(a, 1) == 2.0);
    aj_array_destroy(a);
}

TEST(npy_errors_lose_nothing) {
    aj_array *a;
    EXPECT_EQ_INT(aj_array_load_npy("/nonexistent.npy", &a), AJ_ERR_IO);
    char path[] = "/tmp/aj_bad_XXXXXX";
    int fd = mkstemp(path);
    EXPECT(write(fd, "\x93NUMPY\x01\x00\x10\x00{'descr': '<c8'", 25) == 25);
    close(fd);
    EXPECT(aj_array_load_npy(path, &a) != AJ_OK);
    remove(path);
    /* Saving into a missing directory fails and leaves no file behind. */
    aj_array_create(AJ_F32, 2, dims23, &a);
    EXPECT_EQ_INT(aj_array_save_npy(a, "/nonexistent-dir/out.npy"), AJ_ERR_IO);
    aj_array_destroy(a);
}

TEST(check_file_passes_and_fails) {
    aj_check_options opts = {.use_eval = 1};
    aj_check_result r;
    EXPECT_EQ_INT(aj_check_file(data_path("programs/shapes.mlir"), &opts, &r), AJ_OK);
    EXPECT_EQ_INT(r.outcome, AJ_CHECK_PASS);
    EXPECT(r.nchecks > 3);
    EXPECT_EQ_INT(aj_check_file(data_path("failing/wrong_value.mlir"), &opts, &r), AJ_OK);
    EXPECT_EQ_INT(r.outcome, AJ_CHECK_FAIL);
    EXPECT_CONTAINS(r.reason, "1 of 1 checks failed");
    EXPECT_EQ_INT(aj_check_file(data_path("failing/wrong_shape.mlir"), &opts, &r), AJ_OK);
    EXPECT_EQ_INT(r.outcome, AJ_CHECK_FAIL);
    EXPECT_EQ_INT(aj_check_file(data_path("failing/malformed.mlir"), &opts, &r), AJ_OK);
    EXPECT_EQ_INT(r.outcome, AJ_CHECK_FAIL);
    EXPECT_CONTAINS(r.reason, "malformed.mlir:4:");
}

static aj_status exp_trace(aj_builder *b, int nin, const aj_value *x, const void *static_args,
                           size_t static_size, void *user, int nout, aj_value *results) {
    (void)nin, (void)static_args, (void)static_size, (void)user, (void)nout;
    return aj_unary(b, AJ_EXPONENTIAL, x[0], &results[0]);
}

/* Compiles m's main (without the in-memory cache, so that every time
 * compiles; the disk cache answers) and runs it twice, the second time
 * through aj_jit; both must give 2 (exp(0) summed over 2 rows). */
static aj_status compile_and_run(aj_module *m, aj_array *in) {
    aj_compile_options o = {.no_memory_cache = 1};
    aj_executable *e;
    aj_array *res;
    aj_status st = aj_compile(m, "main", &o, &e);
    if (st) return st;
    st = aj_executable_run(e, 1, &in, 1, &res);
    aj_executable_destroy(e);
    if (st) return st;
    if (((float *)aj_array_data(res))[0] != 2.0f) st = AJ_ERR_CHECK_FAILED;
    aj_array_destroy(res);
    aj_jit *j;
    if (st || (st = aj_jit_create(exp_trace, NULL, NULL, &j))) return st;
    for (int call = 0; call < 2 && !st; call++) {   /* traced, then cached */
        if ((st = aj_jit_call(j, 1, &in, NULL, 0, 1, &res))) break;
        if (((float *)aj_array_data(res))[0] != 1.0f) st = AJ_ERR_CHECK_FAILED;
        aj_array_destroy(res);
    }
    aj_jit_destroy(j);
    return st;
}

/* A real workload through the public API: load, run with checks, build,
 * evaluate, compile, run, jit. */
static aj_status workload(void) {
    aj_check_options opts = {.use_eval = 1};
    aj_check_result r;
    aj_status st = aj_check_file(data_path("programs/select_call.mlir"), &opts, &r);
    if (st) return st;
    if (r.outcome != AJ_CHECK_PASS) return AJ_ERR_CHECK_FAILED;
    aj_module *m;
    aj_builder *b;
    aj_value x, y, zero, s;
    if ((st = aj_module_create(&m))) return st;
    if ((st = aj_builder_begin(m, "main", &b))) goto out;
    aj_param(b, AJ_F32, 2, dims23, &x);
    aj_unary(b, AJ_EXPONENTIAL, x, &y);
    float z = 0;
    aj_constant(b, AJ_F32, 0, NULL, &z, &zero);
    const int64_t axis[1] = {0};
    aj_reduce(b, y, zero, AJ_ADD, 1, axis, &s);
    if ((st = aj_builder_finish(b, 1, &s))) goto out;
    float xs[6] = {0};
    aj_array *in, *res;
    if ((st = aj_array_wrap(AJ_F32, 2, dims23, xs, &in))) goto out;
    st = aj_module_eval(m, "main", 1, &in, 1, &res, NULL);
    if (!st) {
        if (((float *)aj_array_data(res))[0] != 2.0f) st = AJ_ERR_CHECK_FAILED;
        aj_array_destroy(res);
    }
    if (!st) st = compile_and_run(m, in);
    aj_array_destroy(in);
out:
    aj_module_destroy(m);
    return st;
}

TEST(every_allocation_failure_is_reported_and_leaks_nothing) {
    EXPECT_EQ_INT(workload(), AJ_OK);
    int n, failures = 0;
    for (n = 1; n < 100000; n++) {
        size_t live = mem_live_bytes();
        mem_fail_after(n);
        aj_status st = workload();
        mem_fail_after(0);
        if (mem_live_bytes() != live) fprintf(stderr, "allocation %d failing leaked %zu bytes\n", n, mem_live_bytes() - live);
        EXPECT_EQ_INT(mem_live_bytes(), live);
        if (st == AJ_OK) break;
        failures++;
        EXPECT_EQ_INT(st, AJ_ERR_NOMEM);
        EXPECT_CONTAINS(aj_last_error(), "out of memory");
    }
    EXPECT(failures > 50);
    EXPECT_EQ_INT(workload(), AJ_OK);  /* the process is still usable */
}

static int capped_workload(void *ctx) {
    (void)ctx;
    aj_status st = workload();
    return st ? testing_api_nomem(st, "workload") : TESTING_DONE;
}

/* The same workload under byte caps (steps of a quarter): each fails cleanly or runs. */
TEST(every_byte_cap_is_reported_and_leaks_nothing) {
    EXPECT(testing_cap_sweep("api workload", capped_workload, NULL, 4) > 10);
    EXPECT_EQ_INT(workload(), AJ_OK);
}

int main(void) {
    RUN(builder_reports_shape_mismatch_with_op_and_operand);
    RUN(builder_rejects_wrong_dtype_and_bad_attributes);
    RUN(builder_bitcast_and_reduce_precision_run);
    RUN(builder_calls_and_dot_general_run);
    RUN(parse_errors_are_located);
    RUN(complex_arguments_are_known_and_saved_as_complex);
    RUN(text_programs_run_and_print);
    RUN(export_c_states_the_executables_arena);
    RUN(npy_round_trip_for_every_dtype);
    RUN(retype_checks_the_storage);
    RUN(npy_errors_lose_nothing);
    RUN(check_file_passes_and_fails);
    RUN(every_allocation_failure_is_reported_and_leaks_nothing);
    RUN(every_byte_cap_is_reported_and_leaks_nothing);
    return TESTS_DONE();
}
