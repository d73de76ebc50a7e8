"""jxp.scipy.stats.uniform: re-exported from jxp/_src/scipy/stats/uniform.py."""

from jxp._src.scipy.stats.uniform import (
    cdf as cdf, logpdf as logpdf, pdf as pdf, ppf as ppf)
