/* test_fft: the Fourier transforms of src/util/fft.h (the evaluator's and
 * generated code's one kernel) against a direct O(n^2) sum in long double,
 * over lengths of every plan: direct ones of each radix and their mixes,
 * Bluestein's (a prime factor above AJ_FFT_MAX_RADIX), and 1; FFT, IFFT,
 * RFFT and IRFFT, batched and over 2 and 3 dims; and the workspace bound
 * (the kernels write nothing past aj_fft_work_doubles). */
#include <math.h>
#include <stdlib.h>

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

static double *workspace(const int64_t *len, int k, int64_t *doubles) {
    *doubles = aj_fft_work_doubles(len, k);
    double *w = malloc((size_t)(*doubles + 8) * sizeof *w);
    for (int i = 0; w && i < 8; i++) w[*doubles + i] = 12345.0;   /* canaries past the bound */
    return w;
}

static int canaries_intact(const double *w, int64_t doubles) {
    for (int i = 0; i < 8; i++)
        if (w[doubles + i] != 12345.0) return 0;
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

/* FFT and IFFT of `batch` blocks of dims len[0..k) against the direct sum. */
static void expect_complex_matches(int64_t batch, const int64_t *len, int k) {
    int64_t n = batch, doubles;
    for (int i = 0; i < k; i++) n *= len[i];
    double *re = malloc(sizeof(double) * (size_t)n * 6), *im = re + n, *ore = im + n, *oim = ore + n, *wre = oim + n,
           *wim = wre + n, *w = workspace(len, k, &doubles);
    if (!re || !w) {
        fprintf(stderr, "fft test: out of memory\n");
        testing_failed_checks++;
        free(re), free(w);
        return;
    }
    fill(re, n, 1), fill(im, n, 2);
    for (int inverse = 0; inverse <= 1; inverse++) {
        aj_fft_d(inverse ? AJ_FFT_IFFT : AJ_FFT_FFT, re, im, ore, oim, batch, len, k, w);
        naive(re, im, wre, wim, batch, len, k, inverse);
        double e = rel_err(ore, oim, wre, wim, n);
        if (e > 1e-13 || !canaries_intact(w, doubles)) {
            fprintf(stderr, "%s, batch %lld, len %lld (k %d): error %g%s\n", inverse ? "ifft" : "fft", (long long)batch,
                    (long long)len[k - 1], k, e, canaries_intact(w, doubles) ? "" : ", wrote past the workspace");
            testing_failed_checks++;
        }
    }
    free(re);
    free(w);
}

/* RFFT of real blocks against the direct sum's first len/2 + 1 bins, and
 * IRFFT of those back to the input. */
static void expect_real_matches(int64_t batch, const int64_t *len, int k) {
    int64_t n = batch, nl = len[k - 1], h = nl / 2 + 1, doubles;
    for (int i = 0; i < k; i++) n *= len[i];
    int64_t half = n / nl * h;
    double *x = calloc((size_t)n * 4, sizeof(double)), *wre = x + n, *wim = wre + n, *back = wim + n;
    double *hre = malloc(sizeof(double) * (size_t)half * 4), *him = hre + half, *tre = him + half, *tim = tre + half;
    double *w = workspace(len, k, &doubles);
    if (!x || !hre || !w) {
        fprintf(stderr, "rfft test: out of memory\n");
        testing_failed_checks++;
        free(x), free(hre), free(w);
        return;
    }
    fill(x, n, 3);
    aj_fft_d(AJ_FFT_RFFT, x, NULL, hre, him, batch, len, k, w);
    naive(x, NULL, wre, wim, batch, len, k, 0);
    for (int64_t r = 0; r < n / nl; r++)
        for (int64_t j = 0; j < h; j++) tre[r * h + j] = wre[r * nl + j], tim[r * h + j] = wim[r * nl + j];
    double e = rel_err(hre, him, tre, tim, half);
    aj_fft_d(AJ_FFT_IRFFT, hre, him, back, NULL, batch, len, k, w);
    double round_trip = rel_err(back, NULL, x, NULL, n);
    if (e > 1e-13 || round_trip > 1e-13 || !canaries_intact(w, doubles)) {
        fprintf(stderr, "rfft, batch %lld, len %lld (k %d): error %g, irfft round trip %g%s\n", (long long)batch,
                (long long)nl, k, e, round_trip, canaries_intact(w, doubles) ? "" : ", wrote past the workspace");
        testing_failed_checks++;
    }
    free(x);
    free(hre);
    free(w);
}

TEST(every_length_to_100) {
    for (int64_t n = 1; n <= 100; n++) {
        expect_complex_matches(2, &n, 1);
        expect_real_matches(2, &n, 1);
    }
}

TEST(mixed_radix_and_bluestein_lengths) {
    /* 4^4, 2 x 4^4, 3^5, 5^4, 2^3 5^3, 31 (the largest radix) x 6, primes 37 and 257 and 1021 (Bluestein),
       2 x 37 x 3, 29 x 31 */
    static const int64_t lens[] = {256, 512, 243, 625, 1000, 186, 37, 257, 1021, 222, 899};
    for (size_t i = 0; i < sizeof lens / sizeof *lens; i++) {
        expect_complex_matches(1, &lens[i], 1);
        expect_real_matches(1, &lens[i], 1);
    }
}

TEST(several_dims) {
    static const int64_t two[] = {6, 10}, odd[] = {7, 9}, three[] = {3, 4, 5}, bluestein[] = {4, 37};
    expect_complex_matches(2, two, 2);
    expect_complex_matches(1, odd, 2);
    expect_complex_matches(2, three, 3);
    expect_complex_matches(1, bluestein, 2);
    expect_real_matches(2, two, 2);
    expect_real_matches(1, odd, 2);
    expect_real_matches(2, three, 3);
    expect_real_matches(1, bluestein, 2);
}

TEST(float_kernel_rounds_once) {
    static const int64_t n = 48;
    float re[48], im[48], ore[48], oim[48];
    double dre[48], dim[48], want_re[48], want_im[48];
    fill(dre, n, 4), fill(dim, n, 5);
    for (int i = 0; i < n; i++) re[i] = (float)dre[i], im[i] = (float)dim[i], dre[i] = re[i], dim[i] = im[i];
    int64_t doubles;
    double *w = workspace(&n, 1, &doubles);
    aj_fft_s(AJ_FFT_FFT, re, im, ore, oim, 1, &n, 1, w);
    aj_fft_d(AJ_FFT_FFT, dre, dim, want_re, want_im, 1, &n, 1, w);
    for (int i = 0; i < n; i++) EXPECT(ore[i] == (float)want_re[i] && oim[i] == (float)want_im[i]);
    free(w);
}

int main(void) {
    RUN(every_length_to_100);
    RUN(mixed_radix_and_bluestein_lengths);
    RUN(several_dims);
    RUN(float_kernel_rounds_once);
    return TESTS_DONE();
}
