"""The per-op table of meta/test_op_matrix.py: for every jxp op, a small valid
function using it (text IR, float64 where it computes on floats), an
invalid variant, sample inputs away from kinks, and what to check of its
derivatives.

An entry's function is `@f`; helper functions it calls (rules of custom
derivative calls, callees of transform ops) go in `helpers`. Arguments are
`%a0, %a1, ...`. `inputs(rng)` gives the arguments as NumPy arrays.

`diff`: the argument positions whose JVP is checked against central
differences; `zero`: the positions whose tangents must give zero output
tangents (ops without derivatives); both empty needs a reason in
NO_JVP_CHECK (meta/test_op_matrix.py). `linear`: for ops with a transpose rule,
the sets of argument positions the function is linear in, jointly (one
dot-product test per set).
"""

import dataclasses
from typing import Callable, Optional

import numpy as np

F64 = "f64"


@dataclasses.dataclass
class Entry:
    op: str                       # the op it exercises, e.g. "tan"
    args: list                    # argument types
    body: str                     # lines computing the results
    results: list                 # (value, type) pairs returned by @f
    inputs: Callable              # rng -> list of np arrays
    invalid: str                  # a whole invalid module
    invalid_says: str             # a piece of its diagnostic
    diff: tuple = ()
    zero: tuple = ()
    linear: tuple = ()            # tuple of tuples of positions
    helpers: str = ""
    step: float = 1e-6            # finite-difference step
    rtol: float = 1e-6
    atol: float = 1e-8
    tangents: Optional[Callable] = None   # rng, args -> tangents of `diff`
    name: str = ""                # case id, default the op

    def __post_init__(self):
        self.name = self.name or self.op

    def function(self):
        sig = ", ".join(f"%a{i}: {t}" for i, t in enumerate(self.args))
        rt = ", ".join(t for _, t in self.results)
        body = "\n".join("  " + line.strip()
                         for line in self.body.strip().splitlines())
        ret = ", ".join(v for v, _ in self.results)
        return (f"func.func private @f({sig}) -> ({rt}) {{\n{body}\n"
                f"  return {ret} : {rt}\n}}\n")

    def module(self, main=""):
        return self.helpers + self.function() + main


def T(shape, elt=F64):
    dims = "x".join(str(d) for d in shape)
    return f"tensor<{dims}x{elt}>" if shape else f"tensor<{elt}>"


V3 = T([3])


# ---------------------------------------------------------------------------
# Input samplers
# ---------------------------------------------------------------------------

def uniform(lo, hi, shape=(3,), signed=False):
    def draw(rng):
        v = rng.uniform(lo, hi, shape)
        if signed:
            v = v * rng.choice([-1.0, 1.0], shape)
        return v
    return draw


def args_of(*samplers):
    return lambda rng: [s(rng) if callable(s) else np.asarray(s)
                        for s in samplers]


def distinct(shape, spacing=0.3):
    """Values at least `spacing` apart (no ties for max, sort, ...)."""
    def draw(rng):
        n = int(np.prod(shape))
        v = (np.arange(n) * spacing + rng.uniform(0, spacing / 3, n))
        return rng.permutation(v - v.mean()).reshape(shape)
    return draw


def off_integers(shape=(3,)):
    """Values at least 0.2 from any integer (floor, ceil, round, sign)."""
    return lambda rng: (rng.integers(-3, 3, shape)
                        + rng.uniform(0.2, 0.8, shape)).astype(np.float64)


def ints(lo, hi, shape=(3,), dtype=np.int32):
    return lambda rng: rng.integers(lo, hi, shape).astype(dtype)


def bools(shape=(3,)):
    return lambda rng: rng.integers(0, 2, shape).astype(bool)


def complex_away(shape=(3,)):
    return lambda rng: (uniform(0.5, 2, shape, True)(rng)
                        + 1j * uniform(0.5, 2, shape, True)(rng))


# ---------------------------------------------------------------------------
# Families
# ---------------------------------------------------------------------------

def generic_unary_invalid(op, t=V3, bad="tensor<4xf64>"):
    # The result's shape differs from the operand's.
    return (f'func.func @f(%a0: {t}) -> {bad} {{\n'
            f'  %0 = "jxp.{op}"(%a0) : ({t}) -> {bad}\n'
            f'  return %0 : {bad}\n}}\n')


def generic_binary_invalid(op, t=V3, other="tensor<2xf64>"):
    # Operands of different shapes.
    return (f'func.func @f(%a0: {t}, %a1: {other}) -> {t} {{\n'
            f'  %0 = "jxp.{op}"(%a0, %a1) : ({t}, {other}) -> {t}\n'
            f'  return %0 : {t}\n}}\n')


def unary(op, sampler, *, diff=True, t=V3, **kw):
    return Entry(op, [t], f"%0 = jxp.{op} %a0 : {t}", [("%0", t)],
                 args_of(sampler), generic_unary_invalid(op, t), f"'jxp.{op}' op",
                 diff=(0,) if diff else (), zero=() if diff else (0,), **kw)


def binary(op, sx, sy, *, diff=True, t=V3, **kw):
    return Entry(op, [t, t], f"%0 = jxp.{op} %a0, %a1 : {t}", [("%0", t)],
                 args_of(sx, sy), generic_binary_invalid(op, t),
                 f"'jxp.{op}' op",
                 diff=(0, 1) if diff else (), zero=() if diff else (0, 1),
                 **kw)


def int_binary(op):
    t = T([3], "i32")
    return Entry(op, [t, t], f"%0 = jxp.{op} %a0, %a1 : {t}", [("%0", t)],
                 args_of(ints(0, 7), ints(0, 5)),
                 # Floats are not integers.
                 f'func.func @f(%a0: {V3}, %a1: {V3}) -> {V3} {{\n'
                 f'  %0 = jxp.{op} %a0, %a1 : {V3}\n  return %0 : {V3}\n}}\n',
                 f"'jxp.{op}' op operand #0 must be")


def _lower_tri(rng):
    a = np.tril(rng.uniform(-0.5, 0.5, (3, 3)))
    return a + np.diag(rng.uniform(1.5, 2.5, 3))


def _spd(rng):
    m = rng.uniform(-1, 1, (3, 3))
    return m @ m.T + 3 * np.eye(3)


def _sym_tangents(rng, args):
    m = rng.uniform(-1, 1, (3, 3))
    return [m + m.T]


GATHER_ATTRS = ("{collapsed_slice_dims = array<i64: 0>, index_vector_dim = 1 : i64, "
                "mode = 0 : i32, offset_dims = array<i64: 1>, "
                "operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>, "
                "start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}")


def scatter_attrs(unique):
    u = ", unique_indices = true" if unique else ""
    return ("{index_vector_dim = 1 : i64, inserted_window_dims = array<i64: 0>, "
            "mode = 1 : i32, operand_batching_dims = array<i64>, "
            "scatter_dims_to_operand_dims = array<i64: 0>, "
            f"scatter_indices_batching_dims = array<i64>{u}, "
            "update_window_dims = array<i64: 1>}")


def scatter(kind, unique=True, diff=(0, 2), linear=()):
    x, i, u = T([3, 4]), T([2, 1], "i32"), T([2, 4])
    # Updates land on distinct rows (2 and 0); for max and min they sit
    # away from the operand's values (no ties).
    return Entry(
        "scatter", [x, i, u],
        f"%0 = jxp.scatter {kind} %a0, %a1, %a2 {scatter_attrs(unique)} "
        f": ({x}, {i}, {u}) -> {x}",
        [("%0", x)],
        args_of(uniform(0.5, 1.5, (3, 4)), np.array([[2], [0]], np.int32),
                distinct((2, 4), 0.4)),
        f'func.func @f(%a0: {x}, %a1: {i}, %a2: {u}) -> {x} {{\n'
        f'  %0 = jxp.scatter {kind} %a0, %a1, %a2 {scatter_attrs(unique).replace("array<i64: 1>}", "array<i64: 0>}")} '
        f': ({x}, {i}, {u}) -> {x}\n  return %0 : {x}\n}}\n',
        "'jxp.scatter' op", diff=diff, linear=linear,
        name=f"scatter_{kind}")


def reduce(kind):
    x, y = T([2, 3]), T([2])
    return Entry("reduce", [x],
                 f"%0 = jxp.reduce {kind} %a0, dims = [1] : ({x}) -> {y}",
                 [("%0", y)], args_of(distinct((2, 3))),
                 f'func.func @f(%a0: {x}) -> {y} {{\n'
                 f'  %0 = jxp.reduce {kind} %a0, dims = [2] : ({x}) -> {y}\n'
                 f'  return %0 : {y}\n}}\n',
                 "'jxp.reduce' op", diff=(0,),
                 linear=((0,),) if kind == "sum" else (),
                 name=f"reduce_{kind}")


