#!/usr/bin/env python3
"""jxp vs JAX: the gradient of an MLP loss under jit.

For jit(grad(loss)) over a list-of-dicts parameter pytree, prints jxp's and
JAX's first-call time (trace + differentiate + compile + run, a fresh
function each time), cached-call time, and the instruction count of XLA's
optimized HLO, with the ratio jxp / JAX (< 1: jxp smaller or faster).
Both run in one process. Nothing is asserted.

    python3 bench/bench_grad.py            # full run (~1 minute)
    python3 bench/bench_grad.py --quick    # fewer repetitions
"""

import argparse
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

SIZES = (784, 512, 256, 10)
BATCH = 128


def make_loss(lib):
    """A fresh MLP loss (softmax cross-entropy) in `lib` (jxp or jax)."""
    jnp, nn = lib.numpy, lib.nn

    def loss(params, x, labels):
        h = x
        for layer in params[:-1]:
            h = nn.relu(h @ layer["W"] + layer["b"])
        logits = h @ params[-1]["W"] + params[-1]["b"]
        logp = nn.log_softmax(logits)
        return -jnp.mean(jnp.sum(logp * labels, axis=-1))
    return loss


def inputs():
    rng = np.random.default_rng(0)
    params = [{"W": (rng.normal(size=(m, n)) / np.sqrt(m)).astype(np.float32),
               "b": np.zeros(n, np.float32)}
              for m, n in zip(SIZES[:-1], SIZES[1:])]
    x = rng.normal(size=(BATCH, SIZES[0])).astype(np.float32)
    labels = np.eye(SIZES[-1], dtype=np.float32)[rng.integers(0, 10, BATCH)]
    return params, x, labels


def hlo_instructions(text):
    """Instructions in XLA's optimized HLO text (lines `name = ...`)."""
    return sum(1 for line in text.splitlines()
               if re.match(r"\s*(ROOT\s+)?[%\w.\-]+\s*=\s", line))


def measure(lib, args, reps):
    def first():
        g = lib.jit(lib.grad(make_loss(lib)))
        t = time.perf_counter()
        jax.block_until_ready(g(*args)) if lib is jax else \
            lib.block_until_ready(g(*args))
        return time.perf_counter() - t
    firsts = [first() for _ in range(reps)]
    g = lib.jit(lib.grad(make_loss(lib)))
    block = jax.block_until_ready if lib is jax else lib.block_until_ready
    dev_args = (lib.device_put(args[0]), lib.device_put(args[1]),
                lib.device_put(args[2]))
    block(g(*dev_args))
    cached = []
    for _ in range(20 * reps):
        t = time.perf_counter()
        block(g(*dev_args))
        cached.append(time.perf_counter() - t)
    hlo = g.lower(*args).compile().as_text()
    return statistics.median(firsts), statistics.median(cached), \
        hlo_instructions(hlo), block(g(*dev_args))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    reps = 3 if parser.parse_args().quick else 7
    args = inputs()
    jx = measure(jxp, args, reps)
    jj = measure(jax, args, reps)
    for gx, gj in zip(jxp.tree_util.tree_leaves(jx[3]),
                      jax.tree_util.tree_leaves(jj[3])):
        np.testing.assert_allclose(np.asarray(gx), np.asarray(gj),
                                   rtol=2e-4, atol=2e-5)
    print(f"grad of an MLP loss {SIZES}, batch {BATCH}: jit(grad(loss))")
    print(f"{'':26} {'jxp':>11} {'JAX':>11} {'ratio':>6}")
    rows = [("first call", jx[0], jj[0], "ms", 1e3),
            ("cached call", jx[1], jj[1], "us", 1e6),
            ("optimized HLO instrs", jx[2], jj[2], "", 1)]
    for name, a, b, unit, scale in rows:
        print(f"{name:26} {a * scale:>9.1f}{unit:>2} {b * scale:>9.1f}{unit:>2} "
              f"{a / b:>6.2f}")


if __name__ == "__main__":
    main()
