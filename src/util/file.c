#define _GNU_SOURCE   /* fopencookie, O_TMPFILE */
#include "file.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "mem.h"

/* Text read from a pipe is capped here: it has no size to check first, and
 * a device such as /dev/zero would otherwise grow a buffer until memory
 * runs out. A regular file is read at its size, however large. */
enum { FILE_STREAM_MAX = 1 << 30 };

/* The open descriptor's kind, refused unless a regular file or a pipe: a
 * device never ends, a directory is no text. */
static int check_readable_kind(const char *path, int fd, struct stat *st, diag *d) {
    if (fstat(fd, st)) return diag_set(d, DIAG_IO, "%s: cannot read: %s", path, strerror(errno));
    if (S_ISDIR(st->st_mode)) return diag_set(d, DIAG_IO, "%s: is a directory", path);
    if (!S_ISREG(st->st_mode) && !S_ISFIFO(st->st_mode))
        return diag_set(d, DIAG_IO, "%s: not a regular file or a pipe", path);
    return DIAG_OK;
}

/* Reads fd to its end into *buf (capacity *cap, grown by doubling up to
 * limit + 1 bytes); *n bytes are read. */
static int read_to_end(const char *path, int fd, char **buf, size_t *cap, size_t *n, size_t limit, diag *d) {
    for (;;) {
        if (*n + 1 == *cap) {
            if (*cap > limit) return diag_set(d, DIAG_IO, "%s: more than %zu bytes from a pipe", path, limit);
            char *bigger = mem_realloc(*buf, *cap * 2);
            if (!bigger) return diag_nomem(d);
            *buf = bigger;
            *cap *= 2;
        }
        ssize_t got = read(fd, *buf + *n, *cap - *n - 1);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) return diag_set(d, DIAG_IO, "%s: read failed: %s", path, strerror(errno));
        if (got == 0) return DIAG_OK;
        *n += (size_t)got;
    }
}

int file_read_all(const char *path, char **text, size_t *len, diag *d) {
    /* O_NONBLOCK: opening a FIFO with no writer returns at once (then reads
     * its end) instead of waiting for one; reads block again after. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) return diag_set(d, DIAG_IO, "%s: cannot open: %s", path, strerror(errno));
    struct stat st;
    int rc = check_readable_kind(path, fd, &st, d);
    if (!rc && fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK))
        rc = diag_set(d, DIAG_IO, "%s: cannot read: %s", path, strerror(errno));
    /* A regular file is read into one buffer of its size (+ the NUL, + one
     * byte so that the first read sees the end): growing by doubling would
     * leave the smaller copies behind in a pooling allocator. */
    bool regular = S_ISREG(st.st_mode);
    size_t cap = regular && (uint64_t)st.st_size < SIZE_MAX - 2 ? (size_t)st.st_size + 2 : 1 << 16, n = 0;
    char *buf = rc ? NULL : mem_alloc(cap);
    if (!rc && !buf) rc = diag_nomem(d);
    if (!rc) rc = read_to_end(path, fd, &buf, &cap, &n, regular ? SIZE_MAX / 2 : FILE_STREAM_MAX, d);
    close(fd);
    if (rc) {
        mem_free(buf);
        return rc;
    }
    buf[n] = 0;
    *text = buf;
    *len = n;
    return DIAG_OK;
}

/* ---- output files -----------------------------------------------------------
 *
 * Every file a user names is written here, so that one place holds the rules:
 * - only a regular file is ever replaced: the target is looked at with
 *   lstat, never opened, so a symlink, FIFO, device or directory there is
 *   refused without being followed, blocked on or touched;
 * - a reader sees the old file or the whole new one, never a part: the data
 *   goes to a temporary in the target's directory (so a rename cannot cross
 *   file systems), synced, then put in place in one step;
 * - the new file keeps a replaced file's permission bits (not its set-id
 *   bits: those belong to the old contents); a new file gets 0666 less the
 *   umask, as fopen's would;
 * - nothing is left behind: the temporary is an O_TMPFILE (no name until
 *   it is complete, so even a kill -9 leaves nothing) where the file system
 *   has them; a named one (O_CREAT|O_EXCL|O_NOFOLLOW, a random name) where
 *   it has not, removed on every error and by a SIGINT, SIGTERM or SIGHUP
 *   handler while it exists. Replacing an existing file from an O_TMPFILE
 *   needs a name too (linkat cannot replace one): it is linked to a named
 *   temporary only once complete, renamed over the target at once, so the
 *   one window a kill -9 could leave a name in is between two system calls,
 *   and what it leaves is a whole file. */

