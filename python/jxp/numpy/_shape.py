"""Shape manipulation."""

import builtins

import numpy as np

from .. import lax
from .._src.core import abstractify
from ._util import (
    _promote_no_broadcast, asarray, ndim, shape)

__all__ = ['reshape', 'ravel', 'transpose', 'expand_dims', 'squeeze', 'concatenate', 'stack']


# --- shapes -----------------------------------------------------------------


def reshape(a, newshape=None, order="C", *, shape=None):
    newshape = shape if newshape is None else newshape
    a = asarray(a)
    if isinstance(newshape, (int, np.integer)):
        newshape = (newshape,)
    newshape = list(newshape)
    total = abstractify(a).size
    if -1 in newshape:
        known = builtins.int(np.prod([d for d in newshape if d != -1]))
        newshape[newshape.index(-1)] = total // known if known else 0
    return lax.reshape(a, newshape)


def ravel(a):
    return reshape(a, (-1,))


def transpose(a, axes=None):
    a = asarray(a)
    n = ndim(a)
    axes = tuple(range(n))[::-1] if axes is None else tuple(x % n for x in axes)
    return lax.transpose(a, axes)


def expand_dims(a, axis):
    a = asarray(a)
    s = list(shape(a))
    s.insert(axis if axis >= 0 else len(s) + axis + 1, 1)
    return lax.reshape(a, s)


def squeeze(a, axis=None):
    a = asarray(a)
    s = shape(a)
    if axis is None:
        axes = [i for i, d in enumerate(s) if d == 1]
    else:
        axes = [x % len(s) for x in ((axis,) if isinstance(axis, int) else axis)]
        for x in axes:
            if s[x] != 1:
                raise ValueError(f"cannot select an axis to squeeze out which "
                                 f"has size not equal to one, got shape={s} "
                                 f"and dimensions={tuple(axes)}")
    return lax.reshape(a, [d for i, d in enumerate(s) if i not in axes])


def concatenate(arrays, axis=0):
    arrays = _promote_no_broadcast("concatenate", *arrays)
    return lax.concatenate(arrays, axis % ndim(arrays[0]))


def stack(arrays, axis=0):
    arrays = [asarray(a) for a in arrays]
    if not arrays:
        raise ValueError("Need at least one array to stack.")
    return concatenate([expand_dims(a, axis) for a in arrays], axis)
