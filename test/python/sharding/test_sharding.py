"""Arrays on a mesh (issue 15, deliverable 1): NamedSharding, device_put
onto shardings, sharded arrays (values, shards, printing), jit and eager
ops on sharded arrays as one SPMD program whose results stay sharded, and
compiler.compile_sharded (the entry point shard_map's modules use).

Each test runs in a fresh process with 8 CPU devices (the device count is
fixed once a backend exists), most of them differential against JAX."""

import os
import subprocess
import sys
import textwrap

import pytest

PRELUDE = """
import sys
import numpy as np
import jax, jxp
import jxp.numpy as xnp
import jax.numpy as jnp
for lib in (jax, jxp):
    lib.config.update("jax_num_cpu_devices", 8)

def same(got, want, what=""):
    assert got == want, f"{what}\\njxp: {got!r}\\njax: {want!r}"

def err(fn):
    try:
        fn()
    except Exception as e:
        return type(e).__name__, str(e).splitlines()[0]
    return "no error"
"""


def _run(code, prelude=PRELUDE, env=None):
    proc = subprocess.run(
        [sys.executable, "-c", prelude + textwrap.dedent(code)],
        capture_output=True, text=True, timeout=600,
        env=dict(os.environ, **(env or {})))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout


def test_named_sharding_as_jax():
    """Attributes, reprs, equality, the HloSharding per rank and the errors
    of NamedSharding, against JAX's."""
    _run("""
def describe(lib):
    S = lib.sharding
    P = S.PartitionSpec
    NS = S.NamedSharding
    m = lib.make_mesh((4, 2), ("x", "y"))
    m8 = lib.make_mesh((8,), ("x",), axis_types=(S.AxisType.Auto,))
    out = []
    for mesh, spec in [(m, P("x")), (m, P("x", "y")), (m, P(None, "y")),
                       (m, P(("x", "y"))), (m, P("y", "x")), (m, P()),
                       (m8, P("x")), (m8, P(None, "x"))]:
        s = NS(mesh, spec)
        out += [repr(s), str(s), s.memory_kind, s.num_devices,
                s.is_fully_replicated, s.is_fully_addressable,
                sorted(d.id for d in s.device_set),
                sorted(d.id for d in s.addressable_devices),
                s.shard_shape((8, 16)), str(s._to_xla_hlo_sharding(2)),
                str(s._to_xla_hlo_sharding(3)),
                s == NS(mesh, spec), hash(s) == hash(NS(mesh, spec)),
                s.mesh == mesh, s.spec == spec,
                {d.id: i for d, i in
                 s.devices_indices_map((8, 16)).items()} ==
                {d.id: i for d, i in
                 s.addressable_devices_indices_map((8, 16)).items()},
                str({d.id: i for d, i in
                     s.devices_indices_map((8, 16)).items()})]
    s = NS(m, P("x"))
    out += [s == NS(m, P("x", None)), s == NS(m, P("y")),
            s == NS(lib.make_mesh((4, 2), ("x", "y"),
                                  axis_types=(S.AxisType.Auto,) * 2),
                    P("x")),
            s == NS(m, P("x"), memory_kind="device"),
            isinstance(s, S.Sharding)]
    out += [err(lambda: NS(m, P("z"))), err(lambda: NS(m, P("x", "x"))),
            err(lambda: NS(m, P(("y", "x"), ("x", "y"))))]
    d = S.SingleDeviceSharding(lib.devices()[3])
    out += [repr(d), d.num_devices, sorted(x.id for x in d.device_set),
            d.is_fully_replicated, d == S.SingleDeviceSharding(
                lib.devices()[3]), d.shard_shape((2, 3))]
    return out

got, want = describe(jxp), describe(jax)
for k, (g, w) in enumerate(zip(got, want)):
    same(g, w, f"item {k}")
same(len(got), len(want))
# (JAX fails with an IndexError on these.)
S = jxp.sharding
s = S.NamedSharding(jxp.make_mesh((4, 2), ("x", "y")), S.PartitionSpec("x"))
for bad in [lambda: s.shard_shape(()), lambda: s._to_xla_hlo_sharding(0)]:
    same(err(bad)[0], "ValueError")
""")


