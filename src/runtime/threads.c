#define _GNU_SOURCE
#include "threads.h"

#include <limits.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <string.h>
#include <sys/syscall.h>
#include <stdlib.h>
#include <unistd.h>

#include "../util/clock.h"

/* ---- the job --------------------------------------------------------------------
 * One job at a time, published in `claim` = (generation << 32) | next chunk.
 * A chunk is claimed by a compare-exchange of claim from (g, c) to
 * (g, c + 1), after reading the job's parameters: the caller writes them
 * only while claim reads (g', CLOSED), so a claim that succeeds read the
 * parameters of generation g. Every access is sequentially consistent: the
 * argument above needs the one total order, and a job costs a handful of
 * them. `done` counts the finished chunks of the current generation; the
 * caller returns when it reaches nchunks, so no chunk of a job finishes
 * after its call has returned. */

enum { MAX_WORKERS = 255 };
#define CLOSED 0xffffffffu
/* Long enough to span the serial kernels between two parallel ones (a
 * futex wake-up on this VM takes 50 us to several ms): 500 against 50 us,
 * 2 threads, ms: mlp_deep 194/257, gru_scan_grad 78/99, decoder_forward
 * 72/81, others alike; 2 ms was no better. */
#define RT_SPIN_SECONDS 500e-6
/* Whether a call goes to the workers. A worker descheduled in its chunk
 * (another process holds its core) keeps the caller waiting for the rest
 * of its time slice, milliseconds, whatever the call's size: that pays for
 * a long call (layernorm's one 8-chunk call waited up to 4 ms after 5.4-7.5
 * ms of its own, and still beat the caller alone) and ruins a short one
 * (attention_causal's 128 two-chunk products of 0.4 ms each waited up to
 * 4.2 ms). So the pool keeps an average of the caller's wait past one
 * chunk's time over recent parallel calls (`late`, LATE_WEIGHT to the
 * newest) and, per kind of call (task, n, chunk: `sizes`), the time it
 * takes the caller alone; a call goes parallel when the time the workers
 * would save it (alone x (1 - 1/threads)) is more than that wait, or when
 * it is unknown, or as a probe once `probe_gap` seconds have passed since
 * the last (so that the average follows the machine back when the load
 * goes). On an idle machine the wait is near zero and every call goes
 * parallel. A probe costs the wait it measures (a time slice of the other
 * process, milliseconds), so while probes find the workers late the gap
 * doubles, from PROBE_MIN_SECONDS up to PROBE_MAX_SECONDS. A probe every
 * 32nd call kept alone, as before, cost matmul_bf16 (24 split products a
 * call) 27.1 ms beside a process spinning on the other core, 24.8 with no
 * probes at all. */
#define LATE_WEIGHT 0.25
#define PROBE_MIN_SECONDS 0.01
#define PROBE_MAX_SECONDS 0.5
enum { SIZES = 64 };
/* The caller, out of chunks, spins for workers one chunk's time (its own
 * mean) plus this before it sleeps (wait_done). */
#define SPIN_SLACK_SECONDS 20e-6

typedef struct pool {
    pthread_mutex_t busy;            /* held by the one call using the pool */
    pthread_mutex_t grow;            /* held while starting workers */
    int nworkers;                    /* started (under grow) */
    _Atomic uint64_t claim;
    _Atomic(codegen_task) fn;
    _Atomic(void *const *) ptrs;
    _Atomic int64_t n, chunk;
    _Atomic uint32_t nchunks, done;  /* done is also a futex word: */
    _Atomic int waiting;             /* the caller sleeps on it (wait_done) */
    _Atomic uint32_t wake;           /* futex word: bumped per job */
    _Atomic int sleepers;            /* workers in futex_wait (or about to be) */
    double late;                     /* (under busy) the caller's recent wait past a chunk's time */
    double probe_at, probe_gap;      /* (under busy) when a call kept alone may probe, and the gap after */
    struct call_size {               /* (under busy) a kind of call and its time alone */
        codegen_task fn;
        int64_t n, chunk;
        double alone;
    } sizes[SIZES];
    _Atomic int caller_cpu;          /* the core the current job's caller runs on, or -1 */
    _Atomic int job_workers;         /* workers the current job may use: its threads - 1 */
    cpu_set_t cores;                 /* the cores the first caller could use (under grow) */
} pool;

