/* build_cc.c: C source -> shared object with the system compiler, loaded
 * with dlopen, through a disk cache.
 *
 * The object is built in a fresh private directory (mkdtemp) that is
 * removed once it is loaded. With the disk cache:
 *   key   = SHA-256 over the source, the compiler's identity (its --version
 *           output, asked once per process and compiler), the CPU's
 *           (/proc/cpuinfo: -march=native code must not load on another
 *           machine sharing the cache), cc, cflags, ldflags, the symbol and
 *           ARRAYJIT_VERSION;
 *   entry = <cache dir>/<key>.so: the shared object followed by a trailer
 *           (magic, SHA-256 over the key and the object), which the loader
 *           ignores and a hit checks.
 * What the cache trusts: whoever can write the directory or an entry
 * chooses code this process runs, so both must be the user's (geteuid) and
 * writable by no one else, the directory must not be a symbolic link, and
 * an entry must be a regular file (a link, FIFO or device is never opened).
 * The directory is opened once and everything in it reached relative to
 * that descriptor; a hit loads the very file it checked, through
 * /proc/self/fd. A directory that fails these checks, cannot be created, or
 * cannot take an entry (read-only, full) is warned about on stderr, once
 * per process, and the build goes on without it. A miss copies the object
 * and its trailer to <key>.<pid>.<n>.tmp in the directory and renames it
 * over the entry: readers never see a partial entry, and two processes
 * building the same key at once each rename a complete one. An entry of the
 * user's whose hash is wrong, or that fails to load, is deleted and built
 * again. Every temporary file is removed on every path.
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
#include <nettle/sha2.h>
#include <pthread.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../util/mem.h"

extern char **environ;

enum {
    DIAG_OUTPUT_CHARS = 800,      /* compiler output quoted in an error */
    OUTPUT_KEEP = 1 << 14,        /* compiler output kept while it runs */
};

static const char DEFAULT_CC[] = "gcc";

/* ---- hashing ------------------------------------------------------------------ */

/* SHA-256 over parts each ended by a 0 byte (so that moving text between
 * parts changes the digest). */
static void sha_add(struct sha256_ctx *h, const void *data, size_t n) {
    static const uint8_t end = 0;
    sha256_update(h, n, data);
    sha256_update(h, 1, &end);
}

static void sha_add_str(struct sha256_ctx *h, const char *s) { sha_add(h, s, strlen(s)); }

static void hex(const uint8_t *bytes, size_t n, char *out) {
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = digits[bytes[i] >> 4];
        out[2 * i + 1] = digits[bytes[i] & 15];
    }
    out[2 * n] = 0;
}

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

/* ---- the flags a compiler takes ---------------------------------------------------------- */

enum { MAX_FLAG_ANSWERS = 16 };

static pthread_mutex_t accepts_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
    char *cc, *flags;   /* plain malloc, as identities */
    bool yes;
} flag_answers[MAX_FLAG_ANSWERS];

/* Whether `cc flags -fsyntax-only -x c /dev/null` succeeds: an option the
 * compiler does not know (another compiler's, another version's spelling,
 * another target's) fails it. */
static bool ask_accepts(const char *cc, const char *flags) {
    words argv = {0};
    diag ignored;
    char *output = NULL;
    int status = 1;
    bool ok = words_split(&argv, cc, &ignored) == DIAG_OK && argv.n > 0 &&
              words_split(&argv, flags, &ignored) == DIAG_OK;
    const char *probe[] = {"-fsyntax-only", "-x", "c", "/dev/null"};
    for (size_t i = 0; ok && i < sizeof probe / sizeof *probe; i++) ok = words_add(&argv, probe[i], &ignored) == DIAG_OK;
    if (ok) ok = run_command(&argv, &output, &status, &ignored) == DIAG_OK && status == 0;
    mem_free(output);
    words_free(&argv);
    return ok;
}

