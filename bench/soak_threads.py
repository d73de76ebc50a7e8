#!/usr/bin/env python3
"""Concurrency soak: threads tracing, compiling and calling at once.

Each of `--threads` threads owns a set of programs (distinct functions, so
every thread traces and compiles its own while the others run), calls jit,
grad, jvp and eager ops on them `--rounds` times, and compares every result
with the one computed serially beforehand (bit-equal: the same programs on
the same inputs). Prints the count of results, mismatches and errors, and
the RSS before and after; exits 1 on any mismatch or error.

    python3 bench/soak_threads.py                # 8 threads x 50 rounds
"""

import argparse
import gc
import os
import sys
import threading
import time

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "1")
try:
    import jxp
except ImportError:  # not installed: use the checkout's python/ directory
    sys.path.insert(0, os.path.join(
        os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "python"))
    import jxp
import jxp.numpy as jnp

from soak_memory import rss_kb


def programs(k):
    """Thread k's programs: fresh functions (own traces and compiles)."""
    def f(x):
        return jnp.sum(jnp.tanh(x * (k + 1)) + jnp.cos(x) * k)

    def g(x):
        return jnp.cumsum(jnp.sort(x * (k - 3.5)))

    x = np.linspace(-1, 1, 6 + k, dtype=np.float32)
    return [
        ("jit", lambda: jxp.jit(f)(x)),
        ("grad", lambda: jxp.grad(f)(x)),
        ("jit(grad)", lambda: jxp.jit(jxp.grad(f))(x)),
        ("jvp", lambda: jxp.jvp(g, (x,), (x,))[1]),
        ("vjp", lambda: jxp.vjp(g, x)[1](x)[0]),
        ("eager", lambda: jnp.exp(x) * k),
        ("fresh jit", lambda: jxp.jit(lambda v: v * k + 1.0)(x)),
    ]


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--threads", type=int, default=8)
    p.add_argument("--rounds", type=int, default=50)
    a = p.parse_args()
    serial = {(k, name): np.asarray(fn())
              for k in range(a.threads) for name, fn in programs(k)}
    gc.collect()
    before = rss_kb()
    mismatches, errors, results = [], [], [0]
    lock = threading.Lock()
    barrier = threading.Barrier(a.threads)

    def work(k):
        progs = programs(k)  # new functions: traced again, concurrently
        barrier.wait()
        for _ in range(a.rounds):
            for name, fn in progs:
                try:
                    got = np.asarray(fn())
                except Exception as e:  # noqa: BLE001 - counted
                    with lock:
                        errors.append(f"thread {k} {name}: {e!r}")
                    continue
                with lock:
                    results[0] += 1
                    if not np.array_equal(got, serial[k, name]):
                        mismatches.append(f"thread {k} {name}")

    start = time.perf_counter()
    threads = [threading.Thread(target=work, args=(k,))
               for k in range(a.threads)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    gc.collect()
    print(f"{a.threads} threads x {a.rounds} rounds: {results[0]} results "
          f"in {time.perf_counter() - start:.1f} s, {len(mismatches)} "
          f"differ from the serial run, {len(errors)} errors; RSS "
          f"{before / 1024:.1f} -> {rss_kb() / 1024:.1f} MiB")
    for line in (mismatches + errors)[:10]:
        print("  " + line)
    return 1 if mismatches or errors else 0


if __name__ == "__main__":
    sys.exit(main())
