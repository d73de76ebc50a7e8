"""Several CPU devices (issue 15, first part): jax_num_cpu_devices and the
device queries. Arrays and programs still live on the first device."""

import os
import subprocess
import sys


def _run(code, env=None):
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True,
                          text=True, timeout=300,
                          env=dict(os.environ, **(env or {})))
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_num_cpu_devices_as_jax():
    code = """
import jax, jxp, jxp.numpy as xnp
for lib in (jax, jxp):
    lib.config.update("jax_num_cpu_devices", 8)
want = (repr(jax.devices()), jax.device_count(), jax.local_device_count(),
        jax.process_index(), jax.process_count(), jax.default_backend())
got = (repr(jxp.devices()), jxp.device_count(), jxp.local_device_count(),
       jxp.process_index(), jxp.process_count(), jxp.default_backend())
assert got == want, (got, want)
assert float(jxp.jit(lambda x: (x * 2).sum())(xnp.arange(4.0))) == 12.0
jxp.config.update("jax_num_cpu_devices", 8)  # unchanged: fine
for lib in (jax, jxp):
    try:
        lib.config.update("jax_num_cpu_devices", 4)
    except RuntimeError as e:
        print(type(e).__name__, str(e).split(" i.e.")[0])
"""
    out = _run(code).splitlines()
    assert out == ["RuntimeError jax_num_cpu_devices config should be updated "
                   "before backends are initialized"] * 2


def test_num_cpu_devices_from_the_environment():
    out = _run("import jxp; print(jxp.device_count(), "
               "jxp.config.jax_num_cpu_devices)",
               env={"JAX_NUM_CPU_DEVICES": "3"})
    assert out.split() == ["3", "3"]


def test_meshes_and_partition_specs_as_jax():
    """Mesh, make_mesh, AxisType and PartitionSpec print and compare as
    JAX's (8 CPU devices)."""
    code = """
import numpy as np
import jax, jxp
for lib in (jax, jxp):
    lib.config.update("jax_num_cpu_devices", 8)

def describe(lib):
    S = lib.sharding
    P = S.PartitionSpec
    out = [repr(P("x", None, ("y", "z"))), repr(P()), len(P("x", None)),
           P("x", None) == P("x"), P("x") == ("x",),
           hash(P("x", ["y"])) == hash(P("x", ("y",))),
           repr(list(S.AxisType)), repr(lib.P("a"))]
    m = lib.make_mesh((4, 2), ("x", "y"))
    out += [repr(m), dict(m.shape), m.shape_tuple, m.size, m.axis_sizes,
            m.axis_names, m.device_ids.tolist(), m.explicit_axes,
            m.auto_axes, m.empty, m.devices.shape,
            [d.id for d in m.devices.flat],
            m == lib.make_mesh((4, 2), ("x", "y")),
            hash(m) == hash(lib.make_mesh((4, 2), ("x", "y"))),
            m == lib.make_mesh((4, 2), ("x", "y"),
                               axis_types=(S.AxisType.Auto,) * 2)]
    m2 = S.Mesh(np.array(lib.devices()).reshape(2, 4), ("a", "b"))
    out += [repr(m2), m2.auto_axes, repr(lib.make_mesh((3,), "x"))]
    for bad in [lambda: lib.make_mesh((16,), ("x",)),
                lambda: lib.make_mesh((4, 2), ("x",)),
                lambda: S.Mesh(np.array(lib.devices()), ("x", "y"))]:
        try:
            bad()
            out.append("no error")
        except Exception as e:
            out.append((type(e).__name__, str(e)))
    return out

got, want = describe(jxp), describe(jax)
for g, w in zip(got, want):
    assert g == w, (g, w)
assert len(got) == len(want)
print("ok")
"""
    assert _run(code).strip() == "ok"
