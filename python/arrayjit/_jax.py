"""JAX functions compiled by arrayjit: jit, grad and value_and_grad.

JAX is imported only when a function is first called (it is an optional
dependency: pip install 'arrayjit[jax]'). Each call signature (the inputs'
pytree structure, shapes and dtypes, and the static arguments) is traced
once with jax.jit(...).lower(...) to StableHLO text, compiled by arrayjit
and kept; later calls with that signature run the executable directly.
"""
import functools
import threading

import numpy as np

from . import _core


def _jax():
    try:
        import jax
    except ImportError as e:
        raise ImportError("arrayjit.jit, grad and value_and_grad trace functions with JAX, "
                          "which is not installed: pip install 'arrayjit[jax]' (or jax)") from e
    return jax


def _argnums(x):
    if x is None:
        return ()
    if isinstance(x, int):
        return (x,)
    return tuple(int(i) for i in x)


def _leaf_signature(leaf):
    dtype = getattr(leaf, "dtype", None)
    return (tuple(np.shape(leaf)), str(dtype) if dtype is not None else type(leaf).__name__,
            bool(getattr(leaf, "weak_type", False)))


def _static_key(v):
    try:
        hash(v)
    except TypeError:
        raise TypeError(f"arrayjit.jit: a static argument must be hashable, got {type(v).__name__}") from None
    return (type(v), v)


class _Entry:
    __slots__ = ("executable", "unflatten")

    def __init__(self, executable, unflatten):
        self.executable = executable
        self.unflatten = unflatten


class Jitted:
    """A JAX function compiled by arrayjit per call signature (see jit).
    Calling it returns NumPy arrays in the function's output structure."""

    def __init__(self, fn, *, donate_argnums=(), static_argnums=(), static_argnames=(),
                 kind=None, argnums=0, progress=None, **options):
        if "donate" in options:
            raise TypeError("arrayjit.jit: say donate_argnums=, not donate=")
        _core.make_options(**options)   # unknown options fail now, not at the first call
        self._fn = fn
        self._donate = _argnums(donate_argnums)
        self._static = _argnums(static_argnums)
        self._static_names = ((static_argnames,) if isinstance(static_argnames, str)
                              else tuple(static_argnames or ()))
        self._kind = kind
        self._argnums = argnums
        self._options = options
        self._progress = progress
        self._cache = {}
        self._lock = threading.Lock()
        self._last = None
        self.trace_count = 0
        functools.update_wrapper(self, fn)

    # The signature of a call: its cache key and its flat inputs.
    def _split(self, args, kwargs):
        jax = _jax()
        n = len(args)
        static = tuple(sorted({i % n if n else i for i in self._static}))
        for i in static:
            if not 0 <= i < n:
                raise TypeError(f"arrayjit.jit: static_argnums {i} but only {n} positional arguments")
        dyn_pos = [i for i in range(n) if i not in static]
        per_arg = {i: jax.tree_util.tree_flatten(args[i]) for i in dyn_pos}
        dyn_kwargs = {k: v for k, v in kwargs.items() if k not in self._static_names}
        kw_leaves, kw_tree = jax.tree_util.tree_flatten(dyn_kwargs)
        leaves = [leaf for i in dyn_pos for leaf in per_arg[i][0]] + kw_leaves
        key = (n, tuple((i, _static_key(args[i])) for i in static),
               tuple(sorted((k, _static_key(v)) for k, v in kwargs.items() if k in self._static_names)),
               tuple(per_arg[i][1] for i in dyn_pos), kw_tree,
               tuple(_leaf_signature(leaf) for leaf in leaves))
        return key, leaves, dyn_pos, per_arg

    def _build(self, args, kwargs, dyn_pos, per_arg, nleaves):
        jax = _jax()
        lowered = jax.jit(self._fn, static_argnums=self._static, static_argnames=self._static_names,
                          keep_unused=True).lower(*args, **kwargs)
        text = lowered.as_text()
        name = getattr(self._fn, "__name__", "fn")
        module = _core._Module(text, filename=f"<jax:{name}>")
        params, _ = module.signature("main")
        if len(params) != nleaves:
            raise _core.Error(2, f"arrayjit.jit: the StableHLO of {name} takes {len(params)} "
                                 f"arguments for {nleaves} input leaves")
        # Flat leaf indices of each positional argument.
        spans, at = {}, 0
        for i in dyn_pos:
            k = len(per_arg[i][0])
            spans[i] = range(at, at + k)
            at += k
        n = len(args)

        def leaves_of(argnums, what):
            idx = []
            for a in argnums:
                a = a % n if n else a
                if a not in spans:
                    raise ValueError(f"arrayjit: {what} {a} is not a dynamic positional argument")
                idx.extend(spans[a])
            return idx

        donate = [i for i in leaves_of(self._donate, "donate_argnums") if i < 64]
        opts = _core.make_options(donate=donate, **self._options)
        func = "main"
        if self._kind is None:
            out_tree = lowered.out_tree
            unflatten = lambda outs: jax.tree_util.tree_unflatten(out_tree, outs)
        else:
            single = isinstance(self._argnums, int)
            argnums = _argnums(self._argnums)
            wrt = leaves_of(argnums, "argnums")
            func = module.transform("main", self._kind, wrt)
            trees = [per_arg[a % n][1] for a in argnums]
            counts = [len(per_arg[a % n][0]) for a in argnums]

            def unflatten_grads(flat):
                grads, at = [], 0
                for tree, k in zip(trees, counts):
                    grads.append(jax.tree_util.tree_unflatten(tree, flat[at:at + k]))
                    at += k
                return grads[0] if single else tuple(grads)

            if self._kind == "grad":
                unflatten = unflatten_grads
            else:
                unflatten = lambda outs: (outs[0], unflatten_grads(outs[1:]))
        exe = _core.Executable(module, func, opts, source_func=name, progress=self._progress)
        return _Entry(exe, unflatten)

    def _entry(self, args, kwargs):
        key, leaves, dyn_pos, per_arg = self._split(args, kwargs)
        entry = self._cache.get(key)
        if entry is None:
            with self._lock:
                entry = self._cache.get(key)
                if entry is None:
                    entry = self._build(args, kwargs, dyn_pos, per_arg, len(leaves))
                    self._cache[key] = entry
                    self.trace_count += 1
        self._last = entry
        return entry, leaves

    def __call__(self, *args, **kwargs):
        entry, leaves = self._entry(args, kwargs)
        return entry.unflatten(entry.executable.run(*leaves))

    def lower(self, *args, **kwargs):
        """The Executable for these arguments' signature (traced and compiled
        if new), with .memory(), .memory_svg(path), .residuals(), .text."""
        return self._entry(args, kwargs)[0].executable

    def _executable(self, args, kwargs):
        if args or kwargs:
            return self.lower(*args, **kwargs)
        if self._last is None:
            raise _core.Error(1, "arrayjit: no call yet; give the arguments whose executable to describe")
        return self._last.executable

    def memory(self, *args, **kwargs):
        """The memory analysis of the executable for these arguments (none: the last one called)."""
        return self._executable(args, kwargs).memory()

    def residuals(self, *args, **kwargs):
        """The saved-residuals report of the executable for these arguments (none: the last)."""
        return self._executable(args, kwargs).residuals()

    def memory_svg(self, path, *args, **kwargs):
        """The memory picture of the executable for these arguments (none: the last) into path."""
        return self._executable(args, kwargs).memory_svg(path)

    def clear(self):
        """Forgets every signature's executable."""
        with self._lock:
            self._cache.clear()
            self._last = None


