"""jxp.scipy.stats: probability distributions as jax.scipy.stats, each a
module of logpdf/pdf/cdf/... functions (implemented under
jxp/_src/scipy/stats/)."""

from jxp.scipy.stats import (
    bernoulli as bernoulli, beta as beta, betabinom as betabinom,
    binom as binom, cauchy as cauchy, chi2 as chi2, dirichlet as dirichlet,
    expon as expon, gamma as gamma, gennorm as gennorm, geom as geom,
    gumbel_l as gumbel_l, gumbel_r as gumbel_r, laplace as laplace,
    logistic as logistic, multinomial as multinomial,
    multivariate_normal as multivariate_normal, nbinom as nbinom,
    norm as norm, pareto as pareto, poisson as poisson, t as t,
    truncnorm as truncnorm, uniform as uniform, vonmises as vonmises,
    wrapcauchy as wrapcauchy)
from jxp._src.scipy.stats._core import mode as mode, rankdata as rankdata, sem as sem
