#!/usr/bin/env python3
"""jxp vs JAX: jit first-call (trace + compile), cached-call and eager
dispatch overheads, and how trace + compile scale with program size.

Runs both libraries in one process and prints ratios jxp time / JAX time
(< 1: jxp is faster) next to the absolute medians.  Nothing is asserted.

    python3 bench/bench_jit.py            # full run (~1-2 minutes)
    python3 bench/bench_jit.py --quick    # fewer repetitions (smoke test)
    python3 bench/bench_jit.py --profile 10000   # + cProfile of jxp's trace

Works with jxp pip-installed or, failing that, from this checkout's
``python/`` directory (PYTHONPATH=python also works).
"""

import argparse
import gc
import os
import platform
import statistics
import sys
import time

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "1")

try:
    import jxp
except ImportError:  # not installed: use the checkout's python/ directory
    sys.path.insert(0, os.path.join(
        os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "python"))
    import jxp

import jxp.numpy as xnp
from jxp import _jxp
from jxp._src import api as xapi
from jxp._src import runtime as xruntime
from jxp._src.core import abstractify as xabstractify

import numpy as np
import jax
import jax.numpy as jnp

perf = time.perf_counter

OPTIMIZE = getattr(xapi, "OPTIMIZE", "inline,canonicalize,cse,symbol-dce")
TO_STABLEHLO = getattr(xapi, "TO_STABLEHLO", "convert-jxp-to-stablehlo")
JIT_PIPELINE = f"{OPTIMIZE},{TO_STABLEHLO}"


# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------


def fmt(t):
    """Seconds, human readable."""
    if t < 1e-3:
        return f"{t * 1e6:.1f} us"
    if t < 1.0:
        return f"{t * 1e3:.2f} ms"
    return f"{t:.3f} s"


def us(t):
    return f"{t * 1e6:.2f}"


class no_gc:
    """Collect once, then keep the cyclic GC off while timing."""

    def __enter__(self):
        gc.collect()
        self.was = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc):
        if self.was:
            gc.enable()


def time_once(fn):
    t = perf()
    fn()
    return perf() - t


def timeit_median(fn, batches, min_batch_time):
    """%timeit-style: per-call time of `batches` batches of n calls each
    (n chosen so a batch lasts >= min_batch_time); returns the median."""
    for _ in range(3):  # warm-up
        fn()
    n = 1
    while True:
        with no_gc():
            t = perf()
            for _ in range(n):
                fn()
            t = perf() - t
        if t >= min_batch_time or n >= 1 << 20:
            break
        n *= 2 if t <= 0 else max(2, min(10, int(min_batch_time / t) + 1))
    per_call = []
    with no_gc():
        for _ in range(batches):
            t = perf()
            for _ in range(n):
                fn()
            per_call.append((perf() - t) / n)
    return statistics.median(per_call), n


def ratio(a, b):
    return f"{a / b:.2f}" if b > 0 else "n/a"


# ---------------------------------------------------------------------------
# The programs
# ---------------------------------------------------------------------------


def make_affine():
    """A new Python function object on every call: no cache can hit."""
    def fn(W, b, x):
        return x @ W + b
    return fn


def make_chain(np_mod, n):
    """n chained elementwise ops, alternating sin and a multiply: every op
    feeds the next one, so neither jxp nor XLA can drop any of them."""
    sin = np_mod.sin

    def chain(x):
        for i in range(n):
            x = sin(x) if i % 2 == 0 else x * 1.0001
        return x
    return chain


def first_call_times(make, jit, args, reps):
    """Times of f(*args).block_until_ready() on a fresh jit(new function)."""
    times = []
    keep = []  # keep every function alive: no id reuse between repetitions
    with no_gc():
        for _ in range(reps):
            f = jit(make())
            keep.append(f)
            t = perf()
            f(*args).block_until_ready()
            times.append(perf() - t)
    del keep
    gc.collect()
    return times


def interleaved_first_calls(make_x, make_j, x_args, j_args, reps):
    """jxp and JAX first calls, alternating, so drift hits both alike."""
    tx, tj = [], []
    for _ in range(reps):
        tx += first_call_times(make_x, jxp.jit, x_args, 1)
        tj += first_call_times(make_j, jax.jit, j_args, 1)
    return statistics.median(tx), statistics.median(tj)


# ---------------------------------------------------------------------------
# jxp first call, phase by phase (what JitFunction._compiled + Compiled do)
# ---------------------------------------------------------------------------

PHASES = ("trace", "text", "pipeline", "compile", "parse")


