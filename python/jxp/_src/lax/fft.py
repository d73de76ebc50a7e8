"""jax.lax.fft and FftType, over the fft primitive: JAX's spellings of
the FFT kinds resolved to the primitive's parameter; the derivative and
batching rules are the op's own, in C++ (lib/Rules/SignalRules.cpp)."""

import enum

import numpy as np

from jxp._src import dtypes
from jxp._src.core import abstractify
from jxp._src.lax import lax
from jxp._src.lax import primitives as _p


class FftType(enum.IntEnum):
    """XLA's FFT kinds, numbered as jax.FftType."""
    FFT = 0
    IFFT = 1
    RFFT = 2
    IRFFT = 3


_FFT_NAMES = {"fft": "FFT", "FFT": "FFT", "ifft": "IFFT", "IFFT": "IFFT",
              "rfft": "RFFT", "RFFT": "RFFT", "irfft": "IRFFT",
              "IRFFT": "IRFFT"}


def _fft_type_name(fft_type):
    if isinstance(fft_type, str):
        if fft_type not in _FFT_NAMES:
            raise ValueError(f"Unknown FFT type '{fft_type}'")
        return _FFT_NAMES[fft_type]
    if isinstance(fft_type, FftType):
        return fft_type.name
    raise TypeError(f"Unknown FFT type value '{fft_type}'")


def fft(x, fft_type, fft_lengths):
    """XLA's FFT of the trailing len(fft_lengths) dimensions of x: RFFT
    reads reals (integers become floats), the others complex numbers."""
    name = _fft_type_name(fft_type)
    if isinstance(fft_lengths, (int, np.integer)):
        fft_lengths = (fft_lengths,)
    dtype = abstractify(x).dtype
    if name == "RFFT":
        if dtypes.is_complex(dtype):
            raise ValueError("only real valued inputs supported for rfft")
        x = lax.convert_element_type(x, dtypes.to_inexact_dtype(dtype))
    else:
        x = lax.convert_element_type(x, dtypes.to_complex_dtype(dtype))
    if not fft_lengths:
        return x  # (XLA has no FFT over no dimensions)
    return _p.fft_prim.bind(x, fft_type=name,
                         fft_lengths=tuple(int(n) for n in fft_lengths))
