"""python/jxp imports downward only, and has no import cycle.

Each module of the package sits in one layer; a module may import from its
own layer and the layers below, never from a layer above, neither at the top
of the file nor inside a function (a function-local import hides the upward
dependency without removing it). Function-local imports of jxp modules are
not allowed at all: they exist only to break a cycle, and the cycle is better
broken by moving code to its layer.

Within a layer too, the import graph (module-level and function-level
imports, and the package `__init__` that importing a submodule runs) has no
cycle, and the implementation modules (jxp._src.*) never import the public
ones (jxp.lax, jxp.numpy, ...), as JAX's jax._src never imports jax.lax.

The source files are parsed with `ast`; nothing is imported.
"""

import ast
import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parents[3] / "python" / "jxp"

# The layer table, lowest first. An entry names a module, or a package with
# all its submodules (e.g. "jxp._src.numpy" covers jxp._src.numpy.ufuncs).
LAYERS = [
    # util: axis canonicalization and MLIR integer attributes, for all.
    # The runtime on jaxlib: the PJRT client and devices, transfers, the
    # persistent executable cache and the SPMD planner (which shows
    # programs' shardings on meshes: mesh).
    ("runtime", ["jxp._jxp", "jxp._mlir", "jxp._src", "jxp._src.util",
                 "jxp._src.trace_state",
                 "jxp._src.xla_bridge", "jxp._src.transfer",
                 "jxp._src.compilation_cache", "jxp._src.pxla",
                 "jxp._src.mesh",
                 "jxp._src.distributed",
                 "jxp._src.avals", "jxp._src.sharding_impl",
                 "jxp._src.errors", "jxp._src.tree_util"]),
    # config owns jaxlib's x64 / jit states and configures the client and
    # the cache below.
    ("dtypes/config", ["jxp._src.dtypes", "jxp._src.config"]),
    # Above config: host callbacks check results against its x64 flag, and
    # the compiler compiles programs with their callbacks.
    ("compiler", ["jxp._src.host_callback", "jxp._src.compiler"]),
    ("core", ["jxp._src.core", "jxp._src.array"]),
    # Tracing a function, compiled programs with its calling convention,
    # and running primitives eagerly as one-op programs, which primitives
    # name as their impl.
    ("tracing/dispatch", ["jxp._src.tracing", "jxp._src.stages",
                          "jxp._src.dispatch"]),
    ("primitives", ["jxp._src.lax", "jxp._src.lax.primitives"]),
    ("api/ad", ["jxp._src.api", "jxp._src.ad", "jxp._src.batching",
                "jxp._src.custom_derivatives", "jxp._src.jacobians",
                # make_jaxpr/eval_shape: api's tracing; axis_env: batching's.
                "jxp._src.toplevel"]),
    # jax.lax (jxp/_src/lax/), and what is built on it below numpy: the
    # threefry PRNG, host callbacks, checkpoint and shard_map.
    ("lax", ["jxp._src.lax.lax", "jxp._src.lax.scalar_casting",
             "jxp._src.lax.slicing", "jxp._src.lax.control_flow",
             "jxp._src.lax.convolution", "jxp._src.lax.fft",
             "jxp._src.lax.windowed_reductions", "jxp._src.lax.parallel",
             "jxp._src.lax.ann", "jxp._src.lax.special",
             "jxp._src.lax.linalg", "jxp._src.lax.jax_primitives",
             "jxp._src.callback", "jxp._src.prng", "jxp._src.checkpoint",
             "jxp._src.shard_map"]),
    # jax.numpy (jxp/_src/numpy/; indexing.py is x[idx] and x.at[idx]).
    ("numpy", ["jxp._src.numpy"]),
    ("nn/random", ["jxp._src.nn", "jxp._src.random"]),
    ("scipy", ["jxp._src.scipy"]),
    # pmap is jit of shard_map, with jax.numpy's moveaxis for its out_axes.
    ("pmap", ["jxp._src.pmap"]),
    # The package and its public modules (jxp.lax, jxp.numpy, ...), which
    # only re-export what jxp._src implements.
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
    ("jxp._src.xla_bridge", "runtime"), ("jxp._src.compiler", "compiler"),
    ("jxp._src.numpy.manipulation", "numpy"),
    ("jxp._src.numpy.indexing", "numpy"), ("jxp.numpy", "package"),
    ("jxp", "package"),
    ("jxp._mlir._jxp_ops_gen", "runtime")])
def test_layer_lookup(module, expected):
    assert LAYERS[layer_of(module)][0] == expected


# ---------------------------------------------------------------------------
# No import cycle, within a layer included.
# ---------------------------------------------------------------------------

# Cycles through files other engineers own this session, awaiting their
# change: the set of modules in the cycle -> what breaks it. An entry that
# no longer occurs fails the test, so the list only shrinks.
KNOWN_CYCLES = {
}


def _parents(module):
    parts = module.split(".")
    return [".".join(parts[:k]) for k in range(1, len(parts))]


def import_graph(sources, known):
    """{module: {imported module: first line}} over `sources` ({module:
    (source, is_package)}), with function-level imports, and with the edge
    to each package whose `__init__` an import of a submodule runs first
    (the importer's own packages excepted: they are already running)."""
    graph = {}
    for module, (source, is_pkg) in sources.items():
        edges = graph.setdefault(module, {})
        own = set(_parents(module)) | {module}
        for line, target, _ in imports_of(source, module, is_pkg, known):
            while target not in known and "." in target:
                target = target.rpartition(".")[0]  # `from m import attr`
            # An explicit import of one's own package reads what its
            # __init__ defines: a dependency like any other.
            if target in known and target != module:
                edges.setdefault(target, line)
            for t in _parents(target):
                if t in known and t not in own:
                    edges.setdefault(t, line)
    return graph


