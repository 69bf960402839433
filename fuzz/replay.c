/* A plain main for a libFuzzer harness: feeds it every file named on the
 * command line, or every regular file of a directory named there, once
 * each, as libFuzzer replays a crash input. Any compiler builds it, so every
 * build replays the regression inputs (tests/fuzz_regressions) and the seed
 * programs; a crash, sanitizer report or leak ends the process. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The file's bytes through the harness (malloc: not the library's
 * allocator, whose live bytes the harness checks); 0, or -1 if unreadable. */
static int replay_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    long len = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    uint8_t *buf = len >= 0 && fseek(f, 0, SEEK_SET) == 0 ? malloc((size_t)len + 1) : NULL;
    int ok = buf && fread(buf, 1, (size_t)len, f) == (size_t)len;
    fclose(f);
    if (ok) LLVMFuzzerTestOneInput(buf, (size_t)len);
    free(buf);
    return ok ? 0 : -1;
}

/* Replays path (a file, or a directory's regular files); counts in *n. */
static int replay_path(const char *path, int *n) {
    struct stat st;
    if (stat(path, &st) != 0) return -1;
    if (!S_ISDIR(st.st_mode)) return (*n)++, replay_file(path);
    DIR *d = opendir(path);
    if (!d) return -1;
    int rc = 0;
    for (struct dirent *e; rc == 0 && (e = readdir(d));) {
        size_t len = strlen(path) + strlen(e->d_name) + 2;
        char *child = malloc(len);
        if (!child) { rc = -1; break; }
        snprintf(child, len, "%s/%s", path, e->d_name);
        if (stat(child, &st) == 0 && S_ISREG(st.st_mode)) rc = ((*n)++, replay_file(child));
        free(child);
    }
    closedir(d);
    return rc;
}

int main(int argc, char **argv) {
    int n = 0;
    for (int i = 1; i < argc; i++)
        if (replay_path(argv[i], &n)) {
            fprintf(stderr, "%s: cannot read %s\n", argv[0], argv[i]);
            return 1;
        }
    printf("replayed %d inputs\n", n);
    return 0;
}
