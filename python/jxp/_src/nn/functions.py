"""jxp.nn: neural-network functions, as jax.nn defines them.

The functions are compositions of jxp.numpy's, in JAX's order of
operations, so that dtypes, weak types and rounding follow JAX's. Like
JAX's (jitted) ones, each runs as one compiled program when called eagerly.
"""

import builtins
import operator

import numpy as np

from jxp._src import dtypes as _dt
from jxp._src.ad import stop_gradient
from jxp._src.custom_derivatives import custom_jvp
from jxp._src.api import jit_library
from jxp._src.core import abstractify, Tracer
from jxp._src.errors import ConcretizationTypeError
from jxp._src.lax import scalar_casting as lax, slicing
from jxp._src.numpy import (
    creation, manipulation, reductions, sorting, ufunc_api, ufuncs, util)
from jxp._src.numpy.ufuncs import _inexact
from jxp._src.numpy.util import _check_arraylike
from jxp._src.util import canonicalize_axis

__all__ = [
    'relu', 'relu6', 'sigmoid', 'log_sigmoid', 'softplus', 'soft_sign', 'silu',
    'swish', 'gelu', 'tanh', 'hard_tanh', 'hard_sigmoid', 'hard_silu',
    'hard_swish', 'leaky_relu', 'elu', 'celu', 'selu', 'mish', 'squareplus',
    'sparse_plus', 'sparse_sigmoid', 'log1mexp', 'identity', 'glu', 'softmax',
    'log_softmax', 'logsumexp', 'logmeanexp', 'standardize', 'one_hot',
]


def _arraylike(name, x):
    _check_arraylike(name, x)
    return creation.asarray(x)


# ---------------------------------------------------------------------------
# Elementwise activations
# ---------------------------------------------------------------------------


@jit_library
def identity(x):
    return _arraylike("identity", x)


@jit_library
def tanh(x):
    return ufuncs.tanh(x)


@jit_library
def sigmoid(x):
    """1 / (1 + exp(-x)): lax.logistic, floats only (as JAX)."""
    return lax.logistic(x)


@custom_jvp
@jit_library
def relu(x):
    """max(x, 0); its derivative at 0 is 0 (a custom JVP, as in JAX)."""
    return ufunc_api.maximum(x, 0)


relu.defjvps(lambda g, ans, x: lax.select(x > 0, g, creation.zeros_like(g)))


@custom_jvp
@jit_library
def relu6(x):
    return ufunc_api.minimum(ufunc_api.maximum(x, 0), 6.0)


relu6.defjvps(lambda g, ans, x: lax.select((x > 0) & (x < 6), g,
                                           creation.zeros_like(g)))


@jit_library
def softplus(x):
    """log(1 + exp(x)), stable for large |x|."""
    return ufunc_api.logaddexp(x, 0)


@jit_library
def log_sigmoid(x):
    """log(sigmoid(x)) = -softplus(-x)."""
    x = _arraylike("log_sigmoid", x)
    return -softplus(-x)


@jit_library
def soft_sign(x):
    x = _arraylike("soft_sign", x)
    return x / (ufuncs.abs(x) + 1)


@jit_library
def silu(x):
    """x * sigmoid(x)."""
    x = _arraylike("silu", x)
    return x * sigmoid(x)


swish = silu


@jit_library(static_argnames=("approximate",))
def gelu(x, approximate=True):
    """The Gaussian error linear unit: x * Phi(x), by default with the tanh
    approximation (as JAX)."""
    (x,) = _inexact("gelu", x)
    dtype = abstractify(x).dtype
    if approximate:
        c = np.asarray(np.sqrt(2 / np.pi), dtype)[()]  # a strongly typed scalar
        cdf = 0.5 * (1.0 + ufuncs.tanh(c * (x + 0.044715 * x ** 3)))
        return x * cdf
    erf = getattr(lax, "erf", None)
    if erf is None:
        raise NotImplementedError("gelu(approximate=False) needs lax.erf")
    # JAX: x/2 * erfc(-x/sqrt(2)). With erf only: x/2 * (1 + erf(x/sqrt(2))),
    # equal up to the rounding of 1 + erf (absolute, tiny for x << 0).
    sqrt_half = np.asarray(np.sqrt(0.5), dtype)[()]
    return creation.asarray(0.5 * x * (1 + erf(x * sqrt_half)), dtype=dtype)


