"""pytest setup for the Python package's tests (tests/python).

Compiled code goes to a disk cache of the tests' own: $ARRAYJIT_TEST_CACHE_HOME
(tests/python/run.sh points it into the build tree) or a fresh temporary
folder, never the user's ~/.cache. The arrayjit imported is whichever is on
sys.path: the installed package, or python/ with ARRAYJIT_LIBRARY naming a
built libarrayjit.so (as run.sh does for the source tree)."""
import os
import shutil
import tempfile

import pytest

_cache = os.environ.get("ARRAYJIT_TEST_CACHE_HOME") or tempfile.mkdtemp(prefix="arrayjit-pytest-")
os.environ["XDG_CACHE_HOME"] = _cache
os.environ.setdefault("ARRAYJIT_NO_PROGRESS", "1")

import arrayjit  # noqa: E402  (after XDG_CACHE_HOME)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def find_cli():
    """The arrayjit CLI: $ARRAYJIT_CLI, the package's own, or build/arrayjit; else None."""
    for p in (os.environ.get("ARRAYJIT_CLI"), arrayjit.cli_path(),
              os.path.join(ROOT, "build", "arrayjit")):
        if p and os.access(p, os.X_OK):
            return p
    return None


@pytest.fixture
def cli():
    p = find_cli()
    if p is None:
        pytest.skip("no arrayjit CLI built (set ARRAYJIT_CLI, or build build/arrayjit)")
    return p


def pytest_report_header(config):
    return [f"arrayjit: {arrayjit.__file__}", f"libarrayjit: {arrayjit.library_path}",
            f"arrayjit CLI: {find_cli()}", f"XDG_CACHE_HOME: {_cache}"]
