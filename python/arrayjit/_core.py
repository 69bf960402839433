"""Programs, compiled executables, arrays and errors over the C API."""
import ctypes
import os
import sys
import tempfile
import threading
import time

import numpy as np

from . import _capi as C
from ._capi import lib

__all__ = [
    "Error", "Executable", "compile", "evaluate", "clear_caches", "allocator_stats",
    "reset_peak", "trim", "dtype_to_numpy", "library_path", "cli_path",
]

library_path = C.library_path


# ---- errors ---------------------------------------------------------------------------

class Error(Exception):
    """A failing arrayjit call: .status (an aj_status, e.g. 1), .status_name
    ("AJ_ERR_INVALID") and .message, aj_last_error()'s text, which names what
    went wrong and where (file:line:col and the quoted source line for bad
    program text)."""

    def __init__(self, status, message):
        super().__init__(message)
        self.status = int(status)
        self.status_name = C.STATUS_NAMES.get(self.status, f"aj_status {self.status}")
        self.message = message

    def __repr__(self):
        return f"arrayjit.Error({self.status_name}, {self.message!r})"


def _last_error():
    msg = lib.aj_last_error()
    return msg.decode("utf-8", "replace") if msg else ""


def _check(status):
    if status != C.AJ_OK:
        raise Error(status, _last_error())


def _bytes(s):
    if s is None:
        return None
    if isinstance(s, bytes):
        return s
    return os.fsencode(s) if isinstance(s, os.PathLike) else str(s).encode()


# ---- element types -----------------------------------------------------------------------

try:
    import ml_dtypes as _ml_dtypes
except ImportError:  # bf16 and minifloat arrays then raise a clear error
    _ml_dtypes = None


def _ml_dtype(name):
    return np.dtype(getattr(_ml_dtypes, name)) if _ml_dtypes is not None and hasattr(_ml_dtypes, name) else None


_TO_NUMPY = {
    C.AJ_F32: np.dtype(np.float32), C.AJ_F64: np.dtype(np.float64),
    C.AJ_I32: np.dtype(np.int32), C.AJ_I64: np.dtype(np.int64),
    C.AJ_BOOL: np.dtype(np.bool_), C.AJ_F16: np.dtype(np.float16),
    C.AJ_BF16: _ml_dtype("bfloat16"), C.AJ_I8: np.dtype(np.int8), C.AJ_I16: np.dtype(np.int16),
    C.AJ_U8: np.dtype(np.uint8), C.AJ_U16: np.dtype(np.uint16),
    C.AJ_U32: np.dtype(np.uint32), C.AJ_U64: np.dtype(np.uint64),
    # sub-byte integers take a byte each (the value extended; read by its low bits)
    C.AJ_I2: np.dtype(np.int8), C.AJ_I4: np.dtype(np.int8), C.AJ_U2: np.dtype(np.uint8), C.AJ_U4: np.dtype(np.uint8),
    # the f8, f6 and f4 floats, a byte each (ml_dtypes' types)
    C.AJ_F8E5M2: _ml_dtype("float8_e5m2"), C.AJ_F8E4M3: _ml_dtype("float8_e4m3"),
    C.AJ_F8E3M4: _ml_dtype("float8_e3m4"), C.AJ_F8E4M3FN: _ml_dtype("float8_e4m3fn"),
    C.AJ_F8E4M3FNUZ: _ml_dtype("float8_e4m3fnuz"), C.AJ_F8E5M2FNUZ: _ml_dtype("float8_e5m2fnuz"),
    C.AJ_F8E4M3B11FNUZ: _ml_dtype("float8_e4m3b11fnuz"), C.AJ_F8E8M0FNU: _ml_dtype("float8_e8m0fnu"),
    C.AJ_F6E2M3FN: _ml_dtype("float6_e2m3fn"), C.AJ_F6E3M2FN: _ml_dtype("float6_e3m2fn"),
    C.AJ_F4E2M1FN: _ml_dtype("float4_e2m1fn"),
}
_ML_DTYPES = {C.AJ_BF16} | set(range(C.AJ_F8E5M2, C.AJ_F4E2M1FN + 1))


