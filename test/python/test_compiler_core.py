"""The compiler core's contracts (issue: rule contexts, one transform driver,
C++ entry points, region-ready tracing):

- a user function runs once per trace under jit, grad and custom_jvp (no
  re-tracing until captures agree);
- a custom_jvp rule with symbolic zeros is traced only for the zero patterns
  differentiation meets, receiving exactly JAX's pattern, however many
  inputs it has;
- threads tracing and calling different jitted functions agree with a
  serial run;
- errors cross from C++ with a kind, and the kind picks JAX's class;
- jxp-opt lists the passes under the names of their files and lit tests,
  and the generated docs cover every op and pass;
- lower() / as_text() / compile() share the jit cache.
"""

import pathlib
import re
import subprocess
import sys
import textwrap
import threading

import jax
import jax.numpy as rjnp
import numpy as np
import pytest

import jxp
import jxp.numpy as jnp
from jxp import _jxp
from jxp._src import compiler
from jxp._src import core as xcore
from jxp_test_util import assert_same, run_in_threads
from jxp_test_util import jxp_opt as _jxp_opt

REPO = pathlib.Path(__file__).resolve().parents[2]
F32 = np.float32


# --- a user function runs once per trace -------------------------------------

def _counted(jx):
    calls = []

    def f(x, y):
        calls.append(1)
        return jx.numpy.sum(jx.numpy.sin(x) * y)
    return f, calls


@pytest.mark.parametrize("transform", ["jit", "grad", "jit_grad", "grad_jit",
                                       "value_and_grad", "vjp", "jvp",
                                       "linearize"])
def test_user_function_runs_once_per_trace(transform):
    x, y = np.arange(3, dtype=F32), np.ones(3, F32)
    apply = {
        "jit": lambda m, f: m.jit(f)(x, y),
        "grad": lambda m, f: m.grad(f)(x, y),
        "jit_grad": lambda m, f: m.jit(m.grad(f))(x, y),
        "grad_jit": lambda m, f: m.grad(m.jit(f))(x, y),
        "value_and_grad": lambda m, f: m.value_and_grad(f, (0, 1))(x, y),
        "vjp": lambda m, f: m.vjp(f, x, y)[1](F32(1)),
        "jvp": lambda m, f: m.jvp(f, (x, y), (y, y)),
        "linearize": lambda m, f: m.linearize(f, x, y)[1](y, y),
    }[transform]
    f_jx, calls_jx = _counted(jxp)
    f_rj, calls_rj = _counted(jax)
    assert_same(apply(jxp, f_jx), apply(jax, f_rj), rtol=1e-5)
    assert len(calls_jx) == len(calls_rj) == 1


def test_closure_side_effects_run_once_with_late_captures():
    """A nested jit body that first closes over an outer tracer late in its
    trace: the capture is added to the region's inputs afterwards."""
    calls = []

    @jxp.jit
    def outer(x, w):
        def inner(v):
            calls.append(1)
            return v * 2 + w  # w is captured after v is used
        return jxp.jit(inner)(x) + jxp.grad(lambda v: jnp.sum(inner(v)))(x)

    x, w = np.ones(3, F32), np.full(3, 0.5, F32)
    assert_same(outer(x, w), jax.jit(
        lambda x, w: (x * 2 + w) + jax.grad(
            lambda v: rjnp.sum(v * 2 + w))(x))(x, w))
    assert len(calls) == 2  # one trace for the jit call, one for grad


@pytest.mark.parametrize("transform", ["jit", "grad", "jit_grad"])
def test_custom_jvp_function_and_rule_run_once_per_trace(transform):
    counts = {"f": 0, "rule": 0}

    @jxp.custom_jvp
    def f(x):
        counts["f"] += 1
        return jnp.sin(x)

    @f.defjvp
    def f_jvp(primals, tangents):
        counts["rule"] += 1
        (x,), (t,) = primals, tangents
        return jnp.sin(x), jnp.cos(x) * t

    x = np.float32(0.5)
    out = {"jit": lambda: jxp.jit(f)(x), "grad": lambda: jxp.grad(f)(x),
           "jit_grad": lambda: jxp.jit(jxp.grad(f))(x)}[transform]()
    want = np.sin(x) if transform == "jit" else np.cos(x)
    np.testing.assert_allclose(np.asarray(out), want, rtol=1e-6)
    assert counts == {"f": 1, "rule": 1}


