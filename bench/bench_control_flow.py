#!/usr/bin/env python3
"""jxp vs JAX: long loops under jit, forward and reverse mode.

Three programs, each run by jxp and by JAX (0.10.2) in one process:

  rnn   jit of an RNN-style lax.scan over 1,000 steps,
        h <- tanh(h @ W + x @ U + b), xs of shape (1000, 32), hidden 128;
        returns the last h and all of them.
  fori  jit(grad(loss)) where loss runs a 1,000-step lax.fori_loop with
        static bounds (both libraries turn it into a scan) over a carry
        (h: f32[16, 32], acc: f32[]) updated by a two-layer residual MLP;
        the gradient is with respect to the MLP's parameters, so reverse
        mode goes through the whole loop.
  while jit(grad(loss)) where loss runs a lax.while_loop whose trip count n
        is a run-time argument (`i < limit`), n = 1,000 and 10,000, over a
        carry x: f32[128, 128] (x <- x + 0.01 tanh(x * w + b), w and b per
        column).  JAX cannot differentiate a while_loop in reverse mode, so
        its side is the same body in a fori_loop of static length n, which
        stores every step's residuals; jxp keeps 2 (B + 1) carries (B = 64
        snapshots, and 16 and 256 at n = 10,000).

For each it prints the first call of a fresh function (trace, for `fori`
and `while` also differentiate, + compile + run), the steady-state run time
(median of many calls of one cached function) and the instruction count of
XLA's optimized HLO, with the ratio jxp / JAX (< 1: jxp smaller or faster);
for `while` also the peak memory XLA plans for the program (arguments +
outputs + temporaries, from the compiled executable's memory stats), and
the system CPU time and minor page faults per steady-state call.  A call
lasts until the process has gone quiet (see settle).  Before timing, jxp's
outputs are checked against JAX's.  Timings are printed, never asserted.

    python3 bench/bench_control_flow.py            # full run (~3 minutes)
    python3 bench/bench_control_flow.py --quick    # fewer repetitions
    python3 bench/bench_control_flow.py --only while   # some programs only
    python3 bench/bench_control_flow.py --dump DIR # + write both StableHLOs

Works with jxp pip-installed or, failing that, from this checkout's
``python/`` directory (PYTHONPATH=python also works).
"""

import argparse
import functools
import gc
import os
import re
import resource
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
# while: the carry's shape, the trip counts, the snapshot counts B tried at
# the largest trip count besides the default (64), the step size.
CARRY = (128, 128)
WHILE_STEPS = (1000, 10000)
SNAPSHOTS = (16, 256)
DT = 0.01


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


def ode_step(lib, p, x):
    """One explicit Euler step, elementwise: cheap per step, so that the
    loop's cost is its memory traffic more than its arithmetic."""
    return x + DT * lib.numpy.tanh(x * p["w"] + p["b"])


def make_while(lib, snapshots=None):
    """grad of a loss whose while_loop runs until the counter reaches
    `limit`, an argument: the trip count is known only at run time (jxp
    only; JAX raises ValueError)."""
    jnp, lax = lib.numpy, lib.lax
    options = {} if snapshots is None else {"snapshots": snapshots}

    def loss(p, x0, limit):
        def keep_going(carry):
            return carry[0] < limit

        def body(carry):
            i, x = carry
            return i + 1, ode_step(lib, p, x)
        _, x = lax.while_loop(keep_going, body,
                              (jnp.zeros((), jnp.int32), x0), **options)
        return jnp.mean(x * x)
    return lib.grad(loss)


def make_static_fori(steps):
    """make(lib): grad of the same loss with the trip count fixed at trace
    time, a fori_loop (a scan): what JAX can differentiate."""
    def make(lib):
        jnp, lax = lib.numpy, lib.lax

        def loss(p, x0):
            x = lax.fori_loop(0, steps, lambda i, x: ode_step(lib, p, x), x0)
            return jnp.mean(x * x)
        return lib.grad(loss)
    return make


