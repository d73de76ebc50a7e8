"""pmap: JAX's parallel map, built on shard_map and jit as JAX 0.10 builds it.

`pmap(f, axis_name)(x)` runs f on n devices, device i getting slice i of
x's mapped axis. Per call, the mapped size n (the same for every mapped
argument) picks the first n devices (or of `devices`) as a 1-D mesh whose
one axis is `axis_name`. Each mapped argument is split along its `in_axes`
dimension (`P(None, ..., axis_name)`, `P()` for an unmapped one); inside
shard_map the body drops that size-1 dimension, calls f, and gives each
output a size-1 dimension at its `out_axes` position, which shard_map
concatenates over the devices. Collectives in f name `axis_name`. The
shard_map'd function is jitted once per (argument structure, in_axes,
static arguments, devices); jit caches its programs by shapes and dtypes.

Like JAX's, the shard_map runs with `check_vma=False`: an output with
`out_axes=None` is the value of the first device, unchecked.
"""

import functools
import inspect
import operator

import numpy as np

from jxp._src import core, tree_util, xla_bridge
from jxp._src.api import device_put, jit
from jxp._src.util import LRUCache
from jxp._src.batching import inconsistent_sizes_message
from jxp._src.core import abstractify
from jxp._src.lax import lax
from jxp._src.mesh import Mesh, NamedSharding, PartitionSpec
from jxp._src.numpy import manipulation
from jxp._src.shard_map import shard_map

__all__ = ["pmap"]

# The axis name of a pmap without one (JAX's, visible in result shardings).
INTERNAL_AXIS_NAME = "_internal_pmap_axis_name"

# Jitted shard_map'd functions kept per pmap'd function.
CACHE_CAPACITY = 64


def _index_tuple(nums, what):
    """An int or a collection of ints as a tuple of ints (JAX's
    _ensure_index_tuple)."""
    try:
        return (operator.index(nums),)
    except TypeError:
        pass
    try:
        return tuple(operator.index(i) for i in nums)
    except TypeError:
        raise TypeError(f"{what} must be an int or a collection of ints, "
                        f"got {nums!r}") from None


def _rebase_donated(donate, static):
    """Donated positional argument numbers counted among the dynamic
    arguments only (static ones are not passed to the program)."""
    static = set(static)
    if static & set(donate):
        raise ValueError(f"`static_argnums` {sorted(static)} and "
                         f"`donate_argnums` {sorted(set(donate))} cannot "
                         f"intersect.")
    return tuple(sorted({d - sum(1 for s in static if s < d)
                         for d in donate}))


def _check_axes_spec(spec, what):
    if not all(type(a) is int for a in tree_util.tree_leaves(spec)):
        raise TypeError(f"pmap {what} must be an int, None, or (nested) "
                        f"container with those types as leaves, but got "
                        f"{spec}.")


def _axes_to_spec(axis_name, axis):
    """The partition spec splitting dimension `axis` over the mesh axis."""
    if axis is None:
        return PartitionSpec()
    return PartitionSpec(*([None] * axis), axis_name)


# ---------------------------------------------------------------------------
# Pytree prefixes (in_axes and out_axes against the values), with JAX's
# messages for a specification that is no prefix of its value
# ---------------------------------------------------------------------------

def _is_none(x):
    return x is None


def _broadcast_prefix(prefix, tree):
    """One entry of `prefix` per leaf of `tree` (prefix's leaves: ints and
    Nones, each standing for a whole subtree); ValueError if `prefix` is no
    tree prefix of `tree`."""
    leaves, treedef = tree_util.tree_flatten(prefix, is_leaf=_is_none)
    subtrees = treedef.flatten_up_to(tree)
    out = []
    for a, sub in zip(leaves, subtrees):
        out.extend([a] * tree_util.tree_structure(sub).num_leaves)
    return out


def _child_keys(tree):
    pairs = tree_util.registry().flatten_one_level_with_keys(tree)
    return [] if pairs is None else [k for k, _ in pairs[0]]


