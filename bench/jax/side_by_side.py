"""JAX and arrayjit side by side on every program in bench/programs/.

For each program, in one run on one machine: the same inputs go to jax.jit(f)
on the CPU (the same jit, donation included, that exported the program) and
to `arrayjit run` on the exported StableHLO text, each in its own process, at
each thread count of --threads. The table shows whether the outputs agree
(and the largest error relative to each output's scale), the memory each
plans (JAX: memory_analysis(); arrayjit: `arrayjit mem --json`) and the
median time of one call at each thread count, with arrayjit's time over
JAX's.

    python3 -m venv .venv && .venv/bin/pip install jax numpy
    cmake -S . -B build -DCMAKE_BUILD_TYPE=Release && cmake --build build -j
    .venv/bin/python bench/jax/side_by_side.py [--runs N] [--rounds R] [--threads 1,2] [--busy]
        [--arrayjit build/arrayjit] [PROGRAM...]

Columns: temp is the temporaries (JAX temp_size_in_bytes, arrayjit
temp_bytes); aj bound is arrayjit's live-set lower bound (lower_bound_bytes);
peak is arguments + outputs - aliased (donated) + temporaries (JAX, from
memory_analysis) or arrayjit's peak_bytes. At 1 thread JAX runs under
`taskset -c 0` and arrayjit with --threads=1; at N > 1 threads JAX runs on
the first N cores (taskset -c 0-(N-1)) and arrayjit with --threads=N.
A program that fails on either side prints a FAIL row with the first line of
the error; the script goes on. The tests never need jax.

--rounds R times everything R times, in turn (JAX, arrayjit, busy, BLIS at
each thread count, then again), and shows the median of the R medians: on
a shared machine whose speed drifts by tens of percent over minutes, a
ratio of two times taken minutes apart says more about the drift than
about either side. A ratio cell is the median over the rounds of the ratio
within each round (times taken side by side), not the ratio of the two
medians.

The memory cells are arrayjit's at each thread count, "1t / 2t" where they
differ (a narrow matmul in column panels widens its whole lhs at 2 threads).

--busy adds, per thread count, arrayjit's time while another process spins
on the last core (as a busy machine would), and that time over the idle one.

BLIS ms is BLIS's own time for the program's float products alone, at the
same thread count on the same cores (blis_bound.py: each dot_general's gemms
in the program's layouts, BLIS's own threads), and BLIS/aj that over
arrayjit's time for the whole program: the fraction of BLIS's rate
arrayjit reaches, its elementwise work included. Shown where the products
are matmul-heavy, taking at least MATMUL_HEAVY of arrayjit's time, and the
program has no while loop.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
TOLERANCE = 1e-4   # of the output's scale (its largest magnitude)
MATMUL_HEAVY = 0.5

# The JAX process: loads the inputs, compiles, times `runs` calls (on fresh
# copies of the inputs when the program donates them; the copy is not
# timed), saves the first call's outputs when asked, prints one JSON line.
# Run as `python -c JAX_CHILD dir name runs save`.
JAX_CHILD = r"""
import json, os, sys, time
import numpy as np
import jax
sys.path.insert(0, os.environ["AJ_BENCH_JAX"])
from export_programs import jitted, programs
from side_by_side import load
folder, name, runs, save = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4] == "1"
program = programs()[name]
leaves, tree = jax.tree_util.tree_flatten(program.args)
host = [load(os.path.join(folder, "in%d.npy" % i), s.dtype) for i, s in enumerate(leaves)]
fresh = lambda: jax.tree_util.tree_unflatten(tree, [jax.device_put(x) for x in host])
compiled = jitted(program).lower(*program.args).compile()
mem = compiled.memory_analysis()
args = jax.block_until_ready(fresh())
outs = jax.block_until_ready(compiled(*args))
times = []
for _ in range(runs):
    if program.donate != ():
        args = jax.block_until_ready(fresh())
    start = time.perf_counter()
    jax.block_until_ready(compiled(*args))
    times.append((time.perf_counter() - start) * 1e3)
