/* build_cc.c: C source -> shared object with the system compiler, loaded
 * with dlopen, through a disk cache.
 *
 * Without the cache the source and the object go to a fresh private
 * directory (mkdtemp) that is removed once the object is loaded. With it:
 *   key   = 128 bits of FNV-1a over the source, the compiler's identity
 *           (its --version output, asked once per process and compiler),
 *           the CPU's (/proc/cpuinfo: -march=native code must not load on
 *           another machine sharing the cache), cc, cflags, ldflags, the
 *           symbol and ARRAYJIT_VERSION;
 *   entry = <cache dir>/<key>.so: the shared object followed by a 16-byte
 *           trailer (magic, FNV-1a of the object), which the loader ignores
 *           and a hit checks, so that a truncated or corrupt entry is never
 *           mapped (a truncated ELF file can map and then fault).
 * A miss compiles to <key>.<pid>.<n>.tmp.{c,so} in the cache directory,
 * appends the trailer and renames the object over the entry: readers never
 * see a partial entry, and two processes building the same key at once each
 * rename a complete one. A hit whose entry fails its check, or fails to
 * load, deletes it and builds again. Every temporary file is removed on
 * every path.
 *
 * Shared libraries that generated code links (libgomp, BLIS) are pinned
 * once loaded (RTLD_NODELETE): unloading libgomp while its worker threads
 * idle would crash the process. */
#define _GNU_SOURCE
#include "build.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../util/file.h"
#include "../util/mem.h"

extern char **environ;

enum {
    DIAG_OUTPUT_CHARS = 800,      /* compiler output quoted in an error */
    OUTPUT_KEEP = 1 << 14,        /* compiler output kept while it runs */
    KEY_CHARS = 32,
};

static const char DEFAULT_CC[] = "gcc";
static const char ENTRY_MAGIC[8] = {'A', 'J', 'S', 'O', '0', '0', '0', '1'};

/* ---- hashing ------------------------------------------------------------------ */

static const uint64_t FNV_PRIME = 0x100000001b3ull, FNV_BASIS = 0xcbf29ce484222325ull;

static uint64_t fnv1a(uint64_t h, const void *data, size_t n) {
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * FNV_PRIME;
    return h;
}

