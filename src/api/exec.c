/* exec.c: compiled executables, their in-memory cache, running them, and
 * their memory analysis. */
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "../build/build.h"
#include "../compile/compile.h"
#include "../eval/eval.h"
#include "../report/report.h"
#include "../runtime/runtime.h"
#include "../runtime/threads.h"
#include "../util/file.h"
#include "../util/mem.h"

struct aj_executable {
    atomic_int refs;           /* the cache's reference plus each handle given out */
    char *key;                 /* canonical program text + options; the cache's key */
    size_t key_len;
    compiled *c;
    rt_exec *rt;
    ir_module *source;         /* the program as given (for the evaluator's peak) */
    ir_func *source_func;
    long long eager_peak;      /* -1 until measured */
    double timeout_seconds;    /* each run's limit (aj_compile_options); 0: none */
    aj_executable *next_cached;
};

/* ---- the in-memory cache ----------------------------------------------------
 * Keyed by the printed program (canonical IR text: same program, shapes and
 * dtypes print the same) and the options that change the code. A hit hands
 * out the same executable with one more reference. cache_lock guards the
 * list; an executable on it holds the cache's reference, so it stays alive
 * while the lock is held. */

static aj_executable *cache_head;
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;

/* The threads a compile uses: opts.threads when 1 or more, else
 * ARRAYJIT_THREADS (1 to 1024), else every core the process may run on,
 * as XLA does. The pool degrades to the caller's own speed when cores are
 * busy (src/runtime/threads.h), and the memory plan is the same at any
 * count. */
static int effective_threads(const aj_compile_options *o) {
    if (o->threads >= 1) return o->threads;
    const char *env = getenv("ARRAYJIT_THREADS");
    char *end;
    long n = env && *env ? strtol(env, &end, 10) : 0;
    return env && *env && !*end && n >= 1 && n <= 1024 ? (int)n : rt_cores();
}

static int options_text(const aj_compile_options *o, char *buf, size_t size) {
    return snprintf(buf, size, "\n// options: strict=%d threads=%d nofuse=%d nofold=%d cc=%s cflags=%s "
                    "donate=%" PRIu64 " strictdonate=%d budget=%zu timeout=%a\n",
                    o->strict_order, effective_threads(o), o->no_fusion, o->no_folding, o->cc ? o->cc : "",
                    o->cflags ? o->cflags : "", o->donate, o->strict_donation, o->memory_budget_bytes,
                    o->timeout_seconds);
}

/* The cache key: the module printed, then the function name and options. */
static char *cache_key(const ir_module *m, const char *func, const aj_compile_options *o, size_t *len) {
    file_text t;
    FILE *f = file_text_open(&t);
    if (!f) return NULL;
    ir_print_module(f, m);
    api_checkpoint_key(f, m);
    char opts[1024];
    options_text(o, opts, sizeof opts);
    fprintf(f, "// entry: %s%s", func, opts);
    if (fclose(f) != 0 || t.failed) {
        mem_free(t.text);
        return NULL;
    }
    *len = t.len;
    return t.text;
}

/* The cached executable for key with one more reference, or NULL.
 * Called with cache_lock held. */
static aj_executable *cache_take(const char *key, size_t len) {
    for (aj_executable *e = cache_head; e; e = e->next_cached)
        if (e->key_len == len && memcmp(e->key, key, len) == 0) {
            atomic_fetch_add(&e->refs, 1);
            return e;
        }
    return NULL;
}

static void executable_free(aj_executable *e) {
    rt_exec_free(e->rt);
    compiled_free(e->c);
    ir_module_free(e->source);
    mem_free(e->key);
    mem_free(e);
}

static void release(aj_executable *e) {
    if (atomic_fetch_sub(&e->refs, 1) == 1) executable_free(e);
}

void aj_executable_destroy(aj_executable *e) {
    if (e) release(e);
}

void api_executable_retain(aj_executable *e) { atomic_fetch_add(&e->refs, 1); }

