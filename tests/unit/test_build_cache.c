/* The disk cache as hostile local users and broken disks meet it: a planted
 * entry never runs; links, FIFOs, devices, and entries or directories others
 * can write are refused (a warning, once per directory, and a build without
 * the cache whose result is still right); an unusable directory (not one,
 * under a file, read-only) does not stop a build; a long --cache-dir is used
 * whole.
 *
 * The tests run as root in CI, where permission bits stop no write: a
 * read-only directory is /proc/<pid> (ours, mode 0555, and no file can be
 * created in it even by root), which stands for a read-only or full disk
 * too; another user's files are made by chown to uid 65534. */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <nettle/sha2.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "build/build.h"
#include "testing.h"

enum { KEY_CHARS = 64, NOT_BUILT = -999, OTHER_UID = 65534 };

/* ---- capturing stderr ------------------------------------------------------------- */

static int saved_stderr = -1;
static FILE *capture_file;

static void capture_begin(void) {
    fflush(stderr);
    capture_file = tmpfile();
    saved_stderr = dup(2);
    dup2(fileno(capture_file), 2);
}

/* What was written to stderr since capture_begin (malloc). */
static char *capture_end(void) {
    fflush(stderr);
    dup2(saved_stderr, 2);
    close(saved_stderr);
    long n = ftell(capture_file);
    char *text = calloc(1, (size_t)(n > 0 ? n : 0) + 1);
    rewind(capture_file);
    if (text && n > 0 && fread(text, 1, (size_t)n, capture_file) != (size_t)n) text[0] = 0;
    fclose(capture_file);
    return text;
}

/* ---- building through the cache --------------------------------------------------- */

typedef struct built {
    int rc;
    int value;   /* f()'s result, NOT_BUILT when the build failed */
    bool hit;
    char *err;   /* stderr during the build (malloc) */
} built;

/* Builds `int f(void) { return value; }` with the disk cache in dir. */
static built build_in(const char *dir, int value) {
    char src[64];
    int n = snprintf(src, sizeof src, "int f(void) { return %d; }\n", value);
    build_options o = {.cflags = "-O1", .disk_cache = true, .cache_dir = dir};
    build_result r;
    diag d;
    built b = {.value = NOT_BUILT};
    capture_begin();
    b.rc = build_shared_object(src, (size_t)n, "f", &o, &r, &d);
    b.err = capture_end();
    if (b.rc == DIAG_OK) {
        b.value = ((int (*)(void))r.symbol)();
        b.hit = r.cache_hit;
        build_release(&r);
    } else {
        fprintf(stderr, "build: %s\n", d.msg);
    }
    return b;
}

/* A build from dir that must give f() = value and say `warning` on stderr
 * ("" for nothing at all). */
static void expect_build(const char *dir, int value, const char *warning, bool hit) {
    built b = build_in(dir, value);
    EXPECT_EQ_INT(b.rc, DIAG_OK);
    EXPECT_EQ_INT(b.value, value);
    EXPECT_EQ_INT(b.hit, hit);
    if (*warning) {
        EXPECT_CONTAINS(b.err, "arrayjit: warning: disk cache ");
        EXPECT_CONTAINS(b.err, warning);
        EXPECT_CONTAINS(b.err, "; compiling without it\n");
    } else if (b.err && *b.err) {
        EXPECT_CONTAINS(b.err, "(nothing on stderr)");
    }
    free(b.err);
}

static char *fresh_dir(void) {
    char *dir = strdup("/tmp/aj_test_build_cache_XXXXXX");
    EXPECT(dir && mkdtemp(dir));
    return dir;
}

static char *join(const char *a, const char *b) {
    char *p = malloc(strlen(a) + strlen(b) + 2);
    if (p) sprintf(p, "%s/%s", a, b);
    return p;
}

static void remove_tree(const char *dir) {
    char *cmd = malloc(strlen(dir) + 16);
    sprintf(cmd, "rm -rf -- '%s'", dir);   /* mkdtemp names: no quote in them */
    EXPECT_EQ_INT(system(cmd), 0);
    free(cmd);
}