def jxp_phases(fun, args):
    """Seconds per phase of one jxp first call (without execution).

    trace:    api.trace (Python -> jxp MLIR module)
    text:     Traced.text() (generic asm with locations)
    pipeline: _jxp.run_pipeline (C++: optimize + convert to StableHLO)
    compile:  runtime.compile (jaxlib: parse StableHLO text + XLA compile)
    parse:    runtime.parse_stablehlo alone (a part of compile, for info)
    """
    avals = [xabstractify(a) for a in args]
    name = getattr(fun, "__name__", "fun")
    out = {}
    with no_gc():
        t0 = perf()
        traced = xapi.trace(fun, name, list(avals),
                            lambda tracers: (tracers, {}))
        t1 = perf()
        text = traced.text()
        t2 = perf()
        shlo = _jxp.run_pipeline(text, JIT_PIPELINE, True, True)
        t3 = perf()
        exe = xruntime.compile(shlo)
        t4 = perf()
        xruntime.parse_stablehlo(shlo)
        t5 = perf()
    out.update(trace=t1 - t0, text=t2 - t1, pipeline=t3 - t2,
               compile=t4 - t3, parse=t5 - t4)
    del exe, traced
    return out


def jax_phases(fun, args):
    """Seconds of JAX's trace / lower / compile (AOT API), for context."""
    with no_gc():
        t0 = perf()
        tr = jax.jit(fun).trace(*args)
        t1 = perf()
        lo = tr.lower()
        t2 = perf()
        co = lo.compile()
        t3 = perf()
    del co, lo, tr
    return dict(trace=t1 - t0, lower=t2 - t1, compile=t3 - t2)


