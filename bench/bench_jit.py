#!/usr/bin/env python3
"""jxp vs JAX: jit first-call (trace + compile), cached-call and eager
dispatch overheads, and how trace + compile scale with program size.

Runs both libraries in one process and prints ratios jxp time / JAX time
(< 1: jxp is faster) next to the absolute medians.  Nothing is asserted.
Every figure that issue 14's "Checked by" names is printed, with its goal:

  cached call of jit(lambda x, W, b: x @ W + b), x f32[4,8], W f32[8,8],
  b f32[8]; eager f32[4,4] @ f32[4,4]; eager x * 2 + 1 on f32[4,4];
  cached jit(grad(mlp)) and eager grad(mlp) (a 2-layer MLP loss, params a
  dict, batch 8, hidden 16): jxp <= 1.0 x JAX;
  trace + pipeline per op of an N-op chain, N = 10^3 and 10^4 (jxp: trace +
  module text + C++ pipeline to StableHLO; JAX: trace + lower; XLA's
  compile left out of both): jxp <= 0.5 x JAX.

Per-call figures are medians over batches of calls, jxp and JAX batches
taking turns, so load from other processes hits both alike.

    python3 bench/bench_jit.py            # full run (~1.5 minutes)
    python3 bench/bench_jit.py --quick    # fewer repetitions (~30 s)
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
from jxp._src import tracing as xtracing
from jxp._src import compiler as xcompiler
from jxp._src.core import abstractify as xabstractify

import numpy as np
import jax
import jax.numpy as jnp

perf = time.perf_counter

OPTIMIZE = getattr(xcompiler, "OPTIMIZE", "inline,canonicalize,cse,symbol-dce")
TO_STABLEHLO = getattr(xcompiler, "TO_STABLEHLO", "convert-jxp-to-stablehlo")
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


def calls_per_batch(fn, min_batch_time):
    """Calls of fn in one batch, so that a batch lasts >= min_batch_time
    (%timeit's rule), after a few warm-up calls."""
    for _ in range(3):
        fn()
    n = 1
    while True:
        with no_gc():
            t = perf()
            for _ in range(n):
                fn()
            t = perf() - t
        if t >= min_batch_time or n >= 1 << 20:
            return n
        n *= 2 if t <= 0 else max(2, min(10, int(min_batch_time / t) + 1))


def timeit_interleaved(fns, batches, min_batch_time):
    """Median per-call time of each function over `batches` batches; the
    functions take turns batch by batch, so that load from other processes
    (2 shared cores) hits all alike.  Returns [(median, calls per batch)]."""
    ns = [calls_per_batch(fn, min_batch_time) for fn in fns]
    per_call = [[] for _ in fns]
    with no_gc():
        for _ in range(batches):
            for fn, n, out in zip(fns, ns, per_call):
                t = perf()
                for _ in range(n):
                    fn()
                out.append((perf() - t) / n)
    return [(statistics.median(ts), n) for ts, n in zip(per_call, ns)]


def ratio(a, b):
    return f"{a / b:.2f}" if b > 0 else "n/a"


# ---------------------------------------------------------------------------
# The programs
# ---------------------------------------------------------------------------


def make_affine():
    """A new Python function object on every call: no cache can hit."""
    return lambda x, W, b: x @ W + b


def make_mlp_loss(np_mod):
    """A 2-layer MLP's mean squared error, params a dict {W1, b1, W2, b2};
    the same code for both libraries (np_mod: jxp.numpy or jax.numpy)."""
    tanh, mean = np_mod.tanh, np_mod.mean

    def mlp(params, x, y):
        h = tanh(x @ params["W1"] + params["b1"])
        out = h @ params["W2"] + params["b2"]
        return mean((out - y) ** 2)
    return mlp


def mlp_inputs(rng, batch=8, n_in=8, hidden=16, n_out=4):
    """Host (numpy) params, x and y of make_mlp_loss."""
    def normal(*shape):
        return rng.standard_normal(shape).astype(np.float32)
    params = {"W1": normal(n_in, hidden) / np.sqrt(n_in),
              "b1": normal(hidden) * 0.1,
              "W2": normal(hidden, n_out) / np.sqrt(hidden),
              "b2": normal(n_out) * 0.1}
    return params, normal(batch, n_in), normal(batch, n_out)


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

def jxp_phases(fun, args, compile=True):
    """Seconds per phase of one jxp first call (without execution).

    trace:    tracing.trace (Python -> jxp MLIR module)
    text:     Traced.text() (generic asm with locations)
    pipeline: _jxp.run_pipeline (C++: optimize + convert to StableHLO)
    compile:  compiler.compile (jaxlib: parse StableHLO text + XLA compile)
    parse:    compiler.parse_stablehlo alone (a part of compile, for info)
    frontend: trace + text + pipeline (issue 14's "trace + pipeline")
    compile=False stops after the pipeline.
    """
    avals = [xabstractify(a) for a in args]
    name = getattr(fun, "__name__", "fun")
    with no_gc():
        t0 = perf()
        traced = xtracing.trace(fun, name, list(avals),
                            lambda tracers: (tracers, {}))
        t1 = perf()
        text = traced.text()
        t2 = perf()
        shlo = _jxp.run_pipeline(text, JIT_PIPELINE, True, True)
        t3 = perf()
        if compile:
            exe = xcompiler.compile(shlo)
            t4 = perf()
            xcompiler.parse_stablehlo(shlo)
            t5 = perf()
            del exe
    out = dict(trace=t1 - t0, text=t2 - t1, pipeline=t3 - t2,
               frontend=t3 - t0)
    if compile:
        out.update(compile=t4 - t3, parse=t5 - t4)
    return out


def jax_phases(fun, args, compile=True):
    """Seconds of JAX's trace / lower / compile (AOT API); frontend =
    trace + lower, what jxp's trace + text + pipeline does.  compile=False
    stops after lower."""
    with no_gc():
        t0 = perf()
        tr = jax.jit(fun).trace(*args)
        t1 = perf()
        lo = tr.lower()
        t2 = perf()
        if compile:
            co = lo.compile()
            t3 = perf()
            del co
    out = dict(trace=t1 - t0, lower=t2 - t1, frontend=t2 - t0)
    if compile:
        out.update(compile=t3 - t2)
    return out


def frontend_times(n, reps, xv_x, xv_j):
    """Median jxp and JAX phases without XLA's compile of the n-op chain,
    jxp and JAX taking turns: cheaper than a first call, so more
    repetitions fit."""
    px, pj = [], []
    for _ in range(reps):
        px.append(jxp_phases(make_chain(xnp, n), (xv_x,), compile=False))
        pj.append(jax_phases(make_chain(jnp, n), (xv_j,), compile=False))
    return median_dicts(px), median_dicts(pj)


def median_dicts(ds):
    return {k: statistics.median(d[k] for d in ds) for k in ds[0]}


def print_profile(pr, n, top=30):
    """cProfile figures per op of an n-op trace: time by source file, then
    the functions with the most own time (built-ins include the MLIR
    binding calls, which cProfile shows as {method ...} / {built-in ...})."""
    import pstats
    stats = pstats.Stats(pr).stats  # (file, line, fn) -> (cc, nc, tt, ct, _)
    total = sum(v[2] for v in stats.values())
    print(f"cProfile of jxp tracing.trace, N={n}: {fmt(total)} own time in all "
          f"(cProfile slows call-heavy code: compare shares, and see the "
          f"unprofiled trace time above)")
    by_file = {}
    for (file, _, fn), (_, _, tt, _, _) in stats.items():
        if file == "~":
            key = "built-in (C: MLIR bindings, builtins)"
        else:
            parts = file.split(os.sep)
            key = os.sep.join(parts[parts.index("jxp"):]) if "jxp" in parts \
                else os.path.basename(file)
        by_file[key] = by_file.get(key, 0.0) + tt
    print(f"  {'own time per op':>15}  {'share':>5}  source")
    for key, tt in sorted(by_file.items(), key=lambda kv: -kv[1])[:12]:
        print(f"  {us(tt / n):>12} us  {tt / total:>5.0%}  {key}")
    print()
    print(f"  {'calls/op':>8}  {'own us/op':>9}  {'cum us/op':>9}  function "
          f"(top {top} by own time)")
    rows = sorted(stats.items(), key=lambda kv: -kv[1][2])[:top]
    for (file, line, fn), (_, nc, tt, ct, _) in rows:
        where = fn if file == "~" else \
            f"{os.path.basename(file)}:{line}({fn})"
        print(f"  {nc / n:>8.2f}  {us(tt / n):>9}  {us(ct / n):>9}  {where}")
    print()


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------


def print_rows(rows):
    """The per-call table: name, jxp, JAX, ratio, issue 14's goal, samples."""
    w = max(len(r[0]) for r in rows)
    print(f"{'benchmark':<{w}}  {'jxp':>10}  {'JAX':>10}  {'jxp/JAX':>7}  "
          f"{'goal':>6}  samples")
    print("-" * (w + 58))
    for name, a, c, goal, note in rows:
        print(f"{name:<{w}}  {fmt(a):>10}  {fmt(c):>10}  {ratio(a, c):>7}  "
              f"{goal:>6}  {note}")


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
          f"(< 1: jxp faster); medians; goal = issue 14's bound on the ratio")
    print()

    rng = np.random.default_rng(0)
    x = rng.standard_normal((4, 8)).astype(np.float32)
    W = rng.standard_normal((8, 8)).astype(np.float32)
    b = rng.standard_normal(8).astype(np.float32)
    x_aff = tuple(jxp.device_put(a) for a in (x, W, b))
    j_aff = tuple(jax.device_put(a) for a in (x, W, b))

    # Warm both libraries up (client creation, MLIR contexts, jnp's own
    # internal jits, ...): the first first-call of a process is not measured.
    for _ in range(2):
        first_call_times(make_affine, jxp.jit, x_aff, 1)
        first_call_times(make_affine, jax.jit, j_aff, 1)
    np.testing.assert_allclose(np.asarray(jxp.jit(make_affine())(*x_aff)),
                               np.asarray(jax.jit(make_affine())(*j_aff)),
                               rtol=1e-6)

    rows = []
    batches, min_t = (3, 0.02) if quick else (7, 0.1)

    def per_call(name, fx, fj, goal=""):
        """A row of median per-call times, jxp and JAX batches alternating."""
        (tx, nx), (tj, nj) = timeit_interleaved([fx, fj], batches, min_t)
        rows.append((name, tx, tj, goal, f"{batches} batches x {nx}/{nj}"))

    # 1. First call: trace + compile + execute of a fresh jitted function.
    reps = 3 if quick else 10
    tx, tj = interleaved_first_calls(make_affine, make_affine,
                                     x_aff, j_aff, reps)
    rows.append(("first call  x@W+b  (trace+compile+run)", tx, tj, "",
                 f"{reps} reps"))

    # 2. Cached call of the same jitted function: issue 14's
    # jit(lambda x, W, b: x @ W + b), x f32[4,8], W f32[8,8], b f32[8].
    fx, fj = jxp.jit(make_affine()), jax.jit(make_affine())
    per_call("cached call x@W+b  (+block_until_ready)",
             lambda: fx(*x_aff).block_until_ready(),
             lambda: fj(*j_aff).block_until_ready(), "<=1.0")

    # 3. Eager small ops on f32[4,4].
    A = rng.standard_normal((4, 4)).astype(np.float32)
    B = rng.standard_normal((4, 4)).astype(np.float32)
    xA, xB = jxp.device_put(A), jxp.device_put(B)
    jA, jB = jax.device_put(A), jax.device_put(B)
    per_call("eager f32[4,4] @ f32[4,4] (+block)",
             lambda: (xA @ xB).block_until_ready(),
             lambda: (jA @ jB).block_until_ready(), "<=1.0")
    per_call("eager f32[4,4] + f32[4,4] (+block)",
             lambda: (xA + xB).block_until_ready(),
             lambda: (jA + jB).block_until_ready())
    np.testing.assert_allclose(np.asarray(xA * 2 + 1), np.asarray(jA * 2 + 1),
                               rtol=1e-6)
    per_call("eager f32[4,4] * 2 + 1 (+block)",
             lambda: (xA * 2 + 1).block_until_ready(),
             lambda: (jA * 2 + 1).block_until_ready(), "<=1.0")

    # 4. Gradient of a small MLP loss: cached jit(grad) and eager grad.
    host = mlp_inputs(rng)
    x_mlp = jxp.tree_util.tree_map(jxp.device_put, host)
    j_mlp = jax.tree_util.tree_map(jax.device_put, host)
    gx, gj = jxp.grad(make_mlp_loss(xnp)), jax.grad(make_mlp_loss(jnp))
    jgx, jgj = jxp.jit(gx), jax.jit(gj)
    for out_x in (gx(*x_mlp), jgx(*x_mlp)):  # same numbers before timing
        for k, v in gj(*j_mlp).items():
            np.testing.assert_allclose(np.asarray(out_x[k]), np.asarray(v),
                                       rtol=1e-5, atol=1e-6)
    per_call("cached jit(grad(mlp)) (+block)",
             lambda: jxp.block_until_ready(jgx(*x_mlp)),
             lambda: jax.block_until_ready(jgj(*j_mlp)), "<=1.0")
    per_call("eager grad(mlp) (+block)",
             lambda: jxp.block_until_ready(gx(*x_mlp)),
             lambda: jax.block_until_ready(gj(*j_mlp)), "<=1.0")

    print_rows(rows)
    print("  mlp(params, x, y) = mean((tanh(x @ W1 + b1) @ W2 + b2 - y)^2), "
          "params a dict, x f32[8,8], hidden 16, y f32[8,4]; grad w.r.t. "
          "params")
    print()

    # 5. Scaling of the first call with program size.
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

    def front_reps_for(n):
        if quick:
            return 2 if n >= 5000 else 5
        return 7 if n >= 5000 else 15

    scale, phases, jphases, front = {}, {}, {}, {}
    for n in sizes:
        r = reps_for(n)
        tx, tj = interleaved_first_calls(lambda: make_chain(xnp, n),
                                         lambda: make_chain(jnp, n),
                                         (xv_x,), (xv_j,), r)
        scale[n] = (tx, tj, r)
        px, pj = [], []
        for _ in range(r):  # alternating, as the first calls
            px.append(jxp_phases(make_chain(xnp, n), (xv_x,)))
            pj.append(jax_phases(make_chain(jnp, n), (xv_j,)))
        phases[n], jphases[n] = median_dicts(px), median_dicts(pj)
        # After the first calls of this size: the heap has grown to it.
        rf = front_reps_for(n)
        front[n] = frontend_times(n, rf, xv_x, xv_j) + (rf,)

    print("first call of an N-op elementwise chain (sin / mul alternating), "
          "f32[4]")
    print(f"{'N':>6}  {'jxp':>10}  {'JAX':>10}  {'jxp/JAX':>7}  "
          f"{'jxp us/op':>9}  {'JAX us/op':>9}  reps")
    for n in sizes:
        tx, tj, r = scale[n]
        print(f"{n:>6}  {fmt(tx):>10}  {fmt(tj):>10}  {ratio(tx, tj):>7}  "
              f"{us(tx / n):>9}  {us(tj / n):>9}  {r}")
    print()

    print("trace + pipeline per op of the chain, XLA compile left out "
          "(issue 14 goal: <= 0.5 at N = 10^3, 10^4)")
    print("  jxp: trace + text + pipeline (to StableHLO text); "
          "JAX: trace + lower (to a StableHLO module); us per op")
    print(f"{'N':>6}  {'jxp':>10}  {'JAX':>10}  {'jxp/op':>7}  "
          f"{'JAX/op':>7}  {'jxp/JAX':>7}  {'goal':>6}  "
          f"{'jxp trace/text/pipeline':>23}  {'JAX trace/lower':>15}  reps")
    for n in sizes:
        px, pj, r = front[n]
        fx, fj = px["frontend"], pj["frontend"]
        goal = "<=0.5" if n in (1000, 10000) else ""
        split_x = "/".join(f"{px[c] / n * 1e6:.1f}"
                           for c in ("trace", "text", "pipeline"))
        split_j = "/".join(f"{pj[c] / n * 1e6:.1f}" for c in ("trace", "lower"))
        print(f"{n:>6}  {fmt(fx):>10}  {fmt(fj):>10}  {us(fx / n):>7}  "
              f"{us(fj / n):>7}  {ratio(fx, fj):>7}  {goal:>6}  "
              f"{split_x:>23}  {split_j:>15}  {r}")
    print()

    print("jxp first call by phase: total (us per op); other = first call "
          "- phases (dispatch, arg handling, execute)")
    print("  trace=tracing.trace  text=Traced.text()  pipeline=_jxp.run_pipeline"
          "  compile=compiler.compile (parse+XLA; parse shown alone too)")
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
        n = opts.profile
        fun = make_chain(xnp, n)
        avals = [xabstractify(xv_x)]
        pr = cProfile.Profile()
        pr.enable()
        xtracing.trace(fun, "chain", avals, lambda tracers: (tracers, {}))
        pr.disable()
        print_profile(pr, n)

    print(f"total benchmark time {perf() - t_start:.1f} s")


if __name__ == "__main__":
    main()