static file_test_hooks test_hooks;

void file_set_test_hooks(file_test_hooks h) { test_hooks = h; }

/* The named temporaries that exist now, for the signal handler, which may
 * only make async-signal-safe calls: a slot is claimed (1), filled, armed
 * (2), and freed (0) before its name is reused. More writers at once than
 * slots (each in a file system without O_TMPFILE) write unguarded. */
enum { TEMP_FREE, TEMP_FILLING, TEMP_ARMED, TEMP_SLOTS = 64, TEMP_SUFFIX = 21 };
static struct temp_slot {
    atomic_int state;
    int dirfd;
    char name[NAME_MAX + 1];
} temp_slots[TEMP_SLOTS];

static const int temp_signals[] = {SIGINT, SIGTERM, SIGHUP};

static void temp_signal_handler(int sig) {
    int saved = errno;
    for (int i = 0; i < TEMP_SLOTS; i++)
        if (atomic_load(&temp_slots[i].state) == TEMP_ARMED) unlinkat(temp_slots[i].dirfd, temp_slots[i].name, 0);
    errno = saved;
    /* SA_RESETHAND restored the default action: the signal, pending until
     * this returns, ends the process as it would have without us. */
    raise(sig);
}

/* Installed where the signal's action is the default one only: a program
 * that ignores or handles the signal itself keeps doing so. */
static void temp_install_handlers(void) {
    for (size_t i = 0; i < sizeof temp_signals / sizeof *temp_signals; i++) {
        struct sigaction old, sa = {.sa_handler = temp_signal_handler, .sa_flags = SA_RESETHAND};
        sigfillset(&sa.sa_mask);
        if (sigaction(temp_signals[i], NULL, &old) == 0 && !(old.sa_flags & SA_SIGINFO) &&
            old.sa_handler == SIG_DFL)
            sigaction(temp_signals[i], &sa, NULL);
    }
}

/* Arms a slot for dirfd/name before the name is created (a signal between
 * the two then unlinks nothing); -1 when every slot is taken. */
static int temp_register(int dirfd, const char *name) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, temp_install_handlers);
    for (int i = 0; i < TEMP_SLOTS; i++) {
        int expect = TEMP_FREE;
        if (!atomic_compare_exchange_strong(&temp_slots[i].state, &expect, TEMP_FILLING)) continue;
        temp_slots[i].dirfd = dirfd;
        memcpy(temp_slots[i].name, name, strlen(name) + 1);
        atomic_store(&temp_slots[i].state, TEMP_ARMED);
        return i;
    }
    return -1;
}

static void temp_unregister(int slot) {
    if (slot >= 0) atomic_store(&temp_slots[slot].state, TEMP_FREE);
}

/* "BASE.tmp.<16 random hex digits>", BASE cut so that it fits a name. */
static void temp_name(const char *base, char name[NAME_MAX + 1]) {
    uint64_t r = 0;
    if (getrandom(&r, sizeof r, GRND_NONBLOCK) != (ssize_t)sizeof r) {
        static atomic_uint_fast64_t counter;
        r = ((uint64_t)getpid() << 32) ^ (uint64_t)time(NULL) ^ atomic_fetch_add(&counter, 0x9e3779b97f4a7c15u);
    }
    int keep = (int)strnlen(base, NAME_MAX - TEMP_SUFFIX);
    snprintf(name, NAME_MAX + 1, "%.*s.tmp.%016" PRIx64, keep, base, r);
}

/* An output being written: the target's directory and name, and the
 * temporary (fd; its name and slot when it has one). */
