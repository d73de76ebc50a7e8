"""Errors: tracer concretization (JAX's classes and hints), compiler
diagnostics from bad IR (never a crash), and tracebacks that point at the
user's line."""

import json
import os
import pathlib
import subprocess
import sys
import textwrap
import traceback

import jax
import jax.numpy as rjnp
import numpy as np
import pytest

import jxp
import jxp.numpy as jnp
from jxp import _jxp

# ---------------------------------------------------------------------------
# Concretization errors inside jit
# ---------------------------------------------------------------------------


def _branch(m):
    def f(x):
        if x > 0:
            return x
        return -x
    return f


CONCRETIZATION = {
    "if": lambda m: _branch(m),
    "bool": lambda m: (lambda x: bool(x)),
    "while": lambda m: (lambda x: [0 for _ in range(3) if x]),
    "and": lambda m: (lambda x: (x > 0) and (x < 5)),
    "int": lambda m: (lambda x: int(x)),
    "float": lambda m: (lambda x: float(x)),
    "complex": lambda m: (lambda x: complex(x)),
    "list_index": lambda m: (lambda x: [1, 2, 3][x]),
    "range": lambda m: (lambda x: m.zeros(3) + len(range(x))),
    "np_asarray": lambda m: (lambda x: np.asarray(x)),
    "np_ufunc": lambda m: (lambda x: np.sin(x)),
    "np_array": lambda m: (lambda x: np.array([x, x])),
    "shape_from_value": lambda m: (lambda x: m.zeros(x)),
    "arange": lambda m: (lambda x: m.arange(x)),
}


@pytest.mark.parametrize("name", list(CONCRETIZATION))
def test_concretization_errors_match_jax(name):
    x = np.int32(2)
    with pytest.raises(TypeError) as want:
        jax.jit(CONCRETIZATION[name](rjnp))(x)
    with pytest.raises(TypeError) as got:
        jxp.jit(CONCRETIZATION[name](jnp))(x)
    want_cls = type(want.value)
    if want_cls.__module__.startswith("jax"):
        # The same class (by name) as JAX; jxp's own in jxp.errors.
        assert type(got.value).__name__ == want_cls.__name__, (
            type(got.value), want_cls)
        assert isinstance(got.value, getattr(jxp.errors, want_cls.__name__))


def test_bool_conversion_error_classes_and_message():
    with pytest.raises(jxp.errors.TracerBoolConversionError) as err:
        jxp.jit(_branch(jnp))(jnp.float32(1.0))
    e = err.value
    assert isinstance(e, jxp.errors.ConcretizationTypeError)
    assert isinstance(e, TypeError)
    msg = str(e)
    assert "static_argnums" in msg
    assert "bool[]" in msg  # the traced value: x > 0
    # JAX's hierarchy is the same.
    assert issubclass(jax.errors.TracerBoolConversionError,
                      jax.errors.ConcretizationTypeError)


def test_integer_and_array_conversion_errors():
    with pytest.raises(jxp.errors.TracerIntegerConversionError) as err:
        jxp.jit(lambda x: [1, 2, 3][x])(np.int32(1))
    assert isinstance(err.value, TypeError)
    assert not isinstance(err.value, jxp.errors.ConcretizationTypeError)
    assert "static_argnums" in str(err.value)
    with pytest.raises(jxp.errors.ConcretizationTypeError) as err:
        jxp.jit(lambda x: int(x))(np.int32(1))
    assert "static_argnums" in str(err.value)
    with pytest.raises(jxp.errors.TracerArrayConversionError) as err:
        jxp.jit(lambda x: np.asarray(x))(np.float32(1))
    assert isinstance(err.value, TypeError)
    assert "static_argnums" in str(err.value)
    assert "jax.numpy" in str(err.value) or "jnp" in str(err.value)


def test_static_argument_fixes_the_error():
    f = jxp.jit(_branch(jnp), static_argnums=0)
    assert f(3) == 3 and f(-3) == 3


def test_error_classes_mirror_jax():
    for name in ("ConcretizationTypeError", "TracerBoolConversionError",
                 "TracerIntegerConversionError", "TracerArrayConversionError",
                 "NonConcreteBooleanIndexError", "UnexpectedTracerError"):
        ours, theirs = getattr(jxp.errors, name), getattr(jax.errors, name)
        for base in (TypeError, IndexError, ValueError):
            assert issubclass(ours, base) == issubclass(theirs, base), (name,
                                                                      base)
    assert issubclass(jxp.errors.TracerBoolConversionError,
                      jxp.errors.ConcretizationTypeError)
    assert issubclass(jxp.CompileError, ValueError)


