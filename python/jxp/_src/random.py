"""jxp.random: JAX's jax.random, bit for bit.

The PRNG is JAX's default, Threefry-2x32 (see _src/prng.py), in both
settings of `jax_threefry_partitionable`. Samplers follow JAX 0.10's
algorithms op for op, so the same key gives the same bits, and floats
computed by the same XLA operations.

Keys come in JAX's two forms:

* legacy keys, `PRNGKey(seed)`: uint32 arrays whose last axis (size 2)
  holds the key words;
* typed keys, `key(seed)`: `PRNGKeyArray`s of dtype `key<fry>`, whose shape
  leaves the key words out. They are pytrees over their uint32 data, so
  they pass through jit (as arguments, outputs and closed-over values);
  unlike JAX, `tree_leaves(key)` shows the uint32 data.

Every sampler is a jitted function of the key data, cached per shape and
dtype, so eager calls compile once and calls under jit inline.
"""

import math
import operator
from collections.abc import Sequence

import numpy as np

from jxp._src import core, dtypes, errors, prng as _prng, tree_util
from jxp._src.custom_derivatives import custom_jvp
from jxp._src.api import jit
from jxp._src.array import from_numpy
from jxp._src.batching import vmap as _vmap
from jxp._src.config import config
from jxp._src.core import abstractify, is_array_like, Tracer
from jxp._src.lax import (
    control_flow, linalg as lax_linalg, scalar_casting as lax, slicing)
from jxp._src.lax.jax_primitives import LaxPrimitive
from jxp._src.lax.special import random_gamma_grad as _random_gamma_grad
from jxp._src.nn import functions as _nn
from jxp._src.numpy import (
    creation, linalg as jnp_linalg, manipulation, sorting,
    tensor_contractions, ufuncs, util)
from jxp._src.util import canonicalize_axis


__all__ = [
    "PRNGKey", "PRNGKeyArray", "bernoulli", "bits", "categorical", "cauchy",
    "choice", "clone", "exponential", "fold_in", "gumbel", "key", "key_data",
    "key_dtype", "key_impl", "laplace", "logistic", "lognormal",
    "multivariate_normal", "normal", "pareto", "permutation", "rademacher",
    "randint", "rayleigh", "split", "truncated_normal", "uniform",
    "wrap_key_data",
    # Gamma-based, and the rest of JAX's distributions.
    "ball", "beta", "binomial", "chisquare", "dirichlet",
    "double_sided_maxwell", "f", "gamma", "generalized_normal", "geometric",
    "loggamma", "maxwell", "multinomial", "orthogonal", "poisson", "t",
    "triangular", "wald", "weibull_min", "random_gamma_p",
]

_IMPL_NAME = "threefry2x32"


# ---------------------------------------------------------------------------
# Typed keys
# ---------------------------------------------------------------------------


class KeyTy:
    """The element type of typed key arrays, `key<fry>`."""

    name = "key<fry>"
    itemsize = 8
    _impl_name = _IMPL_NAME

    def __repr__(self):
        return self.name

    __str__ = __repr__

    def __eq__(self, other):
        return type(other) is KeyTy

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash(KeyTy)


_KEY_DTYPE = KeyTy()


