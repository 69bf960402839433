/* build: C source -> shared object -> loaded code, with a disk cache.
 *
 * The cache key is a SHA-256 over the source (itself a function of the
 * canonical IR and the plan), the compiler's identity (its --version
 * output), the CPU, the flags and the arrayjit version. Entries are written
 * to a temporary file and renamed, so that a crash or two processes at once
 * never leave a broken entry; an entry whose hash is wrong or that fails to
 * load is rebuilt. The cache is used only where the directory and the entry
 * are the user's alone (see build_cc.c); where it is not, or cannot be used
 * at all, a build warns once per directory on stderr and goes on without
 * it. */
#ifndef BUILD_H
#define BUILD_H
#include <stdbool.h>
#include <stddef.h>

#include "../util/diag.h"

#define ARRAYJIT_VERSION "0.2.0"

typedef struct build_options {
    const char *cc;          /* NULL: "gcc" */
    const char *cflags;      /* NULL: "-O3 -march=native" */
    const char *ldflags;     /* libraries the code needs, e.g. "-lopenblas -lm" */
    bool disk_cache;
    const char *cache_dir;   /* NULL: $XDG_CACHE_HOME/arrayjit or ~/.cache/arrayjit */
} build_options;

typedef struct build_result {
    void *handle;            /* from dlopen */
    void *symbol;            /* the requested symbol */
    size_t code_bytes;       /* size of the shared object */
    bool cache_hit;
} build_result;

int build_shared_object(const char *source, size_t len, const char *symbol,
                        const build_options *o, build_result *r, diag *d);
void build_release(build_result *r);

/* Whether the compiler cc (NULL: "gcc") takes these flags: it checks an
 * empty C file with them. Asked once per process for each (cc, flags). */
bool build_compiler_accepts(const char *cc, const char *flags);

/* Removes every entry of the user's in the disk cache (the directory
 * cache_dir names, or the default). */
int build_clear_disk_cache(const char *cache_dir, diag *d);
#endif
