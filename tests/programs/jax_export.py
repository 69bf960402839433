"""What the program-test generators share: a JAX function's export as
private functions named after its case (tests/programs/fft.py,
tests/programs/custom_calls/export_lapack.py)."""
import re

import jax


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
