/* Runs the worked example from include/arrayjit.h. */
#include <stdio.h>

int example(void);

int main(void) {
    int rc = example();
    if (rc) fprintf(stderr, "example failed\n");
    return rc;
}
