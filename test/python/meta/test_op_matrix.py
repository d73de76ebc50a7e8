"""The per-op matrix (issue 10, item 6): every op of the jxp dialect, checked
the same five ways from one table (op_matrix_table.py).

(a) round trip: `jxp-opt` parses, prints and reparses the entry's function
    to the same text, in the custom and in the generic form;
(b) an invalid variant gets a diagnostic that names the op, with exit status
    1 (not a crash) from `jxp-opt`, and a CompileError from the Python driver;
(c) the JVP (`jxp.jvp @f`, through the whole pipeline and XLA) agrees with
    central differences in float64 at a random point away from kinks, or,
    for ops without derivatives, gives zero tangents;
(d) for ops with a transpose rule, the dot-product test
    <A x, y> = <x, A^T y> with `jxp.linear_transpose`, in float64;
(e) lowering: the StableHLO output compiles and runs.

The op list comes from the generated bindings (`jxp._mlir._jxp_ops_gen`), the
ops with a transpose rule from the ODS files (the `Jxp_Linear` trait); the
table is written by hand, so a new op (or a new linear op) without an entry
fails `test_every_op_has_an_entry`. Ops excluded from a check are listed
below with the reason. Each check compiles at most one program per entry.
"""

import functools
import re
import subprocess
import zlib

import numpy as np
import pytest

import jxp
from jxp import _jxp
from jxp._src import compiler, transfer

from jxp_test_util import REPO, jxp_opt as _jxp_opt
from op_matrix_table import ENTRIES

PIPELINE = ("jxp-ad,jxp-lower-custom-calls,inline,canonicalize,cse,symbol-dce,"
            "convert-jxp-to-stablehlo")

# Entries with neither `diff` nor `zero`: why their JVP is not checked.
NO_JVP_CHECK = {
    **{op: "integer operands and results only: nothing to differentiate "
           "(jxp.jvp rejects integer inputs)"
       for op in ("not", "and", "or", "xor", "shift_left",
                  "shift_right_logical", "shift_right_arithmetic",
                  "threefry2x32", "population_count", "clz",
                  "rng_bit_generator")},
    "rng_uniform": "its derivative is an error, as in JAX "
                   "(lax/test_primitives.py)",
    "custom_vjp_call": "forward mode through a custom_vjp function is an "
                       "error, as in JAX (test_custom_derivatives.py)",
    "custom_lin": "only its transpose is known: it has no JVP and cannot be "
                  "evaluated",
    **{op: "its derivative is an error, as in JAX (differentiation rule "
           "not implemented)"
       for op in ("zeta", "nextafter")},
    "host_callback": "a pure callback's JVP is an error, as in JAX; a debug "
                     "callback's (zero) JVP and a pure one's error are "
                     "checked in test_callbacks.py",
}
# Ops in the ODS `Jxp_Linear` list without a dot-product test: why.
NOT_LINEAR = {
    "custom_lin": "its transpose is the user's bwd function (checked in "
                  "test_custom_derivatives.py); it cannot be evaluated, so "
                  "<A x, y> cannot be computed",
    **{op: "a region op: its transpose (of its bodies) is checked through "
           "jxp.vjp against jax.vjp (lax/test_control_flow_ir.py, "
           "lax/test_control_flow.py) and by FileCheck "
           "(test/lit/Transforms/jxp-transpose/control_flow.mlir)"
       for op in ("cond", "scan", "remat")},
    "while": "its transpose rule is a not-implemented diagnostic until "
             "reverse mode through data-dependent loops lands (issue 12, "
             "item 5; test/lit/Transforms/jxp-transpose/control_flow.mlir)",
}
# Entries whose StableHLO is not run: why.
NO_LOWERING = {
    "custom_lin": "reached only through forward mode of a custom_vjp "
                  "function, which is an error; its lowering says so",
}

ENTRY_IDS = [e.name for e in ENTRIES]


# ---------------------------------------------------------------------------
# What the dialect has
# ---------------------------------------------------------------------------

