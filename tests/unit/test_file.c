/* Tests of files a program or its user names: .npy reads bounded by the
 * file's size (a lying header allocates nothing of its claim, a FIFO or
 * device is refused) and output files written by file_write_atomic (only a
 * regular file is replaced, never through a symlink; the mode is kept; no
 * temporary survives an error, a SIGTERM, or where O_TMPFILE works a kill
 * -9). Each test works in a fresh directory under /tmp. */
#define _GNU_SOURCE   /* O_TMPFILE */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include "arrayjit.h"
#include "testing.h"
#include "util/file.h"

static char dir[64];

static void dir_make(void) {
    snprintf(dir, sizeof dir, "/tmp/aj_file_XXXXXX");
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        exit(1);
    }
}

static const char *in_dir(const char *name) {
    static char paths[4][256];
    static int next;
    char *p = paths[next++ % 4];
    snprintf(p, sizeof paths[0], "%s/%s", dir, name);
    return p;
}

/* The names in the test directory, sorted and joined by spaces ("" if
 * none): what a test expects to find there, and nothing else. */
static const char *dir_listing(void) {
    static char text[1024];
    struct dirent **names;
    int n = scandir(dir, &names, NULL, alphasort), len = 0;
    text[0] = 0;
    for (int i = 0; i < n; i++) {
        if (strcmp(names[i]->d_name, ".") && strcmp(names[i]->d_name, ".."))
            len += snprintf(text + len, sizeof text - (size_t)len, "%s%s", len ? " " : "", names[i]->d_name);
        free(names[i]);
    }
    free(names);
    return text;
}

/* Removes the test directory and what it holds (plain names only). */
static void dir_remove(void) {
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") && unlinkat(dirfd(d), e->d_name, 0) != 0)
            unlinkat(dirfd(d), e->d_name, AT_REMOVEDIR);
    if (d) closedir(d);
    rmdir(dir);
}

static void put(const char *path, const void *bytes, size_t len) {
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    EXPECT(fd >= 0 && write(fd, bytes, len) == (ssize_t)len);
    if (fd >= 0) close(fd);
}

static void put_text(const char *path, const char *text) { put(path, text, strlen(text)); }

/* The file's first bytes as text ("" if unreadable). */
static const char *contents(const char *path) {
    static char text[256];
    int fd = open(path, O_RDONLY), n = fd < 0 ? 0 : (int)read(fd, text, sizeof text - 1);
    text[n > 0 ? n : 0] = 0;
    if (fd >= 0) close(fd);
    return text;
}

static int write_text(const char *path, const char *text, diag *d) {
    const void *pieces[1] = {text};
    size_t sizes[1] = {strlen(text)};
    return file_write_atomic(path, pieces, sizes, 1, d);
}

/* ---- .npy reads ------------------------------------------------------------ */

/* A version 1.0 .npy of 128 header bytes, then ndata bytes. */
static void put_npy(const char *path, const char *shape, size_t ndata) {
    char bytes[128 + 64] = "\x93NUMPY\x01\x00\x76\x00";
    int n = snprintf(bytes + 10, 118, "{'descr': '<f4', 'fortran_order': False, 'shape': %s, }", shape);
    memset(bytes + 10 + n, ' ', 117 - (size_t)n);
    bytes[127] = '\n';
    memset(bytes + 128, 0, ndata);
    put(path, bytes, 128 + ndata);
}

