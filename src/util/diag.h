/* diag: status codes and an error message with a location.
 *
 * Internal functions return an int status (DIAG_OK = 0) and fill a diag.
 * The numeric codes equal the public aj_status values. */
#ifndef DIAG_H
#define DIAG_H
#include <stddef.h>

enum {
    DIAG_OK = 0,
    DIAG_INVALID = 1,      /* malformed input, wrong shapes or dtypes */
    DIAG_UNSUPPORTED = 2,  /* valid input using a feature outside the supported tiers */
    DIAG_NOMEM = 3,
    DIAG_IO = 4,
    DIAG_CHECK_FAILED = 5, /* a program's check.* op failed */
    DIAG_TIMEOUT = 6,      /* a run passed its time limit (a while loop stopped) */
};

typedef struct diag {
    int code;
    char msg[1024];
} diag;

/* Sets code and formats msg (truncating); returns code. d may be NULL. */
int diag_set(diag *d, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
int diag_nomem(diag *d);

/* When d's message starts with "FILE:LINE:COL:" (file as given), appends
 * that line of the source text (len bytes) and a caret under its column,
 * as chibicc's verror_at shows them:
 *     t.mlir:2:8: unknown op 'stablehlo.frobnicate'
 *         %a = stablehlo.frobnicate %b : tensor<f32>
 *              ^
 * A line longer than 100 bytes is shown around the column; control bytes
 * are shown as '?'. Anything else (no location, another file, a place
 * past the text) leaves the message as it is. */
void diag_quote_source(diag *d, const char *file, const char *text, size_t len);
#endif
