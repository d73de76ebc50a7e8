"""Tests for jxp._src.compiler: parsing StableHLO, compiling it with PJRT
and running the executables (transfers: test_transfer.py; the persistent
cache: test_compilation_cache.py; SPMD programs: sharding/; the C++
compiler core behind compile_traced: test_compiler_core.py)."""

import os
import pathlib
import subprocess
import sys

import ml_dtypes
import numpy as np
import pytest

import jxp
from jxp._src import compiler, transfer
from jxp_test_util import run_in_threads


# ---------------------------------------------------------------------------
# Hand-written StableHLO, MLIR generic form
# ---------------------------------------------------------------------------

ADD = """
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>, sym_name = "main"}> ({
  ^bb0(%arg0: tensor<2x3xf32>, %arg1: tensor<2x3xf32>):
    %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    "func.return"(%0) : (tensor<2x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()
"""

# x^T @ y and (x^T @ y < 1.0), attributes in the attr-dict.
DOT_COMPARE = """
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<3x2xf32>, %arg1: tensor<3x4xf32>):
    %0 = "stablehlo.dot_general"(%arg0, %arg1) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>} : (tensor<3x2xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
    %1 = "stablehlo.constant"() {value = dense<1.000000e+00> : tensor<2x4xf32>} : () -> tensor<2x4xf32>
    %2 = "stablehlo.compare"(%0, %1) {comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xi1>
    "func.return"(%0, %2) : (tensor<2x4xf32>, tensor<2x4xi1>) -> ()
  }) {function_type = (tensor<3x2xf32>, tensor<3x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xi1>), sym_name = "main"} : () -> ()
}) : () -> ()
"""

# Three outputs of different dtypes/ranks, one of them 0-d.
MULTI = """
"func.func"() <{function_type = (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i32>, tensor<4xf32>), sym_name = "main"}> ({
^bb0(%arg0: tensor<4xi32>, %arg1: tensor<i32>):
  %0 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4xi32>
  %1 = "stablehlo.multiply"(%arg0, %0) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %2 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %3 = "stablehlo.reduce"(%arg0, %2) <{dimensions = array<i64: 0>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = "stablehlo.add"(%a, %b) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "stablehlo.return"(%s) : (tensor<i32>) -> ()
  }) : (tensor<4xi32>, tensor<i32>) -> tensor<i32>
  %4 = "stablehlo.convert"(%arg0) : (tensor<4xi32>) -> tensor<4xf32>
  "func.return"(%1, %3, %4) : (tensor<4xi32>, tensor<i32>, tensor<4xf32>) -> ()
}) : () -> ()
"""


def _unary(op, ty):
    return f"""
"func.func"() <{{function_type = ({ty}) -> {ty}, sym_name = "main"}}> ({{
^bb0(%arg0: {ty}):
  %0 = "stablehlo.{op}"(%arg0) : ({ty}) -> {ty}
  "func.return"(%0) : ({ty}) -> ()
}}) : () -> ()
"""


# ---------------------------------------------------------------------------
# Parsing and compilation
# ---------------------------------------------------------------------------

def test_parse_stablehlo_generic_form():
    module = compiler.parse_stablehlo(DOT_COMPARE)
    text = str(module)
    assert "stablehlo.dot_general" in text
    assert "stablehlo.compare" in text


def test_parse_error_raises_value_error():
    with pytest.raises(ValueError, match="failed to parse"):
        compiler.parse_stablehlo('"func.func"() ({ this is not mlir')
    with pytest.raises(ValueError):
        compiler.compile('"func.func"() ({ this is not mlir')


def test_unknown_op_raises_value_error():
    with pytest.raises(ValueError, match="stablehlo.frobnicate"):
        compiler.compile(ADD.replace("stablehlo.add", "stablehlo.frobnicate"))


def test_verifier_error_raises_value_error():
    # Well-formed syntax, but stablehlo.add's verifier rejects f32+f32->i32
    # (ir.Module.parse runs the verifier).
    bad = """
"func.func"() <{function_type = (tensor<2xf32>) -> tensor<2xi32>, sym_name = "main"}> ({
^bb0(%arg0: tensor<2xf32>):
  %0 = "stablehlo.add"(%arg0, %arg0) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi32>
  "func.return"(%0) : (tensor<2xi32>) -> ()
}) : () -> ()
"""
    with pytest.raises(ValueError, match="same element type"):
        compiler.parse_stablehlo(bad)
    with pytest.raises(ValueError):
        compiler.compile(bad)