TEST(npy_lying_header_allocates_nothing_of_its_claim) {
    dir_make();
    const char *path = in_dir("lie.npy");
    struct { const char *shape, *says; } lies[] = {
        {"(1000000000,)", "claims shape (1000000000,) of <f4, 4000000000 bytes, but the file holds 16 data bytes"},
        {"(4000000000, 4000000000, 4000000000)", "over 2^64 bytes, but the file holds 16 data bytes"},
        {"(5,)", "claims shape (5,) of <f4, 20 bytes, but the file holds 16 data bytes"},
    };
    for (size_t i = 0; i < sizeof lies / sizeof *lies; i++) {
        put_npy(path, lies[i].shape, 16);
        aj_allocator_stats before, after;
        aj_allocator_reset_peak();
        aj_allocator_get_stats(&before);
        aj_array *a = NULL;
        EXPECT_EQ_INT(aj_array_load_npy(path, &a), AJ_ERR_INVALID);
        aj_allocator_get_stats(&after);
        EXPECT_CONTAINS(aj_last_error(), path);
        EXPECT_CONTAINS(aj_last_error(), lies[i].says);
        EXPECT(after.peak_bytes_in_use - before.bytes_in_use < 4096);   /* the header, no more */
        EXPECT_EQ_INT(after.bytes_in_use, before.bytes_in_use);
    }
    /* The true shape of the same bytes loads. */
    put_npy(path, "(4,)", 16);
    aj_array *a = NULL;
    EXPECT_EQ_INT(aj_array_load_npy(path, &a), AJ_OK);
    if (a) EXPECT_EQ_INT(aj_array_numel(a), 4);
    aj_array_destroy(a);
    dir_remove();
}

/* A FIFO is refused without waiting for a writer: the child that would
 * write a valid .npy into it blocks in open until it is killed. */
TEST(npy_refuses_fifos_and_devices) {
    dir_make();
    const char *fifo = in_dir("fifo.npy"), *good = in_dir("good.npy");
    put_npy(good, "(4,)", 16);
    EXPECT_EQ_INT(mkfifo(fifo, 0600), 0);
    pid_t child = fork();
    if (child == 0) {
        char *bytes = NULL;
        size_t len = 0;
        diag d;
        int fd = open(fifo, O_WRONLY);
        if (fd >= 0 && !file_read_all(good, &bytes, &len, &d)) (void)!write(fd, bytes, len);
        _exit(0);
    }
    aj_array *a = NULL;
    EXPECT_EQ_INT(aj_array_load_npy(fifo, &a), AJ_ERR_IO);
    EXPECT_CONTAINS(aj_last_error(), "fifo.npy: not a regular file");
    if (!a) kill(child, SIGKILL);
    waitpid(child, NULL, 0);
    aj_array_destroy(a);
    a = NULL;
    EXPECT_EQ_INT(aj_array_load_npy("/dev/null", &a), AJ_ERR_IO);
    EXPECT_CONTAINS(aj_last_error(), "/dev/null: not a regular file");
    aj_array_destroy(a);
    dir_remove();
}

/* ---- output files ---------------------------------------------------------- */

TEST(write_replaces_a_regular_file_leaving_no_temporary) {
    for (int named = 0; named < 2; named++) {
        dir_make();
        file_set_test_hooks((file_test_hooks){.no_tmpfile = named});
        diag d;
        EXPECT_EQ_INT(write_text(in_dir("out"), "first", &d), DIAG_OK);
        EXPECT_EQ_INT(write_text(in_dir("out"), "second", &d), DIAG_OK);
        EXPECT_CONTAINS(contents(in_dir("out")), "second");
        EXPECT(strcmp(dir_listing(), "out") == 0);
        /* A missing directory: an error naming the path, and nothing made. */
        EXPECT_EQ_INT(write_text(in_dir("nowhere/out"), "x", &d), DIAG_IO);
        EXPECT_CONTAINS(d.msg, "nowhere/out");
        EXPECT(strcmp(dir_listing(), "out") == 0);
        file_set_test_hooks((file_test_hooks){0});
        dir_remove();
    }
}

/* A symlink, FIFO, device or directory at the target is an error naming
 * what it is, and stays exactly as it was (the FIFO is never opened, so
 * this does not hang). */
