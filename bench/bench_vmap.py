#!/usr/bin/env python3
"""jxp vs JAX: vmap under jit, per-example gradients and Jacobians.

Five programs, each run by jxp and by JAX (0.10.2) in one process:

  pex      per-example gradients of an MLP loss,
           jit(vmap(grad(loss), in_axes=(None, 0, 0))): layers
           784 -> 512 -> 512 -> 10 with tanh, softmax cross-entropy of one
           example, parameters a list of {"W", "b"} dicts, batch 128.
  jacrev   jit(jacrev(f)) of f(x, W, b) = tanh(W @ x + b) * x, x: f32[100]
           (W: f32[100, 100] and b: f32[100] are arguments, not
           differentiated): one VJP batched over the 100 output cotangents.
  jacfwd   jit(jacfwd(f)) of the same f: one JVP batched over the 100 input
           tangents.
  hessian  jit(hessian(g)) of g(x, W, b) = sum(tanh(W @ x + b) * x)
           + sum(sin(x)^2), a scalar of 100 inputs (jacfwd of jacrev).
  jacrev1000
           jit(jacrev(f)) of the same f at 1000 -> 1000, where the cost of
           the standard basis shows (an 8 MB constant in the program until
           commit 9b1d0bc built it from iotas, as JAX does).

For each it prints the first call of a fresh function (trace, transform,
compile, run), the steady-state run time (median per-call time over batches
of cached calls, jxp and JAX batches alternating), the system CPU time and
minor page faults per steady-state call (all threads) and the instruction
count of XLA's optimized HLO, with the ratio jxp / JAX (< 1: jxp faster or
smaller).  A call lasts until the process has gone quiet (see settle in
bench_control_flow.py, whose harness this script shares).  Before timing,
jxp's outputs are checked against JAX's.  Timings are printed, never
asserted.

    python3 bench/bench_vmap.py            # full run (~70 s)
    python3 bench/bench_vmap.py --quick    # fewer repetitions
    python3 bench/bench_vmap.py --only pex # some programs only
    python3 bench/bench_vmap.py --dump DIR # + both StableHLOs and
                                           #   optimized HLOs

Works with jxp pip-installed or, failing that, from this checkout's
``python/`` directory (PYTHONPATH=python also works).
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
# Imports jxp (installed, or this checkout's python/) and jax.
import bench_control_flow as harness  # noqa: E402

import jax  # noqa: E402
import jxp  # noqa: E402
import numpy as np  # noqa: E402

perf = harness.perf

# pex: the MLP's layer sizes and the batch of examples.
SIZES = (784, 512, 512, 10)
BATCH = 128
# jacrev, jacfwd, hessian: the number of inputs (and outputs); jacrev1000's.
N = 100
N_BIG = 1000

PROGRAMS = ("pex", "jacrev", "jacfwd", "hessian", "jacrev1000")


# ---------------------------------------------------------------------------
# The programs (a new Python function on every call: no cache can hit)
# ---------------------------------------------------------------------------


def make_pex(lib):
    """jit(vmap(grad(loss))) target: per-example gradients of a fresh loss."""
    jnp, nn = lib.numpy, lib.nn

    def loss(params, x, label):
        h = x
        for layer in params[:-1]:
            h = jnp.tanh(h @ layer["W"] + layer["b"])
        logits = h @ params[-1]["W"] + params[-1]["b"]
        return -jnp.sum(nn.log_softmax(logits) * label)
    return lib.vmap(lib.grad(loss), in_axes=(None, 0, 0))


def pex_inputs(rng):
    params = [{"W": (rng.normal(size=(m, n)) / np.sqrt(m)).astype(np.float32),
               "b": (rng.normal(size=n) * 0.1).astype(np.float32)}
              for m, n in zip(SIZES[:-1], SIZES[1:])]
    x = rng.normal(size=(BATCH, SIZES[0])).astype(np.float32)
    labels = np.eye(SIZES[-1], dtype=np.float32)[
        rng.integers(0, SIZES[-1], BATCH)]
    return params, x, labels


def vector_fn(lib):
    """A fresh f(x, W, b) = tanh(W @ x + b) * x: R^N -> R^N."""
    jnp = lib.numpy

    def f(x, W, b):
        return jnp.tanh(W @ x + b) * x
    return f


def scalar_fn(lib):
    """A fresh g(x, W, b): R^N -> R, with a dense Hessian."""
    jnp = lib.numpy

    def g(x, W, b):
        return jnp.sum(jnp.tanh(W @ x + b) * x) + jnp.sum(jnp.sin(x) ** 2)
    return g


def make_jacrev(lib):
    return lib.jacrev(vector_fn(lib))


def make_jacfwd(lib):
    return lib.jacfwd(vector_fn(lib))


def make_hessian(lib):
    return lib.hessian(scalar_fn(lib))


def jac_inputs(rng, n=N):
    x = rng.normal(size=n).astype(np.float32)
    W = (rng.normal(size=(n, n)) / np.sqrt(n)).astype(np.float32)
    b = (rng.normal(size=n) * 0.1).astype(np.float32)
    return x, W, b


# ---------------------------------------------------------------------------
# Measuring
# ---------------------------------------------------------------------------


def run_case(name, make, host_args, reps, batches, min_time, dump):
    x_args = jxp.tree_util.tree_map(jxp.device_put, host_args)
    j_args = jax.tree_util.tree_map(jax.device_put, host_args)
    fx, fj = jxp.jit(make(jxp)), jax.jit(make(jax))
    # Sanity check before timing: same numbers from both.
    harness.check_close(fx(*x_args), fj(*j_args), rtol=2e-4, atol=2e-5)
    tfx, tfj = harness.first_calls(make, x_args, j_args, reps)
    (tsx, tsj), ((fltx, sysx), (fltj, sysj)), n = harness.steady_states(
        (lambda: harness.block(jxp, fx(*x_args)),
         lambda: harness.block(jax, fj(*j_args))), batches, min_time)
    lx, lj = fx.lower(*x_args), fj.lower(*j_args)
    hx = harness.hlo_instructions(lx.compile().as_text())
    hj = harness.hlo_instructions(lj.compile().as_text())
    if dump:
        harness.dump_lowered(dump, f"{name}.jxp", lx)
        harness.dump_lowered(dump, f"{name}.jax", lj)
    return [("first call", tfx, tfj, f"{reps} reps", "s"),
            ("steady state", tsx, tsj,
             f"{batches} batches x {n} calls", "s"),
            ("system CPU / call", sysx, sysj, "all threads", "s"),
            ("page faults / call", fltx, fltj, "minor", ""),
            ("optimized HLO instrs", hx, hj, "", "")]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true",
                    help="fewer repetitions (smoke test)")
    ap.add_argument("--only", metavar="NAMES", default=",".join(PROGRAMS),
                    help=f"comma-separated programs to run, of "
                         f"{', '.join(PROGRAMS)} (default: all)")
    ap.add_argument("--dump", metavar="DIR",
                    help="write both libraries' StableHLO and optimized HLO "
                         "of each program to DIR")
    opts = ap.parse_args()
    only, reps, batches, min_time, t_start = harness.start(ap, opts, PROGRAMS)

    # Warm both libraries up (clients, MLIR contexts, jnp's internal jits,
    # the batching and differentiation machinery): the first transform and
    # compile of a process are not measured.
    rng = np.random.default_rng(0)
    small = (np.ones(3, np.float32), np.ones((3, 3), np.float32),
             np.zeros(3, np.float32))
    for lib in (jxp, jax):
        harness.block(lib, lib.jit(lib.vmap(lib.grad(scalar_fn(lib)),
                                            in_axes=(0, None, None)))(
            np.ones((2, 3), np.float32), *small[1:]))
        harness.block(lib, lib.jit(make_jacrev(lib))(*small))

    # Inputs are drawn in a fixed order whatever --only says.
    pex_args = pex_inputs(rng)
    jac_args = jac_inputs(rng)
    big_args = jac_inputs(rng, N_BIG)
    layers = " -> ".join(map(str, SIZES))
    cases = [
        ("pex", f"jit(vmap(grad(loss), in_axes=(None, 0, 0))), MLP {layers} "
                f"(tanh), batch {BATCH}", make_pex, pex_args),
        ("jacrev", f"jit(jacrev(f)), f(x) = tanh(W @ x + b) * x, "
                   f"{N} -> {N}", make_jacrev, jac_args),
        ("jacfwd", "jit(jacfwd(f)), the same f", make_jacfwd, jac_args),
        ("hessian", f"jit(hessian(g)), g(x) = sum(tanh(W @ x + b) * x) + "
                    f"sum(sin(x)^2), {N} -> 1", make_hessian, jac_args),
        ("jacrev1000", f"jit(jacrev(f)), the same f, {N_BIG} -> {N_BIG}",
         make_jacrev, big_args),
    ]
    results = [(title, run_case(name, make, args, reps, batches, min_time,
                                opts.dump))
               for name, title, make, args in cases if name in only]

    w = 22
    print(f"{'':{w}}  {'jxp':>10}  {'JAX':>10}  {'jxp/JAX':>7}  samples")
    for title, rows in results:
        print(title)
        for row, a, b, note, unit in rows:
            print(f"  {row:<{w - 2}}  {harness.fmt(a, unit):>10}  "
                  f"{harness.fmt(b, unit):>10}  "
                  f"{harness.fmt_ratio(a, b):>7}  {note}")
    if opts.dump:
        print(f"\nStableHLO and optimized HLO written to {opts.dump}/")
    print(f"\ntotal benchmark time {perf() - t_start:.1f} s")


if __name__ == "__main__":
    main()