static void cache_clear(void) {
    pthread_mutex_lock(&cache_lock);
    aj_executable *list = cache_head;
    cache_head = NULL;
    pthread_mutex_unlock(&cache_lock);
    while (list) {
        aj_executable *e = list;
        list = e->next_cached;
        e->next_cached = NULL;
        release(e);
    }
}

/* At exit the cache lets go of what it holds (executables a caller still
 * holds stay theirs), so that a process that compiled ends with nothing
 * allocated by us that it did not keep. */
__attribute__((destructor)) static void release_memory_cache(void) { cache_clear(); }

aj_status aj_clear_caches(const char *cache_dir) {
    api_jit_clear_all();
    cache_clear();
    mem_trim();
    diag d = {0};
    if (build_clear_disk_cache(cache_dir, &d)) return api_fail_diag(&d);
    return AJ_OK;
}

/* ---- compiling ------------------------------------------------------------------ */

void api_compile_options(const aj_compile_options *o, compile_options *c) {
    compile_options_default(c);
    c->codegen.strict_order = o->strict_order;
    c->codegen.threads = effective_threads(o);
    c->codegen.disk_cache = !o->no_disk_cache;
    c->codegen.cache_dir = o->cache_dir;
    c->codegen.cc = o->cc;
    c->codegen.cflags = o->cflags;
    c->plan.donated = o->donate;
    c->plan.strict_donation = o->strict_donation;
    c->fuse.disable = o->no_fusion;
    c->no_fold = o->no_folding;
    c->memory_budget_bytes = o->memory_budget_bytes;
    c->dump_after = o->dump_after;
    c->dump_to = o->dump_to;
}

/* The executable's own copy of the source function (and its callees), kept
 * to measure the evaluator's peak on demand. */
static aj_status keep_source(aj_executable *e, const ir_module *m, const char *func) {
    e->source = ir_module_clone(m);
    if (!e->source) return api_nomem();
    e->source_func = ir_module_find(e->source, func);
    return AJ_OK;
}

/* Takes key over (the executable holds it; freed on failure). */
static aj_status build_executable(aj_module *m, ir_func *f, const aj_compile_options *o,
                                  char *key, size_t key_len, aj_executable **out) {
    aj_executable *e = mem_calloc(1, sizeof *e);
    if (!e) {
        mem_free(key);   /* owned from here on, as by the executable below */
        return api_nomem();
    }
    e->refs = 1;
    e->key = key;
    e->key_len = key_len;
    e->eager_peak = -1;
    e->timeout_seconds = o->timeout_seconds;
    compile_options co;
    api_compile_options(o, &co);
    diag d = {0};
    aj_status st = AJ_OK;
    if (compile_func(m->ir, f, &co, &e->c, &d) ||
        rt_exec_new(e->c->entry, e->c->memory.temp_bytes, e->c->threads, &e->rt, &d))
        st = api_fail_diag(&d);
    if (!st) st = keep_source(e, m->ir, f->name);
    if (st) {
        executable_free(e);
        return st;
    }
    *out = e;
    return AJ_OK;
}

aj_status aj_compile(aj_module *m, const char *func, const aj_compile_options *opts,
                     aj_executable **out) {
    static const aj_compile_options defaults;
    const aj_compile_options *o = opts ? opts : &defaults;
    ir_func *f = api_find_func(m, func);
    if (!f) return AJ_ERR_INVALID;
    size_t key_len;
    char *key = cache_key(m->ir, f->name, o, &key_len);
    if (!key) return api_nomem();
    int cached = !o->dump_after && !o->no_memory_cache;
    aj_executable *e = NULL;
    if (cached) {
        pthread_mutex_lock(&cache_lock);
        e = cache_take(key, key_len);
        pthread_mutex_unlock(&cache_lock);
    }
    if (e) {
        mem_free(key);
        *out = e;
        return AJ_OK;
    }
    /* Built without the lock; a thread that built the same program
     * meanwhile wins, and this one's executable is dropped. */
    aj_status st = build_executable(m, f, o, key, key_len, &e);
    if (st) return st;
    if (cached) {
        pthread_mutex_lock(&cache_lock);
        aj_executable *other = cache_take(e->key, e->key_len);
        if (!other) {
            atomic_fetch_add(&e->refs, 1);  /* the cache's reference */
            e->next_cached = cache_head;
            cache_head = e;
        }
        pthread_mutex_unlock(&cache_lock);
        if (other) {
            release(e);
            e = other;
        }
    }
    *out = e;
    return AJ_OK;
}