def _missing(aj_dtype):
    """Why an aj_dtype has no NumPy dtype here."""
    if aj_dtype in _ML_DTYPES:
        return (f"{lib.aj_dtype_name(aj_dtype).decode()} arrays need the ml_dtypes package for their NumPy "
                "dtype (pip install ml_dtypes; it comes with jax)")
    return f"unknown aj_dtype {aj_dtype}"


def dtype_to_numpy(aj_dtype):
    """The NumPy dtype of an aj_dtype (ml_dtypes.bfloat16 for AJ_BF16)."""
    dt = _TO_NUMPY.get(aj_dtype)
    if dt is None:
        raise Error(2 if aj_dtype in _ML_DTYPES else 1, _missing(aj_dtype))
    return dt


class ArgSpec:
    """A parameter's or result's type: .shape (a tuple), .dtype (NumPy) and
    .aj_dtype; .dtype is None for bf16, f8, f6 and f4 when ml_dtypes is missing.
    .is_complex: complex in the program, carried as its parts interleaved (f32
    or f64 with a trailing dim of 2); such a result comes back complex."""
    __slots__ = ("shape", "dtype", "aj_dtype", "name", "is_complex")

    def __init__(self, aj_dtype, shape, is_complex=False):
        self.aj_dtype = aj_dtype
        self.shape = tuple(shape)
        self.dtype = _TO_NUMPY.get(aj_dtype)
        self.name = lib.aj_dtype_name(aj_dtype).decode()
        self.is_complex = is_complex

    def __repr__(self):
        dims = "x".join(str(d) for d in self.shape)
        return f"tensor<{dims + 'x' if dims else ''}{self.name}>"

    def __eq__(self, other):
        return isinstance(other, ArgSpec) and (self.aj_dtype, self.shape) == (other.aj_dtype, other.shape)

    def __hash__(self):
        return hash((self.aj_dtype, self.shape))


# ---- modules ---------------------------------------------------------------------------

def _looks_like_text(s):
    """Program text rather than a path: a path has no newline and no brace."""
    return "\n" in s or "{" in s or len(s) > 4096


class _Module:
    """An aj_module handle, parsed from text or loaded from a file."""

    def __init__(self, source, filename=None):
        self.ptr = C.module_p()
        self.text = None
        if isinstance(source, os.PathLike) or (isinstance(source, str) and not _looks_like_text(source)):
            path = os.fspath(source)
            _check(lib.aj_module_load(_bytes(path), ctypes.byref(self.ptr)))
            self.filename = path
        else:
            text = source.encode() if isinstance(source, str) else bytes(source)
            self.text = text.decode("utf-8", "replace")
            self.filename = filename or "<string>"
            _check(lib.aj_module_parse(text, len(text), _bytes(self.filename), ctypes.byref(self.ptr)))

    def signature(self, func):
        nparams, nresults = ctypes.c_int(), ctypes.c_int()
        _check(lib.aj_module_signature(self.ptr, _bytes(func), ctypes.byref(nparams),
                                       ctypes.byref(nresults)))
        return ([self.arg_type(func, 0, i) for i in range(nparams.value)],
                [self.arg_type(func, 1, i) for i in range(nresults.value)])

    def arg_type(self, func, is_result, i):
        dt, rank = ctypes.c_int(), ctypes.c_int()
        dims = (C.c_int64 * C.AJ_MAX_RANK)()
        _check(lib.aj_module_arg_type(self.ptr, _bytes(func), is_result, i, ctypes.byref(dt),
                                      ctypes.byref(rank), dims))
        cplx = ctypes.c_int()
        _check(lib.aj_module_arg_complex(self.ptr, _bytes(func), is_result, i, ctypes.byref(cplx)))
        return ArgSpec(dt.value, dims[:rank.value], bool(cplx.value))

    def has_func(self, func):
        a, b = ctypes.c_int(), ctypes.c_int()
        return lib.aj_module_signature(self.ptr, _bytes(func), ctypes.byref(a), ctypes.byref(b)) == 0

    def fresh_name(self, base):
        name, k = base, 1
        while self.has_func(name):
            name, k = f"{base}_{k}", k + 1
        return name

    def transform(self, func, kind, wrt=None):
        """Adds func's gradient function (kind: grad, value_and_grad or vjp)
        with respect to the parameter indices wrt (None: every float
        parameter) and returns its name."""
        call = {"grad": lib.aj_grad, "value_and_grad": lib.aj_value_and_grad, "vjp": lib.aj_vjp}[kind]
        name = self.fresh_name(f"{func}_{kind}")
        wrt = [] if wrt is None else ([wrt] if isinstance(wrt, int) else list(wrt))
        arr = (ctypes.c_int * max(1, len(wrt)))(*wrt)
        _check(call(self.ptr, _bytes(func), len(wrt), arr if wrt else None, _bytes(name)))
        return name

    def print(self):
        return _capture(lambda f: lib.aj_module_print(self.ptr, f))

    def __del__(self):
        if getattr(self, "ptr", None) and lib is not None:
            lib.aj_module_destroy(self.ptr)
            self.ptr = None