/* The name of the one entry (<64 hex digits>.so) in dir, "" if none. */
static const char *entry_in(const char *dir) {
    static char name[KEY_CHARS + 4];
    name[0] = 0;
    DIR *dp = opendir(dir);
    struct dirent *e;
    while (dp && (e = readdir(dp)))
        if (strlen(e->d_name) == KEY_CHARS + 3 && strcmp(e->d_name + KEY_CHARS, ".so") == 0)
            snprintf(name, sizeof name, "%s", e->d_name);
    if (dp) closedir(dp);
    return name;
}

static int count_files(const char *dir) {
    int n = 0;
    DIR *dp = opendir(dir);
    struct dirent *e;
    while (dp && (e = readdir(dp))) n += e->d_name[0] != '.';
    if (dp) closedir(dp);
    return n;
}

/* A cache dir inside a fresh directory (the cache makes it, private) with
 * one entry, f() = value; *entry gets the entry's path. */
static char *cache_with_entry(char **top, int value, char **entry) {
    *top = fresh_dir();
    char *dir = join(*top, "cache");
    expect_build(dir, value, "", false);
    *entry = join(dir, entry_in(dir));
    EXPECT_EQ_INT(strlen(entry_in(dir)), KEY_CHARS + 3);
    return dir;
}

/* ---- planted entries ----------------------------------------------------------------- */

/* Writes over `entry` an object whose constructor creates `marker` and whose
 * f returns -1 (built in top), sealed as the cache seals an entry (its trailer: "AJSO0002",
 * then SHA-256 over the key's hex digits, a 0 byte and the object), or with
 * a wrong hash. The file is the user's, mode 0600. */
static void plant(const char *entry, const char *top, const char *marker, bool right_hash) {
    char *src = join(top, "planted.c"), *so = join(top, "planted.so");
    FILE *f = fopen(src, "w");
    EXPECT(f != NULL);
    fprintf(f, "#include <stdio.h>\n__attribute__((constructor)) static void planted(void) {\n"
               "    FILE *f = fopen(\"%s\", \"w\"); if (f) fclose(f);\n}\nint f(void) { return -1; }\n", marker);
    fclose(f);
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "gcc -shared -fPIC -o '%s' '%s'", so, src);
    EXPECT_EQ_INT(system(cmd), 0);
    size_t len = 0;
    char *object = testing_read_file(so, &len);
    EXPECT(object != NULL);
    const char *name = strrchr(entry, '/') + 1;
    struct sha256_ctx h;
    uint8_t hash[SHA256_DIGEST_SIZE];
    sha256_init(&h);
    sha256_update(&h, KEY_CHARS, (const uint8_t *)name);
    sha256_update(&h, 1, (const uint8_t *)"");
    sha256_update(&h, len, (const uint8_t *)object);
    sha256_digest(&h, sizeof hash, hash);
    if (!right_hash) hash[0] ^= 1;
    unlink(entry);
    int fd = open(entry, O_WRONLY | O_CREAT | O_EXCL, 0600);
    EXPECT(fd >= 0);
    EXPECT(write(fd, object, len) == (ssize_t)len && write(fd, "AJSO0002", 8) == 8 &&
           write(fd, hash, sizeof hash) == (ssize_t)sizeof hash);
    close(fd);
    free(object);
    free(src);
    free(so);
}

/* An entry of the user's whose hash is not its object's is deleted and
 * built again; its code never runs. */
TEST(a_planted_entry_with_a_wrong_hash_never_runs) {
    char *top, *entry, *dir = cache_with_entry(&top, 11, &entry);
    char *marker = join(top, "marker");
    plant(entry, top, marker, false);
    expect_build(dir, 11, "", false);
    EXPECT(access(marker, F_OK) != 0);
    expect_build(dir, 11, "", true);   /* built again in its place */
    remove_tree(top);
    free(marker), free(entry), free(dir), free(top);
}

