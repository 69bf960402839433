/* grad.c: reverse-mode differentiation (src/autodiff) behind the public API. */
#include "api.h"
#include "../autodiff/autodiff.h"

typedef int (*ad_transform)(ir_module *m, const char *func, int nwrt, const int *wrt, const char *new_name,
                            diag *d);

static aj_status apply(ad_transform t, aj_module *m, const char *func, int nwrt, const int *wrt,
                       const char *new_name) {
    if (!m) return api_fail(AJ_ERR_INVALID, "no module");
    diag d = {0};
    return t(m->ir, func, nwrt, wrt, new_name, &d) ? api_fail_diag(&d) : AJ_OK;
}

aj_status aj_vjp(aj_module *m, const char *func, int nwrt, const int *wrt, const char *new_name) {
    return apply(ad_vjp, m, func, nwrt, wrt, new_name);
}

aj_status aj_grad(aj_module *m, const char *func, int nwrt, const int *wrt, const char *new_name) {
    return apply(ad_grad, m, func, nwrt, wrt, new_name);
}

aj_status aj_value_and_grad(aj_module *m, const char *func, int nwrt, const int *wrt, const char *new_name) {
    return apply(ad_value_and_grad, m, func, nwrt, wrt, new_name);
}
