/* verify.c: the IR's invariants (see ir.h) on top of the per-op rules of
 * infer.c: values defined before use and in scope, blocks ending in one
 * return, results as inferred, calls matching their callee, no recursion,
 * and only supported element types.
 *
 * Scoping: a walk marks each value defined when its definition is passed
 * (block arguments on entry, op results after the op) and unmarks a
 * block's values when the block ends, so a region sees the values of the
 * blocks around it that precede its op, and nothing sees inside a region. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../util/mem.h"
#include "ir_priv.h"

#define TT(t) (ir_type_text_of(t).s)

typedef struct verifier {
    const ir_module *m;            /* for calls; may be NULL for ir_verify_op */
    const ir_func *f;
    unsigned char *defined;        /* per value id of f: 1 while its definition is in scope */
    diag *d;
} verifier;

/* Where a block sits, for messages: the function body (parent NULL) or
 * region `region` of op `parent`. */
typedef struct block_site {
    const ir_op *parent;
    int region;
} block_site;

static int verify_block(verifier *v, const ir_block *b, block_site site);

static int site_fail(const verifier *v, block_site site, int code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int site_fail(const verifier *v, block_site site, int code, const char *fmt, ...) {
    char what[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (!site.parent) return ir_func_fail(v->d, code, v->f, "body: %s", what);
    return ir_op_fail(v->d, code, v->f, site.parent, "region %d: %s", site.region, what);
}

static bool valid_id(const verifier *v, ir_value_id id) { return id >= 0 && id < v->f->nvalues; }

/* "value 7 (%x)" or "value 7": how a message names a value. */
static const char *describe_value(const verifier *v, ir_value_id id, char *buf, size_t size) {
    const char *name = v->f->values[id].name;
    if (name) snprintf(buf, size, "value %d (%%%s)", id, name);
    else snprintf(buf, size, "value %d", id);
    return buf;
}

/* ---- definitions ----------------------------------------------------------- */

/* A block argument: a valid id whose table entry says so, a supported type,
 * not defined already. */
static int define_arg(verifier *v, const ir_block *b, int i, block_site site) {
    ir_value_id id = b->args[i];
    if (!valid_id(v, id)) return site_fail(v, site, DIAG_INVALID, "argument %d: value id %d does not exist", i, id);
    const ir_value *val = &v->f->values[id];
    char why[400];
    int rc = ir_type_problem(&val->type, why, sizeof why);
    if (rc) return site_fail(v, site, rc, "argument %d: %s", i, why);
    if (val->def) return site_fail(v, site, DIAG_INVALID, "argument %d: value %d is recorded as an op result", i, id);
    if (v->defined[id]) return site_fail(v, site, DIAG_INVALID, "argument %d: value %d is defined twice", i, id);
    v->defined[id] = 1;
    return DIAG_OK;
}

/* An op result, before the op is checked: a valid id recorded as this
 * result of this op, with a supported type. */
static int check_result(const verifier *v, const ir_op *op, int i) {
    ir_value_id id = op->out[i];
    if (!valid_id(v, id)) return ir_op_fail(v->d, DIAG_INVALID, v->f, op, "result %d: value id %d does not exist", i, id);
    const ir_value *val = &v->f->values[id];
    char why[400];
    int rc = ir_type_problem(&val->type, why, sizeof why);
    if (rc) return ir_op_fail(v->d, rc, v->f, op, "result %d: %s", i, why);
    if (val->def != op || val->def_index != i)
        return ir_op_fail(v->d, DIAG_INVALID, v->f, op, "result %d: value %d is recorded as defined elsewhere", i, id);
    if (v->defined[id]) return ir_op_fail(v->d, DIAG_INVALID, v->f, op, "result %d: value %d is defined twice", i, id);
    return DIAG_OK;
}

static int check_operands_defined(const verifier *v, const ir_op *op) {
    for (int i = 0; i < op->nin; i++) {
        ir_value_id id = op->in[i];
        char what[160];
        if (!valid_id(v, id))
            return ir_op_fail(v->d, DIAG_INVALID, v->f, op, "operand %d: value id %d does not exist", i, id);
        if (!v->defined[id])
            return ir_op_fail(v->d, DIAG_INVALID, v->f, op, "operand %d: %s is used before its definition or out of its scope",
                              i, describe_value(v, id, what, sizeof what));
    }
    return DIAG_OK;
}

/* Ends the scope of a block: its arguments and its ops' results. Values of
 * nested regions were unmarked when those ended. */
static void leave_block(verifier *v, const ir_block *b) {
    for (int i = 0; i < b->nargs; i++)
        if (valid_id(v, b->args[i])) v->defined[b->args[i]] = 0;
    for (int i = 0; i < b->nops; i++)
        for (int j = 0; b->ops[i] && j < b->ops[i]->nout; j++)
            if (valid_id(v, b->ops[i]->out[j])) v->defined[b->ops[i]->out[j]] = 0;
}

/* ---- ops ------------------------------------------------------------------- */

static int check_inferred_types(const verifier *v, const ir_op *op) {
    ir_type *inferred = mem_calloc(op->nout > 0 ? (size_t)op->nout : 1, sizeof *inferred);
    if (!inferred) return diag_nomem(v->d);
    int rc = ir_infer_types(v->f, op, inferred, v->d);
    for (int i = 0; !rc && i < op->nout; i++) {
        const ir_type *rec = &v->f->values[op->out[i]].type;
        if (!ir_type_eq(&inferred[i], rec))
            rc = ir_op_fail(v->d, DIAG_INVALID, v->f, op, "result %d: expected %s (inferred from the operands), got %s",
                            i, TT(&inferred[i]), TT(rec));
    }
    mem_free(inferred);
    return rc;
}

/* A call's operands and results against the callee's parameters and
 * results. The callee's own checks happen when it is verified. */
static int check_call_signature(const verifier *v, const ir_op *op) {
    const char *name = op->a.callee;
    if (!name) return ir_op_fail(v->d, DIAG_INVALID, v->f, op, "has no callee");
    const ir_func *callee = v->m ? ir_module_find(v->m, name) : NULL;
    if (!callee) return ir_op_fail(v->d, DIAG_INVALID, v->f, op, "calls unknown function @%s", name);
    int nparams = callee->body ? callee->body->nargs : 0;
    if (op->nin != nparams)
        return ir_op_fail(v->d, DIAG_INVALID, v->f, op, "expected %d operand%s (the parameters of @%s), got %d", nparams,
                          nparams == 1 ? "" : "s", name, op->nin);
    for (int i = 0; i < nparams; i++) {
        ir_value_id param = callee->body->args[i];
        if (param < 0 || param >= callee->nvalues) continue;   /* reported when the callee is verified */
        const ir_type *want = &callee->values[param].type, *got = &v->f->values[op->in[i]].type;
        if (!ir_type_eq(want, got))
            return ir_op_fail(v->d, DIAG_INVALID, v->f, op, "operand %d: expected %s (parameter %d of @%s), got %s", i,
                              TT(want), i, name, TT(got));
    }
    if (op->nout != callee->nresults)
        return ir_op_fail(v->d, DIAG_INVALID, v->f, op, "expected %d result%s (those of @%s), got %d", callee->nresults,
                          callee->nresults == 1 ? "" : "s", name, op->nout);
    for (int i = 0; callee->result_types && i < op->nout; i++) {
        const ir_type *want = &callee->result_types[i], *got = &v->f->values[op->out[i]].type;
        if (!ir_type_eq(want, got))
            return ir_op_fail(v->d, DIAG_INVALID, v->f, op, "result %d: expected %s (result %d of @%s), got %s", i,
                              TT(want), i, name, TT(got));
    }
    return DIAG_OK;
}

/* Checks op where it stands (the values in scope marked in v->defined),
 * then brings its results into scope. */
static int verify_op(verifier *v, const ir_op *op) {
    int rc = DIAG_OK;
    if (op->nin < 0 || op->nout < 0 || op->nregions < 0)
        return ir_op_fail(v->d, DIAG_INVALID, v->f, op, "has a negative operand, result or region count");
    for (int i = 0; !rc && i < op->nout; i++) rc = check_result(v, op, i);
    if (!rc) rc = check_operands_defined(v, op);
    for (int r = 0; !rc && r < op->nregions; r++) {
        if (!op->regions[r]) return ir_op_fail(v->d, DIAG_INVALID, v->f, op, "region %d is missing", r);
        rc = verify_block(v, op->regions[r], (block_site){op, r});
    }
    if (!rc) rc = check_inferred_types(v, op);
    if (!rc && op->code == IR_CALL) rc = check_call_signature(v, op);
    for (int i = 0; !rc && i < op->nout; i++) v->defined[op->out[i]] = 1;
    return rc;
}

/* ---- blocks and functions ------------------------------------------------- */

static int verify_block(verifier *v, const ir_block *b, block_site site) {
    int rc = DIAG_OK;
    for (int i = 0; !rc && i < b->nargs; i++) rc = define_arg(v, b, i, site);
    for (int i = 0; !rc && i < b->nops; i++) {
        const ir_op *op = b->ops[i];
        if (!op) rc = site_fail(v, site, DIAG_INVALID, "op %d is missing", i);
        else if (op->code == IR_RETURN && i != b->nops - 1)
            rc = ir_op_fail(v->d, DIAG_INVALID, v->f, op, "must be the last op of its block (it is op %d of %d)", i + 1,
                            b->nops);
        else rc = verify_op(v, op);
    }
    if (!rc && !ir_block_terminator(b)) rc = site_fail(v, site, DIAG_INVALID, "does not end with a return");
    leave_block(v, b);
    return rc;
}

/* The body's return hands back the function's declared results. */
static int check_returned_types(const verifier *v) {
    const ir_func *f = v->f;
    const ir_op *ret = ir_block_terminator(f->body);
    if (ret->nin != f->nresults)
        return ir_op_fail(v->d, DIAG_INVALID, f, ret, "returns %d value%s, but @%s declares %d result%s", ret->nin,
                          ret->nin == 1 ? "" : "s", f->name, f->nresults, f->nresults == 1 ? "" : "s");
    for (int i = 0; i < ret->nin; i++) {
        const ir_type *got = &f->values[ret->in[i]].type;
        if (!ir_type_eq(got, &f->result_types[i]))
            return ir_op_fail(v->d, DIAG_INVALID, f, ret, "operand %d: expected %s (result %d of @%s), got %s", i,
                              TT(&f->result_types[i]), i, f->name, TT(got));
    }
    return DIAG_OK;
}

static int check_declared_results(const ir_func *f, diag *d) {
    if (f->nresults > 0 && !f->result_types) return ir_func_fail(d, DIAG_INVALID, f, "result types are missing");
    for (int i = 0; i < f->nresults; i++) {
        char why[400];
        int rc = ir_type_problem(&f->result_types[i], why, sizeof why);
        if (rc) return ir_func_fail(d, rc, f, "result %d: %s", i, why);
    }
    return DIAG_OK;
}

static int verifier_init(verifier *v, const ir_module *m, const ir_func *f, diag *d) {
    *v = (verifier){m, f, mem_calloc(f->nvalues > 0 ? (size_t)f->nvalues : 1, 1), d};
    return v->defined ? DIAG_OK : diag_nomem(d);
}

int ir_verify_func(const ir_module *m, const ir_func *f, diag *d) {
    if (!f->body) return ir_func_fail(d, DIAG_INVALID, f, "has no body");
    verifier v;
    int rc = verifier_init(&v, m, f, d);
    if (rc) return rc;
    /* The body (whose arguments are the parameters), then the declared
     * results, then whether the body returns those. */
    rc = verify_block(&v, f->body, (block_site){NULL, 0});
    if (!rc) rc = check_declared_results(f, d);
    if (!rc) rc = check_returned_types(&v);
    mem_free(v.defined);
    return rc;
}

/* Marks the values op and its regions define as not (yet) in scope. */
static void unmark_op_values(verifier *v, const ir_op *op) {
    for (int i = 0; i < op->nout; i++)
        if (valid_id(v, op->out[i])) v->defined[op->out[i]] = 0;
    for (int r = 0; r < op->nregions; r++) {
        const ir_block *b = op->regions[r];
        if (!b) continue;
        for (int i = 0; i < b->nargs; i++)
            if (valid_id(v, b->args[i])) v->defined[b->args[i]] = 0;
        for (int i = 0; i < b->nops; i++)
            if (b->ops[i]) unmark_op_values(v, b->ops[i]);
    }
}

/* Without the walk that leads to op, every value outside op counts as in
 * scope: what this checks is op itself and the regions inside it. */
int ir_verify_op(const ir_module *m, const ir_func *f, const ir_op *op, diag *d) {
    verifier v;
    int rc = verifier_init(&v, m, f, d);
    if (rc) return rc;
    memset(v.defined, 1, (size_t)f->nvalues);
    unmark_op_values(&v, op);
    rc = verify_op(&v, op);
    mem_free(v.defined);
    return rc;
}

/* ---- the module: names and the call graph ------------------------------------ */

static int check_unique_names(const ir_module *m, diag *d) {
    for (int i = 0; i < m->nfuncs; i++)
        for (int j = 0; j < i; j++)
            if (strcmp(m->funcs[i]->name, m->funcs[j]->name) == 0)
                return ir_func_fail(d, DIAG_INVALID, m->funcs[i], "function @%s is defined more than once",
                                    m->funcs[i]->name);
    return DIAG_OK;
}

static int func_index(const ir_module *m, const char *name) {
    for (int i = 0; i < m->nfuncs; i++)
        if (strcmp(m->funcs[i]->name, name) == 0) return i;
    return -1;
}

/* A depth-first walk of the call graph; a call to a function on the
 * current path closes a cycle. The evaluator cannot run recursion (it has
 * no bound on its depth), so a cycle is reported as unsupported. */
typedef struct call_walk {
    const ir_module *m;
    unsigned char *state;   /* per function: 0 unseen, 1 on the path, 2 done */
    int *path;              /* function indices from the root */
    int depth;
    diag *d;
} call_walk;

enum { UNSEEN, ON_PATH, DONE };

static int report_cycle(const call_walk *w, int callee) {
    char chain[600] = "";
    size_t used = 0;
    int from = 0;
    while (w->path[from] != callee) from++;
    for (int i = from; i < w->depth && used < sizeof chain; i++)
        used += (size_t)snprintf(chain + used, sizeof chain - used, "@%s -> ", w->m->funcs[w->path[i]]->name);
    if (used < sizeof chain) snprintf(chain + used, sizeof chain - used, "@%s", w->m->funcs[callee]->name);
    return ir_func_fail(w->d, DIAG_UNSUPPORTED, w->m->funcs[callee], "recursive calls are not supported: %s", chain);
}

static int walk_func(call_walk *w, int fi);

static int walk_calls_in(call_walk *w, const ir_block *b) {
    for (int i = 0; i < b->nops; i++) {
        const ir_op *op = b->ops[i];
        int rc = DIAG_OK;
        if (op->code == IR_CALL) {
            int callee = func_index(w->m, op->a.callee);   /* exists: the functions are verified */
            rc = callee < 0 ? DIAG_OK : walk_func(w, callee);
        }
        for (int r = 0; !rc && r < op->nregions; r++) rc = walk_calls_in(w, op->regions[r]);
        if (rc) return rc;
    }
    return DIAG_OK;
}

static int walk_func(call_walk *w, int fi) {
    if (w->state[fi] == DONE) return DIAG_OK;
    if (w->state[fi] == ON_PATH) return report_cycle(w, fi);
    w->state[fi] = ON_PATH;
    w->path[w->depth++] = fi;
    int rc = walk_calls_in(w, w->m->funcs[fi]->body);
    w->depth--;
    w->state[fi] = DONE;
    return rc;
}

static int check_no_recursion(const ir_module *m, diag *d) {
    size_t n = m->nfuncs > 0 ? (size_t)m->nfuncs : 1;
    call_walk w = {m, mem_calloc(n, 1), mem_calloc(n, sizeof(int)), 0, d};
    int rc = w.state && w.path ? DIAG_OK : diag_nomem(d);
    for (int i = 0; !rc && i < m->nfuncs; i++) rc = walk_func(&w, i);
    mem_free(w.state);
    mem_free(w.path);
    return rc;
}

int ir_verify_module(const ir_module *m, diag *d) {
    int rc = check_unique_names(m, d);
    for (int i = 0; !rc && i < m->nfuncs; i++) rc = ir_verify_func(m, m->funcs[i], d);
    if (!rc) rc = check_no_recursion(m, d);
    return rc;
}