def test_errors_in_shape_rules_are_type_or_value_errors():
    # Shapes that do not broadcast: TypeError, as JAX's lax shape rule.
    with pytest.raises(TypeError):
        jax.jit(lambda x: x + jax.numpy.ones(4))(jax.numpy.ones(3))
    with pytest.raises(TypeError):
        jxp.jit(lambda x: x + jnp.ones(4))(jnp.ones(3))
    with pytest.raises(TypeError):
        jxp.jit(lambda x: jxp.lax.add(x, jnp.ones(3, jnp.int32)))(jnp.ones(3))
    with pytest.raises(TypeError):
        jxp.jit(lambda x: jnp.reshape(x, (2, 2)))(jnp.ones(3))


# ---------------------------------------------------------------------------
# Tracebacks point at the user's line
# ---------------------------------------------------------------------------

THIS_FILE = os.path.abspath(__file__)


def _last_user_frame(exc):
    frames = traceback.extract_tb(exc.__traceback__)
    pkg = os.path.dirname(os.path.abspath(jxp.__file__))
    user = [f for f in frames if not os.path.abspath(f.filename).startswith(pkg)]
    return user[-1]


def _bad_broadcast(x):
    y = x * 2
    return y + jnp.ones(4)  # the offending line


def _bad_lax(x):
    return jxp.lax.dot_general(x, x, (((0,), (1,)), ((), ())))  # bad dims


def _bad_python(x):
    d = {}
    return x + d["missing"]  # a plain Python error while tracing


@pytest.mark.parametrize("fn,exc,marker", [
    (_bad_broadcast, TypeError, "the offending line"),
    (_bad_lax, TypeError, "bad dims"),
    (_bad_python, KeyError, "plain Python error"),
    (_branch(jnp), TypeError, "if x > 0"),
])
def test_traceback_points_at_user_line(fn, exc, marker):
    with pytest.raises(exc) as err:
        jxp.jit(fn)(jnp.ones(3))
    frame = _last_user_frame(err.value)
    assert os.path.abspath(frame.filename) == THIS_FILE
    assert marker in frame.line, frame


def test_nested_jit_error_points_at_inner_line():
    inner = jxp.jit(_bad_broadcast)

    @jxp.jit
    def outer(x):
        return inner(x) * 2

    with pytest.raises(TypeError) as err:
        outer(jnp.ones(3))
    frame = _last_user_frame(err.value)
    assert os.path.abspath(frame.filename) == THIS_FILE
    assert "the offending line" in frame.line


def test_ir_locations_name_user_lines():
    def f(x):
        y = jnp.sin(x)  # LOCATION-MARKER
        return y * 2

    lowered = jxp.jit(f).lower(jnp.ones(3))
    text = lowered.as_text(dialect="jxp", debug_info=True)
    line = next(i for i, l in enumerate(
        pathlib.Path(THIS_FILE).read_text().splitlines(), 1)
        if "LOCATION-MARKER" in l and "next(" not in l)
    assert f"{os.path.basename(THIS_FILE)}\":{line}" in text or \
        f"{THIS_FILE}\":{line}" in text, text


# ---------------------------------------------------------------------------
# Compiler errors from bad IR: a CompileError (ValueError), never a crash
# ---------------------------------------------------------------------------

BAD_ADD = ('module { func.func @f(%a: tensor<2xf32>) { '
           '%0 = jxp.add %a, %a : tensor<3xf32> return } }')


def test_verifier_error_is_a_value_error_with_location():
    with pytest.raises(ValueError) as err:
        jxp._jxp.run_pipeline(BAD_ADD, "")
    assert isinstance(err.value, jxp._jxp.CompileError)
    msg = str(err.value)
    assert "error" in msg
    assert "-:1:" in msg  # file:line:column of the offending op
    assert "tensor<3xf32>" in msg


def test_compiler_run_pipeline_raises_jxp_compile_error():
    from jxp._src import compiler
    with pytest.raises(jxp.CompileError) as err:
        compiler.run_pipeline(BAD_ADD, "")
    assert isinstance(err.value, ValueError)
    assert "error" in str(err.value) and "-:1:" in str(err.value)


