"""Compatibility for _src/ad.py only (it imports `from . import lax as
lax_p`): the primitives now live in primitives.py. To be deleted once ad.py
imports jxp._src.lax.primitives."""

from jxp._src.lax.primitives import *  # noqa: F401,F403
