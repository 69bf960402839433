"""arrayjit: a memory-frugal JIT compiler for array programs, from Python.

    import numpy as np, arrayjit
    f = arrayjit.compile(open("prog.mlir").read())   # StableHLO text or a path
    y = f(np.ones((2, 3), np.float32))               # NumPy in, NumPy out
    f.memory()["peak_bytes"]                         # known before it runs

    step = arrayjit.jit(jax_step, donate_argnums=(0,))  # JAX functions (jax optional)

A binding (ctypes) over libarrayjit.so's C API, include/arrayjit.h.
"""
from ._core import (Error, Executable, ArgSpec, compile, evaluate, clear_caches,
                    allocator_stats, reset_peak, trim, dtype_to_numpy, parse_bytes,
                    library_path, cli_path)
from ._jax import Jitted, jit, grad, value_and_grad

__version__ = "0.1.0"

__all__ = [
    "Error", "Executable", "ArgSpec", "Jitted", "compile", "evaluate", "jit", "grad",
    "value_and_grad", "clear_caches", "allocator_stats", "reset_peak", "trim",
    "dtype_to_numpy", "parse_bytes", "library_path", "cli_path", "__version__",
]