bool build_compiler_accepts(const char *cc, const char *flags) {
    if (!cc || !*cc) cc = DEFAULT_CC;
    pthread_mutex_lock(&accepts_lock);
    int slot = 0;
    while (slot < MAX_FLAG_ANSWERS && flag_answers[slot].cc &&
           (strcmp(flag_answers[slot].cc, cc) != 0 || strcmp(flag_answers[slot].flags, flags) != 0))
        slot++;
    bool yes;
    if (slot < MAX_FLAG_ANSWERS && flag_answers[slot].cc) {
        yes = flag_answers[slot].yes;
    } else {
        yes = ask_accepts(cc, flags);
        char *kept_cc = strdup(cc), *kept_flags = strdup(flags);
        if (slot < MAX_FLAG_ANSWERS && kept_cc && kept_flags) {   /* a full table just asks again */
            flag_answers[slot].cc = kept_cc;
            flag_answers[slot].flags = kept_flags;
            flag_answers[slot].yes = yes;
        } else {
            free(kept_cc);
            free(kept_flags);
        }
    }
    pthread_mutex_unlock(&accepts_lock);
    return yes;
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

/* Finds the symbol in the object dlopen gave (h; NULL: it failed), which
 * `what` names in messages. On failure h stays open: the caller closes it. */
static int finish_load(void *h, const char *what, const char *symbol, build_result *r, diag *d) {
    if (!h) return diag_set(d, DIAG_IO, "build: cannot load %s: %s", what, dlerror());
    void *sym = dlsym(h, symbol);
    if (!sym) return diag_set(d, DIAG_IO, "build: %s has no symbol %s", what, symbol);
    pin_runtime_libraries();
    r->handle = h;
    r->symbol = sym;
    return DIAG_OK;
}

static int load_object(const char *path, const char *symbol, build_result *r, diag *d) {
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    int rc = finish_load(h, path, symbol, r, d);
    if (rc && h) dlclose(h);
    return rc;
}

/* ---- which entry each loaded object is ---------------------------------------------------
 * A hit loads its entry through /proc/self/fd/N, the number it holds the
 * checked file open at, so that what is loaded is that file whatever its
 * name in the cache leads to meanwhile. But glibc hands back an object it
 * already has when the name matches one that object goes by: the name it
 * was loaded by, and every later name that led to its file (an entry
 * loaded twice at once answers to both /proc/self/fd/N and
 * /proc/self/fd/M), whatever file is open at that number now. So every
 * object loaded from an entry is noted with the entry's key for as long as
 * it is loaded, and a name that leads to a loaded object of another key
 * (or to one not loaded from an entry) is given up for another number, a
 * duplicate of the descriptor. An object that comes back under the same
 * key is the same code: entries are named by the hash of what they were
 * built from. */
typedef struct loaded_object {
    void *handle;
    char key[2 * SHA256_DIGEST_SIZE + 1];
    int loads;
    struct loaded_object *next;
} loaded_object;

static loaded_object *loaded_objects;           /* under loaded_lock */
static pthread_mutex_t loaded_lock = PTHREAD_MUTEX_INITIALIZER;

/* The link that points at h's note (*link NULL when h has none). */
static loaded_object **loaded_link(void *h) {
    loaded_object **at = &loaded_objects;
    while (*at && (*at)->handle != h) at = &(*at)->next;
    return at;
}

/* dlopen of `name` for the entry of `key` (`what` in messages): *h the
 * object, noted as that entry's, or NULL when the name leads to an object
 * already loaded that is not that entry's (another entry's, or one we did
 * not load). Only a name that leads to no object yet loads the file. */
static int open_as_entry(const char *name, const char *key, const char *what, void **h, diag *d) {
    int rc = DIAG_OK;
    pthread_mutex_lock(&loaded_lock);
    *h = dlopen(name, RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
    loaded_object *o = *h ? *loaded_link(*h) : NULL;
    if (*h && (!o || strcmp(o->key, key) != 0)) {
        dlclose(*h);
        *h = NULL;
    } else if (o) {
        o->loads++;
    } else if (!(*h = dlopen(name, RTLD_NOW | RTLD_LOCAL))) {
        rc = diag_set(d, DIAG_IO, "build: cannot load %s: %s", what, dlerror());
    } else if ((o = mem_calloc(1, sizeof *o))) {
        *o = (loaded_object){*h, "", 1, loaded_objects};
        snprintf(o->key, sizeof o->key, "%s", key);
        loaded_objects = o;
    } else {
        dlclose(*h);
        *h = NULL;
        rc = diag_nomem(d);
    }
    pthread_mutex_unlock(&loaded_lock);
    return rc;
}

/* Closes h, forgetting it as an entry's object with its last load. */
static void close_object(void *h) {
    pthread_mutex_lock(&loaded_lock);
    loaded_object **at = loaded_link(h);
    if (*at && --(*at)->loads == 0) {
        loaded_object *gone = *at;
        *at = gone->next;
        mem_free(gone);
    }
    dlclose(h);
    pthread_mutex_unlock(&loaded_lock);
}

/* Loads the entry of `key` that the open file fd holds (see above). */
static int load_fd(int fd, const char *key, const char *what, const char *symbol, build_result *r, diag *d) {
    int at = fd, rc;
    for (;;) {
        char name[32];
        void *h;
        snprintf(name, sizeof name, "/proc/self/fd/%d", at);
        if ((rc = open_as_entry(name, key, what, &h, d))) break;
        if (h) {
            if ((rc = finish_load(h, what, symbol, r, d))) close_object(h);
            break;
        }
        int next = fcntl(at, F_DUPFD_CLOEXEC, at + 1);   /* a number no object of another entry goes by, maybe */
        int err = errno;
        if (at != fd) close(at);
        if (next < 0) return diag_set(d, DIAG_IO, "build: cannot load %s: %s", what, strerror(err));
        at = next;
    }
    if (at != fd) close(at);
    return rc;
}

/* ---- building in a private directory ------------------------------------------------------ */

/* a + "/" + b, from mem_alloc (NULL when out of memory). */
static char *path_join(const char *a, const char *b) {
    size_t na = strlen(a), nb = strlen(b);
    char *p = mem_alloc(na + nb + 2);
    if (!p) return NULL;
    memcpy(p, a, na);
    p[na] = '/';
    memcpy(p + na + 1, b, nb + 1);
    return p;
}

/* A fresh directory private to the user (mkdtemp in $TMPDIR or /tmp) with
 * the source and the object built from it. */
typedef struct temp_build {
    char *dir, *src, *so;   /* dir: NULL until it exists */
} temp_build;

static void temp_build_remove(temp_build *t) {
    if (t->src) remove(t->src);
    if (t->so) remove(t->so);
    if (t->dir) rmdir(t->dir);
    mem_free(t->src);
    mem_free(t->so);
    mem_free(t->dir);
    *t = (temp_build){0};
}

/* Builds the source in a new temp_build; the caller removes it on every path. */
static int temp_build_make(temp_build *t, const char *source, size_t len, const build_cfg *c, diag *d) {
    const char *tmp = getenv("TMPDIR");
    if (!tmp || !*tmp) tmp = "/tmp";
    char *dir = path_join(tmp, "arrayjit-XXXXXX");
    if (!dir) return diag_nomem(d);
    if (!mkdtemp(dir)) {
        diag_set(d, DIAG_IO, "build: cannot create a directory in %s: %s", tmp, strerror(errno));
        mem_free(dir);
        return DIAG_IO;
    }
    t->dir = dir;
    t->src = path_join(dir, "kernels.c");
    t->so = path_join(dir, "kernels.so");
    if (!t->src || !t->so) return diag_nomem(d);
    int rc = write_file(t->src, source, len, d);
    return rc ? rc : compile(c, t->src, t->so, d);
}

static int build_uncached(const char *source, size_t len, const build_cfg *c, build_result *r, diag *d) {
    temp_build t = {0};
    int rc = temp_build_make(&t, source, len, c, d);
    struct stat st;
    if (!rc && stat(t.so, &st)) rc = diag_set(d, DIAG_IO, "build: %s is missing", t.so);
    if (!rc) r->code_bytes = (size_t)st.st_size;
    if (!rc) rc = load_object(t.so, c->symbol, r, d);
    temp_build_remove(&t);
    return rc;
}

/* ---- the disk cache --------------------------------------------------------------------------- */

enum { KEY_BYTES = SHA256_DIGEST_SIZE, KEY_CHARS = 2 * KEY_BYTES, COPY_CHUNK = 1 << 14 };

static const char ENTRY_MAGIC[8] = {'A', 'J', 'S', 'O', '0', '0', '0', '2'};

/* The trailer after the object in an entry: the magic, then SHA-256 over the
 * key's hex digits and the object. */
typedef struct trailer {
    char magic[8];
    uint8_t hash[SHA256_DIGEST_SIZE];
} trailer;

/* The cache directory, open: entries and temporaries are reached relative to
 * fd, never by path again, so the directory checked is the one used. */
typedef struct cache {
    char *path;                   /* for messages; NULL when there is none */
    int fd;
    char key[KEY_CHARS + 1];
    char entry[KEY_CHARS + 4];    /* <key>.so */
} cache;

/* Directories this process has warned about (plain malloc: they live for
 * the process, outside mem_ accounting). */
typedef struct warned {
    struct warned *next;
    char dir[];
} warned;

static pthread_mutex_t warned_lock = PTHREAD_MUTEX_INITIALIZER;
static warned *warned_dirs;

/* Says on stderr, once per process and directory, that the disk cache is
 * unusable and why (why's message); the build goes on without it. */
static void warn_unusable(const char *dir, const diag *why) {
    pthread_mutex_lock(&warned_lock);
    const char *name = dir ? dir : "";   /* none: no HOME */
    warned *w = warned_dirs;
    while (w && strcmp(w->dir, name) != 0) w = w->next;
    if (!w) {
        fprintf(stderr, "arrayjit: warning: disk cache%s%s unusable: %s; compiling without it\n", dir ? " " : "", name,
                why->msg);
        size_t n = strlen(name) + 1;
        if ((w = malloc(sizeof *w + n))) {   /* else it warns again next time */
            memcpy(w->dir, name, n);
            w->next = warned_dirs;
            warned_dirs = w;
        }
    }
    pthread_mutex_unlock(&warned_lock);
}

/* The directory given, else $XDG_CACHE_HOME/arrayjit, else
 * $HOME/.cache/arrayjit, from mem_alloc. */
static int cache_dir_path(const char *given, char **out, diag *d) {
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    if (given && *given) *out = mem_strdup(given);
    else if (xdg && *xdg) *out = path_join(xdg, "arrayjit");
    else if (home && *home) *out = path_join(home, ".cache/arrayjit");
    else return diag_set(d, DIAG_IO, "no directory (set XDG_CACHE_HOME or HOME)");
    return *out ? DIAG_OK : diag_nomem(d);
}

/* Opens the directory `name` in the directory at, creating it (private to
 * the user) where it is missing. The last component of a path must not be a
 * symbolic link. `path` (the path up to name) is for messages. */
static int open_component(int at, const char *name, bool last, const char *path, int *fd, diag *d) {
    int flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | (last ? O_NOFOLLOW : 0);
    *fd = openat(at, name, flags);
    if (*fd < 0 && errno == ENOENT) {
        if (mkdirat(at, name, 0700) && errno != EEXIST)
            return diag_set(d, DIAG_IO, "cannot create %s: %s", path, strerror(errno));
        *fd = openat(at, name, flags);
    }
    if (*fd >= 0) return DIAG_OK;
    int err = errno;
    struct stat st;   /* O_NOFOLLOW | O_DIRECTORY on a link fails with ENOTDIR or ELOOP */
    if (last && (err == ENOTDIR || err == ELOOP) && !fstatat(at, name, &st, AT_SYMLINK_NOFOLLOW) && S_ISLNK(st.st_mode))
        return diag_set(d, DIAG_IO, "it is a symbolic link");
    errno = err;
    if (errno == ENOTDIR) return diag_set(d, DIAG_IO, "%s is not a directory", path);
    return diag_set(d, DIAG_IO, "cannot open %s: %s", path, strerror(errno));
}

/* Opens (mkdir -p) the directory path names, one component at a time
 * relative to the one before: no path is too long. */
static int open_dir_path(const char *path, int *out, diag *d) {
    char *p = mem_strdup(path);
    if (!p) return diag_nomem(d);
    const char *start = *p == '/' ? "/" : ".";
    int at = open(start, O_RDONLY | O_DIRECTORY | O_CLOEXEC), rc = DIAG_OK;
    if (at < 0) rc = diag_set(d, DIAG_IO, "cannot open %s: %s", start, strerror(errno));
    for (char *s = p + strspn(p, "/"); !rc && *s; s += strspn(s, "/")) {
        size_t n = strcspn(s, "/");
        bool last = s[n + strspn(s + n, "/")] == 0;
        char kept = s[n];
        s[n] = 0;   /* p is now the path up to this component */
        int fd;
        rc = open_component(at, s, last, p, &fd, d);
        s[n] = kept;
        s += n;
        close(at);
        at = rc ? -1 : fd;
    }
    mem_free(p);
    *out = at;
    return rc;
}

/* Whoever can write the cache chooses the code this process runs: a
 * directory or entry must be the user's, writable by no one else. */
static int check_owner(const struct stat *st, const char *what, diag *d) {
    if (st->st_uid != geteuid())
        return diag_set(d, DIAG_IO, "%s is owned by uid %ld, not %ld", what, (long)st->st_uid, (long)geteuid());
    if (st->st_mode & (S_IWGRP | S_IWOTH))
        return diag_set(d, DIAG_IO, "%s is writable by group or others (mode %04o)", what,
                        (unsigned)(st->st_mode & 07777));
    return DIAG_OK;
}

static int check_dir(int fd, diag *d) {
    struct stat st;
    if (fstat(fd, &st)) return diag_set(d, DIAG_IO, "cannot stat it: %s", strerror(errno));
    return check_owner(&st, "it", d);
}

static const char *file_kind(mode_t m) {
    return S_ISLNK(m) ? "a symbolic link" : S_ISFIFO(m) ? "a FIFO" : S_ISDIR(m) ? "a directory"
           : S_ISCHR(m) || S_ISBLK(m) ? "a device" : S_ISSOCK(m) ? "a socket" : "not a regular file";
}

static int check_entry_stat(const cache *k, const struct stat *st, diag *d) {
    char what[sizeof k->entry + 8];
    snprintf(what, sizeof what, "entry %s", k->entry);
    if (!S_ISREG(st->st_mode)) return diag_set(d, DIAG_IO, "%s is %s", what, file_kind(st->st_mode));
    return check_owner(st, what, d);
}

/* Opens the entry if there is one the cache may use (DIAG_OK with *fd = -1:
 * there is none). It is looked at before it is opened, so that a FIFO or a
 * device is never opened; then opened without following a link or blocking,
 * and checked again as opened. */
static int open_entry(const cache *k, int *fd, diag *d) {
    struct stat st;
    *fd = -1;
    if (fstatat(k->fd, k->entry, &st, AT_SYMLINK_NOFOLLOW))
        return errno == ENOENT ? DIAG_OK : diag_set(d, DIAG_IO, "cannot stat entry %s: %s", k->entry, strerror(errno));
    int rc = check_entry_stat(k, &st, d);
    if (rc) return rc;
    *fd = openat(k->fd, k->entry, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (*fd < 0)
        return errno == ENOENT ? DIAG_OK : diag_set(d, DIAG_IO, "cannot open entry %s: %s", k->entry, strerror(errno));
    rc = fstat(*fd, &st) ? diag_set(d, DIAG_IO, "cannot stat entry %s: %s", k->entry, strerror(errno))
                         : check_entry_stat(k, &st, d);
    if (rc) {
        close(*fd);
        *fd = -1;
    }
    return rc;
}

static void cache_key(const char *source, size_t len, const build_cfg *c, char *key) {
    char identity[1024];
    compiler_identity(c->cc, identity, sizeof identity);
    struct sha256_ctx h;
    sha256_init(&h);
    sha_add(&h, source, len);
    const char *parts[] = {identity, machine_identity(), c->cc, c->cflags, c->ldflags, c->symbol, ARRAYJIT_VERSION};
    for (size_t i = 0; i < sizeof parts / sizeof *parts; i++) sha_add_str(&h, parts[i]);
    uint8_t digest[KEY_BYTES];
    sha256_digest(&h, sizeof digest, digest);
    hex(digest, sizeof digest, key);
}

static bool read_at(int fd, void *buf, size_t n, off_t at) {
    while (n) {
        ssize_t got = pread(fd, buf, n, at);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return false;
        buf = (char *)buf + got;
        n -= (size_t)got;
        at += got;
    }
    return true;
}

static bool write_all(int fd, const void *buf, size_t n) {
    while (n) {
        ssize_t put = write(fd, buf, n);
        if (put < 0 && errno == EINTR) continue;
        if (put <= 0) return false;
        buf = (const char *)buf + put;
        n -= (size_t)put;
    }
    return true;
}

/* Whether the open entry ends in a trailer whose hash is its object's under
 * this key (a truncated, corrupt or planted entry is never mapped: a
 * truncated ELF file can map and then fault). *object_bytes: its size. */
static bool entry_sound(int fd, const char *key, size_t *object_bytes) {
    struct stat st;
    if (fstat(fd, &st) || st.st_size <= (off_t)sizeof(trailer)) return false;
    size_t object = (size_t)st.st_size - sizeof(trailer), done = 0;
    struct sha256_ctx h;
    sha256_init(&h);
    sha_add_str(&h, key);
    uint8_t buf[COPY_CHUNK];
    while (done < object) {
        size_t n = object - done < sizeof buf ? object - done : sizeof buf;
        if (!read_at(fd, buf, n, (off_t)done)) return false;
        sha256_update(&h, n, buf);
        done += n;
    }
    trailer t;
    uint8_t want[SHA256_DIGEST_SIZE];
    sha256_digest(&h, sizeof want, want);
    *object_bytes = object;
    return read_at(fd, &t, sizeof t, (off_t)object) && memcmp(t.magic, ENTRY_MAGIC, sizeof t.magic) == 0 &&
           memcmp(t.hash, want, sizeof want) == 0;
}

enum { HIT, MISS };

/* HIT (r loaded from the entry), MISS (none, or one that is corrupt or fails
 * to load, now deleted: it was the user's), DIAG_NOMEM (out of memory on
 * the way: the entry stays), or DIAG_IO when the entry is one the cache
 * must not use (d says why; it stays). */
static int try_hit(const cache *k, const char *symbol, build_result *r, int *outcome, diag *d) {
    *outcome = MISS;
    int fd, rc = open_entry(k, &fd, d);
    if (rc || fd < 0) return rc;
    size_t bytes = 0;
    int loaded = entry_sound(fd, k->key, &bytes) ? load_fd(fd, k->key, k->entry, symbol, r, d) : DIAG_IO;
    if (loaded == DIAG_OK) {
        r->code_bytes = bytes;
        r->cache_hit = true;
        *outcome = HIT;
    } else if (loaded != DIAG_NOMEM) {
        unlinkat(k->fd, k->entry, 0);   /* build it again */
    }
    close(fd);
    return loaded == DIAG_NOMEM ? DIAG_NOMEM : DIAG_OK;
}

/* Copies the object (open on in) to out, then the trailer. */
static bool write_sealed(int in, int out, const char *key) {
    struct sha256_ctx h;
    sha256_init(&h);
    sha_add_str(&h, key);
    uint8_t buf[COPY_CHUNK];
    for (;;) {
        ssize_t n = read(in, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return false;
        if (n == 0) break;
        sha256_update(&h, (size_t)n, buf);
        if (!write_all(out, buf, (size_t)n)) return false;
    }
    trailer t;
    memcpy(t.magic, ENTRY_MAGIC, sizeof t.magic);
    sha256_digest(&h, sizeof t.hash, t.hash);
    return write_all(out, &t, sizeof t);
}

/* Stores the object open on in as the entry: written with its trailer to a
 * temporary file of this process's (<key>.<pid>.<n>.tmp, created new,
 * private), renamed over the entry, so that readers never see a partial
 * entry. *fd: the entry, open, to load what was written. */
static int store_entry(const cache *k, int in, int *fd, diag *d) {
    static unsigned long counter;
    char tmp[sizeof k->entry + 48];
    snprintf(tmp, sizeof tmp, "%s.%ld.%lu.tmp", k->key, (long)getpid(),
             __atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED));
    *fd = openat(k->fd, tmp, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (*fd < 0) return diag_set(d, DIAG_IO, "cannot create an entry: %s", strerror(errno));
    int rc = DIAG_OK;
    if (!write_sealed(in, *fd, k->key)) rc = diag_set(d, DIAG_IO, "cannot write an entry: %s", strerror(errno));
    else if (renameat(k->fd, tmp, k->fd, k->entry))
        rc = diag_set(d, DIAG_IO, "cannot rename an entry into place: %s", strerror(errno));
    if (rc) {
        unlinkat(k->fd, tmp, 0);
        close(*fd);
        *fd = -1;
    }
    return rc;
}

/* Builds, stores the entry and loads it; where the entry cannot be stored
 * (a read-only or full disk), warns and loads the object as built. */
static int build_miss(const cache *k, const char *source, size_t len, const build_cfg *c, build_result *r, diag *d) {
    temp_build t = {0};
    int rc = temp_build_make(&t, source, len, c, d), in = -1, fd = -1;
    struct stat st;
    if (!rc && ((in = open(t.so, O_RDONLY | O_CLOEXEC)) < 0 || fstat(in, &st)))
        rc = diag_set(d, DIAG_IO, "build: cannot read %s: %s", t.so, strerror(errno));
    if (!rc) {
        r->code_bytes = (size_t)st.st_size;
        diag why;
        if (store_entry(k, in, &fd, &why) == DIAG_OK) {
            rc = load_fd(fd, k->key, k->entry, c->symbol, r, d);
            if (rc && rc != DIAG_NOMEM) unlinkat(k->fd, k->entry, 0);   /* useless to keep */
            close(fd);
        } else {
            warn_unusable(k->path, &why);
            rc = load_object(t.so, c->symbol, r, d);
        }
    }
    if (in >= 0) close(in);
    temp_build_remove(&t);
    return rc;
}

/* The disk cache when it can be used; else (it cannot be created or opened,
 * or is not the user's alone) a warning, once, and a build without it. */
static int build_cached(const char *source, size_t len, const build_cfg *c, const char *cache_dir, build_result *r,
                        diag *d) {
    cache k = {.fd = -1};
    int outcome = MISS, rc = cache_dir_path(cache_dir, &k.path, d);
    if (!rc) rc = open_dir_path(k.path, &k.fd, d);
    if (!rc) rc = check_dir(k.fd, d);
    if (!rc) {
        cache_key(source, len, c, k.key);
        snprintf(k.entry, sizeof k.entry, "%s.so", k.key);
        rc = try_hit(&k, c->symbol, r, &outcome, d);
    }
    if (rc && rc != DIAG_NOMEM) {
        warn_unusable(k.path, d);
        rc = build_uncached(source, len, c, r, d);
    } else if (!rc && outcome == MISS) {
        rc = build_miss(&k, source, len, c, r, d);
    }
    if (k.fd >= 0) close(k.fd);
    mem_free(k.path);
    return rc;
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
    return build_uncached(source, len, &c, r, d);
}

void build_release(build_result *r) {
    if (!r) return;
    if (r->handle) close_object(r->handle);
    *r = (build_result){0};
}

/* Entries are named <64 hex digits>.so; nothing else in the directory is touched. */
static bool is_entry_name(const char *name) {
    for (int i = 0; i < KEY_CHARS; i++)
        if (!name[i] || !strchr("0123456789abcdef", name[i])) return false;
    return strcmp(name + KEY_CHARS, ".so") == 0;
}

/* Removes the entries in the open directory dp that are the user's. */
static int remove_entries(DIR *dp, const char *path, diag *d) {
    int rc = DIAG_OK;
    struct dirent *e;
    while ((e = readdir(dp))) {
        struct stat st;
        if (!is_entry_name(e->d_name) || fstatat(dirfd(dp), e->d_name, &st, AT_SYMLINK_NOFOLLOW) ||
            st.st_uid != geteuid() || S_ISDIR(st.st_mode))
            continue;
        if (unlinkat(dirfd(dp), e->d_name, 0) && errno != ENOENT)
            rc = diag_set(d, DIAG_IO, "build: cannot remove %s/%s: %s", path, e->d_name, strerror(errno));
    }
    return rc;
}

int build_clear_disk_cache(const char *cache_dir, diag *d) {
    char *path = NULL;
    diag why;
    int rc = cache_dir_path(cache_dir, &path, &why);
    if (rc) return rc == DIAG_NOMEM ? diag_nomem(d) : diag_set(d, rc, "build: disk cache: %s", why.msg);
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    DIR *dp = fd >= 0 ? fdopendir(fd) : NULL;
    if (dp) {
        rc = remove_entries(dp, path, d);
        closedir(dp);
    } else {
        if (errno != ENOENT) rc = diag_set(d, DIAG_IO, "build: cannot read %s: %s", path, strerror(errno));
        if (fd >= 0) close(fd);
    }
    mem_free(path);
    return rc;
}
