"""JAX and arrayjit side by side on every program in bench/programs/.

For each program, in one run on one machine: the same inputs go to
jax.jit(f) on the CPU and to `arrayjit run` on the exported StableHLO text,
each in its own process, and the table shows whether the outputs agree
(with the largest error relative to the output's scale), JAX's
memory_analysis().temp_size_in_bytes against arrayjit's temp_bytes, the peak
RSS of each process, and the median time of one call in each.

    python3 -m venv .venv && .venv/bin/pip install jax numpy
    cmake -S . -B build -DCMAKE_BUILD_TYPE=Release && cmake --build build -j
    .venv/bin/python bench/jax/side_by_side.py [--runs N] [--arrayjit build/arrayjit]

JAX uses its default CPU settings (its thread pool may use every core);
arrayjit compiled code runs on one thread. The tests never need jax.
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

# The JAX process: loads the inputs, compiles, times `runs` calls, saves the
# outputs, prints one JSON line. Run as `python -c JAX_CHILD dir name runs`.
JAX_CHILD = r"""
import json, os, resource, sys, time
import numpy as np
import jax
sys.path.insert(0, os.environ["AJ_BENCH_JAX"])
from export_programs import programs
folder, name, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
f, specs = programs()[name]
leaves, tree = jax.tree_util.tree_flatten(specs)
args = [np.load(os.path.join(folder, "in%d.npy" % i)) for i in range(len(leaves))]
args = jax.tree_util.tree_unflatten(tree, args)
compiled = jax.jit(f).lower(*args).compile()
temp = compiled.memory_analysis().temp_size_in_bytes
outs = jax.block_until_ready(compiled(*args))
times = []
for _ in range(runs):
    start = time.perf_counter()
    jax.block_until_ready(compiled(*args))
    times.append((time.perf_counter() - start) * 1e3)
for i, leaf in enumerate(jax.tree_util.tree_leaves(outs)):
    np.save(os.path.join(folder, "jax_out%d.npy" % i), np.asarray(leaf))
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps({"temp": temp, "ms": sorted(times)[len(times) // 2], "rss": rss,
                  "nout": len(jax.tree_util.tree_leaves(outs))}))
"""


def make_inputs(specs, folder, seed):
    """Random inputs for the flattened argument specs, saved as in<i>.npy."""
    import jax
    rng = np.random.default_rng(seed)
    leaves = jax.tree_util.tree_leaves(specs)
    for i, s in enumerate(leaves):
        x = rng.standard_normal(s.shape).astype(s.dtype)
        if len(s.shape) == 2 and s.shape[0] >= 256:   # weights: keep activations in range
            x /= np.sqrt(s.shape[0])
        np.save(os.path.join(folder, "in%d.npy" % i), x)
    return len(leaves)


def run_child(cmd, env=None):
    """Runs cmd; returns (stdout, stderr); a failure stops the script."""
    proc = subprocess.run(cmd, capture_output=True, env=env, text=True)
    if proc.returncode != 0:
        raise RuntimeError("%s failed:\n%s" % (" ".join(cmd[:3]), proc.stderr[-2000:]))
    return proc.stdout, proc.stderr


def run_jax(folder, name, runs):
    """The JAX process's JSON result (its RSS measured by itself)."""
    env = dict(os.environ, AJ_BENCH_JAX=HERE)
    out, _ = run_child([sys.executable, "-c", JAX_CHILD, folder, name, str(runs)], env)
    return json.loads(out.strip().splitlines()[-1])


def run_arrayjit(cli, program, folder, nin, nout, runs):
    """Times `arrayjit run` (median of `runs` calls) under /usr/bin/time for
    its peak RSS; returns (ms, rss bytes)."""
    cmd = ["/usr/bin/time", "-f", "maxrss_kb=%M", cli, "run", program, "--repeat=%d" % runs]
    for i in range(nin):
        cmd += ["--input", os.path.join(folder, "in%d.npy" % i)]
    for i in range(nout):
        cmd += ["--output", os.path.join(folder, "aj_out%d.npy" % i)]
    _, err = run_child(cmd)
    ms = rss = None
    for line in err.splitlines():
        if line.startswith("time: median "):
            ms = float(line.split()[2])
        if line.startswith("maxrss_kb="):
            rss = int(line.split("=")[1]) * 1024
    return ms, rss


def arrayjit_temp_bytes(cli, program):
    out = subprocess.run([cli, "mem", program, "--json"], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)["temp_bytes"]


def compare(folder, nout):
    """(agree, max |a-b| / max(1, max |b|)) over all outputs."""
    worst = 0.0
    for i in range(nout):
        a = np.load(os.path.join(folder, "aj_out%d.npy" % i)).astype(np.float64)
        b = np.load(os.path.join(folder, "jax_out%d.npy" % i)).astype(np.float64)
        if a.shape != b.shape:
            return False, float("inf")
        scale = max(1.0, float(np.max(np.abs(b))) if b.size else 1.0)
        worst = max(worst, float(np.max(np.abs(a - b))) / scale if a.size else 0.0)
    return worst <= 1e-4, worst


def mib(n):
    return "%.1f" % (n / 2**20)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--arrayjit", default=os.path.join(ROOT, "build", "arrayjit"))
    ap.add_argument("names", nargs="*", help="programs to run (default: all)")
    opts = ap.parse_args()
    if not os.access("/usr/bin/time", os.X_OK):
        sys.exit("needs /usr/bin/time (Debian package 'time') for arrayjit's peak RSS")
    from export_programs import programs
    table = programs()
    names = opts.names or [n for n in table if os.path.exists(program_path(n))]
    header = ("program", "agree", "max err", "JAX temp MiB", "aj temp MiB",
              "JAX RSS MiB", "aj RSS MiB", "JAX ms", "aj ms")
    print("%-16s %5s %9s %12s %11s %11s %10s %8s %8s" % header)
    for name in names:
        f, specs = table[name]
        with tempfile.TemporaryDirectory() as folder:
            nin = make_inputs(specs, folder, seed=len(name))
            jax_result = run_jax(folder, name, opts.runs)
            nout = jax_result["nout"]
            ms, rss = run_arrayjit(opts.arrayjit, program_path(name), folder, nin, nout, opts.runs)
            agree, err = compare(folder, nout)
            temp = arrayjit_temp_bytes(opts.arrayjit, program_path(name))
            print("%-16s %5s %9.2e %12s %11s %11s %10s %8.2f %8.2f" % (
                name, "yes" if agree else "NO", err, mib(jax_result["temp"]), mib(temp),
                mib(jax_result["rss"]), mib(rss), jax_result["ms"], ms), flush=True)


def program_path(name):
    return os.path.join(ROOT, "bench", "programs", name + ".mlir")


if __name__ == "__main__":
    main()
