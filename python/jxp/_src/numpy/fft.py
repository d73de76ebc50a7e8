"""numpy.fft over lax.fft, as jax.numpy.fft.

The transformed axes move to the end (XLA transforms trailing axes only),
`s`/`n` crop or zero-pad them first, and `norm` scales the result.
Transforms over more than three axes split into an XLA FFT of the last
ones and complex FFTs of the rest.
"""

import operator

import numpy as np

from jxp._src import dtypes as _dt
from jxp._src.lax import fft as lax_fft, scalar_casting as lax
from jxp._src.numpy import reductions, ufuncs
from jxp._src.numpy.creation import arange, array
from jxp._src.numpy.manipulation import asarray, moveaxis, roll
from jxp._src.numpy.util import _check_arraylike





__all__ = [
    'fft', 'ifft', 'rfft', 'irfft', 'hfft', 'ihfft', 'fft2', 'ifft2',
    'rfft2', 'irfft2', 'fftn', 'ifftn', 'rfftn', 'irfftn', 'fftfreq',
    'rfftfreq', 'fftshift', 'ifftshift']

_FFT, _IFFT, _RFFT, _IRFFT = "FFT", "IFFT", "RFFT", "IRFFT"


def _lax_fft(x, fft_type, lengths):
    return lax_fft.fft(x, fft_type, tuple(lengths))


def _fft_nd(x, fft_type, s):
    if len(s) <= 3:
        return _lax_fft(x, fft_type, s)
    n = 2 if len(s) == 4 else 3
    src = tuple(range(x.ndim - len(s), x.ndim - n))
    dst = tuple(range(x.ndim - len(s) + n, x.ndim))
    if fft_type in (_RFFT, _FFT):
        x = _lax_fft(x, fft_type, tuple(s)[-n:])
        x = moveaxis(x, src, dst)
        x = _fft_nd(x, _FFT, s[:-n])
        return moveaxis(x, dst, src)
    x = moveaxis(x, src, dst)
    x = _fft_nd(x, _IFFT, s[:-n])
    x = moveaxis(x, dst, src)
    return _lax_fft(x, fft_type, tuple(s)[-n:])


def _norm_factor(s, func_name, norm, dtype):
    size = reductions.prod(asarray(np.asarray(s), dtype=dtype))
    if norm == "ortho":
        return (ufuncs.sqrt(size) if func_name.startswith("i")
                else 1 / ufuncs.sqrt(size))
    if norm == "forward":
        return size if func_name.startswith("i") else 1 / size
    raise ValueError(f'Invalid norm value {norm}; should be "backward",'
                     f'"ortho" or "forward".')


def _fft_core(func_name, fft_type, a, s, axes, norm):
    full_name = f"jax.numpy.fft.{func_name}"
    _check_arraylike(full_name, a)
    arr = asarray(a)
    if s is not None:
        s = tuple(map(operator.index, s))
        if any(n <= 0 for n in s):
            raise ValueError("Shape should be positive.")
    if s is not None and axes is not None and len(s) != len(axes):
        raise ValueError("Shape and axes have different lengths.")
    given_axes = axes
    if axes is None:
        axes = range(arr.ndim) if s is None else range(arr.ndim - len(s),
                                                      arr.ndim)
    axes = tuple(axes)
    if len(axes) != len(set(axes)):
        raise ValueError(f"{full_name} does not support repeated axes. Got "
                         f"axes {axes}.")
    if given_axes is not None:
        axes = tuple(range(arr.ndim - len(axes), arr.ndim))
        arr = moveaxis(arr, tuple(given_axes), axes)
    if s is not None:
        sizes = list(arr.shape)
        for axis, n in zip(axes, s):
            sizes[axis] = n
        if fft_type == _IRFFT:
            sizes[-1] = sizes[-1] // 2 + 1
        arr = arr[tuple(slice(n) for n in sizes)]
        pads = [(0, n - m) for n, m in zip(sizes, arr.shape)]
        if any(hi for _, hi in pads):
            arr = lax.pad(arr, np.zeros((), arr.dtype),
                          [(lo, hi, 0) for lo, hi in pads])
    elif fft_type == _IRFFT:
        s = [arr.shape[axis] for axis in axes[:-1]]
        if axes:
            s += [max(0, 2 * (arr.shape[axes[-1]] - 1))]
    else:
        s = [arr.shape[axis] for axis in axes]
    out = _fft_nd(arr, fft_type, list(s))
    if norm is not None and norm != "backward":
        out = out * _norm_factor(s, func_name, norm, out.dtype)
    if given_axes is not None:
        out = moveaxis(out, axes, tuple(given_axes))
    return out


def _check_1d(func_name, axis):
    if isinstance(axis, (list, tuple)):
        name = f"jax.numpy.fft.{func_name}"
        raise ValueError(f"{name} does not support multiple axes. Please use "
                         f"{name}n. Got axis = {axis!r}.")


def _fft_1d(func_name, fft_type, a, n, axis, norm):
    _check_1d(func_name, axis)
    return _fft_core(func_name, fft_type, a, None if n is None else [n],
                     None if axis is None else [axis], norm)


def _fft_2d(func_name, fft_type, a, s, axes, norm):
    if len(axes) != 2:
        raise ValueError(f"jax.numpy.fft.{func_name} only supports 2 axes. "
                         f"Got axes = {axes!r}.")
    return _fft_core(func_name, fft_type, a, s, axes, norm)