def _dialect_ops():
    from jxp._mlir import _jxp_ops_gen as gen
    names = {getattr(v, "OPERATION_NAME", "") for v in vars(gen).values()
             if isinstance(v, type)}
    return {n.split(".", 1)[1] for n in names if n.startswith("jxp.")}


def _linear_ops():
    """Mnemonics of the ops whose ODS definition (or family class) lists
    `Jxp_Linear`."""
    text = "\n".join(p.read_text() for p in sorted((REPO / "dialects")
                                                   .glob("*.td")))
    # Each record: its kind, name, and what follows its parameters (the
    # base class and traits), up to its body or `;`.
    headers = {}
    for m in re.finditer(r"^(def|class)\s+(\w+)(.*?)(?:\{|;)[ \t]*$", text,
                         re.M | re.S):
        rest, depth = m.group(3), 0
        for i, ch in enumerate(rest):
            depth += {"<": 1, ">": -1}.get(ch, 0)
            if ch == ":" and depth == 0:
                headers[m.group(2)] = (m.group(1), rest[i + 1:])
                break

    def linear(name, seen=()):
        if name not in headers or name in seen:
            return False
        body = headers[name][1]
        if re.search(r"\bJxp_Linear\b", body):
            return True
        base = re.match(r"\s*(\w+)", body)
        return bool(base) and linear(base.group(1), seen + (name,))

    ops = set()
    for name, (kind, body) in headers.items():
        if kind != "def" or not linear(name):
            continue
        mnemonic = re.search(r'"(\w+)"', body)
        if mnemonic:
            ops.add(mnemonic.group(1))
    return ops


def test_every_op_has_an_entry():
    ops = _dialect_ops()
    assert len(ops) > 50, ops  # the generated module was found
    covered = {e.op for e in ENTRIES}
    assert not ops - covered, f"ops without an entry: {sorted(ops - covered)}"
    assert not covered - ops, f"entries for unknown ops: {sorted(covered - ops)}"
    assert len(set(ENTRY_IDS)) == len(ENTRY_IDS), "entry names repeat"
    for e in ENTRIES:
        assert not (e.diff and e.zero), e.name
        if not (e.diff or e.zero):
            assert e.op in NO_JVP_CHECK, f"{e.name}: no JVP check, no reason"
        else:
            assert e.op not in NO_JVP_CHECK, f"{e.name} is checked and excused"
    for listed in (NO_JVP_CHECK, NOT_LINEAR, NO_LOWERING):
        assert set(listed) <= ops, set(listed) - ops


def test_every_linear_op_has_a_dot_product_test():
    linear = _linear_ops()
    # The parse found the family (if Jxp_Linear is renamed, say so here).
    assert {"neg", "add", "dot_general", "cumsum", "custom_lin"} <= linear, \
        linear
    tested = {e.op for e in ENTRIES if e.linear}
    missing = linear - tested - set(NOT_LINEAR)
    assert not missing, f"linear ops without a dot-product test: {missing}"
    assert not set(NOT_LINEAR) & tested
    assert set(NOT_LINEAR) <= linear, set(NOT_LINEAR) - linear


# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------

def _opt(text, *flags):
    return subprocess.run([_jxp_opt(), *flags, "-"], input=text, text=True,
                          capture_output=True, timeout=60)


def _ok(text, *flags):
    r = _opt(text, *flags)
    assert r.returncode == 0, r.stderr
    return r.stdout


_SPLIT = "\n// -----\n"


def _ok_all(texts, *flags):
    """`_ok` of each text, from one jxp-opt run over all of them with
    --split-input-file (each chunk parsed, verified and printed on its own,
    as in a run of its own); None when that run fails, so that each text
    then runs alone and reports its own error."""
    if any(_SPLIT.strip() in t for t in texts):
        return None
    r = _opt(_SPLIT.join(texts), "--split-input-file", *flags)
    # Each chunk's output as a run of its own prints it, then the marker.
    outs = r.stdout.split(_SPLIT.lstrip())
    if r.returncode != 0 or len(outs) != len(texts):
        return None
    return outs


