"""What the program-test generators share: a JAX function's export as
private functions named after its case (tests/programs/fft.py,
tests/programs/custom_calls/export_lapack.py), and the @main that checks
each case against jax.jit (exact_program)."""
import re

import jax
import numpy as np


def export(name, f, args):
    """jax.jit(f).lower(*args).as_text()'s functions, @main renamed @name
    and the others @name_<function>, all private."""
    text = jax.jit(f).lower(*args).as_text()
    body = text[text.index("\n", text.index("module")) + 1:text.rindex("}")]
    names = set(re.findall(r"func\.func (?:public|private) @([\w.$]+)", body))
    for n in sorted(names, key=len, reverse=True):
        new = name if n == "main" else name + "_" + n
        body = re.sub(r"@%s\b" % re.escape(n), "@" + new, body)
    body = body.replace("func.func public", "func.func private")
    return body.strip("\n") + "\n"


def f32_literal(x):
    """An f32 array as a dense<...> literal of exact decimal floats."""
    def rec(a):
        return repr(float(a)) if a.ndim == 0 else "[" + ", ".join(rec(r) for r in a) + "]"
    return "dense<" + rec(np.asarray(x)) + ">"


def f32_type(x):
    return "tensor<" + "".join("%dx" % d for d in x.shape) + "f32>"


def checked_call(name, args, wants, literal, mlir_type):
    """@main's lines for one case: each argument a constant, the call of
    @name, and check.expect_eq_const of each result against its expected
    value (wants), in the text literal and mlir_type give."""
    lines, names = [], []
    for i, a in enumerate(args):
        lines.append("  %%%s_%d = stablehlo.constant %s : %s" % (name, i, literal(a), mlir_type(a)))
        names.append("%%%s_%d" % (name, i))
    results = ["%%%s_r" % name] if len(wants) == 1 else ["%%%s_r%d" % (name, j) for j in range(len(wants))]
    rtypes = ", ".join(mlir_type(w) for w in wants)
    lines.append("  %s = func.call @%s(%s) : (%s) -> %s" % (
        ", ".join(results), name, ", ".join(names), ", ".join(mlir_type(a) for a in args),
        rtypes if len(wants) == 1 else "(" + rtypes + ")"))
    for r, w in zip(results, wants):
        lines.append("  check.expect_eq_const %s, %s : %s" % (r, literal(w), mlir_type(w)))
    return lines


def exact_program(cases, comment, literal=f32_literal, mlir_type=f32_type):
    """The text of a program test: `comment` (lines), then @main checking
    each case (name, f, args) against jax.jit(f)(*args), then the cases'
    exports."""
    main, funcs = [], []
    for name, f, args in cases:
        got = jax.jit(f)(*args)
        wants = [np.asarray(w) for w in (got if isinstance(got, tuple) else (got,))]
        main += checked_call(name, args, wants, literal, mlir_type)
        funcs.append(export(name, f, args))
    head = "".join("// %s\n" % line for line in comment)
    return head + "func.func @main() {\n" + "\n".join(main) + "\n  func.return\n}\n" + "".join(funcs)
