"""Reductions and scans."""

import builtins
import operator

import numpy as np

from jxp._src import dtypes as _dt
from jxp._src.core import abstractify, Tracer
from jxp._src.errors import ConcretizationTypeError
from jxp._src.lax import scalar_casting as lax, slicing
from jxp._src.numpy.manipulation import (
    _canon_axes, _const as _constant, asarray, ravel)
from jxp._src.numpy.ufuncs import multiply, true_divide, where as _where
from jxp._src.numpy.util import (
    _check_arraylike, _expand, _filled, _keep_weak, _promote_no_broadcast,
    astype, broadcast_to)
from jxp._src.util import canonicalize_axis





__all__ = [
    'sum', 'prod', 'max', 'amax', 'min', 'amin', 'all', 'any', 'mean',
    'var', 'std', 'argmax', 'argmin', 'nanargmax', 'nanargmin', 'cumsum',
    'cumprod', 'nancumsum', 'nancumprod', 'nansum', 'nanprod', 'nanmax',
    'nanmin', 'nanmean', 'nanvar', 'nanstd', 'median', 'average', 'ptp',
    'count_nonzero', 'quantile', 'nanquantile', 'percentile',
    'nanpercentile', 'nanmedian']


# --- helpers -----------------------------------------------------------------


def _arg(name, a):
    """An array argument; lists and tuples are refused, as in JAX."""
    _check_arraylike(name, a)
    return asarray(a)


def _where_arg(name, where):
    if where is None:
        return None
    _check_arraylike(name, where)
    where = asarray(where)
    if abstractify(where).dtype != _dt.bool_:
        raise ValueError(f"jnp.{name}: where must be None or a boolean array; "
                         f"got where.dtype={abstractify(where).dtype}.")
    return where


def _promote_integer_dtype(dtype):
    if dtype == _dt.bool_:
        return _dt.default_int()
    if _dt.is_unsigned(dtype):
        return _dt.uint64 if _dt.x64() else (
            _dt.uint32 if dtype.itemsize < 4 else dtype)
    if _dt.is_int(dtype):
        di = _dt.default_int()
        return di if dtype.itemsize < di.itemsize else dtype
    return dtype


def _upcast_f16(dtype):
    return _dt.float32 if dtype in (_dt.float16, _dt.bfloat16) else dtype


def _init_value(dtype, value):
    """A reduction's identity in `dtype` (JAX's _reduction_init_val)."""
    if dtype == _dt.bool_:
        return np.array(value > 0, dtype)
    try:
        with np.errstate(all="raise"):
            return np.array(value, dtype)
    except (OverflowError, FloatingPointError):
        info = np.iinfo(dtype)
        return np.array(info.min if np.sign(value) < 0 else info.max, dtype)


def _convert(x, dtype):
    a = abstractify(x)
    if a.dtype == dtype:
        return x
    return lax.convert_element_type(x, dtype)


def _is_nan(x):
    return lax.ne(x, x)


# (reduce kind, elementwise op) for each reduction, by bool-ness
_OPS = {
    "sum": ("sum", lax.add), "prod": ("prod", lax.mul),
    "max": ("max", lax.max), "min": ("min", lax.min),
    "and": ("and", lax.bitwise_and), "or": ("or", lax.bitwise_or),
    "xor": ("xor", lax.bitwise_xor),
}
_BOOL_OPS = {"sum": "or", "prod": "and", "max": "or", "min": "and",
             "and": "and", "or": "or", "xor": "xor"}