def test_device_put_as_jax():
    """device_put of host values onto shardings and devices, resharding,
    pytrees with a prefix of shardings, and what a sharded array shows:
    its sharding, value, shards, repr and str."""
    _run("""
def array_info(x):
    shards = [(s.device.id, s.index, s.replica_id,
               np.asarray(s.data).tolist(), s.data.shape,
               sorted(d.id for d in s.data.devices()))
              for s in x.addressable_shards]
    return [repr(x.sharding), np.asarray(x).tolist(), str(np.asarray(x).dtype),
            x.is_fully_replicated, x.is_fully_addressable, shards, repr(x),
            str(x), x.shape, str(x.dtype),
            sorted(d.id for d in x.devices()), x.committed,
            [s.device.id for s in x.global_shards],
            np.asarray(x.addressable_data(1)).tolist()
            if len(x.addressable_shards) > 1 else None]

def describe(lib):
    S = lib.sharding
    P = S.PartitionSpec
    NS = S.NamedSharding
    m = lib.make_mesh((4, 2), ("x", "y"))
    m8 = lib.make_mesh((8,), ("x",))
    rev = S.Mesh(np.array(lib.devices()[::-1]).reshape(2, 4), ("a", "b"))
    a = np.arange(32, dtype=np.float32).reshape(8, 4)
    out = []
    for s in [NS(m, P("x")), NS(m, P("x", "y")), NS(m, P(None, "y")),
              NS(m, P()), NS(m, P(("x", "y"))), NS(m, P("y", "x")),
              NS(rev, P("b", "a")), NS(rev, P("a"))]:
        out.append(array_info(lib.device_put(a, s)))
    out.append(array_info(lib.device_put(np.arange(8), NS(m8, P("x")))))
    out.append(array_info(lib.device_put(np.arange(8) % 3 == 0,
                                         NS(m8, P("x")))))
    out.append(array_info(lib.device_put(np.float32(2.5), NS(m8, P()))))
    out.append(array_info(lib.device_put(1.5, NS(m8, P()))))
    out.append(array_info(lib.device_put(a, lib.devices()[5])))
    out.append(array_info(lib.device_put(a, S.SingleDeviceSharding(
        lib.devices()[2]))))
    # Resharding arrays already placed.
    x = lib.device_put(a, NS(m, P("x")))
    for target in [NS(m, P("y")), NS(m, P(None, "x")), NS(rev, P("a")),
                   NS(rev, P("b", "a")), NS(m, P()), lib.devices()[6],
                   NS(lib.make_mesh((4,), ("x",)), P("x"))]:
        y = lib.device_put(x, target)
        out.append(array_info(y))
    out.append(array_info(lib.device_put(lib.device_put(a, lib.devices()[1]),
                                         NS(m8, P("x")))))
    out.append(lib.device_put(x, NS(m, P("x"))) is x)
    out.append(lib.device_put(x) is x)
    tree = lib.device_put({"w": a, "b": [a[0], 3.0]},
                          {"w": NS(m, P("x", "y")), "b": lib.devices()[2]})
    out.append([array_info(v) for v in lib.tree_util.tree_leaves(tree)])
    tree = lib.device_put((a, a), NS(m, P(None, "y")))
    out.append([array_info(v) for v in tree])
    # Arrays from their pieces.
    for s in [NS(m, P("x", "y")), NS(rev, P("a")), NS(m, P())]:
        y = lib.make_array_from_callback(a.shape, s, lambda i: a[i])
        out.append(array_info(y))
        pieces = [lib.device_put(a[i], d)
                  for d, i in s.addressable_devices_indices_map(a.shape).items()]
        y = lib.make_array_from_single_device_arrays(a.shape, s,
                                                     pieces[::-1])
        out.append(array_info(y))
    out.append(err(lambda: lib.make_array_from_single_device_arrays(
        a.shape, NS(m, P("x")), [lib.device_put(a, lib.devices()[0])])))
    # (JAX shows the mesh as an AbstractMesh in the first message.)
    for shape, s in [(5, NS(m8, P("x"))), ((4, 3), NS(m, P("x", "y"))),
                     ((6, 2), NS(m, P(("x", "y"))))]:
        kind, message = err(lambda: lib.device_put(np.zeros(shape), s))
        out.append((kind, message.split(" and sharding")[0]))
    return out

got, want = describe(jxp), describe(jax)
for k, (g, w) in enumerate(zip(got, want)):
    same(g, w, f"item {k}")
same(len(got), len(want))
""")


