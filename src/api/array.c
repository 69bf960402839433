/* array.c: host arrays (owned or wrapping caller memory) and .npy files. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "api.h"
#include "../check/elem.h"
#include "../util/file.h"
#include "../util/mem.h"

static aj_status array_new(aj_dtype dtype, int rank, const int64_t *dims, aj_array **out) {
    ir_type t;
    aj_status st = api_type_from(dtype, rank, dims, &t);
    if (st) return st;
    aj_array *a = mem_calloc(1, sizeof *a);
    if (!a) return api_nomem();
    a->dtype = dtype;
    a->rank = rank;
    if (rank) memcpy(a->dims, dims, (size_t)rank * sizeof(int64_t));
    *out = a;
    return AJ_OK;
}

aj_status api_array_create_unfilled(aj_dtype dtype, int rank, const int64_t *dims, aj_array **out) {
    aj_array *a = NULL;
    aj_status st = array_new(dtype, rank, dims, &a);
    if (st) return st;
    a->data = mem_alloc_buffer(aj_array_bytes(a));
    if (!a->data) {
        mem_free(a);
        return api_nomem();
    }
    a->owns_data = 1;
    *out = a;
    return AJ_OK;
}

aj_status aj_array_create(aj_dtype dtype, int rank, const int64_t *dims, aj_array **out) {
    aj_status st = api_array_create_unfilled(dtype, rank, dims, out);
    if (!st) memset((*out)->data, 0, aj_array_bytes(*out));
    return st;
}

aj_status aj_array_wrap(aj_dtype dtype, int rank, const int64_t *dims, void *data,
                        aj_array **out) {
    aj_array *a = NULL;
    if (!data) return api_fail(AJ_ERR_INVALID, "aj_array_wrap: data is NULL");
    aj_status st = array_new(dtype, rank, dims, &a);
    if (st) return st;
    a->data = data;
    *out = a;
    return AJ_OK;
}

aj_status api_array_adopt(const ir_type *t, void *data, aj_array **out) {
    aj_array *a = NULL;
    aj_status st = array_new((aj_dtype)t->dtype, t->rank, t->dims, &a);
    if (st) return st;
    a->data = data;
    a->owns_data = 1;
    *out = a;
    return AJ_OK;
}

void aj_array_destroy(aj_array *a) {
    if (!a) return;
    if (a->owns_data) mem_free(a->data);
    mem_free(a);
}

void *aj_array_data(const aj_array *a) { return a->data; }
aj_dtype aj_array_dtype(const aj_array *a) { return a->dtype; }
int aj_array_rank(const aj_array *a) { return a->rank; }
const int64_t *aj_array_dims(const aj_array *a) { return a->dims; }

int64_t aj_array_numel(const aj_array *a) {
    int64_t n = 1;
    for (int i = 0; i < a->rank; i++) n *= a->dims[i];
    return n;
}

size_t aj_array_bytes(const aj_array *a) {
    return (size_t)aj_array_numel(a) * aj_dtype_size(a->dtype);
}

double aj_array_get_f64(const aj_array *a, int64_t i) {
    ir_dtype t = (ir_dtype)a->dtype;
    elem_value v = elem_load(t, a->data, i);
    if (ir_dtype_is_float(t)) return v.f;
    return ir_dtype_is_unsigned(t) ? (double)(uint64_t)v.i : (double)v.i;
}

/* aj_dtype and ir_dtype number the element types alike (the complex types,
 * which no public function takes, come after the last public one). */
_Static_assert((int)AJ_F4E2M1FN == (int)IR_F4E2M1FN && (int)AJ_DTYPE_COUNT == (int)IR_C64,
               "aj_dtype follows ir_dtype");
static const char *npy_descr(aj_dtype t) { return ir_dtype_npy_descr((ir_dtype)t); }

/* A byte that an element of t (a one-byte type) may hold: a sub-byte
 * integer's value extended, an f6's or f4's bits in its low bits. */
static bool byte_fits(ir_dtype t, uint8_t b) {
    int w = ir_dtype_bits(t);
    if (t == IR_I1) return b <= 1;
    if (w >= 8) return true;
    if (ir_dtype_is_int(t) && !ir_dtype_is_unsigned(t)) return (int8_t)b >= -(1 << (w - 1)) && (int8_t)b < 1 << (w - 1);
    return b < 1u << w;
}

