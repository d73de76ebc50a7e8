"""jxp.scipy.stats: probability distributions as jax.scipy.stats, each a
module of logpdf/pdf/cdf/... functions composed from jxp's operations in
JAX's order."""

from . import (  # noqa: F401
    bernoulli, beta, betabinom, binom, cauchy, chi2, dirichlet, expon, gamma,
    gennorm, geom, gumbel_l, gumbel_r, laplace, logistic, multinomial,
    multivariate_normal, nbinom, norm, pareto, poisson, t, truncnorm,
    uniform, vonmises, wrapcauchy)
from ._core import mode, rankdata, sem  # noqa: F401,E402