def _generic_main(body, arg="tensor<2xf32>", res="tensor<2xf32>"):
    return ('"builtin.module"() ({ "func.func"() <{function_type = (' + arg
            + ') -> ' + res + ', sym_name = "main"}> ({ ^bb0(%a: ' + arg
            + '): ' + body + ' "func.return"(%0) : (' + res
            + ') -> () }) : () -> () }) : () -> ()')


BAD_IR = {
    "type_mismatch": (_generic_main(
        '%0 = "jxp.add"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> '
        'tensor<3xf32>', res="tensor<3xf32>"), "convert-jxp-to-stablehlo"),
    "unknown_op": (_generic_main(
        '%0 = "jxp.frobnicate"(%a) : (tensor<2xf32>) -> tensor<2xf32>'),
        "convert-jxp-to-stablehlo"),
    "missing_attribute": (_generic_main(
        '%0 = "jxp.transpose"(%a) : (tensor<2x3xf32>) -> tensor<3x2xf32>',
        arg="tensor<2x3xf32>", res="tensor<3x2xf32>"),
        "convert-jxp-to-stablehlo"),
    "bad_permutation": (_generic_main(
        '%0 = "jxp.transpose"(%a) <{permutation = array<i64: 5, 0>}> : '
        '(tensor<2x3xf32>) -> tensor<3x2xf32>', arg="tensor<2x3xf32>",
        res="tensor<3x2xf32>"), "canonicalize,convert-jxp-to-stablehlo"),
    "wrong_arity": (_generic_main(
        '%0 = "jxp.add"(%a) : (tensor<2xf32>) -> tensor<2xf32>'),
        "convert-jxp-to-stablehlo"),
    "bad_slice": (_generic_main(
        '%0 = "jxp.slice"(%a) <{start_indices = array<i64: 3>, '
        'limit_indices = array<i64: 9>, strides = array<i64: 0>}> : '
        '(tensor<4xf32>) -> tensor<2xf32>', arg="tensor<4xf32>"),
        "canonicalize,cse,convert-jxp-to-stablehlo"),
    "bad_reduce_axis": (_generic_main(
        '%0 = "jxp.reduce"(%a) <{kind = 0 : i32, dimensions = array<i64: 7>}>'
        ' : (tensor<4xf32>) -> tensor<f32>', arg="tensor<4xf32>",
        res="tensor<f32>"), "canonicalize,convert-jxp-to-stablehlo"),
    "truncated": ('"builtin.module"() ({ "func.func"() <{function_type = ', ""),
    "garbage": ("this is not MLIR", ""),
    "unbalanced": ("module {", ""),
    "bad_type": ("module { func.func @f(%a: tensor<2xqq>) { return } }", ""),
    "bad_pipeline": ("module {}", "not-a-registered-pass"),
    "empty_region": ('"builtin.module"() ({}) : () -> ()', ""),
}

