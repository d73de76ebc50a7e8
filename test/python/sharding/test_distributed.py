"""Several processes as one SPMD machine (issue 17): jxp.distributed on
jaxlib's distributed runtime, tested with 2 and 4 local processes of 2 CPU
devices each on 127.0.0.1.

Each test starts the processes (bounded in time) running WORKER, which
prints one RESULT line of JSON; the test checks every process exited 0 and
compares what they computed: the global device list, a data-parallel MLP
training step (jit of the grad of a shard_map whose loss is a pmean;
parameters replicated, the batch split across processes) against the same global
batch in this one process (jxp and JAX), an all_gather and a ppermute ring
across processes, process_allgather and sync_global_devices. Two more
tests check the errors: a coordinator nobody serves, and a peer that dies.
"""

import json
import os
import socket
import subprocess
import sys
import time

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import jxp

ROOT = os.path.dirname(os.path.dirname(jxp.__file__))
TIMEOUT = 240  # seconds for a whole group of processes

# The MLP and its data, shared by the workers and the reference.
COMMON = r"""
import numpy as np

STEPS, LR, BATCH, FEATURES, HIDDEN = 4, 0.1, 32, 6, 16


def data():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(BATCH, FEATURES)).astype(np.float32)
    y = np.sin(x.sum(1, keepdims=True)).astype(np.float32)
    params = {"w1": rng.normal(size=(FEATURES, HIDDEN)).astype(np.float32) * 0.5,
              "b1": np.zeros(HIDDEN, np.float32),
              "w2": rng.normal(size=(HIDDEN, 1)).astype(np.float32) * 0.5,
              "b2": np.zeros(1, np.float32)}
    return x, y, params


def loss_fn(jnp, p, x, y):
    h = jnp.tanh(x @ p["w1"] + p["b1"])
    return jnp.mean((h @ p["w2"] + p["b2"] - y) ** 2)
"""