/* splitmix64's finaliser: every input bit reaches every output bit. */
static uint64_t mix64(uint64_t x) {
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/* Two FNV-1a streams from different bases over the same parts (each ended
 * by a 0 byte, so that moving text between parts changes the key). */
typedef struct key_hash {
    uint64_t h[2];
} key_hash;

static void key_add(key_hash *k, const void *data, size_t n) {
    static const unsigned char end = 0;
    for (int i = 0; i < 2; i++) k->h[i] = fnv1a(fnv1a(k->h[i], data, n), &end, 1);
}

static void key_add_str(key_hash *k, const char *s) { key_add(k, s, strlen(s)); }

/* ---- running commands ---------------------------------------------------------- */

/* An argv under construction: w[0..n) and a NULL after them. */
typedef struct words {
    int n, cap;
    char **w;
} words;

static void words_free(words *w) {
    for (int i = 0; i < w->n; i++) mem_free(w->w[i]);
    mem_free(w->w);
    *w = (words){0};
}

/* Appends `word` (taking it). */
static int words_push(words *w, char *word, diag *d) {
    if (!word || mem_grow((void **)&w->w, &w->cap, w->n + 2, sizeof(char *))) {
        mem_free(word);
        return diag_nomem(d);
    }
    w->w[w->n++] = word;
    w->w[w->n] = NULL;
    return DIAG_OK;
}

/* Appends the whitespace-separated words of s (no quoting). */
static int words_split(words *w, const char *s, diag *d) {
    while (s && *s) {
        s += strspn(s, " \t\n");
        size_t len = strcspn(s, " \t\n");
        if (!len) break;
        int rc = words_push(w, mem_strndup(s, len), d);
        if (rc) return rc;
        s += len;
    }
    return DIAG_OK;
}

/* Appends s as one word (a path may hold spaces). */
static int words_add(words *w, const char *s, diag *d) { return words_push(w, mem_strdup(s), d); }

static char *words_join(const words *w) {
    size_t len = 1;
    for (int i = 0; i < w->n; i++) len += strlen(w->w[i]) + 1;
    char *s = mem_alloc(len);
    if (!s) return NULL;
    s[0] = 0;
    for (int i = 0; i < w->n; i++) {
        if (i) strcat(s, " ");
        strcat(s, w->w[i]);
    }
    return s;
}

/* Runs argv (looked up in PATH) with stdin from /dev/null; *output gets the
 * first OUTPUT_KEEP bytes of its stdout and stderr together. */
static int run_command(const words *argv, char **output, int *status, diag *d) {
    int fd[2];
    if (pipe2(fd, O_CLOEXEC)) return diag_set(d, DIAG_IO, "build: pipe: %s", strerror(errno));
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, fd[1], 1);
    posix_spawn_file_actions_adddup2(&fa, fd[1], 2);
    pid_t pid;
    int err = posix_spawnp(&pid, argv->w[0], &fa, NULL, argv->w, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(fd[1]);
    if (err) {
        close(fd[0]);
        return diag_set(d, DIAG_IO, "build: cannot run %s: %s", argv->w[0], strerror(err));
    }
    char *buf = mem_alloc(OUTPUT_KEEP + 1);
    size_t kept = 0;
    char sink[4096];
    for (;;) {
        ssize_t n = buf && kept < OUTPUT_KEEP ? read(fd[0], buf + kept, OUTPUT_KEEP - kept)
                                              : read(fd[0], sink, sizeof sink);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        if (buf && kept < OUTPUT_KEEP) kept += (size_t)n;
    }
    close(fd[0]);
    int ws = 0;
    while (waitpid(pid, &ws, 0) < 0 && errno == EINTR) {
    }
    if (!buf) return diag_nomem(d);
    buf[kept] = 0;
    *output = buf;
    *status = WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + (WIFSIGNALED(ws) ? WTERMSIG(ws) : 0);
    return DIAG_OK;
}

/* ---- the compiler's identity ------------------------------------------------------------ */

enum { MAX_COMPILERS = 8 };

static pthread_mutex_t identity_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
    char *cc, *version;   /* plain malloc: they live for the process, outside mem_ accounting */
} identities[MAX_COMPILERS];

/* The output of `cc --version`, or NULL if it cannot run. */
static char *ask_version(const char *cc) {
    words argv = {0};
    diag ignored;
    char *output = NULL;
    int status = 1;
    if (words_split(&argv, cc, &ignored) == DIAG_OK && argv.n > 0 && words_add(&argv, "--version", &ignored) == DIAG_OK)
        run_command(&argv, &output, &status, &ignored);
    words_free(&argv);
    if (output && status != 0) {
        mem_free(output);
        output = NULL;
    }
    return output;
}

/* `cc --version`, asked once per process and compiler ("?" if it cannot
 * run: the build then fails with the command line). */
static void compiler_identity(const char *cc, char *out, size_t size) {
    pthread_mutex_lock(&identity_lock);
    int slot = 0;
    while (slot < MAX_COMPILERS && identities[slot].cc && strcmp(identities[slot].cc, cc) != 0) slot++;
    if (slot < MAX_COMPILERS && identities[slot].cc) {
        snprintf(out, size, "%s", identities[slot].version);
    } else {
        char *version = ask_version(cc);
        snprintf(out, size, "%s", version ? version : "?");
        mem_free(version);
        char *kept_cc = strdup(cc), *kept_version = strdup(out);
        if (slot < MAX_COMPILERS && kept_cc && kept_version) {   /* a full table just asks again */
            identities[slot].cc = kept_cc;
            identities[slot].version = kept_version;
        } else {
            free(kept_cc);
            free(kept_version);
        }
    }
    pthread_mutex_unlock(&identity_lock);
}

static char cpu_identity[4096] = "?";

static void read_cpu_identity(void) {
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f) return;
    char line[4096];
    size_t used = 0;
    cpu_identity[0] = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '\n') break;   /* the end of the first processor */
        if (strncmp(line, "model name", 10) && strncmp(line, "flags", 5) && strncmp(line, "vendor_id", 9)) continue;
        size_t n = strlen(line);
        if (used + n >= sizeof cpu_identity) break;
        memcpy(cpu_identity + used, line, n + 1);
        used += n;
    }
    fclose(f);
}

