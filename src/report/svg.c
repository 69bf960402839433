/* svg.c: the memory picture as an SVG chart.
 *
 * One chart, several series (eager, compiled, compiled with remat): steps in
 * program order on x, each series stretched over the whole width (an eager
 * run has one step per op, a compiled one per kernel, so only order is
 * comparable, not position); bytes live on y from zero. Each series is a
 * step line; its peak is marked with a dot and labelled, and a legend under
 * the plot says what is live there. A series whose reported peak is above
 * its largest step (an arena packed with gaps) also gets a dashed line at
 * that peak, so the chart never shows less than the reported figure.
 * Every step carries a tooltip (<title>) with its label and bytes. */
#include "report.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../util/mem.h"

enum { WIDTH = 960, PLOT_LEFT = 100, PLOT_RIGHT = 30, PLOT_TOP = 60, PLOT_HEIGHT = 360,
       LEGEND_LINE = 20, NOTE_CHARS = 120 };

static const char *const colours[] = {"#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e"};

typedef struct text {
    char *s;
    size_t len, cap;
    bool failed;   /* an allocation failed; the text is incomplete */
} text;

static void put(text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(text *t, const char *fmt, ...) {
    if (t->failed) return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(t->s ? t->s + t->len : NULL, t->s ? t->cap - t->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0) {
            t->failed = true;
            return;
        }
        if (t->s && t->len + (size_t)n < t->cap) {
            t->len += (size_t)n;
            return;
        }
        size_t cap = t->cap ? t->cap : 4096;
        while (cap <= t->len + (size_t)n) cap *= 2;
        char *s = mem_realloc(t->s, cap);
        if (!s) {
            t->failed = true;
            return;
        }
        t->s = s;
        t->cap = cap;
    }
}

/* s with XML's special characters escaped, cut to at most max characters. */
static void put_escaped(text *t, const char *s, size_t max) {
    size_t n = strlen(s);
    for (size_t i = 0; i < n && i < max; i++) {
        switch (s[i]) {
        case '&': put(t, "&amp;"); break;
        case '<': put(t, "&lt;"); break;
        case '>': put(t, "&gt;"); break;
        case '"': put(t, "&quot;"); break;
        default: put(t, "%c", s[i]); break;
        }
    }
    if (n > max) put(t, "...");
}

/* "12.3 MiB", "4.0 KiB", "512 B" */
static const char *human(size_t bytes, char *buf, size_t size) {
    if (bytes >= (size_t)1 << 20) snprintf(buf, size, "%.1f MiB", bytes / 1048576.0);
    else if (bytes >= 1024) snprintf(buf, size, "%.1f KiB", bytes / 1024.0);
    else snprintf(buf, size, "%zu B", bytes);
    return buf;
}

typedef struct frame {
    double plot_width;
    size_t top_bytes;   /* the y axis' top */
} frame;

static double x_at(const frame *fr, int step, int nsteps) {
    return PLOT_LEFT + fr->plot_width * step / (nsteps > 0 ? nsteps : 1);
}

static double y_at(const frame *fr, size_t bytes) {
    return PLOT_TOP + PLOT_HEIGHT * (1.0 - (double)bytes / (double)fr->top_bytes);
}

static void put_axes(text *t, const frame *fr) {
    char buf[32];
    for (int i = 0; i <= 5; i++) {
        size_t b = fr->top_bytes / 5 * (size_t)i;
        double y = y_at(fr, b);
        put(t, "<line x1='%d' y1='%.1f' x2='%.1f' y2='%.1f' stroke='#ddd'/>\n", PLOT_LEFT, y,
            PLOT_LEFT + fr->plot_width, y);
        put(t, "<text x='%d' y='%.1f' text-anchor='end' font-size='12'>%s</text>\n", PLOT_LEFT - 8,
            y + 4, human(b, buf, sizeof buf));
    }
    put(t, "<line x1='%d' y1='%d' x2='%d' y2='%d' stroke='#333'/>\n", PLOT_LEFT, PLOT_TOP, PLOT_LEFT,
        PLOT_TOP + PLOT_HEIGHT);
    put(t, "<line x1='%d' y1='%d' x2='%.1f' y2='%d' stroke='#333'/>\n", PLOT_LEFT, PLOT_TOP + PLOT_HEIGHT,
        PLOT_LEFT + fr->plot_width, PLOT_TOP + PLOT_HEIGHT);
    put(t, "<text x='%.1f' y='%d' text-anchor='middle' font-size='13'>program order: kernels "
           "(compiled) or ops (eager), each series stretched over the width</text>\n",
        PLOT_LEFT + fr->plot_width / 2, PLOT_TOP + PLOT_HEIGHT + 24);
    put(t, "<text x='20' y='%d' font-size='13' transform='rotate(-90 20 %d)' "
           "text-anchor='middle'>bytes live</text>\n", PLOT_TOP + PLOT_HEIGHT / 2, PLOT_TOP + PLOT_HEIGHT / 2);
}

