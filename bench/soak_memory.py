#!/usr/bin/env python3
"""Memory soak: resident set size while calling the same thing many times.

For each workload (cached jit call, eager op, eager grad, grad of a jit
function, eager jvp, and a fresh jit of a fresh function per call) it
makes N calls and prints the RSS every `--every` calls, then the growth
per call after the first mark. By default: 10^5 cached jit calls, 10^5
eager ops, 2 x 10^4 eager grads and 2 x 10^4 of each other workload (a
tenth of that for fresh jits, which compile every call); `--calls` sets
one count for all. Then "distinct shapes": one jitted function called on
`--shapes` (default 2,000) different input shapes, f32[21] to f32[2020]
after 20 warm-up shapes, each call a new trace and compile, RSS every
`--shapes-every` (200) calls (JAX's side grows by about 3 GB):
what the caches keep per shape (compiled programs, the MLIR context's
uniqued types and attributes) shows as growth per shape, for comparison
with JAX's. Runs jxp and JAX (0.10.2) in one process, each workload after
the other, so the figures are comparable. Nothing is asserted: the goal (a
flat line after warm-up; no more growth per shape than JAX's) is read off
the output.

    python3 bench/soak_memory.py                 # the issue's profile (above)
    python3 bench/soak_memory.py --calls 20000 --every 10000 --shapes 400
    python3 bench/soak_memory.py --only jxp --workload shapes
"""

import argparse
import gc
import os
import sys

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "1")

try:
    import jxp
except ImportError:  # not installed: use the checkout's python/ directory
    sys.path.insert(0, os.path.join(
        os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "python"))
    import jxp


def rss_kb():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def workloads(lib):
    jnp = lib.numpy
    x = jnp.arange(8.0)

    def f(v):
        return jnp.sum(jnp.sin(v) * v)

    jf = lib.jit(f)
    gf = lib.grad(f)
    gjf = lib.grad(lib.jit(f))

    def fresh_jit(v):
        # A new Python function each call: jit's cache is keyed by it, so
        # each call traces and compiles; memory must still not pile up.
        return lib.jit(lambda w: w + 1.0)(v)

    return [
        ("cached jit call", lambda: jf(x)),
        ("eager op (sin)", lambda: jnp.sin(x)),
        ("eager grad", lambda: gf(x)),
        ("grad(jit(f))", lambda: gjf(x)),
        ("eager jvp", lambda: lib.jvp(f, (x,), (x,))),
        ("fresh jit per call", lambda: fresh_jit(x)),
    ]


def distinct_shapes(lib):
    """A call of a jitted function on a new input shape each time: f32[k]
    for k = 1, 2, ... (a host array, passed as it is to both libraries)."""
    jnp = lib.numpy

    def f(v):
        return jnp.sin(v) * v + 1.0

    jf = lib.jit(f)
    sizes = iter(range(1, 1 << 30))
    return lambda: jf(np.ones(next(sizes), np.float32))


def soak(name, fn, calls, every, warmup, unit="call"):
    """Makes `calls` calls of fn after `warmup` ones, printing the RSS
    before them and every `every` calls as it goes."""
    for _ in range(warmup):
        fn()
    gc.collect()
    print(f"  {name:22s} RSS MiB every {every:>5}: {rss_kb() / 1024:8.1f}",
          end="", flush=True)
    marks = []
    for i in range(1, calls + 1):
        out = fn()
        if i % every == 0:
            del out
            gc.collect()
            marks.append(rss_kb())
            print(f" {marks[-1] / 1024:8.1f}", end="", flush=True)
    per_call = (marks[-1] - marks[0]) / max(calls - every, 1) * 1024
    print(f"   growth after the first mark: {per_call:7.1f} B/{unit}",
          flush=True)


# Calls per workload when --calls is not given.
PROFILE = {"cached jit call": 100000, "eager op (sin)": 100000,
           "eager grad": 20000}


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--calls", type=int,
                   help="calls per workload (default: the issue's profile)")
    p.add_argument("--every", type=int, default=10000)
    p.add_argument("--warmup", type=int, default=2000)
    p.add_argument("--shapes", type=int, default=2000,
                   help="distinct input shapes of the shapes workload")
    p.add_argument("--shapes-every", type=int, default=200)
    p.add_argument("--only", choices=["jxp", "jax"])
    p.add_argument("--workload", help="run only workloads containing this")
    a = p.parse_args()
    libs = []
    if a.only != "jax":
        libs.append(("jxp", jxp))
    if a.only != "jxp":
        import jax
        libs.append(("jax", jax))
    for label, lib in libs:
        print(f"{label}:", flush=True)
        for name, fn in workloads(lib):
            if a.workload and a.workload not in name:
                continue
            calls = a.calls or PROFILE.get(name, 20000)
            every, warmup = a.every, a.warmup
            if name == "fresh jit per call":  # compiles each call: fewer
                calls = max(a.every, calls // 10)
                every, warmup = max(calls // 3, 1), a.warmup // 10
            soak(name, fn, calls, every, warmup)
        name = f"{a.shapes} distinct shapes"
        if not a.workload or a.workload in name:
            # Warm-up on 20 shapes of its own (compiles jit's own helpers),
            # then a new shape on every call.
            soak(name, distinct_shapes(lib), a.shapes, a.shapes_every, 20,
                 unit="shape")


if __name__ == "__main__":
    main()