out_leaves = jax.tree_util.tree_leaves(outs)
if save:
    for i, leaf in enumerate(out_leaves):
        np.save(os.path.join(folder, "jax_out%d.npy" % i), np.asarray(leaf))
print(json.dumps({"temp": mem.temp_size_in_bytes, "args": mem.argument_size_in_bytes,
                  "outs": mem.output_size_in_bytes, "alias": mem.alias_size_in_bytes,
                  "ms": sorted(times)[len(times) // 2], "nout": len(out_leaves),
                  "dtypes": [str(leaf.dtype) for leaf in out_leaves]}))
"""


class Failure(Exception):
    """One side failed on a program: the first line of its error."""


def load(path, dtype=None):
    """np.load, with bf16 (saved as raw 2-byte records, '<V2') viewed as bf16."""
    x = np.load(path)
    if x.dtype.kind == "V" and x.dtype.itemsize == 2:
        import ml_dtypes
        x = x.view(dtype if dtype is not None else ml_dtypes.bfloat16)
    return x


def generic_inputs(rng, specs):
    """Normal inputs; big 2-D ones (weights) scaled by 1/sqrt(rows)."""
    import jax

    def make(s):
        x = rng.standard_normal(s.shape).astype(s.dtype)
        if len(s.shape) == 2 and s.shape[0] >= 256:
            x /= np.sqrt(s.shape[0])
        return x
    return jax.tree_util.tree_map(make, specs)


def make_inputs(program, folder, seed):
    """The program's inputs (its own generator, else generic_inputs), saved
    flattened as in<i>.npy; returns how many."""
    import jax
    rng = np.random.default_rng(seed)
    made = (program.inputs or generic_inputs)(rng, program.args)
    specs, arrays = jax.tree_util.tree_leaves(program.args), jax.tree_util.tree_leaves(made)
    assert len(specs) == len(arrays), "input generator made %d leaves for %d" % (len(arrays), len(specs))
    for i, (s, x) in enumerate(zip(specs, arrays)):
        x = np.asarray(x)
        assert x.shape == s.shape and x.dtype == s.dtype, "input %d: %s %s, not %s %s" % (
            i, x.shape, x.dtype, s.shape, s.dtype)
        np.save(os.path.join(folder, "in%d.npy" % i), x)
    return len(specs)


def run_child(cmd, env=None, python=False):
    """Runs cmd; returns (stdout, stderr). A failure raises Failure with the
    first line of its error (python: the last, the exception's)."""
    proc = subprocess.run(cmd, capture_output=True, env=env, text=True)
    if proc.returncode != 0:
        lines = [l.strip() for l in proc.stderr.splitlines() if l.strip() and not l.startswith("time: ")]
        lines = lines or ["exit status %d" % proc.returncode]
        raise Failure(lines[-1] if python else lines[0])
    return proc.stdout, proc.stderr


def cores(threads):
    return "0" if threads == 1 else "0-%d" % (threads - 1)


def run_jax(folder, name, runs, threads, save):
    """The JAX process's JSON result, pinned to `threads` cores."""
    env = dict(os.environ, AJ_BENCH_JAX=HERE)
    cmd = ["taskset", "-c", cores(threads), sys.executable, "-c", JAX_CHILD, folder, name, str(runs),
           "1" if save else "0"]
    try:
        out, _ = run_child(cmd, env, python=True)
    except Failure as e:
        raise Failure("JAX: %s" % e)
    return json.loads(out.strip().splitlines()[-1])


def run_arrayjit(cli, program, folder, nin, nout, runs, threads):
    """`arrayjit run` at --threads: the median ms of `runs` calls; writes aj_out<i>.npy."""
    cmd = [cli, "run", program, "--repeat=%d" % runs, "--threads=%d" % threads]
    for i in range(nin):
        cmd += ["--input", os.path.join(folder, "in%d.npy" % i)]
    for i in range(nout):
        cmd += ["--output", os.path.join(folder, "aj_out%d.npy" % i)]
    _, err = run_child(cmd)
    for line in err.splitlines():
        if line.startswith("time: median "):
            return float(line.split()[2])
    raise Failure("no 'time: median' line from arrayjit run")


def run_arrayjit_busy(cli, program, folder, nin, nout, runs, threads):
    """run_arrayjit while a spinning process holds the last core."""
    last = (os.cpu_count() or 1) - 1
    spin = subprocess.Popen(["taskset", "-c", str(last), sys.executable, "-c", "while True: pass"])
    try:
        return run_arrayjit(cli, program, folder, nin, nout, runs, threads)
    finally:
        spin.kill()
        spin.wait()


def run_blis(program, runs, threads):
    """blis_bound.py's median ms for the program's products (None: no bound)."""
    cmd = ["taskset", "-c", cores(threads), sys.executable, os.path.join(HERE, "blis_bound.py"), program,
           "--threads=%d" % threads, "--runs=%d" % runs]
    try:
        out, _ = run_child(cmd, python=True)
    except Failure as e:
        raise Failure("BLIS bound: %s" % e)
    return json.loads(out.strip().splitlines()[-1])["ms"]


def arrayjit_memory(cli, program, threads):
    """`arrayjit mem --json`: temp_bytes, lower_bound_bytes, peak_bytes, ..."""
    out, _ = run_child([cli, "mem", program, "--json", "--threads=%d" % threads])
    return json.loads(out)


def output_error(a, b):
    """|a - b| over b's scale (its largest magnitude; exact for integers)."""
    if a.shape != b.shape:
        return float("inf")
    if a.size == 0:
        return 0.0
    if b.dtype.kind in "biu":
        return float(np.max(np.abs(a.astype(np.int64) - b.astype(np.int64))))
    a, b = a.astype(np.float64), b.astype(np.float64)
    scale = float(np.max(np.abs(b))) or 1.0
    err = float(np.max(np.abs(a - b))) / scale
    return float("inf") if np.isnan(err) else err


def tolerance(b):
    """TOLERANCE, or two units in the last place of b's float type where that
    is coarser (bf16: sums in another order differ by an ulp)."""
    if b.dtype.kind in "biu":
        return 0.0
    try:
        eps = float(np.finfo(b.dtype).eps)
    except ValueError:   # an ml_dtypes type NumPy's finfo does not know
        import ml_dtypes
        eps = float(ml_dtypes.finfo(b.dtype).eps)
    return max(TOLERANCE, 2 * eps)


def compare(folder, nout):
    """(agree, worst error) over all outputs."""
    agree, worst = True, 0.0
    for i in range(nout):
        b = load(os.path.join(folder, "jax_out%d.npy" % i))
        err = output_error(load(os.path.join(folder, "aj_out%d.npy" % i), b.dtype), b)
        agree, worst = agree and err <= tolerance(b), max(worst, err)
    return agree, worst


def median(values):
    """The median of a list of numbers; None when any is None (no BLIS bound)."""
    if any(v is None for v in values):
        return None
    return float(np.median(values))


def mib(n):
    return "%.1f" % (n / 2**20)


def jax_peak(r):
    return r["args"] + r["outs"] - r["alias"] + r["temp"]


def measure(cli, name, program, runs, rounds, thread_counts, busy):
    """One program: inputs, then JAX and arrayjit at each thread count (and
    arrayjit beside a busy core, and BLIS), each once a round, `rounds`
    times over. Returns the table row's cells, each time the median over
    the rounds; a failure raises Failure."""
    path = program_path(name)
    times = {}   # (what, threads) -> [ms, one a round]

    def note(what, threads, ms):
        times.setdefault((what, threads), []).append(ms)

    with tempfile.TemporaryDirectory() as folder:
        nin = make_inputs(program, folder, seed=len(name))
        worst, agree = 0.0, True
        for r in range(rounds):
            for k, threads in enumerate(thread_counts):
                first_call = r == 0 and k == 0
                result = run_jax(folder, name, runs, threads, save=first_call)
                if first_call:
                    first, nout = result, result["nout"]
                note("jax", threads, result["ms"])
                try:
                    note("aj", threads, run_arrayjit(cli, path, folder, nin, nout, runs, threads))
                except Failure as e:
                    raise Failure("arrayjit run: %s" % e)
                ok, err = compare(folder, nout)
                agree, worst = agree and ok, max(worst, err)
                if busy:
                    note("busy", threads, run_arrayjit_busy(cli, path, folder, nin, nout, runs, threads))
                note("blis", threads, run_blis(path, runs, threads))
    jax_ms, aj_ms, busy_ms, blis_ms = ({t: median(v) for (w, t), v in times.items() if w == what}
                                       for what in ("jax", "aj", "busy", "blis"))

    def ratio(top, bottom, threads):
        """The median over the rounds of top's time over bottom's, each round's own."""
        return median([a / b for a, b in zip(times[(top, threads)], times[(bottom, threads)])])

    try:
        mems = [arrayjit_memory(cli, path, threads) for threads in thread_counts]
    except Failure as e:
        raise Failure("arrayjit mem: %s" % e)

    def per_threads(key):
        figures = []
        for m in mems:
            if mib(m[key]) not in figures:
                figures.append(mib(m[key]))
        return " / ".join(figures)

    cells = [name, "yes" if agree else "NO", "%.2e" % worst, mib(first["temp"]), per_threads("temp_bytes"),
             per_threads("lower_bound_bytes"), mib(jax_peak(first)), per_threads("peak_bytes")]
    for threads in thread_counts:
        cells += ["%.2f" % jax_ms[threads], "%.2f" % aj_ms[threads], "%.2f" % ratio("aj", "jax", threads)]
    for threads in thread_counts:
        heavy = blis_ms[threads] is not None and blis_ms[threads] >= MATMUL_HEAVY * aj_ms[threads]
        cells += ["%.2f" % blis_ms[threads], "%.2f" % ratio("blis", "aj", threads)] if heavy else ["-", "-"]
    for threads in busy_ms:
        cells += ["%.2f" % busy_ms[threads], "%.2f" % ratio("busy", "aj", threads)]
    return cells


def header(thread_counts, busy):
    cells = ["program", "agree", "max err", "JAX temp MiB", "aj temp MiB", "aj bound MiB", "JAX peak MiB",
             "aj peak MiB"]
    for t in thread_counts:
        cells += ["JAX ms %dt" % t, "aj ms %dt" % t, "aj/JAX %dt" % t]
    for t in thread_counts:
        cells += ["BLIS ms %dt" % t, "BLIS/aj %dt" % t]
    for t in thread_counts if busy else []:
        cells += ["aj busy ms %dt" % t, "busy/idle %dt" % t]
    return cells


def print_row(cells, widths):
    print("  ".join(c.rjust(w) if i else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths))), flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=10, help="calls a process times (its median is one round's time)")
    ap.add_argument("--rounds", type=int, default=1,
                    help="rounds of every timing, taken in turn (the table shows each median over them)")
    ap.add_argument("--threads", default="1,2", help="thread counts, one column group each (default 1,2)")
    ap.add_argument("--arrayjit", default=os.path.join(ROOT, "build", "arrayjit"))
    ap.add_argument("--busy", action="store_true", help="also time arrayjit with the last core busy")
    ap.add_argument("names", nargs="*", help="programs to run (default: all)")
    opts = ap.parse_args()
    thread_counts = [int(t) for t in opts.threads.split(",")]
    from export_programs import programs
    table = programs()
    unknown = [n for n in opts.names if n not in table]
    if unknown:
        sys.exit("unknown programs: %s" % " ".join(unknown))
    names = opts.names or [n for n in table if os.path.exists(program_path(n))]
    cells = header(thread_counts, opts.busy)
    widths = [max(len(c), 17 if i == 0 else 7) for i, c in enumerate(cells)]
    print_row(cells, widths)
    for name in names:
        try:
            print_row(measure(opts.arrayjit, name, table[name], opts.runs, opts.rounds, thread_counts, opts.busy), widths)
        except Failure as e:
            print("%s FAIL %s" % (name.ljust(widths[0]), e), flush=True)


def program_path(name):
    return os.path.join(ROOT, "bench", "programs", name + ".mlir")


if __name__ == "__main__":
    main()
