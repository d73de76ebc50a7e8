"""Selection, counting and histograms: jnp.select, bincount, histogram,
histogram_bin_edges, partition and argpartition, built from the other jnp
functions as JAX builds them."""

import operator

import numpy as np

from jxp._src.lax import lax as _lax
from jxp._src.lax import scalar_casting as lax
from .._src import dtypes as _dt
from .._src.api import jit_library
from .._src.core import Tracer, abstractify
from .._src.errors import ConcretizationTypeError
from ._creation import linspace, ones_like, zeros
from ._reductions import argmax, ptp, sum as _sum
from ._shape import _canon_axis, broadcast_arrays, stack, swapaxes
from ._sorting import searchsorted
from ._ufuncs import true_divide, where as _where
from ._util import (
    _check_arraylike, _filled, _keep_weak, _promote_no_broadcast, astype)
from ._shape import asarray  # noqa: E402

__all__ = ['select', 'bincount', 'histogram', 'histogram_bin_edges',
           'partition', 'argpartition']


def _concrete(x, context):
    if isinstance(x, Tracer):
        raise ConcretizationTypeError(x, context + "\n")
    return x


def _inexact(*args):
    """args promoted together, then to an inexact dtype (JAX's
    promote_dtypes_inexact)."""
    args = _promote_no_broadcast("promote", *args)
    av = abstractify(args[0])
    if _dt.is_inexact(av.dtype):
        return args
    dtype = _dt.to_inexact_dtype(av.dtype)
    return [_keep_weak(astype(a, dtype), av.weak_type) for a in args]


# --- select ------------------------------------------------------------------


@jit_library
def _select(condlist, choicelist, default):
    # The default goes first, under a condition that never holds: argmax of
    # all-false conditions is 0.
    choices = _promote_no_broadcast("select", default, *choicelist)
    conds = stack(broadcast_arrays(False, *condlist))
    idx = argmax(astype(conds, bool), axis=0)
    return _lax.select_n(*broadcast_arrays(idx, *choices))


def select(condlist, choicelist, default=0):
    if len(condlist) != len(choicelist):
        raise ValueError(f"condlist must have length equal to choicelist "
                         f"({len(condlist)} vs {len(choicelist)})")
    if len(condlist) == 0:
        raise ValueError("condlist must be non-empty")
    _check_arraylike("select", *condlist, *choicelist, default)
    return _select([asarray(c) for c in condlist],
                   [asarray(c) for c in choicelist], asarray(default))


# --- bincount ----------------------------------------------------------------


def bincount(x, weights=None, minlength=0, *, length=None):
    _check_arraylike("bincount", x)
    x = asarray(x)
    xv = abstractify(x)
    if xv.dtype == _dt.bool_:
        x = lax.convert_element_type(x, np.int32)
        xv = abstractify(x)
    if not _dt.is_int(xv.dtype):
        raise TypeError(f"x argument to bincount must have an integer type; "
                        f"got {xv.dtype}")
    if xv.ndim != 1:
        raise ValueError("only 1-dimensional input supported.")
    minlength = operator.index(_concrete(
        minlength, "The error occurred because of argument 'minlength' of "
                   "jnp.bincount."))
    if length is None:
        x_host = np.asarray(_concrete(
            x, "The error occurred because of argument 'x' of jnp.bincount. "
               "To avoid this error, pass a static `length` argument."))
        length = max(minlength, x_host.size and int(max(0, x_host.max())) + 1)
    else:
        length = operator.index(_concrete(
            length, "The error occurred because of argument 'length' of "
                    "jnp.bincount."))
    if weights is None:
        weights = np.array(1, _dt.default_int())
    else:
        _check_arraylike("bincount", weights)
        weights = asarray(weights)
        wv = abstractify(weights)
        if wv.shape != xv.shape:
            raise ValueError(
                f"type of weights must match type of x. Got "
                f"typeof(x)={xv.str_short()} and "
                f"typeof(weights)={wv.str_short()}")
    return _bincount(x, weights, length)


@jit_library(static_argnums=(2,))
def _bincount(x, weights, length):
    dtype = abstractify(weights).dtype
    idx = lax.max(x, _filled(x, 0))
    return zeros(length, dtype).at[idx].add(weights, mode="drop")


# --- histograms --------------------------------------------------------------