def reduce_bool(kind):
    x, p, y = T([2, 3]), T([2, 3], "i1"), T([2], "i1")
    return Entry("reduce", [x],
                 f"""%z = jxp.constant dense<0.0> : {x}
                 %p = jxp.compare GT, %a0, %z : ({x}, {x}) -> {p}
                 %0 = jxp.reduce {kind} %p, dims = [1] : ({p}) -> {y}""",
                 [("%0", y)], args_of(uniform(-1, 1, (2, 3))),
                 f'func.func @f(%a0: {x}) -> {T([2])} {{\n'
                 f'  %0 = jxp.reduce {kind} %a0, dims = [1] : ({x}) -> {T([2])}\n'
                 f'  return %0 : {T([2])}\n}}\n',
                 "'jxp.reduce' op", zero=(0,), name=f"reduce_{kind}")


def cumulative(op, sampler, linear=()):
    t = T([5])
    return Entry(op, [t], f"%0 = jxp.{op} %a0, axis = 0 : {t}", [("%0", t)],
                 args_of(sampler),
                 f'func.func @f(%a0: {t}) -> {t} {{\n'
                 f'  %0 = jxp.{op} %a0, axis = 1 : {t}\n  return %0 : {t}\n}}\n',
                 f"'jxp.{op}' op", diff=(0,), linear=linear)


# ---------------------------------------------------------------------------
# The table
# ---------------------------------------------------------------------------