@pytest.fixture(scope="module", autouse=True)
def _x64():
    old = jxp.config.jax_enable_x64
    jxp.config.update("jax_enable_x64", True)
    yield
    jxp.config.update("jax_enable_x64", old)


def _rng(entry, salt=""):
    return np.random.default_rng(zlib.crc32((entry.name + salt).encode()))


_NP = {"f64": np.float64, "f32": np.float32, "i64": np.int64, "i32": np.int32,
       "i1": np.bool_, "ui32": np.uint32, "complex<f64>": np.complex128}


def _shape_dtype(t):
    m = re.fullmatch(r"tensor<((?:\d+x)*)(.+)>", t)
    dims = tuple(int(d) for d in m.group(1).split("x") if d)
    return dims, np.dtype(_NP[m.group(2)])


def _inexact(t):
    return np.issubdtype(_shape_dtype(t)[1], np.inexact)


def _run(text, args):
    stablehlo = _jxp.run_pipeline(text, PIPELINE, True, False)
    exe = compiler.compile(stablehlo)
    bufs = [transfer.device_put(np.asarray(a)) for a in args]
    return [transfer.to_numpy(r) for r in exe.execute_checked(bufs)]


def _main(entry, arg_types, results, body):
    sig = ", ".join(f"%m{i}: {t}" for i, t in enumerate(arg_types))
    rt = ", ".join(results)
    return (f"func.func @main({sig}) -> ({rt}) {{\n{body}\n}}\n")


def _call(entry, values, name):
    args = ", ".join(values)
    types = ", ".join(entry.args)
    rts = ", ".join(t for _, t in entry.results)
    n = len(entry.results)
    lhs = f"%{name}:{n}" if n > 1 else f"%{name}"
    outs = [f"%{name}#{k}" for k in range(n)] if n > 1 else [f"%{name}"]
    return f"  {lhs} = call @f({args}) : ({types}) -> ({rts})", outs


def _by_entry(entries):
    return pytest.mark.parametrize("entry", entries,
                                   ids=[e.name for e in entries])


# ---------------------------------------------------------------------------
# (a) round trip
# ---------------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def _round_trips():
    """test_round_trip's five jxp-opt runs, each over every entry at once
    (a jxp-opt start per entry and run was most of this test's time): step
    name -> the outputs in ENTRIES' order, or None where a run failed."""
    texts = [e.module() for e in ENTRIES]
    custom = _ok_all(texts)
    generic = _ok_all(texts, "--mlir-print-op-generic")
    return {
        "custom": custom,
        "custom again": custom and _ok_all(custom),
        "generic": generic,
        "generic again": generic and _ok_all(generic,
                                              "--mlir-print-op-generic"),
        "custom of generic": generic and _ok_all(generic),
    }


@_by_entry(ENTRIES)
def test_round_trip(entry):
    k = ENTRIES.index(entry)

    def ok(step, text, *flags):
        # The shared run's output for this entry, else a run of its own.
        outs = _round_trips()[step]
        return _ok(text, *flags) if outs is None else outs[k]

    text = entry.module()
    custom = ok("custom", text)
    assert re.search(rf"\bjxp\.{entry.op}\b", custom), custom
    assert ok("custom again", custom) == custom
    generic = ok("generic", text, "--mlir-print-op-generic")
    assert f'"jxp.{entry.op}"' in generic, generic
    assert ok("generic again", generic, "--mlir-print-op-generic") == generic
    # Both forms denote the same module.
    assert ok("custom of generic", generic) == custom


# ---------------------------------------------------------------------------
# (b) an invalid variant
# ---------------------------------------------------------------------------

@_by_entry(ENTRIES)
def test_invalid_variant_is_diagnosed(entry):
    r = _opt(entry.invalid)
    # Exit status 1 from a diagnostic; a crash is a signal (negative) or an
    # abort message.
    assert r.returncode == 1, (r.returncode, r.stderr)
    for crash in ("Stack dump", "LLVM ERROR", "PLEASE submit", "Assertion"):
        assert crash not in r.stderr, r.stderr
    assert "error:" in r.stderr and entry.invalid_says in r.stderr, r.stderr
    with pytest.raises(_jxp.CompileError, match=re.escape(entry.invalid_says)):
        _jxp.run_pipeline(entry.invalid, "", True, False)