def _key_name(key):
    return str(getattr(key, "key", getattr(key, "idx",
                                           getattr(key, "name", key))))


def _prefix_error(path, prefix, full, name):
    """The first place where `prefix` is no prefix of `full`, as JAX's
    ValueError, or None."""
    if prefix is None or tree_util.tree_structure(
            prefix, is_leaf=_is_none).num_nodes == 1:
        return None  # a leaf is a prefix of anything
    where = f"    {name}{tree_util.keystr(path)}\n"
    if type(prefix) is not type(full):
        return ValueError(
            f"pytree structure error: different types at key path\n{where}"
            f"At that key path, the prefix pytree {name} has a subtree of "
            f"type\n    {type(prefix)}\nbut at the same key path the full "
            f"pytree has a subtree of different type\n    {type(full)}.")
    reg = tree_util.registry()
    p_children, p_meta = reg.flatten_one_level(prefix)
    f_children, f_meta = reg.flatten_one_level(full)
    p_children, f_children = tuple(p_children), tuple(f_children)
    if isinstance(prefix, (list, tuple)) and len(prefix) != len(full):
        kind = type(prefix).__name__
        return ValueError(
            f"pytree structure error: different lengths of {kind} at key "
            f"path\n{where}At that key path, the prefix pytree {name} has a "
            f"subtree of type {kind} of length {len(prefix)}, but the full "
            f"pytree has a subtree of the same type but of length "
            f"{len(full)}.")
    p_keys, f_keys = _child_keys(prefix), _child_keys(full)
    if len(p_children) != len(f_children):
        pk = " ".join(_key_name(k) for k in p_keys)
        fk = " ".join(_key_name(k) for k in f_keys)
        try:
            diff = " ".join(_key_name(k) for k in
                            set(p_keys).symmetric_difference(f_keys))
            tail = f"so the symmetric difference on key sets is\n    {diff}"
        except TypeError:
            tail = ""
        return ValueError(
            f"pytree structure error: different numbers of pytree children "
            f"at key path\n{where}At that key path, the prefix pytree {name} "
            f"has a subtree of type\n    {type(prefix)}\nwith "
            f"{len(p_children)} child keys\n    {pk}\nbut at the same key "
            f"path the full pytree has a subtree of the same type but with "
            f"{len(f_children)} child keys\n    {fk}\n{tail}")
    if p_meta != f_meta:
        return ValueError(
            f"pytree structure error: different pytree metadata at key "
            f"path\n{where}At that key path, the prefix pytree {name} has a "
            f"subtree of type\n    {type(prefix)}\nwith metadata\n    "
            f"{p_meta}\nbut at the same key path the full pytree has a "
            f"subtree of the same type but with metadata\n    {f_meta}")
    for k, p, f in zip(p_keys, p_children, f_children):
        err = _prefix_error((*path, k), p, f, name)
        if err is not None:
            return err
    return None


def _flat_in_axes(in_axes, n_args, dyn_argnums, dyn_args, kwargs):
    """in_axes per leaf of (dyn_args, kwargs): keyword arguments are mapped
    over their leading axis, as in JAX."""
    if dyn_argnums is not None and isinstance(in_axes, tuple):
        if len(in_axes) == n_args:  # entries for static ones dropped
            in_axes = tuple(in_axes[i] for i in dyn_argnums)
    try:
        return _broadcast_prefix((in_axes, 0), (dyn_args, kwargs))
    except (ValueError, TypeError):
        pass
    err = _prefix_error((), (in_axes, 0), (dyn_args, kwargs), "pmap in_axes")
    msg = str(err) if err is not None else (
        f"pmap in_axes specification {in_axes!r} is not a tree prefix of "
        f"the arguments {tree_util.tree_structure(dyn_args)}")
    msg += ("\n\nThe 'full pytree' here is the tuple of arguments passed "
            "positionally to the pmapped function, and the value of "
            "`in_axes` must be a tree prefix of that tuple. But it was not "
            "a prefix.")
    if kwargs:
        msg += ("\n\nWhen some arguments are passed by keyword to the "
                "pmapped function, they are not included in the comparison "
                "to `in_axes`. Instead, each argument passed by keyword is "
                "mapped over its leading axis. See the description of "
                "`in_axes` in the `pmap` docstring: https://docs.jax.dev/en/"
                "latest/_autosummary/jax.pmap.html#jax.pmap")
    msg += ("\n\nCheck that the value of the `in_axes` argument to `pmap` is "
            "a tree prefix of the tuple of arguments passed positionally to "
            "the pmapped function.")
    raise ValueError(msg) from None