_RUNNER = r"""
import json, sys
import jxp
cases = json.loads(sys.stdin.read())
out = {}
for name, (text, pipeline) in cases.items():
    try:
        jxp._jxp.run_pipeline(text, pipeline)
        out[name] = ["ok", ""]
    except Exception as e:
        out[name] = [type(e).__name__, str(e),
                     isinstance(e, ValueError)]
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def bad_ir_results():
    """Runs every bad-IR case in one subprocess: a crash (abort, segfault)
    fails the tests instead of killing pytest."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [os.path.dirname(os.path.dirname(os.path.abspath(jxp.__file__)))]
        + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    proc = subprocess.run([sys.executable, "-c", _RUNNER],
                          input=json.dumps(BAD_IR), capture_output=True,
                          text=True, env=env, timeout=120)
    assert proc.returncode == 0, (proc.returncode, proc.stderr[-2000:])
    return json.loads(proc.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("name", list(BAD_IR))
def test_bad_ir_raises_compile_error(name, bad_ir_results):
    kind, msg, is_value_error = bad_ir_results[name]
    assert kind == "CompileError", (kind, msg)
    assert is_value_error
    assert "error" in msg
    if name not in ("bad_pipeline",):
        assert "-:1:" in msg, msg  # a source location


def test_bad_ir_in_process_after_subprocess_check(bad_ir_results):
    """The same cases are safe in-process too (the subprocess ran first)."""
    for name, (text, pipeline) in BAD_IR.items():
        with pytest.raises(jxp._jxp.CompileError):
            jxp._jxp.run_pipeline(text, pipeline)


def test_process_survives_and_still_compiles(bad_ir_results):
    assert jxp.jit(lambda x: x + 1)(jnp.ones(2)).tolist() == [2.0, 2.0]


def test_unsupported_dtype_is_a_type_error():
    with pytest.raises(TypeError):
        jnp.asarray(np.array(["a", "b"]))
    with pytest.raises(TypeError):
        rjnp.asarray(np.array(["a", "b"]))
    with pytest.raises(TypeError):
        jxp.jit(lambda x: x)(object())


# ---------------------------------------------------------------------------
# What the compiler is given is a jxp program: foreign ops, attributes out
# of range and inputs upstream MLIR crashes on are compile errors, never a
# crash (each runs in a child process, where a crash fails the test)
# ---------------------------------------------------------------------------

def _in_child(code):
    """Runs `code` in a fresh interpreter (with this one's sys.path): its
    exit code and output. A crash is a negative exit code."""
    prelude = f"import sys; sys.path[:0] = {sys.path!r}\n"
    proc = subprocess.run(
        [sys.executable, "-c", prelude + textwrap.dedent(code)],
        capture_output=True, text=True, timeout=600)
    return proc.returncode, proc.stdout + proc.stderr


_STABLEHLO_INPUT = """
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.abs"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
"""


_REGION_OF_UNKNOWN_OP = """
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  "foo.region"() ({
    "foo.yield"() : () -> ()
  }) : () -> ()
  return %x : tensor<4xf32>
}
"""


_INDEX_ARRAY = """
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> attributes {a = array<index: 1>} {
  return %x : tensor<4xf32>
}
"""


def test_compiler_rejects_foreign_ops():
    """Item 5: converting StableHLO (or the conversion's own output) crashed
    the process; it is an error naming the op."""
    code, out = _in_child(f"""
        from jxp import _jxp
        for pipeline in ("convert-jxp-to-stablehlo", "canonicalize"):
            try:
                _jxp.run_pipeline({_STABLEHLO_INPUT!r}, pipeline)
            except _jxp.CompileError as e:
                print("rejected:", e)
        """)
    assert code == 0, out
    assert out.count("rejected: ") == 2, out
    assert "'stablehlo.abs' op is not a jxp op" in out
    # The conversion's own output, converted again.
    hlo = _jxp.run_pipeline(
        "func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
        "  %0 = jxp.neg %x : tensor<4xf32>\n"
        "  return %0 : tensor<4xf32>\n}\n", "convert-jxp-to-stablehlo")
    with pytest.raises(_jxp.CompileError, match="'stablehlo.negate' op is not "
                                                "a jxp op"):
        _jxp.run_pipeline(hlo, "convert-jxp-to-stablehlo")


def test_out_of_range_function_attributes_are_compile_errors():
    """Item 6: jxp-partial-eval read past a function's arguments."""
    for entries in ("-1", "1000000", "2"):
        text = (f"func.func @main(%x: tensor<3xf32>, %t: tensor<3xf32>) -> "
                f"tensor<3xf32> attributes {{jxp.linear_args = array<i64: "
                f"{entries}>}} {{\n  return %t : tensor<3xf32>\n}}\n")
        code, out = _in_child(f"""
            from jxp import _jxp
            try:
                _jxp.run_pipeline({text!r}, "jxp-partial-eval")
            except _jxp.CompileError as e:
                print("rejected:", e)
            """)
        assert code == 0, out
        assert "'jxp.linear_args' must list distinct argument positions" in out


def test_compiler_refuses_inputs_upstream_mlir_crashes_on():
    """Item 7: a dense array of index elements crashed MLIR's parser, and
    the inliner crashed on an unknown op with a region."""
    code, out = _in_child(f"""
        from jxp import _jxp
        for text in ({_INDEX_ARRAY!r}, {_REGION_OF_UNKNOWN_OP!r}):
            try:
                _jxp.run_pipeline(text, "inline")
            except _jxp.CompileError as e:
                print("rejected:", e)
        """)
    assert code == 0, out
    assert "dense arrays of index elements" in out
    assert "'foo.region' op is not a jxp op" in out
