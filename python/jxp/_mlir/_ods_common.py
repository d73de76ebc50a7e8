# The generated _jxp_ops_gen.py imports ._ods_common; jaxlib's serves.
from jaxlib.mlir.dialects._ods_common import *  # noqa: F401,F403
from jaxlib.mlir.dialects._ods_common import _cext  # noqa: F401