WORKER = COMMON + r"""
import json
import os
import jxp
import jxp.numpy as jnp
from jxp.experimental import multihost_utils as mhu

jxp.config.update("jax_num_cpu_devices", 2)
n, pid = int(os.environ["JXP_NPROC"]), int(os.environ["JXP_PID"])
if os.environ.get("JXP_ADDRESS_FROM_ENV"):
    os.environ["JAX_COORDINATOR_ADDRESS"] = os.environ["JXP_ADDR"]
    jxp.distributed.initialize(num_processes=n, process_id=pid,
                               initialization_timeout=60)
else:
    jxp.distributed.initialize(os.environ["JXP_ADDR"], n, pid,
                               initialization_timeout=60)
try:
    jxp.distributed.initialize(os.environ["JXP_ADDR"], n, pid)
    twice = None
except RuntimeError as e:
    twice = str(e)
out = {"twice": twice, "initialized": jxp.distributed.is_initialized(),"process_index": jxp.process_index(),
       "process_count": jxp.process_count(),
       "devices": [d.id for d in jxp.devices()],
       "local_devices": [d.id for d in jxp.local_devices()],
       "device_count": jxp.device_count(),
       "local_device_count": jxp.local_device_count()}
P = jxp.sharding.PartitionSpec
ndev = jxp.device_count()
mesh = jxp.make_mesh((ndev,), ("batch",))
batch = jxp.NamedSharding(mesh, P("batch"))
replicated = jxp.NamedSharding(mesh, P())

# Data-parallel training: each process holds its rows of the global batch.
x, y, params = data()
rows = BATCH // n
x_g = jxp.make_array_from_process_local_data(batch, x[pid * rows:(pid + 1) * rows])
y_g = jxp.make_array_from_process_local_data(batch, y[pid * rows:(pid + 1) * rows])
out["global_shape"] = list(x_g.shape)
params = jxp.device_put(params, replicated)


# The global loss: each device's batch mean, averaged over the devices.
# (Its gradient with respect to the replicated parameters is the global
# one: the transpose of their implicit broadcast sums over "batch".)
global_loss = jxp.shard_map(
    lambda p, xb, yb: jxp.lax.pmean(loss_fn(jnp, p, xb, yb), "batch"),
    mesh=mesh, in_specs=(P(), P("batch"), P("batch")), out_specs=P())


@jxp.jit
def step(p, xb, yb):
    loss, g = jxp.value_and_grad(global_loss)(p, xb, yb)
    return loss, jxp.tree_util.tree_map(lambda a, b: a - LR * b, p, g)


losses = []
for _ in range(STEPS):
    loss, params = step(params, x_g, y_g)
    losses.append(float(loss))
out["losses"] = losses
out["w2"] = np.asarray(params["w2"]).ravel().tolist()

# Collectives across processes.
v = jxp.make_array_from_process_local_data(
    batch, np.arange(2 * jxp.local_device_count(), dtype=np.float32)
    + 100 * pid)
gathered = jxp.jit(jxp.shard_map(
    lambda a: jxp.lax.all_gather(a, "batch", tiled=True), mesh=mesh,
    in_specs=P("batch"), out_specs=P(), check_vma=False))(v)
out["all_gather"] = np.asarray(gathered).tolist()
ring = jxp.jit(jxp.shard_map(
    lambda a: jxp.lax.ppermute(a, "batch", [(i, (i + 1) % ndev) for i in range(ndev)]),
    mesh=mesh, in_specs=P("batch"), out_specs=P("batch")))(v)
out["ring"] = {str(s.device.id): np.asarray(s.data).tolist()
               for s in ring.addressable_shards}
# all_to_all: device i's piece split in ndev parts, part j sent to device j.
w = jxp.make_array_from_process_local_data(
    batch, np.arange(ndev * jxp.local_device_count(), dtype=np.float32)
    + 1000 * pid)
swapped = jxp.jit(jxp.shard_map(
    lambda a: jxp.lax.all_to_all(a, "batch", 0, 0, tiled=True), mesh=mesh,
    in_specs=P("batch"), out_specs=P("batch")))(w)
out["all_to_all"] = mhu.process_allgather(swapped).tolist()
out["all_to_all_in"] = mhu.process_allgather(w).tolist()
out["v_shards"] = {str(s.device.id): np.asarray(s.data).tolist()
                   for s in v.addressable_shards}
try:
    np.asarray(v)
    out["fetch_error"] = None
except RuntimeError as e:
    out["fetch_error"] = str(e)
out["allgather_global"] = mhu.process_allgather(v).tolist()
out["allgather_local"] = mhu.process_allgather(np.float32([pid, 10 + pid])).tolist()
out["allgather_tiled"] = mhu.process_allgather(np.float32([pid]), tiled=True).tolist()

# jit over global arrays (the partitioner splits the program) and the other
# ways to build them.
out["jit_sum"] = float(jxp.jit(lambda a: (a * 2).sum())(v))
out["jit_rows"] = {str(s.device.id): np.asarray(s.data).tolist() for s in
                   jxp.jit(lambda a: a[::-1] + 1)(v).addressable_shards}
whole = np.arange(4 * n, dtype=np.float32).reshape(2 * n, 2)
by_rows = jxp.NamedSharding(mesh, P("batch"))
cb = jxp.make_array_from_callback(whole.shape, by_rows, lambda i: whole[i])
sd = jxp.make_array_from_single_device_arrays(
    whole.shape, by_rows,
    [jxp.device_put(whole[i], d)
     for d, i in by_rows.addressable_devices_indices_map(whole.shape).items()])
out["from_callback"] = mhu.process_allgather(cb).tolist()
out["from_single"] = mhu.process_allgather(sd).tolist()
# Local data as long as the global array (every process passes it all),
# and a mesh interleaving the processes' devices (each process's pieces
# are not contiguous: its local data holds them in order).
out["full_mode"] = mhu.process_allgather(
    jxp.make_array_from_process_local_data(by_rows, whole, whole.shape)).tolist()
by_device = sorted(jxp.devices(), key=lambda d: (d.id % 1024, d.id))
inter = jxp.sharding.Mesh(np.array(by_device), ("batch",))
mine = [k for k, d in enumerate(inter.devices.flat)
        if d.process_index == pid]
per = whole.shape[0] // ndev
local_rows = np.concatenate([whole[per * k:per * (k + 1)] for k in mine])
out["interleaved"] = mhu.process_allgather(
    jxp.make_array_from_process_local_data(
        jxp.NamedSharding(inter, P("batch")), local_rows)).tolist()
out["mesh_local"] = [d.id for d in mesh.local_devices]
out["multi_process"] = mesh.is_multi_process
mhu.sync_global_devices("done")
print("RESULT " + json.dumps(out), flush=True)
if os.environ.get("JXP_EXPLICIT_SHUTDOWN"):
    jxp.distributed.shutdown()
# (Otherwise the exit does it.)
"""


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _launch(code, n, extra_env=None):
    """Runs `code` in n processes; [(returncode, stdout, stderr)]."""
    addr = f"127.0.0.1:{_free_port()}"
    procs = []
    for pid in range(n):
        env = dict(os.environ, JXP_ADDR=addr, JXP_NPROC=str(n),
                   JXP_PID=str(pid), **(extra_env or {}))
        env["PYTHONPATH"] = os.pathsep.join([ROOT, env.get("PYTHONPATH", "")])
        procs.append(subprocess.Popen(
            [sys.executable, "-c", code], env=env, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True))
    deadline = time.monotonic() + TIMEOUT
    results = []
    try:
        for p in procs:
            out, err = p.communicate(timeout=max(1, deadline - time.monotonic()))
            results.append((p.returncode, out, err))
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
    return results