def _entries():
    e = []
    add = e.append
    # Constants and iota, used in a function of an argument.
    add(Entry("constant", [V3],
              "%c = jxp.constant dense<[1.5, -2.0, 0.25]> : tensor<3xf64>\n"
              "%0 = jxp.mul %a0, %c : tensor<3xf64>",
              [("%0", V3)], args_of(uniform(-1, 1)),
              'func.func @f() -> tensor<3xf64> {\n'
              '  %c = jxp.constant dense<[1.5, -2.0]> : tensor<3xf64>\n'
              '  return %c : tensor<3xf64>\n}\n',
              "inferred shape of elements literal", diff=(0,),
              linear=((0,),)))
    add(Entry("iota", [V3],
              "%i = jxp.iota dim = 0 : tensor<3xf64>\n"
              "%0 = jxp.add %a0, %i : tensor<3xf64>",
              [("%0", V3)], args_of(uniform(-1, 1)),
              'func.func @f() -> tensor<3xf64> {\n'
              '  %i = jxp.iota dim = 1 : tensor<3xf64>\n'
              '  return %i : tensor<3xf64>\n}\n',
              "'jxp.iota' op", diff=(0,)))
    # Elementwise unary.
    add(unary("neg", uniform(-1, 1), linear=((0,),)))
    add(unary("abs", uniform(0.3, 2, signed=True)))
    c3 = T([3], "complex<f64>")
    add(Entry("abs", [c3], f"%0 = jxp.abs %a0 : {c3}", [("%0", V3)],
              args_of(complex_away()),
              f'func.func @f(%a0: {c3}) -> {c3} {{\n'
              f'  %0 = "jxp.abs"(%a0) : ({c3}) -> {c3}\n  return %0 : {c3}\n}}\n',
              "'jxp.abs' op", diff=(0,), name="abs_complex"))
    # The parts of a complex number and its construction: linear (over the
    # reals), with JAX's transposes.
    for part in ("real", "imag"):
        add(Entry(part, [c3], f"%0 = jxp.{part} %a0 : {c3}", [("%0", V3)],
                  args_of(complex_away()),
                  f'func.func @f(%a0: {V3}) -> {V3} {{\n'
                  f'  %0 = jxp.{part} %a0 : {V3}\n  return %0 : {V3}\n}}\n',
                  f"'jxp.{part}' op operand #0 must be", diff=(0,),
                  linear=((0,),)))
    add(Entry("complex", [V3, V3], f"%0 = jxp.complex %a0, %a1 : {V3}",
              [("%0", c3)], args_of(uniform(-1, 1), uniform(-1, 1)),
              f'func.func @f(%a0: {V3}, %a1: {V3}) -> {c3} {{\n'
              f'  %0 = "jxp.complex"(%a0, %a1) : ({V3}, {V3}) -> '
              f'tensor<3xcomplex<f32>>\n'
              f'  return %0 : tensor<3xcomplex<f32>>\n}}\n',
              "'jxp.complex' op inferred type", diff=(0, 1),
              linear=((0, 1),)))
    add(unary("sign", uniform(0.3, 2, signed=True), diff=False))
    add(unary("exp", uniform(-1, 1)))
    add(unary("log", uniform(0.5, 2)))
    add(unary("log1p", uniform(-0.5, 1)))
    add(unary("expm1", uniform(-1, 1)))
    add(unary("sin", uniform(-2, 2)))
    add(unary("cos", uniform(-2, 2)))
    add(unary("tan", uniform(-1, 1)))
    add(unary("tanh", uniform(-1.5, 1.5)))
    add(unary("logistic", uniform(-2, 2)))
    add(unary("sqrt", uniform(0.5, 2)))
    add(unary("rsqrt", uniform(0.5, 2)))
    add(unary("cbrt", uniform(0.5, 2, signed=True)))
    add(unary("erf", uniform(-1, 1)))
    add(unary("erf_inv", uniform(-0.7, 0.7)))
    add(unary("floor", off_integers(), diff=False))
    add(unary("ceil", off_integers(), diff=False))
    i3 = T([3], "i32")
    add(Entry("not", [i3], f"%0 = jxp.not %a0 : {i3}", [("%0", i3)],
              args_of(ints(-5, 5)),
              f'func.func @f(%a0: {V3}) -> {V3} {{\n'
              f'  %0 = jxp.not %a0 : {V3}\n  return %0 : {V3}\n}}\n',
              "'jxp.not' op operand #0 must be"))
    add(Entry("round", [V3], f"%0 = jxp.round %a0, to_nearest_even : {V3}",
              [("%0", V3)], args_of(off_integers()),
              f'func.func @f(%a0: {i3}) -> {i3} {{\n'
              f'  %0 = jxp.round %a0, to_nearest_even : {i3}\n'
              f'  return %0 : {i3}\n}}\n',
              "'jxp.round' op operand #0 must be", zero=(0,)))
    b3 = T([3], "i1")
    add(Entry("is_finite", [V3], f"%0 = jxp.is_finite %a0 : ({V3}) -> {b3}",
              [("%0", b3)], args_of(uniform(-1, 1)),
              f'func.func @f(%a0: {V3}) -> {V3} {{\n'
              f'  %0 = "jxp.is_finite"(%a0) : ({V3}) -> {V3}\n'
              f'  return %0 : {V3}\n}}\n',
              "'jxp.is_finite' op result #0 must be", zero=(0,)))
    # Elementwise binary.
    add(binary("add", uniform(-1, 1), uniform(-1, 1), linear=((0, 1),)))
    add(binary("sub", uniform(-1, 1), uniform(-1, 1), linear=((0, 1),)))
    add(binary("mul", uniform(-1, 1), uniform(-1, 1), linear=((0,), (1,))))
    add(binary("div", uniform(-1, 1), uniform(0.5, 2, signed=True),
               linear=((0,),)))
    # x = y * (k + a fraction away from 0 and 1): away from rem's jumps.
    add(Entry("rem", [V3, V3], "%0 = jxp.rem %a0, %a1 : tensor<3xf64>",
              [("%0", V3)],
              lambda rng: (lambda y: [y * (rng.integers(-3, 3, 3)
                                           + rng.uniform(0.2, 0.8, 3)), y])(
                  uniform(0.5, 2, signed=True)(rng)),
              generic_binary_invalid("rem"), "'jxp.rem' op", diff=(0, 1)))
    add(binary("pow", uniform(0.5, 2), uniform(-1, 2)))
    # max and min: operands at least 0.2 apart (no ties).
    sep = lambda rng: (lambda x: [x, x + rng.uniform(0.2, 1, 3)
                                  * rng.choice([-1.0, 1.0], 3)])(
        uniform(-1, 1)(rng))
    for op in ("max", "min"):
        add(Entry(op, [V3, V3], f"%0 = jxp.{op} %a0, %a1 : tensor<3xf64>",
                  [("%0", V3)], sep, generic_binary_invalid(op),
                  f"'jxp.{op}' op", diff=(0, 1)))
    add(binary("atan2", uniform(0.3, 2, signed=True),
               uniform(0.3, 2, signed=True)))
    for op in ("and", "or", "xor", "shift_left", "shift_right_logical",
               "shift_right_arithmetic"):
        add(int_binary(op))
    # Comparison, selection, conversion.
    add(Entry("compare", [V3, V3],
              f"%0 = jxp.compare LT, %a0, %a1 : ({V3}, {V3}) -> {b3}",
              [("%0", b3)], sep,
              f'func.func @f(%a0: {V3}, %a1: {i3}) -> {b3} {{\n'
              f'  %0 = jxp.compare LT, %a0, %a1 : ({V3}, {i3}) -> {b3}\n'
              f'  return %0 : {b3}\n}}\n',
              "'jxp.compare' op", zero=(0, 1)))
    add(Entry("select", [b3, V3, V3],
              f"%0 = jxp.select %a0, %a1, %a2 : {b3}, {V3}",
              [("%0", V3)], args_of(bools(), uniform(-1, 1), uniform(-1, 1)),
              f'func.func @f(%a0: {T([2], "i1")}, %a1: {V3}, %a2: {V3}) -> {V3} {{\n'
              f'  %0 = jxp.select %a0, %a1, %a2 : {T([2], "i1")}, {V3}\n'
              f'  return %0 : {V3}\n}}\n',
              "'jxp.select' op", diff=(1, 2), linear=((1, 2),)))
    s = T([])
    # Some elements below the bounds, one inside, some above.
    add(Entry("clamp", [s, V3, s],
              f"%0 = jxp.clamp %a0, %a1, %a2 : ({s}, {V3}, {s}) -> {V3}",
              [("%0", V3)],
              lambda rng: [np.array(-0.5), np.array([-1.2, 0.1, 0.9])
                           + rng.uniform(-0.1, 0.1, 3), np.array(0.5)],
              f'func.func @f(%a0: {T([2])}, %a1: {V3}, %a2: {s}) -> {V3} {{\n'
              f'  %0 = jxp.clamp %a0, %a1, %a2 : ({T([2])}, {V3}, {s}) -> {V3}\n'
              f'  return %0 : {V3}\n}}\n',
              "'jxp.clamp' op", diff=(0, 1, 2)))
    f3 = T([3], "f32")
    add(Entry("convert", [f3], f"%0 = jxp.convert %a0 : ({f3}) -> {V3}",
              [("%0", V3)], lambda rng: [rng.uniform(-1, 1, 3).astype(np.float32)],
              f'func.func @f(%a0: {f3}) -> {T([4])} {{\n'
              f'  %0 = jxp.convert %a0 : ({f3}) -> {T([4])}\n'
              f'  return %0 : {T([4])}\n}}\n',
              "'jxp.convert' op", diff=(0,), linear=((0,),), step=1e-2,
              rtol=1e-5))
    add(Entry("bitcast_convert", [V3],
              f"%0 = jxp.bitcast_convert %a0 : ({V3}) -> {T([3], 'i64')}",
              [("%0", T([3], "i64"))], args_of(uniform(-1, 1)),
              f'func.func @f(%a0: {V3}) -> {T([3], "i32")} {{\n'
              f'  %0 = jxp.bitcast_convert %a0 : ({V3}) -> {T([3], "i32")}\n'
              f'  return %0 : {T([3], "i32")}\n}}\n',
              "'jxp.bitcast_convert' op", zero=(0,)))
    # Shape ops.
    x23 = T([2, 3])
    add(Entry("broadcast_in_dim", [V3],
              f"%0 = jxp.broadcast_in_dim %a0, dims = [1] : ({V3}) -> {x23}",
              [("%0", x23)], args_of(uniform(-1, 1)),
              f'func.func @f(%a0: {V3}) -> {x23} {{\n'
              f'  %0 = jxp.broadcast_in_dim %a0, dims = [0] : ({V3}) -> {x23}\n'
              f'  return %0 : {x23}\n}}\n',
              "'jxp.broadcast_in_dim' op", diff=(0,), linear=((0,),)))
    add(Entry("reshape", [x23], f"%0 = jxp.reshape %a0 : ({x23}) -> {T([6])}",
              [("%0", T([6]))], args_of(uniform(-1, 1, (2, 3))),
              f'func.func @f(%a0: {x23}) -> {T([5])} {{\n'
              f'  %0 = jxp.reshape %a0 : ({x23}) -> {T([5])}\n'
              f'  return %0 : {T([5])}\n}}\n',
              "'jxp.reshape' op", diff=(0,), linear=((0,),)))
    add(Entry("transpose", [x23],
              f"%0 = jxp.transpose %a0, permutation = [1, 0] : ({x23}) -> {T([3, 2])}",
              [("%0", T([3, 2]))], args_of(uniform(-1, 1, (2, 3))),
              f'func.func @f(%a0: {x23}) -> {T([3, 2])} {{\n'
              f'  %0 = jxp.transpose %a0, permutation = [0, 0] : ({x23}) -> {T([3, 2])}\n'
              f'  return %0 : {T([3, 2])}\n}}\n',
              "'jxp.transpose' op", diff=(0,), linear=((0,),)))
    add(Entry("reverse", [x23], f"%0 = jxp.reverse %a0, dims = [1] : {x23}",
              [("%0", x23)], args_of(uniform(-1, 1, (2, 3))),
              f'func.func @f(%a0: {x23}) -> {x23} {{\n'
              f'  %0 = jxp.reverse %a0, dims = [2] : {x23}\n'
              f'  return %0 : {x23}\n}}\n',
              "'jxp.reverse' op", diff=(0,), linear=((0,),)))
    x6, x2 = T([6]), T([2])
    add(Entry("slice", [x6],
              f"%0 = jxp.slice %a0, start = [1], limit = [5], strides = [2] : ({x6}) -> {x2}",
              [("%0", x2)], args_of(uniform(-1, 1, (6,))),
              f'func.func @f(%a0: {x6}) -> {x2} {{\n'
              f'  %0 = jxp.slice %a0, start = [1], limit = [7], strides = [2] : ({x6}) -> {x2}\n'
              f'  return %0 : {x2}\n}}\n',
              "'jxp.slice' op", diff=(0,), linear=((0,),)))
    si = T([], "i32")
    add(Entry("dynamic_slice", [x6, si],
              f"%0 = jxp.dynamic_slice %a0[%a1], sizes = [2] : ({x6}, {si}) -> {x2}",
              [("%0", x2)], args_of(uniform(-1, 1, (6,)), np.int32(3)),
              f'func.func @f(%a0: {x6}, %a1: {si}) -> {x2} {{\n'
              f'  %0 = jxp.dynamic_slice %a0[%a1], sizes = [7] : ({x6}, {si}) -> {x2}\n'
              f'  return %0 : {x2}\n}}\n',
              "'jxp.dynamic_slice' op", diff=(0,), linear=((0,),)))
    add(Entry("dynamic_update_slice", [x6, x2, si],
              f"%0 = jxp.dynamic_update_slice %a0[%a2], %a1 : ({x6}, {x2}, {si}) -> {x6}",
              [("%0", x6)],
              args_of(uniform(-1, 1, (6,)), uniform(-1, 1, (2,)), np.int32(1)),
              f'func.func @f(%a0: {x6}, %a1: {T([7])}, %a2: {si}) -> {x6} {{\n'
              f'  %0 = jxp.dynamic_update_slice %a0[%a2], %a1 : ({x6}, {T([7])}, {si}) -> {x6}\n'
              f'  return %0 : {x6}\n}}\n',
              "'jxp.dynamic_update_slice' op", diff=(0, 1), linear=((0, 1),)))
    add(Entry("concatenate", [x2, V3],
              f"%0 = jxp.concatenate dim = 0, %a0, %a1 : ({x2}, {V3}) -> {T([5])}",
              [("%0", T([5]))], args_of(uniform(-1, 1, (2,)), uniform(-1, 1)),
              f'func.func @f(%a0: {x2}, %a1: {V3}) -> {T([6])} {{\n'
              f'  %0 = jxp.concatenate dim = 0, %a0, %a1 : ({x2}, {V3}) -> {T([6])}\n'
              f'  return %0 : {T([6])}\n}}\n',
              "'jxp.concatenate' op", diff=(0, 1), linear=((0, 1),)))
    add(Entry("pad", [V3, s],
              f"%0 = jxp.pad %a0, %a1, low = [1], high = [2], interior = [1] : ({V3}, {s}) -> {T([8])}",
              [("%0", T([8]))], args_of(uniform(-1, 1), uniform(-1, 1, ())),
              f'func.func @f(%a0: {V3}, %a1: {s}) -> {T([8])} {{\n'
              f'  %0 = jxp.pad %a0, %a1, low = [1], high = [2], interior = [-1] : ({V3}, {s}) -> {T([8])}\n'
              f'  return %0 : {T([8])}\n}}\n',
              "'jxp.pad' op", diff=(0, 1), linear=((0, 1),)))
    # Reductions and scans.
    for kind in ("sum", "prod", "max", "min"):
        add(reduce(kind))
    for kind in ("and", "or"):
        add(reduce_bool(kind))
    for op in ("argmax", "argmin"):
        add(Entry(op, [x23], f"%0 = jxp.{op} %a0, axis = 1 : ({x23}) -> {T([2], 'i32')}",
                  [("%0", T([2], "i32"))], args_of(distinct((2, 3))),
                  f'func.func @f(%a0: {x23}) -> {T([2], "i32")} {{\n'
                  f'  %0 = jxp.{op} %a0, axis = 2 : ({x23}) -> {T([2], "i32")}\n'
                  f'  return %0 : {T([2], "i32")}\n}}\n',
                  f"'jxp.{op}' op", zero=(0,)))
    add(cumulative("cumsum", uniform(-1, 1, (5,)), linear=((0,),)))
    add(cumulative("cumprod", uniform(0.5, 1.5, (5,), signed=True)))
    add(cumulative("cummax", distinct((5,))))
    add(cumulative("cummin", distinct((5,))))
    # Contraction, gather, scatter, sort.
    a, b, c = T([2, 3]), T([3, 4]), T([2, 4])
    add(Entry("dot_general", [a, b],
              f"%0 = jxp.dot_general %a0, %a1, batching_dims = [] x [], "
              f"contracting_dims = [1] x [0] : ({a}, {b}) -> {c}",
              [("%0", c)], args_of(uniform(-1, 1, (2, 3)), uniform(-1, 1, (3, 4))),
              f'func.func @f(%a0: {a}, %a1: {b}) -> {c} {{\n'
              f'  %0 = jxp.dot_general %a0, %a1, batching_dims = [] x [], '
              f'contracting_dims = [0] x [0] : ({a}, {b}) -> {c}\n'
              f'  return %0 : {c}\n}}\n',
              "'jxp.dot_general' op", diff=(0, 1), linear=((0,), (1,))))
    x34, i21 = T([3, 4]), T([2, 1], "i32")
    add(Entry("gather", [x34, i21],
              f"%0 = jxp.gather %a0, %a1 {GATHER_ATTRS} : ({x34}, {i21}) -> {c}",
              [("%0", c)], args_of(uniform(-1, 1, (3, 4)),
                                   np.array([[2], [0]], np.int32)),
              f'func.func @f(%a0: {x34}, %a1: {i21}) -> {c} {{\n'
              f'  %0 = jxp.gather %a0, %a1 {GATHER_ATTRS.replace("1, 4>", "1, 5>")} '
              f': ({x34}, {i21}) -> {c}\n'
              f'  return %0 : {c}\n}}\n',
              "'jxp.gather' op", diff=(0,), linear=((0,),)))
    add(scatter("add", unique=False, linear=((0, 2),)))
    add(scatter("set", linear=((0, 2),)))
    add(scatter("mul", linear=((0,),)))
    add(scatter("max"))
    add(scatter("min"))
    k4 = T([4])
    add(Entry("sort", [k4, k4],
              f"%0:2 = jxp.sort(%a0, %a1), dim = 0, num_keys = 1 stable "
              f": ({k4}, {k4}) -> ({k4}, {k4})",
              [("%0#0", k4), ("%0#1", k4)],
              args_of(distinct((4,)), uniform(-1, 1, (4,))),
              f'func.func @f(%a0: {k4}, %a1: {k4}) -> {k4} {{\n'
              f'  %0:2 = jxp.sort(%a0, %a1), dim = 0, num_keys = 3 stable '
              f': ({k4}, {k4}) -> ({k4}, {k4})\n'
              f'  return %0#0 : {k4}\n}}\n',
              "'jxp.sort' op", diff=(0, 1)))
    # Linear algebra.
    m = T([3, 3])
    add(Entry("cholesky", [m], f"%0 = jxp.cholesky %a0 : {m}", [("%0", m)],
              lambda rng: [_spd(rng)],
              f'func.func @f(%a0: {T([3, 2])}) -> {T([3, 2])} {{\n'
              f'  %0 = jxp.cholesky %a0 : {T([3, 2])}\n'
              f'  return %0 : {T([3, 2])}\n}}\n',
              "'jxp.cholesky' op", diff=(0,), tangents=_sym_tangents))
    r = T([3, 2])
    add(Entry("triangular_solve", [m, r],
              f"%0 = jxp.triangular_solve %a0, %a1 {{left_side, lower}} : ({m}, {r}) -> {r}",
              [("%0", r)], lambda rng: [_lower_tri(rng), rng.uniform(-1, 1, (3, 2))],
              f'func.func @f(%a0: {m}, %a1: {r}) -> {r} {{\n'
              f'  %0 = jxp.triangular_solve %a0, %a1 {{left_side, lower, transpose_a = 3 : i64}} '
              f': ({m}, {r}) -> {r}\n'
              f'  return %0 : {r}\n}}\n',
              "'jxp.triangular_solve' op", diff=(0, 1), linear=((1,),)))
    # Random bits.
    u, k = T([4], "ui32"), T([], "ui32")
    add(Entry("threefry2x32", [k, k, u, u],
              f"%0:2 = jxp.threefry2x32 %a0, %a1, %a2, %a3 : {k}, {u}",
              [("%0#0", u), ("%0#1", u)],
              args_of(np.uint32(0), np.uint32(42), np.arange(4, dtype=np.uint32),
                      np.arange(4, 8, dtype=np.uint32)),
              f'func.func @f(%a0: {k}, %a1: {k}, %a2: {u}, %a3: {T([3], "ui32")}) -> {u} {{\n'
              f'  %0:2 = "jxp.threefry2x32"(%a0, %a1, %a2, %a3) : ({k}, {k}, {u}, {T([3], "ui32")}) -> ({u}, {u})\n'
              f'  return %0#0 : {u}\n}}\n',
              "'jxp.threefry2x32' op"))
    # XLA's generators: rng_bit_generator's state and bits are integers;
    # rng_uniform's values are XLA's, different at every run (lowering and
    # execution are what (e) checks).
    s4 = T([4], "ui32")
    add(Entry("rng_bit_generator", [s4],
              f"%0:2 = jxp.rng_bit_generator %a0 {{algorithm = 1 : i32}} : "
              f"({s4}) -> ({s4}, {T([3], 'ui32')})",
              [("%0#0", s4), ("%0#1", T([3], "ui32"))],
              args_of(np.arange(1, 5, dtype=np.uint32)),
              f'func.func @f(%a0: {T([3], "ui32")}) -> {T([3], "ui32")} {{\n'
              f'  %0:2 = jxp.rng_bit_generator %a0 {{algorithm = 0 : i32}} : '
              f'({T([3], "ui32")}) -> ({T([3], "ui32")}, {T([2], "ui32")})\n'
              f'  return %0#0 : {T([3], "ui32")}\n}}\n',
              "'jxp.rng_bit_generator' op state must be"))
    s0 = T([])
    add(Entry("rng_uniform", [s0, s0],
              f"%0 = jxp.rng_uniform %a0, %a1 : ({s0}, {s0}) -> {V3}",
              [("%0", V3)], args_of(np.float64(0.0), np.float64(1.0)),
              f'func.func @f(%a0: {s0}) -> {T([3], "f32")} {{\n'
              f'  %0 = jxp.rng_uniform %a0, %a0 : ({s0}, {s0}) -> {T([3], "f32")}\n'
              f'  return %0 : {T([3], "f32")}\n}}\n',
              "'jxp.rng_uniform' op result element type"))
    # stop_gradient: the tangent is zero whatever the function around it.
    add(Entry("stop_gradient", [V3],
              f"%s = jxp.stop_gradient %a0 : {V3}\n%0 = jxp.sin %s : {V3}",
              [("%0", V3)], args_of(uniform(-1, 1)),
              f'func.func @f(%a0: {V3}) -> {V3} {{\n'
              f'  %0 = "jxp.stop_gradient"(%a0) : ({V3}) -> {T([4])}\n'
              f'  return %a0 : {V3}\n}}\n',
              "'jxp.stop_gradient' op", zero=(0,)))
    # Transform ops and custom-derivative calls: small functions around
    # helpers. The JVP check then differentiates the transform (a second
    # derivative).
    g_sin = (f"func.func private @g(%x: {V3}) -> {V3} {{\n"
             f"  %0 = jxp.sin %x : {V3}\n  return %0 : {V3}\n}}\n")
    add(Entry("jvp", [V3, V3],
              f"%0:2 = jxp.jvp @g(%a0, %a1) wrt [0] : ({V3}, {V3}) -> ({V3}, {V3})",
              [("%0#0", V3), ("%0#1", V3)], args_of(uniform(-1, 1), uniform(-1, 1)),
              g_sin + f'func.func @f(%a0: {V3}, %a1: {V3}) -> {V3} {{\n'
              f'  %0:2 = jxp.jvp @g(%a0, %a1) wrt [1] : ({V3}, {V3}) -> ({V3}, {V3})\n'
              f'  return %0#1 : {V3}\n}}\n',
              "'jxp.jvp' op", diff=(0, 1), helpers=g_sin))
    add(Entry("vjp", [V3, V3],
              f"%0:2 = jxp.vjp @g(%a0, %a1) wrt [0] : ({V3}, {V3}) -> ({V3}, {V3})",
              [("%0#0", V3), ("%0#1", V3)], args_of(uniform(-1, 1), uniform(-1, 1)),
              g_sin + f'func.func @f(%a0: {V3}, %a1: {V3}) -> {V3} {{\n'
              f'  %0:2 = jxp.vjp @h(%a0, %a1) wrt [0] : ({V3}, {V3}) -> ({V3}, {V3})\n'
              f'  return %0#1 : {V3}\n}}\n',
              "'jxp.vjp' op", diff=(0, 1), helpers=g_sin))
    g_lin = (f"func.func private @g(%a: {V3}, %x: {V3}) -> {V3} {{\n"
             f"  %0 = jxp.mul %a, %x : {V3}\n  %1 = jxp.neg %0 : {V3}\n"
             f"  return %1 : {V3}\n}}\n")
    add(Entry("linear_transpose", [V3, V3],
              f"%0 = jxp.linear_transpose @g(%a0, %a1) wrt [1] : ({V3}, {V3}) -> {V3}",
              [("%0", V3)], args_of(uniform(-1, 1), uniform(-1, 1)),
              g_lin + f'func.func @f(%a0: {V3}, %a1: {V3}) -> {V3} {{\n'
              f'  %0 = jxp.linear_transpose @g(%a0, %a1) wrt [2] : ({V3}, {V3}) -> {V3}\n'
              f'  return %0 : {V3}\n}}\n',
              "'jxp.linear_transpose' op", diff=(0, 1), linear=((1,),),
              helpers=g_lin))
    # custom_jvp_call with a correct rule (the JVP uses the rule).
    rule = (g_sin + f"func.func private @rule(%x: {V3}, %t: {V3}) -> ({V3}, {V3}) {{\n"
            f"  %0 = jxp.sin %x : {V3}\n  %c = jxp.cos %x : {V3}\n"
            f"  %1 = jxp.mul %t, %c : {V3}\n  return %0, %1 : {V3}, {V3}\n}}\n")
    add(Entry("custom_jvp_call", [V3],
              f"%0 = jxp.custom_jvp_call @g(%a0) diff [0] primals 1 {{jvp = @rule}} : ({V3}) -> {V3}",
              [("%0", V3)], args_of(uniform(-1, 1)),
              rule + f'func.func @f(%a0: {V3}) -> {V3} {{\n'
              f'  %0 = jxp.custom_jvp_call @g(%a0) diff [0] primals 1 {{jvp = @missing}} : ({V3}) -> {V3}\n'
              f'  return %0 : {V3}\n}}\n',
              "'jxp.custom_jvp_call' op", diff=(0,), helpers=rule))
    vjp_rules = (g_sin
                 + f"func.func private @fwd(%x: {V3}) -> ({V3}, {V3}) {{\n"
                 f"  %0 = jxp.sin %x : {V3}\n  %c = jxp.cos %x : {V3}\n"
                 f"  return %0, %c : {V3}, {V3}\n}}\n"
                 f"func.func private @bwd(%c: {V3}, %ct: {V3}) -> {V3} {{\n"
                 f"  %0 = jxp.mul %ct, %c : {V3}\n  return %0 : {V3}\n}}\n")
    add(Entry("custom_vjp_call", [V3],
              f"%0 = jxp.custom_vjp_call @g(%a0) fwd @fwd bwd @bwd wrt [0] "
              f"primals 1 residuals 1 : ({V3}) -> {V3}",
              [("%0", V3)], args_of(uniform(-1, 1)),
              vjp_rules + f'func.func @f(%a0: {V3}) -> {V3} {{\n'
              f'  %0 = jxp.custom_vjp_call @g(%a0) fwd @fwd bwd @missing wrt [0] '
              f'primals 1 residuals 1 : ({V3}) -> {V3}\n'
              f'  return %0 : {V3}\n}}\n',
              "'jxp.custom_vjp_call' op", helpers=vjp_rules))
    lin_bwd = (f"func.func private @bwd(%c: {V3}, %ct: {V3}) -> {V3} {{\n"
               f"  %0 = jxp.mul %ct, %c : {V3}\n  return %0 : {V3}\n}}\n")
    add(Entry("custom_lin", [V3, V3],
              f"%0 = jxp.custom_lin @bwd(%a0, %a1) residuals 1 closure 0 : ({V3}, {V3}) -> {V3}",
              [("%0", V3)], args_of(uniform(-1, 1), uniform(-1, 1)),
              lin_bwd + f'func.func @f(%a0: {V3}, %a1: {V3}) -> {V3} {{\n'
              f'  %0 = jxp.custom_lin @missing(%a0, %a1) residuals 1 closure 0 : ({V3}, {V3}) -> {V3}\n'
              f'  return %0 : {V3}\n}}\n',
              "'jxp.custom_lin' op", helpers=lin_bwd))
    # Region ops (control flow). Their JVPs through the whole pipeline;
    # lax/test_control_flow_ir.py compares them with JAX's lax ops.
    s, i32 = T([]), T([], "i32")
    add(Entry("cond", [i32, V3],
              f"%0 = jxp.cond %a0 (%a1) : ({V3}) -> ({V3}) {{\n"
              f"^bb0(%x: {V3}):\n  jxp.yield %x : {V3}\n}}, {{\n"
              f"^bb0(%x: {V3}):\n  %y = jxp.sin %x : {V3}\n  jxp.yield %y : {V3}\n}}",
              [("%0", V3)], args_of(np.int32(1), uniform(-1, 1)),
              f'func.func @f(%a0: {i32}, %a1: {V3}) -> {V3} {{\n'
              f'  %0 = jxp.cond %a0 (%a1) : ({V3}) -> ({V3}) {{\n'
              f'  ^bb0(%x: {V3}, %y: {V3}):\n    jxp.yield %x : {V3}\n  }}\n'
              f'  return %0 : {V3}\n}}\n',
              "'jxp.cond' op", diff=(1,)))
    while_body = (f"%n = jxp.constant dense<0> : {i32}\n"
                  f"%0:2 = jxp.while (%a0, %n) : {V3}, {i32} cond {{\n"
                  f"^bb0(%x: {V3}, %k: {i32}):\n"
                  f"  %m = jxp.constant dense<3> : {i32}\n"
                  f"  %p = jxp.compare LT, %k, %m, SIGNED : ({i32}, {i32}) -> {T([], 'i1')}\n"
                  f"  jxp.yield %p : {T([], 'i1')}\n"
                  f"}} do {{\n"
                  f"^bb0(%x: {V3}, %k: {i32}):\n"
                  f"  %y = jxp.sin %x : {V3}\n"
                  f"  %one = jxp.constant dense<1> : {i32}\n"
                  f"  %k1 = jxp.add %k, %one : {i32}\n"
                  f"  jxp.yield %y, %k1 : {V3}, {i32}\n}}")
    add(Entry("while", [V3], while_body, [("%0#0", V3)], args_of(uniform(-1, 1)),
              f'func.func @f(%a0: {V3}) -> {V3} {{\n'
              f'  %0 = jxp.while (%a0) : {V3} cond {{\n'
              f'  ^bb0(%x: {V3}):\n    jxp.yield %x : {V3}\n'
              f'  }} do {{\n  ^bb0(%x: {V3}):\n    jxp.yield %x : {V3}\n  }}\n'
              f'  return %0 : {V3}\n}}\n',
              "'jxp.while' op", diff=(0,)))
    # yield: the terminator of the regions above; its entry is a scan.
    xs = T([4, 3])
    add(Entry("yield", [V3, xs],
              f"%0:2 = jxp.scan length 4 reverse consts() carry(%a0) xs(%a1) : ({V3}, {xs}) -> ({V3}, {xs}) {{\n"
              f"^bb0(%c: {V3}, %x: {V3}):\n"
              f"  %m = jxp.mul %c, %x : {V3}\n  %t = jxp.sin %m : {V3}\n"
              f"  jxp.yield %t, %m : {V3}, {V3}\n}}",
              [("%0#0", V3), ("%0#1", xs)],
              args_of(uniform(-1, 1), uniform(-1, 1, (4, 3))),
              f'func.func @f(%a0: {V3}) -> {V3} {{\n'
              f'  jxp.yield %a0 : {V3}\n}}\n',
              "'jxp.yield' op", diff=(0, 1)))
    add(Entry("scan", [V3, xs],
              f"%0:2 = jxp.scan length 4 unroll 3 consts(%a0) carry(%a0) xs(%a1) : ({V3}, {V3}, {xs}) -> ({V3}, {xs}) {{\n"
              f"^bb0(%w: {V3}, %c: {V3}, %x: {V3}):\n"
              f"  %m = jxp.mul %w, %x : {V3}\n  %a = jxp.add %c, %m : {V3}\n"
              f"  %t = jxp.tanh %a : {V3}\n"
              f"  jxp.yield %t, %a : {V3}, {V3}\n}}",
              [("%0#0", V3), ("%0#1", xs)],
              args_of(uniform(-1, 1), uniform(-1, 1, (4, 3))),
              f'func.func @f(%a0: {V3}, %a1: {xs}) -> {V3} {{\n'
              f'  %0 = jxp.scan length 3 consts() carry(%a0) xs(%a1) : ({V3}, {xs}) -> ({V3}) {{\n'
              f'  ^bb0(%c: {V3}, %x: {V3}):\n    jxp.yield %c : {V3}\n  }}\n'
              f'  return %0 : {V3}\n}}\n',
              "'jxp.scan' op", diff=(0, 1)))
    # remat: the body runs inline (a recomputation behind a barrier).
    add(Entry("remat", [V3],
              f'%0 = jxp.remat "nothing_saveable" (%a0) : ({V3}) -> ({V3}) {{\n'
              f"^bb0(%x: {V3}):\n  %y = jxp.sin %x : {V3}\n"
              f"  %z = jxp.mul %y, %x : {V3}\n  jxp.yield %z : {V3}\n"
              f"}} {{prevent_cse, recompute}}",
              [("%0", V3)], args_of(uniform(-1, 1)),
              f'func.func @f(%a0: {V3}) -> {V3} {{\n'
              f'  %0 = jxp.remat "some_saveable" (%a0) : ({V3}) -> ({V3}) {{\n'
              f'  ^bb0(%x: {V3}):\n    jxp.yield %x : {V3}\n  }}\n'
              f'  return %0 : {V3}\n}}\n',
              "'jxp.remat' op", diff=(0,)))
    # linear_loop: linear in its carry. Its dot-product test checks the
    # transposed loop (13 steps: segments of 5 over 4 snapshot slots, so
    # each segment's second buffer keeps every 2nd carry and recomputes the
    # others) against the loop itself; the snapshots must be the primal
    # carries at steps 0, 5, 10, as partial evaluation writes them.
    i64 = T([], "i64")
    buf, p2 = T([5, 2]), T([2])

    def loop_inputs(rng):
        snaps = [rng.uniform(-1, 1, 2)]
        for _ in range(2):
            p = snaps[-1]
            for _ in range(5):
                p = np.sin(p)
            snaps.append(p)
        snaps += [np.zeros(2)] * 2   # unused slot, scratch slot
        return [np.int64(13), np.int64(5), np.stack(snaps),
                rng.uniform(-1, 1, 2)]
    loop_regions = (f"step {{\n^bb0(%p: {p2}):\n  %q = jxp.sin %p : {p2}\n"
                    f"  jxp.yield %q : {p2}\n}} linear {{\n"
                    f"^bb0(%p: {p2}, %u: {p2}):\n  %c = jxp.cos %p : {p2}\n"
                    f"  %v = jxp.mul %u, %c : {p2}\n  jxp.yield %v : {p2}\n}}")
    add(Entry("linear_loop", [i64, i64, buf, p2],
              f"%0 = jxp.linear_loop %a0, %a1 snapshots(%a2) carry(%a3) : "
              f"({buf}, {p2}) -> ({p2}) " + loop_regions,
              [("%0", p2)], loop_inputs,
              f'func.func @f(%a0: {i64}, %a1: {T([1])}, %a2: {p2}) -> {p2} {{\n'
              f'  %0 = jxp.linear_loop %a0, %a0 snapshots(%a1) carry(%a2) : '
              f'({T([1])}, {p2}) -> ({p2}) step {{\n'
              f'  ^bb0(%p: {T([])}):\n    jxp.yield %p : {T([])}\n'
              f'  }} linear {{\n  ^bb0(%p: {T([])}, %u: {p2}):\n'
              f'    jxp.yield %u : {p2}\n  }}\n'
              f'  return %0 : {p2}\n}}\n',
              "'jxp.linear_loop' op", diff=(2, 3), linear=((3,),)))
    # vmap: sin over a batch of 4, mapped along dimension 1.
    M43, M34 = T([4, 3]), T([3, 4])
    g_sin3 = (f"func.func private @g(%x: {V3}) -> {V3} {{\n"
              f"  %0 = jxp.sin %x : {V3}\n  return %0 : {V3}\n}}\n")
    add(Entry("vmap", [M34],
              f"%0 = jxp.vmap @g(%a0) in_axes [1] out_axes [0] size 4 : "
              f"({M34}) -> {M43}",
              [("%0", M43)], args_of(uniform(-1, 1, (3, 4))),
              g_sin3 + f'func.func @f(%a0: {M34}) -> {M43} {{\n'
              f'  %0 = jxp.vmap @g(%a0) in_axes [0] out_axes [0] size 4 : '
              f'({M34}) -> {M43}\n  return %0 : {M43}\n}}\n',
              "'jxp.vmap' op", diff=(0,), helpers=g_sin3))
    # Collectives, over the axis of a vmap around the transpose of a
    # function using them (vmap(linear_transpose(g))): the JVP check runs
    # their JVP rules, the dot-product test checks their transpose rules
    # against the batched forward function.

    def collective(op, g_body, g_in, g_out, invalid_line, linear=True):
        g = (f"func.func private @g(%x: {g_in}) -> {g_out} {{\n"
             f"  {g_body}\n  return %0 : {g_out}\n}}\n")
        if linear:
            g += (f"func.func private @h(%c: {g_out}) -> {g_in} {{\n"
                  f"  %0 = jxp.linear_transpose @g(%c) wrt [0] : ({g_out}) -> "
                  f"{g_in}\n  return %0 : {g_in}\n}}\n")
            callee, arg, res = "h", g_out, g_in
        else:
            callee, arg, res = "g", g_in, g_out
        shape = lambda t: [4] + [int(d) for d in t[7:-5].split("x") if d]
        a, r = T(shape(arg)), T(shape(res))
        add(Entry(op, [a],
                  f'%0 = jxp.vmap @{callee}(%a0) in_axes [0] out_axes [0] '
                  f'size 4 {{axis_name = "i"}} : ({a}) -> {r}',
                  [("%0", r)], args_of(uniform(-1, 1, tuple(shape(arg)))),
                  f'func.func @f(%a0: {V3}) -> {V3} {{\n  {invalid_line}\n'
                  f'  return %0 : {V3}\n}}\n',
                  f"'jxp.{op}' op", diff=(0,),
                  linear=((0,),) if linear else (), helpers=g))
    collective("all_reduce",
               f'%0 = jxp.all_reduce sum %x axes ["i"] : {V3} -> {V3}', V3,
               V3, f'%0 = jxp.all_reduce and %a0 axes ["i"] : {V3} -> {V3}')
    collective("all_gather",
               f'%0 = jxp.all_gather %x axes ["i"] axis 1 : ({V3}) -> '
               f'{M34}', V3, M34,
               f'%0 = jxp.all_gather %a0 axes ["i"] axis 2 : ({V3}) -> {V3}')
    collective("ppermute",
               f'%0 = jxp.ppermute %x axes ["i"] perm [0, 1, 1, 3, 3, 0] : '
               f'{V3}', V3, V3,
               f'%0 = jxp.ppermute %a0 axes ["i"] perm [0, 1, 2] : {V3}')
    i32s = T([], "i32")
    collective("axis_index",
               f'%i = jxp.axis_index axes ["i"] : {i32s}\n'
               f'  %c = jxp.convert %i : ({i32s}) -> {T([])}\n'
               f'  %b = jxp.broadcast_in_dim %c, dims = [] : ({T([])}) -> {V3}\n'
               f'  %0 = jxp.mul %x, %b : {V3}', V3, V3,
               f'%i = jxp.axis_index axes [] : {i32s}\n'
               f'  %0 = jxp.neg %a0 : {V3}', linear=False)
    # shard_map, and the collectives that exist only over mesh axes, on a
    # mesh of one device (the matrix runs on one): the JVP check and the
    # dot-product test run their rules, the lowering runs through Shardy.
    # (Over 8 devices they are checked against JAX in sharding/test_shard_map.py.)

    def sharded(op, body, t_in, t_out, in_spec, invalid_body,
                invalid_spec=None):
        def sm(spec):
            return ('jxp.shard_map (%a0) {axis_names = ["i"], axis_sizes = '
                    'array<i64: 1>, device_ids = array<i64: 0>, manual_axes '
                    f'= ["i"], in_specs = [{spec}], out_specs = [[["i"]]]}} '
                    f': ({t_in}) -> {t_out} {{\n^bb0(%x: {t_in}):\n')
        add(Entry(op, [t_in],
                  f'%0 = {sm(in_spec)}  {body}\n  jxp.yield %y : {t_out}\n}}',
                  [("%0", t_out)], args_of(uniform(-1, 1, _shape(t_in))),
                  f'func.func @f(%a0: {t_in}) -> {t_out} {{\n'
                  f'  %0 = {sm(invalid_spec or in_spec)}  {invalid_body}\n'
                  f'  jxp.yield %y : {t_out}\n}}\n  return %0 : {t_out}\n'
                  f'}}\n', f"'jxp.{op}' op", diff=(0,), linear=((0,),)))
    sharded("shard_map", f"%y = jxp.neg %x : {V3}", V3, V3, '[["i"]]',
            f"%y = jxp.neg %x : {V3}", invalid_spec='[["i"]], [[]]')
    sharded("pvary", f'%y = jxp.pvary %x axes ["i"] : {V3} -> {V3}', V3, V3,
            "[]", f'%y = jxp.pvary %x axes [] : {V3} -> {V3}')
    sharded("psum_scatter",
            f'%y = jxp.psum_scatter %x axes ["i"] dimension 0 : ({V3}) -> '
            f'{V3}', V3, V3, '[["i"]]',
            f'%y = jxp.psum_scatter %x axes ["i"] dimension 3 : ({V3}) -> '
            f'{V3}')
    sharded("all_to_all",
            f'%y = jxp.all_to_all %x axes ["i"] split 0 concat 1 : ({M34}) '
            f'-> {M34}', M34, M34, '[["i"]]',
            f'%y = jxp.all_to_all %x axes ["i"] split 0 concat 2 : ({M34}) '
            f'-> {M34}')
    _numeric_entries(add)
    return e