def test_jit_runs_one_spmd_program_as_jax():
    """jit of sharded inputs (with host values, default-device arrays and
    closed-over sharded arrays mixed in): the values and the results'
    shardings are JAX's; the program is one Shardy module over the mesh."""
    _run("""
def describe(lib, np_):
    S = lib.sharding
    P = S.PartitionSpec
    NS = S.NamedSharding
    auto = (S.AxisType.Auto,) * 2
    m = lib.make_mesh((4, 2), ("x", "y"), axis_types=auto)
    m8 = lib.make_mesh((8,), ("x",), axis_types=auto[:1])
    a = np.arange(32, dtype=np.float32).reshape(8, 4)
    x = lib.device_put(a, NS(m, P("x", "y")))
    xr = lib.device_put(a, NS(m, P(None, "y")))
    v = lib.device_put(np.arange(8, dtype=np.float32), NS(m8, P("x")))
    c = lib.device_put(np.ones(4, np.float32), NS(m, P("y")))
    cases = [
        (lambda p: p * 2 + 1, (x,)),
        (lambda p, q: p + q, (x, xr)),
        (lambda p, q: p @ q.T, (x, xr)),
        (lambda p: p.sum(), (x,)),
        (lambda p: p.sum(axis=0), (x,)),
        (lambda p: p.sum(axis=1), (x,)),
        (lambda p: p.T, (x,)),
        (lambda p, s: (p * s, p - s), (x, 2.0)),
        (lambda p, s: p + s, (x, np.float32(3))),
        (lambda p, s: p * s, (x, np_.arange(4.0))),
        (lambda p: np_.sin(p) + c, (x,)),
        (lambda p: p, (x,)),
        (lambda p: {"s": p.sum(), "m": p.max(), "v": p * 2}, (v,)),
        (lambda p, q: np_.concatenate([p, q]), (v, v)),
        (lambda p: np_.where(p > 3, p, 0.0), (v,)),
    ]
    out = []
    for f, args in cases:
        res = lib.jit(f)(*args)
        leaves = lib.tree_util.tree_leaves(res)
        out.append([(np.asarray(r).tolist(), repr(r.sharding)) for r in leaves])
        res = lib.jit(f)(*args)  # a cached call
        out.append([np.asarray(r).tolist() for r in
                    lib.tree_util.tree_leaves(res)])
    # Results fed back in, and a program compiled before for other inputs.
    f = lib.jit(lambda p: p * 2)
    y = f(f(f(x)))
    out.append((np.asarray(y).tolist(), repr(y.sharding)))
    out.append((np.asarray(f(xr)).tolist(), repr(f(xr).sharding)))
    out.append((np.asarray(f(a)).tolist(), repr(f(a).sharding)))
    return out

got, want = describe(jxp, xnp), describe(jax, jnp)
for k, (g, w) in enumerate(zip(got, want)):
    same(g, w, f"case {k}")
same(len(got), len(want))

# The lowered program: one Shardy module over the mesh, as JAX's.
S = jxp.sharding
m = jxp.make_mesh((4, 2), ("x", "y"), axis_types=(S.AxisType.Auto,) * 2)
x = jxp.device_put(np.ones((8, 4), np.float32),
                   S.NamedSharding(m, S.PartitionSpec("x", "y")))
text = jxp.jit(lambda p, s: p * s).lower(x, 2.0).as_text()
for piece in ['mhlo.num_partitions = 8 : i32', 'mhlo.num_replicas = 1 : i32',
              'sdy.mesh @mesh = <["x"=4, "y"=2]>',
              '{sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}',
              '{sdy.sharding = #sdy.sharding<@mesh, []>}']:
    assert piece in text, (piece, text)
compiled = jxp.jit(lambda p: p + 1).lower(x).compile()
same(repr(compiled(x).sharding), repr(x.sharding))
same(compiled.input_shardings, ((x.sharding,), {}))
assert "jax" in sys.modules
""")