# --- symbolic zeros: the patterns JAX gives, traced on demand ----------------

def _six_input_rule(jx, seen):
    cd = jx.custom_derivatives if jx is jax else jxp.custom_derivatives

    @jx.custom_jvp
    def f(a, b, c, d, e, g):
        return a * b + c * d + e * g

    def f_jvp(primals, tangents):
        seen.append(tuple(isinstance(t, cd.SymbolicZero) for t in tangents))
        a, b, c, d, e, g = primals
        partner = [b, a, d, c, g, e]
        out = f(*primals) * 0
        for t, p in zip(tangents, partner):
            if not isinstance(t, cd.SymbolicZero):
                out = out + t * p
        return f(*primals), out
    f.defjvp(f_jvp, symbolic_zeros=True)
    return f


ARGS6 = [np.float32(v) for v in (1.5, -2.0, 0.25, 3.0, -0.5, 2.5)]


@pytest.mark.parametrize("argnums", [0, 1, 2, 3, 4, 5, (0, 5), (1, 2, 3)])
def test_symbolic_zero_patterns_match_jax_over_six_inputs(argnums):
    seen_rj, seen_jx = [], []
    f_rj, f_jx = _six_input_rule(jax, seen_rj), _six_input_rule(jxp, seen_jx)
    want = jax.grad(f_rj, argnums=argnums)(*ARGS6)
    got = jxp.grad(f_jx, argnums=argnums)(*ARGS6)
    assert_same(got, want)
    assert seen_jx == seen_rj
    # Traced once per pattern that occurs: one here.
    assert len(seen_jx) == 1


def test_symbolic_zero_rule_is_not_traced_without_differentiation():
    seen_rj, seen_jx = [], []
    f_rj, f_jx = _six_input_rule(jax, seen_rj), _six_input_rule(jxp, seen_jx)
    assert_same(jxp.jit(f_jx)(*ARGS6), jax.jit(f_rj)(*ARGS6))
    assert seen_jx == seen_rj == []


def test_symbolic_zero_patterns_under_jacfwd_and_jvp():
    seen_rj, seen_jx = [], []
    f_rj, f_jx = _six_input_rule(jax, seen_rj), _six_input_rule(jxp, seen_jx)
    tangents = [np.float32(0)] * 6
    tangents[2] = np.float32(1)
    want = jax.jvp(f_rj, ARGS6, tangents)
    got = jxp.jvp(f_jx, ARGS6, tangents)
    np.testing.assert_allclose(np.asarray(got), np.asarray(want), rtol=1e-6)
    # Explicit zero tangents are not symbolic, in both.
    assert seen_jx == seen_rj


# --- threads -----------------------------------------------------------------

def _program(k):
    def f(x):
        return jnp.sin(x * (k + 1)) + jnp.sum(x) * k
    return f


def test_threads_trace_and_call_different_functions():
    xs = [np.linspace(-1, 1, 5 + k, dtype=F32) for k in range(8)]
    serial = [(np.asarray(jxp.jit(_program(k))(xs[k])),
               np.asarray(jxp.grad(lambda x, k=k: jnp.sum(_program(k)(x)))(
                   xs[k])))
              for k in range(8)]
    results = [None] * 8
    barrier = threading.Barrier(8)

    def work(k):
        barrier.wait()
        f = jxp.jit(_program(k))  # a fresh function: traced here
        g = jxp.grad(lambda x: jnp.sum(_program(k)(x)))
        for _ in range(5):
            results[k] = (np.asarray(f(xs[k])), np.asarray(g(xs[k])))

    run_in_threads(work, [(k,) for k in range(8)])
    for (a, b), (c, d) in zip(results, serial):
        np.testing.assert_array_equal(a, c)
        np.testing.assert_array_equal(b, d)


