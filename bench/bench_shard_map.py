#!/usr/bin/env python3
"""jxp vs JAX: a data-parallel MLP training step on 8 CPU devices.

The step is jit(shard_map(step)) with the parameters replicated (P()) and
the batch split over the mesh axis (P('x')): each device takes the
gradient of its part of the loss, the gradients are averaged with pmean,
and SGD updates the parameters. Prints, for jxp and JAX in one process,
the first call (trace + compile + run, a fresh function) and the
steady-state step time, with the ratio jxp / JAX (< 1: jxp faster), and
checks that both give the same parameters. Nothing is asserted on times.

    python3 bench/bench_shard_map.py            # full run
    python3 bench/bench_shard_map.py --quick    # fewer repetitions
"""

import argparse
import os
import statistics
import sys
import time

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "1")
os.environ.setdefault("JAX_NUM_CPU_DEVICES", "8")

try:
    import jxp
except ImportError:  # not installed: use the checkout's python/ directory
    sys.path.insert(0, os.path.join(
        os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "python"))
    import jxp

import jax
import numpy as np

SIZES = (256, 512, 256, 10)
BATCH = 1024  # 128 per device


def make_step(lib):
    """A fresh training step in `lib` (jxp or jax) over an 8-device mesh."""
    jnp, nn = lib.numpy, lib.nn
    P = lib.sharding.PartitionSpec
    mesh = lib.make_mesh((8,), ("x",),
                         axis_types=(lib.sharding.AxisType.Auto,))

    def loss(params, x, labels):
        h = x
        for layer in params[:-1]:
            h = nn.relu(h @ layer["W"] + layer["b"])
        logits = h @ params[-1]["W"] + params[-1]["b"]
        return -jnp.mean(jnp.sum(nn.log_softmax(logits) * labels, axis=-1))

    def step(params, x, labels):
        grads = lib.grad(loss)(params, x, labels)
        grads = lib.lax.pmean(grads, "x")
        return lib.tree_util.tree_map(lambda p, g: p - 0.01 * g, params,
                                      grads)

    return lib.jit(lib.shard_map(step, mesh=mesh,
                                 in_specs=(P(), P("x"), P("x")),
                                 out_specs=P()))


def inputs():
    rng = np.random.default_rng(0)
    params = [{"W": (rng.normal(size=(m, n)) / np.sqrt(m)).astype(np.float32),
               "b": np.zeros(n, np.float32)}
              for m, n in zip(SIZES[:-1], SIZES[1:])]
    x = rng.normal(size=(BATCH, SIZES[0])).astype(np.float32)
    labels = np.eye(SIZES[-1], dtype=np.float32)[rng.integers(0, 10, BATCH)]
    return params, x, labels


def block(lib, tree):
    lib.block_until_ready(tree)
    return tree


def first_call(lib, args, reps):
    times = []
    for _ in range(reps):
        step = make_step(lib)
        t0 = time.perf_counter()
        block(lib, step(*args))
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def steady(lib, args, steps):
    step = make_step(lib)
    params, x, labels = args
    params = block(lib, step(params, x, labels))
    t0 = time.perf_counter()
    for _ in range(steps):
        # Each step waits for the last: with many executions in flight,
        # XLA's CPU collectives can run out of threads on two cores and
        # abort the process (JAX's too).
        params = block(lib, step(params, x, labels))
    return (time.perf_counter() - t0) / steps, params


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    opts = ap.parse_args()
    reps, steps = (2, 20) if opts.quick else (5, 200)
    params, x, labels = inputs()
    out = {}
    for name, lib in (("jxp", jxp), ("jax", jax)):
        S = lib.sharding
        mesh = lib.make_mesh((8,), ("x",), axis_types=(S.AxisType.Auto,))
        split = S.NamedSharding(mesh, S.PartitionSpec("x"))
        args = (lib.device_put(params, S.NamedSharding(mesh,
                                                       S.PartitionSpec())),
                lib.device_put(x, split), lib.device_put(labels, split))
        first = first_call(lib, args, reps)
        per_step, final = steady(lib, args, steps)
        out[name] = (first, per_step, final)
    a = jax.tree_util.tree_leaves(out["jax"][2])
    b = jxp.tree_util.tree_leaves(out["jxp"][2])
    diff = max(float(np.max(np.abs(np.asarray(u) - np.asarray(v))))
               for u, v in zip(a, b))
    scale = max(float(np.max(np.abs(np.asarray(u)))) for u in a)
    print(f"data-parallel MLP step {SIZES}, batch {BATCH} on "
          f"{jxp.device_count()} CPU devices; parameters after {steps + 1} "
          f"steps differ from JAX's by at most {diff:.2g} (largest "
          f"{scale:.2g})")
    print(f"{'':24}{'jxp':>12}{'jax':>12}{'ratio':>8}")
    for i, label in ((0, "first call (s)"), (1, "steady step (ms)")):
        scale = 1 if i == 0 else 1e3
        j, k = out["jxp"][i] * scale, out["jax"][i] * scale
        print(f"{label:24}{j:12.3f}{k:12.3f}{j / k:8.2f}")


if __name__ == "__main__":
    main()