def test_eager_ops_on_sharded_arrays_as_jax():
    """Eager ops on sharded arrays run as SPMD programs and keep the
    sharding as JAX's do (Explicit mesh axes, make_mesh's default, for
    elementwise ops); transformations evaluated eagerly (grad, vmap,
    fori_loop) give JAX's values and shardings."""
    _run("""
def describe(lib, np_):
    S = lib.sharding
    P = S.PartitionSpec
    NS = S.NamedSharding
    m = lib.make_mesh((4, 2), ("x", "y"))
    a = np.arange(32, dtype=np.float32).reshape(8, 4) / 8
    x = lib.device_put(a, NS(m, P("x", "y")))
    out = []
    for r in [x + 1, x * x, np_.sin(x), -x, x + np_.ones((8, 4)), x > 1.5,
              x.astype(np.int32), np_.exp(x) / 2]:
        out.append((np.asarray(r).tolist(), repr(r.sharding), repr(r)))
    out.append(float(np_.sum(x)))
    # (JAX's transformations need Auto axes.)
    m = lib.make_mesh((4, 2), ("x", "y"), axis_types=(S.AxisType.Auto,) * 2)
    x = lib.device_put(a, NS(m, P("x", "y")))
    # ... and keep the sharding, as JAX's.
    for r in [lib.grad(lambda p: (p ** 2).sum())(x),
              lib.vmap(lambda p: p * 2)(x),
              lib.lax.fori_loop(0, 3, lambda i, c: c * 2, x)]:
        out.append((np.asarray(r).tolist(), repr(r.sharding)))
    d = lib.device_put(np.arange(4.0, dtype=np.float32), lib.devices()[3])
    out.append((np.asarray(d + 1).tolist(), repr((d + 1).sharding),
                repr(np_.sin(d).sharding)))
    return out

got, want = describe(jxp, xnp), describe(jax, jnp)
for k, (g, w) in enumerate(zip(got, want)):
    same(g, w, f"item {k}")
same(len(got), len(want))
""")


def test_incompatible_devices_as_jax():
    _run("""
def describe(lib):
    S = lib.sharding
    P = S.PartitionSpec
    NS = S.NamedSharding
    m8 = lib.make_mesh((8,), ("x",), axis_types=(S.AxisType.Auto,))
    m4 = S.Mesh(np.array(lib.devices()[4:]), ("x",))
    a = lib.device_put(np.arange(8.0), NS(m8, P("x")))
    b = lib.device_put(np.arange(8.0), NS(m4, P("x")))
    kind, message = err(lambda: lib.jit(lambda p, q: p + q)(a, b))
    return [kind, message.split(". Got")[0], "device ids [4, 5, 6, 7]" in
            message, err(lambda: a + b)[0]]

same(describe(jxp), describe(jax))
""")


