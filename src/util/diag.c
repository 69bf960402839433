#include "diag.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

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

/* The number in s up to the next ':', or -1; *end past the ':'. */
static long number_before_colon(const char *s, const char **end) {
    long n = 0;
    if (*s < '0' || *s > '9') return -1;
    for (; *s >= '0' && *s <= '9'; s++)
        if ((n = n * 10 + (*s - '0')) > 1000000000L) return -1;
    if (*s != ':') return -1;
    *end = s + 1;
    return n;
}

enum { QUOTE_WIDTH = 100 };   /* the most of a source line quoted; a longer one is shown around the column */

void diag_quote_source(diag *d, const char *file, const char *text, size_t len) {
    size_t flen = strlen(file), used = strlen(d->msg);
    const char *p = d->msg + flen;
    if (!text || strncmp(d->msg, file, flen) != 0 || *p++ != ':') return;
    long line = number_before_colon(p, &p), col = line > 0 ? number_before_colon(p, &p) : -1;
    if (col < 1) return;
    size_t at = 0;
    for (long l = 1; l < line && at < len; at++)
        if (text[at] == '\n') l++;
    size_t end = at;
    while (end < len && text[end] != '\n') end++;
    if (at >= len || (size_t)(col - 1) > end - at) return;   /* a place past the text: nothing to show */
    size_t caret = at + (size_t)col - 1, from = at, to = end;
    if (to - from > QUOTE_WIDTH) {
        from = caret > at + QUOTE_WIDTH / 2 ? caret - QUOTE_WIDTH / 2 : at;
        to = from + QUOTE_WIDTH < end ? from + QUOTE_WIDTH : end;
    }
    char pad[QUOTE_WIDTH + 1];
    size_t n = 0;
    for (size_t i = from; i < caret && n < QUOTE_WIDTH; i++) pad[n++] = text[i] == '\t' ? '\t' : ' ';
    pad[n] = 0;
    char shown[QUOTE_WIDTH + 1];
    size_t k = 0;
    for (size_t i = from; i < to; i++) shown[k++] = text[i] >= ' ' || text[i] == '\t' ? text[i] : '?';
    shown[k] = 0;
    snprintf(d->msg + used, sizeof d->msg - used, "\n    %s%s%s\n    %s%s^", from > at ? "..." : "", shown,
             to < end ? "..." : "", from > at ? "   " : "", pad);
}
