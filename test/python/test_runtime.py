"""Tests for jxp._src.runtime (the jaxlib/PJRT layer)."""

import importlib.util
import os
import pathlib
import subprocess
import sys
import threading

import ml_dtypes
import numpy as np
import pytest

_RUNTIME_PATH = (pathlib.Path(__file__).resolve().parents[2] / "python" /
                 "jxp" / "_src" / "runtime.py")


def _load_runtime():
    # jxp/__init__.py may be under construction: load the file directly, but
    # reuse the real module if something already imported it.
    mod = sys.modules.get("jxp._src.runtime")
    if mod is not None:
        return mod
    name = "_jxp_runtime_under_test.runtime"
    mod = sys.modules.get(name)
    if mod is None:
        exec(_LOAD_ALONE, {"_RUNTIME_PATH": _RUNTIME_PATH})
        mod = sys.modules[name]
    return mod


# Loads runtime.py (and avals.py, the one sibling it imports) as a package of
# their own, without jxp/__init__.py.
_LOAD_ALONE = """
import importlib.util, sys, types
_pkg = types.ModuleType("_jxp_runtime_under_test")
_pkg.__path__ = [str(_RUNTIME_PATH.parent)]
sys.modules[_pkg.__name__] = _pkg
_spec = importlib.util.spec_from_file_location(
    "_jxp_runtime_under_test.runtime", _RUNTIME_PATH)
rt = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = rt
_spec.loader.exec_module(rt)
"""


runtime = _load_runtime()


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
# Client / devices / x64
# ---------------------------------------------------------------------------

def test_client_is_cached_and_has_cpu_device():
    c = runtime.client()
    assert c is runtime.client()
    devs = runtime.devices()
    assert len(devs) >= 1
    assert devs[0].platform == "cpu"


def test_set_x64_roundtrips_64bit_dtypes():
    try:
        runtime.set_x64(True)
        assert runtime.x64_enabled()
        for dt in (np.float64, np.int64, np.uint64, np.complex128):
            x = (np.arange(5) * 3 + 1).astype(dt)
            x[-1] = np.array(2**40 + 1).astype(dt)  # not representable in 32b
            out = runtime.to_numpy(runtime.device_put(x))
            assert out.dtype == x.dtype
            np.testing.assert_array_equal(out, x)
    finally:
        runtime.set_x64(False)
    assert not runtime.x64_enabled()


def test_64bit_dtypes_are_exact_even_with_x64_disabled():
    # device_put never narrows silently: canonicalization is the caller's job.
    runtime.set_x64(False)
    x = np.array([1.0 + 2.0**-40, 2.0], np.float64)
    out = runtime.to_numpy(runtime.device_put(x))
    assert out.dtype == np.float64
    np.testing.assert_array_equal(out, x)


# ---------------------------------------------------------------------------
# Transfers
# ---------------------------------------------------------------------------

ALL_DTYPES = [np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8,
              np.uint16, np.uint32, np.uint64, np.float16,
              ml_dtypes.bfloat16, np.float32, np.float64, np.complex64,
              np.complex128]
SHAPES = [(), (0,), (2, 0, 3), (5,), (2, 3), (2, 3, 4)]


def _sample(dtype, shape):
    n = int(np.prod(shape, dtype=np.int64))
    base = np.arange(n, dtype=np.int64).reshape(shape)
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return base % 3 == 1
    if dtype.kind == "c":
        return (base + 1j * (base - 2)).astype(dtype)
    if dtype.kind == "f" or dtype == ml_dtypes.bfloat16:
        return ((base - 3) * 0.5).astype(dtype)
    if dtype.kind == "i":
        return (base - 3).astype(dtype)
    return base.astype(dtype)


@pytest.mark.parametrize("shape", SHAPES, ids=str)
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=lambda d: np.dtype(d).name)
def test_device_put_to_numpy_roundtrip(dtype, shape):
    x = _sample(dtype, shape)
    buf = runtime.device_put(x)
    assert isinstance(buf, runtime.DeviceBuffer)
    assert tuple(buf.aval.shape) == shape
    assert buf.aval.dtype == x.dtype
    runtime.block_until_ready(buf)
    out = runtime.to_numpy(buf)
    assert out.dtype == x.dtype
    assert out.shape == x.shape
    np.testing.assert_array_equal(out, x)


