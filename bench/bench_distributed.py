#!/usr/bin/env python3
"""jxp vs JAX: several processes as one SPMD machine (issue 17).

Two measurements, each in fresh processes on 127.0.0.1 (jxp's and JAX's
groups taking turns), for the layouts P x D = processes x CPU devices per
process, 8 devices in all:

- `step`: the steady-state time of one data-parallel training step of an
  MLP (256 -> 512 -> 256 -> 10, relu, softmax cross-entropy, float32,
  global batch 1024: 128 rows per device), written as JAX writes it:
  jit(value_and_grad(shard_map(loss whose value is a pmean over the batch
  axis))) followed by SGD, parameters replicated, each process holding its
  rows of the batch (make_array_from_process_local_data). Median of the
  per-step times after warm-up, each step waited for with
  block_until_ready on its loss.
- `psum`: jit(shard_map(psum)) over all 8 devices where every device
  contributes 1 MiB (f32[262144]) and receives the 1 MiB sum: an
  all-reduce of 8 x 1 MiB, inside one process (1x8) or across processes
  (gloo over TCP). Median over many calls, each waited for.

Every process of a group (also the 1x8 one: jxp.distributed.initialize
with one process) runs this file with `--worker` and prints one line of
JSON; the launcher reports process 0's numbers (the processes of a group
move in lockstep through the collectives; all their medians are logged to
stderr as the run goes). Each (measurement, layout) pair runs `--rounds`
times (default 3, 1 with --quick) per library in fresh processes; the
table shows the median of the rounds and each round's ratio. The workers
check their results (the psum's value; the losses jxp and JAX reach are
printed side by side). jxp comes from this checkout's python/ directory
when it has one, else from an installed jxp. Nothing is asserted on
times.

    python3 bench/bench_distributed.py            # full run, ~3.5 minutes
    python3 bench/bench_distributed.py --quick    # 1 round, fewer steps, 1 min
    python3 bench/bench_distributed.py --readme   # + write the results
                                                  #   into bench/README.md
"""

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import textwrap
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SIZES = (256, 512, 256, 10)
BATCH = 1024
PSUM_ELEMS = 262144  # f32: 1 MiB per device
LAYOUTS = ((1, 8), (2, 4), (4, 2))
TIMEOUT = 180  # seconds for one group of processes
SECTION = "## Multi-process (issue 17)"
BEGIN = "<!-- bench_distributed.py results: begin -->"
END = "<!-- bench_distributed.py results: end -->"


# --- worker -------------------------------------------------------------