def _reference():
    """Losses and final w2 of the same training on the whole batch in one
    process: jxp's, and JAX's."""
    ns = {}
    exec(COMMON, ns)
    out = {}
    for name, lib, np_ in (("jxp", jxp, jxp.numpy), ("jax", jax, jnp)):
        x, y, params = ns["data"]()
        step = lib.jit(lambda p: (ns["loss_fn"](np_, p, x, y), lib.tree_util.tree_map(
            lambda a, b: a - ns["LR"] * b, p,
            lib.grad(lambda q: ns["loss_fn"](np_, q, x, y))(p))))
        losses = []
        for _ in range(ns["STEPS"]):
            loss, params = step(params)
            losses.append(float(loss))
        out[name] = (losses, np.asarray(params["w2"]).ravel())
    return out


@pytest.mark.parametrize("n", [2, 4])
def test_processes_train_and_communicate(n):
    # With 2 processes jxp.distributed.shutdown is called; with 4 the
    # processes just exit.
    # (and take the coordinator's address from JAX_COORDINATOR_ADDRESS).
    results = _launch(WORKER, n, {"JXP_EXPLICIT_SHUTDOWN": "1"} if n == 2
                      else {"JXP_ADDRESS_FROM_ENV": "1"})
    outs = []
    for pid, (rc, stdout, stderr) in enumerate(results):
        assert rc == 0, f"process {pid} exited {rc}:\n{stderr[-4000:]}"
        line = [l for l in stdout.splitlines() if l.startswith("RESULT ")]
        assert line, f"process {pid} printed no result:\n{stdout}\n{stderr[-2000:]}"
        outs.append(json.loads(line[0][len("RESULT "):]))
    ndev = 2 * n
    all_ids = sorted({i for o in outs for i in o["local_devices"]})
    ref = _reference()
    for pid, o in enumerate(outs):
        assert o["process_index"] == pid and o["process_count"] == n
        assert o["device_count"] == ndev and o["local_device_count"] == 2
        assert o["devices"] == all_ids and len(all_ids) == ndev
        assert o["global_shape"] == [32, 6]
        # The same training as one process on the whole batch.
        np.testing.assert_allclose(o["losses"], ref["jxp"][0], rtol=2e-5)
        np.testing.assert_allclose(o["losses"], ref["jax"][0], rtol=2e-5)
        np.testing.assert_allclose(o["w2"], ref["jax"][1], rtol=2e-5,
                                   atol=1e-6)
        assert o["losses"][-1] < o["losses"][0]
    # v: process p holds [0, 1, 2, 3] + 100 p, one pair per device.
    v = np.concatenate([np.arange(4, dtype=np.float32) + 100 * p
                        for p in range(n)])
    pieces = {}
    for o in outs:
        pieces.update({int(k): s for k, s in o["v_shards"].items()})
    order = sorted(pieces)
    for o in outs:
        assert o["all_gather"] == v.tolist()
        assert o["allgather_global"] == v.tolist()
        assert o["allgather_local"] == [[p, 10 + p] for p in range(n)]
        assert o["allgather_tiled"] == list(range(n))
        assert "non-addressable" in o["fetch_error"]
        # The ring: each device holds its predecessor's piece.
        for k, got in o["ring"].items():
            i = order.index(int(k))
            assert got == pieces[order[i - 1]]
        assert o["jit_sum"] == float(2 * v.sum())
        flipped = v[::-1] + 1
        for k, got in o["jit_rows"].items():
            i = order.index(int(k))
            assert got == flipped[2 * i:2 * i + 2].tolist()
        whole = np.arange(4 * n, dtype=np.float32).reshape(2 * n, 2)
        assert o["from_callback"] == whole.tolist()
        assert o["from_single"] == whole.tolist()
        assert o["full_mode"] == whole.tolist()
        assert o["interleaved"] == whole.tolist()
        assert o["mesh_local"] == o["local_devices"]
        assert "only be called once" in o["twice"] and o["initialized"]
        a = np.asarray(o["all_to_all_in"]).reshape(ndev, ndev)
        np.testing.assert_array_equal(np.asarray(o["all_to_all"]).reshape(
            ndev, ndev), a.T)
        assert o["multi_process"]


