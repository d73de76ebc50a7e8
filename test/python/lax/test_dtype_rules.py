"""The dtypes each primitive accepts, checked three ways.

jxp states an op's dtype rule twice: in the Python primitive (lax.py's shape
rule, errors at the user's line) and in the op's ODS constraints (the C++
verifier). This test traces every primitive for every dtype and compares:

- Python accepts, the verifier rejects: the user gets a compile error
  instead of JAX's TypeError (or a program JAX runs does not compile);
- Python rejects, the verifier accepts, JAX accepts: Python is stricter
  than JAX;
- Python and JAX disagree at all: Python's rule is not JAX's.

Where Python rejects, the verifier is asked with a hand-built module: the
op traced at a dtype Python accepts, with that element type replaced.
"""

import re

import jax
import jax.numpy as jjnp
import numpy as np
import pytest

import jxp
from jxp._mlir import _jxp_ops_gen
from jxp._src import core, tracing
from jxp._src.lax import primitives as prims

DTYPES = {
    "bool": (np.bool_, "i1"), "int8": (np.int8, "i8"),
    "int16": (np.int16, "i16"), "int32": (np.int32, "i32"),
    "int64": (np.int64, "i64"), "uint8": (np.uint8, "ui8"),
    "uint16": (np.uint16, "ui16"), "uint32": (np.uint32, "ui32"),
    "uint64": (np.uint64, "ui64"), "float16": (np.float16, "f16"),
    "bfloat16": (jjnp.bfloat16, "bf16"), "float32": (np.float32, "f32"),
    "float64": (np.float64, "f64"), "complex64": (np.complex64, "complex<f32>"),
    "complex128": (np.complex128, "complex<f64>"),
}

T = "T"  # an operand of the dtype under test
V = (2,)  # the operands' shape
M = (2, 2)

_unary = {name: f"lambda lax: lambda x: lax.{name}(x)" for name in [
    "neg", "abs", "sign", "exp", "log", "log1p", "expm1", "sin", "cos", "tan",
    "tanh", "logistic", "sqrt", "rsqrt", "cbrt", "erf", "erf_inv", "floor",
    "ceil", "is_finite", "stop_gradient", "erfc", "lgamma", "digamma",
    "bessel_i0e", "bessel_i1e", "population_count", "clz"]}
_binary = {name: f"lambda lax: lambda x, y: lax.{name}(x, y)" for name in [
    "add", "sub", "mul", "div", "rem", "pow", "max", "min", "atan2",
    "shift_left", "shift_right_logical", "shift_right_arithmetic",
    "polygamma", "zeta", "nextafter"]}

# primitive -> (jxp op, operands as (dtype or T, shape), function of a lax
# module). The same function runs over jxp.lax and jax.lax.
CASES = {}
for _name, _src in _unary.items():
    CASES[_name] = (_name, [(T, V)], eval(_src))
for _name, _src in _binary.items():
    CASES[_name] = (_name, [(T, V), (T, V)], eval(_src))