/* The same entry with the right hash, another user's: refused (warned
 * about, kept) and never run. Once the user's own, the cache trusts it and
 * it runs: the marker proves the refusal above had something to refuse. */
TEST(an_entry_another_user_owns_never_runs) {
    if (geteuid() != 0) {   /* only root can give a file away */
        printf("not root: another user's entry skipped\n");
        return;
    }
    char *top, *entry, *dir = cache_with_entry(&top, 12, &entry);
    char *marker = join(top, "marker");
    plant(entry, top, marker, true);
    EXPECT_EQ_INT(chown(entry, OTHER_UID, OTHER_UID), 0);
    expect_build(dir, 12, "is owned by uid 65534", false);
    EXPECT(access(marker, F_OK) != 0);
    EXPECT(access(entry, F_OK) == 0);   /* not ours to delete */
    EXPECT_EQ_INT(chown(entry, geteuid(), getegid()), 0);
    built b = build_in(dir, 12);
    EXPECT_EQ_INT(b.value, -1);
    EXPECT(access(marker, F_OK) == 0);
    free(b.err);
    remove_tree(top);
    free(marker), free(entry), free(dir), free(top);
}

/* ---- entries that are not files of the user's alone ----------------------------------- */

typedef enum { AS_SYMLINK, AS_FIFO, AS_DEVICE, GROUP_WRITABLE, OTHER_WRITABLE } spoil;

/* Makes the entry a symbolic link to a sound copy of itself, a FIFO, a
 * device (/dev/null's numbers; root only), or writable by group or others. */
static void spoil_entry(const char *entry, const char *top, spoil how) {
    char *copy = join(top, "copy.so");
    char cmd[4096];
    switch (how) {
    case AS_SYMLINK:
        snprintf(cmd, sizeof cmd, "cp '%s' '%s'", entry, copy);
        EXPECT_EQ_INT(system(cmd), 0);
        EXPECT_EQ_INT(unlink(entry), 0);
        EXPECT_EQ_INT(symlink(copy, entry), 0);
        break;
    case AS_FIFO:
        EXPECT_EQ_INT(unlink(entry), 0);
        EXPECT_EQ_INT(mkfifo(entry, 0600), 0);   /* opening it to read would block */
        break;
    case AS_DEVICE:
        EXPECT_EQ_INT(unlink(entry), 0);
        EXPECT_EQ_INT(mknod(entry, S_IFCHR | 0600, makedev(1, 3)), 0);
        break;
    case GROUP_WRITABLE: EXPECT_EQ_INT(chmod(entry, 0620), 0); break;
    case OTHER_WRITABLE: EXPECT_EQ_INT(chmod(entry, 0602), 0); break;
    }
    free(copy);
}

TEST(links_fifos_devices_and_entries_others_can_write_are_refused) {
    static const struct {
        spoil how;
        const char *warning;
        mode_t type;
    } cases[] = {
        {AS_SYMLINK, "is a symbolic link", S_IFLNK},
        {AS_FIFO, "is a FIFO", S_IFIFO},
        {AS_DEVICE, "is a device", S_IFCHR},
        {GROUP_WRITABLE, "is writable by group or others (mode 0620)", S_IFREG},
        {OTHER_WRITABLE, "is writable by group or others (mode 0602)", S_IFREG},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        if (cases[i].how == AS_DEVICE && geteuid() != 0) continue;   /* only root makes devices */
        char *top, *entry, *dir = cache_with_entry(&top, 20 + (int)i, &entry);
        spoil_entry(entry, top, cases[i].how);
        expect_build(dir, 20 + (int)i, cases[i].warning, false);
        expect_build(dir, 20 + (int)i, "", false);   /* warned once per directory */
        struct stat st;
        EXPECT(lstat(entry, &st) == 0 && (st.st_mode & S_IFMT) == cases[i].type);   /* left as it was */
        remove_tree(top);
        free(entry), free(dir), free(top);
    }
}

