/* eval.c: the reference evaluator's driver.
 *
 * A function activation is a frame: one buffer slot per value id of the
 * function. Its body runs op by op; before an op runs, its results get
 * fresh buffers (a call's results come back fresh from the callee); after
 * it runs, every value whose last use was that op is freed, and so is a
 * result nobody uses. A use inside a region (reduce's reducer) counts as a
 * use at the op that owns the region, so captured values stay alive for the
 * whole op.
 *
 * Memory accounting (eval_stats): every value buffer the driver allocates is
 * counted (bytes_allocated, live_bytes, peak_live_bytes); the caller's
 * arguments are borrowed and not counted; outputs stay live. A function
 * output that the frame does not own (an argument, or a value returned
 * twice) is copied, and the copy is counted. The scratch scalars of a
 * reducer region are not value buffers and are not counted, and neither
 * are the values inside a fusion's region: a kernel's intermediates are
 * never materialised, only its results (the fusion op's own values). */
#include "eval.h"

#include <stdarg.h>
#include <stdio.h>

#include "../check/check.h"
#include "../util/clock.h"
#include "../util/mem.h"
#include "eval_internal.h"

enum { MAX_CALL_DEPTH = 100 };

struct ev_run {
    const ir_module *m;
    eval_stats stats;      /* this run alone: live and peak start at 0 */
    eval_checks checks;
    int depth;             /* function activations open */
    bool dry_run;          /* account for every buffer, compute nothing */
    bool recording;        /* append every op's step to curve */
    double timeout;        /* > 0: while loops stop at deadline (ev_past_deadline) */
    double deadline;       /* monotonic seconds */
    eval_step *curve;
    int ncurve, cap_curve;
};

/* Appends the step of op, which just ran (results live, operands not yet freed). */
static int record_step(ev_run *run, const ir_op *op, diag *d) {
    if (mem_grow((void **)&run->curve, &run->cap_curve, run->ncurve + 1, sizeof *run->curve)) return diag_nomem(d);
    run->curve[run->ncurve++] = (eval_step){op, run->stats.live_bytes};
    return DIAG_OK;
}