def while_inputs(rng):
    cols = CARRY[1]
    p = {"w": rng.normal(size=cols), "b": rng.normal(size=cols) * 0.1}
    p = {k: v.astype(np.float32) for k, v in p.items()}
    return p, rng.normal(size=CARRY).astype(np.float32)


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


def settle(poll=0.01, max_wait=2.0):
    """Waits until this process stops using CPU and returns when it last
    did.  XLA frees a call's temporaries on its own threads after the
    results are ready: ~0.15 s of system time for JAX's 2 GB at 10^4
    steps of `while`, which would otherwise be charged to whichever
    function runs next.  The process's CPU clock moves in scheduler ticks
    (4 ms here), so it is read every `poll` seconds; a busy core adds
    about `poll`, a quiet process at most a stray tick."""
    start = last_busy = perf()
    cpu = time.process_time()  # all threads, user + system
    while perf() - start < max_wait:
        time.sleep(poll)
        now = time.process_time()
        if now - cpu < poll / 2:
            break
        cpu, last_busy = now, perf()
    return last_busy


def first_call(lib, make, args):
    """Seconds of one call of jit(make(lib)): trace + compile + run, until
    the process has gone quiet (see settle)."""
    f = lib.jit(make(lib))
    with no_gc():
        t = perf()
        block(lib, f(*args))
        t = settle() - t
    return t, f


def first_calls(make, x_args, j_args, reps):
    """Median first-call times of jxp and JAX."""
    return tuple(first_calls_of([(jxp, make, x_args), (jax, make, j_args)],
                                reps))


def first_calls_of(contenders, reps):
    """Median first-call times of each (lib, make, args), taking turns so
    that load from other processes hits all alike."""
    times = [[] for _ in contenders]
    keep = []  # keep functions alive: no id reuse
    for _ in range(reps):
        for (lib, make, args), out in zip(contenders, times):
            t, f = first_call(lib, make, args)
            out.append(t)
            keep.append(f)
    return [statistics.median(t) for t in times]


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
    (tx, tj), _, n = steady_states((fx, fj), batches, min_time)
    return tx, tj, n


def steady_states(fns, batches, min_time):
    """Median per-call time of cached calls of each function, in batches
    of the same number of calls for all, the functions taking turns; a
    batch ends when the process has gone quiet (see settle).  Returns
    (times, (minor page faults, system CPU seconds) per call, calls per
    batch)."""
    for _ in range(3):  # warm-up
        for fn in fns:
            fn()
    n = max(batch_size(fn, min_time) for fn in fns)
    times = [[] for _ in fns]
    kernel = [([], []) for _ in fns]
    settle()
    with no_gc():
        for _ in range(batches):
            for fn, t_out, (f_out, s_out) in zip(fns, times, kernel):
                r = resource.getrusage(resource.RUSAGE_SELF)
                t = perf()
                for _ in range(n):
                    fn()
                t_out.append((settle() - t) / n)
                r2 = resource.getrusage(resource.RUSAGE_SELF)
                f_out.append((r2.ru_minflt - r.ru_minflt) / n)
                s_out.append((r2.ru_stime - r.ru_stime) / n)
    return ([statistics.median(t) for t in times],
            [(statistics.median(f), statistics.median(s))
             for f, s in kernel], n)


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
        dump_lowered(dump, f"{name}.jxp", lx)
        dump_lowered(dump, f"{name}.jax", lj)
    return [("first call", tfx, tfj, f"{reps} reps", "s"),
            ("steady state", tsx, tsj,
             f"{batches} batches x {n} calls", "s"),
            ("optimized HLO instrs", hx, hj, "", "")]


def dump_lowered(dump, base, lowered):
    os.makedirs(dump, exist_ok=True)
    base = os.path.join(dump, base)
    with open(base + ".stablehlo.mlir", "w") as fh:
        fh.write(lowered.as_text())
    with open(base + ".optimized.hlo", "w") as fh:
        fh.write(lowered.compile().as_text())