const char *aj_executable_warning(const aj_executable *e) { return e->c->warning; }

/* ---- running ------------------------------------------------------------------ */

/* Output arrays: fresh buffers, except results held in donated inputs,
 * which take the input's buffer over (all or none are made). */
static aj_status make_outputs(const compiled *c, aj_array *const *in, aj_array **out) {
    const ir_func *f = c->func;
    const ir_op *ret = f->body->ops[f->body->nops - 1];
    for (int j = 0; j < f->nresults; j++) {
        const plan_buffer *b = &c->plan.buf[ret->in[j]];
        bool donated = b->home == PLAN_DONATED && b->index >= 0;
        for (int k = 0; k < j && donated; k++) donated = ret->in[k] != ret->in[j];
        aj_status st;
        if (donated) {
            aj_array *src = in[b->index];
            st = aj_array_wrap(src->dtype, src->rank, src->dims, src->data, &out[j]);
            if (!st) {   /* ownership moves over in take_donations, once the run happened */
                out[j]->dtype = (aj_dtype)f->result_types[j].dtype;
                out[j]->rank = f->result_types[j].rank;
                memcpy(out[j]->dims, f->result_types[j].dims, sizeof out[j]->dims);
            }
        } else {   /* the run writes every element */
            st = api_array_create_unfilled((aj_dtype)f->result_types[j].dtype, f->result_types[j].rank,
                                           f->result_types[j].dims, &out[j]);
        }
        if (st) {
            for (int k = 0; k < j; k++) aj_array_destroy(out[k]);
            return st;
        }
    }
    return AJ_OK;
}

/* The donated inputs gave their buffers to the outputs that now hold
 * them: the buffer's ownership moves over and the input is spent. */
static void take_donations(const compiled *c, aj_array *const *in, aj_array *const *out) {
    const ir_func *f = c->func;
    const ir_op *ret = f->body->ops[f->body->nops - 1];
    for (int j = 0; j < f->nresults; j++) {
        const plan_buffer *b = &c->plan.buf[ret->in[j]];
        if (b->home != PLAN_DONATED || out[j]->data != in[b->index]->data) continue;
        out[j]->owns_data = in[b->index]->owns_data;
        in[b->index]->owns_data = 0;
        in[b->index]->donated = 1;
    }
}

/* Checks the call's shape: the result count, and the inputs. */
static aj_status check_call(const ir_func *f, int nin, aj_array *const *in, int nout) {
    if (nout != f->nresults)
        return api_fail(AJ_ERR_INVALID, "'%s' has %d results, room for %d given", f->name,
                        f->nresults, nout);
    return api_check_inputs(f, nin, in);
}

/* Runs the code on the arrays' buffers (the outputs exist by now). The
 * lists of buffers are on the stack for the usual few. A run that timed
 * out has spent its donations all the same (their buffers were written). */
