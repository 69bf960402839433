"""The `arrayjit` command (a console script): runs the CLI built into the package."""
import os
import sys

from ._core import cli_path


def main():
    path = cli_path()
    if path is None:
        sys.exit("arrayjit: this installation has no command-line tool "
                 "(build it with cmake: build/arrayjit)")
    os.execv(path, [path] + sys.argv[1:])