def _reduction(name, a, kind, init, *, has_identity=True, numeric=False,
               to_bool=False, upcast_f16=False, axis=None, dtype=None,
               out=None, keepdims=False, initial=None, where=None,
               promote_integers=False, require_int=False):
    if out is not None:
        raise NotImplementedError(f"The 'out' argument to jnp.{name} is not "
                                  f"supported.")
    a = _arg(name, a)
    where = _where_arg(name, where)
    if isinstance(axis, Tracer):
        raise ConcretizationTypeError(axis, f"axis argument to jnp.{name}().\n")
    if initial is None and not has_identity and where is not None:
        raise ValueError(f"reduction operation {name} does not have an "
                         f"identity, so to use a where mask one has to specify "
                         f"'initial'")
    if require_int:  # the bitwise ufuncs' reduce
        dt = abstractify(a).dtype
        if not (dt == _dt.bool_ or _dt.is_int(dt)):
            raise ValueError(f"integer argument required; got dtype={dt}")
    if to_bool:
        a = _convert(a, _dt.bool_)
    if numeric and abstractify(a).dtype == _dt.bool_:
        a = _convert(a, _dt.default_int())
    av = abstractify(a)
    dims = _canon_axes(axis, av.ndim)
    if initial is None and not has_identity:
        if not builtins.all(av.shape[d] >= 1 for d in dims):
            raise ValueError(f"zero-size array to reduction operation {name} "
                             f"which has no identity")
    if dtype is None:
        result_dtype = av.dtype
        if promote_integers:
            result_dtype = _promote_integer_dtype(result_dtype)
    else:
        result_dtype = _dt.canonicalize(dtype)
    comp = (_upcast_f16(result_dtype) if upcast_f16 and
            _dt.is_inexact(result_dtype) else result_dtype)
    a = _convert(a, comp)
    if comp == _dt.bool_:
        kind = _BOOL_OPS[kind]
    reduce_kind, op = _OPS[kind]
    if where is not None:
        init_val = _init_value(comp, init)
        a = lax.select(broadcast_to(where, av.shape), a,
                       lax.broadcast_in_dim(_constant(init_val, comp),
                                            av.shape, ()))
    result = getattr(lax, f"reduce_{reduce_kind}")(a, dims)
    if initial is not None:
        _check_arraylike(name, initial)
        init_arr = astype(initial, comp)
        if abstractify(init_arr).shape != ():
            raise ValueError(f"initial value must be a scalar. Got array of "
                             f"shape {abstractify(init_arr).shape}")
        init_arr = _keep_weak(init_arr, abstractify(result).weak_type)
        result = op(lax.broadcast_in_dim(init_arr, abstractify(result).shape,
                                         ()), result)
    if keepdims:
        result = _expand(result, dims)
    return _keep_weak(_convert(result, result_dtype if dtype is None
                               else _dt.canonicalize(dtype)), False)


# --- basic reductions --------------------------------------------------------


def sum(a, axis=None, dtype=None, out=None, keepdims=False, initial=None,  # noqa: A001
        where=None, promote_integers=True):
    return _reduction("sum", a, "sum", 0, numeric=True,
                      upcast_f16=dtype is None, axis=axis, dtype=dtype,
                      out=out, keepdims=keepdims, initial=initial, where=where,
                      promote_integers=promote_integers)


def prod(a, axis=None, dtype=None, out=None, keepdims=False, initial=None,
         where=None, promote_integers=True):
    return _reduction("prod", a, "prod", 1, numeric=True,
                      upcast_f16=dtype is None, axis=axis, dtype=dtype,
                      out=out, keepdims=keepdims, initial=initial, where=where,
                      promote_integers=promote_integers)


def max(a, axis=None, out=None, keepdims=False, initial=None, where=None):  # noqa: A001
    return _reduction("max", a, "max", -np.inf, has_identity=False, axis=axis,
                      out=out, keepdims=keepdims, initial=initial, where=where)


def min(a, axis=None, out=None, keepdims=False, initial=None, where=None):  # noqa: A001
    return _reduction("min", a, "min", np.inf, has_identity=False, axis=axis,
                      out=out, keepdims=keepdims, initial=initial, where=where)


def amax(a, axis=None, out=None, keepdims=False, initial=None, where=None):
    return max(a, axis, out, keepdims, initial, where)


def amin(a, axis=None, out=None, keepdims=False, initial=None, where=None):
    return min(a, axis, out, keepdims, initial, where)


def all(a, axis=None, out=None, keepdims=False, *, where=None):  # noqa: A001
    return _reduction("all", a, "and", True, to_bool=True, axis=axis, out=out,
                      keepdims=keepdims, where=where)


def any(a, axis=None, out=None, keepdims=False, *, where=None):  # noqa: A001
    return _reduction("any", a, "or", False, to_bool=True, axis=axis, out=out,
                      keepdims=keepdims, where=where)


