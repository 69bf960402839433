"""ctypes declarations of libarrayjit.so's public C API (include/arrayjit.h).

Only the calls the Python package uses are declared. The library is found,
in order, at $ARRAYJIT_LIBRARY, inside the package (lib/libarrayjit.so, where
``pip install .`` puts it), and where the system's loader finds
libarrayjit.so.0 (a ``cmake --install`` prefix on LD_LIBRARY_PATH, say).
"""
import ctypes
import ctypes.util
import os

c_int = ctypes.c_int
c_size_t = ctypes.c_size_t
c_double = ctypes.c_double
c_char_p = ctypes.c_char_p
c_void_p = ctypes.c_void_p
c_int64 = ctypes.c_int64
c_uint64 = ctypes.c_uint64

AJ_MAX_RANK = 8

# aj_status
AJ_OK = 0
STATUS_NAMES = {
    0: "AJ_OK",
    1: "AJ_ERR_INVALID",
    2: "AJ_ERR_UNSUPPORTED",
    3: "AJ_ERR_NOMEM",
    4: "AJ_ERR_IO",
    5: "AJ_ERR_CHECK_FAILED",
    6: "AJ_ERR_TIMEOUT",
}

# aj_dtype, in the header's order
(AJ_F32, AJ_F64, AJ_I32, AJ_I64, AJ_BOOL, AJ_F16, AJ_BF16, AJ_I8, AJ_I16,
 AJ_U8, AJ_U16, AJ_U32, AJ_U64, AJ_I2, AJ_I4, AJ_U2, AJ_U4,
 AJ_F8E5M2, AJ_F8E4M3, AJ_F8E3M4, AJ_F8E4M3FN, AJ_F8E4M3FNUZ, AJ_F8E5M2FNUZ, AJ_F8E4M3B11FNUZ,
 AJ_F8E8M0FNU, AJ_F6E2M3FN, AJ_F6E3M2FN, AJ_F4E2M1FN) = range(28)

# aj_curve_kind
AJ_CURVE_PLANNED, AJ_CURVE_EAGER, AJ_CURVE_MEASURED = range(3)


class CompileOptions(ctypes.Structure):
    _fields_ = [
        ("strict_order", c_int),
        ("threads", c_int),
        ("no_fusion", c_int),
        ("no_folding", c_int),
        ("no_disk_cache", c_int),
        ("no_memory_cache", c_int),
        ("cache_dir", c_char_p),
        ("cc", c_char_p),
        ("cflags", c_char_p),
        ("donate", c_uint64),
        ("strict_donation", c_int),
        ("memory_budget_bytes", c_size_t),
        ("dump_after", c_char_p),
        ("dump_to", c_void_p),
        ("timeout_seconds", c_double),
    ]


class MemoryStats(ctypes.Structure):
    _fields_ = [
        ("argument_bytes", c_size_t),
        ("output_bytes", c_size_t),
        ("alias_bytes", c_size_t),
        ("temp_bytes", c_size_t),
        ("code_bytes", c_size_t),
        ("lower_bound_bytes", c_size_t),
        ("fused_away_bytes", c_size_t),
        ("eager_peak_bytes", c_size_t),
        ("peak_bytes", c_size_t),
        ("recompute_flops", c_uint64),
        ("arena_allocated_bytes", c_size_t),
        ("compile_seconds", c_double),
        ("cache_hit", c_int),
        ("saved_residuals", c_int),
        ("saved_residual_bytes", c_size_t),
    ]


class AllocatorStats(ctypes.Structure):
    _fields_ = [
        ("bytes_in_use", c_size_t),
        ("peak_bytes_in_use", c_size_t),
        ("array_bytes_in_use", c_size_t),
        ("peak_array_bytes_in_use", c_size_t),
        ("num_allocs", c_size_t),
        ("bytes_reserved", c_size_t),
        ("bytes_free", c_size_t),
        ("largest_free_block", c_size_t),
        ("system_allocs", c_size_t),
        ("fragmentation", c_double),
    ]


class MemoryCurve(ctypes.Structure):
    _fields_ = [
        ("name", c_char_p),
        ("nsteps", c_int),
        ("bytes", ctypes.POINTER(c_size_t)),
        ("labels", ctypes.POINTER(c_char_p)),
        ("peak_step", c_int),
        ("peak_bytes", c_size_t),
        ("peak_note", c_char_p),
    ]


class EvalStats(ctypes.Structure):
    _fields_ = [("bytes_allocated", c_size_t), ("peak_bytes", c_size_t)]