class PRNGKeyArray:
    """An array of Threefry keys (dtype `key<fry>`) over uint32 key data
    whose last axis holds the two key words."""

    __slots__ = ("_base_array",)
    __array_priority__ = 100

    def __init__(self, key_data):
        self._base_array = key_data

    dtype = property(lambda self: _KEY_DTYPE)
    shape = property(lambda self: tuple(self._base_array.shape[:-1]))
    ndim = property(lambda self: len(self.shape))
    size = property(lambda self: math.prod(self.shape))
    itemsize = property(lambda self: _KEY_DTYPE.itemsize)
    nbytes = property(lambda self: self.size * _KEY_DTYPE.itemsize)

    def __len__(self):
        if not self.shape:
            raise TypeError("len() of unsized object")
        return self.shape[0]

    def __iter__(self):
        if not self.shape:
            raise TypeError("iteration over a 0-d key array")
        return (PRNGKeyArray(self._base_array[i])
                for i in range(self.shape[0]))

    def __getitem__(self, idx):
        # Index the key axes only: an Ellipsis must not reach the key words.
        idx = idx if isinstance(idx, tuple) else (idx,)
        if any(i is Ellipsis for i in idx):
            idx = idx + (slice(None),)
        return PRNGKeyArray(self._base_array[idx])

    def __bool__(self):
        raise TypeError("key array cannot be converted to boolean.")

    def __array__(self, dtype=None, context=None, copy=None):
        raise TypeError("JAX array with PRNGKey dtype cannot be converted to "
                        "a NumPy array. Use jax.random.key_data(arr) if you "
                        "wish to extract the underlying integer array.")

    __hash__ = None

    def _compare(self, other, direction):
        if not isinstance(other, PRNGKeyArray):
            return NotImplemented
        eq = lax.eq(self._base_array, other._base_array)
        same = lax.reduce_and(eq, (abstractify(eq).ndim - 1,))
        return same if direction == "eq" else lax.bitwise_not(same)

    def __eq__(self, other):
        return self._compare(other, "eq")

    def __ne__(self, other):
        return self._compare(other, "ne")

    def __repr__(self):
        if isinstance(self._base_array, Tracer):
            dims = ",".join(map(str, self.shape))
            return f"Traced<{self.dtype.name}[{dims}]>"
        return (f"Array({self.shape}, dtype={self.dtype.name}) overlaying:\n"
                f"{self._base_array}")

    __str__ = __repr__

    def block_until_ready(self):
        self._base_array.block_until_ready()
        return self

    def copy(self):
        return self

    def reshape(self, *shape, order="C"):
        shape = shape[0] if len(shape) == 1 else shape
        shape = _canonicalize_shape(shape)
        if -1 in shape:
            known = math.prod(d for d in shape if d != -1)
            shape = tuple(self.size // known if d == -1 else d for d in shape)
        return PRNGKeyArray(lax.reshape(self._base_array, shape + (2,)))

    def ravel(self):
        return self.reshape((self.size,))

    flatten = ravel

    def squeeze(self, axis=None):
        if axis is None:
            axes = [i for i, d in enumerate(self.shape) if d == 1]
        else:
            axes = [a % self.ndim for a in
                    (axis if isinstance(axis, tuple) else (axis,))]
        return self.reshape(tuple(d for i, d in enumerate(self.shape)
                                  if i not in axes))

    def transpose(self, *axes):
        if not axes or axes[0] is None:
            axes = tuple(reversed(range(self.ndim)))
        elif len(axes) == 1 and not isinstance(axes[0], int):
            axes = tuple(axes[0])
        return PRNGKeyArray(lax.transpose(self._base_array,
                                          tuple(axes) + (self.ndim,)))

    T = property(lambda self: self.transpose())


tree_util.register_pytree_node(
    PRNGKeyArray, lambda k: ((k._base_array,), None),
    lambda _, children: PRNGKeyArray(children[0]))


def _resolve_impl(impl):
    if impl is None or impl == _IMPL_NAME or isinstance(impl, KeyTy):
        return _IMPL_NAME
    if isinstance(impl, str):
        if impl in ("threefry4x32", "philox2x32", "philox4x32", "rbg",
                    "unsafe_rbg"):
            raise NotImplementedError(f"jxp.random implements only the "
                                      f"threefry2x32 PRNG, not {impl!r}")
        raise ValueError(f'unrecognized PRNG implementation "{impl}". Did '
                         f'you mean one of: "threefry2x32"?')
    raise TypeError(f"unrecognized type {type(impl)} for specifying PRNG "
                    f"implementation.")


def key_dtype(impl_spec=None):
    _resolve_impl(impl_spec)
    return _KEY_DTYPE


def _is_array(x):
    return is_array_like(x)


def _check_key_data(data):
    if not hasattr(data, "shape") or not hasattr(data, "dtype"):
        raise TypeError(f"JAX encountered invalid PRNG key data: expected "
                        f"key_data to have ndim, shape, and dtype attributes. "
                        f"Got {data}")
    if np.ndim(data) < 1:
        raise TypeError(f"JAX encountered invalid PRNG key data: expected "
                        f"key_data.ndim >= 1; got ndim={np.ndim(data)}")
    if tuple(data.shape[-1:]) != (2,):
        raise TypeError(f"JAX encountered invalid PRNG key data: expected "
                        f"key_data.shape to end with (2,); got "
                        f"shape={tuple(data.shape)} for impl=threefry2x32")
    if np.dtype(data.dtype) != dtypes.uint32:
        raise TypeError(f"JAX encountered invalid PRNG key data: expected "
                        f"key_data.dtype = uint32; got dtype={data.dtype}")
    return data


def _check_prng_key(name, key, allow_batched=False):
    """(uint32 key data, whether `key` was a legacy uint32 key)."""
    if isinstance(key, PRNGKeyArray):
        data, legacy = key._base_array, False
    elif _is_array(key) or isinstance(key, (np.ndarray, np.generic, bool,
                                            int, float, complex)):
        data, legacy = _check_key_data(key), True
    else:
        raise TypeError(f"unexpected PRNG key type {type(key)}")
    if not allow_batched and np.ndim(data) != 1:
        shape = np.shape(key) if legacy else key.shape
        raise ValueError(f"{name} accepts a single key, but was given a key "
                         f"array of shape {shape} != (). Use jax.vmap for "
                         f"batching.")
    return data, legacy


def _return_keys(legacy, data):
    return data if legacy else PRNGKeyArray(data)


def _const(value):
    """A host value as an array: a constant when tracing, else on device."""
    value = np.asarray(value)
    frame = core.current_frame()
    if frame is not None:
        return frame.constant(value)
    return from_numpy(value)


def _canonicalize_shape(shape, context=""):
    if isinstance(shape, (int, np.integer)):
        shape = (shape,)
    try:
        return tuple(operator.index(d) for d in shape)
    except TypeError:
        pass
    msg = ("Shapes must be 1D sequences of concrete values of integer type, "
           f"got {shape}.")
    if context:
        msg += f" {context}."
    raise TypeError(msg)


def _canonicalize_user_dtype(dtype):
    return dtypes.canonicalize(dtype)


# ---------------------------------------------------------------------------
# Keys: creation, splitting, folding, raw bits
# ---------------------------------------------------------------------------

_seed_jit = jit(_prng.seed)
_split_jit = jit(_prng.split, static_argnums=(1,))
_bits_jit = jit(_prng.random_bits, static_argnums=(1, 2))


@jit
def _fold_in_jit(key, data):
    if abstractify(data).dtype != dtypes.uint32:
        data = lax.convert_element_type(data, dtypes.uint32)
    return _prng.fold_in(key, data)


def _seed_data(ctor_name, seed):
    if isinstance(seed, PRNGKeyArray):
        raise TypeError(f"{ctor_name} accepts a scalar seed, but was given a "
                        f"PRNG key.")
    if np.ndim(seed):
        raise TypeError(f"{ctor_name} accepts a scalar seed, but was given an "
                        f"array of shape {np.shape(seed)} != (). Use jax.vmap "
                        f"for batching")
    if isinstance(seed, (bool, int)):
        # As JAX: a Python int is an int64 first (OverflowError beyond), then
        # canonical (int32, wrapping, without x64).
        s = int(np.int64(seed)) % 2 ** 64
        hi, lo = s >> 32, s & 0xFFFFFFFF
        if not config.read("jax_enable_x64"):
            hi = 0
        return _const(np.array([hi, lo], np.uint32))
    if isinstance(seed, (np.ndarray, np.generic)):
        dtype = np.dtype(seed.dtype)
        if dtypes.is_int(dtype):
            seed = np.asarray(seed).astype(dtypes.canonicalize(dtype))
    elif not _is_array(seed):
        seed = _asarray(seed)
    return _seed_jit(seed)


def key(seed, *, impl=None, dtype=None):
    """A typed PRNG key (dtype key<fry>, shape ()) from an integer seed."""
    if dtype is not None:
        if impl is not None:
            raise ValueError("Cannot specify both `impl` and `dtype` "
                             "arguments to jax.random.key")
        impl = dtype
    _resolve_impl(impl)
    return PRNGKeyArray(_seed_data("key", seed))


def PRNGKey(seed, *, impl=None):  # noqa: N802
    """A legacy PRNG key (uint32[2]) from an integer seed: the seed's high
    and low 32 bits."""
    _resolve_impl(impl)
    return _seed_data("PRNGKey", seed)


def _uint32_data(data):
    """jnp.asarray(data, dtype='uint32'), for fold_in."""
    if isinstance(data, (bool, int, float)):
        return np.asarray(data, dtypes.uint32)
    if isinstance(data, (np.ndarray, np.generic)):
        data = np.asarray(data)
        return data.astype(dtypes.canonicalize(data.dtype)).astype(
            dtypes.uint32)
    return data


def fold_in(key, data):
    """A new key from `key` and the 32-bit integer `data`."""
    key_data_, legacy = _check_prng_key("fold_in", key)
    if np.ndim(data):
        raise TypeError(f"fold_in accepts a scalar, but was given an array of"
                        f"shape {np.shape(data)} != (). Use jax.vmap for "
                        f"batching.")
    return _return_keys(legacy, _fold_in_jit(key_data_, _uint32_data(data)))


def _split_shape(num):
    if isinstance(num, Sequence):
        shape = _canonicalize_shape(num)
    else:
        shape = (operator.index(num),)
    if any(d < 0 for d in shape):
        raise ValueError(f"split: negative number of keys {num}")
    return shape


def split(key, num=2):
    """`num` new keys (a count or a shape) from `key`, on a leading axis."""
    key_data_, legacy = _check_prng_key("split", key)
    return _return_keys(legacy, _split_jit(key_data_, _split_shape(num)))


def _split_pair(key_data_):
    keys = _prng.split(key_data_, (2,))
    return keys[0], keys[1]


def clone(key):
    return key


def key_impl(keys):
    _check_prng_key("key_impl", keys, allow_batched=True)
    return _IMPL_NAME


def key_data(keys):
    """The uint32 data of keys (legacy keys are returned as they are)."""
    data, _ = _check_prng_key("key_data", keys, allow_batched=True)
    return data


def wrap_key_data(key_bits_array, *, impl=None, dtype=None):
    """Typed keys over uint32 key data of shape (..., 2)."""
    if dtype is not None:
        if impl is not None:
            raise ValueError("Cannot specify both `impl` and `dtype` arguments "
                             "to jax.random.wrap_key_data")
        impl = dtype
    _resolve_impl(impl)
    if isinstance(key_bits_array, PRNGKeyArray):
        raise TypeError("wrap_key_data takes uint32 key data, got a key array")
    data = _check_key_data(key_bits_array)
    if isinstance(data, (np.ndarray, np.generic)):
        data = from_numpy(np.asarray(data))
    return PRNGKeyArray(data)


def bits(key, shape=(), dtype=None):
    """Uniform random bits as unsigned integers of `dtype`."""
    key_data_, _ = _check_prng_key("bits", key)
    dtype = (dtypes.default_uint() if dtype is None
             else _canonicalize_user_dtype(dtype))
    if not dtypes.is_unsigned(dtype):
        raise ValueError(f"dtype argument to `bits` must be an unsigned int "
                         f"dtype, got {dtype}")
    shape = _canonicalize_shape(shape)
    return _bits_jit(key_data_, dtype.itemsize * 8, shape)


# ---------------------------------------------------------------------------
# Helpers for samplers (traced inside the jitted samplers)
# ---------------------------------------------------------------------------


def _check_shape(name, shape, *param_shapes):
    if param_shapes:
        try:
            shape_ = np.broadcast_shapes(shape, *param_shapes)
        except ValueError:
            shape_ = None
        if shape != shape_:
            raise ValueError(
                f"{name} parameter shapes must be broadcast-compatible with "
                f"shape argument, and the result of broadcasting the shapes "
                f"must equal the shape argument, but got result {shape_} for "
                f"shape argument {shape}.")


def _bcast(x, shape):
    """`x` broadcast to `shape`, NumPy style."""
    a = abstractify(x)
    shape = tuple(shape)
    if a.shape == shape:
        return x
    lead = len(shape) - a.ndim
    if lead < 0:
        raise TypeError(f"cannot broadcast shape {a.shape} to {shape}")
    keep = [i for i, d in enumerate(a.shape) if d == shape[lead + i]]
    if len(keep) != a.ndim:
        if any(a.shape[i] != 1 for i in range(a.ndim) if i not in keep):
            raise TypeError(f"cannot broadcast shape {a.shape} to {shape}")
        x = lax.reshape(x, tuple(a.shape[i] for i in keep))
    return lax.broadcast_in_dim(x, shape, tuple(lead + i for i in keep))


def _full(shape, value, dtype):
    return lax.broadcast_in_dim(np.asarray(value, dtype), tuple(shape), ())


def _convert(x, dtype):
    a = abstractify(x)
    if a.dtype == dtype and not a.weak_type:
        return x
    return lax.convert_element_type(x, dtype)


def _take(arr, ind, axis):
    """jnp.take(arr, ind, axis) for in-bounds indices: one gather."""
    a, i = abstractify(arr), abstractify(ind)
    idx = lax.reshape(ind, i.shape + (1,))
    offset_dims = (tuple(range(axis)) +
                   tuple(range(axis + i.ndim, a.ndim - 1 + i.ndim)))
    dn = slicing.GatherDimensionNumbers(offset_dims=offset_dims,
                                    collapsed_slice_dims=(axis,),
                                    start_index_map=(axis,))
    sizes = tuple(1 if d == axis else n for d, n in enumerate(a.shape))
    return slicing.gather(arr, idx, dn, sizes, mode="clip")


def _top_k_indices(x, k):
    """lax.top_k(x, k)[1]: indices of the k largest along the last axis,
    largest first, ties to the lower index."""
    a = abstractify(x)
    d = a.ndim - 1
    idx = lax.broadcasted_iota(dtypes.int32, a.shape, d)
    _, idx = lax.sort((lax.neg(x), idx), dimension=d, is_stable=True,
                      num_keys=1)
    return slicing.slice(idx, (0,) * a.ndim, a.shape[:-1] + (k,))


def _nextafter(x, toward_inf):
    """lax.nextafter(x, +inf or -inf) on a floating array, as XLA's (chlo)
    integer expansion: the adjacent representable value."""
    a = abstractify(x)
    nbits = a.dtype.itemsize * 8
    ui = dtypes.UINT_BY_BITS[nbits]
    sign = np.asarray(1 << (nbits - 1), ui)
    y = np.asarray(np.inf if toward_inf else -np.inf, a.dtype)
    xi = lax.bitcast_convert_type(x, ui)
    yi = y.view(ui)
    y_sign = np.asarray(yi & sign, ui)
    x_abs = lax.bitwise_and(xi, np.asarray(~sign, ui))
    x_sign = lax.bitwise_and(xi, sign)
    smaller = lax.bitwise_or(lax.gt(x_abs, np.asarray(yi & ~sign, ui)),
                             lax.ne(x_sign, y_sign))
    one = np.asarray(1, ui)
    stepped = lax.select(smaller, lax.sub(xi, one), lax.add(xi, one))
    out = lax.select(lax.eq(x_abs, np.asarray(0, ui)),
                     _full(a.shape, y_sign | one, ui), stepped)
    out = lax.select(lax.eq(x, y), _full(a.shape, yi, ui), out)
    out = lax.bitcast_convert_type(out, a.dtype)
    return lax.select(lax.ne(x, x), x, out)


def _float_info(dtype):
    return dtypes.finfo(dtype)


# ---------------------------------------------------------------------------
# Continuous samplers
# ---------------------------------------------------------------------------


def _uniform(key, minval, maxval, shape, dtype):
    if not dtypes.is_float(dtype):
        raise TypeError("uniform only accepts floating point dtypes.")
    minval = _convert(minval, dtype)
    maxval = _convert(maxval, dtype)
    try:
        out_shape = np.broadcast_shapes(shape, abstractify(minval).shape,
                                        abstractify(maxval).shape)
    except ValueError:
        out_shape = None
    if out_shape != tuple(shape):
        raise TypeError(f"uniform: minval of shape {abstractify(minval).shape}"
                        f" and maxval of shape {abstractify(maxval).shape} do "
                        f"not broadcast to shape {shape}")
    finfo = _float_info(dtype)
    nbits, nmant = finfo.bits, finfo.nmant
    rng_bits = 8 if nmant < 8 else nbits
    bits_ = _prng.random_bits(key, rng_bits, shape)
    uint_dtype = dtypes.UINT_BY_BITS[nbits]
    if rng_bits != nbits:
        bits_ = lax.convert_element_type(bits_, uint_dtype)
    # Random mantissa bits under the exponent of 1.0: a float in [1, 2).
    float_bits = lax.shift_right_logical(
        bits_, np.asarray(rng_bits - nmant, uint_dtype))
    float_bits = lax.bitwise_or(
        float_bits, np.asarray(np.array(1.0, dtype).view(uint_dtype)))
    floats = lax.sub(lax.bitcast_convert_type(float_bits, dtype),
                     np.asarray(1.0, dtype))
    lo, hi = _bcast(minval, shape), _bcast(maxval, shape)
    return lax.max(lo, lax.add(lax.mul(floats, lax.sub(hi, lo)), lo))


_uniform_jit = jit(_uniform, static_argnums=(3, 4))


def _float_dtype(dtype, name, allow_complex=False):
    dtype = _canonicalize_user_dtype(float if dtype is None else dtype)
    ok = dtypes.is_inexact(dtype) if allow_complex else dtypes.is_float(dtype)
    if not ok:
        kind = "a float or complex" if allow_complex else "a float"
        raise ValueError(f"dtype argument to `{name}` must be {kind} dtype, "
                         f"got {dtype}")
    return dtype


def uniform(key, shape=(), dtype=None, minval=0., maxval=1.):
    """Uniform random values in [minval, maxval)."""
    key_data_, _ = _check_prng_key("uniform", key)
    dtype = _float_dtype(dtype, "uniform")
    shape = _canonicalize_shape(shape)
    return _uniform_jit(key_data_, minval, maxval, shape, dtype)


def _normal_real(key, shape, dtype):
    lo = np.nextafter(np.array(-1., dtype), np.array(0., dtype), dtype=dtype)
    hi = np.array(1., dtype)
    u = _uniform(key, lo, hi, shape, dtype)
    return lax.mul(np.asarray(np.sqrt(2), dtype), lax.erf_inv(u))


def _normal(key, shape, dtype):
    if dtypes.is_complex(dtype):
        real_dtype = np.array(0, dtype).real.dtype
        key_re, key_im = _split_pair(key)
        re = lax.convert_element_type(_normal_real(key_re, shape, real_dtype),
                                      dtype)
        im = lax.convert_element_type(_normal_real(key_im, shape, real_dtype),
                                      dtype)
        z = lax.add(re, lax.mul(np.asarray(1j, dtype), im))
        return lax.div(z, np.asarray(np.sqrt(2), dtype))
    return _normal_real(key, shape, dtype)


_normal_jit = jit(_normal, static_argnums=(1, 2))


def normal(key, shape=(), dtype=None):
    """Standard normal random values (complex: unit variance overall)."""
    key_data_, _ = _check_prng_key("normal", key)
    shape = _canonicalize_shape(shape)
    dtype = _float_dtype(dtype, "normal", allow_complex=True)
    return _normal_jit(key_data_, shape, dtype)


def _truncated_normal(key, lower, upper, shape, dtype):
    if shape is None:
        shape = np.broadcast_shapes(np.shape(lower), np.shape(upper))
    else:
        _check_shape("truncated_normal", shape, np.shape(lower),
                     np.shape(upper))
    sqrt2 = np.asarray(np.sqrt(2), dtype)
    lower = _convert(lower, dtype)
    upper = _convert(upper, dtype)
    a = lax.erf(lax.div(lower, sqrt2))
    b = lax.erf(lax.div(upper, sqrt2))
    u = _uniform(key, a, b, shape, dtype)
    out = lax.mul(sqrt2, lax.erf_inv(u))
    # jnp.clip(out, nextafter(lower, inf), nextafter(upper, -inf)).
    out = lax.max(_bcast(_nextafter(lower, True), shape), out)
    return lax.min(_bcast(_nextafter(upper, False), shape), out)


_truncated_normal_jit = jit(_truncated_normal, static_argnums=(3, 4))


def truncated_normal(key, lower, upper, shape=None, dtype=None):
    """Standard normal values truncated to (lower, upper)."""
    if shape is not None:
        shape = _canonicalize_shape(shape)
    key_data_, _ = _check_prng_key("truncated_normal", key)
    dtype = _float_dtype(dtype, "truncated_normal")
    return _truncated_normal_jit(key_data_, lower, upper, shape, dtype)


def _float_sampler(name, body, doc):
    """The public sampler name(key, shape=(), dtype=None) of a body
    (key, shape, dtype) -> values, jit-compiled per shape and dtype."""
    jitted = jit(body, static_argnums=(1, 2))

    def sample(key, shape=(), dtype=None):
        key_data_, _ = _check_prng_key(name, key)
        dtype = _float_dtype(dtype, name)
        return jitted(key_data_, _canonicalize_shape(shape), dtype)
    sample.__name__ = sample.__qualname__ = name
    sample.__doc__ = doc
    return sample


def _exponential(key, shape, dtype):
    u = _uniform(key, 0., 1., shape, dtype)
    return lax.neg(lax.log1p(lax.neg(u)))


exponential = _float_sampler("exponential", _exponential, "Exponential(1) random values.")


def _clz(x):
    """Leading zeros of uint32 values (lax.clz)."""
    n = lax.broadcast_in_dim(np.uint32(0), abstractify(x).shape, ())
    for s in (16, 8, 4, 2, 1):
        top_zero = lax.eq(lax.shift_right_logical(x, np.uint32(32 - s)),
                          np.uint32(0))
        n = lax.select(top_zero, lax.add(n, np.uint32(s)), n)
        x = lax.select(top_zero, lax.shift_left(x, np.uint32(s)), x)
    return lax.select(lax.eq(x, np.uint32(0)), lax.add(n, np.uint32(1)), n)


def _safe_int_to_float(hi, lo):
    """Two uint32 words (a 64-bit fixed-point fraction) as a float32 in
    (0, 1), as JAX's _safe_int_to_float."""
    finfo = dtypes.finfo(dtypes.float32)
    hiclz, loclz = _clz(hi), _clz(lo)
    hi_zero = lax.eq(hiclz, np.uint32(32))
    mantissa = lax.bitwise_or(
        lax.shift_left(hi, hiclz),
        lax.select(hi_zero, lax.shift_left(lo, loclz),
                   lax.shift_right_logical(lo, lax.sub(np.uint32(32), hiclz))))
    mantissa = lax.shift_right_logical(
        mantissa, np.uint32(finfo.bits - finfo.nmant - 1))
    mantissa = lax.bitwise_and(mantissa, np.uint32((1 << finfo.nmant) - 1))
    # -minexp - leading zeros, in int32 then reinterpreted, as JAX's weakly
    # typed Python-int arithmetic on uint32 values.
    lz = lax.select(hi_zero, lax.add(loclz, np.uint32(32)), hiclz)
    exp = lax.sub(np.uint32(-finfo.minexp), lz)
    exp = lax.shift_left(exp, np.uint32(finfo.nmant))
    exp = lax.bitwise_and(exp, np.uint32((1 << (finfo.bits - 2))
                                         - (1 << (finfo.nmant - 1))))
    return lax.bitcast_convert_type(lax.bitwise_or(exp, mantissa),
                                    dtypes.float32)


def _gumbel(key, shape, dtype, mode):
    info = dtypes.finfo(dtype)
    if dtype == dtypes.float32 and mode == "highest":
        b = _prng.random_bits(key, 32, (2,) + shape)
        neg = lax.bitwise_not(b)
        hi_b = lax.reshape(slicing.slice(b, (0,) + (0,) * len(shape),
                                     (1,) + shape), shape)
        lo_b = lax.reshape(slicing.slice(b, (1,) + (0,) * len(shape),
                                     (2,) + shape), shape)
        hi_n = lax.reshape(slicing.slice(neg, (0,) + (0,) * len(shape),
                                     (1,) + shape), shape)
        lo_n = lax.reshape(slicing.slice(neg, (1,) + (0,) * len(shape),
                                     (2,) + shape), shape)
        # 1 - bits in 64-bit fixed point: carry into the high word.
        carry = lax.convert_element_type(
            lax.eq(lo_n, np.uint32(0xFFFFFFFF)), dtypes.uint32)
        hi_n = lax.add(hi_n, carry)
        lo_n = lax.add(lo_n, np.uint32(1))
        flip = lax.lt(hi_b, np.uint32(1 << 31))
        x = _safe_int_to_float(lax.select(flip, hi_b, hi_n),
                               lax.select(flip, lo_b, lo_n))
        low = lax.neg(lax.log(lax.neg(lax.log1p(lax.neg(x)))))
        high = lax.neg(lax.log(lax.neg(lax.log(x))))
        return lax.select(flip, low, high)
    if mode in ("high", "highest"):
        u = _uniform(key, 0., 1., (2,) + shape, dtype)
        start = (0,) * len(shape)
        high = lax.reshape(slicing.slice(u, (0,) + start, (1,) + shape), shape)
        low = lax.reshape(slicing.slice(u, (1,) + start, (2,) + shape), shape)
        small = lax.add(lax.add(high, lax.mul(
            np.asarray(2. ** -info.nmant, dtype), low)),
            np.asarray(info.tiny, dtype))
        x = lax.select(lax.ge(high, np.asarray(0.5, dtype)), high, small)
        return lax.neg(lax.log(lax.neg(lax.log1p(lax.neg(x)))))
    u = _uniform(key, float(info.tiny), 1., shape, dtype)
    return lax.neg(lax.log(lax.neg(lax.log(u))))


_gumbel_jit = jit(_gumbel, static_argnums=(1, 2, 3))


def _gumbel_mode(mode):
    if mode is None:
        mode = "low"
    if mode not in ("highest", "high", "low"):
        raise ValueError("Must provide valid mode for gumbel got: %s" % mode)
    return mode


def gumbel(key, shape=(), dtype=None, mode=None):
    """Gumbel random values."""
    key_data_, _ = _check_prng_key("gumbel", key)
    dtype = _float_dtype(dtype, "gumbel")
    shape = _canonicalize_shape(shape)
    return _gumbel_jit(key_data_, shape, dtype, _gumbel_mode(mode))


def _laplace(key, shape, dtype):
    u = _uniform(key, -1. + dtypes.finfo(dtype).epsneg, 1., shape, dtype)
    return lax.mul(lax.sign(u), lax.log1p(lax.neg(lax.abs(u))))


laplace = _float_sampler("laplace", _laplace, "Laplace(0, 1) random values.")


def _logistic(key, shape, dtype):
    x = _uniform(key, float(dtypes.finfo(dtype).tiny), 1., shape, dtype)
    return lax.sub(lax.log(x), lax.log1p(lax.neg(x)))


logistic = _float_sampler("logistic", _logistic, "Logistic random values.")


def _cauchy(key, shape, dtype):
    u = _uniform(key, float(dtypes.finfo(dtype).eps), 1., shape, dtype)
    return lax.tan(lax.mul(np.asarray(np.pi, dtype),
                           lax.sub(u, np.asarray(0.5, dtype))))


cauchy = _float_sampler("cauchy", _cauchy, "Standard Cauchy random values.")


def _pareto(key, b, shape, dtype):
    if shape is None:
        shape = np.shape(b)
    else:
        _check_shape("pareto", shape, np.shape(b))
    b = _bcast(_convert(b, dtype), shape)
    return lax.exp(lax.div(_exponential(key, shape, dtype), b))


_pareto_jit = jit(_pareto, static_argnums=(2, 3))


def pareto(key, b, shape=None, dtype=None):
    """Pareto random values with shape parameter b."""
    key_data_, _ = _check_prng_key("pareto", key)
    dtype = _float_dtype(dtype, "pareto")
    if shape is not None:
        shape = _canonicalize_shape(shape)
    return _pareto_jit(key_data_, b, shape, dtype)


def _lognormal(key, sigma, shape, dtype):
    if shape is None:
        shape = np.shape(sigma)
    else:
        _check_shape("lognormal", shape, np.shape(sigma))
    sigma = _bcast(_convert(sigma, dtype), shape)
    return lax.exp(lax.mul(_normal(key, shape, dtype), sigma))


_lognormal_jit = jit(_lognormal, static_argnums=(2, 3))


def lognormal(key, sigma=np.float32(1.0), shape=None, dtype=None):
    """Log-normal random values: exp(sigma * normal)."""
    key_data_, _ = _check_prng_key("lognormal", key)
    dtype = _float_dtype(dtype, "lognormal")
    if shape is not None:
        shape = _canonicalize_shape(shape)
    return _lognormal_jit(key_data_, sigma, shape, dtype)


def _rayleigh(key, scale, shape, dtype):
    if shape is None:
        shape = np.shape(scale)
    else:
        _check_shape("rayleigh", shape, np.shape(scale))
    u = _uniform(key, 0., 1., shape, dtype)
    scale = _bcast(_convert(scale, dtype), shape)
    return lax.mul(scale, lax.sqrt(lax.mul(lax.log(u),
                                           np.asarray(-2, dtype))))


_rayleigh_jit = jit(_rayleigh, static_argnums=(2, 3))


def rayleigh(key, scale, shape=None, dtype=None):
    """Rayleigh random values."""
    key_data_, _ = _check_prng_key("rayleigh", key)
    dtype = _float_dtype(dtype, "rayleigh")
    if shape is not None:
        shape = _canonicalize_shape(shape)
    return _rayleigh_jit(key_data_, scale, shape, dtype)


def _multivariate_normal(key, mean, cov, shape, dtype, method):
    mean_a, cov_a = abstractify(mean), abstractify(cov)
    if mean_a.ndim < 1:
        raise ValueError(f"multivariate_normal requires mean.ndim >= 1, got "
                         f"mean.ndim == {mean_a.ndim}")
    if cov_a.ndim < 2:
        raise ValueError(f"multivariate_normal requires cov.ndim >= 2, got "
                         f"cov.ndim == {cov_a.ndim}")
    n = mean_a.shape[-1]
    if cov_a.shape[-2:] != (n, n):
        raise ValueError(f"multivariate_normal requires cov.shape == (..., n, "
                         f"n) for n={n}, but got cov.shape == {cov_a.shape}.")
    if shape is None:
        shape = np.broadcast_shapes(mean_a.shape[:-1], cov_a.shape[:-2])
    else:
        _check_shape("normal", shape, mean_a.shape[:-1], cov_a.shape[:-2])
    if method != "cholesky":
        raise NotImplementedError(f"multivariate_normal(method={method!r}): "
                                  f"jxp has no svd/eigh yet; use 'cholesky'")
    factor = lax_linalg.cholesky(cov)
    samples = _normal(key, shape + (n,), dtype)
    ct = dtypes.promote((abstractify(factor).dtype, False), (dtype, False))[0]
    factor, samples = _convert(factor, ct), _convert(samples, ct)
    k = len(shape)
    if cov_a.ndim == 2:
        # einsum('...ij,...j->...i'): contract samples' last axis with j.
        prod = lax.dot_general(samples, factor, (((k,), (1,)), ((), ())))
    else:
        factor = _bcast(factor, shape + (n, n))
        batch = tuple(range(k))
        prod = lax.dot_general(factor, samples, (((k + 1,), (k,)),
                                                 (batch, batch)))
    rt = dtypes.promote((mean_a.dtype, False), (ct, False))[0]
    return lax.add(_bcast(_convert(mean, rt), shape + (n,)),
                   _convert(prod, rt))


_multivariate_normal_jit = jit(_multivariate_normal,
                               static_argnums=(3, 4, 5))


def _promote_inexact(*xs):
    avals = [abstractify(x) for x in xs]
    dtype, _ = dtypes.promote(*[(a.dtype, a.weak_type) for a in avals])
    if not dtypes.is_inexact(dtype):
        dtype = dtypes.default_float()
    return dtype


def _asarray(x):
    if _is_array(x):
        return x
    if isinstance(x, (list, tuple)):
        x = np.asarray(x)
    a = abstractify(x)
    value = np.asarray(x, a.dtype)
    if core.current_frame() is not None:
        t = core.current_frame().constant(value)
        return core.rebind_aval(t, t.aval.update(weak_type=a.weak_type))
    return from_numpy(value, a.weak_type)


def multivariate_normal(key, mean, cov, shape=None, dtype=None,
                        method="cholesky"):
    """Multivariate normal values: mean + cholesky(cov) @ normal."""
    key_data_, _ = _check_prng_key("multivariate_normal", key)
    mean, cov = _asarray(mean), _asarray(cov)
    common = _promote_inexact(mean, cov)
    mean, cov = _convert(mean, common), _convert(cov, common)
    if method not in {"svd", "eigh", "cholesky"}:
        raise ValueError("method must be one of {'svd', 'eigh', 'cholesky'}")
    dtype = common if dtype is None else _canonicalize_user_dtype(dtype)
    if not dtypes.is_float(dtype):
        raise ValueError(f"dtype argument to `multivariate_normal` must be a "
                         f"float dtype, got {dtype}")
    if shape is not None:
        shape = _canonicalize_shape(shape)
    return _multivariate_normal_jit(key_data_, mean, cov, shape, dtype,
                                    method)


# ---------------------------------------------------------------------------
# Discrete samplers
# ---------------------------------------------------------------------------


def _clip_const(val_dtype, dtype):
    """The bounds of _convert_and_clip_integer, in val's dtype."""
    a, b = dtypes.iinfo(dtype), dtypes.iinfo(val_dtype)
    return (np.asarray(max(a.min, b.min), val_dtype),
            np.asarray(min(a.max, b.max), val_dtype))


def _convert_and_clip_integer(val, dtype):
    """`val` (integer) converted to `dtype`, clipped to its range rather
    than wrapped."""
    lo, hi = _clip_const(abstractify(val).dtype, dtype)
    val = lax.min(hi, lax.max(lo, val))
    return lax.convert_element_type(val, dtype)


def _randint(key, minval, maxval, shape, dtype):
    _check_shape("randint", shape, np.shape(minval), np.shape(maxval))
    if not dtypes.is_int(abstractify(minval).dtype):
        minval = lax.convert_element_type(minval, dtypes.default_int())
    if not dtypes.is_int(abstractify(maxval).dtype):
        maxval = lax.convert_element_type(maxval, dtypes.default_int())
    maxval_dtype = abstractify(maxval).dtype
    # maxval beyond the dtype's range (randint(k, s, 0, 256, uint8)).
    top = np.asarray(np.iinfo(dtype).max, dtype)
    lo_c, hi_c = _clip_const(dtype, maxval_dtype)
    top = np.clip(top, lo_c, hi_c).astype(maxval_dtype)
    maxval_out_of_range = lax.gt(maxval, top)

    minval = _convert_and_clip_integer(minval, dtype)
    maxval = _convert_and_clip_integer(maxval, dtype)
    pshape = np.broadcast_shapes(shape, np.shape(minval), np.shape(maxval))
    minval, maxval = _bcast(minval, pshape), _bcast(maxval, pshape)
    maxval_out_of_range = _bcast(maxval_out_of_range, pshape)
    nbits = np.iinfo(dtype).bits

    k1, k2 = _split_pair(key)
    higher_bits = _prng.random_bits(k1, nbits, shape)
    lower_bits = _prng.random_bits(k2, nbits, shape)

    unsigned = dtypes.UINT_BY_BITS[nbits]
    span = lax.convert_element_type(lax.sub(maxval, minval), unsigned)
    # span 1 when maxval <= minval: always minval (JAX issue #222).
    span = lax.select(lax.le(maxval, minval), _full(pshape, 1, unsigned), span)
    # One more when maxval is out of range; wraps to 0 at the full range,
    # where the remainders below then have no effect.
    span = lax.select(
        lax.bitwise_and(maxval_out_of_range, lax.gt(maxval, minval)),
        lax.add(span, np.asarray(1, unsigned)), span)
    # (hi * 2**nbits + lo) % span, without overflow.
    multiplier = lax.rem(np.asarray(2 ** (nbits // 2), unsigned), span)
    multiplier = lax.rem(lax.mul(multiplier, multiplier), span)
    random_offset = lax.add(
        lax.mul(lax.rem(higher_bits, span), multiplier),
        lax.rem(lower_bits, span))
    random_offset = lax.rem(random_offset, span)
    return lax.add(minval, lax.convert_element_type(random_offset, dtype))


def _randint_any(key, minval, maxval, shape, dtype):
    info = np.iinfo(dtype)
    if info.bits < 32:
        # Sampled in 32 bits, to avoid bias.
        i32 = dtypes.int32
        minval = lax.min(np.int32(info.max),
                         lax.max(np.int32(info.min), _convert(minval, i32)))
        maxval = lax.min(np.int32(info.max + 1),
                         lax.max(np.int32(info.min), _convert(maxval, i32)))
        return lax.convert_element_type(
            _randint(key, minval, maxval, shape, i32), dtype)
    return _randint(key, minval, maxval, shape, dtype)


_randint_jit = jit(_randint_any, static_argnums=(3, 4))


def randint(key, shape, minval, maxval, dtype=None):
    """Uniform random integers in [minval, maxval)."""
    key_data_, _ = _check_prng_key("randint", key)
    dtype = _canonicalize_user_dtype(int if dtype is None else dtype)
    shape = _canonicalize_shape(shape)
    if not dtypes.is_int(dtype):
        raise TypeError(f"randint only accepts integer dtypes, got {dtype}")
    for v in (minval, maxval):
        if isinstance(v, (list, tuple)):
            raise TypeError("randint requires ndarray or scalar arguments, "
                            f"got {type(v).__name__}.")
    return _randint_jit(key_data_, minval, maxval, shape, dtype)


def _bernoulli(key, p, shape, mode):
    if shape is None:
        shape = np.shape(p)
    else:
        _check_shape("bernoulli", shape, np.shape(p))
    dtype = abstractify(p).dtype
    if mode == "high":
        u = _uniform(key, 0., 1., (2,) + shape, dtype)
        start = (0,) * len(shape)
        u1 = lax.reshape(slicing.slice(u, (0,) + start, (1,) + shape), shape)
        u2 = lax.reshape(slicing.slice(u, (1,) + start, (2,) + shape), shape)
        u2 = lax.mul(u2, np.asarray(2. ** -dtypes.finfo(dtype).nmant, dtype))
        return lax.lt(u2, lax.sub(_bcast(p, shape), u1))
    return lax.lt(_uniform(key, 0., 1., shape, dtype), _bcast(p, shape))


_bernoulli_jit = jit(_bernoulli, static_argnums=(2, 3))


def bernoulli(key, p=0.5, shape=None, mode="low"):
    """Bernoulli(p) random booleans."""
    if shape is not None:
        shape = _canonicalize_shape(shape)
    if mode not in ["high", "low"]:
        raise ValueError(f"got {mode=}, expected 'high' or 'low'")
    key_data_, _ = _check_prng_key("bernoulli", key)
    dtype = abstractify(p).dtype
    if not dtypes.is_float(dtype):
        raise TypeError(f"bernoulli probability `p` must have a floating "
                        f"dtype, got {dtype}.")
    return _bernoulli_jit(key_data_, p, shape, mode)


def _rademacher(key, shape, dtype):
    # JAX's bernoulli(key, 0.5): p of the default float dtype (float64
    # with x64).
    fdt = dtypes.default_float()
    b = lax.convert_element_type(
        lax.lt(_uniform(key, 0., 1., shape, fdt), np.asarray(0.5, fdt)),
        dtype)
    return lax.sub(lax.mul(np.asarray(2, dtype), b), np.asarray(1, dtype))


_rademacher_jit = jit(_rademacher, static_argnums=(1, 2))


def rademacher(key, shape=(), dtype=None):
    """Random -1 or 1 (of an integer dtype)."""
    key_data_, _ = _check_prng_key("rademacher", key)
    dtype = _canonicalize_user_dtype(int if dtype is None else dtype)
    shape = _canonicalize_shape(shape)
    return _rademacher_jit(key_data_, shape, dtype)


def _shuffle(key, x, axis):
    """x shuffled along `axis` by sorting on random 32-bit keys (JAX's
    algorithm: repeated rounds so that collisions are unlikely)."""
    exponent = 3
    uint32max = np.iinfo(np.uint32).max
    size = abstractify(x).size
    num_rounds = int(np.ceil(exponent * np.log(max(1, size))
                             / np.log(uint32max)))
    for _ in range(num_rounds):
        key, subkey = _split_pair(key)
        sort_keys = _prng.random_bits(subkey, 32, abstractify(x).shape)
        _, x = lax.sort((sort_keys, x), dimension=axis, is_stable=True,
                        num_keys=1)
    return x


def _permutation(key, x, axis, independent):
    if independent or abstractify(x).ndim == 1:
        return _shuffle(key, x, axis)
    n = abstractify(x).shape[axis]
    ind = _shuffle(key, lax.iota(dtypes.default_int(), n), 0)
    return _take(x, ind, axis)


_permutation_jit = jit(_permutation, static_argnums=(2, 3))


def _arange_shuffle(key, n):
    return _shuffle(key, lax.iota(dtypes.default_int(), n), 0)


_arange_shuffle_jit = jit(_arange_shuffle, static_argnums=(1,))


def _concrete_int(x, what):
    if isinstance(x, Tracer):
        raise errors.ConcretizationTypeError(x)
    return int(x)


def permutation(key, x, axis=0, independent=False):
    """A random permutation of arange(x) (int x) or of x along `axis`."""
    key_data_, _ = _check_prng_key("permutation", key)
    if isinstance(x, (list, tuple)):
        raise TypeError("permutation requires ndarray or scalar arguments, "
                        f"got {type(x).__name__} at position 0.")
    axis = canonicalize_axis(axis, np.ndim(x) or 1)
    if not np.ndim(x):
        if not np.issubdtype(abstractify(x).dtype, np.integer):
            raise TypeError("x must be an integer or at least 1-dimensional")
        r = _concrete_int(x, "argument x of jax.random.permutation()")
        return _arange_shuffle_jit(key_data_, r)
    return _permutation_jit(key_data_, x, axis, bool(independent))


def _searchsorted_left(sorted_arr, query):
    """jnp.searchsorted(sorted_arr, query) (side='left') for a sorted 1-D
    array: how many of its elements are below each query."""
    q = abstractify(query)
    n = abstractify(sorted_arr).shape[0]
    shape = q.shape + (n,)
    less = lax.lt(lax.broadcast_in_dim(sorted_arr, shape, (q.ndim,)),
                  lax.broadcast_in_dim(query, shape, tuple(range(q.ndim))))
    return lax.reduce_sum(lax.convert_element_type(less, dtypes.int32),
                          (q.ndim,))


def _choice(key, arr, p, shape, replace, axis, mode, n_inputs, scalar):
    n_draws = math.prod(shape)
    int_dtype = dtypes.default_int()
    if p is None:
        if replace:
            ind = _randint_any(key, 0, n_inputs, shape, int_dtype)
            result = ind if scalar else _take(arr, ind, axis)
        else:
            if scalar:
                result = _shuffle(key, lax.iota(int_dtype, n_inputs), 0)
            else:
                result = _permutation(key, arr, axis, False)
            ra = abstractify(result)
            limit = ra.shape[:axis] + (n_draws,) + ra.shape[axis + 1:]
            result = slicing.slice(result, (0,) * ra.ndim, limit)
    else:
        pdtype = abstractify(p).dtype
        if replace:
            p_cuml = lax.cumsum(p, 0)
            last = lax.reshape(slicing.slice(p_cuml, (n_inputs - 1,), (n_inputs,)),
                               ())
            u = _uniform(key, 0., 1., shape, pdtype)
            r = lax.mul(last, lax.sub(np.asarray(1, pdtype), u))
            ind = _convert(_searchsorted_left(p_cuml, r), int_dtype)
        else:
            g = lax.add(_gumbel(key, (n_inputs,), pdtype, mode), lax.log(p))
            ind = _convert(_top_k_indices(g, n_draws), int_dtype)
        result = ind if scalar else _take(arr, ind, axis)
    ra = abstractify(arr)
    out_shape = (shape if scalar else
                 ra.shape[:axis] + tuple(shape) + ra.shape[axis + 1:])
    return lax.reshape(result, out_shape)


_choice_jit = jit(_choice, static_argnums=(3, 4, 5, 6, 7, 8))


def choice(key, a, shape=(), replace=True, p=None, axis=0, mode=None):
    """A random sample of `a` (or of arange(a) for an int) along `axis`."""
    key_data_, _ = _check_prng_key("choice", key)
    if not isinstance(shape, Sequence):
        raise TypeError(f"shape argument of jax.random.choice must be a "
                        f"sequence, got {shape}")
    if isinstance(a, (list, tuple)):
        raise TypeError("choice requires ndarray or scalar arguments, got "
                        f"{type(a).__name__} at position 0.")
    shape = _canonicalize_shape(shape)
    arr = _asarray(a)
    ndim = abstractify(arr).ndim
    if ndim == 0:
        n_inputs = _concrete_int(a, "The error occurred in jax.random.choice()")
    else:
        axis = canonicalize_axis(axis, ndim)
        n_inputs = abstractify(arr).shape[axis]
    n_draws = math.prod(shape)
    if n_draws == 0:
        return _full(shape, 0, abstractify(arr).dtype)
    if n_inputs <= 0:
        raise ValueError("a must be greater than 0 unless no samples are taken")
    if not replace and n_draws > n_inputs:
        raise ValueError(
            f"Cannot take a larger sample (size {n_draws}) than population "
            f"(size {n_inputs}) when 'replace=False'")
    if p is not None:
        if isinstance(p, (list, tuple)):
            raise TypeError("choice requires ndarray or scalar arguments, got "
                            f"{type(p).__name__} at position 0.")
        p = _asarray(p)
        p = _convert(p, _promote_inexact(p))
        if abstractify(p).shape != (n_inputs,):
            raise ValueError(
                "p must be None or a 1D vector with the same size as "
                f"a.shape[axis]. p has shape {abstractify(p).shape} and "
                f"a.shape[axis] is {n_inputs}.")
    mode = _gumbel_mode(mode) if p is not None and not replace else mode
    return _choice_jit(key_data_, arr, p, shape, bool(replace),
                       axis if ndim else 0, mode, n_inputs, ndim == 0)


def _categorical(key, logits, shape, batch_shape, axis, replace, mode):
    la = abstractify(logits)
    shape_prefix = shape[:len(shape) - len(batch_shape)]
    if replace:
        if axis >= 0:
            axis -= la.ndim
        logits_shape = list(shape[len(shape) - len(batch_shape):])
        logits_shape.insert(axis % la.ndim, la.shape[axis])
        full = tuple(shape_prefix) + tuple(logits_shape)
        g = _gumbel(key, full, la.dtype, mode)
        nlead = len(shape_prefix)
        expanded = lax.reshape(logits, (1,) * nlead + la.shape)
        x = lax.add(g, _bcast(expanded, full))
        return lax.argmax(x, axis % len(full), dtypes.default_int())
    logits = lax.add(logits, _gumbel(key, la.shape, la.dtype, mode))
    k = math.prod(shape_prefix)
    if k > la.shape[axis]:
        raise ValueError(
            f"Number of samples without replacement ({k}) cannot exceed "
            f"number of categories ({la.shape[axis]}).")
    ax = axis % la.ndim
    perm = tuple(i for i in range(la.ndim) if i != ax) + (ax,)
    indices = _top_k_indices(lax.transpose(logits, perm), k)
    nd = abstractify(indices).ndim
    indices = lax.transpose(indices, (nd - 1,) + tuple(range(nd - 1)))
    return lax.reshape(indices, shape)  # top_k's int32, as in JAX


_categorical_jit = jit(_categorical, static_argnums=(2, 3, 4, 5, 6))


def categorical(key, logits, axis=-1, shape=None, replace=True, mode=None):
    """Samples of categorical distributions given by `logits` along axis."""
    key_data_, _ = _check_prng_key("categorical", key)
    if isinstance(logits, (list, tuple)):
        raise TypeError("categorical requires ndarray or scalar arguments, "
                        f"got {type(logits).__name__} at position 0.")
    logits = _asarray(logits)
    la = abstractify(logits)
    axis = operator.index(axis)
    if not -la.ndim <= axis < la.ndim:
        raise ValueError(f"axis {axis} is out of bounds for array of "
                         f"dimension {la.ndim}")
    batch_shape = tuple(np.delete(la.shape, axis))
    if shape is None:
        shape = batch_shape
    else:
        shape = _canonicalize_shape(shape)
        _check_shape("categorical", shape, batch_shape)
    if not dtypes.is_float(la.dtype):
        raise ValueError(f"dtype argument to `gumbel` must be a float dtype, "
                         f"got {la.dtype}")
    return _categorical_jit(key_data_, logits, tuple(shape), batch_shape,
                            axis, bool(replace), _gumbel_mode(mode))


# ---------------------------------------------------------------------------
# Gamma and the distributions built on it
# ---------------------------------------------------------------------------
#
# JAX samples each gamma variate by its own Marsaglia-Tsang rejection loop on
# its own key (the sampler's key split into one key per element), vmapped:
# the loops run together until every element is accepted, each element's
# state advancing only while its own loop runs, so its bits are those of the
# scalar loop. Here the same scalar loop is vmapped.


def _key_rows(keys, n):
    """The n uint32[2] keys of a uint32[n, 2] array."""
    return [lax.reshape(slicing.slice(keys, (i, 0), (i + 1, 2)), (2,))
            for i in range(n)]


def _split_n(key, n):
    return _key_rows(_prng.split(key, (n,)), n)


def _gamma_one(key, alpha, log_space):
    """One Gamma(alpha) variate (its log if log_space) from one key."""
    dtype = abstractify(alpha).dtype

    def c(v):
        return np.asarray(v, dtype)

    # alpha < 1 samples Gamma(alpha + 1) * U ** (1 / alpha).
    boost_mask = lax.ge(alpha, c(1))
    alpha_orig = alpha
    alpha = lax.select(boost_mask, alpha, lax.add(alpha, c(1)))
    d = lax.sub(alpha, c(1. / 3.))
    cc = lax.div(c(1. / 3.), lax.sqrt(d))

    def accepted_not(state):
        _, x2, v3, u = state
        return lax.bitwise_and(
            lax.ge(u, lax.sub(c(1), lax.mul(c(0.0331), lax.mul(x2, x2)))),
            lax.ge(lax.log(u), lax.add(
                lax.mul(x2, c(0.5)),
                lax.mul(d, lax.add(lax.sub(c(1), v3), lax.log(v3))))))

    def propose(state):
        key, x_key, u_key = _split_n(state[0], 3)

        def next_x(kxv):
            k, sub = _split_pair(kxv[0])
            x = _normal(sub, (), dtype)
            return k, x, lax.add(c(1), lax.mul(x, cc))

        _, x, v = slicing.while_loop(lambda kxv: lax.le(kxv[2], c(0)), next_x,
                                 (x_key, c(0), c(-1)))
        u = _uniform(u_key, 0., 1., (), dtype)
        return key, lax.mul(x, x), lax.mul(lax.mul(v, v), v), u

    key, subkey = _split_pair(key)
    # The initial state makes the first test true: one proposal at least.
    _, _, v3, _ = slicing.while_loop(accepted_not, propose,
                                 (key, c(0), c(1), c(2)))
    if log_space:
        log_u = lax.neg(_exponential(subkey, (), dtype))
        log_boost = lax.select(
            lax.bitwise_or(boost_mask, lax.eq(log_u, c(0))), c(0),
            lax.mul(log_u, lax.div(c(1), alpha_orig)))
        return lax.add(lax.add(lax.log(d), lax.log(v3)), log_boost)
    u = lax.sub(c(1), _uniform(subkey, 0., 1., (), dtype))
    boost = lax.select(boost_mask, c(1), lax.pow(u, lax.div(c(1),
                                                            alpha_orig)))
    return lax.mul(lax.mul(d, v3), boost)


def _gamma_values(key, a, log_space):
    """Gamma variates (or their logs) of the alphas `a`, one key each."""
    aval = abstractify(a)
    n = aval.size
    if n == 0:
        return a
    keys = _prng.split(key, (n,))
    alphas = lax.reshape(a, (n,))
    one = _vmap(lambda k, al: _gamma_one(k, al, log_space))
    return lax.reshape(one(keys, alphas), aval.shape)


def _gamma_grad(sample, a, log_space):
    """d sample / d a, JAX's rule through random_gamma_grad."""
    if log_space:
        # d log(x) = dx / x; x = exp(log x) may round to 0: use tiny.
        x = lax.exp(sample)
        dtype = abstractify(x).dtype
        x = lax.select(lax.eq(x, np.asarray(0, dtype)),
                       _full(abstractify(x).shape, dtypes.finfo(dtype).tiny,
                             dtype), x)
        return lax.div(_random_gamma_grad(a, x), x)
    return _random_gamma_grad(a, sample)


def _make_gamma_p(log_space):
    f = custom_jvp(lambda key, a: _gamma_values(key, a, log_space))

    def jvp(primals, tangents):
        key, a = primals
        ans = f(key, a)
        return ans, lax.mul(tangents[1], _gamma_grad(ans, a, log_space))
    f.defjvp(jvp)
    return f


_gamma_p = {False: _make_gamma_p(False), True: _make_gamma_p(True)}


def _gamma(key, a, shape, dtype, log_space=False):
    if shape is None:
        shape = np.shape(a)
    else:
        _check_shape("gamma", shape, np.shape(a))
    a = _bcast(lax.convert_element_type(a, dtype), shape)
    return _gamma_p[log_space](key, a)


_gamma_jit = jit(_gamma, static_argnums=(2, 3, 4))


def _bind_random_gamma(key, a, log_space=False):
    key_data_, _ = _check_prng_key("random_gamma", key)
    return _gamma_p[bool(log_space)](key_data_, a)


# JAX's primitive: Gamma(a) samples of a's shape from one key.
random_gamma_p = LaxPrimitive("random_gamma", _bind_random_gamma)


def _dist_key_dtype(name, key, dtype, msg_name=None):
    key_data_, _ = _check_prng_key(name, key)
    return key_data_, _float_dtype(dtype, msg_name or name)


def gamma(key, a, shape=None, dtype=None):
    """Standard Gamma(a) random values (unit scale)."""
    key_data_, dtype = _dist_key_dtype("gamma", key, dtype)
    if shape is not None:
        shape = _canonicalize_shape(shape)
    return _gamma_jit(key_data_, a, shape, dtype, False)


def loggamma(key, a, shape=None, dtype=None):
    """log of Gamma(a) random values, sampled in log space (precise for
    small a)."""
    key_data_, dtype = _dist_key_dtype("loggamma", key, dtype, "gamma")
    if shape is not None:
        shape = _canonicalize_shape(shape)
    return _gamma_jit(key_data_, a, shape, dtype, True)


def _check_broadcast_shapes(name, shape, *args):
    arg_shapes = [np.shape(a) for a in args]
    if shape is None:
        try:
            return np.broadcast_shapes(*arg_shapes)
        except ValueError:
            raise ValueError(f"Incompatible shapes for broadcasting: shapes="
                             f"{arg_shapes}") from None
    shape = _canonicalize_shape(shape)
    _check_shape(name, shape, *arg_shapes)
    return shape


def _check_all_safe_to_cast(name, dtype, *args):
    for arg in args:
        aval = abstractify(arg)
        arg_dtype = aval.dtype
        if arg_dtype == dtype:
            continue
        if dtypes.promote((arg_dtype, aval.weak_type),
                          (dtype, False))[0] != dtype:
            raise ValueError(f"In arguments to {name}, cannot safely cast "
                             f"argument of type {arg_dtype} to {dtype}")


def _beta(key, a, b, shape, dtype):
    if shape is None:
        shape = np.broadcast_shapes(np.shape(a), np.shape(b))
    else:
        _check_shape("beta", shape, np.shape(a), np.shape(b))
    a = _bcast(lax.convert_element_type(a, dtype), shape)
    b = _bcast(lax.convert_element_type(b, dtype), shape)
    key_a, key_b = _split_pair(key)
    log_ga = _gamma(key_a, a, shape, dtype, True)
    log_gb = _gamma(key_b, b, shape, dtype, True)
    # ga / (ga + gb), scaled by the larger so neither overflows nor vanishes.
    log_max = lax.max(log_ga, log_gb)
    ga = lax.exp(lax.sub(log_ga, log_max))
    gb = lax.exp(lax.sub(log_gb, log_max))
    return lax.div(ga, lax.add(ga, gb))


_beta_jit = jit(_beta, static_argnums=(3, 4))


def beta(key, a, b, shape=None, dtype=None):
    """Beta(a, b) random values."""
    key_data_, dtype = _dist_key_dtype("beta", key, dtype)
    _check_all_safe_to_cast("beta", dtype, a, b)
    shape = _check_broadcast_shapes("beta", shape, a, b)
    return _beta_jit(key_data_, a, b, shape, dtype)


def _dirichlet(key, alpha, shape, dtype):
    if not np.ndim(alpha) >= 1:
        raise ValueError(f"dirichlet requires alpha.ndim >= 1, got "
                         f"alpha.ndim == {np.ndim(alpha)}")
    if shape is None:
        shape = np.shape(alpha)[:-1]
    else:
        _check_shape("dirichlet", shape, np.shape(alpha)[:-1])
    alpha = lax.convert_element_type(alpha, dtype)
    log_g = _gamma(key, alpha, shape + np.shape(alpha)[-1:], dtype, True)
    return _nn.softmax(log_g, -1)


_dirichlet_jit = jit(_dirichlet, static_argnums=(2, 3))


def dirichlet(key, alpha, shape=None, dtype=None):
    """Dirichlet(alpha) random values, alpha's last axis the categories."""
    key_data_, dtype = _dist_key_dtype("dirichlet", key, dtype)
    if shape is not None:
        shape = _canonicalize_shape(shape)
    return _dirichlet_jit(key_data_, alpha, shape, dtype)


def _t(key, df, shape, dtype):
    df = lax.convert_element_type(df, dtype)
    key_n, key_g = _split_pair(key)
    n = _normal(key_n, shape, dtype)
    half_df = lax.div(df, np.asarray(2, dtype))
    g = _gamma(key_g, half_df, shape, dtype)
    return n * ufuncs.sqrt(half_df / g)


_t_jit = jit(_t, static_argnums=(2, 3))


def t(key, df, shape=None, dtype=None):
    """Student's t random values with df degrees of freedom."""
    key_data_, dtype = _dist_key_dtype("t", key, dtype)
    shape = _check_broadcast_shapes("t", shape, df)
    _check_all_safe_to_cast("t", dtype, df)
    return _t_jit(key_data_, df, shape, dtype)


def _chisquare(key, df, shape, dtype):
    df = lax.convert_element_type(df, dtype)
    two = np.asarray(2, dtype)
    half_df = lax.div(df, two)
    _check_shape("gamma", shape, np.shape(half_df))
    log_g = _gamma(key, half_df, shape, dtype, True)
    return lax.mul(ufuncs.exp(log_g), two)


_chisquare_jit = jit(_chisquare, static_argnums=(2, 3))


def chisquare(key, df, shape=None, dtype=None):
    """Chi-squared random values with df degrees of freedom."""
    key_data_, dtype = _dist_key_dtype("chisquare", key, dtype)
    shape = _check_broadcast_shapes("chisquare", shape, df)
    _check_all_safe_to_cast("chisquare", dtype, df)
    return _chisquare_jit(key_data_, df, shape, dtype)


def _f(key, dfnum, dfden, shape, dtype):
    dfden = lax.convert_element_type(dfden, dtype)
    dfnum = lax.convert_element_type(dfnum, dtype)
    key_dfd, key_dfn = _split_pair(key)
    chi2_dfn = _chisquare(key_dfn, dfnum, shape, dtype)
    chi2_dfd = _chisquare(key_dfd, dfden, shape, dtype)
    # Not broadcast: parameters of lower rank than `shape` are a TypeError
    # in JAX (lax.div).
    num = lax.div(chi2_dfn, dfnum)
    den = lax.div(chi2_dfd, dfden)
    return lax.div(num, den)


_f_jit = jit(_f, static_argnums=(3, 4))


def f(key, dfnum, dfden, shape=None, dtype=None):
    """F-distribution random values."""
    key_data_, dtype = _dist_key_dtype("f", key, dtype)
    shape = _check_broadcast_shapes("f", shape, dfnum, dfden)
    _check_all_safe_to_cast("f", dtype, dfnum, dfden)
    return _f_jit(key_data_, dfnum, dfden, shape, dtype)


def _generalized_normal(key, p, shape, dtype):
    k1, k2 = _split_pair(key)
    inv_p = 1 / p
    g = _gamma(k1, inv_p, shape, dtype)
    r = _rademacher(k2, shape, dtype)
    return r * g ** inv_p


_generalized_normal_jit = jit(_generalized_normal, static_argnums=(2, 3))


def generalized_normal(key, p, shape=(), dtype=None):
    """Generalized normal random values: density exp(-|x| ** p) / norm."""
    shape = _canonicalize_shape(shape)
    key_data_, _ = _check_prng_key("generalized_normal", key)
    dtype = _canonicalize_user_dtype(float if dtype is None else dtype)
    return _generalized_normal_jit(key_data_, p, shape, dtype)


def _ball(key, p, d, shape, dtype):
    k1, k2 = _split_pair(key)
    g = _generalized_normal(k1, p, shape + (d,), dtype)
    e = _exponential(k2, shape, dtype)
    return g / (((ufuncs.abs(g) ** p).sum(-1) + e) ** (1 / p))[..., None]


_ball_jit = jit(_ball, static_argnums=(2, 3, 4))


def ball(key, d, p=2, shape=(), dtype=None):
    """Uniform random points in the unit p-norm ball of dimension d."""
    shape = _canonicalize_shape(shape)
    key_data_, _ = _check_prng_key("ball", key)
    dtype = _canonicalize_user_dtype(float if dtype is None else dtype)
    if isinstance(d, Tracer):
        raise errors.ConcretizationTypeError(d)
    d = operator.index(d)
    return _ball_jit(key_data_, p, d, shape, dtype)


# ---------------------------------------------------------------------------
# More continuous samplers
# ---------------------------------------------------------------------------


def _maxwell(key, shape, dtype):
    return jnp_linalg.norm(_normal(key, shape + (3,), dtype), axis=-1)


maxwell = _float_sampler("maxwell", _maxwell,
                         "Maxwell random values (norm of 3 normals).")


def _double_sided_maxwell(key, loc, scale, shape, dtype):
    params_shape = np.broadcast_shapes(np.shape(loc), np.shape(scale))
    # As JAX: the parameters' shape is appended to `shape` (or is the shape
    # when `shape` is empty).
    shape = (shape or params_shape) + params_shape
    maxwell_key, sign_key = _split_pair(key)
    rvs = _maxwell(maxwell_key, shape, dtype)
    sign = _rademacher(sign_key, shape, dtype)
    return sign * rvs * scale + loc


_double_sided_maxwell_jit = jit(_double_sided_maxwell, static_argnums=(3, 4))


def double_sided_maxwell(key, loc, scale, shape=(), dtype=None):
    """Double-sided Maxwell random values: loc + scale * sign * maxwell."""
    key_data_, dtype = _dist_key_dtype("double_sided_maxwell", key, dtype)
    shape = _canonicalize_shape(shape)
    return _double_sided_maxwell_jit(key_data_, loc, scale, shape, dtype)


def _weibull_min(key, scale, concentration, shape, dtype):
    u = _uniform(key, 0., 1., shape, dtype)
    return ufuncs.power(-ufuncs.log1p(-u), 1.0 / concentration) * scale


_weibull_min_jit = jit(_weibull_min, static_argnums=(3, 4))


def weibull_min(key, scale, concentration, shape=(), dtype=None):
    """Weibull random values: scale * (-log(1 - U)) ** (1 / concentration)."""
    key_data_, dtype = _dist_key_dtype("weibull_min", key, dtype)
    shape = _canonicalize_shape(shape)
    return _weibull_min_jit(key_data_, scale, concentration, shape, dtype)


def _wald(key, mean, shape, dtype):
    k1, k2 = _split_pair(key)
    mean = _bcast(lax.convert_element_type(mean, dtype), shape)
    v = _normal(k1, shape, dtype)
    z = _uniform(k2, 0., 1., shape, dtype)
    y = lax.integer_pow(v, 2)
    y_sq = lax.integer_pow(y, 2)
    mean_sq = lax.integer_pow(mean, 2)
    sqrt_term = lax.sqrt(4 * mean * y + mean_sq * y_sq)
    x = mean + mean_sq * y / 2 - mean / 2 * sqrt_term
    return lax.select(lax.le(z, mean / (mean + x)), x, mean_sq / x)


_wald_jit = jit(_wald, static_argnums=(2, 3))


def wald(key, mean, shape=None, dtype=None):
    """Wald (inverse Gaussian) random values with the given mean."""
    key_data_, dtype = _dist_key_dtype("wald", key, dtype)
    shape = _check_broadcast_shapes("wald", shape, mean)
    _check_all_safe_to_cast("wald", dtype, mean)
    return _wald_jit(key_data_, mean, shape, dtype)


def _triangular(key, left, mode, right, shape, dtype):
    left = _bcast(lax.convert_element_type(left, dtype), shape)
    right = _bcast(lax.convert_element_type(right, dtype), shape)
    mode = _bcast(lax.convert_element_type(mode, dtype), shape)
    fc = (mode - left) / (right - left)
    u = _uniform(key, 0., 1., shape, dtype)
    out1 = left + lax.sqrt(u * (right - left) * (mode - left))
    out2 = right - lax.sqrt((1 - u) * (right - left) * (right - mode))
    return lax.select(lax.lt(u, fc), out1, out2)


_triangular_jit = jit(_triangular, static_argnums=(4, 5))


def triangular(key, left, mode, right, shape=None, dtype=None):
    """Triangular random values on [left, right] peaking at mode."""
    key_data_, dtype = _dist_key_dtype("triangular", key, dtype)
    shape = _check_broadcast_shapes("triangular", shape, left, mode, right)
    _check_all_safe_to_cast("triangular", dtype, left, mode, right)
    return _triangular_jit(key_data_, left, mode, right, shape, dtype)


def _orthogonal(key, n, m, shape, dtype):
    z = _normal(key, shape + (max(n, m), min(n, m)), dtype)
    q, r = jnp_linalg.qr(z)
    d = tensor_contractions.diagonal(r, axis1=-2, axis2=-1)
    x = q * manipulation.expand_dims(ufuncs.sign(d), -2)
    return manipulation.swapaxes(x, -1, -2) if n < m else x


_orthogonal_jit = jit(_orthogonal, static_argnums=(1, 2, 3, 4))


def orthogonal(key, n, shape=(), dtype=None, m=None):
    """Random n x m matrices with orthonormal columns (or rows), Haar
    distributed: the Q of a Gaussian matrix's QR, signs fixed by R."""
    shape = _canonicalize_shape(shape)
    key_data_, _ = _check_prng_key("orthogonal", key)
    dtype = _canonicalize_user_dtype(float if dtype is None else dtype)
    for v in (n, m):
        if isinstance(v, Tracer):
            raise errors.ConcretizationTypeError(v)
    n = operator.index(n)
    m = n if m is None else operator.index(m)
    return _orthogonal_jit(key_data_, n, m, shape, dtype)


# ---------------------------------------------------------------------------
# More discrete samplers
# ---------------------------------------------------------------------------


def _isnan(x):
    return lax.ne(x, x)


def _geometric(key, p, shape, dtype):
    p = creation.asarray(p)
    if not dtypes.is_inexact(p.dtype):
        p = p.astype(dtypes.default_float())
    u = _uniform(key, 0., 1., shape, p.dtype)
    u = sorting.where(u == 0, 1, u)
    log_u = lax.log(u)
    log_one_minus_p = util.broadcast_to(lax.log1p(-p), shape)
    g = lax.floor(lax.div(log_u, log_one_minus_p)) + 1
    return g.astype(dtype)


_geometric_jit = jit(_geometric, static_argnums=(2, 3))


def geometric(key, p, shape=None, dtype=None):
    """Geometric(p) random integers: trials up to the first success."""
    key_data_, _ = _check_prng_key("geometric", key)
    dtype = _canonicalize_user_dtype(int if dtype is None else dtype)
    if not dtypes.is_int(dtype):
        raise ValueError(f"dtype argument to `geometric` must be an int "
                         f"dtype, got {dtype}")
    shape = _check_broadcast_shapes("geometric", shape, p)
    _check_arraylike("geometric", p)
    return _geometric_jit(key_data_, p, shape, dtype)


def _check_arraylike(name, *args):
    for i, a in enumerate(args):
        if isinstance(a, (list, tuple)):
            raise TypeError(f"{name} requires ndarray or scalar arguments, "
                            f"got {type(a).__name__} at position {i}.")


def _poisson_knuth(key, lam, shape, dtype, max_iters):
    def body(carry):
        i, k, rng, log_prod = carry
        rng, subkey = _split_pair(rng)
        k = lax.select(log_prod > -lam, k + 1, k)
        u = _uniform(subkey, 0., 1., shape, dtypes.float32)
        return i + 1, k, rng, log_prod + ufuncs.log(u)

    def cond(carry):
        i, log_prod = carry[0], carry[3]
        return (log_prod > -lam).any() & (i < max_iters)

    k0 = _full(shape, 0, dtype)
    log0 = _full(shape, 0, dtypes.float32)
    k = slicing.while_loop(cond, body, (np.int32(0), k0, key, log0))[1]
    return (k - 1).astype(dtype)


def _poisson_rejection(key, lam, shape, dtype, max_iters):
    # Hormann's transformed rejection.
    log_lam = lax.log(lam)
    b = 0.931 + 2.53 * lax.sqrt(lam)
    a = -0.059 + 0.02483 * b
    inv_alpha = 1.1239 + 1.1328 / (b - 3.4)
    v_r = 0.9277 - 3.6224 / (b - 2)
    ldt = abstractify(lam).dtype

    def body(carry):
        i, k_out, accepted, key = carry
        key, subkey_0, subkey_1 = _split_n(key, 3)
        u = _uniform(subkey_0, 0., 1., shape, ldt) - 0.5
        v = _uniform(subkey_1, 0., 1., shape, ldt)
        u_shifted = 0.5 - abs(u)
        k = lax.floor((2 * a / u_shifted + b) * u + lam + 0.43)
        s = lax.log(v * inv_alpha / (a / (u_shifted * u_shifted) + b))
        t_ = -lam + k * log_lam - lax.lgamma(k + 1)
        accept1 = (u_shifted >= 0.07) & (v <= v_r)
        reject = (k < 0) | ((u_shifted < 0.013) & (v > u_shifted))
        accept2 = s <= t_
        accept = accept1 | (~reject & accept2)
        k_out = lax.select(accept, k, k_out)
        return i + 1, k_out, accepted | accept, key

    def cond(carry):
        i, _, accepted, _ = carry
        return (~accepted).any() & (i < max_iters)

    k0 = _full(shape, -1, ldt)
    acc0 = _full(shape, False, np.bool_)
    k = slicing.while_loop(cond, body, (np.int32(0), k0, acc0, key))[1]
    return k.astype(dtype)


def _poisson(key, lam, shape, dtype):
    use_knuth = _isnan(lam) | (lam < 10)
    lam_knuth = lax.select(use_knuth, lam, creation.zeros_like(lam))
    lam_rejection = lax.select(use_knuth, creation.full_like(lam, 1e5), lam)
    max_iters = dtype.type(np.iinfo(dtype).max)
    result = lax.select(
        use_knuth, _poisson_knuth(key, lam_knuth, shape, dtype, max_iters),
        _poisson_rejection(key, lam_rejection, shape, dtype, max_iters))
    return lax.select(lam == 0, creation.zeros_like(result), result)


_poisson_jit = jit(_poisson, static_argnums=(2, 3))


def poisson(key, lam, shape=None, dtype=None):
    """Poisson(lam) random integers."""
    key_data_, _ = _check_prng_key("poisson", key)
    dtype = _canonicalize_user_dtype(int if dtype is None else dtype)
    if shape is not None:
        shape = _canonicalize_shape(shape)
    else:
        shape = np.shape(lam)
    lam = _poisson_lam_jit(lam, shape)
    return _poisson_jit(key_data_, lam, shape, dtype)


def _poisson_lam(lam, shape):
    return lax.convert_element_type(util.broadcast_to(lam, shape),
                                    dtypes.float32)


_poisson_lam_jit = jit(_poisson_lam, static_argnums=(1,))


_STIRLING_TAIL = np.array([
    0.0810614667953272, 0.0413406959554092, 0.0276779256849983,
    0.02079067210376509, 0.0166446911898211, 0.0138761288230707,
    0.0118967099458917, 0.0104112652619720, 0.00925546218271273,
    0.00833056343336287])


def _stirling_approx_tail(k):
    """log(k!) minus Stirling's approximation: a table below 10, else the
    series."""
    dtype = abstractify(k).dtype
    table = creation.asarray(_STIRLING_TAIL.astype(dtype))
    use_table = k <= 9
    k = lax.clamp(np.asarray(0., dtype), k, np.asarray(9., dtype))
    kp1sq = (k + 1) * (k + 1)
    approx = (1.0 / 12 - (1.0 / 360 - 1.0 / 1260 / kp1sq) / kp1sq) / (k + 1)
    k = ufuncs.floor(k)
    return lax.select(use_table, table[creation.asarray(k, dtype="int32")], approx)


def _binomial_inversion(key, count, prob, shape, dtype, max_iters):
    log1minusprob = ufuncs.log1p(-prob)
    pdt = abstractify(prob).dtype

    def body(carry):
        i, num_geom, geom_sum, key = carry
        subkey, key = _split_pair(key)
        num_geom_out = lax.select(geom_sum <= count, num_geom + 1, num_geom)
        u = _uniform(subkey, 0., 1., shape, pdt)
        geom = ufuncs.ceil(ufuncs.log(u) / log1minusprob)
        return i + 1, num_geom_out, geom_sum + geom, key

    def cond(carry):
        i, geom_sum = carry[0], carry[2]
        return (geom_sum <= count).any() & (i < max_iters)

    zeros = _full(shape, 0, pdt)
    k = slicing.while_loop(cond, body, (np.int32(0), zeros, zeros, key))[1]
    return (k - 1).astype(dtype)


def _btrs(key, count, prob, shape, dtype, max_iters):
    # Hormann's BTRS: transformed rejection with squeeze.
    stddev = ufuncs.sqrt(count * prob * (1 - prob))
    b = 1.15 + 2.53 * stddev
    a = -0.0873 + 0.0248 * b + 0.01 * prob
    c = count * prob + 0.5
    v_r = 0.92 - 4.2 / b
    r = prob / (1 - prob)
    alpha = (2.83 + 5.1 / b) * stddev
    m = ufuncs.floor((count + 1) * prob)
    pdt = abstractify(prob).dtype

    def body(carry):
        i, k_out, accepted, key = carry
        key, subkey_0, subkey_1 = _split_n(key, 3)
        u = _uniform(subkey_0, 0., 1., shape, pdt)
        v = _uniform(subkey_1, 0., 1., shape, pdt)
        u = u - 0.5
        us = 0.5 - ufuncs.abs(u)
        accept1 = (us >= 0.07) & (v <= v_r)
        k = ufuncs.floor((2 * a / us + b) * u + c)
        reject = (k < 0) | (k > count)
        v = ufuncs.log(v * alpha / (a / (us * us) + b))
        ub = ((m + 0.5) * ufuncs.log((m + 1) / (r * (count - m + 1)))
              + (count + 1) * ufuncs.log((count - m + 1) / (count - k + 1))
              + (k + 0.5) * ufuncs.log(r * (count - k + 1) / (k + 1))
              + _stirling_approx_tail(m)
              + _stirling_approx_tail(count - m)
              - _stirling_approx_tail(k)
              - _stirling_approx_tail(count - k))
        accept = accept1 | (~reject & (v <= ub))
        k_out = lax.select(accept, k, k_out)
        return i + 1, k_out, accepted | accept, key

    def cond(carry):
        i, accepted = carry[0], carry[2]
        return (~accepted).any() & (i < max_iters)

    k0 = _full(shape, -1, pdt)
    acc0 = _full(shape, False, np.bool_)
    out = slicing.while_loop(cond, body, (np.int32(0), k0, acc0, key))[1]
    return out.astype(dtype)


def _binomial(key, count, prob, shape, dtype):
    if shape is None:
        shape = np.broadcast_shapes(np.shape(count), np.shape(prob))
    else:
        _check_shape("binomial", shape, np.shape(count), np.shape(prob))
    prob = creation.asarray(prob)
    if not dtypes.is_inexact(prob.dtype):
        prob = prob.astype(dtypes.default_float())
    pdt = prob.dtype
    count = util.broadcast_to(lax.convert_element_type(count, pdt), shape)
    prob = util.broadcast_to(prob, shape)
    p_lt_half = prob < 0.5
    q = lax.select(p_lt_half, prob, 1.0 - prob)
    count_nan_or_neg = _isnan(count) | (count < 0.0)
    count_inf = ufuncs.isinf(count)
    q_is_nan = _isnan(q)
    q_l_0 = q < 0.0
    q = lax.select(q_is_nan | q_l_0, creation.full_like(q, 0.01), q)
    use_inversion = count_nan_or_neg | (count * q <= 10.0)
    count = ufuncs.floor(count)
    count_inv = lax.select(use_inversion, count, creation.full_like(count, 0.0))
    count_btrs = lax.select(use_inversion, creation.full_like(count, 1e4), count)
    q_btrs = lax.select(use_inversion, creation.full_like(q, 0.5), q)
    max_iters = dtype.type(dtypes.finfo(dtype).max)
    samples = lax.select(
        use_inversion,
        _binomial_inversion(key, count_inv, q, shape, dtype, max_iters),
        _btrs(key, count_btrs, q_btrs, shape, dtype, max_iters))
    invalid = q_l_0 | q_is_nan | count_nan_or_neg
    samples = lax.select(invalid, creation.full_like(samples, np.nan, dtype),
                         samples)
    samples = lax.select(count_inf & ~invalid,
                         creation.full_like(samples, np.inf, dtype), samples)
    return lax.select(p_lt_half | count_nan_or_neg | q_is_nan | count_inf,
                      samples, count.astype(dtype) - samples)


_binomial_jit = jit(_binomial, static_argnums=(3, 4))


def binomial(key, n, p, shape=None, dtype=None):
    """Binomial(n, p) random values (of a float dtype, as JAX)."""
    key_data_, _ = _check_prng_key("binomial", key)
    _check_arraylike("binomial", n, p)
    dtype = _float_dtype(dtype, "binomial")
    if shape is not None:
        shape = _canonicalize_shape(shape)
    return _binomial_jit(key_data_, n, p, shape, dtype)


def _multinomial(key, n, p, shape, dtype):
    n, p = creation.asarray(n), creation.asarray(p)
    common = _promote_inexact(n, p)
    n, p = n.astype(common), p.astype(common)
    if shape is None:
        shape = p.shape
    n = util.broadcast_to(n, shape[:-1])
    p = util.broadcast_to(p, shape)

    def step(remainder, ratio_key):
        ratio, key = ratio_key
        count = _binomial(key, remainder, ufuncs.clip(ratio, 0, 1), None,
                          remainder.dtype)
        return remainder - count, count

    p = manipulation.moveaxis(p, -1, 0)
    remaining = lax.cumsum(p, 0, reverse=True)
    ratios = p / sorting.where(remaining == 0, 1, remaining)
    keys = _prng.split(key, (ratios.shape[0],))
    _, counts = control_flow.scan(step, n, (ratios, keys))
    return manipulation.moveaxis(counts, 0, -1).astype(dtype)


_multinomial_jit = jit(_multinomial, static_argnums=(3, 4))


def multinomial(key, n, p, *, shape=None, dtype=None, unroll=1):
    """Multinomial(n, p) counts over p's last axis."""
    key_data_, _ = _check_prng_key("multinomial", key)
    _check_arraylike("multinomial", n, p)
    if shape is not None:
        shape = _canonicalize_shape(shape)
    # Any dtype, as JAX: the counts are cast to it (None: the default
    # float).
    dtype = _canonicalize_user_dtype(float if dtype is None else dtype)
    return _multinomial_jit(key_data_, n, p, shape, dtype)
