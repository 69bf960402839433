/* diag: status codes and an error message with a location.
 *
 * Internal functions return an int status (DIAG_OK = 0) and fill a diag.
 * The numeric codes equal the public aj_status values. */
#ifndef DIAG_H
#define DIAG_H

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
#endif