/* The CPU the code is built for (vendor, model and feature flags of the
 * first processor in /proc/cpuinfo, "?" where there is none): objects built
 * with -march=native in a cache that machines share never load on another
 * CPU. */
static const char *machine_identity(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, read_cpu_identity);
    return cpu_identity;
}

/* ---- compiling ----------------------------------------------------------------------- */

typedef struct build_cfg {
    const char *cc, *cflags, *ldflags, *symbol;
} build_cfg;

static int write_file(const char *path, const void *data, size_t len, diag *d) {
    FILE *f = fopen(path, "wb");
    if (!f) return diag_set(d, DIAG_IO, "build: cannot create %s: %s", path, strerror(errno));
    bool ok = fwrite(data, 1, len, f) == len;
    ok = (fclose(f) == 0) && ok;
    if (!ok) {
        remove(path);
        return diag_set(d, DIAG_IO, "build: cannot write %s", path);
    }
    return DIAG_OK;
}

/* Compiles src_path into the shared object so_path. */
static int compile(const build_cfg *c, const char *src_path, const char *so_path, diag *d) {
    words argv = {0};
    int rc = words_split(&argv, c->cc, d);
    if (!rc) rc = words_split(&argv, c->cflags, d);
    const char *fixed[] = {"-fPIC", "-shared", "-o", so_path, src_path};
    for (size_t i = 0; !rc && i < sizeof fixed / sizeof *fixed; i++) rc = words_add(&argv, fixed[i], d);
    if (!rc) rc = words_split(&argv, c->ldflags, d);
    if (!rc && argv.n == 0) rc = diag_set(d, DIAG_INVALID, "build: no compiler given");
    char *output = NULL;
    int status = 0;
    if (!rc) rc = run_command(&argv, &output, &status, d);
    if (!rc && status != 0) {
        char *cmd = words_join(&argv);
        rc = diag_set(d, DIAG_INVALID, "build: the C compiler failed (exit status %d): %s\n%.*s", status,
                      cmd ? cmd : argv.w[0], DIAG_OUTPUT_CHARS, output);
        mem_free(cmd);
    }
    mem_free(output);
    words_free(&argv);
    if (rc) remove(so_path);
    return rc;
}

/* ---- loading ---------------------------------------------------------------------------- */

/* Keeps the runtime libraries generated code may link loaded for good. */
static void pin_runtime_libraries(void) {
    static const char *const libs[] = {"libgomp.so.1", "libomp.so", "libblis.so.4"};
    for (size_t i = 0; i < sizeof libs / sizeof *libs; i++)
        dlopen(libs[i], RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);   /* NULL when not loaded: nothing to do */
}

static int load_object(const char *path, const char *symbol, build_result *r, diag *d) {
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) return diag_set(d, DIAG_IO, "build: cannot load %s: %s", path, dlerror());
    void *sym = dlsym(h, symbol);
    if (!sym) {
        diag_set(d, DIAG_IO, "build: %s has no symbol %s", path, symbol);
        dlclose(h);
        return DIAG_IO;
    }
    pin_runtime_libraries();
    r->handle = h;
    r->symbol = sym;
    return DIAG_OK;
}

static int file_size(const char *path, size_t *size) {
    struct stat st;
    if (stat(path, &st)) return -1;
    *size = (size_t)st.st_size;
    return 0;
}

/* ---- without the cache ---------------------------------------------------------------------- */

static int build_in_temp_dir(const char *source, size_t len, const build_cfg *c, build_result *r, diag *d) {
    const char *tmp = getenv("TMPDIR");
    char dir[512], src[600], so[600];
    snprintf(dir, sizeof dir, "%s/arrayjit-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) return diag_set(d, DIAG_IO, "build: cannot create a directory in %s: %s",
                                       tmp && *tmp ? tmp : "/tmp", strerror(errno));
    snprintf(src, sizeof src, "%s/kernels.c", dir);
    snprintf(so, sizeof so, "%s/kernels.so", dir);
    int rc = write_file(src, source, len, d);
    if (!rc) rc = compile(c, src, so, d);
    if (!rc && file_size(so, &r->code_bytes)) rc = diag_set(d, DIAG_IO, "build: %s is missing", so);
    if (!rc) rc = load_object(so, c->symbol, r, d);
    remove(src);
    remove(so);
    rmdir(dir);
    return rc;
}

