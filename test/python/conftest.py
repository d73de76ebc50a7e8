"""pytest setup for jxp's Python tests.

Uses an installed jxp when one is importable; otherwise the in-tree package
(<repo>/python, with the built extension next to it)."""

import os
import pathlib
import sys

os.environ["TF_CPP_MIN_LOG_LEVEL"] = "1"

try:
    import jxp  # noqa: F401
except ImportError:
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "python"))
    for _name in [m for m in sys.modules if m == "jxp" or m.startswith("jxp.")]:
        del sys.modules[_name]
    import jxp  # noqa: F401,E402


import pytest  # noqa: E402


@pytest.fixture(params=[False, True], ids=["x32", "x64"])
def x64(request):
    """Runs the test with jax_enable_x64 set as the param in both JAX and
    jxp; restores both afterwards."""
    import jax
    old_jax, old_jxp = jax.config.jax_enable_x64, jxp.config.jax_enable_x64
    jax.config.update("jax_enable_x64", request.param)
    jxp.config.update("jax_enable_x64", request.param)
    try:
        yield request.param
    finally:
        jax.config.update("jax_enable_x64", old_jax)
        jxp.config.update("jax_enable_x64", old_jxp)