@jit_library
def hard_tanh(x):
    x = _arraylike("hard_tanh", x)
    return sorting.where(x > 1, 1, sorting.where(x < -1, -1, x))


@jit_library
def hard_sigmoid(x):
    return relu6(x + 3.0) / 6.0


@jit_library
def hard_silu(x):
    x = _arraylike("hard_silu", x)
    return x * hard_sigmoid(x)


hard_swish = hard_silu


@jit_library
def leaky_relu(x, negative_slope=1e-2):
    x = _arraylike("leaky_relu", x)
    return sorting.where(x >= 0, x, negative_slope * x)


@jit_library
def elu(x, alpha=1.0):
    x = _arraylike("elu", x)
    return sorting.where(x > 0, x, alpha * ufuncs.expm1(sorting.where(x > 0, 0.0, x)))


@jit_library
def celu(x, alpha=1.0):
    return ufunc_api.maximum(x, 0.0) + alpha * ufuncs.expm1(ufunc_api.minimum(x, 0.0) / alpha)


@jit_library
def selu(x):
    alpha = 1.6732632423543772848170429916717
    scale = 1.0507009873554804934193349852946
    return scale * elu(x, alpha)


@jit_library
def mish(x):
    x = _arraylike("mish", x)
    return x * ufuncs.tanh(softplus(x))


@jit_library
def squareplus(x, b=4):
    _check_arraylike("squareplus", x, b)
    x, b = creation.asarray(x), creation.asarray(b)
    return (x + ufuncs.sqrt(ufuncs.square(x) + b)) / 2


@jit_library
def sparse_plus(x):
    x = _arraylike("sparse_plus", x)
    return sorting.where(x <= -1.0, 0.0, sorting.where(x >= 1.0, x, (x + 1.0) ** 2 / 4))


@jit_library
def sparse_sigmoid(x):
    return 0.5 * ufuncs.clip(x + 1.0, 0.0, 2.0)


@custom_jvp
@jit_library
def log1mexp(x):
    """log(1 - exp(-x)), accurate on both sides of log(2)."""
    x = _arraylike("log1mexp", x)
    c = ufuncs.log(2.0)
    return sorting.where(x < c, ufuncs.log(-ufuncs.expm1(-x)), ufuncs.log1p(-ufuncs.exp(-x)))


# JAX's rule, 1 / expm1(x): through the branches, the derivative at x = 0
# is NaN where JAX's is infinite, and at infinity it is NaN where JAX's is 0.
log1mexp.defjvps(lambda g, ans, x: g / ufuncs.expm1(x))


# ---------------------------------------------------------------------------
# Along axes
# ---------------------------------------------------------------------------


def _canonical_axes(axis, ndim):
    """Axes as non-negative ints, JAX's errors for out of range ones."""
    if isinstance(axis, Tracer):
        raise TypeError("axis must be a static integer or tuple of integers")
    axes = (axis,) if not isinstance(axis, (tuple, list)) else tuple(axis)
    out = []
    for a in axes:
        out.append(canonicalize_axis(a, ndim))
    if len(set(out)) != len(out):
        raise ValueError(f"repeated axis: {axes}")
    return tuple(out)


def _static_axis(axis):
    return tuple(axis) if isinstance(axis, list) else axis


