"""BLIS's own time for a program's products: what side_by_side's BLIS columns
measure arrayjit against.

Every float dot_general of a StableHLO program (f32, f64, and the narrow
floats, which arrayjit converts and multiplies with sgemm) is one gemm per
batch index: M the lhs's free dims, N the rhs's, K the contracting ones. Each
is timed as bli_sgemm (bli_dgemm for f64) on buffers laid out as the program
lays the operands out (a role's dims merged into one stride where they are
contiguous in order, else row-major for that operand), C row-major, with
BLIS's own threads and its kernels chosen as arrayjit's generated code
chooses them (BLIS_ARCH_TYPE=0 on a CPU with AVX-512 unless the environment
sets it: src/emit/emit_prelude.c, aj_blis_pick_kernels), each product by
whichever of BLIS's two paths (its small-matrix "sup" path where its
thresholds allow, or the packed one) is faster for it. The result is the
median over `runs` of all the program's gemms back to back, so arrayjit's
time for the whole program (its elementwise work included) over it is the
fraction of BLIS's rate reached.

A program with a while loop has no bound here (its trip counts are not in
the text), nor one without float products.

    python3 blis_bound.py PROGRAM.mlir [--threads N] [--runs R]   # one JSON line
"""
import argparse
import ctypes
import itertools
import json
import math
import os
import re
import sys
import time

DOT = re.compile(r"stablehlo\.dot_general\s+%[\w#.]+,\s*%[\w#.]+,\s*(?:batching_dims\s*=\s*\[([\d, ]*)\]\s*x\s*"
                 r"\[([\d, ]*)\],\s*)?contracting_dims\s*=\s*\[([\d, ]*)\]\s*x\s*\[([\d, ]*)\].*?:\s*"
                 r"\(tensor<([^>]*)>,\s*tensor<([^>]*)>\)")
FLOATS = {"f64": 8, "f32": 4, "bf16": 2, "f16": 2}


def ints(text):
    return [int(x) for x in text.split(",") if x.strip()] if text else []


def tensor_type(text):
    """'256x4096xf32' -> ([256, 4096], 'f32')."""
    parts = text.split("x")
    return [int(d) for d in parts[:-1]], parts[-1]


def row_major_strides(dims):
    strides, s = [0] * len(dims), 1
    for i in reversed(range(len(dims))):
        strides[i], s = s, s * dims[i]
    return strides


def merged_stride(dims, strides, role):
    """The stride of the role's dims as one (that of the innermost), or None
    where they are not contiguous in order."""
    if not role:
        return 1
    for a, b in zip(role, role[1:]):
        if strides[a] != strides[b] * dims[b]:
            return None
    return strides[role[-1]]


def size(dims, role):
    return math.prod(dims[d] for d in role)


def operand_layout(dims, batch, outer, inner):
    """(elements, [offset of each batch's matrix], stride along the outer
    role, stride along the inner role) of the matrices read from an operand
    of these dims: its own layout where each role merges, else a row-major
    copy, one matrix after another."""
    s = row_major_strides(dims)
    so, si = merged_stride(dims, s, outer), merged_stride(dims, s, inner)
    if so is None or si is None:
        per = size(dims, outer) * size(dims, inner)
        return per * size(dims, batch), [i * per for i in range(size(dims, batch))], size(dims, inner), 1
    offsets = [sum(i * s[d] for i, d in zip(ix, batch)) for ix in itertools.product(*(range(dims[d]) for d in batch))]
    return math.prod(dims), offsets, so, si


def gemms(text):
    """[(dtype, m, n, k, a layout, b layout)] of the program's float dots
    (operand_layout's); None where it has a while loop."""
    if "stablehlo.while" in text:
        return None
    out = []
    for match in DOT.finditer(text):
        lb, rb, lc, rc = (ints(match.group(i)) for i in range(1, 5))
        (ld, lt), (rd, rt) = tensor_type(match.group(5)), tensor_type(match.group(6))
        if lt not in FLOATS or rt not in FLOATS:
            continue
        lfree = [d for d in range(len(ld)) if d not in lb and d not in lc]
        rfree = [d for d in range(len(rd)) if d not in rb and d not in rc]
        dtype = "f64" if "f64" in (lt, rt) else "f32"
        out.append((dtype, size(ld, lfree), size(rd, rfree), size(ld, lc), operand_layout(ld, lb, lfree, lc),
                    operand_layout(rd, rb, rc, rfree)))
    return out


