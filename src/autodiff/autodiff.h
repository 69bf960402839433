/* autodiff: reverse-mode differentiation as an IR-to-IR transform.
 *
 * Each transform adds a NEW ordinary function to the module, built from a
 * clone of the primal `func` (so forward ops keep their op->checkpoint
 * marks), with its calls inlined, followed by the backward pass: the ops the
 * transform makes, every one marked op->backward = true. The new function
 * verifies, compiles and can be differentiated again.
 *
 * wrt: nwrt parameter indices of func to differentiate with respect to, in
 * the order their cotangents are returned (no repeats; each of a float
 * type); nwrt = 0 means every float parameter, in order (there must be one).
 *
 *  ad_vjp: params = func's params, then one cotangent per result of func
 *          (of the result's type; the cotangent of a non-float result is
 *          read by nothing). Results = func's results, then the cotangent of
 *          each wrt parameter.
 *  ad_grad: func returns one float scalar; results = its gradient with
 *          respect to each wrt parameter.
 *  ad_value_and_grad: results = func's value, then ad_grad's results.
 *
 * Only paths from a wrt parameter to a result are differentiated; a wrt
 * parameter with no such path gets zeros. The new function is cleaned with
 * DCE, so forward values the requested results do not need go away.
 * Returns DIAG_OK; DIAG_INVALID (no such function, new_name taken, bad wrt,
 * grad of a function that does not return one float scalar);
 * DIAG_UNSUPPORTED (an op on a differentiated path without a rule, named
 * with its location); DIAG_NOMEM. On failure the module is unchanged. */
#ifndef AUTODIFF_H
#define AUTODIFF_H
#include "../ir/ir.h"

int ad_vjp(ir_module *m, const char *func, int nwrt, const int *wrt, const char *new_name, diag *d);
int ad_grad(ir_module *m, const char *func, int nwrt, const int *wrt, const char *new_name, diag *d);
int ad_value_and_grad(ir_module *m, const char *func, int nwrt, const int *wrt, const char *new_name,
                      diag *d);
#endif