enum { FEW_BUFFERS = 16 };
static aj_status launch(aj_executable *e, int nin, aj_array *const *in, int nout, aj_array *const *out) {
    void *few_args[FEW_BUFFERS], *few_outs[FEW_BUFFERS];
    void **args = nin <= FEW_BUFFERS ? few_args : mem_calloc((size_t)nin, sizeof *args);
    void **outs = nout <= FEW_BUFFERS ? few_outs : mem_calloc((size_t)nout, sizeof *outs);
    aj_status st = args && outs ? AJ_OK : api_nomem();
    if (!st) {
        for (int i = 0; i < nin; i++) args[i] = in[i]->data;
        for (int j = 0; j < nout; j++) outs[j] = out[j]->data;
        int loop = rt_exec_run(e->rt, args, outs, e->timeout_seconds);
        take_donations(e->c, in, out);
        if (loop >= 0) {
            diag d = {0};
            compiled_timeout_error(e->c, loop, e->timeout_seconds, &d);
            st = api_fail_diag(&d);
        }
    }
    if (args != few_args) mem_free(args);
    if (outs != few_outs) mem_free(outs);
    return st;
}

aj_status aj_executable_run(aj_executable *e, int nin, aj_array *const *in, int nout,
                            aj_array **out) {
    aj_status st = check_call(e->c->func, nin, in, nout);
    if (!st) st = make_outputs(e->c, in, out);
    if (!st && (st = launch(e, nin, in, nout, out)) != AJ_OK)
        for (int j = 0; j < nout; j++) {   /* out-parameters are written only on success */
            aj_array_destroy(out[j]);
            out[j] = NULL;
        }
    return st;
}

aj_status aj_executable_run_into(aj_executable *e, int nin, aj_array *const *in, int nout,
                                 aj_array *const *out) {
    const ir_func *f = e->c->func;
    aj_status st = check_call(f, nin, in, nout);
    if (st) return st;
    if (e->c->memory.alias_bytes)
        return api_fail(AJ_ERR_INVALID, "'%s' writes outputs into donated arguments; run it with "
                        "aj_executable_run", f->name);
    for (int j = 0; j < nout; j++) {
        ir_type got;
        if (!out[j] || out[j]->donated || api_type_from(out[j]->dtype, out[j]->rank, out[j]->dims, &got) ||
            !ir_type_eq(&got, &f->result_types[j])) {
            char want[128];
            return api_fail(AJ_ERR_INVALID, "'%s' output %d: expected an array of %s", f->name, j,
                            ir_type_str(&f->result_types[j], want, sizeof want));
        }
    }
    return launch(e, nin, in, nout, out);
}

/* ---- memory analysis -------------------------------------------------------------- */

/* The evaluator's peak for the same program (it depends on shapes only,
 * so the evaluator measures it without computing). The evaluator counts the
 * buffers it allocates; the arguments, which an eager run holds all the
 * while too, are added so that the figure compares with peak_bytes. */
static pthread_mutex_t eager_lock = PTHREAD_MUTEX_INITIALIZER;   /* measured once */

static aj_status measure_eager_peak(aj_executable *e) {
    pthread_mutex_lock(&eager_lock);
    eval_stats stats = {0};
    diag d = {0};
    aj_status st = AJ_OK;
    if (e->eager_peak < 0) {
        if (eval_measure_peak(e->source, e->source_func, &stats, &d)) st = api_fail_diag(&d);
        else e->eager_peak = (long long)(stats.peak_live_bytes + e->c->memory.argument_bytes);
    }
    pthread_mutex_unlock(&eager_lock);
    return st;
}

aj_status aj_executable_memory(aj_executable *e, aj_memory_stats *out) {
    aj_status st = measure_eager_peak(e);
    if (st) return st;
    const compile_memory *m = &e->c->memory;
    *out = (aj_memory_stats){
        .argument_bytes = m->argument_bytes,
        .output_bytes = m->output_bytes,
        .alias_bytes = m->alias_bytes,
        .temp_bytes = m->temp_bytes,
        .code_bytes = m->code_bytes,
        .lower_bound_bytes = m->lower_bound_bytes,
        .fused_away_bytes = m->fused_away_bytes,
        .eager_peak_bytes = (size_t)e->eager_peak,
        .peak_bytes = m->peak_bytes,
        .arena_allocated_bytes = rt_exec_arena_bytes(e->rt),
        .compile_seconds = e->c->compile_seconds,
        .cache_hit = e->c->cache_hit,
        .recompute_flops = (uint64_t)m->recompute_flops,
    };
    for (int i = 0; i < m->nresiduals; i++)
        if (m->residual_kept[i]) {
            out->saved_residuals++;
            out->saved_residual_bytes += m->residuals[i].bytes;
        }
    return AJ_OK;
}

