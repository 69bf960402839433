"""The README's "Python" section: each example (an indented block that
imports arrayjit) runs, and each print(...) prints what its trailing comment
says."""
import contextlib
import io
import os
import re
import textwrap

import pytest

README = os.path.join(os.path.dirname(__file__), "..", "..", "README.md")


def examples():
    text = open(README, encoding="utf-8").read()
    m = re.search(r"^## Python\n(.*?)(?=^## )", text, re.S | re.M)
    assert m, "README.md has no '## Python' section"
    blocks, cur = [], []
    for line in m.group(1).splitlines():
        if line.startswith("    ") or (cur and not line.strip()):
            cur.append(line)
        else:
            if cur:
                blocks.append(textwrap.dedent("\n".join(cur)).strip("\n") + "\n")
            cur = []
    if cur:
        blocks.append(textwrap.dedent("\n".join(cur)).strip("\n") + "\n")
    return [b for b in blocks if "import" in b and "arrayjit" in b.split("\n")[0]]


def expected_output(code):
    want = []
    for line in code.splitlines():
        if line.lstrip().startswith("print(") and "  # " in line:
            want.append(line.rsplit("  # ", 1)[1].strip())
    return want


EXAMPLES = examples()


def test_there_are_examples():
    assert len(EXAMPLES) >= 2


@pytest.mark.parametrize("code", EXAMPLES, ids=[f"example{i}" for i in range(len(EXAMPLES))])
def test_readme_example(code):
    if "import jax" in code:
        pytest.importorskip("jax")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {"__name__": "__readme__"})
    want = expected_output(code)
    assert want, "an example should say what it prints"
    assert out.getvalue().splitlines() == want
