"""The region ops jxp.cond, jxp.while and jxp.scan at the IR level: modules
written as text go through the compiler pipeline (JVP, canonicalization,
convert-jxp-to-stablehlo), jaxlib compiles and runs the StableHLO, and the
numbers are compared with JAX's lax.cond / lax.switch / lax.while_loop /
lax.scan on the same inputs (values, forward-mode derivatives, and reverse
mode through cond and scan). Also: the generated Python op classes build
the ops.
"""

import numpy as np
import pytest

import jax
import jax.numpy as jnp
from jax import lax

import jxp  # noqa: F401  (loads the extension and the package)
from jxp import _jxp
from jxp._src import compiler, transfer

PIPELINE = ("jxp-ad,jxp-lower-custom-calls,inline,canonicalize,cse,symbol-dce,"
            "convert-jxp-to-stablehlo")

F = "tensor<f32>"
V3 = "tensor<3xf32>"


def run(text, *args):
    stablehlo = _jxp.run_pipeline(text, PIPELINE, True, False)
    assert "jxp." not in stablehlo
    exe = compiler.compile(stablehlo)
    bufs = [transfer.device_put(np.asarray(a)) for a in args]
    return [transfer.to_numpy(r) for r in exe.execute_checked(bufs)]


def close(got, want, rtol=1e-5, atol=1e-6):
    assert len(got) == len(want)
    for g, w in zip(got, want):
        w = np.asarray(w)
        assert g.shape == w.shape and g.dtype == w.dtype, (g, w)
        np.testing.assert_allclose(g, w, rtol=rtol, atol=atol)


f32 = np.float32

# ---------------------------------------------------------------------------
# cond / switch
# ---------------------------------------------------------------------------

COND = f"""
func.func private @f(%i: tensor<i32>, %a: {F}, %b: {V3}) -> ({F}, {V3}) {{
  %r:2 = jxp.cond %i (%a, %b) : ({F}, {V3}) -> ({F}, {V3}) {{
  ^bb0(%x: {F}, %y: {V3}):
    %s = jxp.mul %x, %x : {F}
    jxp.yield %s, %y : {F}, {V3}
  }}, {{
  ^bb0(%x: {F}, %y: {V3}):
    %n = jxp.sin %x : {F}
    %m = jxp.cos %y : {V3}
    jxp.yield %n, %m : {F}, {V3}
  }}, {{
  ^bb0(%x: {F}, %y: {V3}):
    %e = jxp.exp %y : {V3}
    jxp.yield %x, %e : {F}, {V3}
  }}
  return %r#0, %r#1 : {F}, {V3}
}}
"""


def jax_switch(i, a, b):
    return lax.switch(i, [lambda x, y: (x * x, y),
                          lambda x, y: (jnp.sin(x), jnp.cos(y)),
                          lambda x, y: (x, jnp.exp(y))], a, b)


@pytest.mark.parametrize("index", [-1, 0, 1, 2, 3, 7])
def test_cond_values(index):
    main = (f"func.func @main(%i: tensor<i32>, %a: {F}, %b: {V3}) -> ({F}, {V3}) {{\n"
            f"  %r:2 = call @f(%i, %a, %b) : (tensor<i32>, {F}, {V3}) -> ({F}, {V3})\n"
            f"  return %r#0, %r#1 : {F}, {V3}\n}}\n")
    a, b = f32(0.7), np.array([0.1, -0.5, 2.0], f32)
    got = run(COND + main, np.int32(index), a, b)
    # stablehlo.case runs the last branch for an index out of range, which
    # is JAX's clamping for indices above N and differs below 0 (JAX clamps
    # to branch 0): the tracer clamps before jxp.cond, as JAX does.
    want_index = index if 0 <= index < 3 else 2
    close(got, jax_switch(want_index, a, b))


@pytest.mark.parametrize("index", [0, 1, 2])
def test_cond_jvp(index):
    main = (f"func.func @main(%i: tensor<i32>, %a: {F}, %b: {V3}, %ta: {F}, %tb: {V3})"
            f" -> ({F}, {V3}, {F}, {V3}) {{\n"
            f"  %r:4 = jxp.jvp @f(%i, %a, %b, %ta, %tb) wrt [1, 2] : (tensor<i32>, {F}, {V3}, {F}, {V3})"
            f" -> ({F}, {V3}, {F}, {V3})\n"
            f"  return %r#0, %r#1, %r#2, %r#3 : {F}, {V3}, {F}, {V3}\n}}\n")
    a, b = f32(0.7), np.array([0.1, -0.5, 2.0], f32)
    ta, tb = f32(1.5), np.array([1.0, 2.0, -1.0], f32)
    got = run(COND + main, np.int32(index), a, b, ta, tb)
    primals, tangents = jax.jvp(lambda x, y: jax_switch(index, x, y),
                                (a, b), (ta, tb))
    close(got, [*primals, *tangents])