typedef struct out_file {
    const char *path;
    char *dir;
    const char *base;
    int dirfd, fd, slot;
    bool exists;     /* the target exists (a regular file) */
    mode_t mode;     /* the new file's permission bits */
    char tmp[NAME_MAX + 1];   /* "" while the temporary has no name */
} out_file;

static const char *file_kind(mode_t m) {
    return S_ISDIR(m) ? "a directory" : S_ISLNK(m) ? "a symbolic link" : S_ISFIFO(m) ? "a FIFO"
         : S_ISCHR(m) ? "a character device" : S_ISBLK(m) ? "a block device"
         : S_ISSOCK(m) ? "a socket" : "not a regular file";
}

/* Looks at the target without following it: a regular file is replaced
 * (its mode kept), a missing one created, anything else refused. */
static int out_inspect(out_file *o, diag *d) {
    struct stat st;
    if (fstatat(o->dirfd, o->base, &st, AT_SYMLINK_NOFOLLOW) != 0) {
        if (errno != ENOENT) return diag_set(d, DIAG_IO, "%s: cannot inspect: %s", o->path, strerror(errno));
        o->exists = false;
        return DIAG_OK;
    }
    if (!S_ISREG(st.st_mode))
        return diag_set(d, DIAG_IO, "%s: is %s: refusing to replace it (only regular files are written)",
                        o->path, file_kind(st.st_mode));
    o->exists = true;
    o->mode = st.st_mode & 0777;
    return DIAG_OK;
}

/* Splits path into its directory (opened) and last name. */
static int out_open_dir(out_file *o, diag *d) {
    const char *slash = strrchr(o->path, '/');
    o->base = slash ? slash + 1 : o->path;
    if (!*o->base || strcmp(o->base, ".") == 0 || strcmp(o->base, "..") == 0)
        return diag_set(d, DIAG_IO, "%s: names a directory, not a file", o->path);
    o->dir = slash ? mem_strndup(o->path, slash == o->path ? 1 : (size_t)(slash - o->path)) : mem_strdup(".");
    if (!o->dir) return diag_nomem(d);
    o->dirfd = open(o->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (o->dirfd < 0) return diag_set(d, DIAG_IO, "%s: cannot open its directory: %s", o->path, strerror(errno));
    return DIAG_OK;
}

/* Gives the temporary a fresh random name, armed for the signal handler
 * before it exists, by `make` (which fails with EEXIST when the name is
 * taken: then another name is tried, so a name planted in advance, a
 * symlink say, is never opened or followed). */
static int out_name_temp(out_file *o, int (*make)(out_file *o), diag *d) {
    for (int tries = 0; tries < 16; tries++) {
        temp_name(o->base, o->tmp);
        o->slot = temp_register(o->dirfd, o->tmp);
        if (make(o) == 0) return DIAG_OK;
        int err = errno;
        temp_unregister(o->slot);
        o->slot = -1;
        o->tmp[0] = 0;
        if (err != EEXIST) return diag_set(d, DIAG_IO, "%s: cannot create: %s", o->path, strerror(err));
    }
    return diag_set(d, DIAG_IO, "%s: cannot create a temporary beside it: every name tried exists", o->path);
}

static int make_named(out_file *o) {
    o->fd = openat(o->dirfd, o->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, o->mode);
    return o->fd >= 0 ? 0 : -1;
}

/* The temporary: an O_TMPFILE where the file system has them. Its mode is
 * the final one from the start (never wider than the file it becomes). */
static int out_create(out_file *o, diag *d) {
    if (!test_hooks.no_tmpfile) {
        o->fd = openat(o->dirfd, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, o->mode);
        if (o->fd < 0 && errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL)
            return diag_set(d, DIAG_IO, "%s: cannot create: %s", o->path, strerror(errno));
    }
    int rc = o->fd >= 0 ? DIAG_OK : out_name_temp(o, make_named, d);
    /* The umask narrowed the mode of a replaced file's successor: restore it. */
    if (!rc && o->exists && fchmod(o->fd, o->mode) != 0)
        rc = diag_set(d, DIAG_IO, "%s: cannot set the mode: %s", o->path, strerror(errno));
    return rc;
}

static int out_write(out_file *o, const void *const *pieces, const size_t *sizes, int npieces, diag *d) {
    for (int i = 0; i < npieces; i++) {
        const char *p = pieces[i];
        for (size_t left = sizes[i]; left > 0;) {
            ssize_t n = write(o->fd, p, left);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) return diag_set(d, DIAG_IO, "%s: write failed: %s", o->path, n ? strerror(errno) : "no progress");
            p += n;
            left -= (size_t)n;
        }
    }
    if (fsync(o->fd) != 0) return diag_set(d, DIAG_IO, "%s: write failed (fsync): %s", o->path, strerror(errno));
    return DIAG_OK;
}