@jit_library(static_argnames=("axis",))
def glu(x, axis=-1):
    """Gated linear unit: first half times sigmoid of the second."""
    x = _arraylike("glu", x)
    shape = abstractify(x).shape
    (ax,) = _canonical_axes(axis, len(shape))
    size = shape[ax]
    assert size % 2 == 0, "axis size must be divisible by 2"
    half = [d if i != ax else size // 2 for i, d in enumerate(shape)]
    zeros = [0] * len(shape)
    x1 = slicing.slice(x, zeros, half)
    x2 = slicing.slice(x, [0 if i != ax else size // 2 for i in range(len(shape))],
                   shape)
    return x1 * sigmoid(x2)


def _minus_inf(x):
    """-inf converted to x's dtype, as XLA converts it (saturating)."""
    dtype = abstractify(x).dtype
    if dtype == _dt.bool_:
        return True
    if _dt.is_int(dtype):
        return np.iinfo(dtype).min
    return -np.inf


def _softmax_parts(name, x, axis, where):
    x = _arraylike(name, x)
    if axis is not None:  # (None: over every axis, as JAX)
        _canonical_axes(axis, abstractify(x).ndim)
    x_max = reductions.max(x, axis, where=where, initial=_minus_inf(x), keepdims=True)
    x_safe = x if where is None else sorting.where(where, x, -np.inf)
    return x_max, x_safe


def _softmax_value(x, axis, where):
    x_max, x_safe = _softmax_parts("softmax", x, axis, where)
    unnormalized = ufuncs.exp(x_safe - x_max)
    result = unnormalized / reductions.sum(unnormalized, axis, where=where, keepdims=True)
    if where is not None:
        result = sorting.where(where, result, 0)
    return result


# JAX's rule: y * (dx - sum(y * dx)), rather than differentiating the max.
_softmax = custom_jvp(_softmax_value, nondiff_argnums=(1, 2))


@_softmax.defjvp
def _softmax_jvp(axis, where, primals, tangents):
    (x,), (x_dot,) = primals, tangents
    y = _softmax_value(x, axis, where)
    return y, y * (x_dot - reductions.sum(y * x_dot, axis, where=where, keepdims=True))


def softmax(x, axis=-1, where=None):
    """exp(x) / sum(exp(x)) along `axis`, computed from x - max(x)."""
    return _softmax(x, _static_axis(axis), where)


@jit_library(static_argnames=("axis",))
def _log_softmax(x, axis, where):
    x_max, x_safe = _softmax_parts("log_softmax", x, axis, where)
    shifted = x_safe - stop_gradient(x_max)
    shifted_logsumexp = ufuncs.log(
        reductions.sum(ufuncs.exp(shifted), axis, where=where, keepdims=True))
    result = shifted - shifted_logsumexp
    if where is not None:
        return sorting.where(where, result, -np.inf)
    return result


def log_softmax(x, axis=-1, where=None):
    """x - logsumexp(x) along `axis`, computed from x - max(x)."""
    return _log_softmax(x, _static_axis(axis), where)


def _reduction_axes(x, axis):
    """Positive axes of a reduction, and the axes to expand back."""
    ndim = abstractify(x).ndim
    if axis is None:
        return tuple(range(ndim))
    return _canonical_axes(axis, ndim)


@jit_library(static_argnames=("axis", "keepdims", "return_sign"))
def _logsumexp(a, axis, b, keepdims, return_sign, where):
    if where is not None:
        a = sorting.where(where, a, 0)
    if b is not None:
        a, b = _inexact("logsumexp", a, b)
        a = sorting.where(b != 0, a, -np.inf)
    else:
        (a,) = _inexact("logsumexp", a)
    dims = _reduction_axes(a, axis)
    amax = reductions.max(a, axis=dims, keepdims=keepdims, where=where,
                   initial=_minus_inf(a))
    amax = stop_gradient(
        lax.select(lax.is_finite(amax), amax, creation.zeros_like(amax)))
    amax_with_dims = amax if keepdims else manipulation.expand_dims(amax, dims)
    exp_a = lax.exp(lax.sub(a, util.broadcast_to(amax_with_dims.astype(a.dtype),
                                                 a.shape)))
    if b is not None:
        exp_a = lax.mul(exp_a, b)
    sumexp = reductions.sum(exp_a, axis=dims, keepdims=keepdims, where=where)
    sign = lax.sign(sumexp)
    sumexp = ufuncs.abs(sumexp)
    out = lax.add(lax.log(sumexp), amax.astype(sumexp.dtype))
    if return_sign:
        return out, sign
    if b is not None:
        out = sorting.where(sign < 0, creation.array(np.nan, dtype=out.dtype), out)
    return out


def logsumexp(a, axis=None, b=None, keepdims=False, return_sign=False,
              where=None):
    """log(sum(b * exp(a))) along `axis`, without overflow: the maximum is
    taken out first (0 for it where it is infinite)."""
    _check_arraylike("logsumexp", a)
    return _logsumexp(a, _static_axis(axis), b, builtins.bool(keepdims),
                      builtins.bool(return_sign), where)


@jit_library(static_argnames=("axis", "keepdims"))
def _logmeanexp(x, axis, where, keepdims):
    lse = logsumexp(x, axis=axis, where=where, keepdims=keepdims)
    x = creation.asarray(x)
    dims = _reduction_axes(x, axis)
    if where is None:
        count = creation.asarray(
            int(np.prod([abstractify(x).shape[d] for d in dims])), lse.dtype)
    else:
        count = reductions.sum(util.broadcast_to(where, x.shape), axis=dims,
                        keepdims=keepdims, dtype=lse.dtype)
    return lse - ufuncs.log(count)


def logmeanexp(x, axis=None, where=None, keepdims=False):
    """log(mean(exp(x))) along `axis`, without overflow."""
    _check_arraylike("logmeanexp", x)
    return _logmeanexp(x, _static_axis(axis), where, builtins.bool(keepdims))


@jit_library(static_argnames=("axis",))
def _standardize(x, axis, mean, variance, epsilon, where):
    if mean is None:
        mean = reductions.mean(x, axis, keepdims=True, where=where)
    if variance is None:
        variance = (reductions.mean(ufuncs.square(x), axis, keepdims=True, where=where)
                    - ufuncs.square(mean))
        variance = ufuncs.clip(variance, 0)
    return ufunc_api.subtract(x, mean) * lax.rsqrt(creation.asarray(variance + epsilon))


def standardize(x, axis=-1, mean=None, variance=None, epsilon=1e-5,
                where=None):
    """(x - mean) / sqrt(variance + epsilon) along `axis`."""
    _check_arraylike("standardize", x)
    return _standardize(x, _static_axis(axis), mean, variance, epsilon, where)


@jit_library(static_argnames=("num_classes", "dtype", "axis"))
def _one_hot(x, num_classes, dtype, axis):
    xa = abstractify(x)
    if xa.dtype == _dt.bool_:
        raise TypeError("iota does not accept dtype bool. Accepted dtypes are "
                        "subtypes of integer or floating.")
    out_ndim = xa.ndim + 1
    if not -out_ndim <= axis < out_ndim:
        raise ValueError(f"axis {axis} is out of bounds for array of "
                         f"dimension {out_ndim}")
    out_axis = axis % out_ndim
    shape = list(xa.shape)
    shape.insert(out_axis, num_classes)
    dims = [i for i in range(out_ndim) if i != out_axis]
    lhs = lax.broadcast_in_dim(x, shape, dims)
    rhs = lax.broadcasted_iota(xa.dtype, shape, out_axis)
    return lax.eq(lhs, rhs).astype(dtype)


def one_hot(x, num_classes, *, dtype=None, axis=-1):
    """x's integers as one-hot vectors of length `num_classes` along `axis`
    (all zeros for values outside [0, num_classes))."""
    if isinstance(num_classes, Tracer):
        raise ConcretizationTypeError(
            num_classes, "The error arose in jax.nn.one_hot argument `num_classes`.")
    num_classes = operator.index(num_classes)
    x = creation.asarray(x)
    dtype = _dt.default_float() if dtype is None else _dt.canonicalize(dtype)
    return _one_hot(x, num_classes, dtype, operator.index(axis))