aj_status aj_array_retype(aj_array *a, aj_dtype dtype) {
    if ((unsigned)dtype >= AJ_DTYPE_COUNT) return api_fail(AJ_ERR_INVALID, "unknown dtype %d", (int)dtype);
    ir_dtype from = (ir_dtype)a->dtype, to = (ir_dtype)dtype;
    if (ir_dtype_size(from) != ir_dtype_size(to) || strcmp(npy_descr(a->dtype), npy_descr(dtype)) != 0)
        return api_fail(AJ_ERR_INVALID, "an array of %s cannot be read as %s (their storage differs)",
                        ir_dtype_name(from), ir_dtype_name(to));
    int64_t n = ir_dtype_size(to) == 1 ? aj_array_numel(a) : 0;
    for (int64_t i = 0; i < n; i++)
        if (!byte_fits(to, ((const uint8_t *)a->data)[i]))
            return api_fail(AJ_ERR_INVALID, "element %lld (byte 0x%02x) is no %s", (long long)i,
                            ((const uint8_t *)a->data)[i], ir_dtype_name(to));
    a->dtype = dtype;
    return AJ_OK;
}

/* ---- .npy ---------------------------------------------------------------- */


/* Finds the value text after 'key': in a header dict; NULL if absent. */
static const char *npy_field(const char *header, const char *key) {
    char quoted[32];
    snprintf(quoted, sizeof quoted, "'%s'", key);
    const char *p = strstr(header, quoted);
    if (!p) return NULL;
    p += strlen(quoted);
    while (*p == ' ' || *p == ':') p++;
    return p;
}

static aj_status npy_parse_header(const char *path, const char *header, aj_dtype *dtype,
                                  int *rank, int64_t *dims) {
    const char *descr = npy_field(header, "descr");
    const char *order = npy_field(header, "fortran_order");
    const char *shape = npy_field(header, "shape");
    if (!descr || !order || !shape || *descr != '\'' || *shape != '(')
        return api_fail(AJ_ERR_INVALID, "%s: malformed .npy header", path);
    int found = 0;
    for (int t = 0; t < AJ_DTYPE_COUNT && !found; t++) {
        size_t n = strlen(npy_descr((aj_dtype)t));
        if (strncmp(descr + 1, npy_descr((aj_dtype)t), n) == 0 && descr[1 + n] == '\'') {
            *dtype = (aj_dtype)t;
            found = 1;
        }
    }
    /* ml_dtypes saves float8_e5m2 as '<f1' (its other small floats as '<V1'):
     * one byte a float, read as the first '<V1' type (the caller retypes
     * it to what its parameter takes). */
    for (int t = 0; t < AJ_DTYPE_COUNT && !found; t++)
        if (strncmp(descr + 1, "<f1'", 4) == 0 && strcmp(npy_descr((aj_dtype)t), "<V1") == 0) *dtype = (aj_dtype)t, found = 1;
    /* A complex array is read as its parts interleaved, a real array with a
     * trailing dimension of 2: what a public function takes for it. */
    bool complex = false;
    for (aj_dtype part = AJ_F32; !found && part <= AJ_F64; part++) {
        const char *c = part == AJ_F32 ? "<c8'" : "<c16'";
        if (strncmp(descr + 1, c, strlen(c)) == 0) *dtype = part, found = complex = true;
    }
    if (!found) {
        const char *end = strchr(descr + 1, '\'');
        return api_fail(AJ_ERR_UNSUPPORTED, "%s: dtype %.*s is not supported (use <f4 <f8 <f2 <V2 (bf16) <V1 (f8, f6, f4) "
                        "<i8 <i4 <i2 |i1 <u8 <u4 <u2 |u1 |b1, or <c8 <c16 as f32 or f64 with a trailing 2)",
                        path, end ? (int)(end - descr - 1) : 8, descr + 1);
    }
    if (strncmp(order, "False", 5) != 0)
        return api_fail(AJ_ERR_UNSUPPORTED, "%s: Fortran-order arrays are not supported", path);
    *rank = 0;
    const char *p = shape + 1;
    for (;;) {
        while (*p == ' ' || *p == ',') p++;
        if (*p == ')') break;
        char *end;
        long long d = strtoll(p, &end, 10);
        if (end == p || d < 0 || *rank == AJ_MAX_RANK)
            return api_fail(AJ_ERR_INVALID, "%s: malformed or unsupported shape in .npy header", path);
        dims[(*rank)++] = d;
        p = end;
    }
    if (complex && *rank == AJ_MAX_RANK)
        return api_fail(AJ_ERR_UNSUPPORTED, "%s: a complex array of rank %d (read as rank %d) is not supported", path,
                        *rank, *rank + 1);
    if (complex) dims[(*rank)++] = 2;
    return AJ_OK;
}