# ---------------------------------------------------------------------------
# while
# ---------------------------------------------------------------------------

# (x, y, k): while k < n: x, y = sin(y) + x, x * y; k += 1
WHILE = f"""
func.func private @f(%a: {F}, %b: {F}, %n: tensor<i32>) -> ({F}, {F}) {{
  %z = jxp.constant dense<0> : tensor<i32>
  %r:4 = jxp.while (%a, %b, %z, %n) : {F}, {F}, tensor<i32>, tensor<i32> cond {{
  ^bb0(%x: {F}, %y: {F}, %k: tensor<i32>, %m: tensor<i32>):
    %p = jxp.compare LT, %k, %m, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    jxp.yield %p : tensor<i1>
  }} do {{
  ^bb0(%x: {F}, %y: {F}, %k: tensor<i32>, %m: tensor<i32>):
    %s = jxp.sin %y : {F}
    %x1 = jxp.add %s, %x : {F}
    %y1 = jxp.mul %x, %y : {F}
    %one = jxp.constant dense<1> : tensor<i32>
    %k1 = jxp.add %k, %one : tensor<i32>
    jxp.yield %x1, %y1, %k1, %m : {F}, {F}, tensor<i32>, tensor<i32>
  }}
  return %r#0, %r#1 : {F}, {F}
}}
"""


def jax_while(a, b, n):
    def body(c):
        x, y, k = c
        return jnp.sin(y) + x, x * y, k + 1
    x, y, _ = lax.while_loop(lambda c: c[2] < n, body, (a, b, jnp.int32(0)))
    return x, y


@pytest.mark.parametrize("n", [0, 1, 4])
def test_while_values_and_jvp(n):
    main = (f"func.func @main(%a: {F}, %b: {F}, %n: tensor<i32>, %t: {F}) -> ({F}, {F}, {F}, {F}) {{\n"
            f"  %r:4 = jxp.jvp @f(%a, %b, %n, %t) wrt [0] : ({F}, {F}, tensor<i32>, {F})"
            f" -> ({F}, {F}, {F}, {F})\n"
            f"  return %r#0, %r#1, %r#2, %r#3 : {F}, {F}, {F}, {F}\n}}\n")
    a, b, t = f32(0.3), f32(0.9), f32(1.0)
    got = run(WHILE + main, a, b, np.int32(n), t)
    # Only x has a tangent on entry; y gets one after the first step: the
    # carry fixed point must find it.
    primals, tangents = jax.jvp(lambda x: jax_while(x, b, n), (a,), (t,))
    close(got, [*primals, *tangents])


# ---------------------------------------------------------------------------
# scan
# ---------------------------------------------------------------------------

def scan_module(length, reverse, unroll):
    xs = f"tensor<{length}x3xf32>"
    ys = f"tensor<{length}xf32>"
    opts = f"length {length}" + (" reverse" if reverse else "") + \
        (f" unroll {unroll}" if unroll != 1 else "")
    return xs, ys, f"""
func.func private @f(%w: {V3}, %a: {F}, %h: {V3}, %xs: {xs}) -> ({F}, {V3}, {ys}, {xs}) {{
  %r:4 = jxp.scan {opts} consts(%w) carry(%a, %h) xs(%xs) : ({V3}, {F}, {V3}, {xs}) -> ({F}, {V3}, {ys}, {xs}) {{
  ^bb0(%c: {V3}, %acc: {F}, %hh: {V3}, %x: {V3}):
    %m = jxp.mul %c, %x : {V3}
    %h1 = jxp.add %hh, %m : {V3}
    %t = jxp.tanh %h1 : {V3}
    %s = jxp.reduce sum %t, dims = [0] : ({V3}) -> {F}
    %acc1 = jxp.add %acc, %s : {F}
    %sa = jxp.sin %acc : {F}
    jxp.yield %acc1, %t, %sa, %h1 : {F}, {V3}, {F}, {V3}
  }}
  return %r#0, %r#1, %r#2, %r#3 : {F}, {V3}, {ys}, {xs}
}}
"""


def jax_scan(w, a, h, xs, reverse, unroll):
    def body(carry, x):
        acc, hh = carry
        h1 = hh + w * x
        t = jnp.tanh(h1)
        return (acc + jnp.sum(t), t), (jnp.sin(acc), h1)
    (acc, h), (ys1, ys2) = lax.scan(body, (a, h), xs, reverse=reverse,
                                    unroll=unroll)
    return acc, h, ys1, ys2