def test_fast_path_with_sharded_arguments():
    """Cached calls with sharded arguments stay in jaxlib's C++ fast path
    (no Python cache miss): with the same arrays, fresh results of the
    program, host values and arrays on one device mixed in. Arguments laid
    out otherwise than a program was compiled for are moved first (passing
    them as they are would crash the process)."""
    _run("""
from jxp._src import api
misses = [0]
cache_miss = api.JitFunction.cache_miss
def counting(self, *args, **kwargs):
    misses[0] += 1
    return cache_miss(self, *args, **kwargs)
api.JitFunction.cache_miss = counting

S = jxp.sharding
P, NS = S.PartitionSpec, S.NamedSharding
m = jxp.make_mesh((4, 2), ("x", "y"), axis_types=(S.AxisType.Auto,) * 2)
a = np.arange(32, dtype=np.float32).reshape(8, 4)
x = jxp.device_put(a, NS(m, P("x")))
one = xnp.ones(4)
f = jxp.jit(lambda p, s, q: p * s + q)
for _ in range(20):
    y = f(x, 2.0, one)
same(misses[0], 1, "misses")
for _ in range(20):
    y = f(y, 2.0, one)
same(misses[0], 1, "misses, chained")
np.testing.assert_allclose(np.asarray(y), a * 2 ** 21 + (2 ** 21 - 1))
same(y.sharding, x.sharding)
for _ in range(5):
    z = f(x, np.float32(1), np.ones(4, np.float32))  # host values
same(misses[0], 2, "misses, host values")
np.testing.assert_allclose(np.asarray(z), a + 1)

# The same devices in another order, and another spec with as many
# devices: a new program (not a crash), and then the fast path.
rev = S.Mesh(np.array(jxp.devices()[::-1]).reshape(4, 2), ("x", "y"))
for target in [NS(rev, P("x")), NS(m, P(None, "y")), NS(m, P())]:
    w = jxp.device_put(a, target)
    before = misses[0]
    for _ in range(5):
        out = f(w, 1.0, one)
    same(misses[0], before + 1, f"misses for {target}")
    np.testing.assert_allclose(np.asarray(out), a + 1)

# Arguments laid out otherwise than a compiled program expects.
g = jxp.jit(lambda p: p + 1).lower(x).compile()
for target in [NS(rev, P("x")), NS(m, P(None, "y")), NS(m, P()),
               jxp.devices()[2], None]:
    w = jxp.device_put(a, target)
    np.testing.assert_allclose(np.asarray(g(w)), a + 1)

# compiler.Executable.execute moves arguments too.
exe = g.executable
for target in [NS(rev, P("x")), NS(m, P("y")), jxp.devices()[5]]:
    out, = exe.execute([jxp.device_put(a, target)])
    np.testing.assert_allclose(np.asarray(out), a + 1)
out, = exe.execute([a])
np.testing.assert_allclose(np.asarray(out), a + 1)
""")


PSUM = """
module @jit_f attributes {mhlo.num_partitions = 8 : i32,
    mhlo.num_replicas = 1 : i32, DEVICE_IDS} {
  sdy.mesh @mesh = <["x"=8]>
  func.func public @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
    %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}]>]
        out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"}
        (%arg1: tensor<1xf32>) {
      %1 = "stablehlo.all_reduce"(%arg1) <{
          channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>,
          replica_groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>,
          use_global_device_ids}> ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %2 = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %2 : tensor<f32>
      }) : (tensor<1xf32>) -> tensor<1xf32>
      %3 = stablehlo.multiply %1, %arg1 : tensor<1xf32>
      sdy.return %3 : tensor<1xf32>
    } : (tensor<8xf32>) -> tensor<8xf32>
    return %0 : tensor<8xf32>
  }
}
"""


