"""Threefry-2x32 as one jxp op vs. as a composition of elementwise ops.

Issue: "a threefry2x32 operation in the dialect or an equivalent composition
of existing ops, whichever gives the smaller and faster program". Both give
the same StableHLO after conversion, so the question is the jxp program and
the time to build it. This prints, per counter count N: the jxp ops traced,
trace time, trace + optimize + convert + compile time, and run time, for the
op and for the composition; JAX's threefry (a composition lowered by JAX) is
the reference for run time.
"""

import argparse
import statistics
import time

import numpy as np

import jxp
import jxp.lax as lax
from jxp._src import compiler, core, stages, tracing

U32 = np.uint32
ROTATIONS = ((13, 15, 26, 6), (17, 29, 16, 24))


def threefry_composed(k0, k1, x0, x1):
    """The same cipher from jxp's elementwise primitives (~130 ops)."""
    shape = x0.shape

    def splat(v):
        return lax.broadcast_in_dim(np.asarray(v, U32), shape, ())

    def rotl(v, d):
        return lax.bitwise_or(lax.shift_left(v, splat(d)),
                              lax.shift_right_logical(v, splat(32 - d)))

    k0, k1 = splat(0) + k0, splat(0) + k1
    ks = (k0, k1, lax.bitwise_xor(lax.bitwise_xor(k0, k1), splat(0x1BD11BDA)))
    x0, x1 = lax.add(x0, ks[0]), lax.add(x1, ks[1])
    for group in range(5):
        for r in ROTATIONS[group % 2]:
            x0 = lax.add(x0, x1)
            x1 = lax.bitwise_xor(rotl(x1, r), x0)
        x0 = lax.add(x0, ks[(group + 1) % 3])
        x1 = lax.add(lax.add(x1, ks[(group + 2) % 3]), splat(group + 1))
    return x0, x1


def as_bits(cipher):
    """Consumes both words as jax.random.bits does (x0 ^ x1), so the numbers
    reflect the cipher inside a real program rather than two bare outputs."""
    def bits(*args):
        return lax.bitwise_xor(*cipher(*args))
    return bits


def median_time(f, reps):
    times = []
    for _ in range(reps):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def measure(fn, n, reps):
    args = (U32(7), U32(11), np.arange(n, dtype=U32), np.arange(n, dtype=U32))
    avals = [core.abstractify(a) for a in args]

    def trace():
        return tracing.trace(fn, "threefry", avals, lambda ts: (ts, {}))

    traced = trace()
    ops = traced.text().count('"jxp.')
    t_trace = median_time(trace, reps)
    pipeline = f"{compiler.OPTIMIZE},{compiler.TO_STABLEHLO}"
    t_first = median_time(lambda: stages.Compiled(trace(), pipeline), reps)
    compiled = stages.Compiled(traced, pipeline)
    hlo_ops = compiled.stablehlo.count('"stablehlo.')
    return ops, hlo_ops, t_trace, t_first, compiled, args


def interleaved_run_times(compiled, args, reps):
    """Median run time of each program, alternating them so that machine
    load affects both alike."""
    bufs = [jxp.device_put(a)._buf for a in args]
    times = {name: [] for name in compiled}
    for _ in range(reps):
        for name, c in compiled.items():
            t = time.perf_counter()
            for o in c.executable.execute(bufs):
                o.block_until_ready()
            times[name].append(time.perf_counter() - t)
    return {name: statistics.median(ts) for name, ts in times.items()}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    opts = parser.parse_args()
    reps = 3 if opts.quick else 10
    print(f"{'N':>8} {'variant':<12} {'jxp ops':>8} {'hlo ops':>8} "
          f"{'trace':>9} {'trace+compile':>14} {'run':>9}")
    for n in (1024, 1 << 20):
        rows, compiled = {}, {}
        for name, fn in (("op", lax.threefry2x32), ("composed", threefry_composed)):
            fn = as_bits(fn)
            ops, hlo, tt, tf, compiled[name], args = measure(fn, n, reps)
            rows[name] = (ops, hlo, tt, tf)
        run = interleaved_run_times(compiled, args, 5 * reps)
        for name, (ops, hlo, tt, tf) in rows.items():
            print(f"{n:>8} {name:<12} {ops:>8} {hlo:>8} {tt * 1e3:>7.2f}ms "
                  f"{tf * 1e3:>12.2f}ms {run[name] * 1e6:>7.0f}us")
        outs = [c.execute_flat(list(args)) for c in compiled.values()]
        for a, b in zip(*outs):
            assert np.array_equal(np.asarray(a), np.asarray(b))
    random_vs_jax(reps)


def random_vs_jax(reps):
    """First call (trace + compile + run) of jit(randint) and run time of
    jit(bits), jxp vs JAX: the rolled loop keeps XLA from fusing the 20
    rounds into the consumers (unrolled, randint's first call took 0.6-1.4 s)."""
    import jax
    print(f"\n{'program':<22} {'jxp':>10} {'JAX':>10} {'ratio':>6}")
    for label, make, shape in (
            ("randint first call", lambda m: (lambda k: m.random.randint(k, (64, 64), 0, 10)), (64, 64)),
            ("bits 2^20 run", lambda m: (lambda k: m.random.bits(k, (1 << 20,))), None)):
        times = {}
        for name, m in (("jxp", jxp), ("jax", jax)):
            key = m.random.PRNGKey(0)
            if shape is not None:  # a fresh function each time: no cache
                times[name] = median_time(
                    lambda: m.jit(make(m))(key).block_until_ready(), reps)
            else:
                f = m.jit(make(m))
                f(key).block_until_ready()
                times[name] = median_time(lambda: f(key).block_until_ready(),
                                          10 * reps)
        print(f"{label:<22} {times['jxp'] * 1e3:>8.2f}ms {times['jax'] * 1e3:>8.2f}ms "
              f"{times['jxp'] / times['jax']:>6.2f}")


if __name__ == "__main__":
    main()