@pytest.mark.parametrize("length,reverse,unroll", [
    (5, False, 1), (5, True, 1), (6, False, 2), (7, True, 3), (4, False, 9),
    (1, True, 1), (0, False, 1), (0, True, 2)])
def test_scan_values_and_jvp(length, reverse, unroll):
    xs_t, ys_t, text = scan_module(length, reverse, unroll)
    # JVP with respect to the consts and the xs (the carry's tangents come
    # from them only).
    main = (f"func.func @main(%w: {V3}, %a: {F}, %h: {V3}, %xs: {xs_t}, %tw: {V3}, %tx: {xs_t})"
            f" -> ({F}, {V3}, {ys_t}, {xs_t}, {F}, {V3}, {ys_t}, {xs_t}) {{\n"
            f"  %r:8 = jxp.jvp @f(%w, %a, %h, %xs, %tw, %tx) wrt [0, 3] : "
            f"({V3}, {F}, {V3}, {xs_t}, {V3}, {xs_t}) -> "
            f"({F}, {V3}, {ys_t}, {xs_t}, {F}, {V3}, {ys_t}, {xs_t})\n"
            f"  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7 : "
            f"{F}, {V3}, {ys_t}, {xs_t}, {F}, {V3}, {ys_t}, {xs_t}\n}}\n")
    rng = np.random.default_rng(length * 10 + unroll)
    w = rng.uniform(-1, 1, 3).astype(f32)
    a = f32(0.2)
    h = rng.uniform(-1, 1, 3).astype(f32)
    xs = rng.uniform(-1, 1, (length, 3)).astype(f32)
    tw = rng.uniform(-1, 1, 3).astype(f32)
    tx = rng.uniform(-1, 1, (length, 3)).astype(f32)
    got = run(text + main, w, a, h, xs, tw, tx)
    primals, tangents = jax.jvp(
        lambda w_, xs_: jax_scan(w_, a, h, xs_, reverse, unroll),
        (w, xs), (tw, tx))
    close(got, [*primals, *tangents], rtol=2e-5, atol=2e-6)


def test_scan_dead_carry_elimination():
    """Canonicalization drops the carry and the stacked outputs nothing
    reads; the result is unchanged."""
    xs_t, ys_t, text = scan_module(4, False, 1)
    main = (f"func.func @main(%w: {V3}, %a: {F}, %h: {V3}, %xs: {xs_t}) -> {V3} {{\n"
            f"  %r:4 = call @f(%w, %a, %h, %xs) : ({V3}, {F}, {V3}, {xs_t}) -> ({F}, {V3}, {ys_t}, {xs_t})\n"
            f"  return %r#1 : {V3}\n}}\n")
    ir = _jxp.run_pipeline(text + main, "inline,canonicalize", False, False)
    # Only the h carry survives: acc and both ys are dead, and so is the
    # const acc became once dead.
    (scan_line,) = [l for l in ir.splitlines() if "jxp.scan" in l]
    assert (f"consts(%arg0) carry(%arg2) xs(%arg3) : ({V3}, {V3}, {xs_t}) "
            f"-> ({V3})") in scan_line, scan_line
    rng = np.random.default_rng(0)
    w, h = rng.uniform(-1, 1, 3).astype(f32), rng.uniform(-1, 1, 3).astype(f32)
    xs = rng.uniform(-1, 1, (4, 3)).astype(f32)
    got = run(text + main, w, f32(0.2), h, xs)
    close(got, [jax_scan(w, f32(0.2), h, xs, False, 1)[1]])


# ---------------------------------------------------------------------------
# Reverse mode: jxp.vjp through the region ops (partial evaluation and
# transpose rules), against jax.vjp
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("index", [0, 1, 2, 3])
def test_vjp_through_cond(index):
    main = (f"func.func @main(%i: tensor<i32>, %a: {F}, %b: {V3}, %ca: {F}, %cb: {V3})"
            f" -> ({F}, {V3}, {F}, {V3}) {{\n"
            f"  %r:4 = jxp.vjp @f(%i, %a, %b, %ca, %cb) wrt [1, 2] : "
            f"(tensor<i32>, {F}, {V3}, {F}, {V3}) -> ({F}, {V3}, {F}, {V3})\n"
            f"  return %r#0, %r#1, %r#2, %r#3 : {F}, {V3}, {F}, {V3}\n}}\n")
    a, b = f32(0.7), np.array([0.1, -0.4, 1.2], f32)
    ca, cb = f32(1.5), np.array([1.0, 2.0, -1.0], f32)
    got = run(COND + main, np.int32(index), a, b, ca, cb)
    primals, pull = jax.vjp(lambda a_, b_: jax_switch(min(index, 2), a_, b_),
                            a, b)
    close(got, [*primals, *pull((ca, cb))])