class Rntm(ctypes.Structure):
    """BLIS 0.9's rntm_t (blis.h), as arrayjit's prelude mirrors it."""
    _fields_ = [("auto_factor", ctypes.c_bool), ("num_threads", ctypes.c_int64), ("thrloop", ctypes.c_int64 * 6),
                ("pack_a", ctypes.c_bool), ("pack_b", ctypes.c_bool), ("l3_sup", ctypes.c_bool),
                ("sba_pool", ctypes.c_void_p), ("pba", ctypes.c_void_p)]


def load_blis():
    """libblis.so.4 with its kernels picked as arrayjit's code picks them."""
    flags = open("/proc/cpuinfo").read()
    if "BLIS_ARCH_TYPE" not in os.environ and all(f in flags for f in ("avx512f", "avx512dq", "avx512bw", "avx512vl")):
        os.environ["BLIS_ARCH_TYPE"] = "0"   # read by BLIS's first call, below
    return ctypes.CDLL("libblis.so.4")


def runtime(threads, sup):
    return Rntm(True, threads, (ctypes.c_int64 * 6)(*[-1] * 6), False, False, sup, None, None)


def seconds(calls):
    start = time.perf_counter()
    for fn, args in calls:
        fn(*args)
    return time.perf_counter() - start


def time_gemms(blis, products, threads, runs):
    """Median ms of all the products back to back, each by BLIS's faster path for it."""
    import numpy as np
    i64, vp = ctypes.c_int64, ctypes.c_void_p
    calls, keep = [], []
    paths = [runtime(threads, True), runtime(threads, False)]
    for dtype, m, n, k, (na, aoff, rsa, csa), (nb, boff, rsb, csb) in products:
        np_t, c_t = (np.float64, ctypes.c_double) if dtype == "f64" else (np.float32, ctypes.c_float)
        fn = blis.bli_dgemm_ex if dtype == "f64" else blis.bli_sgemm_ex
        a = np.random.default_rng(1).standard_normal(na).astype(np_t)
        b = np.random.default_rng(2).standard_normal(nb).astype(np_t)
        c = np.zeros(len(aoff) * m * n, np_t)
        one, zero = c_t(1), c_t(0)
        keep += [a, b, c, one, zero]
        product = [[(fn, (i64(0), i64(0), i64(m), i64(n), i64(k), ctypes.byref(one),
                          vp(a.ctypes.data + ao * a.itemsize), i64(rsa), i64(csa),
                          vp(b.ctypes.data + bo * b.itemsize), i64(rsb), i64(csb), ctypes.byref(zero),
                          vp(c.ctypes.data + i * m * n * c.itemsize), i64(n), i64(1), None, ctypes.byref(rntm)))
                    for i, (ao, bo) in enumerate(zip(aoff, boff))] for rntm in paths]
        calls += min(product, key=lambda p: min(seconds(p) for _ in range(3)))
    seconds(calls)
    times = sorted(seconds(calls) * 1e3 for _ in range(runs))
    return times[len(times) // 2]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("program")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--runs", type=int, default=10)
    opts = ap.parse_args()
    products = gemms(open(opts.program).read())
    if not products:
        print(json.dumps({"ms": None, "gflop": 0.0}))
        return
    flop = sum(2.0 * len(a[1]) * m * n * k for _, m, n, k, a, _ in products)
    ms = time_gemms(load_blis(), products, opts.threads, opts.runs)
    print(json.dumps({"ms": ms, "gflop": flop / 1e9, "products": len(products)}))


if __name__ == "__main__":
    sys.exit(main())
