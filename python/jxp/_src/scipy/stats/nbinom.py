"""The negative binomial distribution, as jax.scipy.stats.nbinom."""

import numpy as np

from jxp._src.numpy import sorting
from jxp._src.scipy.special import gammaln, xlogy
from jxp._src.scipy.stats._common import const, lax, promote


def logpmf(k, n, p, loc=0):
    k, n, p, loc = promote("nbinom.logpmf", k, n, p, loc)
    one = const(k, 1)
    y = lax.sub(k, loc)
    comb_term = lax.sub(lax.sub(gammaln(lax.add(y, n)), gammaln(n)),
                        gammaln(lax.add(y, one)))
    log_linear = lax.add(xlogy(n, p), xlogy(y, lax.sub(one, p)))
    return sorting.where(lax.lt(k, loc), -np.inf, lax.add(comb_term, log_linear))


def pmf(k, n, p, loc=0):
    return lax.exp(logpmf(k, n, p, loc))
