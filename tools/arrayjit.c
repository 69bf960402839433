/* arrayjit CLI (being written; see include/arrayjit.h). */
#include <stdio.h>
int main(void) { fprintf(stderr, "arrayjit: not built yet\n"); return 1; }
