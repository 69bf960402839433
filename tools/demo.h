/* demo.h: `arrayjit demo` (tools/demo.c). */
#ifndef DEMO_H
#define DEMO_H
/* Runs the demo with the arguments after "demo"; returns the exit status. */
int demo_main(int argc, char **argv);
#endif