def median_dicts(ds):
    return {k: statistics.median(d[k] for d in ds) for k in ds[0]}


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true",
                    help="fewer repetitions (smoke test)")
    ap.add_argument("--sizes", default="100,1000,10000",
                    help="program sizes N for the scaling part")
    ap.add_argument("--profile", type=int, metavar="N", default=0,
                    help="also cProfile one jxp trace of the N-op chain")
    opts = ap.parse_args()
    quick = opts.quick
    sizes = [int(s) for s in opts.sizes.split(",") if s]
    t_start = perf()

    print(f"jxp {getattr(jxp, '__version__', '?')} ({os.path.dirname(jxp.__file__)}), "
          f"jax {jax.__version__}, jaxlib {jax.lib.__version__ if hasattr(jax.lib, '__version__') else '?'}, "
          f"numpy {np.__version__}, Python {platform.python_version()}, "
          f"{os.cpu_count()} CPUs")
    print(f"mode: {'quick' if quick else 'full'}; ratio = jxp / JAX "
          f"(< 1: jxp faster); medians")
    print()

    rng = np.random.default_rng(0)
    W = rng.standard_normal((4, 2)).astype(np.float32)
    b = rng.standard_normal(2).astype(np.float32)
    x = rng.standard_normal(4).astype(np.float32)
    xW, xb, xx = (jxp.device_put(a) for a in (W, b, x))
    jW, jb, jx = (jax.device_put(a) for a in (W, b, x))

    # Warm both libraries up (client creation, MLIR contexts, jnp's own
    # internal jits, ...): the first first-call of a process is not measured.
    for _ in range(2):
        first_call_times(make_affine, jxp.jit, (xW, xb, xx), 1)
        first_call_times(make_affine, jax.jit, (jW, jb, jx), 1)
    np.testing.assert_allclose(np.asarray(jxp.jit(make_affine())(xW, xb, xx)),
                               np.asarray(jax.jit(make_affine())(jW, jb, jx)),
                               rtol=1e-6)

    rows = []

    # 1. First call: trace + compile + execute of a fresh jitted function.
    reps = 3 if quick else 10
    tx, tj = interleaved_first_calls(make_affine, make_affine,
                                     (xW, xb, xx), (jW, jb, jx), reps)
    rows.append(("first call  x@W+b  (trace+compile+run)", tx, tj,
                 f"{reps} reps"))

    # 2. Cached call of the same jitted function.
    batches, min_t = (3, 0.02) if quick else (7, 0.1)
    fx, fj = jxp.jit(make_affine()), jax.jit(make_affine())
    tx, nx = timeit_median(lambda: fx(xW, xb, xx).block_until_ready(),
                           batches, min_t)
    tj, nj = timeit_median(lambda: fj(jW, jb, jx).block_until_ready(),
                           batches, min_t)
    rows.append(("cached call x@W+b  (+block_until_ready)", tx, tj,
                 f"{batches} batches x {nx}/{nj}"))

    # 3. Eager small matmul.
    A = rng.standard_normal((4, 4)).astype(np.float32)
    B = rng.standard_normal((4, 4)).astype(np.float32)
    xA, xB = jxp.device_put(A), jxp.device_put(B)
    jA, jB = jax.device_put(A), jax.device_put(B)
    tx, nx = timeit_median(lambda: (xA @ xB).block_until_ready(),
                           batches, min_t)
    tj, nj = timeit_median(lambda: (jA @ jB).block_until_ready(),
                           batches, min_t)
    rows.append(("eager f32[4,4] @ f32[4,4] (+block)", tx, tj,
                 f"{batches} batches x {nx}/{nj}"))

    # 4. Eager small elementwise op.
    tx, nx = timeit_median(lambda: (xA + xB).block_until_ready(),
                           batches, min_t)
    tj, nj = timeit_median(lambda: (jA + jB).block_until_ready(),
                           batches, min_t)
    rows.append(("eager f32[4,4] + f32[4,4] (+block)", tx, tj,
                 f"{batches} batches x {nx}/{nj}"))

    w = max(len(r[0]) for r in rows)
    print(f"{'benchmark':<{w}}  {'jxp':>10}  {'JAX':>10}  {'jxp/JAX':>7}  "
          f"samples")
    print("-" * (w + 50))
    for name, a, c, note in rows:
        print(f"{name:<{w}}  {fmt(a):>10}  {fmt(c):>10}  {ratio(a, c):>7}  "
              f"{note}")
    print()

    # 4. Scaling of the first call with program size.
    xv = np.ones(4, np.float32)
    xv_x, xv_j = jxp.device_put(xv), jax.device_put(xv)
    # Sanity: same numbers from both (and the chain really is computed).
    np.testing.assert_allclose(
        np.asarray(jxp.jit(make_chain(xnp, 10))(xv_x)),
        np.asarray(jax.jit(make_chain(jnp, 10))(xv_j)), rtol=1e-5)

    def reps_for(n):
        if quick:
            return 1 if n >= 5000 else 2
        return 3 if n >= 5000 else 5 if n >= 500 else 10

    scale, phases, jphases = {}, {}, {}
    for n in sizes:
        r = reps_for(n)
        tx, tj = interleaved_first_calls(lambda: make_chain(xnp, n),
                                         lambda: make_chain(jnp, n),
                                         (xv_x,), (xv_j,), r)
        scale[n] = (tx, tj, r)
        phases[n] = median_dicts([jxp_phases(make_chain(xnp, n), (xv_x,))
                                  for _ in range(r)])
        jphases[n] = median_dicts([jax_phases(make_chain(jnp, n), (xv_j,))
                                   for _ in range(r)])

    print("first call of an N-op elementwise chain (sin / mul alternating), "
          "f32[4]")
    print(f"{'N':>6}  {'jxp':>10}  {'JAX':>10}  {'jxp/JAX':>7}  "
          f"{'jxp us/op':>9}  {'JAX us/op':>9}  reps")
    for n in sizes:
        tx, tj, r = scale[n]
        print(f"{n:>6}  {fmt(tx):>10}  {fmt(tj):>10}  {ratio(tx, tj):>7}  "
              f"{us(tx / n):>9}  {us(tj / n):>9}  {r}")
    print()

    print("jxp first call by phase: total (us per op); other = first call "
          "- phases (dispatch, arg handling, execute)")
    print("  trace=api.trace  text=Traced.text()  pipeline=_jxp.run_pipeline"
          "  compile=runtime.compile (parse+XLA; parse shown alone too)")
    cols = ("trace", "text", "pipeline", "compile", "parse")
    print(f"{'N':>6}  " + "  ".join(f"{c:>20}" for c in cols)
          + f"  {'other':>10}")
    for n in sizes:
        p = phases[n]
        other = scale[n][0] - sum(p[c] for c in cols if c != "parse")
        cells = [f"{fmt(p[c])} ({us(p[c] / n)})" for c in cols]
        print(f"{n:>6}  " + "  ".join(f"{c:>20}" for c in cells)
              + f"  {fmt(other):>10}")
    if len(sizes) > 1:
        print("per-op cost growth between consecutive N (1.0 = linear, "
              "10 = quadratic for a 10x step):")
        for n0, n1 in zip(sizes, sizes[1:]):
            cells = []
            for c in cols:
                g = (phases[n1][c] / n1) / (phases[n0][c] / n0)
                cells.append(f"{c} {g:.2f}")
            tot0, tot1 = scale[n0][0] / n0, scale[n1][0] / n1
            print(f"  {n0:>5} -> {n1:<5}  " + "  ".join(cells)
                  + f"  | total {tot1 / tot0:.2f}")
    print()

    print("JAX first call by phase (AOT trace / lower / compile), for context:")
    print(f"{'N':>6}  " + "  ".join(f"{c:>20}" for c in ("trace", "lower",
                                                         "compile")))
    for n in sizes:
        p = jphases[n]
        cells = [f"{fmt(p[c])} ({us(p[c] / n)})"
                 for c in ("trace", "lower", "compile")]
        print(f"{n:>6}  " + "  ".join(f"{c:>20}" for c in cells))
    print()

    if opts.profile:
        import cProfile
        import pstats
        n = opts.profile
        fun = make_chain(xnp, n)
        avals = [xabstractify(xv_x)]
        pr = cProfile.Profile()
        pr.enable()
        xapi.trace(fun, "chain", avals, lambda tracers: (tracers, {}))
        pr.disable()
        print(f"cProfile of jxp api.trace, N={n} (tottime, top 25):")
        pstats.Stats(pr, stream=sys.stdout).sort_stats("tottime").print_stats(25)

    print(f"total benchmark time {perf() - t_start:.1f} s")


if __name__ == "__main__":
    main()