# --- errors cross with a kind ------------------------------------------------

JVP_OF_CUSTOM_VJP = """
func.func private @f(%x: tensor<f32>) -> tensor<f32> {
  return %x : tensor<f32>
}
func.func private @f_fwd(%x: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  return %x, %x : tensor<f32>, tensor<f32>
}
func.func private @f_bwd(%r: tensor<f32>, %ct: tensor<f32>) -> tensor<f32> {
  return %ct : tensor<f32>
}
func.func private @g(%x: tensor<f32>) -> tensor<f32> {
  %0 = jxp.custom_vjp_call @f(%x) fwd @f_fwd bwd @f_bwd wrt [0] primals 1
      residuals 1 : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func @main(%x: tensor<f32>, %t: tensor<f32>) -> tensor<f32> {
  %y, %dy = jxp.jvp @g(%x, %t) wrt [0]
      : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
  return %dy : tensor<f32>
}
"""

SCATTER_MUL_GRAD = """
func.func private @f(%x: tensor<3xf32>, %u: tensor<2xf32>) -> tensor<3xf32> {
  %i = jxp.constant dense<[[0], [0]]> : tensor<2x1xi32>
  %0 = jxp.scatter mul %x, %i, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 0 : i32,
      operand_batching_dims = array<i64>,
      scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>,
      update_window_dims = array<i64>}
      : (tensor<3xf32>, tensor<2x1xi32>, tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @main(%x: tensor<3xf32>, %u: tensor<2xf32>, %ct: tensor<3xf32>)
    -> tensor<2xf32> {
  %y, %gu = jxp.vjp @f(%x, %u, %ct) wrt [1]
      : (tensor<3xf32>, tensor<2xf32>, tensor<3xf32>)
      -> (tensor<3xf32>, tensor<2xf32>)
  return %gu : tensor<2xf32>
}
"""

PIPELINE = f"{compiler.OPTIMIZE},{compiler.TO_STABLEHLO}"


@pytest.mark.parametrize("text, kind, cls", [
    (JVP_OF_CUSTOM_VJP, "type", TypeError),
    (SCATTER_MUL_GRAD, "not-implemented", NotImplementedError),
    ("func.func @main() { %0 = jxp.bogus }", "error",
     jxp.errors.CompileError),
])
def test_error_kinds_pick_the_exception_class(text, kind, cls):
    with pytest.raises(_jxp.CompileError) as info:
        _jxp.run_pipeline(text, PIPELINE)
    kinds = [e[0] for e in info.value.errors]
    assert kinds and kinds[0] == kind, info.value.errors
    # Each error is structured: (kind, message, file, line, column, data).
    assert all(len(e) == 6 for e in info.value.errors)
    with pytest.raises(cls):
        compiler.run_pipeline(text, PIPELINE)


def test_jax_classes_for_the_same_user_errors():
    """The same failures from user code: JAX's classes (message-free)."""
    @jxp.custom_vjp
    def f(x):
        return jnp.sin(x)
    f.defvjp(lambda x: (jnp.sin(x), jnp.cos(x)), lambda c, g: (c * g,))

    @jax.custom_vjp
    def f_rj(x):
        return rjnp.sin(x)
    f_rj.defvjp(lambda x: (rjnp.sin(x), rjnp.cos(x)), lambda c, g: (c * g,))

    for m, fun in ((jax, f_rj), (jxp, f)):
        with pytest.raises(TypeError):
            m.jvp(fun, (np.float32(1),), (np.float32(1),))

    x, u = np.ones(3, F32), np.ones(2, F32)
    idx = np.array([0, 0])
    for m, np_ in ((jax, rjnp), (jxp, jnp)):
        with pytest.raises(NotImplementedError):
            m.grad(lambda u: np_.sum(np_.asarray(x).at[idx].multiply(u)))(u)


