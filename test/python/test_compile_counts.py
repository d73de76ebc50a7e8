"""How often a first call prints and parses its program, on every path.

The compile path is one print by Python (the traced jxp module), one parse
and one print by the compiler (lib/Driver/Compile.cpp: pipeline, entry
rewriting, Shardy annotation, callback numbering) and one parse by PJRT.
Counted in a subprocess with 4 CPU devices and no persistent cache:
Python's prints (`Traced.text`), jaxlib parses on jxp's side
(`compiler._parse_locked`), the compiler's (`_jxp.text_counters`: modules
and the functions of rules traced on demand) and what
reaches PJRT's `compile_and_load` (text it parses, or a module parsed on
jxp's side, which host callbacks need).
"""

import json
import os
import subprocess
import sys

_SCRIPT = r"""
import json
import numpy as np
import jxp
import jxp.numpy as jnp
from jxp import _jxp, lax
from jxp._src import compiler, tracing, xla_bridge
from jxp.sharding import NamedSharding, PartitionSpec as P

jxp.config.update("jax_num_cpu_devices", 4)
counts = dict(python_prints=0, python_parses=0, pjrt_text=0, pjrt_module=0)

_text = tracing.Traced.text
def text(self):
    counts["python_prints"] += 1
    return _text(self)
tracing.Traced.text = text

_parse = compiler._parse_locked
def parse(t):
    counts["python_parses"] += 1
    return _parse(t)
compiler._parse_locked = parse

class Client:
    def __init__(self, c):
        self._c = c
    def __getattr__(self, name):
        return getattr(self._c, name)
    def compile_and_load(self, module, *args, **kwargs):
        counts["pjrt_text" if isinstance(module, str) else "pjrt_module"] += 1
        return self._c.compile_and_load(module, *args, **kwargs)
_client = xla_bridge.client
xla_bridge.client = lambda: Client(_client())

def first_call(fn, *args):
    before = dict(counts)
    parses, prints = _jxp.text_counters()
    jxp.block_until_ready(fn(*args))
    after_parses, after_prints = _jxp.text_counters()
    out = {k: counts[k] - before[k] for k in counts}
    out.update(compiler_parses=after_parses - parses,
               compiler_prints=after_prints - prints)
    return out

x = np.arange(8.0, dtype=np.float32)
mesh = jxp.make_mesh((4,), ("x",), axis_types=(jxp.sharding.AxisType.Auto,))
placed = jxp.device_put(x, NamedSharding(mesh, P("x")))

@jxp.custom_jvp
def f(x):
    return jnp.sin(x)
def f_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return f(x), jnp.cos(x) * t
f.defjvp(f_jvp, symbolic_zeros=True)

result = {
    "plain": first_call(jxp.jit(lambda v: jnp.sin(v) * 2), x),
    "shard_map": first_call(jxp.jit(jxp.shard_map(
        lambda v: lax.psum(v, "x"), mesh=mesh, in_specs=P("x"),
        out_specs=P())), x),
    "sharded_input": first_call(jxp.jit(lambda v: v * 3), placed),
    "donation": first_call(jxp.jit(lambda v: v + 1, donate_argnums=0),
                           np.ones(3, np.float32)),
    "callback": first_call(jxp.jit(lambda v: jxp.pure_callback(
        np.cos, jxp.ShapeDtypeStruct(v.shape, v.dtype), v)), x),
    "symbolic_zero_rule": first_call(
        jxp.jit(jxp.grad(lambda v: jnp.sum(f(v)))), x),
    "lower_sharded": first_call(
        lambda v: jxp.jit(lambda w: w * 5).lower(v).compile()(v), placed),
    "eager_grad_sharded": first_call(
        jxp.grad(lambda v: jnp.sum(jnp.cos(v))), placed),
    # Eager linearize: the compiler splits the JVP into primal, linear and
    # transposed programs (three prints); only the primal runs now.
    "eager_linearize_rule": first_call(
        lambda v: jxp.linearize(lambda w: jnp.sum(f(w)), v)[0], x),
}
print("COUNTS" + json.dumps(result))
"""


def _counts():
    env = dict(os.environ)
    env.pop("JAX_COMPILATION_CACHE_DIR", None)  # every call compiles
    proc = subprocess.run([sys.executable, "-c", _SCRIPT], env=env,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    line = next(l for l in proc.stdout.splitlines() if l.startswith("COUNTS"))
    return json.loads(line[len("COUNTS"):])


ONCE = dict(python_prints=1, compiler_parses=1, compiler_prints=1,
            python_parses=0, pjrt_text=1, pjrt_module=0)


def test_first_call_prints_and_parses_once_on_every_path():
    counts = _counts()
    for path in ("plain", "shard_map", "sharded_input", "donation",
                 "lower_sharded", "eager_grad_sharded"):
        assert counts[path] == ONCE, (path, counts[path])
    # Host callbacks: jaxlib takes their callables only with a module
    # object, so the one parse PJRT would do is done on jxp's side.
    assert counts["callback"] == dict(ONCE, python_parses=1, pjrt_text=0,
                                      pjrt_module=1), counts["callback"]
    # A custom_jvp rule with symbolic zeros is traced when the compiler
    # asks for it (one round here): the compiler keeps the module it
    # parsed and parses only the functions the rule's trace added.
    assert counts["symbolic_zero_rule"] == dict(
        ONCE, compiler_parses=2), counts["symbolic_zero_rule"]
    # So does eager linearize's split, which prints its three programs.
    assert counts["eager_linearize_rule"] == dict(
        ONCE, compiler_parses=2, compiler_prints=3), counts[
            "eager_linearize_rule"]
