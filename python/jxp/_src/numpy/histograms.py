"""Counting and histograms: jnp.bincount, histogram, histogram_bin_edges,
histogramdd and histogram2d, built from the other jnp functions as JAX
builds them."""

import builtins
import math
import operator

import numpy as np

from jxp._src import dtypes as _dt
from jxp._src.api import jit_library
from jxp._src.core import abstractify, Tracer
from jxp._src.errors import ConcretizationTypeError
from jxp._src.lax import scalar_casting as lax
from jxp._src.numpy import (
    creation, index_tricks, lax_numpy, manipulation, sorting, util)
from jxp._src.numpy.creation import linspace, ones_like, zeros
from jxp._src.numpy.manipulation import asarray, stack
from jxp._src.numpy.reductions import ptp, sum as _sum
from jxp._src.numpy.sorting import searchsorted
from jxp._src.numpy.ufuncs import true_divide, where as _where
from jxp._src.numpy.util import (
    _check_arraylike, _filled, _keep_weak, _promote_no_broadcast, astype)


__all__ = [
    'bincount', 'histogram', 'histogram_bin_edges', 'histogramdd',
    'histogram2d']


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


def histogramdd(sample, bins=10, range=None, weights=None,  # noqa: A002
                density=None):
    """Histogram of the (N, D) `sample`: counts (or weights) per cell and
    the D arrays of bin edges."""
    if weights is None:
        _check_arraylike("histogramdd", sample)
        sample, = _inexact(sample)
    else:
        _check_arraylike("histogramdd", sample, weights)
        if np.shape(weights) != np.shape(sample)[:1]:
            raise ValueError("should have one weight for each sample.")
        sample, weights = _inexact(sample, weights)
    n, d = sample.shape
    if range is not None and (len(range) != d or builtins.any(
            r is not None and np.shape(r)[0] != 2 for r in range)):
        raise ValueError(f"For sample.shape={(n, d)}, range must be a "
                         f"sequence of {d} pairs or Nones; got range={range}")
    try:
        per_dim = list(bins)
    except TypeError:
        per_dim = [bins] * d
    else:
        if len(per_dim) != d:
            raise ValueError("should be a bin for each dimension.")
    idx, edges = [], []
    for i in builtins.range(d):
        col = sample[:, i]
        e = histogram_bin_edges(col, per_dim[i],
                                    None if range is None else range[i],
                                    weights)
        # Bin k holds [e[k-1], e[k]); the last edge belongs to the last bin.
        k = sorting.searchsorted(e, col, side="right")
        k = sorting.where(col == e[-1], k - 1, k)
        idx.append(k)
        edges.append(e)
    # One outlier bin at each end of every dimension, dropped at the end.
    cells = tuple(e.shape[0] + 1 for e in edges)
    flat = index_tricks.ravel_multi_index(tuple(idx), cells, mode="clip")
    hist = bincount(flat, weights, length=math.prod(cells))
    hist = hist.reshape(cells)[(builtins.slice(1, -1),) * d]
    if density:
        hist = hist.astype(sample.dtype)
        hist = hist / hist.sum()
        for width in index_tricks.ix_(*[lax_numpy.diff(e) for e in edges]):
            hist = hist / width
    return hist, edges


def histogram2d(x, y, bins=10, range=None, weights=None,  # noqa: A002
                density=None):
    """Histogram of the points (x[i], y[i]): counts and both edge arrays."""
    _check_arraylike("histogram2d", x, y)
    try:
        count = len(bins)
    except TypeError:
        count = 1
    if count not in (1, 2):
        edges = util.asarray(bins)
        bins = [edges, edges]
    sample = manipulation.transpose(creation.asarray([x, y]))
    hist, edges = histogramdd(sample, bins, range, weights, density)
    return hist, edges[0], edges[1]