def _shape(t):
    return tuple(int(d) for d in t[7:-1].split("x")[:-1])


# ---------------------------------------------------------------------------
# Special functions, factorizations, FFT, convolution, windows, callbacks
# ---------------------------------------------------------------------------

def _permuted_dominant(rng):
    """Rows of a diagonally dominant matrix in the order (1, 2, 0): partial
    pivoting picks each row by a wide margin, so the permutation does not
    change under the finite-difference steps."""
    a = rng.uniform(-0.5, 0.5, (3, 3)) + np.diag([3.0, 4.0, 5.0])
    return a[[1, 2, 0]]


def _spread_spd(rng):
    """A symmetric matrix with well separated eigenvalues (1, 2.5, 4)."""
    q, _ = np.linalg.qr(rng.uniform(-1, 1, (3, 3)))
    return q @ np.diag([1.0, 2.5, 4.0]) @ q.T


def _window(dims, strides, padding, base=None, wdil=None):
    base = base or [1] * len(dims)
    wdil = wdil or [1] * len(dims)
    a = lambda v: "array<i64: " + ", ".join(map(str, v)) + ">"
    return (f"{{window_dimensions = {a(dims)}, window_strides = {a(strides)}, "
            f"padding = {a(padding)}, base_dilation = {a(base)}, "
            f"window_dilation = {a(wdil)}}}")


