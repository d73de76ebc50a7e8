"""The examples print the same with jxp as with JAX."""

import os
import pathlib
import subprocess
import sys

import pytest

EXAMPLES = pathlib.Path(__file__).resolve().parents[3] / "examples"


def run(script, backend):
    env = dict(os.environ, JXP_EXAMPLE_BACKEND=backend,
               TF_CPP_MIN_LOG_LEVEL="2")
    # The example imports jxp the way a user would; make the source tree
    # importable when jxp is not installed.
    import jxp
    env["PYTHONPATH"] = os.pathsep.join(
        [str(pathlib.Path(jxp.__file__).parents[1]), env.get("PYTHONPATH", "")])
    out = subprocess.run([sys.executable, str(EXAMPLES / script)], env=env,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    return out.stdout.splitlines()


@pytest.mark.parametrize("script", ["tutorial_basics.py",
                                    "tutorial_autodiff.py",
                                    "tutorial_control_flow.py",
                                    "tutorial_vmap.py",
                                    "shard_map_seeds.py"])
def test_example_prints_like_jax(script):
    want = run(script, "jax")
    got = run(script, "jxp")
    assert got == want
