"""The multinomial distribution, as jax.scipy.stats.multinomial."""

import numpy as np

from jxp._src import dtypes as _dt
from jxp._src.numpy import reductions, sorting, ufuncs
from jxp._src.numpy.ufuncs import _promote_dtypes
from jxp._src.scipy.special import gammaln, xlogy
from jxp._src.scipy.stats._common import lax, promote


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
    logprobs = gammaln(n + 1) + reductions.sum(xlogy(x, p) - gammaln(x + 1),
                                        axis=-1)
    return sorting.where(ufuncs.equal(reductions.sum(x), n), logprobs, -np.inf)


def pmf(x, n, p):
    return lax.exp(logpmf(x, n, p))