# ---------------------------------------------------------------------------
# (c) JVP against finite differences
# ---------------------------------------------------------------------------

JVP_ENTRIES = [e for e in ENTRIES if e.diff or e.zero]


@_by_entry(JVP_ENTRIES)
def test_jvp_matches_finite_differences(entry):
    rng = _rng(entry)
    args = entry.inputs(rng)
    wrt = sorted(entry.diff or entry.zero)
    if entry.tangents is not None:
        tangents = entry.tangents(rng, args)
    else:
        tangents = []
        for k in wrt:
            a = np.asarray(args[k])
            t = rng.uniform(-1, 1, a.shape)
            if np.iscomplexobj(a):
                t = t + 1j * rng.uniform(-1, 1, a.shape)
            tangents.append(t.astype(a.dtype))
    h = entry.step
    plus, minus = list(args), list(args)
    for k, t in zip(wrt, tangents):
        plus[k] = (args[k] + h * t).astype(np.asarray(args[k]).dtype)
        minus[k] = (args[k] - h * t).astype(np.asarray(args[k]).dtype)

    n, nr = len(entry.args), len(entry.results)
    res_types = [t for _, t in entry.results]
    main_types = entry.args + [entry.args[k] for k in wrt] + entry.args * 2
    operands = [f"%m{i}" for i in range(n + len(wrt))]
    jvp_types = ", ".join(entry.args + [entry.args[k] for k in wrt])
    lines = [f"  %j:{2 * nr} = jxp.jvp @f({', '.join(operands)}) wrt "
             f"[{', '.join(map(str, wrt))}] : ({jvp_types}) -> "
             f"({', '.join(res_types * 2)})"]
    base = n + len(wrt)
    call_p, outs_p = _call(entry, [f"%m{base + i}" for i in range(n)], "p")
    call_m, outs_m = _call(entry, [f"%m{base + n + i}" for i in range(n)], "q")
    outs = [f"%j#{k}" for k in range(2 * nr)] + outs_p + outs_m
    body = "\n".join(lines + [call_p, call_m,
                              f"  return {', '.join(outs)} : "
                              f"{', '.join(res_types * 4)}"])
    main = _main(entry, main_types, res_types * 4, body)
    got = _run(entry.module(main), list(args) + tangents + plus + minus)
    primal, tangent = got[:nr], got[nr:2 * nr]
    fp, fm = got[2 * nr:3 * nr], got[3 * nr:]
    for k, t in enumerate(res_types):
        shape, dtype = _shape_dtype(t)
        assert tangent[k].shape == shape and tangent[k].dtype == dtype
        assert np.all(np.isfinite(primal[k])), primal[k]
        if entry.zero or not _inexact(t):
            assert not np.any(tangent[k]), (k, tangent[k])
            continue
        fd = (fp[k].astype(np.complex128 if np.iscomplexobj(fp[k])
                           else np.float64) - fm[k]) / (2 * h)
        np.testing.assert_allclose(tangent[k], fd, rtol=entry.rtol,
                                   atol=entry.atol,
                                   err_msg=f"{entry.name}: result {k}")


# ---------------------------------------------------------------------------
# (d) transpose: <A x, y> = <x, A^T y>
# ---------------------------------------------------------------------------

LINEAR_ENTRIES = [e for e in ENTRIES if e.linear]


