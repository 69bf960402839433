/* libFuzzer harness for the StableHLO front end: parse, verify and print
 * any input. Build and run as the README shows (Fuzzing); seed with the public suite. */
#include <stdint.h>
#include <stdio.h>

#include "front/front.h"
#include "ir/ir.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static FILE *sink;
    if (!sink) sink = fopen("/dev/null", "w");
    ir_module **mods;
    int nmods;
    diag d = {0};
    if (front_parse("fuzz.mlir", (const char *)data, size, &mods, &nmods, &d) == DIAG_OK) {
        for (int i = 0; i < nmods; i++)
            if (ir_verify_module(mods[i], &d) == DIAG_OK && sink) ir_print_module(sink, mods[i]);
        front_free_modules(mods, nmods);
    }
    return 0;
}
