/* test_fft: the Fourier transforms of src/util/fft.h (the evaluator's and
 * generated code's one kernel) against a direct O(n^2) sum in long double,
 * over lengths of every plan: direct ones of each radix and their mixes,
 * Bluestein's (a prime factor above AJ_FFT_MAX_RADIX), and 1; FFT, IFFT,
 * RFFT and IRFFT, batched (enough lines for whole vectors of them) and
 * over 2 and 3 dims, in double and in float; and the workspace bound (the
 * kernels write nothing past aj_fft_work_bytes). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "testing.h"
#include "util/fft.h"

AJ_FFT_KERNELS

/* The transform over the last k dims of a batch of blocks, summed directly:
 * out = sum over every index j of in[j] e^(sign 2 pi i <j, f> / len), each
 * dim's inverse divided by its length. */
static void naive(const double *re, const double *im, double *ore, double *oim, int64_t batch, const int64_t *len,
                  int k, int inverse) {
    int64_t n = 1;
    for (int i = 0; i < k; i++) n *= len[i];
    for (int64_t b = 0; b < batch; b++)
        for (int64_t f = 0; f < n; f++) {
            long double sr = 0, si = 0;
            for (int64_t j = 0; j < n; j++) {
                long double phase = 0;
                for (int64_t i = k - 1, fi = f, ji = j; i >= 0; i--) {
                    phase += (long double)((fi % len[i]) * (ji % len[i]) % len[i]) / len[i];
                    fi /= len[i], ji /= len[i];
                }
                long double a = (inverse ? 2 : -2) * 3.14159265358979323846264338327950288L * phase;
                long double c = cosl(a), s = sinl(a), xr = re[b * n + j], xi = im ? im[b * n + j] : 0;
                sr += xr * c - xi * s, si += xr * s + xi * c;
            }
            ore[b * n + f] = (double)(inverse ? sr / n : sr), oim[b * n + f] = (double)(inverse ? si / n : si);
        }
}

/* Workspace of aj_fft_work_bytes(len, k, size) bytes and canaries past it. */
static unsigned char *workspace(const int64_t *len, int k, int64_t size, int64_t *bytes) {
    *bytes = aj_fft_work_bytes(len, k, size);
    unsigned char *w = malloc((size_t)*bytes + 64);
    if (w) memset(w + *bytes, 0xA5, 64);
    return w;
}

static int canaries_intact(const unsigned char *w, int64_t bytes) {
    for (int i = 0; i < 64; i++)
        if (w[bytes + i] != 0xA5) return 0;
    return 1;
}

/* Worst difference of (got_re, got_im) from (want_re, want_im) relative to
 * the largest magnitude of want's parts (want_im NULL: real). */
static double rel_err(const double *got_re, const double *got_im, const double *want_re, const double *want_im,
                      int64_t n) {
    double err = 0, scale = 1e-300;
    for (int64_t i = 0; i < n; i++) {
        err = fmax(err, fabs(got_re[i] - want_re[i]));
        scale = fmax(scale, fabs(want_re[i]));
        if (!want_im) continue;
        err = fmax(err, fabs(got_im[i] - want_im[i]));
        scale = fmax(scale, fabs(want_im[i]));
    }
    return err / scale;
}

static void fill(double *x, int64_t n, unsigned seed) {
    for (int64_t i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        x[i] = (double)(seed >> 8 & 0xffff) / 32768.0 - 1.0;
    }
}

/* The kernel of elements of `size` bytes (8: aj_fft_d; 4: aj_fft_s, on
 * the inputs rounded to float and its results widened back) on n_in input
 * and n_out output elements; in_im or out_im NULL where the side is real. */