def _capture(call):
    """Text a C call prints to a FILE*, through a temporary file."""
    fd, path = tempfile.mkstemp(prefix="arrayjit-", suffix=".txt")
    os.close(fd)
    try:
        f = C.libc.fopen(_bytes(path), b"w")
        if not f:
            raise Error(4, f"cannot open {path}")
        try:
            st = call(f)
        finally:
            C.libc.fclose(f)
        _check(st)
        with open(path, encoding="utf-8", errors="replace") as fh:
            return fh.read()
    finally:
        os.unlink(path)


# ---- options ---------------------------------------------------------------------------

_UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}


def parse_bytes(v):
    """A byte count: an int, or a string with an optional K, M, G suffix
    (powers of 2^10, "64M"; a trailing B or iB is allowed)."""
    if v is None:
        return 0
    if isinstance(v, (int, np.integer)):
        if v < 0:
            raise ValueError("a byte count must be >= 0")
        return int(v)
    s = str(v).strip().upper()
    for suffix in ("IB", "B"):
        if s.endswith(suffix) and len(s) > len(suffix):
            s = s[: -len(suffix)]
            break
    unit = s[-1:] if s[-1:] in _UNITS and s[-1:] else ""
    num = s[: -1] if unit else s
    try:
        return int(float(num) * _UNITS[unit])
    except ValueError:
        raise ValueError(f"not a byte count: {v!r} (say 1048576, '64M' or '2G')") from None


OPTION_NAMES = (
    "strict_order", "threads", "no_fusion", "no_folding", "no_disk_cache", "no_memory_cache",
    "cache_dir", "cc", "cflags", "donate", "strict_donation", "memory_budget_bytes",
    "memory_budget", "dump_after", "timeout_seconds",
)


def _donate_bits(donate):
    if donate is None:
        return 0
    if isinstance(donate, (int, np.integer)):
        donate = (int(donate),)
    bits = 0
    for i in donate:
        if not 0 <= int(i) < 64:
            raise ValueError(f"donate: argument index {i} outside 0..63")
        bits |= 1 << int(i)
    return bits


