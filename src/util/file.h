/* file: whole-file reads and atomic writes. */
#ifndef FILE_H
#define FILE_H
#include <stddef.h>

#include "diag.h"

/* Reads a whole file into a NUL-terminated mem_alloc buffer. */
int file_read_all(const char *path, char **text, size_t *len, diag *d);

/* Writes the pieces to a temporary file beside path, then renames it over
 * path, so that readers never see a half-written file and a failure leaves
 * nothing behind. */
int file_write_atomic(const char *path, const void *const *pieces, const size_t *sizes,
                      int npieces, diag *d);
#endif
