"""The multinomial distribution, as jax.scipy.stats.multinomial."""

import numpy as np

from ..._src import dtypes as _dt
from ...numpy._ufuncs import _promote_dtypes
from ..special import gammaln, xlogy
from ._common import jnp, lax, promote


def _numeric_leading_ones(name, *args):
    """promote_args_numeric: one dtype (bools as int32), and the lower-rank
    non-scalar arguments given leading unit dimensions (not broadcast)."""
    args = _promote_dtypes(name, *args)
    if args[0].dtype == _dt.bool_:
        args = [a.astype(np.int32) for a in args]
    rank = max(a.ndim for a in args)
    return [a if a.ndim == 0 else a.reshape((1,) * (rank - a.ndim) + a.shape)
            for a in args]


def logpmf(x, n, p):
    (p,) = promote("multinomial.logpmf", p)
    x, n = _numeric_leading_ones("multinomial.logpmf", x, n)
    if not _dt.is_int(x.dtype):
        raise ValueError(f"x and n must be of integer type; got "
                         f"x.dtype={x.dtype}, n.dtype={n.dtype}")
    x = x.astype(p.dtype)
    n = n.astype(p.dtype)
    logprobs = gammaln(n + 1) + jnp.sum(xlogy(x, p) - gammaln(x + 1),
                                        axis=-1)
    return jnp.where(jnp.equal(jnp.sum(x), n), logprobs, -np.inf)


def pmf(x, n, p):
    return lax.exp(logpmf(x, n, p))