TEST(write_refuses_what_is_not_a_regular_file) {
    dir_make();
    diag d;
    put_text(in_dir("victim"), "old");
    EXPECT_EQ_INT(symlink("victim", in_dir("link")), 0);
    EXPECT_EQ_INT(write_text(in_dir("link"), "new", &d), DIAG_IO);
    EXPECT_CONTAINS(d.msg, "link: is a symbolic link: refusing to replace it");
    char target[64] = "";
    EXPECT(readlink(in_dir("link"), target, sizeof target - 1) == 6 && strcmp(target, "victim") == 0);
    EXPECT_CONTAINS(contents(in_dir("victim")), "old");

    EXPECT_EQ_INT(mkfifo(in_dir("fifo"), 0600), 0);
    EXPECT_EQ_INT(write_text(in_dir("fifo"), "new", &d), DIAG_IO);
    EXPECT_CONTAINS(d.msg, "fifo: is a FIFO: refusing");
    struct stat st;
    EXPECT(lstat(in_dir("fifo"), &st) == 0 && S_ISFIFO(st.st_mode));

    EXPECT_EQ_INT(mkdir(in_dir("sub"), 0700), 0);
    EXPECT_EQ_INT(write_text(in_dir("sub"), "new", &d), DIAG_IO);
    EXPECT_CONTAINS(d.msg, "sub: is a directory: refusing");
    EXPECT_EQ_INT(write_text(in_dir("sub/"), "new", &d), DIAG_IO);
    EXPECT_CONTAINS(d.msg, "sub/: names a directory");
    EXPECT(lstat(in_dir("sub"), &st) == 0 && S_ISDIR(st.st_mode));

    /* A device: one of our own where we may make one (as root), else /dev/null. */
    bool own = mknod(in_dir("null"), S_IFCHR | 0666, makedev(1, 3)) == 0;
    const char *dev = own ? in_dir("null") : "/dev/null";
    EXPECT_EQ_INT(write_text(dev, "new", &d), DIAG_IO);
    EXPECT_CONTAINS(d.msg, "is a character device: refusing");
    EXPECT(lstat(dev, &st) == 0 && S_ISCHR(st.st_mode) && st.st_rdev == makedev(1, 3));
    EXPECT(strcmp(dir_listing(), own ? "fifo link null sub victim" : "fifo link sub victim") == 0);
    dir_remove();
}

static mode_t mode_of(const char *path) {
    struct stat st;
    return lstat(path, &st) == 0 ? st.st_mode & 07777 : 0;
}

/* A replaced file keeps its permission bits whatever the umask (not its
 * set-id bits): a 0600 file stays 0600 under umask 022, a 0664 one stays
 * 0664 under 077. A new one gets 0666 less the umask. */
TEST(write_keeps_the_mode) {
    mode_t umask_was = umask(022);
    for (int named = 0; named < 2; named++) {
        dir_make();
        file_set_test_hooks((file_test_hooks){.no_tmpfile = named});
        diag d;
        put_text(in_dir("secret"), "old");
        chmod(in_dir("secret"), 0600);
        put_text(in_dir("shared"), "old");
        chmod(in_dir("shared"), 04664);
        umask(022);
        EXPECT_EQ_INT(write_text(in_dir("secret"), "new", &d), DIAG_OK);
        EXPECT_EQ_INT(mode_of(in_dir("secret")), 0600);
        EXPECT_EQ_INT(write_text(in_dir("public"), "new", &d), DIAG_OK);
        EXPECT_EQ_INT(mode_of(in_dir("public")), 0644);
        umask(077);
        EXPECT_EQ_INT(write_text(in_dir("shared"), "new", &d), DIAG_OK);
        EXPECT_EQ_INT(mode_of(in_dir("shared")), 0664);
        EXPECT_EQ_INT(write_text(in_dir("private"), "new", &d), DIAG_OK);
        EXPECT_EQ_INT(mode_of(in_dir("private")), 0600);
        EXPECT_CONTAINS(contents(in_dir("secret")), "new");
        EXPECT(strcmp(dir_listing(), "private public secret shared") == 0);
        file_set_test_hooks((file_test_hooks){0});
        dir_remove();
    }
    umask(umask_was);
}

/* A symlink planted where the temporary used to go (PATH.tmp.PID) is not
 * followed: the file it points to keeps its contents. */