CASES.update({
    "not": ("not", [(T, V)], lambda lax: lambda x: lax.bitwise_not(x)),
    "and": ("and", [(T, V)] * 2, lambda lax: lambda x, y: lax.bitwise_and(x, y)),
    "or": ("or", [(T, V)] * 2, lambda lax: lambda x, y: lax.bitwise_or(x, y)),
    "xor": ("xor", [(T, V)] * 2, lambda lax: lambda x, y: lax.bitwise_xor(x, y)),
    "round": ("round", [(T, V)], lambda lax: lambda x: lax.round(x)),
    "real": ("real", [(T, V)], lambda lax: lambda x: lax.real(x)),
    "imag": ("imag", [(T, V)], lambda lax: lambda x: lax.imag(x)),
    "complex": ("complex", [(T, V)] * 2,
                lambda lax: lambda x, y: lax.complex(x, y)),
    "compare": ("compare", [(T, V)] * 2, lambda lax: lambda x, y: lax.lt(x, y)),
    "select": ("select", [(np.bool_, V), (T, V), (T, V)],
               lambda lax: lambda p, x, y: lax.select(p, x, y)),
    "clamp": ("clamp", [(T, V)] * 3,
              lambda lax: lambda lo, x, hi: lax.clamp(lo, x, hi)),
    "convert_element_type": (
        "convert", [(T, V)],
        lambda lax: lambda x: lax.convert_element_type(x, np.int8)),
    "bitcast_convert_type": (
        "bitcast_convert", [(T, V)],
        lambda lax: lambda x: lax.bitcast_convert_type(x, np.uint8)),
    "iota": ("iota", [], None),  # built per dtype below
    "broadcast_in_dim": (
        "broadcast_in_dim", [(T, V)],
        lambda lax: lambda x: lax.broadcast_in_dim(x, (3, 2), (1,))),
    "reshape": ("reshape", [(T, M)], lambda lax: lambda x: lax.reshape(x, (4,))),
    "transpose": ("transpose", [(T, M)],
                  lambda lax: lambda x: lax.transpose(x, (1, 0))),
    "rev": ("reverse", [(T, V)], lambda lax: lambda x: lax.rev(x, (0,))),
    "slice": ("slice", [(T, V)], lambda lax: lambda x: lax.slice(x, (0,), (1,))),
    "dynamic_slice": (
        "dynamic_slice", [(T, V), (np.int32, ())],
        lambda lax: lambda x, i: lax.dynamic_slice(x, (i,), (1,))),
    "dynamic_update_slice": (
        "dynamic_update_slice", [(T, V), (T, (1,)), (np.int32, ())],
        lambda lax: lambda x, u, i: lax.dynamic_update_slice(x, u, (i,))),
    "concatenate": ("concatenate", [(T, V)] * 2,
                    lambda lax: lambda x, y: lax.concatenate([x, y], 0)),
    "pad": ("pad", [(T, V), (T, ())],
            lambda lax: lambda x, v: lax.pad(x, v, [(1, 1, 0)])),
    "reduce": ("reduce", [(T, V)],
               lambda lax: lambda x: lax.reduce_max(x, (0,))),
    "argmax": ("argmax", [(T, V)],
               lambda lax: lambda x: lax.argmax(x, 0, np.int32)),
    "argmin": ("argmin", [(T, V)],
               lambda lax: lambda x: lax.argmin(x, 0, np.int32)),
    "cumsum": ("cumsum", [(T, V)], lambda lax: lambda x: lax.cumsum(x, 0)),
    "cumprod": ("cumprod", [(T, V)], lambda lax: lambda x: lax.cumprod(x, 0)),
    "cummax": ("cummax", [(T, V)], lambda lax: lambda x: lax.cummax(x, 0)),
    "cummin": ("cummin", [(T, V)], lambda lax: lambda x: lax.cummin(x, 0)),
    "dot_general": ("dot_general", [(T, M)] * 2,
                    lambda lax: lambda x, y: lax.dot(x, y)),
    "sort": ("sort", [(T, V)], lambda lax: lambda x: lax.sort(x)),
    "gather": ("gather", [(T, V), (np.int32, (1,))], lambda lax: (
        lambda x, i: lax.gather(x, i, lax.GatherDimensionNumbers(
            offset_dims=(), collapsed_slice_dims=(0,), start_index_map=(0,)),
            (1,)))),
    "scatter": ("scatter", [(T, V), (np.int32, (1,)), (T, ())], lambda lax: (
        lambda x, i, u: lax.scatter_add(x, i, u, lax.ScatterDimensionNumbers(
            update_window_dims=(), inserted_window_dims=(0,),
            scatter_dims_to_operand_dims=(0,))))),
    "cholesky": ("cholesky", [(T, M)], lambda lax: (
        lambda x: lax.linalg.cholesky(x, symmetrize_input=False))),
    "triangular_solve": ("triangular_solve", [(T, M)] * 2, lambda lax: (
        lambda a, b: lax.linalg.triangular_solve(a, b, left_side=True,
                                                 lower=True))),
    "reduce_precision": ("reduce_precision", [(T, V)], lambda lax: (
        lambda x: lax.reduce_precision(x, 5, 10))),
    "lu": ("lu", [(T, M)], lambda lax: lambda x: lax.linalg.lu(x)),
    "qr": ("qr", [(T, M)], lambda lax: (
        lambda x: lax.linalg.qr(x, full_matrices=False))),
    "eigh": ("eigh", [(T, M)], lambda lax: (
        lambda x: lax.linalg.eigh(x, symmetrize_input=False))),
    "svd": ("svd", [(T, M)], lambda lax: (
        lambda x: lax.linalg.svd(x, full_matrices=False, compute_uv=False))),
    "eig": ("eig", [(T, M)], lambda lax: (
        lambda x: lax.linalg.eig(x, compute_left_eigenvectors=False,
                                 compute_right_eigenvectors=False))),
    # RFFT: lax.fft converts other types to the kind the transform reads
    # (complex for FFT), so only RFFT's real input rule is seen here.
    "fft": ("fft", [(T, V)], lambda lax: lambda x: lax.fft(x, "RFFT", (2,))),
    "conv": ("conv", [(T, (1, 1, 2))] * 2, lambda lax: (
        lambda x, k: lax.conv_general_dilated(x, k, (1,), [(0, 0)]))),
    "reduce_window": ("reduce_window", [(T, V)], lambda lax: (
        lambda x: lax.reduce_window(x, np.zeros((), x.dtype), lax.add, (2,),
                                    (1,), "VALID"))),
})