def test_missing_rule_is_a_request_with_data():
    text = """
    func.func private @f(%x: tensor<f32>, %y: tensor<f32>) -> tensor<f32> {
      %0 = jxp.mul %x, %y : tensor<f32>
      return %0 : tensor<f32>
    }
    func.func @main(%x: tensor<f32>, %y: tensor<f32>, %t: tensor<f32>)
        -> tensor<f32> {
      %0 = jxp.custom_jvp_call @f(%x, %y) diff [0, 1] primals 2
          {symbolic_zeros} : (tensor<f32>, tensor<f32>) -> tensor<f32>
      %z = jxp.constant dense<0.0> : tensor<f32>
      %r:2 = jxp.jvp @g(%x, %y, %t) wrt [0]
          : (tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
      return %r#1 : tensor<f32>
    }
    func.func private @g(%x: tensor<f32>, %y: tensor<f32>) -> tensor<f32> {
      %0 = jxp.custom_jvp_call @f(%x, %y) diff [0, 1] primals 2
          {symbolic_zeros} : (tensor<f32>, tensor<f32>) -> tensor<f32>
      return %0 : tensor<f32>
    }
    """
    with pytest.raises(_jxp.CompileError) as info:
        _jxp.run_pipeline(text, "jxp-ad")
    assert [(e[0], e[5]) for e in info.value.errors] == [
        ("missing-rule", "f 01")]


_RULE_REQUESTING = """
func.func private @f(%x: tensor<f32>, %y: tensor<f32>) -> tensor<f32> {
  %0 = jxp.mul %x, %y : tensor<f32>
  return %0 : tensor<f32>
}
func.func @main(%x: tensor<f32>, %y: tensor<f32>, %t: tensor<f32>)
    -> tensor<f32> {
  %r:2 = jxp.jvp @g(%x, %y, %t) wrt [0]
      : (tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
  return %r#1 : tensor<f32>
}
func.func private @g(%x: tensor<f32>, %y: tensor<f32>) -> tensor<f32> {
  %0 = jxp.custom_jvp_call @f(%x, %y) diff [0, 1] primals 2
      {symbolic_zeros} : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
"""

# The rule for pattern "01" (y's tangent zero): primals, then x's tangent.
_RULE = """
func.func private @f_rule(%x: tensor<f32>, %y: tensor<f32>, %tx: tensor<f32>)
    -> (tensor<f32>, tensor<f32>) {
  %0 = jxp.mul %x, %y : tensor<f32>
  %1 = jxp.sub %tx, %y : tensor<f32>
  return %0, %1 : tensor<f32>, tensor<f32>
}
"""


def test_compile_traces_requested_rules_into_the_module_it_parsed():
    asked = []

    def tracer(callee, pattern):
        asked.append((callee, pattern))
        return _RULE, "f_rule"
    parses = _jxp.text_counters()[0]
    out = _jxp.compile(_RULE_REQUESTING, "jxp-compile", rule_tracer=tracer)
    assert asked == [("f", "01")]
    # The module once, the rule's functions once.
    assert _jxp.text_counters()[0] - parses == 2
    # The rule was used: its tangent (tx - y) is the output.
    assert '"stablehlo.subtract"' in out["text"]


def test_compile_raises_what_the_rule_tracer_raises():
    class Boom(Exception):
        pass

    def tracer(callee, pattern):
        raise Boom(callee + " " + pattern)
    with pytest.raises(Boom, match="f 01"):
        _jxp.compile(_RULE_REQUESTING, "jxp-compile", rule_tracer=tracer)


