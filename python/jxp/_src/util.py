"""Small helpers several layers share, one of each: axis canonicalization
and the MLIR integer attributes the primitives and collectives emit. It
imports nothing of jxp, so every module may use it."""

import operator

from jaxlib.mlir import ir


def canonicalize_axis(axis, num_dims):
    """`axis` in [-num_dims, num_dims) as a non-negative int, as JAX's
    canonicalize_axis: ValueError outside, TypeError for a non-integer."""
    axis = operator.index(axis)
    if not -num_dims <= axis < num_dims:
        raise ValueError(f"axis {axis} is out of bounds for array of "
                         f"dimension {num_dims}")
    return axis % num_dims


def i64_attr(value):
    """A signless 64-bit integer attribute."""
    return ir.IntegerAttr.get(ir.IntegerType.get_signless(64), int(value))


def i32_attr(value):
    """A signless 32-bit integer attribute."""
    return ir.IntegerAttr.get(ir.IntegerType.get_signless(32), int(value))


def dense_i64_attr(values):
    """A DenseI64ArrayAttr of `values`."""
    return ir.DenseI64ArrayAttr.get([int(v) for v in values])