# Primitives not in the matrix, and why.
NOT_CHECKED = {
    "threefry2x32": "not in jax.lax; one signature (uint32), checked in "
                    "random/test_threefry.py",
    "host_callback": "not in jax.lax (jax.pure_callback and friends bind "
                     "it with a Python callable); its dtypes are checked in "
                     "test_callbacks.py",
    "rng_bit_generator": "its operand is a uint32[4] or uint64[2] key, its "
                         "result dtype a parameter; checked in "
                         "lax/test_primitives.py",
    "rng_uniform": "JAX's abstract rule takes every dtype and leaves the "
                   "rest to XLA's compiler; jxp refuses those XLA rejects "
                   "when tracing (lax/test_primitives.py)",
    "select_and_gather_add": "the tangent of max/min pooling, on floats only "
                             "as JAX emits it; checked in "
                             "test_lax_primitives.py",
    "select_and_scatter_add": "its transpose; as select_and_gather_add",
}

# (primitive, dtype) where the verifier rejects what JAX and jxp's Python
# accept: ODS-side mismatches, reported to the dialect's owner. An entry that
# no longer fails makes the test fail, so the list only shrinks.
KNOWN_ODS = set()

# (primitive, dtype) where jxp's Python rule and JAX's disagree and the fix
# is not a one-line change: each needs its jnp callers checked first (they
# may rely on the laxer primitive), or is a missing feature. Same rule as
# KNOWN_ODS: an entry that no longer mismatches fails the test.
KNOWN_PY = {
    **{(p, d): "complex arg-reductions not implemented (JAX has them)"
       for p in ("argmax", "argmin") for d in ("complex64", "complex128")},
    # JAX's abstract rules take half floats; its CPU lowering then fails
    # ("Unsupported dtype float16" from jaxlib's LAPACK bindings).
    **{(p, d): "not implemented: LAPACK's types (float32/64, complex64/128)"
       for p in ("cholesky", "triangular_solve", "lu", "qr", "eigh", "svd",
                 "eig")
       for d in ("float16", "bfloat16")},
}


def _fun(prim, lax, dtype):
    if prim == "iota":
        return lambda: lax.iota(dtype, 3)
    return CASES[prim][2](lax)


def _operands(prim, dtype):
    return [np.zeros(shape, dtype if d is T else d)
            for d, shape in CASES[prim][1]]


@pytest.fixture(scope="module", autouse=True)
def x64():
    old_jax, old_jxp = jax.config.jax_enable_x64, jxp.config.jax_enable_x64
    jax.config.update("jax_enable_x64", True)
    jxp.config.update("jax_enable_x64", True)
    yield
    jax.config.update("jax_enable_x64", old_jax)
    jxp.config.update("jax_enable_x64", old_jxp)


def jax_accepts(prim, dtype):
    args = [jax.ShapeDtypeStruct(a.shape, a.dtype)
            for a in _operands(prim, dtype)]
    try:
        jax.eval_shape(_fun(prim, jax.lax, dtype), *args)
    except (TypeError, ValueError):
        return False
    return True