@_by_entry(LINEAR_ENTRIES)
def test_transpose_dot_product(entry):
    rng = _rng(entry, "transpose")
    args = entry.inputs(rng)
    res_types = [t for _, t in entry.results]
    cts = []
    for t in res_types:
        shape, dtype = _shape_dtype(t)
        ct = rng.uniform(-1, 1, shape)
        if np.issubdtype(dtype, np.complexfloating):
            ct = ct + 1j * rng.uniform(-1, 1, shape)
        cts.append(ct.astype(dtype))
    n, nr = len(entry.args), len(entry.results)
    main_types = entry.args + res_types
    call, outs = _call(entry, [f"%m{i}" for i in range(n)], "y")
    lines = [call]
    out_types = list(res_types)
    for s, wrt in enumerate(entry.linear):
        others = [i for i in range(n) if i not in wrt]
        operands = [f"%m{i}" for i in others] + [f"%m{n + k}" for k in range(nr)]
        in_types = [entry.args[i] for i in others] + res_types
        results = [entry.args[i] for i in wrt]
        m = len(results)
        lhs = f"%t{s}:{m}" if m > 1 else f"%t{s}"
        lines.append(f"  {lhs} = jxp.linear_transpose @f({', '.join(operands)}) "
                     f"wrt [{', '.join(map(str, wrt))}] : "
                     f"({', '.join(in_types)}) -> "
                     f"{'(' + ', '.join(results) + ')' if m > 1 else results[0]}")
        outs += [f"%t{s}#{k}" for k in range(m)] if m > 1 else [f"%t{s}"]
        out_types += results
    lines.append(f"  return {', '.join(outs)} : {', '.join(out_types)}")
    main = _main(entry, main_types, out_types, "\n".join(lines))
    got = _run(entry.module(main), list(args) + cts)
    ys, transposed = got[:nr], got[nr:]

    def dot(a, b):
        # Complex values pair as JAX's transposes assume: Re(sum(a * b)),
        # unconjugated (the real inner product of (Re, Im) with (Re, -Im)).
        return float(np.sum(np.asarray(a, np.complex128)
                            * np.asarray(b, np.complex128)).real)

    lhs = sum(dot(y, ct) for y, ct in zip(ys, cts))
    single = any(_shape_dtype(t)[1] == np.float32
                 for t in entry.args + res_types)
    tol = 1e-5 if single else 1e-11
    at = 0
    for wrt in entry.linear:
        rhs = 0.0
        for i in wrt:
            assert transposed[at].shape == np.shape(args[i])
            rhs += dot(args[i], transposed[at])
            at += 1
        scale = max(1.0, abs(lhs), abs(rhs))
        assert abs(lhs - rhs) <= tol * scale, (entry.name, wrt, lhs, rhs)


# ---------------------------------------------------------------------------
# (e) lowering
# ---------------------------------------------------------------------------

LOWERED_ENTRIES = [e for e in ENTRIES if e.op not in NO_LOWERING]


@_by_entry(LOWERED_ENTRIES)
def test_lowering_compiles_and_runs(entry):
    args = entry.inputs(_rng(entry))
    n = len(entry.args)
    res_types = [t for _, t in entry.results]
    call, outs = _call(entry, [f"%m{i}" for i in range(n)], "r")
    main = _main(entry, entry.args, res_types,
                 f"{call}\n  return {', '.join(outs)} : {', '.join(res_types)}")
    stablehlo = _jxp.run_pipeline(entry.module(main), PIPELINE, False, False)
    # No jxp op is left (the module may name its devices: jxp.device_ids).
    assert not re.search(r"jxp\.(?!device_ids\b)", stablehlo), stablehlo
    got = _run(entry.module(main), args)
    assert len(got) == len(res_types)
    for value, t in zip(got, res_types):
        shape, dtype = _shape_dtype(t)
        assert value.shape == shape and value.dtype == dtype, (value, t)
        if np.issubdtype(dtype, np.inexact):
            assert np.all(np.isfinite(value)), value


@pytest.mark.parametrize("op", sorted(NO_LOWERING))
def test_excluded_lowering_is_diagnosed(op):
    (entry,) = [e for e in ENTRIES if e.op == op]
    n = len(entry.args)
    res_types = [t for _, t in entry.results]
    call, outs = _call(entry, [f"%m{i}" for i in range(n)], "r")
    main = _main(entry, entry.args, res_types,
                 f"{call}\n  return {', '.join(outs)} : {', '.join(res_types)}")
    with pytest.raises(_jxp.CompileError, match=f"jxp.{op}"):
        _jxp.run_pipeline(entry.module(main), PIPELINE, True, False)
