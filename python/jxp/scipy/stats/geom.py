"""jxp.scipy.stats.geom: re-exported from jxp/_src/scipy/stats/geom.py."""

from jxp._src.scipy.stats.geom import (
    logpmf as logpmf, pmf as pmf)