/* ---- directories ----------------------------------------------------------------------- */

/* A directory others can write, another user's, or a link to a good one is
 * refused: a warning, a right result, and nothing written into it. */
TEST(a_cache_directory_not_the_users_alone_is_refused) {
    static const struct {
        mode_t mode;
        uid_t uid;
        const char *warning;
    } cases[] = {
        {0770, 0, "it is writable by group or others (mode 0770)"},
        {0707, 0, "it is writable by group or others (mode 0707)"},
        {0700, OTHER_UID, "it is owned by uid 65534"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        if (cases[i].uid && geteuid() != 0) continue;   /* only root can give a directory away */
        char *dir = fresh_dir();
        EXPECT_EQ_INT(chmod(dir, cases[i].mode), 0);
        if (cases[i].uid) EXPECT_EQ_INT(chown(dir, cases[i].uid, cases[i].uid), 0);
        expect_build(dir, 30 + (int)i, cases[i].warning, false);
        EXPECT_EQ_INT(count_files(dir), 0);
        remove_tree(dir);
        free(dir);
    }
    char *top = fresh_dir(), *good = join(top, "good"), *link = join(top, "link");
    EXPECT_EQ_INT(mkdir(good, 0700), 0);
    EXPECT_EQ_INT(symlink(good, link), 0);
    expect_build(link, 33, "it is a symbolic link", false);
    EXPECT_EQ_INT(count_files(good), 0);
    remove_tree(top);
    free(link), free(good), free(top);
}

/* Not a directory, under a regular file, read-only (/proc/<pid>: see the
 * top), none at all: a warning, and the build goes on without the cache. */
TEST(an_unusable_cache_directory_warns_and_builds_without_it) {
    char *top = fresh_dir(), *file = join(top, "file"), *under = join(file, "cache");
    FILE *f = fopen(file, "w");
    EXPECT(f != NULL);
    fclose(f);
    expect_build(file, 40, "is not a directory", false);
    expect_build(under, 41, "is not a directory", false);
    char proc[64];
    snprintf(proc, sizeof proc, "/proc/%ld", (long)getpid());
    expect_build(proc, 42, "cannot create an entry", false);
    expect_build(proc, 43, "", false);   /* once */
    const char *home = getenv("HOME"), *xdg = getenv("XDG_CACHE_HOME");
    char *kept_home = home ? strdup(home) : NULL, *kept_xdg = xdg ? strdup(xdg) : NULL;
    unsetenv("HOME");
    unsetenv("XDG_CACHE_HOME");
    expect_build(NULL, 44, "disk cache unusable: no directory (set XDG_CACHE_HOME or HOME)", false);
    if (kept_home) setenv("HOME", kept_home, 1);
    if (kept_xdg) setenv("XDG_CACHE_HOME", kept_xdg, 1);
    free(kept_home), free(kept_xdg);
    remove_tree(top);
    free(under), free(file), free(top);
}

/* A cache dir of 3000 characters (30 nested directories) is used whole: the
 * entry is where the path says, and the next build finds it. One longer
 * than PATH_MAX works too (the cache walks it a directory at a time). */
TEST(a_long_cache_dir_is_used_whole) {
    static const int lengths[] = {3000, 5000};
    for (size_t i = 0; i < sizeof lengths / sizeof *lengths; i++) {
        char *top = fresh_dir();
        size_t len = strlen(top);
        char *dir = malloc((size_t)lengths[i] + 128);
        strcpy(dir, top);
        for (int c = 0; len + 100 <= (size_t)lengths[i]; c++) {
            len += (size_t)sprintf(dir + len, "/%02d", c);
            memset(dir + len, 'd', 96);
            len += 96;
            dir[len] = 0;
        }
        EXPECT(strlen(dir) > (size_t)lengths[i] - 100);
        expect_build(dir, 50, "", false);
        expect_build(dir, 50, "", true);
        if (strlen(dir) < 4096) EXPECT_EQ_INT(strlen(entry_in(dir)), KEY_CHARS + 3);
        remove_tree(top);
        free(dir), free(top);
    }
}

/* Hits load through /proc/self/fd/N, and glibc hands back the object it
 * already knows by a name: two entries loaded from the same descriptor
 * number, both held, must each be themselves. */
TEST(entries_loaded_at_once_are_each_themselves) {
    char *dir = fresh_dir();
    for (int pass = 0; pass < 2; pass++) {   /* a miss each, then a hit each */
        build_result r[2];
        for (int i = 0; i < 2; i++) {
            char src[64];
            int n = snprintf(src, sizeof src, "int f(void) { return %d; }\n", 60 + i);
            build_options o = {.cflags = "-O1", .disk_cache = true, .cache_dir = dir};
            diag d;
            EXPECT_EQ_INT(build_shared_object(src, (size_t)n, "f", &o, &r[i], &d), DIAG_OK);
            EXPECT_EQ_INT(r[i].cache_hit, pass == 1);
        }
        for (int i = 0; i < 2; i++) {
            EXPECT_EQ_INT(((int (*)(void))r[i].symbol)(), 60 + i);
            build_release(&r[i]);
        }
    }
    remove_tree(dir);
    free(dir);
}

/* An entry loaded twice at once is one object that glibc then also knows
 * by the second load's name (/proc/self/fd/M, M taken because the first
 * load's name was): a third entry, opened at the first number and moved to
 * M, must still be itself, not the object that goes by M. */
TEST(an_entry_loaded_twice_leaves_no_name_to_another) {
    char *dir = fresh_dir();
    static const int values[] = {70, 70, 71};
    for (int pass = 0; pass < 2; pass++) {   /* misses first, then hits */
        build_result r[3];
        for (int i = 0; i < 3; i++) {
            char src[64];
            int n = snprintf(src, sizeof src, "int f(void) { return %d; }\n", values[i]);
            build_options o = {.cflags = "-O1", .disk_cache = true, .cache_dir = dir};
            diag d;
            EXPECT_EQ_INT(build_shared_object(src, (size_t)n, "f", &o, &r[i], &d), DIAG_OK);
            EXPECT_EQ_INT(r[i].cache_hit, pass == 1 || i == 1);
        }
        for (int i = 0; i < 3; i++) {
            EXPECT_EQ_INT(((int (*)(void))r[i].symbol)(), values[i]);
            build_release(&r[i]);
        }
    }
    remove_tree(dir);
    free(dir);
}

/* The probe behind the flags the C backend adds where the compiler takes
 * them (backend_c.c: no gathers): a flag gcc knows is taken, one it does
 * not know is not, and a compiler that cannot run takes nothing; answers
 * are kept, so asking again says the same. */
TEST(a_compiler_is_asked_which_flags_it_takes) {
    for (int pass = 0; pass < 2; pass++) {
        EXPECT(build_compiler_accepts(NULL, "-O2"));
        EXPECT(build_compiler_accepts("gcc", "-O2 -fno-math-errno"));
        EXPECT(!build_compiler_accepts(NULL, "-fno-such-option-arrayjit"));
        EXPECT(!build_compiler_accepts("/nonexistent/arrayjit-cc", "-O2"));
    }
}

int main(void) {
    RUN(a_planted_entry_with_a_wrong_hash_never_runs);
    RUN(an_entry_another_user_owns_never_runs);
    RUN(links_fifos_devices_and_entries_others_can_write_are_refused);
    RUN(a_cache_directory_not_the_users_alone_is_refused);
    RUN(an_unusable_cache_directory_warns_and_builds_without_it);
    RUN(a_long_cache_dir_is_used_whole);
    RUN(entries_loaded_at_once_are_each_themselves);
    RUN(an_entry_loaded_twice_leaves_no_name_to_another);
    RUN(a_compiler_is_asked_which_flags_it_takes);
    return TESTS_DONE();
}