TEST(write_does_not_follow_a_planted_temporary) {
    dir_make();
    file_set_test_hooks((file_test_hooks){.no_tmpfile = 1});
    char planted[64];
    snprintf(planted, sizeof planted, "out.tmp.%ld", (long)getpid());
    put_text(in_dir("victim"), "old");
    EXPECT_EQ_INT(symlink("victim", in_dir(planted)), 0);
    diag d;
    EXPECT_EQ_INT(write_text(in_dir("out"), "new", &d), DIAG_OK);
    EXPECT_CONTAINS(contents(in_dir("victim")), "old");
    EXPECT_CONTAINS(contents(in_dir("out")), "new");
    struct stat st;
    EXPECT(lstat(in_dir("out"), &st) == 0 && S_ISREG(st.st_mode));
    EXPECT(lstat(in_dir(planted), &st) == 0 && S_ISLNK(st.st_mode));
    file_set_test_hooks((file_test_hooks){0});
    dir_remove();
}

static int placing_signal;
static void raise_placing_signal(void) { raise(placing_signal); }

/* Writes in a child that receives sig once its data is written, just before
 * the file is put in place; returns the signal the child died of. */
static int write_killed_by(int sig, int named, const char *path) {
    pid_t child = fork();
    if (child == 0) {
        placing_signal = sig;
        file_set_test_hooks((file_test_hooks){.no_tmpfile = named, .placing = raise_placing_signal});
        diag d;
        write_text(path, "new", &d);
        _exit(0);
    }
    int status = 0;
    waitpid(child, &status, 0);
    return WIFSIGNALED(status) ? WTERMSIG(status) : 0;
}

/* SIGTERM and SIGINT mid-write, either temporary: the handler removes it,
 * and the process still dies of the signal. */
TEST(write_leaves_nothing_on_sigterm) {
    int sigs[2] = {SIGTERM, SIGINT};
    for (int named = 0; named < 2; named++)
        for (int s = 0; s < 2; s++) {
            dir_make();
            put_text(in_dir("out"), "old");
            EXPECT_EQ_INT(write_killed_by(sigs[s], named, in_dir("out")), sigs[s]);
            EXPECT_EQ_INT(write_killed_by(sigs[s], named, in_dir("fresh")), sigs[s]);
            EXPECT(strcmp(dir_listing(), "out") == 0);
            EXPECT_CONTAINS(contents(in_dir("out")), "old");
            dir_remove();
        }
}

/* kill -9 cannot be handled: only O_TMPFILE (no name until complete)
 * leaves nothing. Skipped, saying so, where /tmp has no O_TMPFILE. */
TEST(write_leaves_nothing_on_kill_9_with_o_tmpfile) {
    dir_make();
    int probe = open(dir, O_TMPFILE | O_WRONLY, 0600);
    if (probe < 0) {
        fprintf(stderr, "SKIP kill -9: no O_TMPFILE in %s (%s)\n", dir, strerror(errno));
        dir_remove();
        return;
    }
    close(probe);
    put_text(in_dir("out"), "old");
    EXPECT_EQ_INT(write_killed_by(SIGKILL, 0, in_dir("out")), SIGKILL);
    EXPECT_EQ_INT(write_killed_by(SIGKILL, 0, in_dir("fresh")), SIGKILL);
    EXPECT(strcmp(dir_listing(), "out") == 0);
    EXPECT_CONTAINS(contents(in_dir("out")), "old");
    dir_remove();
}

int main(void) {
    RUN(npy_lying_header_allocates_nothing_of_its_claim);
    RUN(npy_refuses_fifos_and_devices);
    RUN(write_replaces_a_regular_file_leaving_no_temporary);
    RUN(write_refuses_what_is_not_a_regular_file);
    RUN(write_keeps_the_mode);
    RUN(write_does_not_follow_a_planted_temporary);
    RUN(write_leaves_nothing_on_sigterm);
    RUN(write_leaves_nothing_on_kill_9_with_o_tmpfile);
    return TESTS_DONE();
}