def test_missing_main_raises_value_error():
    with pytest.raises(ValueError, match="main"):
        compiler.compile(ADD.replace('sym_name = "main"', 'sym_name = "f"'))


def test_xla_compile_error_raises_runtime_error():
    text = """
"func.func"() <{function_type = (tensor<2xf32>) -> tensor<2xf32>, sym_name = "main"}> ({
^bb0(%arg0: tensor<2xf32>):
  %0 = "stablehlo.custom_call"(%arg0) <{call_target_name = "jxp_no_such_target"}> : (tensor<2xf32>) -> tensor<2xf32>
  "func.return"(%0) : (tensor<2xf32>) -> ()
}) : () -> ()
"""
    with pytest.raises(RuntimeError, match="jxp_no_such_target"):
        compiler.compile(text)


def test_pretty_form_and_bytes_also_accepted():
    pretty = """
func.func @main(%a: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.negate %a : tensor<f32>
  return %0 : tensor<f32>
}"""
    exe = compiler.compile(pretty.encode())
    out, = exe.execute([transfer.device_put(np.float32(1.5))])
    assert transfer.to_numpy(out) == np.float32(-1.5)


# ---------------------------------------------------------------------------
# Execution
# ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def add_exe():
    return compiler.compile(ADD)


def test_execute_add(add_exe):
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    y = np.full((2, 3), 0.5, np.float32)
    outs = add_exe.execute([transfer.device_put(x), transfer.device_put(y)])
    assert isinstance(outs, list) and len(outs) == 1
    out = transfer.to_numpy(outs[0])
    assert out.dtype == np.float32
    np.testing.assert_array_equal(out, x + y)
    assert add_exe.in_avals == [((2, 3), np.dtype(np.float32))] * 2
    assert add_exe.out_avals == [((2, 3), np.dtype(np.float32))]


def test_outputs_feed_back_as_inputs(add_exe):
    x = transfer.device_put(np.ones((2, 3), np.float32))
    acc = x
    for _ in range(10):
        acc, = add_exe.execute([acc, x])
    np.testing.assert_array_equal(transfer.to_numpy(acc),
                                  np.full((2, 3), 11, np.float32))
    assert tuple(acc.aval.shape) == (2, 3)
    assert acc.aval.dtype == np.float32


def test_execute_dot_general_and_compare():
    exe = compiler.compile(DOT_COMPARE)
    rng = np.random.default_rng(0)
    a = rng.standard_normal((3, 2)).astype(np.float32)
    b = rng.standard_normal((3, 4)).astype(np.float32)
    dot, lt = exe.execute([transfer.device_put(a), transfer.device_put(b)])
    expected = a.T @ b
    np.testing.assert_allclose(transfer.to_numpy(dot), expected, rtol=1e-5,
                               atol=1e-6)
    lt = transfer.to_numpy(lt)
    assert lt.dtype == np.bool_
    np.testing.assert_array_equal(lt, transfer.to_numpy(dot) < 1.0)


def test_execute_multi_output():
    exe = compiler.compile(MULTI)
    x = np.array([1, -2, 3, 40], np.int32)
    s = np.int32(3)
    prod, total, conv = exe.execute([transfer.device_put(x),
                                     transfer.device_put(np.asarray(s))])
    np.testing.assert_array_equal(transfer.to_numpy(prod), x * s)
    total = transfer.to_numpy(total)
    assert total.shape == () and total.dtype == np.int32
    assert total == x.sum()
    conv = transfer.to_numpy(conv)
    assert conv.dtype == np.float32
    np.testing.assert_array_equal(conv, x.astype(np.float32))
    assert exe.out_avals == [((4,), np.dtype(np.int32)),
                             ((), np.dtype(np.int32)),
                             ((4,), np.dtype(np.float32))]


@pytest.mark.parametrize("mlir_ty,dtype", [
    ("tensor<3xbf16>", ml_dtypes.bfloat16),
    ("tensor<3xf16>", np.float16),
    ("tensor<3xf64>", np.float64),
    ("tensor<3xcomplex<f32>>", np.complex64),
    ("tensor<3xi8>", np.int8),
    ("tensor<3xi64>", np.int64),
])
def test_execute_negate_various_dtypes(mlir_ty, dtype):
    exe = compiler.compile(_unary("negate", mlir_ty))
    x = np.array([1.5, -2, 3], dtype) if np.dtype(dtype).kind != "i" \
        else np.array([1, -2, 3], dtype)
    out, = exe.execute([transfer.device_put(x)])
    out = transfer.to_numpy(out)
    assert out.dtype == np.dtype(dtype)
    np.testing.assert_array_equal(out, -x)