def fft(a, n=None, axis=-1, norm=None):
    """The one-dimensional discrete Fourier transform."""
    return _fft_1d("fft", _FFT, a, n, axis, norm)


def ifft(a, n=None, axis=-1, norm=None):
    """The one-dimensional inverse discrete Fourier transform."""
    return _fft_1d("ifft", _IFFT, a, n, axis, norm)


def rfft(a, n=None, axis=-1, norm=None):
    """The one-dimensional DFT of a real input (non-negative frequencies)."""
    return _fft_1d("rfft", _RFFT, a, n, axis, norm)


def irfft(a, n=None, axis=-1, norm=None):
    """The inverse of rfft: a real signal of length n (default
    2 * (m - 1))."""
    return _fft_1d("irfft", _IRFFT, a, n, axis, norm)


def hfft(a, n=None, axis=-1, norm=None):
    """The DFT of a signal with Hermitian symmetry (a real spectrum)."""
    _check_arraylike("jax.numpy.fft.hfft", a)
    conj = ufuncs.conj(asarray(a))
    _check_1d("hfft", axis)
    size = (conj.shape[axis] - 1) * 2 if n is None else n
    return _fft_1d("hfft", _IRFFT, conj, n, axis, norm) * size


def ihfft(a, n=None, axis=-1, norm=None):
    """The inverse of hfft."""
    _check_1d("ihfft", axis)
    arr = asarray(a)
    size = arr.shape[axis] if n is None else n
    out = _fft_1d("ihfft", _RFFT, arr, n, axis, norm)
    return ufuncs.conj(out) * (1 / size)


def fft2(a, s=None, axes=(-2, -1), norm=None):
    """The two-dimensional discrete Fourier transform."""
    return _fft_2d("fft2", _FFT, a, s, axes, norm)


def ifft2(a, s=None, axes=(-2, -1), norm=None):
    """The two-dimensional inverse discrete Fourier transform."""
    return _fft_2d("ifft2", _IFFT, a, s, axes, norm)


def rfft2(a, s=None, axes=(-2, -1), norm=None):
    """The two-dimensional DFT of a real input."""
    return _fft_2d("rfft2", _RFFT, a, s, axes, norm)


def irfft2(a, s=None, axes=(-2, -1), norm=None):
    """The inverse of rfft2."""
    return _fft_2d("irfft2", _IRFFT, a, s, axes, norm)


def fftn(a, s=None, axes=None, norm=None):
    """The N-dimensional discrete Fourier transform."""
    return _fft_core("fftn", _FFT, a, s, axes, norm)


def ifftn(a, s=None, axes=None, norm=None):
    """The N-dimensional inverse discrete Fourier transform."""
    return _fft_core("ifftn", _IFFT, a, s, axes, norm)


def rfftn(a, s=None, axes=None, norm=None):
    """The N-dimensional DFT of a real input."""
    return _fft_core("rfftn", _RFFT, a, s, axes, norm)


def irfftn(a, s=None, axes=None, norm=None):
    """The inverse of rfftn."""
    return _fft_core("irfftn", _IRFFT, a, s, axes, norm)


def _check_freq_args(name, n, d):
    if isinstance(n, (list, tuple)):
        raise ValueError(f"The n argument of jax.numpy.fft.{name} only takes "
                         f"an int. Got n = {list(n)}.")
    if isinstance(d, (list, tuple)):
        raise ValueError(f"The d argument of jax.numpy.fft.{name} only takes "
                         f"a single value. Got d = {list(d)}.")


def fftfreq(n, d=1.0, *, dtype=None, device=None):
    """The sample frequencies of an n-point DFT with sample spacing d."""
    dtype = dtype or _dt.default_float()
    _check_freq_args("fftfreq", n, d)
    out_dtype = dtype
    dtype = _dt.to_inexact_dtype(np.dtype(dtype))
    if _dt.is_complex(dtype):
        dtype = np.finfo(dtype).dtype
    i = arange(n, dtype=dtype)
    k = (i + n // 2) % n - n // 2
    return (k.astype(dtype) / array(d * n, dtype=dtype)).astype(out_dtype)


def rfftfreq(n, d=1.0, *, dtype=None, device=None):
    """The non-negative sample frequencies of an n-point rfft."""
    dtype = dtype or _dt.default_float()
    _check_freq_args("rfftfreq", n, d)
    k = arange(0, n // 2 + 1, dtype=dtype)
    return k / array(d * n, dtype=dtype)


def _shift(name, x, axes, sign):
    _check_arraylike(name, x)
    x = asarray(x)
    if axes is None:
        axes = tuple(range(x.ndim))
        shift = [sign * (n // 2) for n in x.shape]
    elif isinstance(axes, int):
        shift = sign * (x.shape[axes] // 2)
    else:
        shift = [sign * (x.shape[ax] // 2) for ax in axes]
    return roll(x, shift, axes)


def fftshift(x, axes=None):
    """Moves the zero frequency to the centre."""
    return _shift("fftshift", x, axes, 1)


def ifftshift(x, axes=None):
    """The inverse of fftshift."""
    return _shift("ifftshift", x, axes, -1)
