"""pytest setup for jxp's Python tests.

Uses an installed jxp when one is importable; otherwise the in-tree package
(<repo>/python, with the built extension next to it).

The tests sit in folders that mirror python/jxp (lax/, numpy/, random/, ...)
and are imported with --import-mode=importlib (pyproject.toml), so two
folders may hold files of the same name. This folder goes on sys.path for
the helpers every test imports (jxp_test_util, op_matrix_table)."""

import os
import pathlib
import sys

os.environ["TF_CPP_MIN_LOG_LEVEL"] = "1"

# Nearly all of the suite's time is XLA compiling small programs, for jxp
# and for JAX as the reference, so the tests ask XLA for cheaper code:
# - one LLVM codegen thread per compile (one xdist worker per core);
# - XLA's elemental emitters instead of its MLIR fusion emitters, about a
#   third less time per small program;
# - backend optimization level 0, about a third less again on large
#   programs.
# Both libraries compile with the same flags, so the differential tests
# compare like with like. The few tests whose assertions need XLA's default
# code (iterates of an optimizer agreeing step by step) pin it with jit's
# compiler_options. `make pytest-xla-defaults` runs the suite with XLA as
# users get it. Flags set by the user (even empty) win.
os.environ.setdefault("XLA_FLAGS", " ".join([
    "--xla_cpu_parallel_codegen_split_count=1",
    "--xla_cpu_use_fusion_emitters=false",
    "--xla_backend_optimization_level=0"]))

_HERE = pathlib.Path(__file__).resolve().parent
_REPO = _HERE.parents[1]
if str(_HERE) not in sys.path:
    sys.path.insert(0, str(_HERE))

# Most of the suite's time is XLA compiling, mostly the same programs as in
# the last run: keep jxp's and JAX's executables in a persistent cache,
# shared by the xdist workers and by the child processes some tests start
# (they read these variables as JAX does). It lives in the user's cache
# directory, like ccache's, so a fresh clone on the same machine (CI's
# case) starts warm; a cache set by the user wins. Entries are keyed by the
# program text without locations, compile options and versions, so a
# change anywhere recompiles exactly what it changes.
_XDG_CACHE = os.environ.get("XDG_CACHE_HOME") or os.path.join(
    os.path.expanduser("~"), ".cache")
os.environ.setdefault("JAX_COMPILATION_CACHE_DIR",
                      os.path.join(_XDG_CACHE, "jxp", "xla-cache"))
os.environ.setdefault("JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS", "0")
# jxp's part of it stays under this many bytes (JAX's part is bounded by
# the number of distinct reference programs).
CACHE_MAX_SIZE = 2 << 30

try:
    import jxp  # noqa: F401
except ImportError:
    sys.path.insert(0, str(_REPO / "python"))
    for _name in [m for m in sys.modules if m == "jxp" or m.startswith("jxp.")]:
        del sys.modules[_name]
    import jxp  # noqa: F401,E402

if jxp.config.read("jax_compilation_cache_max_size") == -1:
    jxp.config.update("jax_compilation_cache_max_size", CACHE_MAX_SIZE)

import pytest  # noqa: E402

from jxp_test_util import x64_set_to  # noqa: E402


@pytest.fixture(params=[False, True], ids=["x32", "x64"])
def x64(request):
    """Runs the test with jax_enable_x64 set as the param in both JAX and
    jxp; restores both afterwards."""
    yield from x64_set_to(request.param)