static void put_series(text *t, const frame *fr, const aj_memory_curve *c, const char *colour) {
    int n = c->nsteps;
    put(t, "<g>\n<polyline fill='none' stroke='%s' stroke-width='2' points='", colour);
    for (int s = 0; s < n; s++)
        put(t, "%.1f,%.1f %.1f,%.1f ", x_at(fr, s, n), y_at(fr, c->bytes[s]), x_at(fr, s + 1, n),
            y_at(fr, c->bytes[s]));
    put(t, "'/>\n");
    for (int s = 0; s < n; s++) {   /* tooltips */
        char buf[32];
        put(t, "<rect x='%.1f' y='%d' width='%.2f' height='%d' fill='transparent'><title>", x_at(fr, s, n),
            PLOT_TOP, x_at(fr, s + 1, n) - x_at(fr, s, n), PLOT_HEIGHT);
        put_escaped(t, c->name, 40);
        put(t, " step %d: ", s);
        put_escaped(t, c->labels[s], 200);
        put(t, " (%s)</title></rect>\n", human(c->bytes[s], buf, sizeof buf));
    }
    if (n > 0) {
        double px = (x_at(fr, c->peak_step, n) + x_at(fr, c->peak_step + 1, n)) / 2;
        put(t, "<circle cx='%.1f' cy='%.1f' r='5' fill='%s'/>\n", px, y_at(fr, c->bytes[c->peak_step]), colour);
    }
    if (n > 0 && c->peak_bytes > c->bytes[c->peak_step]) {
        put(t, "<line x1='%d' y1='%.1f' x2='%.1f' y2='%.1f' stroke='%s' stroke-dasharray='6 4'/>\n",
            PLOT_LEFT, y_at(fr, c->peak_bytes), PLOT_LEFT + fr->plot_width, y_at(fr, c->peak_bytes), colour);
    }
    put(t, "</g>\n");
}

static void put_legend(text *t, int i, const aj_memory_curve *c, const char *colour) {
    char buf[32];
    int y = PLOT_TOP + PLOT_HEIGHT + 50 + 2 * LEGEND_LINE * i;
    put(t, "<rect x='%d' y='%d' width='14' height='14' fill='%s'/>\n", PLOT_LEFT, y - 12, colour);
    put(t, "<text x='%d' y='%d' font-size='13' font-weight='bold'>", PLOT_LEFT + 22, y);
    put_escaped(t, c->name, 40);
    put(t, ": peak %s", human(c->peak_bytes, buf, sizeof buf));
    if (c->nsteps > 0) {
        put(t, " at step %d of %d (", c->peak_step, c->nsteps);
        put_escaped(t, c->labels[c->peak_step], 36);
        put(t, ")");
    }
    put(t, "</text>\n<text x='%d' y='%d' font-size='11' fill='#444'>live there: ", PLOT_LEFT + 22,
        y + LEGEND_LINE - 4);
    put_escaped(t, c->peak_note ? c->peak_note : "", NOTE_CHARS);
    put(t, "</text>\n");
}

int report_svg(const aj_memory_curve *curves, int n, const char *title, char **out, size_t *len, diag *d) {
    frame fr = {.plot_width = WIDTH - PLOT_LEFT - PLOT_RIGHT, .top_bytes = 1};
    for (int i = 0; i < n; i++) {
        if (curves[i].peak_bytes > fr.top_bytes) fr.top_bytes = curves[i].peak_bytes;
        for (int s = 0; s < curves[i].nsteps; s++)
            if (curves[i].bytes[s] > fr.top_bytes) fr.top_bytes = curves[i].bytes[s];
    }
    fr.top_bytes += fr.top_bytes / 10;   /* headroom for the peak labels */
    int height = PLOT_TOP + PLOT_HEIGHT + 60 + 2 * LEGEND_LINE * n;
    text t = {0};
    put(&t, "<?xml version='1.0' encoding='UTF-8'?>\n"
            "<svg xmlns='http://www.w3.org/2000/svg' width='%d' height='%d' viewBox='0 0 %d %d' "
            "font-family='DejaVu Sans, Arial, sans-serif'>\n<rect width='100%%' height='100%%' fill='white'/>\n",
        WIDTH, height, WIDTH, height);
    put(&t, "<text x='%d' y='30' font-size='18' font-weight='bold'>", PLOT_LEFT);
    put_escaped(&t, title ? title : "memory", 120);
    put(&t, "</text>\n");
    put_axes(&t, &fr);
    for (int i = 0; i < n; i++) put_series(&t, &fr, &curves[i], colours[i % 5]);
    for (int i = 0; i < n; i++) put_legend(&t, i, &curves[i], colours[i % 5]);
    put(&t, "</svg>\n");
    if (t.failed) {
        mem_free(t.s);
        return diag_nomem(d);
    }
    *out = t.s;
    *len = t.len;
    return DIAG_OK;
}
