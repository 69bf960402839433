/* error.c: the per-thread last-error message behind aj_last_error. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "api.h"

static _Thread_local char last_error[1024];

const char *aj_last_error(void) { return last_error; }

aj_status api_fail(aj_status status, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last_error, sizeof last_error, fmt, ap);
    va_end(ap);
    return status;
}

aj_status api_fail_diag(const diag *d) {
    return api_fail((aj_status)d->code, "%s", d->msg);
}

aj_status api_nomem(void) { return api_fail(AJ_ERR_NOMEM, "out of memory"); }