def make_options(**kw):
    """An aj_compile_options from keyword options (see compile)."""
    unknown = set(kw) - set(OPTION_NAMES)
    if unknown:
        raise TypeError(f"unknown arrayjit option(s): {', '.join(sorted(unknown))} "
                        f"(known: {', '.join(OPTION_NAMES)})")
    o = C.CompileOptions()
    for flag in ("strict_order", "no_fusion", "no_folding", "no_disk_cache", "no_memory_cache",
                 "strict_donation"):
        setattr(o, flag, 1 if kw.get(flag) else 0)
    o.threads = int(kw.get("threads") or 0)
    for s in ("cache_dir", "cc", "cflags", "dump_after"):
        setattr(o, s, _bytes(kw.get(s)))
    o.donate = _donate_bits(kw.get("donate"))
    budget = kw.get("memory_budget_bytes")
    if budget is None:
        budget = kw.get("memory_budget")
    o.memory_budget_bytes = parse_bytes(budget)
    o.timeout_seconds = float(kw.get("timeout_seconds") or 0.0)
    return o


# ---- arrays ----------------------------------------------------------------------------

class _Owned:
    """Owns one aj_array made by the library (an output); its buffer lives
    as long as the NumPy arrays viewing it. `keep` holds the NumPy input whose
    memory a donated output borrows."""

    def __init__(self, ptr, shape, typestr, nbytes, keep):
        self._ptr = ptr
        self._keep = keep
        data = lib.aj_array_data(ptr)
        self.__array_interface__ = {
            "shape": tuple(shape), "typestr": typestr, "data": (data, False), "version": 3,
        }

    def __del__(self):
        if self._ptr and lib is not None:
            lib.aj_array_destroy(self._ptr)
            self._ptr = None


def _to_numpy(ptr, inputs):
    """A NumPy view of an output aj_array (zero-copy), owning it."""
    aj_dt = lib.aj_array_dtype(ptr)
    rank = lib.aj_array_rank(ptr)
    dims = lib.aj_array_dims(ptr)
    shape = tuple(dims[i] for i in range(rank))
    nbytes = lib.aj_array_bytes(ptr)
    dt = _TO_NUMPY.get(aj_dt)
    if dt is None:
        lib.aj_array_destroy(ptr)
        raise Error(2, _missing(aj_dt))
    data = lib.aj_array_data(ptr)
    if nbytes == 0 or not data:
        lib.aj_array_destroy(ptr)
        return np.zeros(shape, dt)
    keep = None
    for a in inputs:   # a donated input whose buffer now holds this output
        lo = a.ctypes.data
        if lo <= data < lo + max(a.nbytes, 1):
            keep = a
            break
    raw = np.dtype(f"u{dt.itemsize}") if aj_dt in _ML_DTYPES else dt   # ml_dtypes types: their bytes
    arr = np.asarray(_Owned(ptr, shape, raw.str, nbytes, keep))
    return arr.view(dt) if raw is not dt else arr


def _wrap_inputs(args, specs, donated, fname):
    """Zero-copy aj_arrays over C-contiguous NumPy inputs (converted first
    where dtype or layout differ); returns (ctypes array of handles, the
    NumPy arrays they view)."""
    if len(args) != len(specs):
        raise Error(1, f"'{fname}' takes {len(specs)} arguments, {len(args)} given")
    handles = (C.array_p * max(1, len(args)))()
    arrays = []
    try:
        for i, (x, spec) in enumerate(zip(args, specs)):
            want = spec.dtype
            if want is None:
                raise Error(2, f"'{fname}' argument {i}: " + _missing(spec.aj_dtype))
            a = x if isinstance(x, np.ndarray) else np.asarray(x)
            if a.dtype.kind == "c" and want.kind == "f" and spec.shape == a.shape + (2,):
                # A complex parameter travels as its interleaved parts (the same bytes).
                a = np.ascontiguousarray(a, np.complex64 if want.itemsize == 4 else np.complex128)
                a = a.view(want).reshape(spec.shape)
            if a.dtype != want:
                if not np.can_cast(a.dtype, want, casting="same_kind"):
                    raise TypeError(f"arrayjit: '{fname}' argument {i}: expected {spec}, got an "
                                    f"array of dtype {a.dtype} (which does not cast to {want} "
                                    f"within its kind)")
                a = a.astype(want)
            if not (a.flags.c_contiguous and a.flags.aligned):
                a = np.ascontiguousarray(a)
            if i in donated and not a.flags.writeable:
                a = a.copy()   # a read-only buffer (a JAX array's) cannot take an output
            arrays.append(a)
            dims = (C.c_int64 * max(1, a.ndim))(*a.shape)
            h = C.array_p()
            _check(lib.aj_array_wrap(spec.aj_dtype, a.ndim, dims, ctypes.c_void_p(a.ctypes.data),
                                     ctypes.byref(h)))
            handles[i] = h
    except BaseException:
        _destroy(handles, len(arrays))
        raise
    return handles, arrays