def _axis_size(shape, axis):
    if axis is None:
        return int(np.prod(shape, dtype=np.int64))
    axes = _canon_axes(axis, len(shape))
    return int(np.prod([shape[i] for i in axes], dtype=np.int64))


def _index_axes(axis, ndim):
    """As JAX's mean and var count elements without `where`: each axis
    indexes the shape tuple first, so one out of range is an IndexError
    (before the sum's ValueError)."""
    if axis is None:
        return
    for i in (axis if isinstance(axis, (tuple, list)) else (axis,)):
        if isinstance(i, (int, np.integer)) and not -ndim <= i < ndim:
            raise IndexError("tuple index out of range")


def _count(a, axis, keepdims, where, dtype):
    av = abstractify(a)
    if where is None:
        return _constant(_axis_size(av.shape, axis), dtype)
    return sum(broadcast_to(where, av.shape), axis, dtype=dtype,
               keepdims=keepdims)


def _to_inexact(dtype):
    return _dt.to_inexact_dtype(dtype)


def _div(x, y):
    """lax.div with y (scalar or same-shaped) broadcast to x."""
    xs, ys = abstractify(x).shape, abstractify(y).shape
    if ys != xs:
        y = lax.broadcast_in_dim(y, xs, tuple(range(len(xs) - len(ys), len(xs)))) \
            if ys else lax.broadcast_in_dim(y, xs, ())
    return lax.div(x, y)


def mean(a, axis=None, dtype=None, out=None, keepdims=False, *, where=None):
    if out is not None:
        raise NotImplementedError("The 'out' argument to jnp.mean is not "
                                  "supported.")
    a = _arg('mean', a)
    where = _where_arg("mean", where)
    av = abstractify(a)
    result_dtype = (_to_inexact(av.dtype) if dtype is None
                    else _dt.canonicalize(dtype))
    comp = (_upcast_f16(result_dtype) if dtype is None
            and _dt.is_inexact(result_dtype) else result_dtype)
    if where is None:
        _index_axes(axis, av.ndim)
    _canon_axes(axis, av.ndim)
    normalizer = _count(a, axis, keepdims, where, comp)
    s = sum(a, axis, dtype=comp, keepdims=keepdims, where=where)
    return _keep_weak(_convert(_div(s, normalizer), result_dtype), False)


def _var_promote_types(a_dtype, dtype):
    if dtype is not None:
        if _dt.is_complex(a_dtype) and not _dt.is_complex(dtype):
            raise ValueError(
                "jax.numpy.var does not yet support real dtype parameters "
                "when computing the variance of an array of complex values.")
        comp = dtype
    elif not _dt.is_inexact(a_dtype):
        dtype = comp = _to_inexact(a_dtype)
    else:
        # The variance of complex numbers is real (JAX's rule).
        comp, dtype = a_dtype, np.zeros((), a_dtype).real.dtype
    return _upcast_f16(comp), dtype


def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *,
        where=None, mean=None, correction=None):
    if correction is None:
        correction = ddof
    elif not isinstance(ddof, int) or ddof != 0:
        raise ValueError("ddof and correction can't be provided "
                         "simultaneously.")
    if out is not None:
        raise NotImplementedError("The 'out' argument to jnp.var is not "
                                  "supported.")
    a = _arg('var', a)
    where = _where_arg("var", where)
    dtype = None if dtype is None else _dt.canonicalize(dtype)
    comp, dtype = _var_promote_types(abstractify(a).dtype, dtype)
    a = _convert(a, comp)
    av = abstractify(a)
    if where is None:
        _index_axes(axis, av.ndim)
    dims = _canon_axes(axis, av.ndim)
    if mean is None:
        a_mean = globals()["mean"](a, axis, dtype=comp, keepdims=True,
                                   where=where)
    else:
        a_mean = _convert(asarray(mean), comp)
    a_mean = _keep_weak(a_mean, av.weak_type)
    centered = lax.sub(a, broadcast_to(a_mean, av.shape))
    if _dt.is_complex(comp):
        # |x - mean|^2, real: the sum and the count below are real too.
        centered = lax.real(lax.mul(centered, lax.conj(centered)))
        comp = abstractify(centered).dtype
    else:
        centered = lax.mul(centered, centered)
    normalizer = _count(a, axis, keepdims, where, comp)
    normalizer = lax.sub(normalizer, _filled(normalizer, correction))
    result = sum(centered, dims, dtype=comp, keepdims=keepdims, where=where)
    result = _keep_weak(_convert(_div(result, normalizer), dtype), False)
    ok = lax.gt(normalizer, _filled(normalizer, 0))
    ok = broadcast_to(ok, abstractify(result).shape)
    return _where(ok, result, np.nan)


