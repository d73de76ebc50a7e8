"""Still more of NumPy's API as JAX gives it: multidimensional histograms,
bit packing, the remaining polynomial functions (poly, polydiv, polyfit,
roots), put_along_axis, unwrap, fromfunction, mask_indices, and the
host-side helpers JAX re-exports or wraps from
NumPy (print options, array_repr/array_str, einsum_path, I/O)."""

import builtins
import math
import operator

import numpy as np

from jxp._src.lax import lax as _lax
from jxp._src.lax import slicing
from .. import numpy as jnp
from .._src import dtypes as _dt
from .._src.array import Array
from .._src.batching import vmap
from .._src.core import Tracer
from .._src.errors import ConcretizationTypeError
from ._more import _inexact
from ._util import _check_arraylike, asarray

__all__ = [
    'histogramdd', 'histogram2d', 'packbits', 'unpackbits', 'poly',
    'polydiv', 'polyfit', 'roots', 'put_along_axis', 'unwrap',
    'fromfunction', 'mask_indices',
    'printoptions', 'get_printoptions', 'set_printoptions', 'array_repr',
    'array_str', 'ComplexWarning', 'einsum_path', 'from_dlpack',
    'frombuffer', 'fromstring', 'fromiter', 'fromfile', 'load', 'save',
    'savez']

# NumPy's, as JAX re-exports them.
get_printoptions = np.get_printoptions
set_printoptions = np.set_printoptions
array_repr = np.array_repr
array_str = np.array_str
save = np.save
savez = np.savez
ComplexWarning = np.exceptions.ComplexWarning


def printoptions(*args, **kwargs):
    """NumPy's print options as a context manager (jxp arrays print
    through NumPy)."""
    return np.printoptions(*args, **kwargs)


# --- histograms --------------------------------------------------------------

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
        e = jnp.histogram_bin_edges(col, per_dim[i],
                                    None if range is None else range[i],
                                    weights)
        # Bin k holds [e[k-1], e[k]); the last edge belongs to the last bin.
        k = jnp.searchsorted(e, col, side="right")
        k = jnp.where(col == e[-1], k - 1, k)
        idx.append(k)
        edges.append(e)
    # One outlier bin at each end of every dimension, dropped at the end.
    cells = tuple(e.shape[0] + 1 for e in edges)
    flat = jnp.ravel_multi_index(tuple(idx), cells, mode="clip")
    hist = jnp.bincount(flat, weights, length=math.prod(cells))
    hist = hist.reshape(cells)[(builtins.slice(1, -1),) * d]
    if density:
        hist = hist.astype(sample.dtype)
        hist = hist / hist.sum()
        for width in jnp.ix_(*[jnp.diff(e) for e in edges]):
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
        edges = asarray(bins)
        bins = [edges, edges]
    sample = jnp.transpose(jnp.asarray([x, y]))
    hist, edges = histogramdd(sample, bins, range, weights, density)
    return hist, edges[0], edges[1]


# --- bits --------------------------------------------------------------------

def _check_bitorder(bitorder):
    if bitorder not in ("little", "big"):
        raise ValueError("'order' must be either 'little' or 'big'")