/* ---- the disk cache --------------------------------------------------------------------------- */

/* The trailer after the object in a cache entry. */
typedef struct trailer {
    char magic[8];
    uint64_t hash;
} trailer;

static int cache_dir_path(const char *given, char *out, size_t size, diag *d) {
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    if (given && *given) snprintf(out, size, "%s", given);
    else if (xdg && *xdg) snprintf(out, size, "%s/arrayjit", xdg);
    else if (home && *home) snprintf(out, size, "%s/.cache/arrayjit", home);
    else return diag_set(d, DIAG_IO, "build: no cache directory (set XDG_CACHE_HOME or HOME)");
    return DIAG_OK;
}

/* mkdir -p, new directories private to the user. */
static int make_dirs(const char *path, diag *d) {
    char p[512];
    snprintf(p, sizeof p, "%s", path);
    for (char *s = p + 1;; s++) {
        if (*s != '/' && *s) continue;
        char c = *s;
        *s = 0;
        if (mkdir(p, 0700) && errno != EEXIST) return diag_set(d, DIAG_IO, "build: cannot create %s: %s", p, strerror(errno));
        *s = c;
        if (!c) break;
    }
    struct stat st;
    if (stat(path, &st) || !S_ISDIR(st.st_mode)) return diag_set(d, DIAG_IO, "build: %s is not a directory", path);
    return DIAG_OK;
}

static void cache_key(const char *source, size_t len, const build_cfg *c, char *key) {
    char identity[1024];
    compiler_identity(c->cc, identity, sizeof identity);
    key_hash k = {{FNV_BASIS, mix64(FNV_BASIS ^ 0x9e3779b97f4a7c15ull)}};
    key_add(&k, source, len);
    const char *parts[] = {identity, machine_identity(), c->cc, c->cflags, c->ldflags, c->symbol, ARRAYJIT_VERSION};
    for (size_t i = 0; i < sizeof parts / sizeof *parts; i++) key_add_str(&k, parts[i]);
    snprintf(key, KEY_CHARS + 1, "%016" PRIx64 "%016" PRIx64, mix64(k.h[0]), mix64(k.h[1]));
}

/* Whether an entry ends in a trailer whose hash is the object's: DIAG_OK
 * (sound), DIAG_INVALID (corrupt or truncated), or DIAG_NOMEM / DIAG_IO
 * when it cannot be read (then nothing is known about it). */
static int check_entry(const char *path, size_t *object_bytes, diag *d) {
    char *data = NULL;
    size_t len = 0;
    int rc = file_read_all(path, &data, &len, d);
    if (rc) return rc;
    trailer t;
    bool ok = len > sizeof t;
    if (ok) {
        memcpy(&t, data + len - sizeof t, sizeof t);
        ok = memcmp(t.magic, ENTRY_MAGIC, sizeof t.magic) == 0 && t.hash == fnv1a(FNV_BASIS, data, len - sizeof t);
    }
    mem_free(data);
    *object_bytes = ok ? len - sizeof t : 0;
    return ok ? DIAG_OK : DIAG_INVALID;
}

/* Appends the trailer to a freshly built object. */
static int seal_entry(const char *so, diag *d) {
    char *data = NULL;
    size_t len = 0;
    int rc = file_read_all(so, &data, &len, d);
    if (rc) return rc;
    trailer t;
    memcpy(t.magic, ENTRY_MAGIC, sizeof t.magic);
    t.hash = fnv1a(FNV_BASIS, data, len);
    mem_free(data);
    FILE *f = fopen(so, "ab");
    bool ok = f && fwrite(&t, sizeof t, 1, f) == 1;
    if (f) ok = (fclose(f) == 0) && ok;
    return ok ? DIAG_OK : diag_set(d, DIAG_IO, "build: cannot write %s", so);
}

enum { HIT, MISS };

/* HIT (r loaded from the entry), MISS (none, or a corrupt or unloadable one,
 * now deleted), or an error that says nothing about the entry (out of
 * memory: the entry stays). */