def std(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *,
        where=None, mean=None, correction=None):
    if dtype is not None:
        dtype = _dt.canonicalize(dtype)
        if not _dt.is_inexact(dtype):
            raise ValueError(f"dtype argument to jnp.std must be inexact; got "
                             f"{dtype}")
    if out is not None:
        raise NotImplementedError("The 'out' argument to jnp.std is not "
                                  "supported.")
    return lax.sqrt(var(a, axis, dtype, None, ddof, keepdims, where=where,
                        mean=mean, correction=correction))


def ptp(a, axis=None, out=None, keepdims=False):
    if out is not None:
        raise NotImplementedError("The 'out' argument to jnp.ptp is not "
                                  "supported.")
    a = _arg('ptp', a)
    x = max(a, axis=axis, keepdims=keepdims)
    y = min(a, axis=axis, keepdims=keepdims)
    return lax.sub(x, y)


def count_nonzero(a, axis=None, keepdims=False):
    a = _arg('count_nonzero', a)
    av = abstractify(a)
    nz = lax.ne(a, lax.broadcast_in_dim(_constant(0, av.dtype), av.shape, ()))
    return sum(nz, axis=axis, dtype=_dt.default_int(), keepdims=keepdims)


def average(a, axis=None, weights=None, returned=False, keepdims=False):
    a = _arg('average', a)
    n = abstractify(a).ndim
    axis_tuple = _canon_axes(axis, n)
    if weights is None:
        if not _dt.is_inexact(abstractify(a).dtype):
            a = _convert(a, _to_inexact(abstractify(a).dtype))
        avg = mean(a, axis=axis, keepdims=keepdims)
        weights_sum = _constant(_axis_size(abstractify(a).shape, axis),
                                abstractify(avg).dtype)
    else:
        _check_arraylike("average", weights)
        weights = asarray(weights)
        a, weights = _promote_no_broadcast("average", a, weights)
        if not _dt.is_inexact(abstractify(a).dtype):
            inexact = _to_inexact(abstractify(a).dtype)
            a = _convert(a, inexact)
            weights = _convert(weights, inexact)
        ash, wsh = abstractify(a).shape, abstractify(weights).shape
        if ash != wsh:
            if axis is None:
                raise ValueError("Axis must be specified when shapes of a and "
                                 "weights differ.")
            if wsh != tuple(ash[ax] for ax in axis_tuple):
                raise ValueError("Shape of weights must be consistent with "
                                 "shape of a along specified axis.")
            new_shape = tuple(d if i in axis_tuple else 1
                              for i, d in enumerate(ash))
            weights = lax.reshape(lax.transpose(
                weights, tuple(np.argsort(axis_tuple))), new_shape)
        weights_sum = sum(weights, axis=axis, keepdims=keepdims)
        avg = true_divide(sum(multiply(a, weights), axis=axis,
                              keepdims=keepdims), weights_sum)
    if returned:
        if abstractify(avg).shape != abstractify(weights_sum).shape:
            weights_sum = broadcast_to(weights_sum, abstractify(avg).shape)
        return avg, weights_sum
    return avg


# --- arg reductions -----------------------------------------------------------


def _arg_reduce(name, prim, a, axis, out, keepdims):
    if out is not None:
        raise NotImplementedError(f"The 'out' argument to jnp.{name} is not "
                                  f"supported.")
    a = _arg(name, a)
    keepdims = bool(keepdims)
    n_in = abstractify(a).ndim
    if axis is None:
        dims = list(range(n_in))
        a = ravel(a)
        axis = 0
    else:
        axis = operator.index(axis)
        dims = [axis]
    if abstractify(a).shape[axis] == 0:
        raise ValueError(f"attempt to get {name} of an empty sequence")
    n = abstractify(a).ndim
    result = prim(a, canonicalize_axis(axis, n), _dt.default_int())
    if keepdims:
        result = _expand(result, [canonicalize_axis(d, n_in) for d in dims])
    return result