int ev_fail(diag *d, int code, const ir_op *op, const char *fmt, ...) {
    char what[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (op->loc.file)
        return diag_set(d, code, "%s:%d:%d: %s: %s", op->loc.file, op->loc.line, op->loc.col,
                        ir_op_name(op->code), what);
    return diag_set(d, code, "%s: %s", ir_op_name(op->code), what);
}

int ev_results_fit(const ev_frame *fr, const ir_op *op, diag *d) {
    ir_type want[8];
    if (op->nout > 8) return ev_fail(d, DIAG_INVALID, op, "more than 8 results");
    int rc = ir_infer_types(fr->f, op, want, d);
    for (int i = 0; !rc && i < op->nout; i++)
        if (!ir_type_eq(&want[i], ev_type(fr, op->out[i])))
            rc = ev_fail(d, DIAG_INVALID, op, "result %d does not fit", i);
    return rc;
}

/* ---- counted buffers --------------------------------------------------------- */

static void *alloc_counted(ev_run *run, size_t bytes) {
    void *p = mem_alloc_buffer(bytes);
    if (!p) return NULL;
    eval_stats *s = &run->stats;
    s->bytes_allocated += bytes;
    s->live_bytes += bytes;
    if (s->live_bytes > s->peak_live_bytes) s->peak_live_bytes = s->live_bytes;
    return p;
}

static void free_counted(ev_run *run, void *p, size_t bytes) {
    mem_free(p);
    run->stats.live_bytes -= bytes;
}

static size_t value_bytes(const ev_frame *fr, ir_value_id v) { return ir_type_bytes(ev_type(fr, v)); }

/* ---- frames ------------------------------------------------------------------- */

static int frame_open(ev_frame *fr, ev_run *run, const ir_func *f, diag *d) {
    *fr = (ev_frame){.run = run, .m = run->m, .f = f};
    fr->buf = mem_calloc((size_t)f->nvalues, sizeof(void *));
    fr->slot = mem_calloc((size_t)f->nvalues, sizeof(unsigned char));
    if (fr->buf && fr->slot) return DIAG_OK;
    mem_free(fr->buf);
    mem_free(fr->slot);
    return diag_nomem(d);
}

/* Frees a slot's buffer if the frame allocated it. */
static void release_value(ev_frame *fr, ir_value_id v) {
    if (fr->slot[v] == EV_OWNED) free_counted(fr->run, fr->buf[v], value_bytes(fr, v));
    else if (fr->slot[v] == EV_SCRATCH) mem_free(fr->buf[v]);
    fr->buf[v] = NULL;
    fr->slot[v] = EV_BORROWED;
}

static void frame_close(ev_frame *fr) {
    for (int v = 0; v < fr->f->nvalues; v++) release_value(fr, v);
    mem_free(fr->buf);
    mem_free(fr->slot);
}

static int define_value(ev_frame *fr, const ir_op *op, ir_value_id v, ev_slot slot, diag *d) {
    if (fr->buf[v]) return ev_fail(d, DIAG_INVALID, op, "value %%%d is defined twice", v);
    if (ir_type_numel(ev_type(fr, v)) < 0) return ev_fail(d, DIAG_INVALID, op, "value %%%d has a dynamic shape", v);
    size_t bytes = value_bytes(fr, v);
    void *p = slot == EV_OWNED ? alloc_counted(fr->run, bytes) : mem_alloc(bytes);
    if (!p) return diag_nomem(d);
    fr->buf[v] = p;
    fr->slot[v] = (unsigned char)slot;
    return DIAG_OK;
}

/* ---- structure checks and liveness ---------------------------------------------- */

static bool id_ok(const ir_func *f, ir_value_id v) { return v >= 0 && v < f->nvalues; }

/* Every value id in b (and in the regions of its ops) indexes f's table. */
static bool ids_in_range(const ir_func *f, const ir_block *b) {
    for (int i = 0; i < b->nargs; i++)
        if (!id_ok(f, b->args[i])) return false;
    for (int i = 0; i < b->nops; i++) {
        const ir_op *op = b->ops[i];
        for (int j = 0; j < op->nin; j++)
            if (!id_ok(f, op->in[j])) return false;
        for (int j = 0; j < op->nout; j++)
            if (!id_ok(f, op->out[j])) return false;
        for (int r = 0; r < op->nregions; r++)
            if (!ids_in_range(f, op->regions[r])) return false;
    }
    return true;
}

typedef void (*read_fn)(void *ctx, ir_value_id v);

/* Calls fn on every value op reads: its operands and those of the ops in
 * its regions (values the region defines itself included; callers ignore
 * them). */
static void visit_reads(const ir_op *op, read_fn fn, void *ctx) {
    for (int i = 0; i < op->nin; i++) fn(ctx, op->in[i]);
    for (int r = 0; r < op->nregions; r++) {
        const ir_block *b = op->regions[r];
        for (int i = 0; i < b->nops; i++) visit_reads(b->ops[i], fn, ctx);
    }
}

typedef struct liveness {
    int *last_use;    /* per value id: index of the last body op reading it, -1 if none */
    int at;           /* the body op being visited */
} liveness;

static void note_read(void *ctx, ir_value_id v) {
    liveness *l = ctx;
    l->last_use[v] = l->at;
}

static int compute_last_uses(const ir_func *f, int **out, diag *d) {
    liveness l = {mem_alloc((size_t)f->nvalues * sizeof(int)), 0};
    if (!l.last_use) return diag_nomem(d);
    for (int v = 0; v < f->nvalues; v++) l.last_use[v] = -1;
    for (l.at = 0; l.at < f->body->nops; l.at++) visit_reads(f->body->ops[l.at], note_read, &l);
    *out = l.last_use;
    return DIAG_OK;
}

typedef struct release_ctx {
    ev_frame *fr;
    const int *last_use;
    int at;
} release_ctx;

static void release_if_last(void *ctx, ir_value_id v) {
    release_ctx *c = ctx;
    if (c->last_use[v] == c->at) release_value(c->fr, v);
}

/* After body op `at`: frees what it read for the last time and what it
 * defined that nothing reads. */
static void release_after(ev_frame *fr, const ir_op *op, const int *last_use, int at) {
    release_ctx c = {fr, last_use, at};
    visit_reads(op, release_if_last, &c);
    for (int i = 0; i < op->nout; i++)
        if (last_use[op->out[i]] <= at) release_value(fr, op->out[i]);
}

/* ---- running one op ------------------------------------------------------------- */

static int expected_results(const ir_op *op) {
    int n = ir_op_result_count(op->code, op->nin);
    return n < 0 ? op->nout : n;
}

static int check_op_form(const ev_frame *fr, const ir_op *op, diag *d) {
    if ((unsigned)op->code >= IR_OPCODE_COUNT) return diag_set(d, DIAG_INVALID, "unknown opcode %d", (int)op->code);
    int arity = ir_op_arity(op->code);
    if (arity >= 0 && op->nin != arity) return ev_fail(d, DIAG_INVALID, op, "takes %d operands, has %d", arity, op->nin);
    if (op->nout != expected_results(op))
        return ev_fail(d, DIAG_INVALID, op, "has %d results, expected %d", op->nout, expected_results(op));
    for (int i = 0; i < op->nin; i++)
        if (!fr->buf[op->in[i]])
            return ev_fail(d, DIAG_INVALID, op, "operand %d (value %%%d) is used before it is defined", i, op->in[i]);
    return DIAG_OK;
}

/* "<what> i: expected T, got U" when the types differ (what: "argument" or "result"). */
static int check_type(diag *d, const ir_op *op, const char *what, int i, const ir_type *expected,
                      const ir_type *got) {
    if (ir_type_eq(expected, got)) return DIAG_OK;
    char e[128], g[128];
    ir_type_str(expected, e, sizeof e);
    ir_type_str(got, g, sizeof g);
    if (op) return ev_fail(d, DIAG_INVALID, op, "%s %d: expected %s, got %s", what, i, e, g);
    return diag_set(d, DIAG_INVALID, "%s %d: expected %s, got %s", what, i, e, g);
}

static int run_func(ev_run *run, const ir_func *f, void *const *in, void **out, diag *d);

/* A call's results come back as fresh counted buffers: bound as they are,
 * or copied where the slot is preallocated (a call inside a region). */
static void bind_call_results(ev_frame *fr, const ir_op *op, void **results) {
    for (int i = 0; i < op->nout; i++) {
        ir_value_id v = op->out[i];
        if (fr->buf[v]) {
            memcpy(fr->buf[v], results[i], value_bytes(fr, v));
            free_counted(fr->run, results[i], value_bytes(fr, v));
        } else {
            fr->buf[v] = results[i];
            fr->slot[v] = EV_OWNED;
        }
    }
}

static const ir_type *param_type(const ir_func *f, int i) { return &f->values[f->body->args[i]].type; }

/* The callee exists and the call matches its signature. */
static int check_call(const ev_frame *fr, const ir_op *op, const ir_func *callee, diag *d) {
    if (!callee) return ev_fail(d, DIAG_INVALID, op, "call to unknown function @%s", op->a.callee ? op->a.callee : "");
    if (op->nin != callee->body->nargs || op->nout != callee->nresults)
        return ev_fail(d, DIAG_INVALID, op, "@%s takes %d arguments and returns %d results; the call has %d and %d",
                       callee->name, callee->body->nargs, callee->nresults, op->nin, op->nout);
    for (int i = 0; i < op->nin; i++) {
        if (!id_ok(callee, callee->body->args[i])) return ev_fail(d, DIAG_INVALID, op, "@%s is malformed", callee->name);
        int rc = check_type(d, op, "argument", i, param_type(callee, i), ev_type(fr, op->in[i]));
        if (rc) return rc;
    }
    for (int i = 0; i < op->nout; i++) {
        int rc = check_type(d, op, "result", i, ev_type(fr, op->out[i]), &callee->result_types[i]);
        if (rc) return rc;
    }
    return DIAG_OK;
}

static int exec_call(ev_frame *fr, const ir_op *op, diag *d) {
    const ir_func *callee = op->a.callee ? ir_module_find(fr->m, op->a.callee) : NULL;
    int rc = check_call(fr, op, callee, d);
    if (rc) return rc;
    void **in = mem_alloc((size_t)op->nin * sizeof(void *));
    void **results = mem_calloc((size_t)op->nout, sizeof(void *));
    if (!in || !results) rc = diag_nomem(d);
    for (int i = 0; !rc && i < op->nin; i++) in[i] = fr->buf[op->in[i]];
    if (!rc) rc = run_func(fr->run, callee, in, results, d);
    if (!rc) bind_call_results(fr, op, results);
    mem_free(in);
    mem_free(results);
    return rc;
}

/* A check records its outcome and never stops the run. */
static int exec_check(ev_frame *fr, const ir_op *op) {
    char msg[400];
    ir_value_id a = op->in[0], e = op->in[1];
    bool ok = check_compare(op, ev_type(fr, a), fr->buf[a], ev_type(fr, e), fr->buf[e], msg, sizeof msg);
    eval_checks *c = &fr->run->checks;
    c->nchecks++;
    if (ok || c->nfailed++) return DIAG_OK;
    if (op->loc.file)
        snprintf(c->first_failure, sizeof c->first_failure, "%s:%d:%d: %s", op->loc.file, op->loc.line,
                 op->loc.col, msg);
    else
        snprintf(c->first_failure, sizeof c->first_failure, "@%s: %s", fr->f->name, msg);
    return DIAG_OK;
}

/* A kernel runs like a function body over its operands: every block
 * argument and every value its ops define gets a scratch buffer (not
 * counted: a fused intermediate is never materialised, and the kernel's
 * results are the op's own counted buffers); the returned values are copied
 * into the op's results. */
static int exec_fusion(ev_frame *fr, const ir_op *op, diag *d) {
    const ir_block *b = op->nregions == 1 ? op->regions[0] : NULL;
    const ir_op *ret = b && b->nops ? b->ops[b->nops - 1] : NULL;
    if (!ret || ret->code != IR_RETURN || b->nargs != op->nin || ret->nin != op->nout)
        return ev_fail(d, DIAG_INVALID, op, "needs one region with an argument per operand and a return per result");
    for (int i = 0; i < op->nin; i++) {
        int rc = check_type(d, op, "region argument", i, ev_type(fr, op->in[i]), ev_type(fr, b->args[i]));
        if (rc) return rc;
    }
    for (int i = 0; i < op->nout; i++) {
        int rc = check_type(d, op, "result", i, ev_type(fr, op->out[i]), ev_type(fr, ret->in[i]));
        if (rc) return rc;
    }
    int rc = ev_region_bind(fr, b, d);
    if (rc) return rc;
    for (int i = 0; i < op->nin; i++) memcpy(fr->buf[b->args[i]], fr->buf[op->in[i]], value_bytes(fr, op->in[i]));
    rc = ev_region_run(fr, b, d);
    for (int i = 0; !rc && i < op->nout; i++)
        memcpy(fr->buf[op->out[i]], fr->buf[ret->in[i]], value_bytes(fr, op->out[i]));
    ev_region_unbind(fr, b);
    return rc;
}

int ev_exec_op(ev_frame *fr, const ir_op *op, diag *d) {
    int rc = check_op_form(fr, op, d);
    if (rc) return rc;
    if (fr->run->dry_run && op->code != IR_CALL) return DIAG_OK;
    switch (op->code) {
    case IR_CALL: return exec_call(fr, op, d);
    case IR_FUSION: return exec_fusion(fr, op, d);
    case IR_REDUCE: return ev_reduce(fr, op, d);
    case IR_WHILE: return ev_while(fr, op, d);
    case IR_IF: case IR_CASE: return ev_branch(fr, op, d);
    case IR_MAP: return ev_map(fr, op, d);
    case IR_SORT: return ev_sort(fr, op, d);
    case IR_REDUCE_WINDOW: return ev_reduce_window(fr, op, d);
    case IR_SELECT_AND_SCATTER: return ev_select_and_scatter(fr, op, d);
    case IR_CONVOLUTION: return ev_convolution(fr, op, d);
    case IR_TRIANGULAR_SOLVE: case IR_CHOLESKY: case IR_TRIANGULAR_SOLVE_PARTS: case IR_CHOLESKY_PARTS:
    case IR_GETRF: case IR_GEQRF: case IR_ORGQR: case IR_SYEVD: case IR_GESDD: case IR_GESVD: case IR_SYTRD:
    case IR_GEHRD: case IR_GEEV: case IR_GEES: return ev_lapack(fr, op, d);
    case IR_FFT_PARTS: return ev_fft(fr, op, d);
    case IR_TOP_K: return ev_top_k(fr, op, d);
    case IR_DOT_GENERAL: return ev_dot_general(fr, op, d);
    case IR_RETURN: return ev_fail(d, DIAG_INVALID, op, "must end its block");
    case IR_CONSTANT: case IR_IOTA: case IR_BROADCAST_IN_DIM: case IR_RESHAPE:
    case IR_TRANSPOSE: case IR_SLICE: case IR_CONCATENATE: case IR_REVERSE: case IR_BITCAST_CONVERT:
        return ev_shape_op(fr, op, d);
    case IR_PAD: case IR_DYNAMIC_SLICE: case IR_DYNAMIC_UPDATE_SLICE: case IR_GATHER: case IR_SCATTER:
    case IR_GET_DIMENSION_SIZE: case IR_OPTIMIZATION_BARRIER:
        return ev_index_op(fr, op, d);
    default:
        if (ir_op_kind_of(op->code) == IR_KIND_CHECK) return exec_check(fr, op);
        return ev_elementwise(fr, op, d);
    }
}

/* ---- regions ------------------------------------------------------------------- */

/* Scratch for b's arguments and for the results of its ops before RETURN. */
int ev_region_bind(ev_frame *fr, const ir_block *b, diag *d) {
    int rc = DIAG_OK;
    for (int i = 0; !rc && i < b->nargs; i++) {
        ir_value_id v = b->args[i];
        if (fr->buf[v]) rc = diag_set(d, DIAG_INVALID, "region argument %%%d is already defined", v);
        else if (!(fr->buf[v] = mem_alloc(value_bytes(fr, v)))) rc = diag_nomem(d);
        else fr->slot[v] = EV_SCRATCH;
    }
    for (int i = 0; !rc && i + 1 < b->nops; i++) {
        const ir_op *op = b->ops[i];
        for (int j = 0; !rc && j < op->nout; j++) rc = define_value(fr, op, op->out[j], EV_SCRATCH, d);
    }
    if (rc) ev_region_unbind(fr, b);
    return rc;
}

void ev_region_unbind(ev_frame *fr, const ir_block *b) {
    for (int i = 0; i < b->nargs; i++)
        if (fr->slot[b->args[i]] == EV_SCRATCH) release_value(fr, b->args[i]);
    for (int i = 0; i < b->nops; i++) {
        const ir_op *op = b->ops[i];
        for (int j = 0; j < op->nout; j++)
            if (fr->slot[op->out[j]] == EV_SCRATCH) release_value(fr, op->out[j]);
    }
}

int ev_region_run(ev_frame *fr, const ir_block *b, diag *d) {
    if (b->nops == 0) return diag_set(d, DIAG_INVALID, "a region without a return");
    for (int i = 0; i + 1 < b->nops; i++) {
        int rc = ev_exec_op(fr, b->ops[i], d);
        if (rc) return rc;
    }
    return check_op_form(fr, b->ops[b->nops - 1], d);   /* the RETURN's operands are ready */
}

/* ---- function bodies ----------------------------------------------------------- */

/* Hands RETURN's values to the caller as fresh buffers: an owned buffer
 * changes hands (once), anything else is copied. */
static int collect_outputs(ev_frame *fr, const ir_op *ret, void **out, diag *d) {
    const ir_func *f = fr->f;
    int rc = check_op_form(fr, ret, d);
    if (!rc && ret->nin != f->nresults)
        rc = ev_fail(d, DIAG_INVALID, ret, "returns %d values; @%s declares %d", ret->nin, f->name, f->nresults);
    for (int i = 0; !rc && i < ret->nin; i++) {
        ir_value_id v = ret->in[i];
        rc = check_type(d, ret, "result", i, &f->result_types[i], ev_type(fr, v));
        if (rc) break;
        if (fr->slot[v] == EV_OWNED) {
            out[i] = fr->buf[v];
            fr->slot[v] = EV_BORROWED;   /* the slot still points at it, for a second return */
        } else if ((out[i] = alloc_counted(fr->run, value_bytes(fr, v)))) {
            if (!fr->run->dry_run) memcpy(out[i], fr->buf[v], value_bytes(fr, v));
        } else {
            rc = diag_nomem(d);
        }
    }
    if (!rc) return DIAG_OK;
    for (int i = 0; i < ret->nin && i < f->nresults; i++) {
        if (out[i]) free_counted(fr->run, out[i], ir_type_bytes(&f->result_types[i]));
        out[i] = NULL;
    }
    return rc;
}

static int run_body(ev_frame *fr, const int *last_use, void **out, diag *d) {
    const ir_block *b = fr->f->body;
    for (int i = 0; i < b->nops; i++) {
        const ir_op *op = b->ops[i];
        if (op->code == IR_RETURN) return collect_outputs(fr, op, out, d);
        int rc = DIAG_OK;
        for (int j = 0; !rc && op->code != IR_CALL && j < op->nout; j++)
            rc = define_value(fr, op, op->out[j], EV_OWNED, d);
        if (!rc) rc = ev_exec_op(fr, op, d);
        if (!rc && fr->run->recording) rc = record_step(fr->run, op, d);
        if (rc) return rc;
        release_after(fr, op, last_use, i);
    }
    return diag_set(d, DIAG_INVALID, "@%s: the body does not end with a return", fr->f->name);
}

/* Runs f on borrowed buffers in[0..nargs); on success out[0..nresults)
 * hold fresh counted buffers, else nothing is left allocated. */
static int run_func(ev_run *run, const ir_func *f, void *const *in, void **out, diag *d) {
    if (run->depth >= MAX_CALL_DEPTH)
        return diag_set(d, DIAG_INVALID, "@%s: calls nest deeper than %d (recursion?)", f->name, MAX_CALL_DEPTH);
    if (!ids_in_range(f, f->body)) return diag_set(d, DIAG_INVALID, "@%s: value id out of range", f->name);
    ev_frame fr;
    int rc = frame_open(&fr, run, f, d);
    if (rc) return rc;
    int *last_use = NULL;
    rc = compute_last_uses(f, &last_use, d);
    static char no_elements;   /* stands in for the NULL data of an empty argument */
    for (int i = 0; !rc && i < f->body->nargs; i++) fr.buf[f->body->args[i]] = in[i] ? in[i] : &no_elements;
    if (!rc) {
        run->depth++;
        rc = run_body(&fr, last_use, out, d);
        run->depth--;
    }
    mem_free(last_use);
    frame_close(&fr);
    return rc;
}

/* ---- the entry point ----------------------------------------------------------- */

static int check_inputs(const ir_func *f, const eval_tensor *inputs, int ninputs, bool need_data,
                        diag *d) {
    if (ninputs != f->body->nargs || (ninputs > 0 && !inputs))
        return diag_set(d, DIAG_INVALID, "@%s takes %d arguments, got %d", f->name, f->body->nargs, ninputs);
    if (!ids_in_range(f, f->body)) return diag_set(d, DIAG_INVALID, "@%s: value id out of range", f->name);
    for (int i = 0; i < ninputs; i++) {
        int rc = check_type(d, NULL, "argument", i, param_type(f, i), &inputs[i].type);
        if (rc) return rc;
        if (need_data && !inputs[i].data && ir_type_bytes(&inputs[i].type))
            return diag_set(d, DIAG_INVALID, "argument %d has no data", i);
    }
    return DIAG_OK;
}

/* Adds one run's numbers to the caller's: the caller's live bytes (earlier
 * outputs still held) sit under this run's peak. */
static void merge_stats(eval_stats *into, const eval_stats *run) {
    size_t peak = into->live_bytes + run->peak_live_bytes;
    into->bytes_allocated += run->bytes_allocated;
    into->live_bytes += run->live_bytes;
    if (peak > into->peak_live_bytes) into->peak_live_bytes = peak;
}

static void merge_checks(eval_checks *into, const eval_checks *run) {
    if (!into->nfailed && run->nfailed) memcpy(into->first_failure, run->first_failure, sizeof into->first_failure);
    into->nchecks += run->nchecks;
    into->nfailed += run->nfailed;
}

/* eval_func and eval_measure_peak: one path, so that the measured peak is
 * the peak of a real run by construction. */
/* A curve being recorded: run_entry fills it on success (see eval_measure_curve). */
typedef struct ev_curve {
    eval_step *steps;
    int n;
} ev_curve;

static int run_entry(const ir_module *m, const ir_func *f, const eval_tensor *inputs, int ninputs,
                     eval_tensor *outputs, eval_stats *stats, eval_checks *checks, bool dry_run,
                     ev_curve *curve, double timeout, diag *d) {
    if (!m || !f || !f->body) return diag_set(d, DIAG_INVALID, "no function to run");
    int rc = check_inputs(f, inputs, ninputs, !dry_run, d);
    if (rc) return rc;
    ev_run run = {.m = m, .dry_run = dry_run, .recording = curve != NULL, .timeout = timeout > 0 ? timeout : 0};
    if (run.timeout) run.deadline = clock_now_seconds() + run.timeout;
    void **in = mem_calloc((size_t)ninputs + 1, sizeof(void *));
    void **out = mem_calloc((size_t)f->nresults + 1, sizeof(void *));
    if (!in || !out) rc = diag_nomem(d);
    for (int i = 0; !rc && i < ninputs; i++) in[i] = inputs[i].data;
    if (!rc) rc = run_func(&run, f, in, out, d);
    if (!rc) {
        for (int i = 0; i < f->nresults; i++) outputs[i] = (eval_tensor){f->result_types[i], out[i]};
        if (stats) merge_stats(stats, &run.stats);
        if (checks) merge_checks(checks, &run.checks);
        if (curve) *curve = (ev_curve){run.curve, run.ncurve};
    }
    if (rc || !curve) mem_free(run.curve);
    mem_free(in);
    mem_free(out);
    return rc;
}

int eval_func(const ir_module *m, const ir_func *f,
              const eval_tensor *inputs, int ninputs,
              eval_tensor *outputs,
              eval_stats *stats, eval_checks *checks, diag *d) {
    return run_entry(m, f, inputs, ninputs, outputs, stats, checks, false, NULL, 0, d);
}

int eval_func_timed(const ir_module *m, const ir_func *f,
                    const eval_tensor *inputs, int ninputs,
                    eval_tensor *outputs,
                    eval_stats *stats, eval_checks *checks, double timeout_seconds, diag *d) {
    return run_entry(m, f, inputs, ninputs, outputs, stats, checks, false, NULL, timeout_seconds, d);
}

int ev_past_deadline(const ev_frame *fr, const ir_op *op, diag *d) {
    const ev_run *run = fr->run;
    if (!run->timeout || clock_now_seconds() < run->deadline) return DIAG_OK;
    return ev_fail(d, DIAG_TIMEOUT, op, "timed out after %g s", run->timeout);
}

/* A dry run (see eval_measure_peak) that may record the curve. */
static int measure_dry(const ir_module *m, const ir_func *f, eval_stats *stats, ev_curve *curve, diag *d) {
    int n = f && f->body ? f->body->nargs : 0;
    eval_tensor *ins = mem_calloc((size_t)n + 1, sizeof *ins);
    eval_tensor *outs = mem_calloc((size_t)(f ? f->nresults : 0) + 1, sizeof *outs);
    int rc = ins && outs ? DIAG_OK : diag_nomem(d);
    for (int i = 0; !rc && i < n; i++) ins[i].type = f->values[f->body->args[i]].type;
    if (!rc) rc = run_entry(m, f, ins, n, outs, stats, NULL, true, curve, 0, d);
    for (int i = 0; !rc && i < f->nresults; i++) eval_tensor_free(&outs[i]);
    mem_free(ins);
    mem_free(outs);
    return rc;
}

int eval_measure_peak(const ir_module *m, const ir_func *f, eval_stats *stats, diag *d) {
    return measure_dry(m, f, stats, NULL, d);
}

int eval_measure_curve(const ir_module *m, const ir_func *f, eval_step **steps, int *nsteps, diag *d) {
    ev_curve curve = {0};
    int rc = measure_dry(m, f, NULL, &curve, d);
    if (rc) return rc;
    *steps = curve.steps;
    *nsteps = curve.n;
    return DIAG_OK;
}

void eval_tensor_free(eval_tensor *t) {
    if (!t) return;
    mem_free(t->data);
    t->data = NULL;
}