def memory_stats(compiled):
    """XLA's buffer sizes for a compiled program (JAX's and jxp's
    Compiled.memory_analysis())."""
    return compiled.memory_analysis()


def peak_bytes(stats):
    """What XLA allocates for one call: arguments, outputs and temporaries
    (one block on CPU), less outputs aliasing arguments."""
    return (stats.argument_size_in_bytes + stats.output_size_in_bytes +
            stats.temp_size_in_bytes - stats.alias_size_in_bytes)


def jax_while_grad_error(args):
    """The exception JAX raises on the while program, as a short string."""
    try:
        jax.jit(make_while(jax)).lower(*args)
    except Exception as e:  # noqa: BLE001 - reported, not handled
        return f"{type(e).__name__}: {str(e).split('. ')[0]}."
    return "none (JAX differentiated it)"


def run_while(host_args, reps, batches, min_time, dump):
    """jxp's grad through a while_loop with a run-time trip count, against
    JAX's grad through a fori_loop of the same static length: one section
    per trip count and, at the largest, per snapshot count B."""
    p, x0 = host_args
    carry_bytes = x0.nbytes
    sections = []
    for steps in WHILE_STEPS:
        variants = [None]
        if steps == WHILE_STEPS[-1]:
            variants += list(SNAPSHOTS)
        makes_x = [functools.partial(make_while, snapshots=b)
                   for b in variants]
        make_j = make_static_fori(steps)
        x_args = jxp.tree_util.tree_map(jxp.device_put,
                                        (p, x0, np.int32(steps)))
        j_args = jax.tree_util.tree_map(jax.device_put, (p, x0))
        fxs = [jxp.jit(make(jxp)) for make in makes_x]
        fj = jax.jit(make_j(jax))
        # Sanity check before timing: every B gives JAX's gradient.
        out_j = fj(*j_args)
        for fx in fxs:
            check_close(fx(*x_args), out_j, rtol=1e-4, atol=1e-6)
        tf = first_calls_of([(jax, make_j, j_args)] +
                            [(jxp, make, x_args) for make in makes_x], reps)
        ts, kernel, n = steady_states(
            [lambda: block(jax, fj(*j_args))] +
            [lambda fx=fx: block(jxp, fx(*x_args)) for fx in fxs],
            batches, min_time)
        lj = fj.lower(*j_args)
        cj = lj.compile()
        mj, hj = peak_bytes(memory_stats(cj)), hlo_instructions(cj.as_text())
        if dump:
            dump_lowered(dump, f"while{steps}.jax", lj)
        for i, b in enumerate(variants, 1):
            lx = fxs[i - 1].lower(*x_args)
            cx = lx.compile()
            mx = peak_bytes(memory_stats(cx))
            hx = hlo_instructions(cx.as_text())
            b_name = (f"snapshots={b}" if b else
                      f"B = {jxp.config.jxp_while_loop_snapshots}, default")
            if dump:
                dump_lowered(dump, f"while{steps}"
                             f"{f'.s{b}' if b else ''}.jxp", lx)
            title = (f"jit(grad(loss)), while_loop to n = {steps} set at run"
                     f" time, {b_name} / JAX: fori_loop(0, {steps})")
            sections.append((title, [
                ("first call", tf[i], tf[0], f"{reps} reps", "s"),
                ("steady state", ts[i], ts[0],
                 f"{batches} batches x {n} calls", "s"),
                ("system CPU / call", kernel[i][1], kernel[0][1],
                 "all threads", "s"),
                ("page faults / call", kernel[i][0], kernel[0][0], "minor",
                 ""),
                ("peak memory (XLA)", mx, mj,
                 f"{mx / carry_bytes:.0f} / {mj / carry_bytes:.0f} carries",
                 "B"),
                ("optimized HLO instrs", hx, hj, "", "")]))
    return sections