def test_execute_empty_and_scalar():
    exe = compiler.compile(_unary("negate", "tensor<0x3xf32>"))
    out, = exe.execute([transfer.device_put(np.zeros((0, 3), np.float32))])
    out = transfer.to_numpy(out)
    assert out.shape == (0, 3) and out.dtype == np.float32
    exe = compiler.compile(_unary("sqrt", "tensor<f32>"))
    out, = exe.execute([transfer.device_put(np.float32(4.0))])
    out = transfer.to_numpy(out)
    assert out.shape == () and out == 2.0


def test_execute_wrong_arity_raises(add_exe):
    x = transfer.device_put(np.ones((2, 3), np.float32))
    with pytest.raises(RuntimeError):
        add_exe.execute([x])
    with pytest.raises(TypeError):
        add_exe.execute_checked([x])


def test_execute_checked_validates_avals(add_exe):
    x = transfer.device_put(np.ones((2, 3), np.float32))
    with pytest.raises(TypeError, match="int32"):
        add_exe.execute_checked([x, transfer.device_put(np.ones((2, 3),
                                                               np.int32))])
    with pytest.raises(TypeError, match=r"\[3, 2\]"):
        add_exe.execute_checked([x, transfer.device_put(np.ones((3, 2),
                                                               np.float32))])
    with pytest.raises(TypeError):
        add_exe.execute_checked([x, np.ones((2, 3), np.float32)])
    out, = add_exe.execute_checked([x, x])
    np.testing.assert_array_equal(transfer.to_numpy(out), 2 * np.ones((2, 3)))


def test_hlo_text(add_exe):
    text = add_exe.hlo_text()
    assert "HloModule" in text
    assert "add(" in text
    assert "f32[2,3]" in text


def test_concurrent_compile_and_execute():
    results = {}

    def work(i):
        exe = compiler.compile(_unary("negate", f"tensor<{i + 1}xf32>"))
        x = np.arange(i + 1, dtype=np.float32)
        out, = exe.execute([transfer.device_put(x)])
        results[i] = (x, transfer.to_numpy(out))

    run_in_threads(work, [(i,) for i in range(4)])
    for x, out in results.values():
        np.testing.assert_array_equal(out, -x)
    assert len(results) == 4


def test_runtime_never_imports_jax_and_delete_is_safe():
    code = f"""
import sys
import numpy as np
from jxp._src import compiler, config, transfer
config.set_x64(True)
exe = compiler.compile({MULTI!r})
x = transfer.device_put(np.array([1, 2, 3, 4], np.int32))
s = transfer.device_put(np.array(2, np.int32))
outs = exe.execute([x, s])
outs = exe.execute_checked([outs[0], outs[1]])
vals = [transfer.to_numpy(transfer.block_until_ready(o)) for o in outs]
assert vals[1] == 20, vals
exe.hlo_text()
# Deleting buffers after reading them back must not abort (an outstanding
# DLPack reference would make PJRT hit a fatal CHECK).
for o in outs:
    o.delete()
assert vals[1] == 20, vals
bad = [m for m in sys.modules if m == "jax" or m.startswith("jax.")]
assert not bad, bad
print("ok")
"""
    # The jxp this process imported, whichever that is.
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(pathlib.Path(jxp.__file__).parents[1])]
        + [p for p in [env.get("PYTHONPATH")] if p])
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True,
                          text=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "ok"


def test_eager_transformations_share_one_bounded_cache(monkeypatch):
    """Eager grad, vjp and linearize compile through compiler.executable:
    one program per fingerprint, at most the cache's capacity kept, and
    jax.clear_caches empties it."""
    from jxp._src.util import LRUCache
    import jxp.numpy as jnp
    monkeypatch.setattr(compiler, "_executables", LRUCache(2))
    monkeypatch.setattr(compiler, "_programs", LRUCache(2))

    def f(x):
        return jnp.sum(jnp.sin(x) ** 2)

    jxp.grad(f)(jnp.ones(3))
    jxp.grad(f)(jnp.ones(3))  # the same program: no new entry
    assert len(compiler._executables) == 1
    for n in range(4, 8):
        np.testing.assert_allclose(
            np.asarray(jxp.grad(f)(jnp.ones(n))), np.sin(2.0) * np.ones(n),
            rtol=1e-6)
    assert len(compiler._executables) == 2
    jxp.clear_caches()
    assert len(compiler._executables) == 0 and len(compiler._programs) == 0