aj_status aj_executable_print_residuals(aj_executable *e, FILE *out) {
    report_print_residuals(out, e->c->func, &e->c->memory);
    return ferror(out) ? api_fail(AJ_ERR_IO, "writing the residuals failed") : AJ_OK;
}

/* ---- the memory picture ------------------------------------------------------------ */

enum { CURVE_LABEL_MAX = 256, CURVE_NOTE_MAX = 1024 };

static aj_status curve_alloc(aj_memory_curve *c, int nsteps) {
    c->nsteps = nsteps;
    c->labels = mem_calloc((size_t)nsteps + 1, sizeof *c->labels);
    c->peak_note = mem_calloc(1, CURVE_NOTE_MAX);
    if (!c->bytes && !(c->bytes = mem_calloc((size_t)nsteps + 1, sizeof *c->bytes))) return api_nomem();
    if (!c->labels || !c->peak_note) return api_nomem();
    for (int s = 0; s < nsteps; s++)
        if (!(c->labels[s] = mem_calloc(1, CURVE_LABEL_MAX))) return api_nomem();
    return AJ_OK;
}

/* The executable's kernels: the arena bytes the plan keeps live at each
 * one, on top of what the caller's buffers hold all the while. */
static aj_status planned_curve(aj_executable *e, aj_memory_curve *c) {
    const compiled *cc = e->c;
    const compile_memory *m = &cc->memory;
    const ir_block *body = cc->func->body;
    aj_status st = curve_alloc(c, cc->plan.nsteps - 1);   /* the last step is the return */
    if (st) return st;
    size_t base = m->argument_bytes + m->output_bytes - m->alias_bytes;
    for (int s = 0; s < c->nsteps; s++) {
        c->bytes[s] = base + cc->plan.temp_live[s];
        report_kernel_summary(body->ops[s], c->labels[s], CURVE_LABEL_MAX);
    }
    c->name = "compiled";
    c->peak_step = m->peak_step < c->nsteps ? m->peak_step : 0;
    c->peak_bytes = m->peak_bytes;
    size_t used = 0;
    for (int i = 0; i < m->npeak && used + 1 < CURVE_NOTE_MAX; i++) {
        char label[64], ty[128], ops[128];
        report_kernel_summary(m->peak_buffers[i].producer, ops, sizeof ops);
        used += (size_t)snprintf(c->peak_note + used, CURVE_NOTE_MAX - used, "%s%s %s (%s)",
                                 i ? ", " : "", report_value_label(cc->func, m->peak_buffers[i].value, label, sizeof label),
                                 ir_type_str(&cc->func->values[m->peak_buffers[i].value].type, ty, sizeof ty), ops);
    }
    return AJ_OK;
}

/* The reference evaluator's ops on the program as given (a dry run), the
 * ops of called functions included. */
static aj_status eager_curve(aj_executable *e, aj_memory_curve *c) {
    diag d = {0};
    eval_step *steps = NULL;
    int n = 0;
    if (eval_measure_curve(e->source, e->source_func, &steps, &n, &d)) return api_fail_diag(&d);
    aj_status st = curve_alloc(c, n);
    c->name = "eager";
    for (int s = 0; s < n && !st; s++) {
        c->bytes[s] = steps[s].live_bytes + e->c->memory.argument_bytes;
        snprintf(c->labels[s], CURVE_LABEL_MAX, "%s", ir_op_name(steps[s].op->code));
        if (c->bytes[s] > c->bytes[c->peak_step]) c->peak_step = s;
    }
    mem_free(steps);
    if (st) return st;
    c->peak_bytes = n ? c->bytes[c->peak_step] : 0;
    if (n) snprintf(c->peak_note, CURVE_NOTE_MAX, "while op %d (%s) runs", c->peak_step, c->labels[c->peak_step]);
    return AJ_OK;
}

