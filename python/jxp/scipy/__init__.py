"""jxp.scipy: JAX's jax.scipy.special and jax.scipy.stats over jxp's
operations."""

from . import special  # noqa: F401
from . import stats  # noqa: F401
from . import linalg  # noqa: F401
from . import optimize  # noqa: F401
