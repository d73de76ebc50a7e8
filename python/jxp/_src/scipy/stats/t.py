"""Student's t distribution, as jax.scipy.stats.t."""

import numpy as np

from jxp._src.scipy.stats._common import const, lax, promote


def logpdf(x, df, loc=0, scale=1):
    x, df, loc, scale = promote("t.logpdf", x, df, loc, scale)
    two = const(x, 2)
    scaled = lax.div(lax.sub(x, loc), scale)
    half_df = lax.div(df, two)
    half_df_plus = lax.add(half_df, const(x, 0.5))
    norm_const = lax.mul(lax.mul(scale, scale), const(x, np.pi))
    norm_tmp = lax.div(lax.log(lax.mul(norm_const, df)), two)
    normalize = lax.sub(lax.add(lax.lgamma(half_df), norm_tmp),
                        lax.lgamma(half_df_plus))
    quadratic = lax.div(lax.mul(scaled, scaled), df)
    return lax.neg(lax.add(normalize,
                           lax.mul(half_df_plus, lax.log1p(quadratic))))


def pdf(x, df, loc=0, scale=1):
    return lax.exp(logpdf(x, df, loc, scale))
