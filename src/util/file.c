#define _GNU_SOURCE   /* fopencookie */
#include "file.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mem.h"

int file_read_all(const char *path, char **text, size_t *len, diag *d) {
    FILE *f = fopen(path, "rb");
    if (!f) return diag_set(d, DIAG_IO, "%s: cannot open: %s", path, strerror(errno));
    /* A regular file is read into one buffer of its size (+ the NUL, + one
     * byte so that the first read sees the end): growing by doubling would
     * leave the smaller copies behind in a pooling allocator. */
    struct stat st;
    size_t cap = 1 << 16, n = 0;
    if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && (uint64_t)st.st_size < SIZE_MAX - 2)
        cap = (size_t)st.st_size + 2;
    char *buf = mem_alloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n - 1, f);
        if (ferror(f)) {
            int err = errno;
            fclose(f);
            mem_free(buf);
            return diag_set(d, DIAG_IO, "%s: read failed: %s", path, strerror(err));
        }
        if (feof(f)) break;
        char *bigger = mem_realloc(buf, cap * 2);
        if (!bigger) mem_free(buf);
        buf = bigger;
        cap *= 2;
    }
    fclose(f);
    if (!buf) return diag_nomem(d);
    buf[n] = 0;
    *text = buf;
    *len = n;
    return DIAG_OK;
}

int file_write_atomic(const char *path, const void *const *pieces, const size_t *sizes,
                      int npieces, diag *d) {
    size_t plen = strlen(path);
    char *tmp = mem_alloc(plen + 32);
    if (!tmp) return diag_nomem(d);
    snprintf(tmp, plen + 32, "%s.tmp.%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "wb");
    if (!f) {
        int err = errno;
        mem_free(tmp);
        return diag_set(d, DIAG_IO, "%s: cannot create: %s", path, strerror(err));
    }
    int ok = 1;
    for (int i = 0; i < npieces && ok; i++)
        ok = fwrite(pieces[i], 1, sizes[i], f) == sizes[i];
    int err = errno;
    if (fclose(f) != 0 && ok) {
        ok = 0;
        err = errno;
    }
    if (ok && rename(tmp, path) != 0) {
        ok = 0;
        err = errno;
    }
    if (!ok) remove(tmp);
    mem_free(tmp);
    if (!ok) return diag_set(d, DIAG_IO, "%s: write failed: %s", path, strerror(err));
    return DIAG_OK;
}

static ssize_t text_write(void *cookie, const char *buf, size_t size) {
    file_text *t = cookie;
    if (t->failed) return 0;
    if (t->len + size + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 256;
        while (cap < t->len + size + 1) cap *= 2;
        char *p = mem_realloc(t->text, cap);
        if (!p) {
            t->failed = 1;
            return 0;   /* an error to stdio */
        }
        t->text = p;
        t->cap = cap;
    }
    memcpy(t->text + t->len, buf, size);
    t->len += size;
    t->text[t->len] = 0;
    return (ssize_t)size;
}

FILE *file_text_open(file_text *t) {
    *t = (file_text){0};
    return fopencookie(t, "w", (cookie_io_functions_t){.write = text_write});
}