class EvalOptions(ctypes.Structure):
    _fields_ = [("timeout_seconds", c_double)]


P = ctypes.POINTER
status = c_int
module_p = c_void_p
exec_p = c_void_p
array_p = c_void_p
file_p = c_void_p

# name: (restype, argtypes)
_SIGNATURES = {
    "aj_last_error": (c_char_p, []),
    "aj_dtype_size": (c_size_t, [c_int]),
    "aj_dtype_name": (c_char_p, [c_int]),
    "aj_module_parse": (status, [c_char_p, c_size_t, c_char_p, P(module_p)]),
    "aj_module_load": (status, [c_char_p, P(module_p)]),
    "aj_module_destroy": (None, [module_p]),
    "aj_module_print": (status, [module_p, file_p]),
    "aj_module_signature": (status, [module_p, c_char_p, P(c_int), P(c_int)]),
    "aj_module_arg_type": (status, [module_p, c_char_p, c_int, c_int, P(c_int), P(c_int),
                                    P(c_int64)]),
    "aj_module_arg_complex": (status, [module_p, c_char_p, c_int, c_int, P(c_int)]),
    "aj_module_eval_with": (status, [module_p, c_char_p, c_int, P(array_p), c_int, P(array_p),
                                     P(EvalStats), P(EvalOptions)]),
    "aj_grad": (status, [module_p, c_char_p, c_int, P(c_int), c_char_p]),
    "aj_value_and_grad": (status, [module_p, c_char_p, c_int, P(c_int), c_char_p]),
    "aj_vjp": (status, [module_p, c_char_p, c_int, P(c_int), c_char_p]),
    "aj_array_wrap": (status, [c_int, c_int, P(c_int64), c_void_p, P(array_p)]),
    "aj_array_destroy": (None, [array_p]),
    "aj_array_data": (c_void_p, [array_p]),
    "aj_array_dtype": (c_int, [array_p]),
    "aj_array_rank": (c_int, [array_p]),
    "aj_array_dims": (P(c_int64), [array_p]),
    "aj_array_bytes": (c_size_t, [array_p]),
    "aj_compile": (status, [module_p, c_char_p, P(CompileOptions), P(exec_p)]),
    "aj_executable_run": (status, [exec_p, c_int, P(array_p), c_int, P(array_p)]),
    "aj_executable_destroy": (None, [exec_p]),
    "aj_executable_warning": (c_char_p, [exec_p]),
    "aj_executable_memory": (status, [exec_p, P(MemoryStats)]),
    "aj_executable_report": (status, [exec_p, file_p, c_int]),
    "aj_executable_print_residuals": (status, [exec_p, file_p]),
    "aj_executable_memory_curve": (status, [exec_p, c_int, P(MemoryCurve)]),
    "aj_memory_curve_release": (None, [P(MemoryCurve)]),
    "aj_memory_svg": (status, [P(MemoryCurve), c_int, c_char_p, c_char_p]),
    "aj_clear_caches": (status, [c_char_p]),
    "aj_allocator_get_stats": (None, [P(AllocatorStats)]),
    "aj_allocator_reset_peak": (None, []),
    "aj_trim": (None, []),
}


def _candidates():
    env = os.environ.get("ARRAYJIT_LIBRARY")
    if env:
        yield env
        return
    here = os.path.dirname(os.path.abspath(__file__))
    yield os.path.join(here, "lib", "libarrayjit.so")
    yield "libarrayjit.so.0"
    found = ctypes.util.find_library("arrayjit")
    if found:
        yield found


def _load():
    errors = []
    for path in _candidates():
        if os.sep in path and not os.path.exists(path):
            errors.append(f"{path}: no such file")
            continue
        try:
            return ctypes.CDLL(path), path
        except OSError as e:
            errors.append(str(e))
    raise ImportError(
        "arrayjit: cannot load libarrayjit.so (install the package with `pip install .` "
        "from the arrayjit repository, or set ARRAYJIT_LIBRARY to a built "
        "libarrayjit.so): " + "; ".join(errors))


lib, library_path = _load()
for _name, (_res, _args) in _SIGNATURES.items():
    _f = getattr(lib, _name)
    _f.restype = _res
    _f.argtypes = _args

# The C library's stdio, for the calls that print to a FILE*.
libc = ctypes.CDLL(None)
libc.fopen.restype = c_void_p
libc.fopen.argtypes = [c_char_p, c_char_p]
libc.fclose.restype = c_int
libc.fclose.argtypes = [c_void_p]
