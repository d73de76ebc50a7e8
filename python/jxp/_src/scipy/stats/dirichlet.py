"""The Dirichlet distribution, as jax.scipy.stats.dirichlet."""

import numpy as np

from jxp._src.numpy import manipulation, reductions, sorting
from jxp._src.scipy.special import gammaln, xlogy
from jxp._src.scipy.stats._common import _promote_dtypes_inexact, const, lax


def _is_simplex(x):
    total = reductions.sum(x, axis=0)
    return reductions.all(x > 0, axis=0) & (abs(total - 1) < 1E-6)


def logpdf(x, alpha):
    x, alpha = _promote_dtypes_inexact("dirichlet.logpdf", x, alpha)
    if alpha.ndim != 1:
        raise ValueError(
            f"`alpha` must be one-dimensional; got alpha.shape={alpha.shape}")
    if x.shape[0] not in (alpha.shape[0], alpha.shape[0] - 1):
        raise ValueError(
            "`x` must have either the same number of entries as `alpha` or "
            f"one entry fewer; got x.shape={x.shape}, "
            f"alpha.shape={alpha.shape}")
    one = const(x, 1)
    if x.shape[0] != alpha.shape[0]:
        x = manipulation.concatenate([x, lax.sub(one, x.sum(0, keepdims=True))], axis=0)
    normalize = reductions.sum(gammaln(alpha)) - gammaln(reductions.sum(alpha))
    if x.ndim > 1:
        alpha = lax.broadcast_in_dim(alpha, alpha.shape + (1,) * (x.ndim - 1),
                                     (0,))
    log_probs = lax.sub(reductions.sum(xlogy(lax.sub(alpha, one), x), axis=0),
                        normalize)
    return sorting.where(_is_simplex(x), log_probs, -np.inf)


def pdf(x, alpha):
    return lax.exp(logpdf(x, alpha))
