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