def jit(fn=None, *, donate_argnums=(), static_argnums=(), static_argnames=(), progress=None,
        **options):
    """jax.jit with arrayjit as the compiler: fn (a JAX-traceable function)
    is lowered to StableHLO once per input signature, compiled by arrayjit
    with the options (as for arrayjit.compile: strict_order, threads,
    memory_budget, ...) and run on NumPy or JAX arrays; it returns NumPy
    arrays in fn's output structure. donate_argnums: positional arguments
    whose buffers the outputs may reuse (their contents are unspecified
    after the call). Usable as @jit or @jit(...)."""
    if fn is None:
        return lambda f: jit(f, donate_argnums=donate_argnums, static_argnums=static_argnums,
                             static_argnames=static_argnames, progress=progress, **options)
    return Jitted(fn, donate_argnums=donate_argnums, static_argnums=static_argnums,
                  static_argnames=static_argnames, progress=progress, **options)


def grad(fn, argnums=0, *, static_argnums=(), memory_budget=None, progress=None, **options):
    """The gradient of fn (a JAX function returning one float scalar) with
    respect to the positional arguments argnums, by arrayjit's own reverse
    mode on fn's StableHLO (not jax.grad). memory_budget (bytes or "64M"):
    the backward pass recomputes activations to keep the peak under it."""
    if memory_budget is not None:
        options["memory_budget"] = memory_budget
    return Jitted(fn, static_argnums=static_argnums, kind="grad", argnums=argnums,
                  progress=progress, **options)


def value_and_grad(fn, argnums=0, *, static_argnums=(), memory_budget=None, progress=None,
                   **options):
    """As grad, returning (fn's value, the gradient)."""
    if memory_budget is not None:
        options["memory_budget"] = memory_budget
    return Jitted(fn, static_argnums=static_argnums, kind="value_and_grad", argnums=argnums,
                  progress=progress, **options)
