/* module.c: modules from text or built in C; verification, printing and
 * signatures. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "api.h"
#include "../front/front.h"
#include "../util/file.h"
#include "../util/mem.h"

size_t aj_dtype_size(aj_dtype dtype) {
    return (unsigned)dtype < AJ_DTYPE_COUNT ? ir_dtype_size((ir_dtype)dtype) : 0;
}

const char *aj_dtype_name(aj_dtype dtype) {
    return (unsigned)dtype < AJ_DTYPE_COUNT ? ir_dtype_name((ir_dtype)dtype) : "?";
}

aj_status api_type_from(aj_dtype dtype, int rank, const int64_t *dims, ir_type *t) {
    if ((unsigned)dtype >= AJ_DTYPE_COUNT) return api_fail(AJ_ERR_INVALID, "unknown dtype %d", (int)dtype);
    if (rank < 0 || rank > AJ_MAX_RANK)
        return api_fail(AJ_ERR_INVALID, "rank %d outside 0..%d", rank, AJ_MAX_RANK);
    if (rank > 0 && !dims) return api_fail(AJ_ERR_INVALID, "rank %d with no dims", rank);
    int64_t numel = 1;
    for (int i = 0; i < rank; i++) {
        if (dims[i] < 0 || (dims[i] > 0 && numel > (INT64_C(1) << 40) / dims[i]))
            return api_fail(AJ_ERR_INVALID, "dimension %d: size %lld is negative or too large",
                            i, (long long)dims[i]);
        numel *= dims[i];
    }
    *t = ir_type_make((ir_dtype)dtype, rank, dims);
    return AJ_OK;
}

ir_func *api_find_func(aj_module *m, const char *name) {
    ir_func *f = name ? ir_module_find(m->ir, name) : ir_module_entry(m->ir);
    if (!f) api_fail(AJ_ERR_INVALID, "no function '%s' in the module", name ? name : "main");
    return f;
}

aj_status aj_module_create(aj_module **out) {
    aj_module *m = mem_calloc(1, sizeof *m);
    if (!m || !(m->ir = ir_module_new())) {
        mem_free(m);
        return api_nomem();
    }
    *out = m;
    return AJ_OK;
}

void aj_module_destroy(aj_module *m) {
    if (!m) return;
    ir_module_free(m->ir);
    mem_free(m);
}

aj_status aj_module_verify(aj_module *m) {
    diag d = {0};
    if (ir_verify_module(m->ir, &d)) return api_fail_diag(&d);
    return AJ_OK;
}

/* Parse and verification errors quote their source line, with a caret. */
aj_status aj_module_parse(const char *text, size_t len, const char *filename, aj_module **out) {
    diag d = {0};
    ir_module **mods;
    int nmods;
    const char *file = filename ? filename : "<input>";
    if (front_parse(file, text, len, &mods, &nmods, &d)) {
        diag_quote_source(&d, file, text, len);
        return api_fail_diag(&d);
    }
    if (nmods != 1) {
        front_free_modules(mods, nmods);
        return api_fail(AJ_ERR_INVALID, "%s: expected one module, found %d `// -----` chunks",
                        filename ? filename : "<input>", nmods);
    }
    aj_module *m = mem_calloc(1, sizeof *m);
    if (!m) {
        front_free_modules(mods, nmods);
        return api_nomem();
    }
    m->ir = mods[0];
    mem_free(mods);
    if (ir_verify_module(m->ir, &d)) {
        aj_module_destroy(m);
        diag_quote_source(&d, file, text, len);
        return api_fail_diag(&d);
    }
    *out = m;
    return AJ_OK;
}

aj_status aj_module_load(const char *path, aj_module **out) {
    char *text;
    size_t len;
    diag d = {0};
    if (file_read_all(path, &text, &len, &d)) return api_fail_diag(&d);
    aj_status st = aj_module_parse(text, len, path, out);
    mem_free(text);
    return st;
}

aj_status aj_module_print(aj_module *m, FILE *out) {
    ir_print_module(out, m->ir);
    if (ferror(out)) return api_fail(AJ_ERR_IO, "writing the module failed: %s", strerror(errno));
    return AJ_OK;
}

aj_status aj_module_signature(aj_module *m, const char *func, int *nparams, int *nresults) {
    ir_func *f = api_find_func(m, func);
    if (!f) return AJ_ERR_INVALID;
    *nparams = f->body->nargs;
    *nresults = f->nresults;
    return AJ_OK;
}

/* Function func's parameter or result i, or NULL after reporting. */
static ir_func *func_with_arg(aj_module *m, const char *func, int is_result, int i) {
    ir_func *f = api_find_func(m, func);
    if (!f) return NULL;
    int n = is_result ? f->nresults : f->body->nargs;
    if (i >= 0 && i < n) return f;
    api_fail(AJ_ERR_INVALID, "%s %d of '%s' does not exist (it has %d)", is_result ? "result" : "parameter", i,
             f->name, n);
    return NULL;
}

aj_status aj_module_arg_complex(aj_module *m, const char *func, int is_result, int i, int *is_complex) {
    ir_func *f = func_with_arg(m, func, is_result, i);
    if (!f) return AJ_ERR_INVALID;
    uint64_t mask = is_result ? f->complex_results : f->complex_params;
    *is_complex = i < 64 && (mask >> i & 1);
    return AJ_OK;
}

aj_status aj_module_arg_type(aj_module *m, const char *func, int is_result, int i,
                             aj_dtype *dtype, int *rank, int64_t *dims) {
    ir_func *f = func_with_arg(m, func, is_result, i);
    if (!f) return AJ_ERR_INVALID;
    const ir_type *t = is_result ? &f->result_types[i] : &f->values[f->body->args[i]].type;
    *dtype = (aj_dtype)t->dtype;
    *rank = t->rank;
    memcpy(dims, t->dims, (size_t)t->rank * sizeof(int64_t));
    return AJ_OK;
}