/* The allocator's view of one run on zero-filled arguments: the peak of array
 * bytes in use, less what was in use before the arguments were made other
 * than this executable's arena (other arrays of the process). */
static aj_status measured_curve(aj_executable *e, aj_memory_curve *c) {
    const ir_func *f = e->c->func;
    int nin = f->body->nargs, nout = f->nresults;
    aj_array **in = mem_calloc((size_t)(nin + nout) + 1, sizeof *in), **out = in + nin;
    if (!in) return api_nomem();
    aj_allocator_stats before, during;
    aj_allocator_get_stats(&before);
    aj_allocator_reset_peak();
    aj_status st = AJ_OK;
    for (int i = 0; i < nin && !st; i++) {
        const ir_type *t = &f->values[f->body->args[i]].type;
        st = aj_array_create((aj_dtype)t->dtype, t->rank, t->dims, &in[i]);
    }
    if (!st) st = aj_executable_run(e, nin, in, nout, out);
    aj_allocator_get_stats(&during);
    for (int i = 0; i < nin + nout; i++) aj_array_destroy(in[i]);
    mem_free(in);
    if (!st) st = curve_alloc(c, 1);
    if (st) return st;
    size_t others = before.array_bytes_in_use - rt_exec_arena_bytes(e->rt);
    c->name = "measured (allocator)";
    c->bytes[0] = c->peak_bytes = during.peak_array_bytes_in_use - others;
    snprintf(c->labels[0], CURVE_LABEL_MAX, "one run on zeros");
    snprintf(c->peak_note, CURVE_NOTE_MAX, "arena, arguments and outputs, allocated once for the run");
    return AJ_OK;
}

aj_status aj_executable_memory_curve(aj_executable *e, aj_curve_kind kind, aj_memory_curve *out) {
    memset(out, 0, sizeof *out);
    if (kind != AJ_CURVE_PLANNED && kind != AJ_CURVE_EAGER && kind != AJ_CURVE_MEASURED)
        return api_fail(AJ_ERR_INVALID, "aj_executable_memory_curve: unknown curve kind %d", (int)kind);
    aj_status st = kind == AJ_CURVE_PLANNED ? planned_curve(e, out)
                 : kind == AJ_CURVE_EAGER   ? eager_curve(e, out)
                                            : measured_curve(e, out);
    if (st) aj_memory_curve_release(out);
    return st;
}

void aj_memory_curve_release(aj_memory_curve *c) {
    if (!c) return;
    for (int s = 0; c->labels && s < c->nsteps; s++) mem_free(c->labels[s]);
    mem_free(c->labels);
    mem_free(c->bytes);
    mem_free(c->peak_note);
    memset(c, 0, sizeof *c);
}

aj_status aj_executable_report(aj_executable *e, FILE *out, int json) {
    aj_memory_stats s;
    aj_status st = aj_executable_memory(e, &s);
    if (st) return st;
    if (json) report_print_json(out, e->c->func, &e->c->memory, &s);
    else report_print_text(out, e->c->func, &e->c->memory, &s, e->c->warning);
    return ferror(out) ? api_fail(AJ_ERR_IO, "writing the memory report failed") : AJ_OK;
}

aj_status aj_memory_svg(const aj_memory_curve *curves, int ncurves, const char *title, const char *path) {
    if (ncurves < 0 || (ncurves > 0 && !curves) || !path) return api_fail(AJ_ERR_INVALID, "aj_memory_svg: no curves or no path");
    char *svg;
    size_t len;
    diag d = {0};
    if (report_svg(curves, ncurves, title, &svg, &len, &d)) return api_fail_diag(&d);
    const void *pieces[1] = {svg};
    int rc = file_write_atomic(path, pieces, &len, 1, &d);
    mem_free(svg);
    return rc ? api_fail_diag(&d) : AJ_OK;
}