def _worker(spec):
    import importlib

    import numpy as np

    name, n, pid = spec["lib"], spec["nproc"], spec["pid"]
    lib = importlib.import_module(name)
    mhu = importlib.import_module(name + ".experimental.multihost_utils")
    jnp, nn = lib.numpy, lib.nn
    lib.config.update("jax_num_cpu_devices", spec["local"])
    t0 = time.perf_counter()
    lib.distributed.initialize(spec["addr"], n, pid,
                               initialization_timeout=60)
    S = lib.sharding
    P = S.PartitionSpec
    ndev = lib.device_count()
    mesh = lib.make_mesh((ndev,), ("batch",), axis_types=(S.AxisType.Auto,))
    split = S.NamedSharding(mesh, P("batch"))
    out = {"lib": name, "pid": pid, "devices": ndev,
           "local_devices": lib.local_device_count()}

    def timed(fn, warmup, calls):
        for _ in range(warmup):
            fn()
        mhu.sync_global_devices("start")
        times = []
        for _ in range(calls):
            t = time.perf_counter()
            fn()
            times.append(time.perf_counter() - t)
        mhu.sync_global_devices("stop")
        return times

    if spec["task"] == "step":
        rng = np.random.default_rng(0)
        params = [{"W": (rng.normal(size=(m, k)) / np.sqrt(m)).astype(
                       np.float32), "b": np.zeros(k, np.float32)}
                  for m, k in zip(SIZES[:-1], SIZES[1:])]
        x = rng.normal(size=(BATCH, SIZES[0])).astype(np.float32)
        labels = np.eye(SIZES[-1], dtype=np.float32)[
            rng.integers(0, SIZES[-1], BATCH)]
        rows = slice(pid * BATCH // n, (pid + 1) * BATCH // n)
        x_g = lib.make_array_from_process_local_data(split, x[rows])
        y_g = lib.make_array_from_process_local_data(split, labels[rows])
        state = [lib.device_put(params, S.NamedSharding(mesh, P()))]

        def local_loss(p, xb, yb):
            h = xb
            for layer in p[:-1]:
                h = nn.relu(h @ layer["W"] + layer["b"])
            logits = h @ p[-1]["W"] + p[-1]["b"]
            return -jnp.mean(jnp.sum(nn.log_softmax(logits) * yb, axis=-1))

        global_loss = lib.shard_map(
            lambda p, xb, yb: lib.lax.pmean(local_loss(p, xb, yb), "batch"),
            mesh=mesh, in_specs=(P(), P("batch"), P("batch")),
            out_specs=P())

        @lib.jit
        def step(p, xb, yb):
            loss, g = lib.value_and_grad(global_loss)(p, xb, yb)
            return loss, lib.tree_util.tree_map(lambda a, b: a - 0.01 * b,
                                                p, g)

        losses = []

        def one():
            loss, state[0] = step(state[0], x_g, y_g)
            lib.block_until_ready(loss)
            losses.append(loss)

        t = time.perf_counter()
        one()
        out["first_s"] = time.perf_counter() - t
        times = timed(one, spec["warmup"] - 1, spec["calls"])
        out["losses"] = [float(np.asarray(l.addressable_shards[0].data))
                         for l in (losses[0], losses[-1])]
    else:
        local = np.stack([np.full(PSUM_ELEMS, pid * spec["local"] + i + 1,
                                  np.float32)
                          for i in range(spec["local"])]).ravel()
        a = lib.make_array_from_process_local_data(split, local)
        allreduce = lib.jit(lib.shard_map(
            lambda v: lib.lax.psum(v, "batch"), mesh=mesh,
            in_specs=P("batch"), out_specs=P()))
        res = [None]

        def one():
            res[0] = allreduce(a)
            lib.block_until_ready(res[0])

        t = time.perf_counter()
        one()
        out["first_s"] = time.perf_counter() - t
        times = timed(one, spec["warmup"] - 1, spec["calls"])
        got = np.asarray(res[0].addressable_shards[0].data)
        expect = ndev * (ndev + 1) / 2
        out["check"] = bool(got.shape == (PSUM_ELEMS,)
                            and np.all(got == expect))
    out["median_s"] = statistics.median(times)
    out["q1_s"], _, out["q3_s"] = statistics.quantiles(times, n=4)
    out["wall_s"] = time.perf_counter() - t0
    print("RESULT " + json.dumps(out), flush=True)
    lib.distributed.shutdown()


# --- launcher -----------------------------------------------------------


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _env():
    env = dict(os.environ)
    env.setdefault("TF_CPP_MIN_LOG_LEVEL", "1")
    env.pop("JAX_NUM_CPU_DEVICES", None)
    env.pop("XLA_FLAGS", None)  # the device count is set in the worker
    # This checkout's python/ directory if it has jxp (an installed jxp
    # may predate jxp.distributed), else an installed one.
    if os.path.isdir(os.path.join(ROOT, "python", "jxp")):
        env["PYTHONPATH"] = os.pathsep.join(
            p for p in (os.path.join(ROOT, "python"),
                        env.get("PYTHONPATH")) if p)
    return env


def run_group(lib, task, nproc, local, warmup, calls):
    """Runs one measurement in `nproc` fresh processes; process 0's
    result dict, or raises RuntimeError with the failing process's
    stderr."""
    addr = f"127.0.0.1:{_free_port()}"
    env = _env()
    procs = []
    for pid in range(nproc):
        spec = dict(lib=lib, task=task, nproc=nproc, pid=pid, local=local,
                    addr=addr, warmup=warmup, calls=calls)
        procs.append(subprocess.Popen(
            [sys.executable, os.path.abspath(__file__), "--worker",
             json.dumps(spec)], env=env, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True))
    deadline = time.monotonic() + TIMEOUT
    results = []
    try:
        for p in procs:
            try:
                stdout, stderr = p.communicate(
                    timeout=max(1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                raise RuntimeError(f"{lib} {task} {nproc}x{local}: timed out "
                                   f"after {TIMEOUT} s")
            results.append((p.returncode, stdout, stderr))
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait()
    outs = []
    for pid, (rc, stdout, stderr) in enumerate(results):
        line = [l for l in stdout.splitlines() if l.startswith("RESULT ")]
        if rc != 0 or not line:
            raise RuntimeError(f"{lib} {task} {nproc}x{local}: process {pid} "
                               f"exited {rc}:\n{stderr[-3000:]}")
        outs.append(json.loads(line[0][len("RESULT "):]))
    o = outs[0]
    o["medians_all_s"] = [r["median_s"] for r in outs]
    return o


def _fmt(s):
    if s >= 1:
        return f"{s:.3f} s"
    if s >= 1e-3:
        return f"{s * 1e3:.2f} ms"
    return f"{s * 1e6:.1f} us"


def measure(opts):
    steps, calls, warmup = ((30, 60, 5) if opts.quick
                            else (100, 200, 10))
    groups = [(task, label, n_calls, nproc, local)
              for task, label, n_calls in (("step", "train step", steps),
                                           ("psum", "psum 8 x 1 MiB", calls))
              for nproc, local in LAYOUTS]
    got = {g: {"jxp": [], "jax": []} for g in groups}
    flip = False
    for r in range(opts.rounds):
        for g in groups:
            task, label, n_calls, nproc, local = g
            # Alternate which library goes first, so that drifting load
            # from other processes does not always favour one of them.
            for lib in (("jax", "jxp") if flip else ("jxp", "jax")):
                t = time.monotonic()
                o = run_group(lib, task, nproc, local, warmup, n_calls)
                got[g][lib].append(o)
                print(f"  round {r + 1}: {lib:3} {task} {nproc}x{local}: "
                      f"median {_fmt(o['median_s'])} (process 0; all: "
                      + ", ".join(_fmt(m) for m in o["medians_all_s"])
                      + f"), group {time.monotonic() - t:.1f} s",
                      file=sys.stderr, flush=True)
            flip = not flip
    return [(g[0], g[1], g[3], g[4], got[g]) for g in groups], steps, calls


def _median(results):
    return statistics.median(o["median_s"] for o in results)


def table(rows):
    lines = [f"    {'':24}{'jxp':>11}{'JAX':>11}{'jxp/JAX':>9}"
             f"{'per round':>16}"]
    for task, label, nproc, local, got in rows:
        j, k = _median(got["jxp"]), _median(got["jax"])
        each = [a["median_s"] / b["median_s"]
                for a, b in zip(got["jxp"], got["jax"])]
        spread = "/".join(f"{x:.2f}" for x in each)
        lines.append(f"    {label + f', {nproc}x{local}':24}{_fmt(j):>11}"
                     f"{_fmt(k):>11}{j / k:9.2f}{spread:>16}")
    lines.append("    first call (trace, compile, run; median of the "
                 "rounds):")
    for task, label, nproc, local, got in rows:
        j, k = (statistics.median(o["first_s"] for o in got[lib])
                for lib in ("jxp", "jax"))
        lines.append(f"    {'  ' + task + f', {nproc}x{local}':24}"
                     f"{_fmt(j):>11}{_fmt(k):>11}{j / k:9.2f}")
    return "\n".join(lines)


def notes(rows):
    out = []
    for task, label, nproc, local, got in rows:
        if task == "step":
            j, k = got["jxp"][0], got["jax"][0]
            out.append(f"{nproc}x{local}: loss at the first/last step jxp "
                       f"{j['losses'][0]:.6f}/{j['losses'][1]:.6f}, JAX "
                       f"{k['losses'][0]:.6f}/{k['losses'][1]:.6f}.")
    ok = all(o["check"] for task, _, _, _, got in rows if task == "psum"
             for o in got["jxp"] + got["jax"])
    out.append("Every psum gave the exact sum: " + ("yes." if ok else "NO."))
    return textwrap.fill(" ".join(out), 75)


def _commit():
    try:
        return subprocess.run(["git", "-C", ROOT, "rev-parse", "--short",
                               "HEAD"], capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def write_readme(block):
    path = os.path.join(HERE, "README.md")
    with open(path) as f:
        text = f.read()
    if BEGIN in text and END in text:
        head, rest = text.split(BEGIN, 1)
        text = (head + BEGIN + "\n" + block + "\n" + END
                + rest.split(END, 1)[1])
    else:
        text = (text.rstrip("\n") + "\n\n" + SECTION + "\n\n"
                + BEGIN + "\n" + block + "\n" + END + "\n")
    with open(path, "w") as f:
        f.write(text)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--rounds", type=int, default=None,
                    help="fresh groups per library and measurement "
                         "(default 3, 1 with --quick)")
    ap.add_argument("--readme", action="store_true",
                    help="write the results into bench/README.md")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    opts = ap.parse_args()
    if opts.worker:
        _worker(json.loads(opts.worker))
        return
    if opts.rounds is None:
        opts.rounds = 1 if opts.quick else 3
    load0 = os.getloadavg()
    start = time.monotonic()
    rows, steps, calls = measure(opts)
    load1 = os.getloadavg()
    header = (f"MLP {SIZES}, global batch {BATCH} (float32) / psum: each of "
              f"8 devices contributes f32[{PSUM_ELEMS}] = 1 MiB; layouts "
              f"processes x devices on 127.0.0.1; process 0's medians over "
              f"{steps} steps / {calls} calls, median of {opts.rounds} "
              f"round(s) of fresh processes")
    tab = table(rows)
    print(header)
    print(tab)
    print(notes(rows))
    took = time.monotonic() - start
    print(f"{took:.0f} s; load average {load0[0]:.2f} before, "
          f"{load1[0]:.2f} after")
    if opts.readme:
        cmd = " ".join(["python3 bench/bench_distributed.py"]
                       + [a for a in sys.argv[1:] if a != "--readme"])
        write_readme(textwrap.fill(
            f"One run of `{cmd}` at commit {_commit()}, {os.cpu_count()} "
            f"cores, load average {load0[0]:.2f} before and {load1[0]:.2f} "
            f"after, {took:.0f} s:", 75) + f"\n\n{tab}\n\n{notes(rows)}")

if __name__ == "__main__":
    main()
