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