def find_cycles(graph):
    """The strongly connected components of more than one module, each as
    one cycle through all of it: a list of modules, the first repeated at
    the end."""
    index, low, stack, on, comps, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = set()
            while True:
                w = stack.pop()
                on.discard(w)
                comp.add(w)
                if w == v:
                    break
            if len(comp) > 1:
                comps.append(comp)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return [_cycle_through(graph, comp) for comp in comps]


def _cycle_through(graph, comp):
    """A closed walk in `comp` from its first module that visits all of it
    (shortest paths chained), to print."""
    def path(a, b):
        prev, frontier = {a: None}, [a]
        while frontier:
            nxt = []
            for v in frontier:
                for w in sorted(graph.get(v, ())):
                    if w in comp and w not in prev:
                        prev[w] = v
                        nxt.append(w)
            frontier = nxt
            if b in prev and b != a:
                break
        # b == a: a path back to a, through a successor.
        if b == a:
            for w in sorted(graph.get(a, ())):
                if w in comp:
                    return [a] + path(w, a)[:]
        out = [b]
        while prev[out[-1]] is not None:
            out.append(prev[out[-1]])
        return out[::-1]

    order = sorted(comp)
    walk, seen = [order[0]], {order[0]}
    while len(seen) < len(comp):
        nxt = next(m for m in order if m not in seen)
        step = path(walk[-1], nxt)
        walk += step[1:]
        seen.update(step)
    walk += path(walk[-1], order[0])[1:] if walk[-1] != order[0] else []
    if walk[-1] != walk[0]:
        walk.append(walk[0])
    return walk


def _package_sources():
    return {m: (path.read_text(), is_pkg)
            for m, (path, is_pkg) in package_modules().items()}


def test_no_import_cycle():
    graph = import_graph(_package_sources(), _known_modules())
    found, unexpected = set(), []
    for cycle in find_cycles(graph):
        key = frozenset(cycle)
        found.add(key)
        if key not in KNOWN_CYCLES:
            steps = [f"{a} -> {b} (line {graph[a][b]})"
                     for a, b in zip(cycle, cycle[1:])]
            unexpected.append("cycle:\n  " + "\n  ".join(steps))
    assert not unexpected, "\n".join(unexpected)
    stale = [sorted(k) for k in set(KNOWN_CYCLES) - found]
    assert not stale, f"fixed; remove from KNOWN_CYCLES: {stale}"


def test_cycle_finder_sees_each_kind_of_cycle():
    """The finder itself: a cycle through a function-level import, one
    through a package __init__ that a submodule import runs, and none for a
    package importing its own submodule."""
    known = {"jxp", "jxp.a", "jxp.b", "jxp.p", "jxp.p.x", "jxp.q"}
    sources = {
        "jxp": ("from . import q\n", True),
        "jxp.a": ("from . import b\n", False),
        "jxp.b": ("def f():\n    from .a import g\n", False),
        "jxp.p": ("from . import x\nfrom .. import q\n", True),
        "jxp.p.x": ("", False),
        "jxp.q": ("from .p.x import y\n", False),
    }
    graph = import_graph(sources, known)
    cycles = sorted(sorted(set(c)) for c in find_cycles(graph))
    assert cycles == [["jxp.a", "jxp.b"], ["jxp.p", "jxp.q"]]
    assert all(c[0] == c[-1] for c in find_cycles(graph))


# ---------------------------------------------------------------------------
# jxp._src never imports the public modules.
# ---------------------------------------------------------------------------

_SRC_MAY_IMPORT = ("jxp._src", "jxp._jxp", "jxp._mlir")

# Implementation modules importing public ones, awaiting their change by
# another engineer: module -> public modules it imports.
KNOWN_PUBLIC_IMPORTS = {
}


def test_src_never_imports_public_modules():
    known = _known_modules()
    found, unexpected = set(), []
    for module, (path, is_pkg) in package_modules().items():
        if not module.startswith("jxp._src"):
            continue
        for line, target, _ in imports_of(path.read_text(), module, is_pkg,
                                          known):
            if target.startswith(_SRC_MAY_IMPORT):
                continue
            found.add((module, target))
            if target not in KNOWN_PUBLIC_IMPORTS.get(module, ()):
                unexpected.append(f"{path.relative_to(PACKAGE.parent)}:"
                                  f"{line}: imports public {target}")
    assert not unexpected, "\n".join(unexpected)


# Compatibility modules kept only for files another engineer owns this
# session: module -> the only modules that may import it. Delete the entry
# (and the module) when those switch to the new path.
COMPAT_SHIMS = {
}


def test_compat_shims_serve_only_their_importers():
    known = _known_modules()
    unexpected = []
    for module, (path, is_pkg) in package_modules().items():
        for line, target, _ in imports_of(path.read_text(), module, is_pkg,
                                          known):
            if target in COMPAT_SHIMS and module not in COMPAT_SHIMS[target]:
                unexpected.append(f"{path.relative_to(PACKAGE.parent)}:"
                                  f"{line}: imports compatibility module "
                                  f"{target}")
    assert not unexpected, "\n".join(unexpected)
