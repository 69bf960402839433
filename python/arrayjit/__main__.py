"""python -m arrayjit ARGS...: the arrayjit command-line tool installed with the package."""
from ._cli import main

main()