def test_device_put_accepts_non_contiguous_and_scalars():
    x = np.arange(24, dtype=np.float32).reshape(4, 6)[::2, 1::2]
    np.testing.assert_array_equal(runtime.to_numpy(runtime.device_put(x)), x)
    xt = np.arange(6, dtype=np.int32).reshape(2, 3).T
    np.testing.assert_array_equal(runtime.to_numpy(runtime.device_put(xt)),
                                  xt)
    s = runtime.to_numpy(runtime.device_put(np.float32(2.5)))
    assert s.shape == () and s.dtype == np.float32 and s == 2.5


def test_device_put_weak_type_is_recorded():
    assert runtime.device_put(np.float32(1), weak_type=True).aval.weak_type
    assert not runtime.device_put(np.float32(1)).aval.weak_type


def test_device_put_copies_host_memory():
    # jaxlib's default (ZERO_COPY) would alias large host arrays.
    x = np.zeros(1 << 20, np.float32)
    buf = runtime.device_put(x)
    x[0] = 100.0
    assert runtime.to_numpy(buf)[0] == 0.0


def test_to_numpy_is_read_only():
    out = runtime.to_numpy(runtime.device_put(np.ones(3, np.float32)))
    with pytest.raises(ValueError):
        out[0] = 2.0


# ---------------------------------------------------------------------------
# Parsing and compilation
# ---------------------------------------------------------------------------

def test_parse_stablehlo_generic_form():
    module = runtime.parse_stablehlo(DOT_COMPARE)
    text = str(module)
    assert "stablehlo.dot_general" in text
    assert "stablehlo.compare" in text


def test_parse_error_raises_value_error():
    with pytest.raises(ValueError, match="failed to parse"):
        runtime.parse_stablehlo('"func.func"() ({ this is not mlir')
    with pytest.raises(ValueError):
        runtime.compile('"func.func"() ({ this is not mlir')


def test_unknown_op_raises_value_error():
    with pytest.raises(ValueError, match="stablehlo.frobnicate"):
        runtime.compile(ADD.replace("stablehlo.add", "stablehlo.frobnicate"))


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
        runtime.parse_stablehlo(bad)
    with pytest.raises(ValueError):
        runtime.compile(bad)


def test_missing_main_raises_value_error():
    with pytest.raises(ValueError, match="main"):
        runtime.compile(ADD.replace('sym_name = "main"', 'sym_name = "f"'))


def test_xla_compile_error_raises_runtime_error():
    text = """
"func.func"() <{function_type = (tensor<2xf32>) -> tensor<2xf32>, sym_name = "main"}> ({
^bb0(%arg0: tensor<2xf32>):
  %0 = "stablehlo.custom_call"(%arg0) <{call_target_name = "jxp_no_such_target"}> : (tensor<2xf32>) -> tensor<2xf32>
  "func.return"(%0) : (tensor<2xf32>) -> ()
}) : () -> ()
"""
    with pytest.raises(RuntimeError, match="jxp_no_such_target"):
        runtime.compile(text)


def test_pretty_form_and_bytes_also_accepted():
    pretty = """
func.func @main(%a: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.negate %a : tensor<f32>
  return %0 : tensor<f32>
}"""
    exe = runtime.compile(pretty.encode())
    out, = exe.execute([runtime.device_put(np.float32(1.5))])
    assert runtime.to_numpy(out) == np.float32(-1.5)


# ---------------------------------------------------------------------------
# Execution
# ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def add_exe():
    return runtime.compile(ADD)


def test_execute_add(add_exe):
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    y = np.full((2, 3), 0.5, np.float32)
    outs = add_exe.execute([runtime.device_put(x), runtime.device_put(y)])
    assert isinstance(outs, list) and len(outs) == 1
    out = runtime.to_numpy(outs[0])
    assert out.dtype == np.float32
    np.testing.assert_array_equal(out, x + y)
    assert add_exe.in_avals == [((2, 3), np.dtype(np.float32))] * 2
    assert add_exe.out_avals == [((2, 3), np.dtype(np.float32))]


def test_outputs_feed_back_as_inputs(add_exe):
    x = runtime.device_put(np.ones((2, 3), np.float32))
    acc = x
    for _ in range(10):
        acc, = add_exe.execute([acc, x])
    np.testing.assert_array_equal(runtime.to_numpy(acc),
                                  np.full((2, 3), 11, np.float32))
    assert tuple(acc.aval.shape) == (2, 3)
    assert acc.aval.dtype == np.float32


def test_execute_dot_general_and_compare():
    exe = runtime.compile(DOT_COMPARE)
    rng = np.random.default_rng(0)
    a = rng.standard_normal((3, 2)).astype(np.float32)
    b = rng.standard_normal((3, 4)).astype(np.float32)
    dot, lt = exe.execute([runtime.device_put(a), runtime.device_put(b)])
    expected = a.T @ b
    np.testing.assert_allclose(runtime.to_numpy(dot), expected, rtol=1e-5,
                               atol=1e-6)
    lt = runtime.to_numpy(lt)
    assert lt.dtype == np.bool_
    np.testing.assert_array_equal(lt, runtime.to_numpy(dot) < 1.0)