def _destroy(handles, n):
    for i in range(n):
        if handles[i]:
            lib.aj_array_destroy(handles[i])
            handles[i] = None


def _as_complex(arr):
    """Interleaved parts (f32 or f64, a trailing dim of 2) as the complex array (a view)."""
    return arr.view(np.complex64 if arr.dtype == np.float32 else np.complex128)[..., 0]


def _outputs(out, n, arrays, specs):
    results, err = [], None
    for i in range(n):
        try:
            arr = _to_numpy(out[i], arrays)
            results.append(_as_complex(arr) if specs[i].is_complex else arr)
        except Error as e:   # the rest are still destroyed by their owners
            err = err or e
            results.append(None)
    if err:
        raise err
    return results


# ---- progress ----------------------------------------------------------------------------

class _Progress:
    """A one-line spinner on stderr while a long compile runs (terminals only)."""

    def __init__(self, what, enabled):
        if enabled is None:
            enabled = (not os.environ.get("ARRAYJIT_NO_PROGRESS")
                       and hasattr(sys.stderr, "isatty") and sys.stderr.isatty())
        self.enabled, self.what = enabled, what
        self._stop = threading.Event()
        self._thread = None
        self._shown = False

    def __enter__(self):
        if self.enabled:
            self._thread = threading.Thread(target=self._spin, daemon=True)
            self._thread.start()
        return self

    def _spin(self):
        t0 = time.monotonic()
        frames = "|/-\\"
        k = 0
        if self._stop.wait(1.0):   # short compiles show nothing
            return
        while not self._stop.is_set():
            sys.stderr.write(f"\rarrayjit: compiling {self.what} {frames[k % 4]} "
                             f"{time.monotonic() - t0:5.1f} s")
            sys.stderr.flush()
            self._shown = True
            k += 1
            self._stop.wait(0.2)

    def __exit__(self, *exc):
        if self._thread:
            self._stop.set()
            self._thread.join()
            if self._shown:
                sys.stderr.write("\r\033[K")
                sys.stderr.flush()
        return False


# ---- executables ---------------------------------------------------------------------------

_CURVE_KINDS = {"planned": C.AJ_CURVE_PLANNED, "eager": C.AJ_CURVE_EAGER,
                "measured": C.AJ_CURVE_MEASURED}