static int run_kernel(int64_t size, int type, const double *in_re, const double *in_im, double *out_re,
                      double *out_im, int64_t n_in, int64_t n_out, int64_t batch, const int64_t *len, int k, void *w) {
    if (size == 8) {
        aj_fft_d(type, in_re, in_im, out_re, out_im, batch, len, k, w);
        return 1;
    }
    float *f = malloc(sizeof(float) * (size_t)(2 * n_in + 2 * n_out));
    if (!f) return 0;
    float *fre = f, *fim = f + n_in, *gre = fim + n_in, *gim = gre + n_out;
    for (int64_t i = 0; i < n_in; i++) fre[i] = (float)in_re[i], fim[i] = in_im ? (float)in_im[i] : 0;
    aj_fft_s(type, fre, in_im ? fim : NULL, gre, out_im ? gim : NULL, batch, len, k, w);
    for (int64_t i = 0; i < n_out; i++) {
        out_re[i] = gre[i];
        if (out_im) out_im[i] = gim[i];
    }
    free(f);
    return 1;
}

/* The error allowed relative to the largest magnitude: double's rounding,
 * or float's over a few stages (JAX's own float FFTs are about 1e-7). */
static double tolerance(int64_t size) { return size == 8 ? 1e-13 : 2e-6; }

/* Inputs rounded to the kernel's type, so that the direct sum sees what
 * the kernel does. */
static void fill_as(double *x, int64_t n, unsigned seed, int64_t size) {
    fill(x, n, seed);
    for (int64_t i = 0; size == 4 && i < n; i++) x[i] = (float)x[i];
}

/* FFT and IFFT of `batch` blocks of dims len[0..k) against the direct sum. */
static void expect_complex_matches(int64_t size, int64_t batch, const int64_t *len, int k) {
    int64_t n = batch, bytes;
    for (int i = 0; i < k; i++) n *= len[i];
    double *re = malloc(sizeof(double) * (size_t)n * 6), *im = re + n, *ore = im + n, *oim = ore + n, *wre = oim + n,
           *wim = wre + n;
    unsigned char *w = workspace(len, k, size, &bytes);
    if (!re || !w) {
        fprintf(stderr, "fft test: out of memory\n");
        testing_failed_checks++;
        free(re), free(w);
        return;
    }
    fill_as(re, n, 1, size), fill_as(im, n, 2, size);
    for (int inverse = 0; inverse <= 1; inverse++) {
        int ran = run_kernel(size, inverse ? AJ_FFT_IFFT : AJ_FFT_FFT, re, im, ore, oim, n, n, batch, len, k, w);
        naive(re, im, wre, wim, batch, len, k, inverse);
        double e = ran ? rel_err(ore, oim, wre, wim, n) : INFINITY;
        if (e > tolerance(size) || !canaries_intact(w, bytes)) {
            fprintf(stderr, "%s f%d, batch %lld, len %lld (k %d): error %g%s\n", inverse ? "ifft" : "fft",
                    (int)size * 8, (long long)batch, (long long)len[k - 1], k, e,
                    canaries_intact(w, bytes) ? "" : ", wrote past the workspace");
            testing_failed_checks++;
        }
    }
    free(re);
    free(w);
}

/* RFFT of real blocks against the direct sum's first len/2 + 1 bins, and
 * IRFFT of those back to the input. */