static pool the_pool = {.busy = PTHREAD_MUTEX_INITIALIZER, .grow = PTHREAD_MUTEX_INITIALIZER, .claim = CLOSED, .caller_cpu = -1};

static void futex_wait(_Atomic uint32_t *word, uint32_t seen) {
    syscall(SYS_futex, (uint32_t *)word, FUTEX_WAIT_PRIVATE, seen, NULL, NULL, 0);
}

static void futex_wake_all(_Atomic uint32_t *word) {
    syscall(SYS_futex, (uint32_t *)word, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
}

static void cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

/* Claims and runs chunks of the current job until none is left; returns
 * how many it ran. */
static uint32_t run_chunks(pool *p) {
    uint64_t s = atomic_load(&p->claim);
    for (uint32_t ran = 0;; ran++) {
        uint32_t c = (uint32_t)s;
        if (c == CLOSED || c >= atomic_load(&p->nchunks)) return ran;
        codegen_task fn = atomic_load(&p->fn);
        void *const *ptrs = atomic_load(&p->ptrs);
        int64_t n = atomic_load(&p->n), chunk = atomic_load(&p->chunk);
        if (!atomic_compare_exchange_weak(&p->claim, &s, s + 1)) {
            ran--;
            continue;
        }
        int64_t lo = (int64_t)c * chunk, hi = lo + chunk < n ? lo + chunk : n;
        fn(ptrs, lo, hi);
        atomic_fetch_add(&p->done, 1);
        if (atomic_load(&p->waiting)) futex_wake_all(&p->done);
        s = atomic_load(&p->claim);
    }
}

/* Spins up to RT_SPIN_SECONDS for the wake word to move from `seen`. */
static bool spin_for_job(pool *p, uint32_t seen) {
    double until = clock_now_seconds() + RT_SPIN_SECONDS;
    for (;;) {
        for (int i = 0; i < 64; i++) {
            if (atomic_load(&p->wake) != seen) return true;
            cpu_relax();
        }
        if (clock_now_seconds() > until) return false;
    }
}

/* Moves this worker off the core of the job's caller when it finds itself
 * there. The scheduler counts two busy threads on one core beside another
 * process on the other as balanced, and then the caller and this worker
 * share a core while the other core goes half used: measured with a
 * process spinning on core 1 of 2, gelu took 10.1 ms so against 7.7 ms
 * apart. The worker may go to any other core the process could use; only
 * a collision costs a system call. */
static void avoid_caller_core(pool *p) {
    int caller = atomic_load(&p->caller_cpu);
    if (caller < 0 || caller >= CPU_SETSIZE || sched_getcpu() != caller) return;
    cpu_set_t others = p->cores;
    CPU_CLR(caller, &others);
    if (CPU_COUNT(&others) > 0) sched_setaffinity(0, sizeof others, &others);
}

/* A worker: its index among the pool's (it takes part in a job of fewer
 * threads than index + 2 only when it reads the job's cap late). */
typedef struct worker_arg {
    pool *p;
    int index;
} worker_arg;

static void *worker_main(void *arg) {
    pool *p = ((worker_arg *)arg)->p;
    int index = ((worker_arg *)arg)->index;
    free(arg);
    uint32_t seen = atomic_load(&p->wake);
    for (;;) {
        avoid_caller_core(p);
        if (index < atomic_load(&p->job_workers)) run_chunks(p);
        if (!spin_for_job(p, seen)) {
            atomic_fetch_add(&p->sleepers, 1);
            futex_wait(&p->wake, seen);   /* returns at once if a job came since */
            atomic_fetch_sub(&p->sleepers, 1);
        }
        seen = atomic_load(&p->wake);
    }
    return NULL;
}

/* Starts workers up to `want` (fewer if the system refuses threads). */
static int ensure_workers(pool *p, int want) {
    if (want > MAX_WORKERS) want = MAX_WORKERS;
    pthread_mutex_lock(&p->grow);
    if (p->nworkers == 0 && sched_getaffinity(0, sizeof p->cores, &p->cores) != 0) CPU_ZERO(&p->cores);
    while (p->nworkers < want) {
        pthread_attr_t attr;
        pthread_t t;
        pthread_attr_init(&attr);
        pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
        worker_arg *a = malloc(sizeof *a);
        if (a) *a = (worker_arg){p, p->nworkers};
        int rc = a ? pthread_create(&t, &attr, worker_main, a) : -1;
        pthread_attr_destroy(&attr);
        if (rc) {
            free(a);
            break;
        }
        p->nworkers++;
    }
    int have = p->nworkers;
    pthread_mutex_unlock(&p->grow);
    return have;
}

/* Waits for the chunks workers still run. It spins while a worker could
 * still be in the middle of a chunk on a core of its own (`spin` seconds,
 * about one chunk's time), then sleeps on `done`: a worker not finished by
 * then was descheduled (another process holds its core), and the caller's
 * core is better left to whatever else wants it than burnt. */
static void wait_done(pool *p, uint32_t nchunks, double spin) {
    double until = clock_now_seconds() + spin;
    for (;;) {
        for (int i = 0; i < 64; i++) {
            if (atomic_load(&p->done) >= nchunks) return;
            cpu_relax();
        }
        if (clock_now_seconds() > until) break;
    }
    atomic_store(&p->waiting, 1);
    for (uint32_t d; (d = atomic_load(&p->done)) < nchunks;) futex_wait(&p->done, d);
    atomic_store(&p->waiting, 0);
}

/* The entry of `sizes` for a kind of call. */
static struct call_size *size_of(pool *p, codegen_task fn, int64_t n, int64_t chunk) {
    uint64_t h = ((uint64_t)(uintptr_t)fn ^ (uint64_t)n * 0x9e3779b97f4a7c15u ^ (uint64_t)chunk * 0xc2b2ae3d27d4eb4fu);
    return &p->sizes[(h ^ h >> 29) % SIZES];
}

/* Whether the workers would save a call of this kind more time than they
 * have kept the caller waiting lately (unknown kinds: yes). */
static bool worth_workers(const pool *p, int threads, codegen_task fn, int64_t n, int64_t chunk) {
    const struct call_size *e = size_of((pool *)p, fn, n, chunk);
    bool known = e->fn == fn && e->n == n && e->chunk == chunk;
    return !known || e->alone * (1.0 - 1.0 / threads) > p->late;
}

/* Whether the caller runs the call alone (see LATE_WEIGHT): one chunk, one
 * thread, the pool busy with another call, no worker to be had, or a call
 * the workers would not speed up on this machine now, unless it is time to
 * probe. Takes p->busy when it says no; *probe: the call is a probe. */
static bool alone(pool *p, int threads, codegen_task fn, int64_t n, int64_t chunk, bool *probe) {
    int64_t nchunks = (n + chunk - 1) / chunk;
    if (threads <= 1 || nchunks <= 1 || nchunks >= CLOSED || pthread_mutex_trylock(&p->busy)) return true;
    *probe = !worth_workers(p, threads, fn, n, chunk);
    if ((!*probe || clock_now_seconds() >= p->probe_at) && ensure_workers(p, threads - 1) > 0) return false;
    pthread_mutex_unlock(&p->busy);
    return true;
}

/* After a probe: the next one soon when the workers were found worth it
 * again, else after twice the gap. */
static void next_probe(pool *p, int threads, codegen_task fn, int64_t n, int64_t chunk) {
    bool back = worth_workers(p, threads, fn, n, chunk);
    p->probe_gap = back || p->probe_gap < PROBE_MIN_SECONDS ? PROBE_MIN_SECONDS
                 : p->probe_gap * 2 > PROBE_MAX_SECONDS ? PROBE_MAX_SECONDS : p->probe_gap * 2;
    p->probe_at = clock_now_seconds() + p->probe_gap;
}

/* Runs a call the pool kept alone, timing it for `sizes` (noted unless
 * another call holds the pool by then). */
static void run_alone(pool *p, codegen_task fn, void *const *ptrs, int64_t n, int64_t chunk) {
    double start = clock_now_seconds();
    fn(ptrs, 0, n);
    double took = clock_now_seconds() - start;
    if (pthread_mutex_trylock(&p->busy)) return;
    *size_of(p, fn, n, chunk) = (struct call_size){fn, n, chunk, took};
    pthread_mutex_unlock(&p->busy);
}

/* After a parallel call from `start` to `finish`, the caller having run
 * `mine` of its `nchunks` chunks by `done`: its time alone, and the wait. */
static void note_call(pool *p, codegen_task fn, int64_t n, int64_t chunk, double start, double done, double finish,
                      uint32_t mine, int64_t nchunks) {
    if (!mine) return;
    double per_chunk = (done - start) / mine, past = finish - done - per_chunk;
    p->late += LATE_WEIGHT * ((past > 0 ? past : 0) - p->late);
    *size_of(p, fn, n, chunk) = (struct call_size){fn, n, chunk, per_chunk * (double)nchunks};
}

void rt_parallel(int threads, codegen_task fn, void *const *ptrs, int64_t n, int64_t chunk) {
    if (n <= 0) return;
    if (chunk < 1) chunk = 1;
    int64_t nchunks = (n + chunk - 1) / chunk;
    pool *p = &the_pool;
    bool probe = false;
    if (alone(p, threads, fn, n, chunk, &probe)) {
        if (threads > 1 && nchunks > 1 && nchunks < CLOSED) run_alone(p, fn, ptrs, n, chunk);
        else fn(ptrs, 0, n);
        return;
    }
    double start = clock_now_seconds();
    uint32_t gen = (uint32_t)(atomic_load(&p->claim) >> 32) + 1;
    atomic_store(&p->claim, (uint64_t)gen << 32 | CLOSED);
    atomic_store(&p->fn, fn);
    atomic_store(&p->ptrs, ptrs);
    atomic_store(&p->n, n);
    atomic_store(&p->chunk, chunk);
    atomic_store(&p->nchunks, (uint32_t)nchunks);
    atomic_store(&p->done, 0);
    atomic_store(&p->caller_cpu, sched_getcpu());
    atomic_store(&p->job_workers, threads - 1);
    atomic_store(&p->claim, (uint64_t)gen << 32);
    atomic_fetch_add(&p->wake, 1);
    if (atomic_load(&p->sleepers) > 0) futex_wake_all(&p->wake);
    uint32_t mine = run_chunks(p);
    double done = clock_now_seconds();
    wait_done(p, (uint32_t)nchunks, mine ? (done - start) / mine + SPIN_SLACK_SECONDS : SPIN_SLACK_SECONDS);
    note_call(p, fn, n, chunk, start, done, clock_now_seconds(), mine, nchunks);
    if (probe) next_probe(p, threads, fn, n, chunk);
    pthread_mutex_unlock(&p->busy);
}

void rt_forget_load(void) {
    pool *p = &the_pool;
    pthread_mutex_lock(&p->busy);
    p->late = 0;
    p->probe_at = p->probe_gap = 0;
    memset(p->sizes, 0, sizeof p->sizes);
    pthread_mutex_unlock(&p->busy);
}

int rt_cores(void) {
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
        int n = CPU_COUNT(&set);
        if (n >= 1) return n;
    }
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n >= 1 ? (int)n : 1;
}