class Executable:
    """A compiled function. Call it with NumPy arrays (or anything
    np.asarray takes: JAX arrays, scalars, lists) matching its parameters;
    it returns one NumPy array for a function of one result, else a tuple.

    C-contiguous inputs of the parameter's dtype are passed without a copy
    (others are converted first). Outputs are NumPy arrays over the buffers
    the executable wrote (no copy either). A donated argument (donate=(i,))
    gives its buffer to an output: after the call its contents are those of
    that output, or unspecified."""

    def __init__(self, module, func, options, source_func=None, progress=None):
        self._ptr = C.exec_p()
        self._module = module
        self.func = func
        self.source_func = source_func or func
        self.params, self.results = module.signature(func)
        self.donate = tuple(i for i in range(64) if options.donate >> i & 1)
        self._lock = threading.Lock()
        with _Progress(f"@{func}", progress):
            _check(lib.aj_compile(module.ptr, _bytes(func), ctypes.byref(options),
                                  ctypes.byref(self._ptr)))
        w = lib.aj_executable_warning(self._ptr)
        self.warning = w.decode("utf-8", "replace") if w else ""

    @property
    def text(self):
        """The program text it was compiled from (None when loaded from a path)."""
        return self._module.text

    def __call__(self, *args):
        outs = self.run(*args)
        return outs[0] if len(outs) == 1 else tuple(outs)

    def run(self, *args):
        """As calling it, but always a list of outputs."""
        self._alive()
        handles, arrays = _wrap_inputs(args, self.params, set(self.donate), self.func)
        n = len(self.results)
        out = (C.array_p * max(1, n))()
        try:
            _check(lib.aj_executable_run(self._ptr, len(args), handles, n, out))
        finally:
            _destroy(handles, len(args))
        return _outputs(out, n, arrays, self.results)

    def memory(self):
        """The memory analysis (aj_memory_stats) as a dict: argument_bytes,
        output_bytes, alias_bytes, temp_bytes, code_bytes, lower_bound_bytes,
        fused_away_bytes, eager_peak_bytes, peak_bytes, recompute_flops,
        arena_allocated_bytes, compile_seconds, cache_hit, saved_residuals,
        saved_residual_bytes."""
        self._alive()
        m = C.MemoryStats()
        _check(lib.aj_executable_memory(self._ptr, ctypes.byref(m)))
        d = {name: getattr(m, name) for name, _ in C.MemoryStats._fields_}
        d["cache_hit"] = bool(d["cache_hit"])
        return d

    def report(self, json=False):
        """The memory report `arrayjit mem` prints (json=True: one JSON object's text)."""
        self._alive()
        return _capture(lambda f: lib.aj_executable_report(self._ptr, f, 1 if json else 0))

    def residuals(self):
        """What the backward part of a gradient keeps from the forward part (and
        recomputes), as text, like JAX's print_saved_residuals."""
        self._alive()
        return _capture(lambda f: lib.aj_executable_print_residuals(self._ptr, f))

    def memory_curve(self, kind="planned"):
        """Bytes live at each step: kind "planned" (the kernels), "eager" (the
        reference evaluator's ops) or "measured" (runs it once). A dict: name,
        bytes, labels, peak_step, peak_bytes, peak_note."""
        self._alive()
        c = C.MemoryCurve()
        _check(lib.aj_executable_memory_curve(self._ptr, _CURVE_KINDS[kind], ctypes.byref(c)))
        try:
            dec = lambda b: b.decode("utf-8", "replace") if b else ""
            return {"name": dec(c.name), "bytes": [c.bytes[s] for s in range(c.nsteps)],
                    "labels": [dec(c.labels[s]) for s in range(c.nsteps)] if c.labels else [],
                    "peak_step": c.peak_step, "peak_bytes": c.peak_bytes,
                    "peak_note": dec(c.peak_note)}
        finally:
            lib.aj_memory_curve_release(ctypes.byref(c))

    def memory_svg(self, path, title=None, compare=False, kinds=None):
        """Draws the memory picture (aj_memory_svg) into path: the planned
        curve; with compare=True the eager one too (or any of kinds)."""
        self._alive()
        kinds = list(kinds or (["planned", "eager"] if compare else ["planned"]))
        curves = (C.MemoryCurve * len(kinds))()
        made = 0
        try:
            for k in kinds:
                _check(lib.aj_executable_memory_curve(self._ptr, _CURVE_KINDS[k], ctypes.byref(curves[made])))
                made += 1
            title = title or f"@{self.source_func}: bytes live per step"
            _check(lib.aj_memory_svg(curves, len(kinds), _bytes(title), _bytes(os.fspath(path))))
        finally:
            for i in range(made):
                lib.aj_memory_curve_release(ctypes.byref(curves[i]))
        return os.fspath(path)

    def close(self):
        """Releases the executable now (else when it is garbage collected)."""
        if self._ptr and lib is not None:
            lib.aj_executable_destroy(self._ptr)
        self._ptr = None

    def _alive(self):
        if not self._ptr:
            raise Error(1, f"the executable of '{self.func}' was closed")

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        if getattr(self, "_ptr", None):
            self.close()

    def __repr__(self):
        sig = ", ".join(map(repr, self.params))
        res = ", ".join(map(repr, self.results))
        return f"<arrayjit.Executable @{self.func}({sig}) -> ({res})>"


