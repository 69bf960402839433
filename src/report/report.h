/* report: presentations of the memory analysis (the memory picture).
 * Reads the public curve type; knows no pass, plan or runtime. */
#ifndef REPORT_H
#define REPORT_H
#include <stdbool.h>
#include <stddef.h>

#include "arrayjit.h"
#include "../util/diag.h"

/* The SVG text of a chart of the n curves (see svg.c) in a mem_alloc'ed
 * buffer *out of *len bytes. DIAG_OK or DIAG_NOMEM. */
int report_svg(const aj_memory_curve *curves, int n, const char *title, char **out, size_t *len, diag *d);
#endif