def argmax(a, axis=None, out=None, keepdims=None):
    return _arg_reduce("argmax", lax.argmax, a, axis, out, keepdims)


def argmin(a, axis=None, out=None, keepdims=None):
    return _arg_reduce("argmin", lax.argmin, a, axis, out, keepdims)


def _nan_arg(name, fn, fill, a, axis, out, keepdims):
    if out is not None:
        raise NotImplementedError(f"The 'out' argument to jnp.{name} is not "
                                  f"supported.")
    a = _arg(name, a)
    if not _dt.is_inexact(abstractify(a).dtype):
        return fn(a, axis=axis, keepdims=keepdims)
    nan = _is_nan(a)
    a = lax.select(nan, _filled(a, fill), a)
    res = fn(a, axis=axis, keepdims=keepdims)
    all_nan = all(nan, axis=axis, keepdims=bool(keepdims))
    return lax.select(all_nan, _filled(res, -1), res)


def nanargmax(a, axis=None, out=None, keepdims=None):
    return _nan_arg("nanargmax", argmax, -np.inf, a, axis, out, keepdims)


def nanargmin(a, axis=None, out=None, keepdims=None):
    return _nan_arg("nanargmin", argmin, np.inf, a, axis, out, keepdims)


# --- nan-ignoring reductions ---------------------------------------------------


def _nan_reduction(name, fn, init, nan_if_all_nan, a, axis=None, keepdims=False,
                   where=None, out=None, **kwargs):
    if out is not None:
        raise NotImplementedError(f"The 'out' argument to jnp.{name} is not "
                                  f"supported.")
    a = _arg(name, a)
    where = _where_arg(name, where)
    av = abstractify(a)
    if not _dt.is_inexact(av.dtype):
        return fn(a, axis=axis, keepdims=keepdims, where=where, **kwargs)
    fill = lax.broadcast_in_dim(_constant(_init_value(av.dtype, init),
                                          av.dtype), av.shape, ())
    out = fn(lax.select(_is_nan(a), _keep_weak(fill, av.weak_type), a),
             axis=axis, keepdims=keepdims, where=where, **kwargs)
    if nan_if_all_nan:
        all_nan = all(_is_nan(a), axis=axis, keepdims=keepdims)
        oa = abstractify(out)
        return lax.select(all_nan, lax.broadcast_in_dim(
            _constant(np.nan, oa.dtype), oa.shape, ()), out)
    return out


def nanmin(a, axis=None, out=None, keepdims=False, initial=None, where=None):
    return _nan_reduction("nanmin", min, np.inf, initial is None, a, axis,
                          keepdims, where, out, initial=initial)


def nanmax(a, axis=None, out=None, keepdims=False, initial=None, where=None):
    return _nan_reduction("nanmax", max, -np.inf, initial is None, a, axis,
                          keepdims, where, out, initial=initial)


def nansum(a, axis=None, dtype=None, out=None, keepdims=False, initial=None,
           where=None):
    return _nan_reduction("nansum", sum, 0, False, a, axis, keepdims, where,
                          out, dtype=dtype, initial=initial)


def nanprod(a, axis=None, dtype=None, out=None, keepdims=False, initial=None,
            where=None):
    return _nan_reduction("nanprod", prod, 1, False, a, axis, keepdims, where,
                          out, dtype=dtype, initial=initial)


def nanmean(a, axis=None, dtype=None, out=None, keepdims=False, where=None):
    if out is not None:
        raise NotImplementedError("The 'out' argument to jnp.nanmean is not "
                                  "supported.")
    a = _arg('nanmean', a)
    where = _where_arg("nanmean", where)
    av = abstractify(a)
    if not _dt.is_inexact(av.dtype):
        return mean(a, axis, dtype, None, keepdims, where=where)
    dtype = _to_inexact(av.dtype) if dtype is None else _dt.canonicalize(dtype)
    normalizer = sum(lax.bitwise_not(_is_nan(a)), axis=axis, dtype=dtype,
                     keepdims=keepdims, where=where)
    return _div(nansum(a, axis, dtype=dtype, keepdims=keepdims, where=where),
                normalizer)


