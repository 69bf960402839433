/* file: whole-file reads, atomic writes, and streams into memory. */
#ifndef FILE_H
#define FILE_H
#include <stddef.h>
#include <stdio.h>

#include "diag.h"

/* Reads a whole file into a NUL-terminated mem_alloc buffer. */
int file_read_all(const char *path, char **text, size_t *len, diag *d);

/* Writes the pieces to a temporary file beside path, then renames it over
 * path, so that readers never see a half-written file and a failure leaves
 * nothing behind. */
int file_write_atomic(const char *path, const void *const *pieces, const size_t *sizes,
                      int npieces, diag *d);

/* A stream whose text collects in memory from mem.h (unlike
 * open_memstream's, which comes from malloc). After fclose, text holds
 * len bytes and a NUL unless failed (an allocation failed: the caller
 * frees text and reports it). */
typedef struct file_text {
    char *text;
    size_t len, cap;
    int failed;
} file_text;

FILE *file_text_open(file_text *t);   /* NULL if the stream cannot be made */
#endif