def _trace_text(prim, dtype):
    """The generic-form module of the primitive at `dtype`, unverified."""
    fun = _fun(prim, jxp.lax, dtype)
    avals = [core.abstractify(a) for a in _operands(prim, dtype)]
    traced = tracing.trace(fun, prim, avals,
                                lambda tracers: (tracers, {}))
    return traced.text()


def verifies(text):
    try:
        jxp._jxp.run_pipeline(text, "", True, False)
    except jxp._jxp.CompileError:
        return False
    return True


def python_accepts(prim, dtype):
    """(accepted by the Python rule, generic module text or None)."""
    try:
        return True, _trace_text(prim, dtype)
    except (TypeError, ValueError, NotImplementedError):
        return False, None


_TEMPLATES = ["float32", "float64", "int16", "uint16", "int64", "float16",
              "complex64"]


def _template(prim):
    """(dtype name, module text) of the op at a dtype Python accepts."""
    for template in _TEMPLATES:
        ok, text = python_accepts(prim, DTYPES[template][0])
        if ok:
            return template, text
    pytest.fail(f"{prim}: Python accepts none of {_TEMPLATES}")


def ods_accepts_by_hand(prim, dtype_name):
    """The verifier's answer for `dtype_name`, from the op traced at a dtype
    Python accepts with the element type replaced."""
    template, text = _template(prim)
    old, new = DTYPES[template][1], DTYPES[dtype_name][1]
    text = re.sub(r"(tensor<(?:\d+x)*)" + re.escape(old) + ">",
                  lambda m: f"{m.group(1)}{new}>", text)
    # Operands of other dtypes (indices, predicates) keep theirs.
    return verifies(text)


def _prims():
    return sorted(k[:-len("_prim")] for k, v in vars(prims).items()
                  if isinstance(v, core.Primitive))


def test_every_primitive_is_checked():
    missing = [p for p in _prims() if p not in CASES and p not in NOT_CHECKED]
    assert not missing, f"add these primitives to CASES: {missing}"
    unknown = [p for p in CASES if p not in _prims()]
    assert not unknown, f"not primitives in lax.py: {unknown}"


def test_cases_emit_their_op():
    """Each case's op is in the generated op classes, and the case emits it
    (so the matrix below tests that op's verifier)."""
    gen = set(re.findall(r'OPERATION_NAME = "jxp\.(\w+)"', open(
        _jxp_ops_gen.__file__).read()))
    for prim, (op, _, _) in CASES.items():
        assert op in gen, prim
        _, text = _template(prim)
        assert f'"jxp.{op}"' in text, (prim, text)


@pytest.mark.parametrize("dtype_name", list(DTYPES))
@pytest.mark.parametrize("prim", sorted(CASES))
def test_dtype_rule(prim, dtype_name):
    dtype = DTYPES[dtype_name][0]
    py, text = python_accepts(prim, dtype)
    if py:
        ods = verifies(text)
    else:
        ods = ods_accepts_by_hand(prim, dtype_name)
    jx = jax_accepts(prim, dtype)
    problems = []
    if py and not ods:
        problems.append("the verifier rejects what Python accepts")
    if not py and ods and jx:
        problems.append("Python rejects what the verifier and JAX accept")
    if py != jx:
        problems.append(f"Python {'accepts' if py else 'rejects'}, JAX "
                        f"{'accepts' if jx else 'rejects'}")
    if (prim, dtype_name) in KNOWN_PY:
        assert problems and all("JAX" in p for p in problems), (
            f"{prim}/{dtype_name} is listed in KNOWN_PY but now gives "
            f"{problems or 'no mismatch'}: update the list")
        return
    if (prim, dtype_name) in KNOWN_ODS:
        assert problems == ["the verifier rejects what Python accepts"], (
            f"{prim}/{dtype_name} is listed in KNOWN_ODS but now gives "
            f"{problems or 'no mismatch'}: update the list")
        return
    assert not problems, f"{prim} on {dtype_name}: {'; '.join(problems)}"


def test_a_verifier_rejection_is_seen():
    """The checker itself: a module the verifier must reject (abs of a
    bool) is reported as rejected, and its float twin as accepted."""
    ok, text = python_accepts("abs", np.float32)
    assert ok and verifies(text)
    bad = text.replace("tensor<2xf32>", "tensor<2xi1>")
    assert bad != text and not verifies(bad)
