"""python/jxp imports downward only.

Each module of the package sits in one layer; a module may import from its
own layer and the layers below, never from a layer above, neither at the top
of the file nor inside a function (a function-local import hides the upward
dependency without removing it). Function-local imports of jxp modules are
not allowed at all: they exist only to break a cycle, and the cycle is better
broken by moving code to its layer or by a hook the upper layer installs.

The source files are parsed with `ast`; nothing is imported.
"""

import ast
import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parents[3] / "python" / "jxp"

# The layer table, lowest first. An entry names a module, or a package with
# all its submodules (e.g. "jxp.numpy" covers jxp.numpy._shape).
LAYERS = [
    ("runtime", ["jxp._jxp", "jxp._mlir", "jxp._src", "jxp._src.runtime",
                 "jxp._src.distributed",
                 "jxp._src.avals", "jxp._src.sharding_impl",
                 "jxp._src.errors", "jxp._src.tree_util"]),
    ("dtypes/config", ["jxp._src.dtypes", "jxp._src.config"]),
    ("core", ["jxp._src.core", "jxp._src.array", "jxp._src.mesh"]),
    ("primitives", ["jxp._src.lax"]),
    ("api/ad", ["jxp._src.api", "jxp._src.ad", "jxp._src.batching",
                # make_jaxpr/eval_shape: api's tracing; axis_env: batching's.
                "jxp._src.toplevel"]),
    # jxp.lax.linalg and the threefry PRNG are built from jxp.lax's functions.
    ("lax", ["jxp.lax", "jxp._src.lax_lenient", "jxp._src.lax_linalg",
             "jxp._src.lax_signal", "jxp._src.lax_more", "jxp._src.callback",
             "jxp._src.prng", "jxp._src.control_flow",
             "jxp._src.checkpoint", "jxp._src.parallel",
             "jxp._src.shard_map", "jxp.custom_derivatives",
             # JAX's primitive objects, and the special functions JAX
             # composes in lax (series and continued fractions).
             "jxp._src.lax_primitives", "jxp._src.special_functions"]),
    # indexing is numpy's x[idx] and x.at[idx].
    ("numpy", ["jxp.numpy", "jxp._src.indexing"]),
    ("nn/random", ["jxp.nn", "jxp.random"]),
    # pmap is jit of shard_map, with jax.numpy's moveaxis for its out_axes.
    ("pmap", ["jxp._src.pmap"]),
    ("package", ["jxp"]),
]

# Imports that break the rules in files other engineers own this session,
# awaiting their change: (importer, imported) -> what to do. An entry that no
# longer occurs fails the test, so the list only shrinks.
KNOWN = {
}


def _layer_index():
    index = {}
    for k, (_, names) in enumerate(LAYERS):
        for name in names:
            assert name not in index, f"{name} is in two layers"
            index[name] = k
    return index


_INDEX = _layer_index()


def layer_of(module):
    """The layer of `module`: its own entry, else its nearest package's."""
    name = module
    while name:
        if name in _INDEX:
            return _INDEX[name]
        name = name.rpartition(".")[0]
    return None


def _module_name(path):
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    is_package = parts[-1] == "__init__"
    if is_package:
        parts.pop()
    return ".".join(parts), is_package


def package_modules():
    """{module name: (path, is_package)} of every .py file in python/jxp."""
    return {name: (path, is_pkg)
            for path in sorted(PACKAGE.rglob("*.py"))
            for name, is_pkg in [_module_name(path)]}


def _targets(node, module, is_package, known):
    """The jxp modules an import statement loads."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names if a.name.split(".")[0] == "jxp"]
    if node.level:
        base = module.split(".") if is_package else module.split(".")[:-1]
        base = base[:len(base) - (node.level - 1)]
        base = ".".join(base + ([node.module] if node.module else []))
    else:
        base = node.module or ""
    if base.split(".")[0] != "jxp":
        return []
    # `from pkg import name` loads pkg.name when that is a module.
    subs = [f"{base}.{a.name}" for a in node.names
            if f"{base}.{a.name}" in known]
    return subs or [base]


def imports_of(source, module, is_package, known):
    """(line, imported module, inside a function) for each jxp import."""
    found = []

    def visit(node, in_function):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                for target in _targets(child, module, is_package, known):
                    found.append((child.lineno, target, in_function))
            visit(child, in_function or isinstance(
                child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))

    visit(ast.parse(source), False)
    return found


def violations(source, module, is_package, known):
    """(line, imported module, reason) for each import breaking the rules."""
    own = layer_of(module)
    out = []
    for line, target, in_function in imports_of(source, module, is_package,
                                                known):
        theirs = layer_of(target)
        if theirs is None:
            out.append((line, target, "not in the layer table"))
        elif theirs > own:
            out.append((line, target,
                        f"upward: {LAYERS[own][0]} imports {LAYERS[theirs][0]}"))
        elif in_function:
            out.append((line, target, "function-local"))
    return out


def _known_modules():
    return set(package_modules()) | {"jxp._jxp"}


def test_every_module_has_a_layer():
    missing = [m for m in package_modules() if layer_of(m) is None]
    assert not missing, f"add these modules to LAYERS: {missing}"


def test_imports_go_downward_only():
    known = _known_modules()
    found, unexpected = set(), []
    for module, (path, is_pkg) in package_modules().items():
        for line, target, reason in violations(path.read_text(), module,
                                               is_pkg, known):
            found.add((module, target))
            if (module, target) not in KNOWN:
                unexpected.append(f"{path.relative_to(PACKAGE.parent)}:{line}:"
                                  f" imports {target} ({reason})")
    assert not unexpected, "\n".join(unexpected)
    stale = sorted(set(KNOWN) - found)
    assert not stale, f"fixed; remove from KNOWN: {stale}"


def test_checker_sees_each_kind_of_violation():
    """The checker itself: upward at top level, upward and same-layer inside
    a function, through `import`, `from .. import` and `from . import`."""
    known = _known_modules()
    source = (
        "from ..numpy import asarray\n"        # core -> numpy: upward
        "from . import dtypes\n"               # core -> dtypes: fine
        "import jxp.random\n"                  # upward
        "def f():\n"
        "    from . import array\n"            # same layer, function-local
        "    from .api import apply_eagerly\n"  # upward, function-local
        "class C:\n"
        "    def m(self):\n"
        "        from . import lax\n"          # upward, in a method
    )
    got = violations(source, "jxp._src.core", False, known)
    assert [(line, target) for line, target, _ in got] == [
        (1, "jxp.numpy"), (3, "jxp.random"), (5, "jxp._src.array"),
        (6, "jxp._src.api"), (9, "jxp._src.lax")]
    assert [reason.split(":")[0] for _, _, reason in got] == [
        "upward", "upward", "function-local", "upward", "upward"]


@pytest.mark.parametrize("module,expected", [
    ("jxp._src.runtime", "runtime"), ("jxp.numpy._shape", "numpy"),
    ("jxp._src.indexing", "numpy"), ("jxp", "package"),
    ("jxp._mlir._jxp_ops_gen", "runtime")])
def test_layer_lookup(module, expected):
    assert LAYERS[layer_of(module)][0] == expected
