"""lax's structured control flow: cond and switch (conditionals.py), the
loops (loops.py) and custom_root/custom_linear_solve (solves.py).

associative_scan.py is not re-exported here: it is built from slicing.py,
which sits above the loops (its scatter_apply is a while loop)."""

from jxp._src.lax.control_flow.conditionals import (  # noqa: F401
    cond, platform_dependent, switch)
from jxp._src.lax.control_flow.loops import (  # noqa: F401
    fori_loop, map, scan, while_loop)
from jxp._src.lax.control_flow.solves import (  # noqa: F401
    custom_linear_solve, custom_root)
