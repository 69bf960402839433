/* front: the StableHLO text front end.
 *
 * Accepts the pretty form that jax.jit(f).lower(...).as_text() prints and
 * the generic form ("stablehlo.op"(...) <{...}> ({...}) : (...) -> ...),
 * for tier-1 programs. Knows the IR and nothing later. */
#ifndef FRONT_H
#define FRONT_H
#include <stddef.h>

#include "../ir/ir.h"

/* Parses text (len bytes, need not be NUL-terminated) into modules, one per
 * `// -----` chunk (one in all when there is no separator). `file` names the
 * text in locations. On success *mods is an array of *nmods modules the
 * caller frees with front_free_modules. On failure nothing is returned and
 * d holds "file:line:col: what was expected"; the code is DIAG_UNSUPPORTED
 * when the text is valid but uses a feature outside the supported tiers (the
 * message names it: "op stablehlo.while", "element type bf16"), DIAG_INVALID
 * for malformed text or an unknown op (named), DIAG_NOMEM.
 * Parsing does not verify; call ir_verify_module after. */
int front_parse(const char *file, const char *text, size_t len,
                ir_module ***mods, int *nmods, diag *d);
void front_free_modules(ir_module **mods, int nmods);
#endif
