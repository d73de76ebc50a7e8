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
    make_array_from_callback, make_array_from_process_local_data,
    make_array_from_single_device_arrays)
from ._src.ad import (  # noqa: F401
    grad, jvp, linear_transpose, linearize, value_and_grad, vjp)
from ._src.custom_derivatives import custom_jvp, custom_vjp  # noqa: F401
from ._src.jacobians import hessian, jacfwd, jacrev  # noqa: F401
from ._src.array import Array  # noqa: F401
from ._src.batching import vmap  # noqa: F401
from ._src.config import config  # noqa: F401
from ._src.errors import CompileError  # noqa: F401
from . import dtypes, lax, nn, numpy, scipy  # noqa: F401
from ._src.shard_map import shard_map  # noqa: F401
from ._src.pmap import pmap  # noqa: F401
from . import random  # noqa: F401
from . import distributed, experimental, sharding  # noqa: F401
from ._src.mesh import (  # noqa: F401
    NamedSharding, PartitionSpec as P, make_mesh)
from . import custom_derivatives  # noqa: F401
from ._src.callback import pure_callback  # noqa: F401
from . import debug  # noqa: F401
from ._src.checkpoint import (  # noqa: F401
    checkpoint, checkpoint_policies, remat)
from ._src.toplevel import (  # noqa: F401
    ShapeDtypeStruct, device_get, ensure_compile_time_eval, eval_shape,
    make_jaxpr, named_scope, typeof)

from ._src.xla_bridge import (  # noqa: F401
    default_backend, device_count, devices, local_device_count, local_devices,
    process_count, process_index, process_indices)

__version__ = "0.1.0"
