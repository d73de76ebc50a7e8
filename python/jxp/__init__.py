"""jxp: an MLIR-native array compiler with JAX's API.

Traced programs are modules in the `jxp` MLIR dialect; C++ passes optimize
them and convert them to StableHLO, which PJRT (XLA) compiles and runs.
"""

import os as _os

# Quiet XLA's INFO logs; must precede the first load of jaxlib.
_os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "1")

from . import errors  # noqa: F401
from . import tree_util  # noqa: F401
from ._src.api import (  # noqa: F401
    block_until_ready, clear_caches, device_put, disable_jit, jit, make_ir,
    make_array_from_callback, make_array_from_single_device_arrays)
from ._src.ad import (  # noqa: F401
    custom_jvp, custom_vjp, grad, hessian, jacfwd, jacrev, jvp, linear_transpose,
    linearize, value_and_grad, vjp)
from ._src.array import Array  # noqa: F401
from ._src.batching import vmap  # noqa: F401
from ._src.config import config  # noqa: F401
from ._src.errors import CompileError  # noqa: F401
from ._src import runtime as _runtime
from . import lax, nn, numpy  # noqa: F401
from ._src.shard_map import shard_map  # noqa: F401
from ._src.pmap import pmap  # noqa: F401
from . import random  # noqa: F401
from . import experimental, sharding  # noqa: F401
from ._src.mesh import (  # noqa: F401
    NamedSharding, PartitionSpec as P, make_mesh)
from . import custom_derivatives  # noqa: F401
from ._src.callback import pure_callback  # noqa: F401,E402
from . import debug  # noqa: F401,E402
from ._src.checkpoint import (  # noqa: F401,E402
    checkpoint, checkpoint_policies, remat)
from ._src.toplevel import (  # noqa: F401
    ShapeDtypeStruct, device_get, ensure_compile_time_eval, eval_shape,
    make_jaxpr, named_scope, typeof)

__version__ = "0.1.0"


def devices(backend=None):
    """The devices of the process (CPU devices: jax_num_cpu_devices)."""
    return _runtime.devices()


def local_devices(process_index=None, backend=None):
    return _runtime.devices()


def device_count(backend=None):
    return len(_runtime.devices())


def local_device_count(backend=None):
    return len(_runtime.devices())


def process_index(backend=None):
    return 0


def process_count(backend=None):
    return 1


def default_backend():
    return "cpu"
from . import dtypes  # noqa: F401,E402
from . import scipy  # noqa: F401,E402
