#!/usr/bin/env python3
"""jxp vs JAX: linear algebra, FFT and a convolution layer.

Each case is one function written once for both libraries and jitted in
each; the results are checked against each other before timing. Prints the
steady-state time per call (median over batches of calls, jxp and JAX
batches taking turns so that other load hits both alike) and the ratio
jxp / JAX (< 1: jxp faster). Nothing is asserted on times.

    python3 bench/bench_numeric.py            # full run
    python3 bench/bench_numeric.py --quick    # fewer repetitions
"""

import argparse
import os
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


def cases():
    rng = np.random.default_rng(0)
    a = rng.normal(size=(256, 256)).astype(np.float32)
    spd = (a @ a.T / 256 + np.eye(256)).astype(np.float32)
    b = rng.normal(size=(256, 8)).astype(np.float32)
    signal = rng.normal(size=(1 << 20,)).astype(np.float32)
    images = rng.normal(size=(32, 32, 32, 16)).astype(np.float32)
    kernel = (rng.normal(size=(3, 3, 16, 32)) / 12).astype(np.float32)

    def conv_layer(lib):
        def loss(k, x):
            y = lib.lax.conv_general_dilated(
                x, k, (1, 1), "SAME",
                dimension_numbers=("NHWC", "HWIO", "NHWC"))
            return lib.numpy.sum(lib.nn.relu(y) ** 2)
        return lib.value_and_grad(loss)

    return [
        ("linalg.solve 256x256 (8 rhs)",
         lambda lib: lib.numpy.linalg.solve, (a, b)),
        ("linalg.eigh 256x256",
         lambda lib: lib.numpy.linalg.eigh, (spd,)),
        ("fft.fft 2^20 points",
         lambda lib: lib.numpy.fft.fft, (signal,)),
        ("conv 3x3 16->32, 32x32x32 fwd+bwd", conv_layer, (kernel, images)),
    ]


def bench(name, make, args, reps, seconds):
    fx, fj = jxp.jit(make(jxp)), jax.jit(make(jax))
    want = jax.tree_util.tree_leaves(fj(*args))
    got = jax.tree_util.tree_leaves(fx(*args))
    for g, w in zip(got, want):
        g, w = np.asarray(g), np.asarray(w)
        assert g.shape == w.shape and g.dtype == w.dtype, name
        # Eigenvectors are determined up to sign: compare magnitudes.
        np.testing.assert_allclose(np.abs(g), np.abs(w), rtol=2e-3,
                                   atol=2e-3, err_msg=name)
    tx, tj = [], []
    for _ in range(reps):
        tx.append(_per_call(fx, args, seconds))
        tj.append(_per_call(fj, args, seconds))
    mx, mj = statistics.median(tx), statistics.median(tj)
    print(f"{name:38s} {_fmt(mx):>10s} {_fmt(mj):>10s} {mx / mj:8.2f}",
          flush=True)


def _per_call(fn, args, seconds):
    n, start = 0, time.perf_counter()
    while True:
        jax.block_until_ready(fn(*args))
        n += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return elapsed / n


def _fmt(t):
    return f"{t * 1e3:.2f} ms" if t >= 1e-3 else f"{t * 1e6:.1f} us"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    opts = parser.parse_args()
    reps, seconds = (3, 0.2) if opts.quick else (7, 0.5)
    print(f"{'benchmark':38s} {'jxp':>10s} {'JAX':>10s} {'jxp/JAX':>8s}")
    for name, make, args in cases():
        bench(name, make, args, reps, seconds)


if __name__ == "__main__":
    main()
