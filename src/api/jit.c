/* jit.c: aj_jit, jax.jit for C. A call hashes its signature (the inputs'
 * dtypes and shapes, the static arguments' bytes, the result count) and
 * looks it up in the function's table; a miss traces the program through
 * a builder, compiles it (aj_compile, with the disk cache; the table is the
 * in-memory cache) and keeps the executable under that signature. A hit
 * runs it at once. */
#include <pthread.h>
#include <string.h>

#include "api.h"
#include "../util/mem.h"

typedef struct jit_type {
    aj_dtype dtype;
    int rank;
    int64_t dims[AJ_MAX_RANK];
} jit_type;

/* One signature and its executable, in one block: the entry, the nin
 * input types, then the static arguments' bytes. */
typedef struct jit_entry {
    struct jit_entry *next;    /* in its bucket */
    uint64_t hash;
    int nin, nout;
    size_t static_size;
    aj_executable *exec;
    jit_type types[];
} jit_entry;

struct aj_jit {
    aj_jit *next, *prev;       /* in the registry (for aj_clear_caches) */
    aj_trace_fn trace;
    void *user;
    aj_compile_options opts;
    pthread_mutex_t lock;      /* the table, and tracing (one at a time) */
    jit_entry **buckets;
    int nbuckets;              /* a power of two */
    int nentries;
    int ntraces;
};

/* Every live aj_jit, so that aj_clear_caches can empty their tables.
 * Lock order: registry_lock, then a jit's lock. */
static aj_jit *registry;
static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;

static const unsigned char *entry_static(const jit_entry *e) {
    return (const unsigned char *)&e->types[e->nin];
}