# ---------------------------------------------------------------------------
# The mapped size and the devices
# ---------------------------------------------------------------------------

def _arg_owners(fun, static, args, kwargs):
    """Per leaf of (dynamic args, kwargs), how messages name it."""
    try:
        params = [p.name for p in inspect.signature(fun).parameters.values()
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    except (TypeError, ValueError):
        params = []
    owners = []
    for i, a in enumerate(args):
        if i in static:
            continue
        name = params[i] if i < len(params) else f"args[{i}]"
        owners += [f"argument {name}{p}" for p in tree_util.leaf_paths(a)]
    owners += [f"kwargs{p}" for p in tree_util.leaf_paths(kwargs)]
    return owners


def _inconsistent_sizes(owners, mapped):
    """pmap's message for mapped axes of different sizes (`mapped`: per
    mapped leaf, (size, axis, flat index, aval)), as vmap's."""
    def where(j, aval):
        return lambda: (f"{owners[j]} of type {aval.dtype.name}"
                        f"[{','.join(map(str, aval.shape))}]")
    return inconsistent_sizes_message(
        "pmap", [(size, ax, where(j, aval)) for size, ax, j, aval in mapped])


def _mapped_size(fun, static, args, kwargs, flat, axes):
    """The mapped size and each leaf's in_axes made non-negative."""
    if not any(ax is not None and hasattr(x, "shape")
               for x, ax in zip(flat, axes)):
        # As JAX's: only arrays count (a Python scalar has no axis to map).
        raise ValueError("pmap requires at least one argument with a mapped "
                         "axis.")
    mapped, norm = [], []
    for k, (x, ax) in enumerate(zip(flat, axes)):
        if ax is None:
            norm.append(None)
            continue
        if not hasattr(x, "shape") and not isinstance(
                x, (bool, int, float, complex)):
            raise TypeError(f"Argument '{x!r}' of type {type(x)} is not a "
                            f"valid JAX type")
        aval = abstractify(x)
        if not -aval.ndim <= ax < aval.ndim:
            raise ValueError(
                f"pmap was requested to map its argument along axis {ax}, "
                f"which implies that its rank should be at least "
                f"{ax + 1 if ax >= 0 else -ax}, but is only {aval.ndim} (its "
                f"shape is {aval.shape})")
        d = ax % aval.ndim
        norm.append(d)
        mapped.append((aval.shape[d], ax, k, aval))
    if len({m[0] for m in mapped}) > 1:
        raise ValueError(_inconsistent_sizes(
            _arg_owners(fun, static, args, kwargs), mapped))
    return mapped[0][0], norm


def _mesh_devices(devices, n, axis_size):
    """The first n devices (of `devices`, else of the process)."""
    if axis_size is not None and axis_size != n:
        raise ValueError(f"Specified axis_size {axis_size} doesn't match "
                         f"received axis_size {n}.")
    if n == 0:
        raise ValueError("pmap got a mapped axis of size 0: it runs the "
                         "function once per device, on at least one device")
    if devices is not None:
        if n > len(devices):
            raise ValueError(
                f"Leading axis size of input to pmapped function must be at "
                f"most the number of devices passed to pmap. Got axis_size="
                f"{n}, num_local_devices={len(devices)}.")
        return devices[:n]
    available = xla_bridge.devices()
    if n > len(available):
        raise ValueError(f"compiling computation that requires {n} logical "
                         f"devices, but only {len(available)} XLA devices "
                         f"are available (num_replicas={n})")
    return tuple(available[:n])


# ---------------------------------------------------------------------------
# The program: jit(shard_map(body))
# ---------------------------------------------------------------------------

def _program(fun, axis_name, statics, in_tree, in_axes, out_axes, devices,
             donated):
    """jit of the shard_map'd function of flat arguments (`statics`: the
    static positional arguments by position; `in_axes`: per flat argument,
    its non-negative mapped dimension or None), and the sharding of each
    argument on the mesh."""

    grid = np.empty(len(devices), dtype=object)
    grid[:] = devices
    mesh = Mesh(grid, (axis_name,))
    in_specs = tuple(_axes_to_spec(axis_name, ax) for ax in in_axes)
    # A negative out_axes is resolved once the output's rank is known: the
    # body puts the mapped axis first and the jitted function moves it.
    out_specs = tree_util.tree_map(
        lambda ax: _axes_to_spec(axis_name, ax if ax is None or ax >= 0
                                 else 0),
        out_axes, is_leaf=_is_none)

    def body(*flat_args):
        flat_args = [x if ax is None else lax.squeeze(x, [ax])
                     for x, ax in zip(flat_args, in_axes)]
        dyn_args, kwargs = tree_util.tree_unflatten(in_tree, flat_args)
        it = iter(dyn_args)
        n_args = len(dyn_args) + len(statics)
        args = [statics[i] if i in statics else next(it)
                for i in range(n_args)]
        out = fun(*args, **kwargs)
        out_flat, out_tree = tree_util.tree_flatten(out)
        axes = _out_axes_flat(out_axes, out)
        out_flat = [x if ax is None else
                    lax.expand_dims(x, [ax if ax >= 0 else 0])
                    for x, ax in zip(out_flat, axes)]
        return tree_util.tree_unflatten(out_tree, out_flat)

    body.__name__ = getattr(fun, "__name__", "fun")
    mapped = shard_map(body, mesh=mesh, in_specs=in_specs,
                       out_specs=out_specs, axis_names={axis_name},
                       check_vma=False)
    has_negative = any(a is not None and a < 0
                       for a in tree_util.tree_leaves(out_axes))

    def run(*flat_args):
        out = mapped(*flat_args)
        if not has_negative:
            return out
        out_flat, out_tree = tree_util.tree_flatten(out)
        axes = _out_axes_flat(out_axes, out)
        return tree_util.tree_unflatten(out_tree, [
            x if ax is None or ax >= 0 else manipulation.moveaxis(x, 0, ax)
            for x, ax in zip(out_flat, axes)])

    run.__name__ = f"pmap_{body.__name__}"
    shardings = [NamedSharding(mesh, spec) for spec in in_specs]
    return jit(run, donate_argnums=donated), shardings


def _out_axes_flat(out_axes, out):
    """out_axes per leaf of the output `out`, checked against its rank."""
    try:
        axes = _broadcast_prefix(out_axes, out)
    except (ValueError, TypeError):
        err = _prefix_error((), out_axes, out, "pmap out_axes")
        raise (err or ValueError(
            f"pmap out_axes specification {out_axes!r} is not a tree prefix "
            f"of the output {tree_util.tree_structure(out)}")) from None
    for x, ax in zip(tree_util.tree_leaves(out), axes):
        if ax is None:
            continue
        ndim = np.ndim(x) if not hasattr(x, "ndim") else x.ndim
        if not -(ndim + 1) <= ax <= ndim:
            raise ValueError(f"axis {ax} is out of bounds for array of "
                             f"dimension {ndim + 1}")
    return axes


# ---------------------------------------------------------------------------
# pmap
# ---------------------------------------------------------------------------

def pmap(fun, axis_name=None, *, in_axes=0, out_axes=0,
         static_broadcasted_argnums=(), devices=None, backend=None,
         axis_size=None, donate_argnums=()):
    """f mapped over an axis of its inputs, one slice per device, as
    jax.pmap (see the module docstring)."""
    if not callable(fun):
        raise TypeError(f"Expected a callable value, got {fun!r}")
    if devices is not None:
        if not devices:
            raise ValueError("'devices' argument to pmap must be non-empty, "
                             "or None.")
        devices = tuple(devices)
    axis_name = INTERNAL_AXIS_NAME if axis_name is None else axis_name
    hash(axis_name)  # TypeError for an unhashable name, as JAX's
    del backend  # jxp has one backend, the CPU
    static = _index_tuple(static_broadcasted_argnums,
                          "static_broadcasted_argnums")
    donate = _rebase_donated(_index_tuple(donate_argnums, "donate_argnums"),
                             static)
    _check_axes_spec(in_axes, "in_axes")
    _check_axes_spec(out_axes, "out_axes")
    cache = LRUCache(CACHE_CAPACITY)
    fun_name = getattr(fun, "__name__", "fun")

    def prepare(args, kwargs):
        """The jitted program for these arguments and its flat inputs."""
        if static:
            if max(static) >= len(args):
                raise ValueError(
                    f"pmapped function has static_broadcasted_argnums="
                    f"{static} but was called with only {len(args)} "
                    f"positional argument{'s' if len(args) > 1 else ''}. All "
                    f"static broadcasted arguments must be passed "
                    f"positionally.")
            dyn_argnums = [i for i in range(len(args)) if i not in static]
            dyn_args = tuple(args[i] for i in dyn_argnums)
            statics = {}
            for i in static:
                try:
                    hash(args[i])
                except TypeError:
                    raise ValueError(
                        f"Non-hashable static arguments are not supported, "
                        f"as this can lead to unexpected cache-misses. Static "
                        f"argument (index {i}) of type {type(args[i])} for "
                        f"function {fun_name} is non-hashable.") from None
                statics[i] = args[i]
        else:
            dyn_argnums, dyn_args, statics = None, tuple(args), {}
        flat, in_tree = tree_util.tree_flatten((dyn_args, kwargs))
        axes = _flat_in_axes(in_axes, len(args), dyn_argnums, dyn_args,
                              kwargs)
        n, axes = _mapped_size(fun, static, args, kwargs, flat, axes)
        mesh_devices = _mesh_devices(devices, n, axis_size)
        donated = ()
        if donate:
            leaves = [tree_util.tree_structure(a).num_leaves
                      for a in dyn_args]
            starts = [0]
            for n_leaves in leaves:
                starts.append(starts[-1] + n_leaves)
            donated = tuple(j for d in donate if d < len(dyn_args)
                            for j in range(starts[d], starts[d + 1]))
        key = (in_tree, tuple(axes), tuple(sorted(statics.items())),
               tuple(d.id for d in mesh_devices), donated)
        entry = cache.get(key)
        if entry is None:
            entry = _program(fun, axis_name, statics, in_tree, axes,
                             out_axes, mesh_devices, donated)
            cache.put(key, entry)
        program, shardings = entry
        if not core.trace_state().frames:
            # As JAX's pmap (jit with in_shardings): the arguments go to
            # the mesh first, each device getting its slice, so a donated
            # argument's buffers are laid out as the outputs they become.
            flat = [device_put(x, s) for x, s in zip(flat, shardings)]
        return program, flat

    @functools.wraps(fun)
    def pmapped(*args, **kwargs):
        program, flat = prepare(args, kwargs)
        return program(*flat)

    def lower(*args, **kwargs):
        program, flat = prepare(args, kwargs)
        return program.lower(*flat)

    pmapped.lower = lower
    return pmapped
