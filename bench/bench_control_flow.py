#!/usr/bin/env python3
"""jxp vs JAX: long loops under jit, forward and reverse mode.

Two programs, each run by jxp and by JAX (0.10.2) in one process:

  rnn   jit of an RNN-style lax.scan over 1,000 steps,
        h <- tanh(h @ W + x @ U + b), xs of shape (1000, 32), hidden 128;
        returns the last h and all of them.
  fori  jit(grad(loss)) where loss runs a 1,000-step lax.fori_loop with
        static bounds (both libraries turn it into a scan) over a carry
        (h: f32[16, 32], acc: f32[]) updated by a two-layer residual MLP;
        the gradient is with respect to the MLP's parameters, so reverse
        mode goes through the whole loop.

For each it prints the first call of a fresh function (trace, for `fori`
also differentiate, + compile + run), the steady-state run time (median of
many calls of one cached function) and the instruction count of XLA's
optimized HLO, with the ratio jxp / JAX (< 1: jxp smaller or faster).
Before timing, jxp's outputs are checked against JAX's.  Timings are
printed, never asserted.

    python3 bench/bench_control_flow.py            # full run (~1 minute)
    python3 bench/bench_control_flow.py --quick    # fewer repetitions
    python3 bench/bench_control_flow.py --dump DIR # + write both StableHLOs

Works with jxp pip-installed or, failing that, from this checkout's
``python/`` directory (PYTHONPATH=python also works).
"""

import argparse
import gc
import os
import re
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

import jax
import numpy as np

perf = time.perf_counter

STEPS = 1000
# rnn: hidden size, input size.
HIDDEN, INPUT = 128, 32
# fori: batch and width of the carried state.
BATCH, WIDTH = 16, 32


# ---------------------------------------------------------------------------
# The programs (a new Python function on every call: no jit cache can hit)
# ---------------------------------------------------------------------------


def make_rnn(lib):
    jnp, lax = lib.numpy, lib.lax

    def rnn(W, U, b, h0, xs):
        def step(h, x):
            h = jnp.tanh(h @ W + x @ U + b)
            return h, h
        return lax.scan(step, h0, xs)
    return rnn


def rnn_inputs(rng):
    W = rng.normal(size=(HIDDEN, HIDDEN)) / np.sqrt(HIDDEN)
    U = rng.normal(size=(INPUT, HIDDEN)) / np.sqrt(INPUT)
    b = rng.normal(size=HIDDEN) * 0.1
    h0 = np.zeros(HIDDEN)
    xs = rng.normal(size=(STEPS, INPUT))
    return tuple(a.astype(np.float32) for a in (W, U, b, h0, xs))


def make_fori_loss(lib):
    jnp, lax = lib.numpy, lib.lax

    def loss(p, h0):
        def body(i, carry):
            h, acc = carry
            t = lax.convert_element_type(i, jnp.float32) * 1e-3
            z = jnp.tanh(h @ p["W1"] + p["b1"] + t)
            h = h + 0.05 * (z @ p["W2"] + p["b2"])
            return h, acc + jnp.mean(h * h)
        h, acc = lax.fori_loop(0, STEPS, body,
                               (h0, jnp.zeros((), jnp.float32)))
        return acc / STEPS + jnp.mean(h)
    return loss


def make_fori(lib):
    return lib.grad(make_fori_loss(lib))


def fori_inputs(rng):
    p = {"W1": rng.normal(size=(WIDTH, WIDTH)) / np.sqrt(WIDTH),
         "b1": rng.normal(size=WIDTH) * 0.1,
         "W2": rng.normal(size=(WIDTH, WIDTH)) / np.sqrt(WIDTH),
         "b2": rng.normal(size=WIDTH) * 0.1}
    p = {k: v.astype(np.float32) for k, v in p.items()}
    h0 = rng.normal(size=(BATCH, WIDTH)).astype(np.float32)
    return p, h0


# ---------------------------------------------------------------------------
# Measuring
# ---------------------------------------------------------------------------


class no_gc:
    """Collect once, then keep the cyclic GC off while timing."""

    def __enter__(self):
        gc.collect()
        self.was = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc):
        if self.was:
            gc.enable()


def block(lib, out):
    return (jax.block_until_ready if lib is jax else
            jxp.block_until_ready)(out)


def first_call(lib, make, args):
    """Seconds of one call of jit(make(lib)): trace + compile + run."""
    f = lib.jit(make(lib))
    with no_gc():
        t = perf()
        block(lib, f(*args))
        t = perf() - t
    return t, f


def first_calls(make, x_args, j_args, reps):
    """Median first-call times of jxp and JAX, alternating between them so
    that load from other processes hits both alike."""
    tx, tj, keep = [], [], []  # keep functions alive: no id reuse
    for _ in range(reps):
        t, f = first_call(jxp, make, x_args)
        tx.append(t)
        keep.append(f)
        t, f = first_call(jax, make, j_args)
        tj.append(t)
        keep.append(f)
    return statistics.median(tx), statistics.median(tj)


def batch_size(fn, min_time):
    """Calls per batch so that a batch lasts at least min_time seconds."""
    n = 1
    while True:
        t = perf()
        for _ in range(n):
            fn()
        t = perf() - t
        if t >= min_time or n >= 1 << 16:
            return n
        n *= max(2, min(10, int(min_time / max(t, 1e-9)) + 1))