@pytest.mark.parametrize("functions,symbol", [
    ("func.func private @f_rule(", "f_rule"),  # does not parse
    (_RULE, "no_such_rule"),  # names no function
])
def test_compile_refuses_a_bad_traced_rule(functions, symbol):
    with pytest.raises(_jxp.CompileError):
        _jxp.compile(_RULE_REQUESTING, "jxp-compile",
                     rule_tracer=lambda callee, pattern: (functions, symbol))


def test_compile_without_rule_tracer_reports_the_request():
    with pytest.raises(_jxp.CompileError) as info:
        _jxp.compile(_RULE_REQUESTING, "jxp-compile")
    assert [(e[0], e[5]) for e in info.value.errors] == [
        ("missing-rule", "f 01")]


# --- names, passes and docs ---------------------------------------------------

PASSES = {  # pass -> (source file, lit test)
    "jxp-ad": ("lib/Transforms/AD.cpp",
               "test/lit/Transforms/jxp-ad/ad.mlir"),
    "jxp-jvp": ("lib/Transforms/Jvp.cpp",
                "test/lit/Transforms/jxp-jvp/jvp.mlir"),
    "jxp-batch": ("lib/Transforms/Batch.cpp",
                  "test/lit/Transforms/jxp-batch/batch.mlir"),
    "jxp-partial-eval": ("lib/Transforms/PartialEval.cpp",
                         "test/lit/Transforms/jxp-partial-eval/partial_eval.mlir"),
    "jxp-transpose": ("lib/Transforms/Transpose.cpp",
                      "test/lit/Transforms/jxp-transpose/transpose.mlir"),
    "jxp-lower-custom-calls": ("lib/Transforms/LowerCustomCalls.cpp",
                               "test/lit/Transforms/jxp-lower-custom-calls/"
                               "lower_custom_calls.mlir"),
    "jxp-infer-vma": ("lib/Transforms/InferVma.cpp",
                      "test/lit/Transforms/jxp-infer-vma/infer_vma.mlir"),
    "convert-jxp-to-stablehlo": ("lib/Conversion/ConvertJxpToStableHLO.cpp",
                                 "test/lit/Conversion/convert-jxp-to-stablehlo/"
                                 "indexing.mlir"),
}


def _declared_passes():
    names = set()
    for td in (REPO / "dialects").glob("*Passes.td"):
        names |= set(re.findall(r'Pass<"([\w-]+)"', td.read_text()))
    return names


def test_pass_names_files_and_lit_tests_align():
    assert _declared_passes() == set(PASSES)
    help_text = subprocess.run([_jxp_opt(), "--help"], capture_output=True,
                               text=True, check=True).stdout
    for name, (source, lit) in PASSES.items():
        assert f"--{name}" in help_text, name
        text = (REPO / source).read_text()
        assert re.search(r"GEN_PASS_DEF_\w+", text), source
        assert (REPO / lit).exists(), lit
        assert f"--{name}" in (REPO / lit).read_text(), (lit, name)


def _docs_dir():
    found = sorted((REPO / "build").glob("*/docs/jxp/JxpOps.md"))
    if not found:
        pytest.fail("generated docs not found under build/*/docs/jxp: the "
                    "build makes them (dialects/CMakeLists.txt)")
    return found[0].parent


def test_generated_docs_cover_every_op_and_pass():
    from jxp._mlir import _jxp_ops_gen as gen
    docs = _docs_dir()
    ops_md = (docs / "JxpOps.md").read_text()
    names = {cls.OPERATION_NAME for cls in vars(gen).values()
             if isinstance(cls, type) and hasattr(cls, "OPERATION_NAME")}
    assert names
    for name in names:
        assert f"`{name}`" in ops_md, name
    passes_md = (docs / "JxpPasses.md").read_text() + (
        docs / "JxpConversionPasses.md").read_text()
    for name in PASSES:
        assert f"-{name}" in passes_md, name


# --- lower() shares the jit cache ----------------------------------------------