static uint64_t fnv(uint64_t h, const void *p, size_t n) {
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

static uint64_t signature_hash(int nin, aj_array *const *in, const void *static_args,
                               size_t static_size, int nout) {
    uint64_t h = fnv(0xcbf29ce484222325ull, &nin, sizeof nin);
    h = fnv(h, &nout, sizeof nout);
    for (int i = 0; i < nin; i++) {
        h = fnv(h, &in[i]->dtype, sizeof in[i]->dtype);
        h = fnv(h, in[i]->dims, (size_t)in[i]->rank * sizeof(int64_t));
        h = fnv(h, &in[i]->rank, sizeof in[i]->rank);
    }
    return fnv(h, static_args, static_size);
}

static int entry_matches(const jit_entry *e, uint64_t hash, int nin, aj_array *const *in,
                         const void *static_args, size_t static_size, int nout) {
    if (e->hash != hash || e->nin != nin || e->nout != nout || e->static_size != static_size) return 0;
    for (int i = 0; i < nin; i++)
        if (e->types[i].dtype != in[i]->dtype || e->types[i].rank != in[i]->rank ||
            memcmp(e->types[i].dims, in[i]->dims, (size_t)in[i]->rank * sizeof(int64_t)) != 0)
            return 0;
    return static_size == 0 || memcmp(entry_static(e), static_args, static_size) == 0;
}

aj_status aj_jit_create(aj_trace_fn trace, void *user, const aj_compile_options *opts, aj_jit **out) {
    if (!trace) return api_fail(AJ_ERR_INVALID, "aj_jit_create: the trace function is NULL");
    if (opts && (opts->dump_after || opts->dump_to))
        return api_fail(AJ_ERR_INVALID, "aj_jit_create: dump_after is not for aj_jit (use aj_compile)");
    aj_jit *j = mem_calloc(1, sizeof *j);
    if (!j) return api_nomem();
    j->trace = trace;
    j->user = user;
    if (opts) j->opts = *opts;
    j->opts.no_memory_cache = 1;   /* the table is this function's cache */
    pthread_mutex_init(&j->lock, NULL);
    pthread_mutex_lock(&registry_lock);
    j->next = registry;
    if (registry) registry->prev = j;
    registry = j;
    pthread_mutex_unlock(&registry_lock);
    *out = j;
    return AJ_OK;
}

/* Drops every signature (calls running now hold their executable). */
static void table_clear(aj_jit *j) {
    for (int b = 0; b < j->nbuckets; b++) {
        for (jit_entry *e = j->buckets[b], *next; e; e = next) {
            next = e->next;
            aj_executable_destroy(e->exec);
            mem_free(e);
        }
        j->buckets[b] = NULL;
    }
    j->nentries = 0;
}

void aj_jit_destroy(aj_jit *j) {
    if (!j) return;
    pthread_mutex_lock(&registry_lock);
    if (j->prev) j->prev->next = j->next;
    else registry = j->next;
    if (j->next) j->next->prev = j->prev;
    pthread_mutex_unlock(&registry_lock);
    table_clear(j);
    mem_free(j->buckets);
    pthread_mutex_destroy(&j->lock);
    mem_free(j);
}

void api_jit_clear_all(void) {
    pthread_mutex_lock(&registry_lock);
    for (aj_jit *j = registry; j; j = j->next) {
        pthread_mutex_lock(&j->lock);
        table_clear(j);
        pthread_mutex_unlock(&j->lock);
    }
    pthread_mutex_unlock(&registry_lock);
}

int aj_jit_trace_count(aj_jit *j) {
    pthread_mutex_lock(&j->lock);
    int n = j->ntraces;
    pthread_mutex_unlock(&j->lock);
    return n;
}

static jit_entry *table_find(const aj_jit *j, uint64_t hash, int nin, aj_array *const *in,
                             const void *static_args, size_t static_size, int nout) {
    if (!j->nbuckets) return NULL;
    for (jit_entry *e = j->buckets[hash & (uint64_t)(j->nbuckets - 1)]; e; e = e->next)
        if (entry_matches(e, hash, nin, in, static_args, static_size, nout)) return e;
    return NULL;
}

/* Doubles the buckets once there are as many entries as buckets. */
static aj_status table_make_room(aj_jit *j) {
    if (j->nentries < j->nbuckets) return AJ_OK;
    int n = j->nbuckets ? 2 * j->nbuckets : 8;
    jit_entry **buckets = mem_calloc((size_t)n, sizeof *buckets);
    if (!buckets) return api_nomem();
    for (int b = 0; b < j->nbuckets; b++)
        for (jit_entry *e = j->buckets[b], *next; e; e = next) {
            next = e->next;
            e->next = buckets[e->hash & (uint64_t)(n - 1)];
            buckets[e->hash & (uint64_t)(n - 1)] = e;
        }
    mem_free(j->buckets);
    j->buckets = buckets;
    j->nbuckets = n;
    return AJ_OK;
}

/* Builds "main" from the inputs' types through the trace function. */
static aj_status trace(aj_jit *j, int nin, aj_array *const *in, const void *static_args,
                       size_t static_size, int nout, aj_module **out) {
    aj_module *m;
    aj_builder *b;
    aj_value *values = mem_calloc((size_t)nin + (size_t)nout + 1, sizeof *values);
    if (!values) return api_nomem();
    aj_status st = aj_module_create(&m);
    if (st) {
        mem_free(values);
        return st;
    }
    if (!(st = aj_builder_begin(m, "main", &b))) {
        for (int i = 0; i < nin && !st; i++)
            st = aj_param(b, in[i]->dtype, in[i]->rank, in[i]->dims, &values[i]);
        for (int r = 0; r < nout; r++) values[nin + r] = AJ_NO_VALUE;
        if (st) {
            aj_builder_abandon(b);
        } else {
            /* Finished even when the trace failed: the builder reports the
             * first error of the trace's op calls. */
            aj_status traced = j->trace(b, nin, values, static_args, static_size, j->user, nout, values + nin);
            st = aj_builder_finish(b, nout, values + nin);
            if (traced && !st) {
                st = api_fail(traced, "aj_jit: the trace function failed (status %d)", (int)traced);
            } else if (traced) {
                st = traced;
            }
        }
    }
    mem_free(values);
    if (st) aj_module_destroy(m);
    else *out = m;
    return st;
}

/* Traces and compiles a new signature and enters it. Called locked. */
static aj_status add_signature(aj_jit *j, uint64_t hash, int nin, aj_array *const *in,
                               const void *static_args, size_t static_size, int nout, jit_entry **out) {
    aj_status st = table_make_room(j);
    if (st) return st;
    jit_entry *e = mem_calloc(1, sizeof *e + (size_t)nin * sizeof(jit_type) + static_size);
    if (!e) return api_nomem();
    *e = (jit_entry){.hash = hash, .nin = nin, .nout = nout, .static_size = static_size};
    for (int i = 0; i < nin; i++) {
        e->types[i] = (jit_type){in[i]->dtype, in[i]->rank, {0}};
        memcpy(e->types[i].dims, in[i]->dims, (size_t)in[i]->rank * sizeof(int64_t));
    }
    if (static_size) memcpy((unsigned char *)&e->types[nin], static_args, static_size);
    aj_module *m = NULL;
    j->ntraces++;
    st = trace(j, nin, in, static_args, static_size, nout, &m);
    if (!st) {
        st = aj_compile(m, "main", &j->opts, &e->exec);
        aj_module_destroy(m);
    }
    if (st) {
        mem_free(e);
        return st;
    }
    jit_entry **bucket = &j->buckets[hash & (uint64_t)(j->nbuckets - 1)];
    e->next = *bucket;
    *bucket = e;
    j->nentries++;
    *out = e;
    return AJ_OK;
}

aj_status aj_jit_call(aj_jit *j, int nin, aj_array *const *in, const void *static_args,
                      size_t static_size, int nout, aj_array **out) {
    if (nin < 0 || nout < 0 || (static_size && !static_args))
        return api_fail(AJ_ERR_INVALID, "aj_jit_call: bad counts or static arguments");
    for (int i = 0; i < nin; i++) {
        if (!in[i]) return api_fail(AJ_ERR_INVALID, "aj_jit_call: argument %d is NULL", i);
        if (in[i]->donated)
            return api_fail(AJ_ERR_INVALID, "aj_jit_call: argument %d was donated to an earlier call "
                            "and may not be used again", i);
    }
    uint64_t hash = signature_hash(nin, in, static_args, static_size, nout);
    pthread_mutex_lock(&j->lock);
    jit_entry *e = table_find(j, hash, nin, in, static_args, static_size, nout);
    aj_status st = e ? AJ_OK : add_signature(j, hash, nin, in, static_args, static_size, nout, &e);
    /* A reference of the call's own: aj_clear_caches may empty the table
     * while this runs. */
    aj_executable *exec = st ? NULL : e->exec;
    if (exec) api_executable_retain(exec);
    pthread_mutex_unlock(&j->lock);
    if (exec) {
        st = aj_executable_run(exec, nin, in, nout, out);
        aj_executable_destroy(exec);
    }
    return st;
}