def steady_state(fx, fj, batches, min_time):
    """Median per-call time of cached calls, in batches of the same number
    of calls for both, jxp and JAX batches alternating; returns (jxp, JAX,
    calls per batch)."""
    for _ in range(3):  # warm-up
        fx()
        fj()
    n = max(batch_size(fx, min_time), batch_size(fj, min_time))
    tx, tj = [], []
    with no_gc():
        for _ in range(batches):
            for fn, out in ((fx, tx), (fj, tj)):
                t = perf()
                for _ in range(n):
                    fn()
                out.append((perf() - t) / n)
    return statistics.median(tx), statistics.median(tj), n


def hlo_instructions(text):
    """Instructions in XLA's optimized HLO text (lines `name = ...`)."""
    return sum(1 for line in text.splitlines()
               if re.match(r"\s*(ROOT\s+)?[%\w.\-]+\s*=\s", line))


def check_close(out_x, out_j, rtol, atol):
    leaves_x = jxp.tree_util.tree_leaves(out_x)
    leaves_j = jax.tree_util.tree_leaves(out_j)
    assert len(leaves_x) == len(leaves_j), (len(leaves_x), len(leaves_j))
    for a, b in zip(leaves_x, leaves_j):
        np.testing.assert_allclose(np.asarray(a), np.asarray(b),
                                   rtol=rtol, atol=atol)


def run_case(name, make, host_args, reps, batches, min_time, dump):
    x_args = jxp.tree_util.tree_map(jxp.device_put, host_args)
    j_args = jax.tree_util.tree_map(jax.device_put, host_args)
    fx, fj = jxp.jit(make(jxp)), jax.jit(make(jax))
    # Sanity check before timing: same numbers from both.
    check_close(fx(*x_args), fj(*j_args), rtol=1e-4, atol=1e-5)
    tfx, tfj = first_calls(make, x_args, j_args, reps)
    tsx, tsj, n = steady_state(lambda: block(jxp, fx(*x_args)),
                                    lambda: block(jax, fj(*j_args)),
                                    batches, min_time)
    lx, lj = fx.lower(*x_args), fj.lower(*j_args)
    hx = hlo_instructions(lx.compile().as_text())
    hj = hlo_instructions(lj.compile().as_text())
    if dump:
        os.makedirs(dump, exist_ok=True)
        for lib, lowered in (("jxp", lx), ("jax", lj)):
            base = os.path.join(dump, f"{name}.{lib}")
            with open(base + ".stablehlo.mlir", "w") as fh:
                fh.write(lowered.as_text())
            with open(base + ".optimized.hlo", "w") as fh:
                fh.write(lowered.compile().as_text())
    return [("first call", tfx, tfj, f"{reps} reps"),
            ("steady state", tsx, tsj,
             f"{batches} batches x {n} calls"),
            ("optimized HLO instrs", hx, hj, "")]


def fmt(v, is_time):
    if not is_time:
        return f"{v}"
    if v < 1e-3:
        return f"{v * 1e6:.1f} us"
    if v < 1.0:
        return f"{v * 1e3:.2f} ms"
    return f"{v:.3f} s"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true",
                    help="fewer repetitions (smoke test)")
    ap.add_argument("--dump", metavar="DIR",
                    help="write both libraries' StableHLO and optimized HLO "
                         "of each program to DIR")
    opts = ap.parse_args()
    reps, batches, min_time = (3, 3, 0.05) if opts.quick else (9, 9, 0.2)
    t_start = perf()

    print(f"jxp {getattr(jxp, '__version__', '?')} "
          f"({os.path.dirname(jxp.__file__)}), jax {jax.__version__}, "
          f"{os.cpu_count()} CPUs; mode {'quick' if opts.quick else 'full'}")
    print("ratio = jxp / JAX (< 1: jxp faster or smaller); medians")
    print()

    # Warm both libraries up (clients, MLIR contexts, jnp's internal jits):
    # the first compile of a process is not measured.
    rng = np.random.default_rng(0)
    small = (np.ones((2, 2), np.float32), np.ones(2, np.float32),
             np.ones(2, np.float32), np.zeros(2, np.float32),
             np.ones((3, 2), np.float32))
    for lib in (jxp, jax):
        block(lib, lib.jit(make_rnn(lib))(*small))

    cases = [
        ("rnn", f"jit(scan) RNN, {STEPS} steps, hidden {HIDDEN}, "
                f"xs ({STEPS}, {INPUT})", make_rnn, rnn_inputs(rng)),
        ("fori", f"jit(grad(loss)), loss = fori_loop({STEPS} steps) over "
                 f"a 2-layer MLP, carry f32[{BATCH},{WIDTH}] + f32[]",
         make_fori, fori_inputs(rng)),
    ]
    results = [(title, run_case(name, make, args, reps, batches, min_time,
                                opts.dump))
               for name, title, make, args in cases]

    w = 22
    print(f"{'':{w}}  {'jxp':>10}  {'JAX':>10}  {'jxp/JAX':>7}  samples")
    for title, rows in results:
        print(title)
        for row, a, b, note in rows:
            is_time = isinstance(a, float)
            print(f"  {row:<{w - 2}}  {fmt(a, is_time):>10}  "
                  f"{fmt(b, is_time):>10}  {a / b:>7.2f}  {note}")
    if opts.dump:
        print(f"\nStableHLO and optimized HLO written to {opts.dump}/")
    print(f"\ntotal benchmark time {perf() - t_start:.1f} s")


if __name__ == "__main__":
    main()