def compile(program, func="main", *, grad=False, value_and_grad=False, wrt=None,
            filename=None, progress=None, **options):
    """Compiles function `func` of a StableHLO program (text, or a path to a
    .mlir file) and returns an Executable.

    grad=True / value_and_grad=True compile arrayjit's gradient of func
    (which must return one float scalar) with respect to the parameter
    indices wrt (default: every float parameter) instead.

    Options (aj_compile_options): strict_order, threads, no_fusion,
    no_folding, no_disk_cache, no_memory_cache, cache_dir, cc, cflags,
    donate (argument indices), strict_donation, memory_budget_bytes (or
    memory_budget: bytes or "64M"), dump_after, timeout_seconds.
    progress: a spinner on stderr for compiles over a second (default: when
    stderr is a terminal)."""
    opts = make_options(**options)
    module = _Module(program, filename)
    name = func
    if grad and value_and_grad:
        raise ValueError("grad and value_and_grad are exclusive")
    if grad or value_and_grad:
        name = module.transform(func, "grad" if grad else "value_and_grad", wrt)
    return Executable(module, name, opts, source_func=func, progress=progress)


def evaluate(program, *args, func="main", timeout_seconds=0.0, stats=False):
    """Runs func with the reference evaluator (op by op, the oracle of the
    tests). Returns the outputs as compile's executables do; stats=True:
    (outputs, {"bytes_allocated", "peak_bytes"})."""
    module = _Module(program)
    params, results = module.signature(func)
    handles, arrays = _wrap_inputs(args, params, set(), func)
    n = len(results)
    out = (C.array_p * max(1, n))()
    es = C.EvalStats()
    eo = C.EvalOptions(float(timeout_seconds or 0))
    try:
        _check(lib.aj_module_eval_with(module.ptr, _bytes(func), len(args), handles, n, out,
                                       ctypes.byref(es), ctypes.byref(eo)))
    finally:
        _destroy(handles, len(args))
    outs = _outputs(out, n, arrays, results)
    res = outs[0] if n == 1 else tuple(outs)
    if stats:
        return res, {"bytes_allocated": es.bytes_allocated, "peak_bytes": es.peak_bytes}
    return res


def clear_caches(cache_dir=None):
    """Drops every cached executable in memory and on disk (cache_dir: the
    disk cache; None: the default) and trims the pool."""
    _check(lib.aj_clear_caches(_bytes(cache_dir)))


def allocator_stats():
    """The allocator's figures (aj_allocator_stats) as a dict, like JAX's
    Device.memory_stats()."""
    s = C.AllocatorStats()
    lib.aj_allocator_get_stats(ctypes.byref(s))
    return {name: getattr(s, name) for name, _ in C.AllocatorStats._fields_}


def reset_peak():
    """Starts the allocator's peaks again from what is in use now."""
    lib.aj_allocator_reset_peak()


def trim():
    """Gives the pool's free memory back to the system."""
    lib.aj_trim()


def cli_path():
    """The arrayjit command-line tool installed with the package, or None."""
    here = os.path.dirname(os.path.abspath(__file__))
    p = os.path.join(here, "bin", "arrayjit")
    return p if os.access(p, os.X_OK) else None