/* Reads exactly n bytes at off; AJ_OK, or an error naming path. */
static aj_status npy_read_at(const char *path, int fd, void *buf, size_t n, off_t off) {
    char *p = buf;
    while (n > 0) {
        ssize_t got = pread(fd, p, n, off);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) return api_fail(AJ_ERR_IO, "%s: read failed: %s", path, strerror(errno));
        if (got == 0) return api_fail(AJ_ERR_IO, "%s: the file shrank while being read", path);
        p += got;
        n -= (size_t)got;
        off += got;
    }
    return AJ_OK;
}

/* Opens path for reading, which must be a regular file: its size is what
 * bounds every allocation a header's claim leads to, and a FIFO or device
 * has none (so it is refused; looked at before it is opened, and opened
 * without blocking, so a FIFO's open never waits for a writer). */
static aj_status npy_open(const char *path, int *fd, off_t *size) {
    struct stat st;
    if (stat(path, &st) != 0 || (S_ISREG(st.st_mode) && (*fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)) < 0))
        return api_fail(AJ_ERR_IO, "%s: cannot open: %s", path, strerror(errno));
    if (*fd >= 0 && fstat(*fd, &st) == 0 && S_ISREG(st.st_mode)) {
        *size = st.st_size;
        return AJ_OK;
    }
    if (*fd >= 0) close(*fd);
    return api_fail(AJ_ERR_IO, "%s: not a regular file (a .npy is read from a file of known size)", path);
}

/* "(3, 4)": a shape as NumPy prints it. */
static void npy_shape_text(int rank, const int64_t *dims, char *text, size_t cap) {
    int n = snprintf(text, cap, "(");
    for (int i = 0; i < rank; i++)
        n += snprintf(text + n, cap - (size_t)n, "%s%lld", i ? ", " : "", (long long)dims[i]);
    snprintf(text + n, cap - (size_t)n, "%s)", rank == 1 ? "," : "");
}

/* The data bytes the header's shape claims must be the bytes the file
 * holds after the header; checked before anything of that size exists. */
static aj_status npy_check_size(const char *path, aj_dtype dtype, int rank, const int64_t *dims, uint64_t have) {
    uint64_t need = aj_dtype_size(dtype);
    bool overflow = false;
    for (int i = 0; i < rank; i++) overflow |= __builtin_mul_overflow(need, (uint64_t)dims[i], &need);
    if (!overflow && need == have) return AJ_OK;
    char shape[AJ_MAX_RANK * 22 + 4];
    npy_shape_text(rank, dims, shape, sizeof shape);
    if (overflow)
        return api_fail(AJ_ERR_INVALID, "%s: its header claims shape %s of %s, over 2^64 bytes, but the file holds "
                        "%" PRIu64 " data bytes", path, shape, npy_descr(dtype), have);
    return api_fail(AJ_ERR_INVALID, "%s: its header claims shape %s of %s, %" PRIu64 " bytes, but the file holds "
                    "%" PRIu64 " data bytes", path, shape, npy_descr(dtype), need, have);
}

/* The preamble: magic, version, header length; *hstart is where the header
 * begins. The header must lie within the file's size. */
