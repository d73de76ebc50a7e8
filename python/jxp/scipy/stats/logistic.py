"""jxp.scipy.stats.logistic: re-exported from jxp/_src/scipy/stats/logistic.py."""

from jxp._src.scipy.stats.logistic import (
    cdf as cdf, isf as isf, logpdf as logpdf, pdf as pdf, ppf as ppf, sf as sf)
