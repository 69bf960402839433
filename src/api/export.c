/* export.c: aj_export_c, the public face of src/aot. */
#include "api.h"
#include "../aot/aot.h"

aj_status aj_export_c(aj_module *m, const char *func, const aj_compile_options *opts, const char *dir,
                      const aj_export_options *x) {
    static const aj_compile_options no_options;
    static const aj_export_options defaults;
    if (!dir) return api_fail(AJ_ERR_INVALID, "aj_export_c: no directory");
    if (!x) x = &defaults;
    ir_func *f = api_find_func(m, func);
    if (!f) return AJ_ERR_INVALID;
    compile_options co;
    api_compile_options(opts ? opts : &no_options, &co);
    co.codegen.no_blas = x->no_blas;
    diag d = {0};
    compiled *c = NULL;
    aot_options ao = {x->name ? x->name : "model", x->with_main};
    int rc = compile_func(m->ir, f, &co, &c, &d);
    if (!rc) rc = aot_export(c, &co, dir, &ao, &d);
    compiled_free(c);
    return rc ? api_fail_diag(&d) : AJ_OK;
}