def nanvar(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False,
           where=None, mean=None):
    if out is not None:
        raise NotImplementedError("The 'out' argument to jnp.nanvar is not "
                                  "supported.")
    a = _arg('nanvar', a)
    where = _where_arg("nanvar", where)
    dtype = None if dtype is None else _dt.canonicalize(dtype)
    comp, dtype = _var_promote_types(abstractify(a).dtype, dtype)
    a = _keep_weak(_convert(a, comp), False)
    av = abstractify(a)
    if mean is None:
        a_mean = nanmean(a, axis, dtype=comp, keepdims=True, where=where)
    else:
        a_mean = _keep_weak(_convert(asarray(mean), comp), False)
    centered = lax.sub(a, broadcast_to(a_mean, av.shape))
    centered = lax.select(_is_nan(a), _filled(centered, 0), centered)
    if _dt.is_complex(av.dtype):
        # |x - mean|^2, real (as var).
        centered = lax.real(lax.mul(centered, lax.conj(centered)))
    else:
        centered = lax.mul(centered, centered)
    normalizer = sum(lax.bitwise_not(_is_nan(a)), axis=axis,
                     keepdims=keepdims, where=where)
    normalizer = lax.sub(normalizer, _filled(normalizer, ddof))
    bad = lax.le(normalizer, _filled(normalizer, 0))
    result = sum(centered, axis, keepdims=keepdims, where=where)
    result = lax.select(bad, _filled(result, np.nan), result)
    divisor = lax.select(bad, _filled(normalizer, 1), normalizer)
    result = _div(result, _convert(divisor, abstractify(result).dtype))
    return _keep_weak(_convert(result, dtype), False)


def nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False,
           where=None, mean=None):
    if out is not None:
        raise NotImplementedError("The 'out' argument to jnp.nanstd is not "
                                  "supported.")
    return lax.sqrt(nanvar(a, axis, dtype, None, ddof, keepdims, where=where,
                           mean=mean))


# --- scans --------------------------------------------------------------------


def _cumulative(name, scan, a, axis, dtype, out, fill_nan=False, fill=0):
    if out is not None:
        raise NotImplementedError(f"The 'out' argument to jnp.{name} is not "
                                  f"supported")
    scalar = np.isscalar(a) or isinstance(a, (int, float, complex, bool))
    a = _arg(name, a)
    av = abstractify(a)
    # JAX ravels scalars first, and a weakly typed 0-d array counts as one
    # (so axis=0 is valid for it, not for a strong 0-d array).
    scalar = scalar or (av.ndim == 0 and av.weak_type)
    if axis is None or scalar:
        a = lax.reshape(a, (av.size,))
    if axis is None:
        axis = 0
    av = abstractify(a)
    axis = canonicalize_axis(axis, av.ndim)
    if fill_nan and _dt.is_inexact(av.dtype):
        a = lax.select(_is_nan(a), _keep_weak(_filled(a, fill), av.weak_type), a)
    if dtype is None:
        result = (_promote_integer_dtype(av.dtype) if av.dtype == _dt.bool_
                  else av.dtype)
        comp = result
    elif _dt.canonicalize(dtype) == _dt.bool_:
        result = _dt.bool_
        if av.dtype != _dt.bool_:
            a = lax.ne(a, _keep_weak(_filled(a, 0), av.weak_type))
        comp = _promote_integer_dtype(result)
    else:
        result = comp = _dt.canonicalize(dtype)
    a = _convert(a, comp)
    return _keep_weak(_convert(scan(a, axis), result), False)


def cumsum(a, axis=None, dtype=None, out=None):
    return _cumulative("cumsum", lax.cumsum, a, axis, dtype, out)


def cumprod(a, axis=None, dtype=None, out=None):
    return _cumulative("cumprod", lax.cumprod, a, axis, dtype, out)


