/* build: C source -> shared object -> loaded code, with a disk cache.
 *
 * The cache key hashes the source (itself a function of the canonical IR
 * and the plan), the compiler's identity (its --version output), the flags
 * and the arrayjit version. Entries are written to a temporary file and
 * renamed, so that a crash or two processes at once never leave a broken
 * entry; an entry that fails to load (corrupt, truncated) is rebuilt. */
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

/* Removes every entry of the disk cache (the directory o->cache_dir names or
 * the default). */
int build_clear_disk_cache(const char *cache_dir, diag *d);
#endif
