"""How much of JAX 0.10.2's public API jxp has, namespace by namespace
(issue 16's coverage count).

`python -m pytest -s test/python/meta/test_namespace_coverage.py` prints, per
namespace, jxp's count of JAX's public names and the names still missing.
The test fails if a namespace loses a name it had: each count must stay at
or above its floor below, which is raised as names are added (the floors
are the counts when they were last raised).
"""

import importlib

import pytest

# JAX namespace -> (jxp namespace, the floor of jxp's count).
NAMESPACES = {
    "jax.numpy": ("jxp.numpy", 399),
    "jax.numpy.linalg": ("jxp.numpy.linalg", 31),
    "jax.numpy.fft": ("jxp.numpy.fft", 18),
    "jax.lax": ("jxp.lax", 355),
    "jax.random": ("jxp.random", 48),
    "jax.tree_util": ("jxp.tree_util", 36),
    "jax.nn": ("jxp.nn", 31),
    "jax.scipy.special": ("jxp.scipy.special", 49),
    "jax.scipy.stats": ("jxp.scipy.stats", 29),
    "jax.scipy.linalg": ("jxp.scipy.linalg", 32),
    "jax.scipy.optimize": ("jxp.scipy.optimize", 2),
    "jax": ("jxp", 59),
}


def _public(module):
    return {n for n in dir(module) if not n.startswith("_")}


def coverage(jax_name, jxp_name):
    """(names jxp has, JAX's names) for one namespace."""
    want = _public(importlib.import_module(jax_name))
    try:
        have = _public(importlib.import_module(jxp_name))
    except ImportError:
        have = set()
    return want & have, want


@pytest.mark.parametrize("jax_name", list(NAMESPACES))
def test_namespace_keeps_its_names(jax_name):
    jxp_name, floor = NAMESPACES[jax_name]
    have, want = coverage(jax_name, jxp_name)
    missing = sorted(want - have)
    print(f"\n{jax_name}: jxp has {len(have)} of {len(want)}; missing: "
          f"{', '.join(missing) or 'none'}")
    assert len(have) >= floor, (
        f"{jxp_name} has {len(have)} of {jax_name}'s names, fewer than the "
        f"{floor} it had; missing: {missing}")