/* Gives the O_TMPFILE the name `name` in the target's directory: through
 * /proc/self/fd, or AT_EMPTY_PATH where /proc is not mounted. */
static int out_link(const out_file *o, const char *name) {
    char proc[64];
    snprintf(proc, sizeof proc, "/proc/self/fd/%d", o->fd);
    if (linkat(AT_FDCWD, proc, o->dirfd, name, AT_SYMLINK_FOLLOW) == 0) return 0;
    if (errno != ENOENT) return -1;
    return linkat(o->fd, "", o->dirfd, name, AT_EMPTY_PATH);
}

static int link_named(out_file *o) { return out_link(o, o->tmp); }

/* Puts the complete temporary in place of the target. */
static int out_place(out_file *o, diag *d) {
    bool unnamed = !o->tmp[0];
    if (unnamed && !o->exists) {
        if (out_link(o, o->base) == 0) return DIAG_OK;
        if (errno != EEXIST) return diag_set(d, DIAG_IO, "%s: cannot create: %s", o->path, strerror(errno));
    }
    /* Something is there (now): it must still be a regular file. rename
     * never follows a symlink at its target, so the check's race can at
     * worst replace what appeared in between, never write through it. */
    int rc = out_inspect(o, d);
    if (!rc && unnamed) rc = out_name_temp(o, link_named, d);
    if (!rc && renameat(o->dirfd, o->tmp, o->dirfd, o->base) != 0)
        rc = diag_set(d, DIAG_IO, "%s: cannot replace: %s", o->path, strerror(errno));
    if (!rc) o->tmp[0] = 0;   /* the name is the target's now */
    return rc;
}

int file_write_atomic(const char *path, const void *const *pieces, const size_t *sizes,
                      int npieces, diag *d) {
    out_file o = {.path = path, .dirfd = -1, .fd = -1, .slot = -1, .mode = 0666};
    int rc = out_open_dir(&o, d);
    if (!rc) rc = out_inspect(&o, d);
    if (!rc) rc = out_create(&o, d);
    if (!rc) rc = out_write(&o, pieces, sizes, npieces, d);
    if (!rc && test_hooks.placing) test_hooks.placing();
    if (!rc) rc = out_place(&o, d);
    if (o.tmp[0]) unlinkat(o.dirfd, o.tmp, 0);
    temp_unregister(o.slot);
    if (o.fd >= 0) close(o.fd);
    if (o.dirfd >= 0) close(o.dirfd);
    mem_free(o.dir);
    return rc;
}

static ssize_t text_write(void *cookie, const char *buf, size_t size) {
    file_text *t = cookie;
    if (t->failed) return 0;
    if (t->len + size + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 256;
        while (cap < t->len + size + 1) cap *= 2;
        char *p = mem_realloc(t->text, cap);
        if (!p) {
            t->failed = 1;
            return 0;   /* an error to stdio */
        }
        t->text = p;
        t->cap = cap;
    }
    memcpy(t->text + t->len, buf, size);
    t->len += size;
    t->text[t->len] = 0;
    return (ssize_t)size;
}

FILE *file_text_open(file_text *t) {
    *t = (file_text){0};
    return fopencookie(t, "w", (cookie_io_functions_t){.write = text_write});
}