def fmt(v, unit):
    """v in seconds ("s"), bytes ("B") or a count ("")."""
    if unit == "B":
        for scale, name in ((1e9, "GB"), (1e6, "MB"), (1e3, "kB")):
            if v >= scale:
                return f"{v / scale:.2f} {name}"
        return f"{v} B"
    if unit != "s":
        return f"{round(v)}"
    if v < 1e-3:
        return f"{v * 1e6:.1f} us"
    if v < 1.0:
        return f"{v * 1e3:.2f} ms"
    return f"{v:.3f} s"


def fmt_ratio(a, b):
    if b == 0:
        return "-"
    r = a / b
    return f"{r:.2f}" if r >= 0.1 else f"{r:.4f}"


def start(ap, opts, programs):
    """Checks --only against `programs`, prints the header; returns the
    programs to run, the repetition counts and the start time."""
    only = set(opts.only.split(","))
    unknown = only - set(programs)
    if unknown:
        ap.error(f"--only: unknown programs {sorted(unknown)}")
    reps, batches, min_time = (3, 3, 0.05) if opts.quick else (9, 9, 0.2)
    t_start = perf()
    print(f"jxp {getattr(jxp, '__version__', '?')} "
          f"({os.path.dirname(jxp.__file__)}), jax {jax.__version__}, "
          f"{os.cpu_count()} CPUs; mode {'quick' if opts.quick else 'full'}")
    print("ratio = jxp / JAX (< 1: jxp faster or smaller); medians")
    print()
    return only, reps, batches, min_time, t_start


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true",
                    help="fewer repetitions (smoke test)")
    ap.add_argument("--only", metavar="NAMES", default="rnn,fori,while",
                    help="comma-separated programs to run, of rnn, fori, "
                         "while (default: all)")
    ap.add_argument("--dump", metavar="DIR",
                    help="write both libraries' StableHLO and optimized HLO "
                         "of each program to DIR")
    opts = ap.parse_args()
    only, reps, batches, min_time, t_start = start(
        ap, opts, {"rnn", "fori", "while"})

    # Warm both libraries up (clients, MLIR contexts, jnp's internal jits):
    # the first compile of a process is not measured.
    rng = np.random.default_rng(0)
    small = (np.ones((2, 2), np.float32), np.ones(2, np.float32),
             np.ones(2, np.float32), np.zeros(2, np.float32),
             np.ones((3, 2), np.float32))
    for lib in (jxp, jax):
        block(lib, lib.jit(make_rnn(lib))(*small))

    # Inputs are drawn in a fixed order whatever --only says.
    cases = [
        ("rnn", f"jit(scan) RNN, {STEPS} steps, hidden {HIDDEN}, "
                f"xs ({STEPS}, {INPUT})", make_rnn, rnn_inputs(rng)),
        ("fori", f"jit(grad(loss)), loss = fori_loop({STEPS} steps) over "
                 f"a 2-layer MLP, carry f32[{BATCH},{WIDTH}] + f32[]",
         make_fori, fori_inputs(rng)),
    ]
    w_args = while_inputs(rng)
    results = [(title, run_case(name, make, args, reps, batches, min_time,
                                opts.dump))
               for name, title, make, args in cases if name in only]
    notes = []
    if "while" in only:
        results += run_while(w_args, reps, batches, min_time, opts.dump)
        error = jax_while_grad_error((*w_args, np.int32(1)))
        notes.append(f"while: carry f32{list(CARRY)}; JAX's grad of the "
                     f"while_loop itself raises {error}")

    w = 22
    print(f"{'':{w}}  {'jxp':>10}  {'JAX':>10}  {'jxp/JAX':>7}  samples")
    for title, rows in results:
        print(title)
        for row, a, b, note, unit in rows:
            print(f"  {row:<{w - 2}}  {fmt(a, unit):>10}  "
                  f"{fmt(b, unit):>10}  {fmt_ratio(a, b):>7}  {note}")
    for note in notes:
        print(note)
    if opts.dump:
        print(f"\nStableHLO and optimized HLO written to {opts.dump}/")
    print(f"\ntotal benchmark time {perf() - t_start:.1f} s")


if __name__ == "__main__":
    main()
