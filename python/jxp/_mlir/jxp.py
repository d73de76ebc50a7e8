"""The jxp dialect's op classes, built in jaxlib's MLIR context (where the
dialect is unregistered: every op gets explicit result types)."""
from ._jxp_ops_gen import *  # noqa: F401,F403