def nancumsum(a, axis=None, dtype=None, out=None):
    return _cumulative("nancumsum", lax.cumsum, a, axis, dtype, out, True, 0)


def nancumprod(a, axis=None, dtype=None, out=None):
    return _cumulative("nancumprod", lax.cumprod, a, axis, dtype, out, True, 1)


# --- order statistics -------------------------------------------------------


_QUANTILE_METHODS = ("linear", "lower", "higher", "midpoint", "nearest")


def _gather_last(a, idx):
    """a[..., idx] elementwise: `a` has shape R + (n,), `idx` (integers) has
    shape Q + R; the result has shape Q + R (a gather of single elements, so
    its transpose is JAX's scatter-add)."""
    r_shape = abstractify(a).shape[:-1]
    i_shape = abstractify(idx).shape
    q_nd = len(i_shape) - len(r_shape)
    it = abstractify(idx).dtype
    coords = [lax.broadcasted_iota(it, i_shape, q_nd + d)
              for d in range(len(r_shape))] + [idx]
    coords = lax.concatenate(
        [lax.reshape(c, i_shape + (1,)) for c in coords], len(i_shape))
    nd = len(r_shape) + 1
    dnums = slicing.GatherDimensionNumbers(
        offset_dims=(), collapsed_slice_dims=tuple(range(nd)),
        start_index_map=tuple(range(nd)))
    return slicing.gather(a, coords, dnums, (1,) * nd, mode="clip")


def _quantile(name, a, q, axis, method, keepdims, squash_nans, out,
              overwrite_input):
    """JAX's quantile family: q (rank <= 1) of `a` over `axis`, NaNs
    propagated (or ignored when squash_nans), by one of the interpolation
    methods; the result has a's (inexact) dtype."""
    _check_arraylike(name, a, q)
    if overwrite_input or out is not None:
        raise ValueError(f"jax.numpy.{name} does not support "
                         f"overwrite_input=True or out != None")
    if method not in _QUANTILE_METHODS + ("inverted_cdf",):
        raise ValueError("method can only be 'linear', 'lower', 'higher', "
                         "'midpoint', 'nearest' or 'inverted_cdf'")
    if method == "inverted_cdf":
        raise NotImplementedError(f"jnp.{name}: method 'inverted_cdf' is not "
                                  f"implemented in jxp.")
    a, q = asarray(a), asarray(q)
    av = abstractify(a)
    if not _dt.is_inexact(av.dtype):
        a = _convert(a, _to_inexact(av.dtype))
        av = abstractify(a)
    if _dt.is_complex(av.dtype):
        raise ValueError("quantile does not support complex input, as the "
                         "operation is poorly defined.")
    qv = abstractify(q)
    if qv.ndim > 1:
        raise ValueError(f"q must be have rank <= 1, got shape {qv.shape}")
    if isinstance(axis, Tracer):
        raise ConcretizationTypeError(axis, f"axis argument to jnp.{name}().\n")
    if axis is None:
        axes = tuple(range(av.ndim))
    elif isinstance(axis, tuple):
        axes = tuple(canonicalize_axis(ax, av.ndim) for ax in axis)
        if len(set(axes)) != len(axes):
            raise ValueError("repeated axis")
    else:
        axes = (canonicalize_axis(axis, av.ndim),)
    rest = [i for i in range(av.ndim) if i not in axes]
    r_shape = tuple(av.shape[i] for i in rest)
    n = int(np.prod([av.shape[i] for i in axes], dtype=np.int64))
    if n == 0 and squash_nans:
        raise IndexError(f"index is out of bounds for axis {len(rest)} with "
                         f"size 0")
    if n == 0:
        raise TypeError(f"Slice size at index {len(rest)} in gather op is "
                        f"out of range, must be within [0, 0 + 1), got 1.")
    a = lax.reshape(lax.transpose(a, tuple(rest) + axes), r_shape + (n,))
    last = len(r_shape)
    nan = _is_nan(a)
    qdt = qv.dtype
    q_shape = qv.shape
    if squash_nans:
        # NaNs (made positive) sort to the end; count the others.
        a = lax.select(nan, _filled(a, np.nan), a)
        a = lax.sort(a, last)
        n_q = sum(lax.bitwise_not(nan), axis=last, dtype=qdt)
        n_q = lax.broadcast_in_dim(n_q, q_shape + r_shape,
                                   tuple(range(len(q_shape), len(q_shape)
                                               + len(r_shape))))
        q = lax.broadcast_in_dim(q, q_shape + r_shape,
                                 tuple(range(len(q_shape))))
    else:
        has_nan = any(nan, axis=last, keepdims=True)
        a = lax.select(broadcast_to(has_nan, abstractify(a).shape),
                       _filled(a, np.nan), a)
        a = lax.sort(a, last)
        n_q = _filled(q, n)
    pos = lax.mul(q, lax.sub(n_q, _filled(n_q, 1)))
    low, high = lax.floor(pos), lax.ceil(pos)
    high_weight = lax.sub(pos, low)
    low_weight = lax.sub(_filled(high_weight, 1), high_weight)
    top = lax.sub(n_q, _filled(n_q, 1))
    low = lax.max(_filled(low, 0), lax.min(low, top))
    high = lax.max(_filled(high, 0), lax.min(high, top))
    full = q_shape + r_shape

    def spread(x):
        if abstractify(x).shape == full:
            return x
        return lax.broadcast_in_dim(x, full, tuple(range(len(q_shape))))

    low, high = (spread(_convert(x, _dt.default_int())) for x in (low, high))
    low_weight, high_weight = spread(low_weight), spread(high_weight)
    low_value, high_value = _gather_last(a, low), _gather_last(a, high)
    if method == "linear":
        res = lax.add(lax.mul(_convert(low_value, qdt), low_weight),
                      lax.mul(_convert(high_value, qdt), high_weight))
    elif method == "lower":
        res = low_value
    elif method == "higher":
        res = high_value
    elif method == "nearest":
        res = lax.select(lax.le(high_weight, _filled(high_weight, 0.5)),
                         low_value, high_value)
    else:  # midpoint
        res = lax.mul(lax.add(low_value, high_value), _filled(low_value, 0.5))
    if keepdims:
        res = lax.reshape(res, q_shape + tuple(
            1 if i in axes else d for i, d in enumerate(av.shape)))
    return _keep_weak(_convert(res, av.dtype), False)