static aj_status npy_preamble(const char *path, int fd, off_t size, size_t *hstart, size_t *hlen) {
    unsigned char b[12] = {0};
    aj_status st = size < 10 ? AJ_OK : npy_read_at(path, fd, b, size < 12 ? 10 : 12, 0);
    if (st) return st;
    if (size < 10 || memcmp(b, "\x93NUMPY", 6) != 0) return api_fail(AJ_ERR_INVALID, "%s: not a .npy file (bad magic)", path);
    if (b[6] == 1) {
        *hlen = b[8] | (size_t)b[9] << 8;
        *hstart = 10;
    } else if ((b[6] == 2 || b[6] == 3) && size >= 12) {
        *hlen = b[8] | (size_t)b[9] << 8 | (size_t)b[10] << 16 | (size_t)b[11] << 24;
        *hstart = 12;
    } else {
        return api_fail(AJ_ERR_UNSUPPORTED, "%s: .npy format version %d is not supported", path, b[6]);
    }
    if ((uint64_t)*hstart + *hlen > (uint64_t)size) return api_fail(AJ_ERR_INVALID, "%s: truncated .npy header", path);
    return AJ_OK;
}

/* Every allocation here is bounded by the file's size: the header by the
 * preamble's check, the array by npy_check_size. */
static aj_status npy_load_fd(const char *path, int fd, off_t size, aj_array **out) {
    size_t hstart = 0, hlen = 0;
    aj_status st = npy_preamble(path, fd, size, &hstart, &hlen);
    char *header = NULL;
    if (!st && !(header = mem_alloc(hlen + 1))) st = api_nomem();
    if (!st) st = npy_read_at(path, fd, header, hlen, (off_t)hstart);
    aj_dtype dtype = AJ_F32;
    int rank = 0;
    int64_t dims[AJ_MAX_RANK];
    if (!st) {
        header[hlen] = 0;
        st = npy_parse_header(path, header, &dtype, &rank, dims);
    }
    mem_free(header);
    off_t data = (off_t)(hstart + hlen);
    if (!st) st = npy_check_size(path, dtype, rank, dims, (uint64_t)(size - data));
    aj_array *a = NULL;
    if (!st) st = aj_array_create(dtype, rank, dims, &a);
    if (!st) st = npy_read_at(path, fd, a->data, aj_array_bytes(a), data);
    if (st) aj_array_destroy(a);
    else *out = a;
    return st;
}

aj_status aj_array_load_npy(const char *path, aj_array **out) {
    int fd = -1;
    off_t size = 0;
    aj_status st = npy_open(path, &fd, &size);
    if (st) return st;
    st = npy_load_fd(path, fd, size, out);
    close(fd);
    return st;
}

/* a's bytes as a .npy of descr and the first rank of a's dims. */
static aj_status save_npy(const aj_array *a, const char *descr, int rank, const char *path) {
    char header[256];
    int n = snprintf(header, sizeof header, "{'descr': '%s', 'fortran_order': False, 'shape': (", descr);
    for (int i = 0; i < rank; i++)
        n += snprintf(header + n, sizeof header - (size_t)n, "%lld%s", (long long)a->dims[i],
                      rank == 1 ? "," : (i + 1 < rank ? ", " : ""));
    n += snprintf(header + n, sizeof header - (size_t)n, "), }");
    /* Pad with spaces and a newline so the data starts 64-byte aligned. */
    size_t total = 10 + (size_t)n + 1;
    size_t padded = (total + 63) / 64 * 64;
    char preamble[256 + 74];
    memcpy(preamble, "\x93NUMPY\x01\x00", 8);
    size_t hlen = padded - 10;
    preamble[8] = (char)(hlen & 0xff);
    preamble[9] = (char)(hlen >> 8);
    memcpy(preamble + 10, header, (size_t)n);
    memset(preamble + 10 + n, ' ', padded - total);
    preamble[padded - 1] = '\n';
    const void *pieces[2] = {preamble, a->data};
    size_t sizes[2] = {padded, aj_array_bytes(a)};
    diag d = {0};
    if (file_write_atomic(path, pieces, sizes, 2, &d)) return api_fail_diag(&d);
    return AJ_OK;
}

aj_status aj_array_save_npy(const aj_array *a, const char *path) {
    return save_npy(a, npy_descr(a->dtype), a->rank, path);
}

aj_status aj_array_save_npy_complex(const aj_array *a, const char *path) {
    if ((a->dtype != AJ_F32 && a->dtype != AJ_F64) || a->rank < 1 || a->dims[a->rank - 1] != 2)
        return api_fail(AJ_ERR_INVALID, "%s: a complex array is saved from f32 or f64 parts with a trailing dim of 2",
                        path);
    return save_npy(a, a->dtype == AJ_F32 ? "<c8" : "<c16", a->rank - 1, path);
}
