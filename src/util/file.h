/* file: whole-file reads, atomic writes, and streams into memory. */
#ifndef FILE_H
#define FILE_H
#include <stddef.h>
#include <stdio.h>

#include "diag.h"

/* Reads a whole file into a NUL-terminated mem_alloc buffer: a regular
 * file, or a pipe (at most 1 GiB); a device or directory is refused, and a
 * FIFO with no writer reads as empty instead of waiting for one. */
int file_read_all(const char *path, char **text, size_t *len, diag *d);

/* Writes the pieces to path: the one way every file a user names is
 * written. Readers see the old file or the whole new one; only a regular
 * file is replaced (a symlink, FIFO, device or directory at path is an
 * error, left untouched), keeping its permission bits; a failure or a
 * SIGINT/SIGTERM/SIGHUP leaves nothing behind (file.c says how). */
int file_write_atomic(const char *path, const void *const *pieces, const size_t *sizes,
                      int npieces, diag *d);

/* For tests (not thread-safe to set): no_tmpfile makes writes take the
 * named-temporary path, as on a file system without O_TMPFILE; placing,
 * when set, runs once the data is written and synced, just before the file
 * is put in place (a test raises a signal there). */
typedef struct file_test_hooks {
    int no_tmpfile;
    void (*placing)(void);
} file_test_hooks;
void file_set_test_hooks(file_test_hooks h);

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