def test_lower_as_text_and_compile_share_the_jit_cache():
    def f(x):
        return jnp.cos(x) * 3

    x = np.arange(4, dtype=F32)
    jf = jxp.jit(f)
    jf.clear_cache()
    lowered = jf.lower(x)
    text = lowered.as_text()
    assert "stablehlo.cosine" in text
    compiled = lowered.compile()
    assert jf._cache_size() == 1
    # A call now hits what compile() stored; a second lower() reuses it.
    np.testing.assert_allclose(np.asarray(jf(x)), np.cos(x) * 3, rtol=1e-6)
    assert jf._cache_size() == 1
    again = jf.lower(x).compile()
    assert again.executable is compiled.executable
    np.testing.assert_allclose(np.asarray(compiled(x)), np.cos(x) * 3,
                               rtol=1e-6)


def _symbolic_sin():
    @jxp.custom_jvp
    def f(x, y):
        return jnp.sin(x) * y

    def f_jvp(primals, tangents):
        (x, y), (tx, ty) = primals, tangents
        out = jnp.zeros_like(x)
        if not isinstance(tx, jxp.custom_derivatives.SymbolicZero):
            out = out + jnp.cos(x) * y * tx
        if not isinstance(ty, jxp.custom_derivatives.SymbolicZero):
            out = out + jnp.sin(x) * ty
        return f(x, y), out
    f.defjvp(f_jvp, symbolic_zeros=True)
    return f


def test_rule_requested_when_compiling_on_another_thread():
    """The rule is traced into the module of a trace made on another thread
    (lower() here, compile() there)."""
    f = _symbolic_sin()
    lowered = jxp.jit(jxp.grad(f)).lower(np.float32(2), np.float32(3))
    out = []
    run_in_threads(lambda: out.append(
        lowered.compile()(np.float32(2), np.float32(3))), [()], timeout=120)
    np.testing.assert_allclose(np.asarray(out[0]), np.cos(2) * 3, rtol=1e-6)


def test_symbolic_rule_closing_over_a_value_its_function_does_not_use():
    """A limitation, reported clearly: such a rule is traced after its
    function, so it can close over what the function closes over only."""
    def outer(x, y):
        @jxp.custom_jvp
        def g(a):
            return a * 2.0
        g.defjvp(lambda p, t: (g(p[0]), t[0] * y), symbolic_zeros=True)
        return jxp.grad(g)(x)
    with pytest.raises(jxp.errors.UnexpectedTracerError,
                       match="Pass the value as an argument"):
        jxp.jit(outer)(np.float32(1), np.float32(5))


# ---------------------------------------------------------------------------
# Tracing contexts are recycled; tracing state is per thread
# ---------------------------------------------------------------------------

def test_tracing_context_is_recycled(monkeypatch):
    monkeypatch.setattr(xcore, "TRACES_PER_CONTEXT", 2)
    f = jxp.grad(lambda x: jnp.sum(jnp.sin(x)))
    x = np.arange(3, dtype=np.float32)
    want = np.cos(x)
    contexts = set()
    for _ in range(6):
        np.testing.assert_allclose(np.asarray(f(x)), want, rtol=1e-6)
        contexts.add(id(xcore.context()))
    assert len(contexts) >= 2


def _work(i):
    x = jnp.arange(4.0) + i
    f = jxp.jit(lambda v: jnp.sin(v) * i + jnp.sum(v ** 2))
    return [np.asarray(f(x)), np.asarray(jnp.cos(x) * 2.0 + i),
            np.asarray(jxp.grad(lambda v: jnp.sum(jnp.tanh(v) * i))(x)),
            np.asarray(jxp.jit(jxp.grad(lambda v: jnp.sum(v * v * i)))(x))]


def test_concurrent_tracing_matches_serial():
    n = 8
    serial = [_work(i) for i in range(n)]
    jxp.clear_caches()  # the threads' first calls trace and compile
    results = {}

    def run(i):
        results[i] = _work(i)
    for _ in range(3):
        run_in_threads(run, [(i,) for i in range(n)])
        for i in range(n):
            for got, want in zip(results[i], serial[i]):
                np.testing.assert_array_equal(got, want)