def histogram_bin_edges(a, bins=10, range=None, weights=None):  # noqa: A002
    if isinstance(bins, str):
        raise NotImplementedError("string values for `bins` not implemented.")
    _check_arraylike("histogram_bin_edges", a, bins)
    a = asarray(a)
    dtype = _dt.to_inexact_dtype(abstractify(a).dtype)
    if np.ndim(bins) == 1:
        return asarray(bins, dtype=dtype)
    nbins = operator.index(_concrete(
        bins, "The problem arose with the `operator.index` function. The "
              "error occurred while tracing the function histogram_bin_edges "
              "for bins argument of histogram_bin_edges"))
    if range is None:
        range = [a.min(), a.max()]  # noqa: A001
    range = asarray(stack([asarray(r) for r in range]) if isinstance(  # noqa: A001
        range, (list, tuple)) else range, dtype=dtype)
    if np.shape(range) != (2,):
        raise ValueError(f"`range` must be either None or a sequence of "
                         f"scalars, got {range}")
    flat = ptp(range) == 0
    lo = _where(flat, range[0] - 0.5, range[0])
    hi = _where(flat, range[1] + 0.5, range[1])
    return linspace(lo, hi, nbins + 1, dtype=dtype)


def histogram(a, bins=10, range=None, weights=None, density=None):  # noqa: A002
    if isinstance(bins, str):
        # JAX checks its arguments are arrays before histogram_bin_edges
        # refuses string bins.
        raise TypeError(f"asarray: expected ArrayLike, got {bins} of type "
                        f"{type(bins)}.")
    if weights is None:
        _check_arraylike("histogram", a, bins)
        a, = _inexact(asarray(a))
        weights = ones_like(a)
    else:
        _check_arraylike("histogram", a, bins, weights)
        a, weights = asarray(a), asarray(weights)
        if np.shape(a) != np.shape(weights):
            raise ValueError("weights should have the same shape as a.")
        a, weights = _inexact(a, weights)
    edges = histogram_bin_edges(a, bins, range, weights)
    n = abstractify(edges).shape[0]
    idx = searchsorted(edges, a, side="right")
    idx = _where(a == edges[-1], n - 1, idx)
    counts = zeros(n, abstractify(weights).dtype).at[idx].add(weights)[1:]
    if density:
        widths = edges[1:] - edges[:-1]
        counts = true_divide(true_divide(counts, widths), _sum(counts))
    return counts, edges


# --- partition ---------------------------------------------------------------


def _partition_args(name, a, kth, axis):
    _check_arraylike("partition", a)
    a = asarray(a)
    av = abstractify(a)
    if _dt.is_complex(av.dtype):
        raise NotImplementedError(f"jnp.{name} for complex dtype is not "
                                  f"implemented.")
    axis = _canon_axis(axis, av.ndim)
    kth = _canon_axis(kth, av.shape[axis])
    return swapaxes(a, axis, -1), kth, axis


def _negated(a):
    """A key whose top_k is a's bottom_k (unsigned: -(a + 1), as JAX, so
    that 0 does not wrap to itself)."""
    if _dt.is_unsigned(abstractify(a).dtype):
        return -(a + 1)
    return -a


def partition(a, kth, axis=-1):
    a, kth, axis = _partition_args("partition", a, kth, axis)
    n = abstractify(a).shape[-1]
    bottom = -_lax.top_k(_negated(a), kth + 1)[0]
    if _dt.is_unsigned(abstractify(a).dtype):
        bottom = bottom - 1
    top = _lax.top_k(a, n - kth - 1)[0]
    out = _lax.concatenate([bottom, top], abstractify(a).ndim - 1)
    return swapaxes(out, -1, axis)


def argpartition(a, kth, axis=-1):
    a, kth, axis = _partition_args("argpartition", a, kth, axis)
    av = abstractify(a)
    n = av.shape[-1]
    bottom = _lax.top_k(_negated(a), kth + 1)[1]
    # The other indices, ascending: top_k of ones with the bottom ones
    # zeroed picks them lowest index first.
    picked = _sum(lax.eq(lax.broadcasted_iota(np.int32, av.shape + (kth + 1,),
                                              av.ndim - 1),
                         lax.broadcast_in_dim(bottom, av.shape + (kth + 1,),
                                              tuple(range(av.ndim - 1))
                                              + (av.ndim,))),
                  axis=-1, dtype=bool)
    proxy = _where(picked, 0.0, 1.0).astype(np.float32)
    top = _lax.top_k(proxy, n - kth - 1)[1]
    out = _lax.concatenate([bottom, top], av.ndim - 1)
    return swapaxes(out, -1, axis)
