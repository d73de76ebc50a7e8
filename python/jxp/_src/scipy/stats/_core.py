"""jax.scipy.stats' functions of samples: mode, rankdata, sem."""

import math
import typing

import numpy as np

from jxp._src import dtypes as _dt
from jxp._src.api import jit
from jxp._src.batching import vmap
from jxp._src.lax import control_flow, lax as _lax
from jxp._src.numpy import (
    creation, lax_numpy, manipulation, reductions, sorting, ufuncs)
from jxp._src.numpy.util import _check_arraylike
from jxp._src.scipy.stats._common import promote
from jxp._src.util import canonicalize_axis


class ModeResult(typing.NamedTuple):
    mode: typing.Any
    count: typing.Any


def _nan_policy(name, nan_policy):
    if nan_policy not in ["propagate", "omit", "raise"]:
        raise ValueError(
            f"Illegal nan_policy value {nan_policy!r}; expected one of "
            "{'propagate', 'omit', 'raise'}")
    if nan_policy == "omit":
        raise NotImplementedError(
            f"Logic for `nan_policy` of {nan_policy} is not implemented")
    if nan_policy == "raise":
        raise NotImplementedError(
            f"In order to best JIT compile `{name}`, we cannot know whether "
            "`x` contains nans. Please check if nans exist in `x` outside of "
            f"the `{name}` function.")


def _default_float():
    return _dt.canonicalize(np.float64)


@jit(static_argnames=["axis", "nan_policy", "keepdims"])
def mode(a, axis=0, nan_policy="propagate", keepdims=False):
    """The most common value along `axis` and its count (the smallest of
    equally common values)."""
    _check_arraylike("mode", a)
    x = manipulation.atleast_1d(a)
    _nan_policy("mode", nan_policy)
    if axis is not None:
        axis = canonicalize_axis(axis, x.ndim)
    shape = x.shape
    if keepdims:
        out_shape = (tuple(1 for _ in shape) if axis is None else
                     tuple(1 if i == axis else s for i, s in enumerate(shape)))
    else:
        out_shape = (() if axis is None else
                     tuple(s for i, s in enumerate(shape) if i != axis))
    if axis is None:
        axis = 0
        x = x.ravel()

    def one(col):
        if col.size == 0:
            return (creation.array(np.nan, dtype=_default_float()),
                    creation.array(0, dtype=_default_float()))
        vals, counts = sorting.unique(col, return_counts=True, size=col.size)
        return vals[reductions.argmax(counts)], counts.max()

    x = manipulation.moveaxis(x, axis, 0)
    x = x.reshape(x.shape[0], math.prod(x.shape[1:]))
    vals, counts = vmap(one, in_axes=1)(x)
    return ModeResult(vals.reshape(out_shape), counts.reshape(out_shape))


def _invert_permutation(i):
    return creation.empty_like(i).at[i].set(creation.arange(i.size, dtype=i.dtype))


@jit(static_argnames=["method", "axis", "nan_policy"])
def rankdata(a, method="average", *, axis=None, nan_policy="propagate"):
    """Ranks of the data, ties resolved by `method`."""
    _check_arraylike("rankdata", a)
    _nan_policy("rankdata", nan_policy)
    if method not in ("average", "min", "max", "dense", "ordinal"):
        raise ValueError(f"unknown method '{method}'")
    if axis is not None:
        return lax_numpy.apply_along_axis(rankdata, axis, a, method)
    a = manipulation.ravel(a)
    out_dtype = _default_float()

    def ranks(a):
        arr, sorter = _lax.sort_key_val(a, creation.arange(a.size))
        inv = _invert_permutation(sorter)
        if method == "ordinal":
            return (inv + 1).astype(out_dtype)
        obs = manipulation.concatenate([creation.array([True]), arr[1:] != arr[:-1]])
        dense = obs.cumsum()[inv]
        if method == "dense":
            return dense.astype(out_dtype)
        count = sorting.nonzero(obs, size=arr.size + 1,
                            fill_value=obs.size)[0].astype(out_dtype)
        if method == "max":
            return count[dense]
        if method == "min":
            return count[dense - 1] + 1
        return .5 * (count[dense] + count[dense - 1] + 1)

    return control_flow.cond(reductions.any(ufuncs.isnan(a)),
                     lambda a: creation.full_like(a, lax_numpy.nan, out_dtype),
                     ranks, a)


# (ddof is static here: jxp.numpy's var/std take no traced ddof yet.)
@jit(static_argnames=["axis", "ddof", "nan_policy", "keepdims"])
def sem(a, axis=0, ddof=1, nan_policy="propagate", *, keepdims=False):
    """The standard error of the mean along `axis`."""
    (b,) = promote("sem", a)
    if nan_policy == "propagate":
        size = b.size if axis is None else b.shape[axis]
        return (b.std(axis, ddof=ddof, keepdims=keepdims)
                / ufuncs.sqrt(size).astype(b.dtype))
    if nan_policy == "omit":
        count = (~ufuncs.isnan(b)).sum(axis, keepdims=keepdims)
        return (reductions.nanstd(b, axis, ddof=ddof, keepdims=keepdims)
                / ufuncs.sqrt(count).astype(b.dtype))
    raise ValueError(f"{nan_policy} is not supported")