def test_concurrent_first_call_of_one_jit_function():
    f = jxp.jit(lambda v: jnp.exp(v) - 1.0)
    x = np.linspace(0, 1, 5, dtype=np.float32)
    want = np.asarray(jax.jit(lambda v: rjnp.exp(v) - 1.0)(x))
    outs = []
    run_in_threads(lambda: outs.append(np.asarray(f(x))), [()] * 8)
    for o in outs:
        np.testing.assert_allclose(o, want, rtol=1e-6)


# ---------------------------------------------------------------------------
# Valid programs lower to StableHLO that jaxlib accepts (sort's JVP on
# empty arrays, abs of complex numbers), and arrays too large for XLA are
# refused before XLA aborts
# ---------------------------------------------------------------------------

def _assert_same(got, want, rtol=1e-6):
    """assert_same, with complex values compared as complex numbers."""
    assert_same(got, want, rtol=rtol)
    for g, w in zip(jxp.tree_util.tree_leaves(got),
                    jax.tree_util.tree_leaves(want)):
        np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=rtol,
                                   equal_nan=True)


def _in_child(code):
    """Runs `code` in a fresh interpreter (with this one's sys.path): its
    exit code and output. A crash is a negative exit code."""
    prelude = f"import sys; sys.path[:0] = {sys.path!r}\n"
    proc = subprocess.run(
        [sys.executable, "-c", prelude + textwrap.dedent(code)],
        capture_output=True, text=True, timeout=600)
    return proc.returncode, proc.stdout + proc.stderr


_EMPTY_SORTS = [
    ((0,), -1), ((0, 3), -1), ((0, 3), 0), ((3, 0), -1), ((3, 0), 0),
]


def _abs_of_complex(lib, np_):
    z = np_.array(np.array([3 + 4j, 0j, -1 + 2j], np.complex64))
    t = np_.array(np.array([1 + 1j, 1 + 2j, 0.5 - 1j], np.complex64))
    return (lib.jit(np_.abs)(z),
            lib.jvp(np_.abs, (z,), (t,)),
            lib.grad(lambda a: np_.abs(a).sum())(z),
            lib.grad(lambda r: np_.abs(r * (1 + 2j) + 1))(1.5))


@pytest.mark.filterwarnings("ignore::numpy.exceptions.ComplexWarning")
def test_valid_programs_lower_to_stablehlo_jaxlib_accepts():
    # sort's JVP gathered slices of size 1 from a dimension of size 0.
    for shape, axis in _EMPTY_SORTS:
        def run(lib, np_):
            x = np_.zeros(shape)
            return lib.jvp(lambda a: np_.sort(a, axis=axis), (x,), (x,))
        assert_same(run(jxp, jnp), run(jax, rjnp))
    # abs of complex numbers is the modulus, a float (it lowered to a
    # complex stablehlo.abs, which jaxlib rejects); its JVP and gradients
    # are JAX's.
    _assert_same(_abs_of_complex(jxp, jnp), _abs_of_complex(jax, rjnp))
    # Arrays of 2^63 bytes or more: XLA aborts the process (under JAX too);
    # jxp reports them, and scans whose axis padded to 2n - 1 would make an
    # array XLA aborts on (more than 2^62 elements, found by the fuzzer).
    code, out = _in_child("""
        import jxp, jxp.numpy as jnp
        for make in (lambda: jnp.zeros((2**61, 4), jnp.int8),
                     lambda: jnp.zeros((2**61,), jnp.float32),
                     lambda: jxp.jit(lambda x: jnp.cumsum(
                         jnp.broadcast_to(x, (2**62,))))(jnp.int8(1))):
            try:
                make()
            except ValueError as e:
                print("rejected:", str(e).splitlines()[0])
        """)
    assert code == 0, out
    assert out.count("rejected: ") == 3, out
    assert "more than XLA can address" in out
    assert "too long to scan" in out