def quantile(a, q, axis=None, out=None, overwrite_input=False,
             method="linear", keepdims=False, *, weights=None):
    if weights is not None:
        raise NotImplementedError("jnp.quantile: weights are not implemented "
                                  "in jxp.")
    return _quantile("quantile", a, q, axis, method, keepdims, False, out,
                     overwrite_input)


def nanquantile(a, q, axis=None, out=None, overwrite_input=False,
                method="linear", keepdims=False, *, weights=None):
    if weights is not None:
        raise NotImplementedError("jnp.nanquantile: weights are not "
                                  "implemented in jxp.")
    return _quantile("nanquantile", a, q, axis, method, keepdims, True, out,
                     overwrite_input)


def _percent(name, q):
    _check_arraylike(name, q)
    q = asarray(q)
    if not _dt.is_inexact(abstractify(q).dtype):
        q = _convert(q, _to_inexact(abstractify(q).dtype))
    return true_divide(q, 100)


def percentile(a, q, axis=None, out=None, overwrite_input=False,
               method="linear", keepdims=False, *, weights=None):
    _check_arraylike("percentile", a, q)
    return quantile(a, _percent("percentile", q), axis, out, overwrite_input,
                    method, keepdims, weights=weights)


def nanpercentile(a, q, axis=None, out=None, overwrite_input=False,
                  method="linear", keepdims=False, *, weights=None):
    _check_arraylike("nanpercentile", a, q)
    return nanquantile(a, _percent("nanpercentile", q), axis, out,
                       overwrite_input, method, keepdims, weights=weights)


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    _check_arraylike("median", a)
    return _quantile("quantile", a, 0.5, axis, "midpoint", keepdims, False,
                     out, overwrite_input)


def nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    _check_arraylike("nanmedian", a)
    return _quantile("nanquantile", a, 0.5, axis, "midpoint", keepdims, True,
                     out, overwrite_input)