def test_execute_multi_output():
    exe = runtime.compile(MULTI)
    x = np.array([1, -2, 3, 40], np.int32)
    s = np.int32(3)
    prod, total, conv = exe.execute([runtime.device_put(x),
                                     runtime.device_put(np.asarray(s))])
    np.testing.assert_array_equal(runtime.to_numpy(prod), x * s)
    total = runtime.to_numpy(total)
    assert total.shape == () and total.dtype == np.int32
    assert total == x.sum()
    conv = runtime.to_numpy(conv)
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
    exe = runtime.compile(_unary("negate", mlir_ty))
    x = np.array([1.5, -2, 3], dtype) if np.dtype(dtype).kind != "i" \
        else np.array([1, -2, 3], dtype)
    out, = exe.execute([runtime.device_put(x)])
    out = runtime.to_numpy(out)
    assert out.dtype == np.dtype(dtype)
    np.testing.assert_array_equal(out, -x)


def test_execute_empty_and_scalar():
    exe = runtime.compile(_unary("negate", "tensor<0x3xf32>"))
    out, = exe.execute([runtime.device_put(np.zeros((0, 3), np.float32))])
    out = runtime.to_numpy(out)
    assert out.shape == (0, 3) and out.dtype == np.float32
    exe = runtime.compile(_unary("sqrt", "tensor<f32>"))
    out, = exe.execute([runtime.device_put(np.float32(4.0))])
    out = runtime.to_numpy(out)
    assert out.shape == () and out == 2.0


def test_execute_wrong_arity_raises(add_exe):
    x = runtime.device_put(np.ones((2, 3), np.float32))
    with pytest.raises(RuntimeError):
        add_exe.execute([x])
    with pytest.raises(TypeError):
        add_exe.execute_checked([x])


def test_execute_checked_validates_avals(add_exe):
    x = runtime.device_put(np.ones((2, 3), np.float32))
    with pytest.raises(TypeError, match="int32"):
        add_exe.execute_checked([x, runtime.device_put(np.ones((2, 3),
                                                               np.int32))])
    with pytest.raises(TypeError, match=r"\[3, 2\]"):
        add_exe.execute_checked([x, runtime.device_put(np.ones((3, 2),
                                                               np.float32))])
    with pytest.raises(TypeError):
        add_exe.execute_checked([x, np.ones((2, 3), np.float32)])
    out, = add_exe.execute_checked([x, x])
    np.testing.assert_array_equal(runtime.to_numpy(out), 2 * np.ones((2, 3)))


def test_hlo_text(add_exe):
    text = add_exe.hlo_text()
    assert "HloModule" in text
    assert "add(" in text
    assert "f32[2,3]" in text


def test_concurrent_compile_and_execute():
    errors = []
    results = {}

    def work(i):
        try:
            exe = runtime.compile(_unary("negate", f"tensor<{i + 1}xf32>"))
            x = np.arange(i + 1, dtype=np.float32)
            out, = exe.execute([runtime.device_put(x)])
            results[i] = (x, runtime.to_numpy(out))
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    for x, out in results.values():
        np.testing.assert_array_equal(out, -x)
    assert len(results) == 4


def test_execute_is_fast(add_exe):
    # The hot path of cached jit calls: a few microseconds expected.
    import time
    x = runtime.device_put(np.ones((2, 3), np.float32))
    args = [x, x]
    for _ in range(200):
        add_exe.execute(args)
    n = 2000
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        for _ in range(n):
            add_exe.execute(args)
        best = min(best, (time.perf_counter() - t0) / n)
    assert best < 200e-6, f"execute took {best * 1e6:.1f} us"


def test_runtime_never_imports_jax_and_delete_is_safe():
    code = f"""
import importlib.util, sys
import numpy as np
import pathlib
_RUNTIME_PATH = pathlib.Path({str(_RUNTIME_PATH)!r})
{_LOAD_ALONE}
rt.set_x64(True)
exe = rt.compile({MULTI!r})
x = rt.device_put(np.array([1, 2, 3, 4], np.int32))
s = rt.device_put(np.array(2, np.int32))
outs = exe.execute([x, s])
outs = exe.execute_checked([outs[0], outs[1]])
vals = [rt.to_numpy(rt.block_until_ready(o)) for o in outs]
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
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True,
                          text=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "ok"