def test_compile_sharded_runs_shard_map_modules():
    """compiler.compile_sharded on the kind of module the C++ pipeline emits
    for shard_map (num_partitions, jxp.device_ids, an sdy mesh and a
    manual computation with a psum): the devices in the module's order,
    arguments moved where the program wants them, results sharded over the
    module's mesh; the numbers are JAX's shard_map's."""
    _run(f"""
from jxp._src import compiler
PSUM = {PSUM!r}
JP = jax.sharding.PartitionSpec
jm = jax.make_mesh((8,), ("x",), axis_types=(jax.sharding.AxisType.Auto,))
v = np.arange(8, dtype=np.float32) + 1
want = np.asarray(jax.jit(jax.shard_map(
    lambda t: jax.lax.psum(t, "x") * t, mesh=jm, in_specs=JP("x"),
    out_specs=JP("x")))(v))

S = jxp.sharding
P, NS = S.PartitionSpec, S.NamedSharding
ids = list(range(8))[::-1]
text = PSUM.replace("DEVICE_IDS",
                    "jxp.device_ids = array<i64: " + ", ".join(map(str, ids))
                    + ">")
exe = compiler.compile_sharded(text)
same([d.id for d in exe.devices], ids)
same(repr(exe.out_shardings[0]),
     "NamedSharding(mesh=Mesh('x': 8, axis_types=(Auto,)), spec=P('x',), "
     "memory_kind=device)")
same([d.id for d in exe.out_shardings[0].mesh.devices.flat], ids)
# Values from the host, from one device, from a sharded array on the same
# devices in another order and another split.
m = jxp.make_mesh((8,), ("x",))
m42 = jxp.make_mesh((4, 2), ("a", "b"))
for arg in [v, xnp.asarray(v), jxp.device_put(v, NS(m, P("x"))),
            jxp.device_put(v, NS(m42, P("b"))), jxp.device_put(v, NS(m, P()))]:
    out, = exe.execute([arg])
    np.testing.assert_allclose(np.asarray(out), want)
    same([s.device.id for s in out.addressable_shards], ids)
# The caller's mesh (shard_map's) names the results; without one, the
# user's mesh alive with the module mesh's axes and devices.
user = S.Mesh(np.array(jxp.devices()[::-1]), ("x",))
exe = compiler.compile_sharded(text, [None], meshes=[user])
same(exe.out_shardings[0], NS(user, P("x")))
explicit = S.Mesh(np.array(jxp.devices()[::-1]), ("x",),
                  axis_types=(S.AxisType.Explicit,))
exe = compiler.compile_sharded(text)
same(exe.out_shardings[0], NS(explicit, P("x")))
# Input shardings: compiled to take them as they are.
arg = jxp.device_put(v, NS(m, P("x")))
exe = compiler.compile_sharded(text, [arg.sharding])
out, = exe.execute([arg])
np.testing.assert_allclose(np.asarray(out), want)
# Without jxp.device_ids: the first num_partitions devices, or the inputs'.
plain = PSUM.replace(", DEVICE_IDS", "")
exe = compiler.compile_sharded(plain)
same([d.id for d in exe.devices], list(range(8)))
rev = S.Mesh(np.array(jxp.devices()[::-1]), ("x",))
exe = compiler.compile_sharded(plain, [NS(rev, P("x"))])
same([d.id for d in exe.devices], ids)
same(exe.in_shardings[0], NS(rev, P("x")))
out, = exe.execute([jxp.device_put(v, NS(rev, P("x")))])
np.testing.assert_allclose(np.asarray(out), want)
# Devices that do not agree: JAX's error.
m4 = S.Mesh(np.array(jxp.devices()[:4]), ("x",))
for bad in [lambda: compiler.compile_sharded(text, [NS(m4, P("x"))]),
            lambda: compiler.compile_sharded(
                PSUM.replace("DEVICE_IDS", "jxp.device_ids = array<i64: 0, 1>")),
            lambda: compiler.compile_sharded(
                PSUM.replace("DEVICE_IDS", "jxp.device_ids = array<i64: "
                             "0, 1, 2, 3, 4, 5, 6, 99>")),
            lambda: compiler.compile_sharded(text, [None, None])]:
    kind, message = err(bad)
    assert kind == "ValueError", (kind, message)
kind, message = err(lambda: compiler.compile_sharded(text, [NS(m4, P("x"))]))
assert message.startswith("Received incompatible devices for jitted "
                          "computation."), message
""")