def packbits(a, axis=None, bitorder="big"):
    """The truthiness of `a`'s elements packed eight to a uint8 along
    `axis` (flattened if None), zero-padded at the end."""
    _check_arraylike("packbits", a)
    a = asarray(a)
    if not (a.dtype == np.bool_ or _dt.is_int(a.dtype)):
        raise TypeError("Expected an input array of integer or boolean data "
                        "type")
    _check_bitorder(bitorder)
    bits = (a != 0).astype(np.uint8)
    if axis is None:
        bits, axis = bits.ravel(), 0
    bits = jnp.moveaxis(bits, axis, -1)
    extra = -bits.shape[-1] % 8
    if extra:
        bits = jnp.pad(bits, [(0, 0)] * (bits.ndim - 1) + [(0, extra)])
    bits = bits.reshape(bits.shape[:-1] + (bits.shape[-1] // 8, 8))
    shifts = np.arange(8, dtype=np.uint8)
    if bitorder == "big":
        shifts = shifts[::-1].copy()
    packed = jnp.sum(jnp.left_shift(bits, shifts), axis=-1, dtype=np.uint8)
    return jnp.moveaxis(packed, -1, axis)


def unpackbits(a, axis=None, count=None, bitorder="big"):
    """The bits of the uint8 array `a` along `axis` (flattened if None),
    optionally cut or zero-padded to `count`."""
    _check_arraylike("unpackbits", a)
    a = asarray(a)
    if a.dtype != np.uint8:
        raise TypeError("Expected an input array of unsigned byte data type")
    _check_bitorder(bitorder)
    masks = np.left_shift(np.uint8(1), np.arange(8, dtype=np.uint8))
    if bitorder == "big":
        masks = masks[::-1].copy()
    if axis is None:
        a, axis = a.ravel(), 0
    a = jnp.moveaxis(a, axis, -1)
    out = (jnp.bitwise_and(a[..., None], masks) > 0).astype(np.uint8)
    out = out.reshape(out.shape[:-2] + (-1,))
    if count is not None:
        count = operator.index(count)
        if count > out.shape[-1]:
            out = jnp.pad(out, [(0, 0)] * (out.ndim - 1)
                          + [(0, count - out.shape[-1])])
        else:
            out = out[..., :count]
    return jnp.moveaxis(out, -1, axis)


# --- polynomials -------------------------------------------------------------

def poly(seq_of_zeros):
    """Coefficients of the monic polynomial with the given roots (or with
    the eigenvalues of a square matrix as roots)."""
    _check_arraylike("poly", seq_of_zeros)
    z, = _inexact(seq_of_zeros)
    z = jnp.atleast_1d(z)
    if z.ndim == 2 and z.shape[0] == z.shape[1] and z.shape[0] != 0:
        z = jnp.linalg.eigvals(z)
    if z.ndim != 1:
        raise ValueError("input must be 1d or non-empty square 2d array.")
    dt = z.dtype
    if z.shape[0] == 0:
        return jnp.ones((), dtype=dt)
    out = jnp.ones((1,), dtype=dt)
    for k in builtins.range(z.shape[0]):
        factor = jnp.stack([jnp.ones((), dt), -z[k]])
        out = jnp.convolve(out, factor, mode="full")
    return out


def polydiv(u, v, *, trim_leading_zeros=False):
    """Quotient and remainder of the polynomial division u / v."""
    _check_arraylike("polydiv", u, v)
    u, v = _inexact(u, v)
    m, n = u.shape[0] - 1, v.shape[0] - 1
    scale = 1.0 / v[0]
    q = jnp.zeros(builtins.max(m - n + 1, 1), dtype=u.dtype)
    for k in builtins.range(m - n + 1):
        d = scale * u[k]
        q = q.at[k].set(d)
        u = u.at[k:k + n + 1].add(-d * v)
    if trim_leading_zeros:
        # NumPy's tolerance for a zero leading coefficient, approximated by
        # sqrt(eps) as JAX does.
        tol = math.sqrt(float(_dt.finfo(u.dtype).eps))
        nz = np.flatnonzero(np.abs(_concrete(u, "polydiv")) > tol)
        u = u[int(nz[0]) if nz.size else u.shape[0]:]
    return q, u


def _concrete(x, name):
    if isinstance(x, Tracer):
        raise ConcretizationTypeError(x, f"The error occurred in {name}.\n")
    return np.asarray(x)


def polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False):
    """Least-squares fit of a degree-`deg` polynomial to (x, y): its
    coefficients, highest power first (and the lstsq diagnostics or the
    coefficients' covariance on request)."""
    if w is None:
        _check_arraylike("polyfit", x, y)
    else:
        _check_arraylike("polyfit", x, y, w)
    x, y = asarray(x), asarray(y)
    if isinstance(deg, Tracer):
        raise ConcretizationTypeError(deg, "deg must be int\n")
    deg = operator.index(deg)
    order = deg + 1
    if deg < 0:
        raise ValueError("expected deg >= 0")
    if x.ndim != 1:
        raise TypeError("expected 1D vector for x")
    if x.size == 0:
        raise TypeError("expected non-empty vector for x")
    if y.ndim < 1 or y.ndim > 2:
        raise TypeError("expected 1D or 2D array for y")
    if x.shape[0] != y.shape[0]:
        raise TypeError("expected x and y to have same length")
    if rcond is None:
        rcond = x.shape[0] * float(_dt.finfo(_inexact(x)[0].dtype).eps)
    rcond = float(rcond)
    lhs, rhs = jnp.vander(x, order), y
    if w is not None:
        w, = _inexact(w)
        if w.ndim != 1:
            raise TypeError("expected a 1-d array for weights")
        if w.shape[0] != y.shape[0]:
            raise TypeError("expected w and y to have the same length")
        lhs = lhs * w[:, None]
        rhs = rhs * (w[:, None] if rhs.ndim == 2 else w)
    # Columns scaled to unit norm for a better-conditioned solve.
    scale = jnp.sqrt((lhs * lhs).sum(axis=0))
    lhs = lhs / scale[None, :]
    c, resids, rank, s = jnp.linalg.lstsq(lhs, rhs, rcond)
    c = (c.T / scale[None, :]).T if c.ndim > 1 else c / scale
    if full:
        return c, resids, rank, s, jnp.asarray(rcond)
    if cov:
        base = jnp.linalg.inv(jnp.dot(lhs.T, lhs)) / jnp.outer(scale, scale)
        if cov == "unscaled":
            fac = jnp.array(1.0)
        else:
            if x.shape[0] <= order:
                raise ValueError("the number of data points must exceed "
                                 "order to scale the covariance matrix")
            fac = resids / (x.shape[0] - order)
        if y.ndim == 1:
            return c, base * jnp.atleast_1d(fac)[None]
        return c, base[:, :, None] * jnp.atleast_1d(fac)[None, None, :]
    return c


def _companion_roots(p):
    """Eigenvalues of the companion matrix of p (p[0] != 0)."""
    if p.shape[0] < 2:
        return jnp.array([], dtype=_dt.to_complex_dtype(p.dtype))
    m = p.shape[0] - 1
    a = jnp.eye(m, k=-1, dtype=p.dtype)
    a = a.at[0, :].set(-p[1:] / p[0])
    return jnp.linalg.eigvals(a)


def roots(p, *, strip_zeros=True):
    """Roots of the polynomial with coefficients p (highest power first),
    as complex numbers: eigenvalues of its companion matrix."""
    _check_arraylike("roots", p)
    p, = _inexact(p)
    p = jnp.atleast_1d(p)
    if p.ndim != 1:
        raise ValueError("Input must be a rank-1 array.")
    if p.shape[0] < 2:
        return jnp.array([], dtype=_dt.to_complex_dtype(p.dtype))
    is_zero = p == 0
    lead = jnp.where(jnp.all(is_zero), p.shape[0], jnp.argmin(is_zero))
    if strip_zeros:
        if isinstance(lead, Tracer):
            raise ConcretizationTypeError(
                lead, "The error occurred in the jnp.roots() function. To use "
                "this within a JIT-compiled context, pass strip_zeros=False, "
                "but be aware that leading zeros will result in some returned "
                "roots being set to NaN.\n")
        return _companion_roots(p[int(lead):])
    # Leading zeros rotated to the end give zero roots; those are sorted
    # last and replaced by NaN, one per leading zero.
    p = jnp.where(lead == p.shape[0], jnp.ones_like(p), p)
    r = _companion_roots(jnp.roll(p, -lead))
    r = _lax.sort_key_val(r == 0, r)[1]
    nan = jnp.array(complex(np.nan, np.nan), dtype=r.dtype)
    return jnp.where(jnp.arange(r.shape[0]) < r.shape[0] - lead, r, nan)


# --- along an axis -----------------------------------------------------------

def put_along_axis(arr, indices, values, axis, inplace=True, *, mode=None):
    """arr with values written at `indices` along `axis` (JAX: only the
    functional form, inplace=False)."""
    if inplace:
        raise ValueError(
            "jax.numpy.put_along_axis cannot modify arrays in-place, because "
            "JAX arrays are immutable. Pass inplace=False to instead return "
            "an updated array.")
    _check_arraylike("put_along_axis", arr, indices, values)
    arr, indices, values = asarray(arr), asarray(indices), asarray(values)
    shape = arr.shape
    flat = axis is None
    if flat:
        arr, axis = arr.ravel(), 0
    if arr.ndim != indices.ndim:
        raise ValueError(
            "put_along_axis arguments 'arr' and 'indices' must have same "
            f"ndim. Got arr.ndim={arr.ndim} and indices.ndim={indices.ndim}.")
    try:
        values = jnp.broadcast_to(values, indices.shape)
    except ValueError:
        raise ValueError(
            "put_along_axis argument 'values' must be broadcastable to "
            f"'indices'. Got values.shape={values.shape} and "
            f"indices.shape={indices.shape}.") from None
    axis = operator.index(axis)
    if not -arr.ndim <= axis < arr.ndim:
        raise ValueError(f"axis {axis} is out of bounds for array of "
                         f"dimension {arr.ndim}")
    axis %= arr.ndim
    idx = list(jnp.indices(arr.shape, sparse=True))
    idx[axis] = indices
    out = arr.at[tuple(idx)].set(values, mode=mode)
    return out.reshape(shape) if flat else out


def unwrap(p, discont=None, axis=-1, period=2 * np.pi):
    """p with jumps larger than `discont` along `axis` replaced by their
    complement modulo `period`."""
    _check_arraylike("unwrap", p)
    p = asarray(p)
    dtype, weak = _dt.promote((p.dtype, p.weak_type),
                              _dt.dtype_and_weak_type(period))
    p = jnp.asarray(p).astype(dtype) if p.dtype != dtype else p
    if _dt.is_complex(dtype):
        raise ValueError("jnp.unwrap does not support complex inputs.")
    if p.shape[axis] == 0:
        return p
    period = jnp.asarray(period).astype(dtype)
    if discont is None:
        discont = period / 2
    half = period // 2 if _dt.is_int(dtype) else period / 2
    dd = jnp.diff(p, axis=axis)
    ddmod = jnp.mod(dd + half, period) - half
    ddmod = jnp.where((ddmod == -half) & (dd > 0), half, ddmod)
    fix = jnp.where(jnp.abs(dd) < discont, 0, ddmod - dd)
    n = p.shape[axis]
    head = slicing.slice_in_dim(p, 0, 1, axis=axis)
    tail = slicing.slice_in_dim(p, 1, n, axis=axis) + jnp.cumsum(fix, axis=axis)
    return jnp.concatenate([head, tail], axis=axis)


# --- construction from functions --------------------------------------------

def fromfunction(function, shape, *, dtype=float, **kwargs):
    """function applied to the coordinate arrays of `shape` (vectorized
    with vmap, so `function` sees one index per dimension)."""
    shape = tuple(operator.index(d) for d in (
        (shape,) if np.ndim(shape) == 0 else shape))
    if builtins.any(d < 0 for d in shape):
        raise TypeError(f"Shapes must be 1D sequences of concrete values of "
                        f"integer type, got {shape}.")
    f = function
    for i in builtins.range(len(shape)):
        axes = [0 if i == j else None for j in builtins.range(len(shape))]
        f = vmap(f, in_axes=tuple(axes[::-1]))
    return f(*(jnp.arange(s, dtype=dtype) for s in shape), **kwargs)


def mask_indices(n, mask_func, k=0, *, size=None):
    """Row and column indices of the nonzero entries of mask_func(ones((n,
    n)), k)."""
    i, j = jnp.nonzero(mask_func(jnp.ones((n, n)), k), size=size)
    return i, j


# --- host-side helpers -------------------------------------------------------

def einsum_path(subscripts, /, *operands, optimize="auto"):
    """The contraction order opt_einsum chooses for an einsum, as JAX."""
    import opt_einsum  # a dependency of JAX, not of jxp

    class _Unoptimized(opt_einsum.paths.PathOptimizer):
        def __call__(self, inputs, output, size_dict, memory_limit=None):
            return [(0, 1)] * (len(inputs) - 1)

    if isinstance(optimize, bool):
        optimize = "optimal" if optimize else _Unoptimized()
    shapes = [np.shape(o) if not hasattr(o, "shape") else tuple(o.shape)
              for o in operands]
    return opt_einsum.contract_path(subscripts, *shapes, shapes=True,
                                    optimize=optimize)


def from_dlpack(x, /, *, device=None, copy=None):
    """A jxp array of a DLPack-capable array's contents (copied to host);
    a jxp array is returned as it is (arrays are immutable)."""
    if isinstance(x, Array):
        return x
    if device is not None and device != "cpu" and not hasattr(
            device, "platform"):
        raise ValueError(f"from_dlpack: unsupported device {device!r}")
    return asarray(np.from_dlpack(x, copy=copy) if copy is not None
                   else np.from_dlpack(x))


def frombuffer(buffer, dtype=float, count=-1, offset=0):
    """A jxp array of the buffer's bytes read as `dtype`."""
    return asarray(np.frombuffer(buffer=buffer, dtype=dtype, count=count,
                                 offset=offset))


def fromstring(string, dtype=float, count=-1, *, sep):
    """A jxp array of the numbers in a text string."""
    return asarray(np.fromstring(string=string, dtype=dtype, count=count,
                                 sep=sep))


def fromiter(*args, **kwargs):
    """Not provided, as in JAX: it may consume an iterator (impure)."""
    raise NotImplementedError(
        "jnp.fromiter() is not implemented because it may be non-pure and "
        "thus unsafe for use with JIT and other JAX transformations. Use "
        "jnp.asarray(np.fromiter(...)) instead.")


def fromfile(*args, **kwargs):
    """Not provided, as in JAX: reading a file is a side effect."""
    raise NotImplementedError(
        "jnp.fromfile() is not implemented because it may be non-pure and "
        "thus unsafe for use with JIT and other JAX transformations. Use "
        "jnp.asarray(np.fromfile(...)) instead.")


def load(file, *args, **kwargs):
    """np.load, giving a jxp array for a saved array (bfloat16 recovered
    from the void16 NumPy writes for it)."""
    out = np.load(file, *args, **kwargs)
    if isinstance(out, np.ndarray):
        if out.dtype == "V2":
            out = out.view(_dt.bfloat16)
        try:
            out = asarray(out)
        except (TypeError, AssertionError, ValueError):
            pass
    return out
