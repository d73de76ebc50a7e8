"""jnp.piecewise and jnp.vectorize, on vmap as JAX's."""

import functools
import re

import numpy as np

from jxp._src.batching import vmap
from jxp._src.lax import control_flow
from jxp._src.numpy.creation import asarray, zeros_like
from jxp._src.numpy.manipulation import (
    broadcast_shapes, concatenate, expand_dims, ravel, reshape, squeeze)
from jxp._src.numpy.reductions import argmax, cumsum
from jxp._src.numpy.util import broadcast_to





__all__ = [
    'piecewise', 'vectorize']


def piecewise(x, condlist, funclist, *args, **kw):
    """funclist[k](x) where condlist[k] holds (the last true condition
    wins; where none holds, the extra last function or 0), as
    jnp.piecewise. Entries of funclist may be constants. Each function is
    called on one element, as under JAX's vectorize(switch): a vmap of
    lax.switch, which runs every function on the batch and selects."""
    x = asarray(x)
    nc, nf = len(condlist), len(funclist)
    if nf == nc + 1:
        funclist = list(funclist[-1:]) + list(funclist[:-1])
    elif nf == nc:
        funclist = [0] + list(funclist)
    else:
        raise ValueError(f"with {nc} condition(s), either {nc} or {nc + 1} "
                         f"functions are expected; got {nf}")
    conds = asarray(condlist, dtype=bool)
    indices = argmax(cumsum(concatenate([zeros_like(conds[:1]), conds], 0),
                            0), 0)
    dtype = x.dtype

    def call(f):
        return lambda v: f(v, *args, **kw).astype(dtype)

    def const(c):
        return lambda v: asarray(c, dtype=dtype)
    funcs = [call(f) if callable(f) else const(f) for f in funclist]
    shape = broadcast_shapes(np.shape(indices), np.shape(x))
    flat_i = ravel(broadcast_to(indices, shape))
    flat_x = ravel(broadcast_to(x, shape))
    if flat_x.size == 0:
        return reshape(flat_x, shape)
    ys = vmap(lambda i, v: control_flow.switch(i, funcs, v))(flat_i, flat_x)
    return reshape(ys, shape)


# ---------------------------------------------------------------------------
# vectorize
# ---------------------------------------------------------------------------

_DIMS = r"\((?:\w+(?:,\s*\w+)*)?\)"
_SIGNATURE = re.compile(rf"^\s*{_DIMS}(?:\s*,\s*{_DIMS})*\s*->\s*"
                        rf"{_DIMS}(?:\s*,\s*{_DIMS})*\s*$")


def _parse_signature(signature):
    """'(m,n),(n)->(m)' -> ([('m','n'), ('n',)], [('m',)])."""
    if not _SIGNATURE.match(signature):
        raise ValueError(f"not a valid gufunc signature: {signature}")
    ins, outs = signature.split("->")

    def groups(part):
        return [tuple(d.strip() for d in g.split(",") if d.strip())
                for g in re.findall(r"\(([^)]*)\)", part)]
    return groups(ins), groups(outs)


def vectorize(pyfunc, *, excluded=frozenset(), signature=None):
    """pyfunc mapped over the leading (loop) dimensions of its arguments,
    broadcast against each other, as jnp.vectorize: one vmap per loop
    dimension; size-1 dimensions are not mapped but broadcast."""
    if any(not isinstance(e, (str, int)) for e in excluded):
        raise TypeError(f"jax.numpy.vectorize can only exclude integer or "
                        f"string arguments, but excluded={excluded!r}")
    if any(isinstance(e, int) and e < 0 for e in excluded):
        raise ValueError(f"excluded={excluded!r} contains negative numbers")

    @functools.wraps(pyfunc)
    def wrapped(*args, **kwargs):
        # Excluded arguments pass through unchanged; so do None ones.
        fixed = {i: a for i, a in enumerate(args)
                 if i in excluded or a is None}
        fixed_kw = {k: v for k, v in kwargs.items() if k in excluded}
        loose_kw = {k: v for k, v in kwargs.items() if k not in excluded}
        keys = list(loose_kw)
        mapped = [asarray(a) for i, a in enumerate(args) if i not in fixed]
        mapped += [asarray(loose_kw[k]) for k in keys]
        n_pos = len(args) - len(fixed)

        def call(*vals):
            full, it = [], iter(vals[:n_pos])
            for i in range(len(args)):
                full.append(fixed[i] if i in fixed else next(it))
            kw = dict(fixed_kw)
            kw.update(zip(keys, vals[n_pos:]))
            return pyfunc(*full, **kw)

        if signature is None:
            core_in, core_out = [()] * len(mapped), None
        else:
            core_in, core_out = _parse_signature(signature)
            if len(core_in) != len(mapped):
                raise TypeError(
                    f"wrong number of positional arguments: expected "
                    f"{len(core_in)}, got {len(mapped)}")
        sizes = {}
        loops = []
        for a, dims in zip(mapped, core_in):
            if a.ndim < len(dims):
                raise ValueError(
                    f"input with shape {a.shape} does not have enough "
                    f"dimensions for all core dimensions {dims} on "
                    f"vectorized function with excluded={excluded!r} and "
                    f"signature={signature!r}")
            for d, n in zip(dims, a.shape[a.ndim - len(dims):]):
                if sizes.setdefault(d, n) != n:
                    raise ValueError(
                        f"inconsistent size for core dimension {d!r}: {n} vs "
                        f"{sizes[d]} on vectorized function with excluded="
                        f"{excluded!r} and signature={signature!r}")
            loops.append(a.shape[:a.ndim - len(dims)])
        loop = broadcast_shapes(*loops) if loops else ()
        checked = call
        if core_out is not None:
            checked = _checking_outputs(call, core_out, sizes, signature)
        # Per loop dimension (last first), the arguments that vary along
        # it are mapped; those of size 1 there (or without it) are not.
        squeezed = []
        padded = []
        for a, l in zip(mapped, loops):
            ones = tuple(i for i, n in enumerate(l) if n == 1)
            squeezed.append(squeeze(a, ones) if ones else a)
            padded.append((1,) * (len(loop) - len(l)) + tuple(l))
        f = checked
        expand = []
        for k in reversed(range(len(loop))):
            axes = tuple(None if p[k] == 1 else 0 for p in padded)
            if all(ax is None for ax in axes):
                expand.append(k)
            else:
                f = vmap(f, in_axes=axes)
        out = f(*squeezed)
        if not expand:
            return out
        if isinstance(out, tuple):
            return tuple(expand_dims(o, tuple(expand)) for o in out)
        return expand_dims(out, tuple(expand))

    return wrapped


def _checking_outputs(fun, core_out, sizes, signature):
    def checked(*vals):
        out = fun(*vals)
        outs = out if isinstance(out, tuple) else (out,)
        if len(outs) != len(core_out):
            raise TypeError(
                f"wrong number of output arguments: expected "
                f"{len(core_out)}, got {len(outs)}")
        for o, dims in zip(outs, core_out):
            shape = np.shape(o)
            if len(shape) != len(dims):
                raise ValueError(
                    f"output shape {shape} does not match core dimensions "
                    f"{dims} on vectorized function with signature="
                    f"{signature!r}")
            for d, n in zip(dims, shape):
                if sizes.setdefault(d, n) != n:
                    raise ValueError(
                        f"inconsistent size for core dimension {d!r}: {n} vs "
                        f"{sizes[d]} on vectorized function with signature="
                        f"{signature!r}")
        return out
    return checked