def test_no_jax_import_and_persistent_cache(tmp_path):
    """Everything above without `jax` in the process (jaxlib's C++ imports
    it behind our back from some entry points), and the persistent cache:
    one entry per device assignment, found again by a new process."""
    code = """
import sys
import numpy as np
import jxp
jxp.config.update("jax_num_cpu_devices", 8)
jxp.config.update("jax_compilation_cache_dir", sys.argv[1])
jxp.config.update("jax_persistent_cache_min_compile_time_secs", 0)
import jxp.numpy as xnp
from jxp._src import compilation_cache
S = jxp.sharding
P, NS = S.PartitionSpec, S.NamedSharding
a = np.arange(32, dtype=np.float32).reshape(8, 4)
m = jxp.make_mesh((4, 2), ("x", "y"), axis_types=(S.AxisType.Auto,) * 2)
rev = S.Mesh(np.array(jxp.devices()[::-1]).reshape(4, 2), ("x", "y"))
f = jxp.jit(lambda p: p * 3)
outs = []
for target in [None, jxp.devices()[3], NS(m, P("x")), NS(rev, P("x"))]:
    x = jxp.device_put(a, target)
    y = f(x)
    outs.append((np.asarray(y).tolist(), repr(y.sharding),
                 [(s.device.id, s.index, s.replica_id,
                   np.asarray(s.data).tolist()) for s in y.addressable_shards]))
    np.testing.assert_allclose(np.asarray(y), a * 3)
    z = x + 1
    np.testing.assert_allclose(np.asarray(z), a + 1)
    repr(z), str(z)
    jxp.device_put(y, NS(m, P(None, "y")))
d = S.SingleDeviceSharding(jxp.devices()[3])
assert repr(d) == ("SingleDeviceSharding(device=CpuDevice(id=3), "
                   "memory_kind=device)"), repr(d)
assert d == S.SingleDeviceSharding(jxp.devices()[3]) and d != NS(m, P())
assert d.devices_indices_map((2,)) == {jxp.devices()[3]: (slice(None),)}
assert repr(NS(m, P("x"))) == ("NamedSharding(mesh=Mesh('x': 4, 'y': 2, "
                               "axis_types=(Auto, Auto)), spec=P('x',), "
                               "memory_kind=device)")
assert not [k for k in sys.modules if k == "jax" or k.startswith("jax.")]
stats = compilation_cache.compilation_cache_stats()
print(stats["hits"], stats["writes"], outs)
"""
    cache = tmp_path / "cache"
    proc = [subprocess.run([sys.executable, "-c", code, str(cache)],
                           capture_output=True, text=True, timeout=600)
            for _ in range(2)]
    for p in proc:
        assert p.returncode == 0, p.stdout + p.stderr
    hits0, writes0, outs0 = proc[0].stdout.split(" ", 2)
    hits1, writes1, outs1 = proc[1].stdout.split(" ", 2)
    assert outs0 == outs1
    # The first process wrote every program (the same text for the
    # default device, device 3 and both device orders of the mesh: four
    # entries for f); the second found them all.
    assert int(hits0) == 0 and int(writes0) > 4
    assert int(hits1) == int(writes0) and int(writes1) == 0
    files = [p for p in cache.iterdir() if not p.name.startswith(".")]
    assert len(files) == int(writes0)


def test_jit_in_and_out_shardings_as_jax():
    """jit(f, in_shardings=..., out_shardings=...): arguments put and
    results laid out where they say (one sharding for all, or a pytree
    prefix), the values and shardings JAX's; inside another jit they change
    nothing."""
    _run("""
def describe(lib):
    S = lib.sharding
    P = S.PartitionSpec
    NS = S.NamedSharding
    m = lib.make_mesh((4, 2), ("x", "y"), axis_types=(S.AxisType.Auto,) * 2)
    rows, cols, rep = NS(m, P("x")), NS(m, P(None, "y")), NS(m, P())
    a = np.arange(32, dtype=np.float32).reshape(8, 4)
    out = []
    f = lib.jit(lambda p, q: (p * 2, p + q, (p @ q.T).sum()),
                in_shardings=(rows, cols), out_shardings=(rep, rows, rep))
    for r in f(a, a) + f(a, a):
        out.append((np.asarray(r).tolist(), repr(r.sharding)))
    g = lib.jit(lambda p: {"a": p, "b": -p}, in_shardings=rows,
                out_shardings={"a": cols, "b": rep})
    for r in lib.tree_util.tree_leaves(g(a)):
        out.append((np.asarray(r).tolist(), repr(r.sharding)))
    h = lib.jit(lambda p, k: p * k, static_argnums=1, in_shardings=cols,
                out_shardings=rows)
    r = h(a, 3)
    out.append((np.asarray(r).tolist(), repr(r.sharding)))
    r = lib.jit(lambda p: f(p, p)[2] + 1)(a)
    out.append(np.asarray(r).tolist())
    return out

got, want = describe(jxp), describe(jax)
for k, (g, w) in enumerate(zip(got, want)):
    same(g, w, f"case {k}")
same(len(got), len(want))
""")