@pytest.mark.parametrize("length,reverse,unroll", [
    (5, False, 1), (6, True, 2), (1, False, 1), (0, True, 1)])
def test_vjp_through_scan(length, reverse, unroll):
    xs_t, ys_t, text = scan_module(length, reverse, unroll)
    outs = f"{F}, {V3}, {ys_t}, {xs_t}"
    main = (f"func.func @main(%w: {V3}, %a: {F}, %h: {V3}, %xs: {xs_t}, "
            f"%c0: {F}, %c1: {V3}, %c2: {ys_t}, %c3: {xs_t})"
            f" -> ({outs}, {V3}, {F}, {xs_t}) {{\n"
            f"  %r:7 = jxp.vjp @f(%w, %a, %h, %xs, %c0, %c1, %c2, %c3) "
            f"wrt [0, 1, 3] : ({V3}, {F}, {V3}, {xs_t}, {outs}) -> "
            f"({outs}, {V3}, {F}, {xs_t})\n"
            f"  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6 : "
            f"{outs}, {V3}, {F}, {xs_t}\n}}\n")
    rng = np.random.default_rng(length)
    w, h = rng.uniform(-1, 1, 3).astype(f32), rng.uniform(-1, 1, 3).astype(f32)
    xs = rng.uniform(-1, 1, (length, 3)).astype(f32)
    cts = (f32(0.5), rng.uniform(-1, 1, 3).astype(f32),
           rng.uniform(-1, 1, length).astype(f32),
           rng.uniform(-1, 1, (length, 3)).astype(f32))
    got = run(text + main, w, f32(0.2), h, xs, *cts)
    primals, pull = jax.vjp(
        lambda w_, a_, xs_: jax_scan(w_, a_, h, xs_, reverse, unroll),
        w, f32(0.2), xs)
    close(got, [*primals, *pull(cts)], rtol=2e-5, atol=2e-6)


# ---------------------------------------------------------------------------
# Generated Python op classes
# ---------------------------------------------------------------------------

def test_python_builders():
    from jaxlib.mlir import ir
    from jxp._mlir import _jxp_ops_gen as gen

    ctx = ir.Context()
    ctx.allow_unregistered_dialects = True
    with ctx, ir.Location.unknown():
        f32t = ir.RankedTensorType.get([], ir.F32Type.get())
        i32t = ir.RankedTensorType.get([], ir.IntegerType.get_signless(32))
        i1t = ir.RankedTensorType.get([], ir.IntegerType.get_signless(1))
        xs_t = ir.RankedTensorType.get([4], ir.F32Type.get())
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            from jaxlib.mlir.dialects import func
            fn = func.FuncOp("main", ([i32t, f32t, xs_t], [f32t, f32t, f32t, xs_t]))
            entry = fn.add_entry_block()
            with ir.InsertionPoint(entry):
                i, a, xs = entry.arguments
                cond = gen.CondOp([f32t], i, [a], 2)
                for k, region in enumerate(cond.regions):
                    block = region.blocks.append(f32t)
                    with ir.InsertionPoint(block):
                        x = block.arguments[0]
                        y = x if k == 0 else gen.SinOp(x).result
                        gen.YieldOp([y])
                loop = gen.WhileOp([f32t], [a])
                blk = loop.regions[0].blocks.append(f32t)
                with ir.InsertionPoint(blk):
                    p = gen.IsFiniteOp(i1t, blk.arguments[0])
                    gen.YieldOp([p.result])
                blk = loop.regions[1].blocks.append(f32t)
                with ir.InsertionPoint(blk):
                    gen.YieldOp([blk.arguments[0]])
                scan = gen.ScanOp([f32t, xs_t], [a, xs], length=4,
                                  num_consts=0, num_carry=1, reverse=True,
                                  unroll=2)
                blk = scan.regions[0].blocks.append(f32t, f32t)
                with ir.InsertionPoint(blk):
                    s = gen.AddOp(blk.arguments[0], blk.arguments[1]).result
                    gen.YieldOp([s, s])
                func.ReturnOp([cond.results[0], loop.results[0],
                               scan.results[0], scan.results[1]])
        text = module.operation.get_asm(print_generic_op_form=True)
    printed = _jxp.run_pipeline(text, "canonicalize", True, False)
    # The C++ side parsed and verified the ops (their generic form).
    assert '"jxp.cond"' in printed and '"jxp.while"' in printed
    scan = next(l for l in printed.splitlines() if '"jxp.scan"' in l)
    for attr in ("length = 4", "num_carry = 1", "num_consts = 0",
                 "reverse = true", "unroll = 2"):
        assert attr in scan, scan