static void expect_real_matches(int64_t size, int64_t batch, const int64_t *len, int k) {
    int64_t n = batch, nl = len[k - 1], h = nl / 2 + 1, bytes;
    for (int i = 0; i < k; i++) n *= len[i];
    int64_t half = n / nl * h;
    double *x = calloc((size_t)n * 4, sizeof(double)), *wre = x + n, *wim = wre + n, *back = wim + n;
    double *hre = malloc(sizeof(double) * (size_t)half * 4), *him = hre + half, *tre = him + half, *tim = tre + half;
    unsigned char *w = workspace(len, k, size, &bytes);
    if (!x || !hre || !w) {
        fprintf(stderr, "rfft test: out of memory\n");
        testing_failed_checks++;
        free(x), free(hre), free(w);
        return;
    }
    fill_as(x, n, 3, size);
    int ran = run_kernel(size, AJ_FFT_RFFT, x, NULL, hre, him, n, half, batch, len, k, w);
    naive(x, NULL, wre, wim, batch, len, k, 0);
    for (int64_t r = 0; r < n / nl; r++)
        for (int64_t j = 0; j < h; j++) tre[r * h + j] = wre[r * nl + j], tim[r * h + j] = wim[r * nl + j];
    double e = ran ? rel_err(hre, him, tre, tim, half) : INFINITY;
    ran = ran && run_kernel(size, AJ_FFT_IRFFT, hre, him, back, NULL, half, n, batch, len, k, w);
    double round_trip = ran ? rel_err(back, NULL, x, NULL, n) : INFINITY;
    if (e > tolerance(size) || round_trip > tolerance(size) || !canaries_intact(w, bytes)) {
        fprintf(stderr, "rfft f%d, batch %lld, len %lld (k %d): error %g, irfft round trip %g%s\n", (int)size * 8,
                (long long)batch, (long long)nl, k, e, round_trip,
                canaries_intact(w, bytes) ? "" : ", wrote past the workspace");
        testing_failed_checks++;
    }
    free(x);
    free(hre);
    free(w);
}

static const int64_t sizes[] = {8, 4};

TEST(every_length_to_100) {
    for (int z = 0; z < 2; z++)
        for (int64_t n = 1; n <= 100; n++) {
            expect_complex_matches(sizes[z], 2, &n, 1);
            expect_real_matches(sizes[z], 2, &n, 1);
        }
}

TEST(mixed_radix_and_bluestein_lengths) {
    /* 4^4, 2 x 4^4, 3^5, 5^4, 2^3 5^3, 31 (the largest radix) x 6, primes 37 and 257 and 1021 (Bluestein),
       2 x 37 x 3, 29 x 31 */
    static const int64_t lens[] = {256, 512, 243, 625, 1000, 186, 37, 257, 1021, 222, 899};
    for (int z = 0; z < 2; z++)
        for (size_t i = 0; i < sizeof lens / sizeof *lens; i++) {
            expect_complex_matches(sizes[z], 1, &lens[i], 1);
            expect_real_matches(sizes[z], 1, &lens[i], 1);
        }
}

TEST(several_dims) {
    static const int64_t two[] = {6, 10}, odd[] = {7, 9}, three[] = {3, 4, 5}, bluestein[] = {4, 37};
    for (int z = 0; z < 2; z++) {
        expect_complex_matches(sizes[z], 2, two, 2);
        expect_complex_matches(sizes[z], 1, odd, 2);
        expect_complex_matches(sizes[z], 2, three, 3);
        expect_complex_matches(sizes[z], 1, bluestein, 2);
        expect_real_matches(sizes[z], 2, two, 2);
        expect_real_matches(sizes[z], 1, odd, 2);
        expect_real_matches(sizes[z], 2, three, 3);
        expect_real_matches(sizes[z], 1, bluestein, 2);
    }
}

/* Enough lines for whole vectors of them (16 float, 8 double), which move
 * between the buffers and the lanes as transposed tiles, and a partial
 * group and a partial tile after them: one dim over a batch, and the last
 * dim of two (a block of 20 rows). */
TEST(whole_groups_of_lines) {
    static const int64_t lens[] = {16, 40, 96, 37}, block[] = {20, 24};
    for (int z = 0; z < 2; z++) {
        for (size_t i = 0; i < sizeof lens / sizeof *lens; i++) {
            expect_complex_matches(sizes[z], 35, &lens[i], 1);
            expect_real_matches(sizes[z], 35, &lens[i], 1);
        }
        expect_complex_matches(sizes[z], 1, block, 2);
        expect_real_matches(sizes[z], 1, block, 2);
    }
}

int main(void) {
    RUN(every_length_to_100);
    RUN(mixed_radix_and_bluestein_lengths);
    RUN(several_dims);
    RUN(whole_groups_of_lines);
    return TESTS_DONE();
}
