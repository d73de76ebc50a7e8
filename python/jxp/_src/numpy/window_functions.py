"""Window functions: hanning, hamming, blackman, bartlett and kaiser."""

import operator

import numpy as np

from jxp._src import dtypes as _dt
from jxp._src.numpy import creation, ufuncs
from jxp._src.numpy.indexing import Tracer
from jxp._src.numpy.util import _concrete, asarray, astype


def _window_n(M, name):
    return operator.index(M) if not isinstance(M, Tracer) else _concrete(
        M, f"M argument of jnp.{name}")


def _cosine_window(M, coeffs, name):
    M = _window_n(M, name)
    dtype = _dt.canonicalize(np.float64)
    if M <= 1:
        return creation.ones(M, dtype)
    n = creation.arange(1 - M, M, 2, dtype=dtype)
    out = creation.zeros(M, dtype)
    for k, c in enumerate(coeffs):
        out = out + c * ufuncs.cos(np.pi * k * n / (M - 1))
    return out


def hanning(M):
    return _cosine_window(M, (0.5, 0.5), "hanning")


def hamming(M):
    return _cosine_window(M, (0.54, 0.46), "hamming")


def blackman(M):
    M2 = _window_n(M, "blackman")
    dtype = _dt.canonicalize(np.float64)
    if M2 <= 1:
        return creation.ones(M2, dtype)
    n = creation.arange(M2, dtype=dtype)
    return (0.42 - 0.5 * ufuncs.cos(2 * np.pi * n / (M2 - 1))
            + 0.08 * ufuncs.cos(4 * np.pi * n / (M2 - 1)))


def bartlett(M):
    M = _window_n(M, "bartlett")
    dtype = _dt.canonicalize(np.float64)
    if M <= 1:
        return creation.ones(M, dtype)
    n = creation.arange(1 - M, M, 2, dtype=dtype)
    return 1 - ufuncs.abs(n) / (M - 1)


def kaiser(M, beta):
    M = _window_n(M, "kaiser")
    dtype = _dt.canonicalize(np.float64)
    if M <= 1:
        return creation.ones(M, dtype)
    n = creation.arange(M, dtype=dtype)
    alpha = 0.5 * (M - 1)
    return ufuncs.i0(beta * ufuncs.sqrt(1 - ((n - alpha) / alpha) ** 2)) / \
        ufuncs.i0(astype(asarray(beta), dtype))