static int try_hit(const char *entry, const build_cfg *c, build_result *r, int *outcome, diag *d) {
    *outcome = MISS;
    if (access(entry, F_OK)) return DIAG_OK;
    size_t bytes;
    int rc = check_entry(entry, &bytes, d);
    if (rc == DIAG_NOMEM) return rc;
    if (rc == DIAG_OK && load_object(entry, c->symbol, r, d) == DIAG_OK) {
        r->code_bytes = bytes;
        r->cache_hit = true;
        *outcome = HIT;
        return DIAG_OK;
    }
    remove(entry);   /* corrupt or unloadable: build it again */
    return DIAG_OK;
}

static int build_into_cache(const char *source, size_t len, const char *dir, const char *key, const build_cfg *c,
                            build_result *r, diag *d) {
    static unsigned long counter;
    unsigned long n = __atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED);
    char src[700], so[700], entry[700];
    snprintf(src, sizeof src, "%s/%s.%ld.%lu.tmp.c", dir, key, (long)getpid(), n);
    snprintf(so, sizeof so, "%s/%s.%ld.%lu.tmp.so", dir, key, (long)getpid(), n);
    snprintf(entry, sizeof entry, "%s/%s.so", dir, key);
    int rc = write_file(src, source, len, d);
    if (!rc) rc = compile(c, src, so, d);
    if (!rc && file_size(so, &r->code_bytes)) rc = diag_set(d, DIAG_IO, "build: %s is missing", so);
    if (!rc) rc = seal_entry(so, d);
    if (!rc && rename(so, entry)) rc = diag_set(d, DIAG_IO, "build: cannot rename %s: %s", so, strerror(errno));
    remove(src);
    remove(so);
    if (!rc && (rc = load_object(entry, c->symbol, r, d))) remove(entry);   /* useless to keep */
    return rc;
}

static int build_cached(const char *source, size_t len, const build_cfg *c, const char *cache_dir, build_result *r,
                        diag *d) {
    char dir[512], key[KEY_CHARS + 1], entry[600];
    int rc = cache_dir_path(cache_dir, dir, sizeof dir, d);
    if (!rc) rc = make_dirs(dir, d);
    if (rc) return rc;
    cache_key(source, len, c, key);
    snprintf(entry, sizeof entry, "%s/%s.so", dir, key);
    int outcome;
    rc = try_hit(entry, c, r, &outcome, d);
    if (rc || outcome == HIT) return rc;
    return build_into_cache(source, len, dir, key, c, r, d);
}

/* ---- the interface --------------------------------------------------------------------------- */

int build_shared_object(const char *source, size_t len, const char *symbol,
                        const build_options *o, build_result *r, diag *d) {
    static const build_options defaults = {0};
    if (!o) o = &defaults;
    *r = (build_result){0};
    if (!source || !symbol) return diag_set(d, DIAG_INVALID, "build: no source or symbol");
    build_cfg c = {o->cc && *o->cc ? o->cc : DEFAULT_CC, o->cflags ? o->cflags : "-O3 -march=native",
                   o->ldflags ? o->ldflags : "", symbol};
    if (o->disk_cache) return build_cached(source, len, &c, o->cache_dir, r, d);
    return build_in_temp_dir(source, len, &c, r, d);
}

void build_release(build_result *r) {
    if (!r) return;
    if (r->handle) dlclose(r->handle);
    *r = (build_result){0};
}

/* Entries are named <32 hex digits>.so; nothing else in the directory is touched. */
static bool is_entry_name(const char *name) {
    for (int i = 0; i < KEY_CHARS; i++)
        if (!name[i] || !strchr("0123456789abcdef", name[i])) return false;
    return strcmp(name + KEY_CHARS, ".so") == 0;
}

int build_clear_disk_cache(const char *cache_dir, diag *d) {
    char dir[512], path[800];
    int rc = cache_dir_path(cache_dir, dir, sizeof dir, d);
    if (rc) return rc;
    DIR *dp = opendir(dir);
    if (!dp) return errno == ENOENT ? DIAG_OK : diag_set(d, DIAG_IO, "build: cannot read %s: %s", dir, strerror(errno));
    struct dirent *e;
    while ((e = readdir(dp))) {
        if (!is_entry_name(e->d_name)) continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (remove(path) && errno != ENOENT) rc = diag_set(d, DIAG_IO, "build: cannot remove %s: %s", path, strerror(errno));
    }
    closedir(dp);
    return rc;
}