def _doubles(x):
    return (np.asarray(x) * 2.0,)


class _CallbackEntry(Entry):
    """An entry calling a real Python function (`_doubles`) through the
    host callback registry (host_callback.py). The function is registered
    when the module text is made, just before it is compiled: the registry
    keeps a bounded number of functions (tests shrink it), so an id taken at
    import could be gone by the time the entry runs."""

    def function(self):
        from jxp._src import host_callback
        cid = host_callback.register_host_callback(
            _doubles, key=("op_matrix_table", "doubles"))
        return super().function().replace("CALLBACK_ID", str(cid))


def _numeric_entries(add):
    for op, sampler in (("erfc", uniform(-1, 1)), ("lgamma", uniform(0.5, 3)),
                        ("digamma", uniform(0.5, 3)),
                        ("bessel_i0e", uniform(0.3, 2, signed=True)),
                        ("bessel_i1e", uniform(0.3, 2, signed=True))):
        add(unary(op, sampler))
    i3 = T([3], "i32")
    for op in ("population_count", "clz"):
        add(Entry(op, [i3], f"%0 = jxp.{op} %a0 : {i3}", [("%0", i3)],
                  args_of(ints(-5, 40)),
                  f'func.func @f(%a0: {V3}) -> {V3} {{\n'
                  f'  %0 = jxp.{op} %a0 : {V3}\n  return %0 : {V3}\n}}\n',
                  f"'jxp.{op}' op operand #0 must be"))
    # polygamma(m, x): differentiable in x only (m is an integer order).
    add(Entry("polygamma", [V3, V3], f"%0 = jxp.polygamma %a0, %a1 : {V3}",
              [("%0", V3)], args_of(np.array([0.0, 1.0, 2.0]),
                                    uniform(0.5, 3)),
              generic_binary_invalid("polygamma"), "'jxp.polygamma' op",
              diff=(1,)))
    add(Entry("zeta", [V3, V3], f"%0 = jxp.zeta %a0, %a1 : {V3}",
              [("%0", V3)], args_of(uniform(1.5, 3), uniform(0.5, 2)),
              generic_binary_invalid("zeta"), "'jxp.zeta' op"))
    add(Entry("nextafter", [V3, V3], f"%0 = jxp.nextafter %a0, %a1 : {V3}",
              [("%0", V3)], args_of(uniform(-1, 1), uniform(-1, 1)),
              generic_binary_invalid("nextafter"), "'jxp.nextafter' op"))
    # float64's own widths: the identity, so central differences and the
    # dot-product test are exact (narrower widths are a step function).
    add(Entry("reduce_precision", [V3],
              f"%0 = jxp.reduce_precision %a0, exponent_bits = 11, "
              f"mantissa_bits = 52 : {V3}", [("%0", V3)],
              args_of(uniform(-1, 1)),
              f'func.func @f(%a0: {V3}) -> {T([4])} {{\n'
              f'  %0 = "jxp.reduce_precision"(%a0) <{{exponent_bits = 11 : '
              f'i32, mantissa_bits = 52 : i32}}> : ({V3}) -> {T([4])}\n'
              f'  return %0 : {T([4])}\n}}\n',
              "'jxp.reduce_precision' op", diff=(0,), linear=((0,),)))
    # Factorizations, at inputs whose outputs are smooth functions of them.
    m, i3v = T([3, 3]), T([3], "i32")
    add(Entry("lu", [m],
              f"%0:3 = jxp.lu %a0 : ({m}) -> ({m}, {i3v}, {i3v})",
              [("%0#0", m), ("%0#1", i3v), ("%0#2", i3v)],
              lambda rng: [_permuted_dominant(rng)],
              f'func.func @f(%a0: {m}) -> {m} {{\n'
              f'  %0:3 = jxp.lu %a0 : ({m}) -> ({m}, {T([2], "i32")}, {i3v})\n'
              f'  return %0#0 : {m}\n}}\n',
              "pivots must be", diff=(0,)))
    # A tall full-rank matrix: Householder QR's signs follow the signs of
    # the pivots' entries, constant near the sample, so q and r are smooth.
    a43, q43 = T([4, 3]), T([4, 3])
    add(Entry("qr", [a43], f"%0:2 = jxp.qr %a0 : ({a43}) -> ({q43}, {m})",
              [("%0#0", q43), ("%0#1", m)],
              lambda rng: [rng.uniform(-1, 1, (4, 3)) + np.eye(4, 3) * 2],
              f'func.func @f(%a0: {a43}) -> {q43} {{\n'
              f'  %0:2 = jxp.qr %a0 {{full_matrices}} : ({a43}) -> ({q43}, '
              f'{m})\n  return %0#0 : {q43}\n}}\n',
              "q must be", diff=(0,)))
    # eigh: the eigenvalues, and the squares of the eigenvectors' entries
    # (each eigenvector is known up to its sign).
    add(Entry("eigh", [m],
              f"%0:2 = jxp.eigh %a0 {{lower}} : ({m}) -> ({m}, {V3})\n"
              f"%1 = jxp.mul %0#0, %0#0 : {m}",
              [("%0#1", V3), ("%1", m)], lambda rng: [_spread_spd(rng)],
              f'func.func @f(%a0: {T([3, 4])}) -> {V3} {{\n'
              f'  %0:2 = jxp.eigh %a0 : ({T([3, 4])}) -> ({T([3, 4])}, {V3})\n'
              f'  return %0#1 : {V3}\n}}\n',
              "must be a (batch of) square matrices", diff=(0,),
              tangents=_sym_tangents))
    add(Entry("svd", [a43], f"%0 = jxp.svd %a0 : ({a43}) -> {V3}",
              [("%0", V3)],
              lambda rng: [rng.uniform(-1, 1, (4, 3)) + np.eye(4, 3)
                           * np.array([1.0, 2.5, 4.0])],
              f'func.func @f(%a0: {a43}) -> {V3} {{\n'
              f'  %0 = jxp.svd %a0 {{compute_uv}} : ({a43}) -> {V3}\n'
              f'  return %0 : {V3}\n}}\n',
              "has 3 results with compute_uv, got 1", diff=(0,)))
    # With the thin singular vectors: each pair (u_i, v_i) is known up to
    # one sign, so the squares of their entries are smooth.
    add(Entry("svd", [a43],
              f"%0:3 = jxp.svd %a0 {{compute_uv}} : ({a43}) -> ({V3}, {q43}, "
              f"{m})\n%1 = jxp.mul %0#1, %0#1 : {q43}\n"
              f"%2 = jxp.mul %0#2, %0#2 : {m}",
              [("%0#0", V3), ("%1", q43), ("%2", m)],
              lambda rng: [rng.uniform(-1, 1, (4, 3)) + np.eye(4, 3)
                           * np.array([1.0, 2.5, 4.0])],
              f'func.func @f(%a0: {a43}) -> {V3} {{\n'
              f'  %0:3 = jxp.svd %a0 {{compute_uv}} : ({a43}) -> ({V3}, '
              f'{q43}, {T([4, 4])})\n  return %0#0 : {V3}\n}}\n',
              "vt must be", diff=(0,), name="svd_uv"))
    # eig: eigenvalues only (JAX differentiates nothing else), of a matrix
    # with real, well separated eigenvalues near (1, 2.5, 4).
    c3 = T([3], "complex<f64>")
    add(Entry("eig", [m], f"%0 = jxp.eig %a0 : ({m}) -> {c3}", [("%0", c3)],
              lambda rng: [np.diag([1.0, 2.5, 4.0])
                           + rng.uniform(-0.2, 0.2, (3, 3))],
              f'func.func @f(%a0: {m}) -> {T([3], "complex<f32>")} {{\n'
              f'  %0 = jxp.eig %a0 : ({m}) -> {T([3], "complex<f32>")}\n'
              f'  return %0 : {T([3], "complex<f32>")}\n}}\n',
              "eigenvalues must be", diff=(0,)))
    # FFT: each transform type, linear with JAX's transposes.
    c8, c5, x8 = (T([2, 8], "complex<f64>"), T([2, 5], "complex<f64>"),
                  T([2, 8]))
    for kind, t_in, t_out, sampler in (
            ("FFT", c8, c8, complex_away((2, 8))),
            ("IFFT", c8, c8, complex_away((2, 8))),
            ("RFFT", x8, c5, uniform(-1, 1, (2, 8))),
            ("IRFFT", c5, x8, complex_away((2, 5)))):
        add(Entry("fft", [t_in],
                  f"%0 = jxp.fft %a0, {kind}, length = [8] : ({t_in}) -> "
                  f"{t_out}", [("%0", t_out)], args_of(sampler),
                  f'func.func @f(%a0: {t_in}) -> {t_out} {{\n'
                  f'  %0 = jxp.fft %a0, {kind}, length = [4] : ({t_in}) -> '
                  f'{t_out}\n  return %0 : {t_out}\n}}\n',
                  "'jxp.fft' op operand's trailing dimensions must match",
                  diff=(0,), linear=((0,),), name=f"fft_{kind.lower()}"))
    # A strided, padded, dilated 1-d convolution with two feature groups:
    # bilinear, each operand's transpose is a convolution.
    x, k, y = T([2, 4, 7]), T([6, 2, 3]), T([2, 6, 3])
    attrs = ("{lhs_spec = array<i64: 0, 1, 2>, rhs_spec = array<i64: 0, 1, 2>, "
             "out_spec = array<i64: 0, 1, 2>, window_strides = array<i64: 2>, "
             "padding = array<i64: 1, 2>, lhs_dilation = array<i64: 1>, "
             "rhs_dilation = array<i64: 2>, feature_group_count = 2 : i64, "
             "batch_group_count = 1 : i64}")
    add(Entry("conv", [x, k],
              f"%0 = jxp.conv %a0, %a1 {attrs} : ({x}, {k}) -> {y}",
              [("%0", y)], args_of(uniform(-1, 1, (2, 4, 7)),
                                   uniform(-1, 1, (6, 2, 3))),
              f'func.func @f(%a0: {x}, %a1: {k}) -> {y} {{\n'
              f'  %0 = jxp.conv %a0, %a1 '
              f'{attrs.replace("= 2 : i64", "= 4 : i64")} '
              f': ({x}, {k}) -> {y}\n  return %0 : {y}\n}}\n',
              "must equal the kernel's input features (2) times "
              "feature_group_count (4)", diff=(0, 1), linear=((0,), (1,))))
    # NWC / WIO / NWC with a dilated input (a transposed convolution) and
    # two batch groups.
    x, k, y = T([4, 5, 2]), T([2, 2, 6]), T([2, 9, 6])
    attrs = ("{lhs_spec = array<i64: 0, 2, 1>, rhs_spec = array<i64: 2, 1, 0>, "
             "out_spec = array<i64: 0, 2, 1>, window_strides = array<i64: 1>, "
             "padding = array<i64: 0, 1>, lhs_dilation = array<i64: 2>, "
             "rhs_dilation = array<i64: 1>, feature_group_count = 1 : i64, "
             "batch_group_count = 2 : i64}")
    add(Entry("conv", [x, k],
              f"%0 = jxp.conv %a0, %a1 {attrs} : ({x}, {k}) -> {y}",
              [("%0", y)], args_of(uniform(-1, 1, (4, 5, 2)),
                                   uniform(-1, 1, (2, 2, 6))),
              f'func.func @f(%a0: {x}, %a1: {k}) -> {y} {{\n'
              f'  %0 = jxp.conv %a0, %a1 {attrs.replace("0, 2, 1>, rhs", "0, 0, 1>, rhs")} '
              f': ({x}, {k}) -> {y}\n  return %0 : {y}\n}}\n',
              "lhs_spec must", diff=(0, 1), linear=((0,), (1,)),
              name="conv_batch_groups"))
    # Windows: sum is linear; max and min are not (their tangent is gathered
    # at each window's selected element), at inputs without ties.
    x8r, y8, y4 = T([8]), T([8]), T([4])
    win_sum = _window([3], [1], [1, 1])
    win_max = _window([2], [2], [0, 0])
    for kind, win, out, lin in (("sum", win_sum, y8, ((0,),)),
                                ("max", win_max, y4, ()),
                                ("min", win_max, y4, ())):
        add(Entry("reduce_window", [x8r],
                  f"%0 = jxp.reduce_window {kind} %a0 {win} : ({x8r}) -> {out}",
                  [("%0", out)], args_of(distinct((8,))),
                  f'func.func @f(%a0: {x8r}) -> {T([6])} {{\n'
                  f'  %0 = jxp.reduce_window {kind} %a0 {win} : ({x8r}) -> '
                  f'{T([6])}\n  return %0 : {T([6])}\n}}\n',
                  "result must have shape", diff=(0,), linear=lin,
                  name=f"reduce_window_{kind}"))
    # The ops of max pooling's derivative: linear in the tangent (gather)
    # and in the source (scatter); piecewise constant in the operand.
    add(Entry("select_and_gather_add", [x8r, x8r],
              f"%0 = jxp.select_and_gather_add %a0, %a1 {win_max[:-1]}, "
              f"select_max}} : ({x8r}, {x8r}) -> {y4}", [("%0", y4)],
              args_of(uniform(-1, 1, (8,)), distinct((8,))),
              f'func.func @f(%a0: {x8r}, %a1: {x8r}) -> {y8} {{\n'
              f'  %0 = jxp.select_and_gather_add %a0, %a1 {win_max} : '
              f'({x8r}, {x8r}) -> {y8}\n  return %0 : {y8}\n}}\n',
              "result must have the windowed shape", diff=(0, 1),
              linear=((0,),)))
    add(Entry("select_and_scatter_add", [y4, x8r],
              f"%0 = jxp.select_and_scatter_add %a0, %a1 {win_max[:-1]}, "
              f"select_max}} : ({y4}, {x8r}) -> {x8r}", [("%0", x8r)],
              args_of(uniform(-1, 1, (4,)), distinct((8,))),
              f'func.func @f(%a0: {y8}, %a1: {x8r}) -> {x8r} {{\n'
              f'  %0 = jxp.select_and_scatter_add %a0, %a1 {win_max} : '
              f'({y8}, {x8r}) -> {x8r}\n  return %0 : {x8r}\n}}\n',
              "source must have the windowed shape", diff=(0, 1),
              linear=((0,),)))
    # A pure callback of a registered Python function (it doubles its
    # argument), run by jxp as jax.pure_callback's calls are.
    add(_CallbackEntry(
        "host_callback", [V3],
        f"%0 = jxp.host_callback(%a0) {{callback_id = CALLBACK_ID : i64}} "
        f": ({V3}) -> {V3}", [("%0", V3)], args_of(uniform(-1, 1)),
        f'func.func @f(%a0: {V3}) -> {V3} {{\n'
        f'  %0 = jxp.host_callback(%a0) {{callback_id = 0 : i64, '
        f'has_side_effect}} : ({V3}) -> {V3}\n  return %0 : {V3}\n}}\n',
        "a callback with side effects returns nothing"))


ENTRIES = _entries()
