"""jxp.scipy.special: JAX's jax.scipy.special, re-exported from\njxp/_src/scipy/special.py."""

from jxp._src.scipy.special import __all__ as __all__
from jxp._src.scipy.special import (
    bernoulli as bernoulli, bessel_jn as bessel_jn, beta as beta,
    betainc as betainc, betaln as betaln, boxcox as boxcox,
    boxcox1p as boxcox1p, comb as comb, dawsn as dawsn, digamma as digamma,
    entr as entr, erf as erf, erfc as erfc, erfcx as erfcx, erfinv as erfinv,
    exp1 as exp1, expi as expi, expit as expit, expn as expn,
    factorial as factorial, gamma as gamma, gammainc as gammainc,
    gammaincc as gammaincc, gammaln as gammaln, gammasgn as gammasgn,
    hyp1f1 as hyp1f1, i0 as i0, i0e as i0e, i1 as i1, i1e as i1e,
    kl_div as kl_div, log_ndtr as log_ndtr, log_softmax as log_softmax,
    loggamma as loggamma, logit as logit, logsumexp as logsumexp,
    multigammaln as multigammaln, ndtr as ndtr, ndtri as ndtri,
    owens_t as owens_t, poch as poch, polygamma as polygamma,
    rel_entr as rel_entr, sici as sici, softmax as softmax, spence as spence,
    xlog1py as xlog1py, xlogy as xlogy, zeta as zeta)