UNREACHABLE = r"""
import os, jxp
try:
    jxp.distributed.initialize(os.environ["JXP_ADDR"], 2, 1,
                               initialization_timeout=2)
except RuntimeError as e:
    print("ERROR", e)
"""


def test_unreachable_coordinator_times_out_naming_it():
    start = time.monotonic()
    (rc, out, err), = _launch(UNREACHABLE, 1)
    assert rc == 0, err[-2000:]
    assert "ERROR process 1: could not reach the coordinator at 127.0.0.1:" in out
    assert time.monotonic() - start < 60


PEER_DIES = r"""
import os, numpy as np, jxp
jxp.config.update("jax_num_cpu_devices", 2)
pid = int(os.environ["JXP_PID"])
jxp.distributed.initialize(os.environ["JXP_ADDR"], 2, pid,
                           heartbeat_timeout_seconds=3)
P = jxp.sharding.PartitionSpec
mesh = jxp.make_mesh((4,), ("x",))
f = jxp.jit(jxp.shard_map(lambda a: jxp.lax.psum(a, "x"), mesh=mesh,
                          in_specs=P("x"), out_specs=P()))
x = jxp.make_array_from_process_local_data(jxp.NamedSharding(mesh, P("x")),
                                           np.ones(2, np.float32))
print("first", np.asarray(f(x)), flush=True)
if pid == 1:
    os._exit(7)  # dies without leaving the group
for _ in range(100):
    np.asarray(f(x))
print("never reached", flush=True)
"""


def test_a_peer_that_dies_stops_the_others():
    start = time.monotonic()
    (rc0, out0, err0), (rc1, out1, _) = _launch(PEER_DIES, 2)
    assert rc1 == 7 and "first [4.]" in out1
    assert "first [4.]" in out0 and "never reached" not in out0
    # jaxlib terminates the survivor once the heartbeats stop (as in JAX).
    assert rc0 != 0
    assert "stopped sending heartbeats" in err0 or "another task died" in err0
    assert time.monotonic() - start < 120
