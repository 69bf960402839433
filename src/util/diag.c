#include "diag.h"
#include <stdarg.h>
#include <stdio.h>

int diag_set(diag *d, int code, const char *fmt, ...) {
    if (!d) return code;
    d->code = code;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->msg, sizeof d->msg, fmt, ap);
    va_end(ap);
    return code;
}

int diag_nomem(diag *d) { return diag_set(d, DIAG_NOMEM, "out of memory"); }
