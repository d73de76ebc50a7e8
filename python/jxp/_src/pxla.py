"""Where a program runs on several devices (JAX's pxla, the SPMD half):
the SpmdPlanner the compiler asks, once a program is StableHLO, which
devices run it and which Shardy annotations its arguments get, and the
SpmdModule that describes the result.

A program over several devices is one SPMD program: Shardy annotations
(``sdy.mesh`` symbols, ``sdy.sharding`` on ``@main``'s arguments),
``mhlo.num_partitions``, and compile options with ``num_partitions``, SPMD
and Shardy partitioning and the device assignment (compiler.py's
``compile_sharded``). Its input and output shardings are read back from
the executable.

The planning only: compiling (``compile_sharded``, ``compile_placed``,
``lower_sharded``) is the compiler's, whose ``compile`` hands modules with
``mhlo.num_partitions`` to ``compile_sharded``, so this module sits below
compiler.py and imports nothing of it.
"""

import math

import numpy as np
from jaxlib import xla_client as _xc

from . import sharding_impl, xla_bridge
from .mesh import mesh_from_module
from .avals import MLIR_DTYPES


def one_device(shardings):
    """The device of a one-device program: the first one among the inputs'
    that is not the default device, else the default device."""
    default = xla_bridge.default_device()
    for s in shardings or ():
        if s is not None:
            d = sharding_impl.devices_of(s)[0]
            if d.id != default.id:
                return d
    return default


class SpmdModule:
    """What lower_sharded gives: the annotated `program` (its `text`), the
    program's `devices` (its device assignment), @main's `in_avals` /
    `out_avals`, and the `meshes` to show its shardings on."""

    __slots__ = ("program", "devices", "in_avals", "out_avals", "meshes")

    def __init__(self, program, devices, in_avals, out_avals, meshes):
        self.program = program
        self.devices = tuple(devices)
        self.in_avals = in_avals
        self.out_avals = out_avals
        self.meshes = list(meshes)

    @property
    def text(self):
        return self.program.text


def _incompatible(what, ids, other, other_ids):
    return ValueError(
        f"Received incompatible devices for jitted computation. Got {what} "
        f"and with device ids {list(ids)} on platform CPU and {other} and "
        f"with device ids {list(other_ids)} on platform CPU")


def _fact_aval(t, what):
    """(shape, dtype) of a tensor of the compiler's facts."""
    shape, type_name, _ = t
    dtype = MLIR_DTYPES.get(type_name)
    if dtype is None:
        raise ValueError(f"unsupported element type of @main {what}: "
                         f"{type_name}")
    if any(d < 0 for d in shape):
        raise ValueError(f"dynamic {what} shape of @main: {shape}")
    return tuple(shape), dtype


class SpmdPlanner:
    """Decides where a compiled program runs, from where its inputs live
    (`in_shardings`, one per input of @main, None for no place yet) and
    what the compiler reports of it (``__call__(facts)``, asked by the
    compiler once the program is StableHLO): one device, or an SPMD
    program over several with the Shardy annotations the compiler writes
    (see compiler.compile_sharded). It keeps the devices, @main's avals and
    the meshes to show shardings on, for ``module``."""

    def __init__(self, in_shardings=None, meshes=()):
        self.in_shardings = (list(in_shardings) if in_shardings is not None
                             else None)
        self.meshes = meshes
        self.decided = None  # (devices, in_avals, out_avals, meshes)

    def module(self, program):
        """The SpmdModule of `program`, compiled with this plan."""
        devs, in_avals, out_avals, shown = self.decided
        return SpmdModule(program, devs, in_avals, out_avals, shown)

    def __call__(self, facts):
        in_avals = [_fact_aval(t, "argument") for t in facts["inputs"]]
        out_avals = [_fact_aval(t, "result") for t in facts["outputs"]]
        n = len(in_avals)
        in_shardings = self.in_shardings
        if in_shardings is None:
            in_shardings = [None] * n
        elif len(in_shardings) != n:
            raise ValueError(f"{len(in_shardings)} input shardings for the "
                             f"{n} arguments of @main")
        devs, origin, multi = self._devices(facts, in_shardings, in_avals)
        if len(devs) == 1:
            self.decided = (devs, in_avals, out_avals, [])
            return None
        plan = _SpmdLayout(facts, devs)
        args = [None] * n
        replicated = []
        multi_args = {i for i, _ in multi}
        sharded = [t[2] for t in facts["inputs"]]
        for i, s in enumerate(in_shardings):
            ann = (plan.annotation(s, len(in_avals[i][0]))
                   if i in multi_args else None)
            if ann is not None:
                args[i] = ann
            elif not sharded[i] or i in multi_args:
                replicated.append(i)
        if replicated:
            # Values with no place yet go everywhere, as JAX's jit does.
            name = plan.first_mesh()
            for i in replicated:
                args[i] = (name, ((),) * len(in_avals[i][0]))
        self.decided = (devs, in_avals, out_avals,
                        self._shown(in_shardings, facts, devs))
        return len(devs), tuple(plan.new_meshes), tuple(args)

    def _devices(self, facts, in_shardings, in_avals):
        """The program's devices in order, where they came from, and the
        inputs placed on several devices."""

        def describe(i):
            shape, dtype = in_avals[i]
            dims = ",".join(map(str, shape))
            return f"argument {i} with shape {np.dtype(dtype).name}[{dims}]"

        nparts = facts["num_partitions"] or None
        all_devices = xla_bridge.devices()
        multi = [(i, s) for i, s in enumerate(in_shardings)
                 if s is not None and not sharding_impl.is_single_device(s)]
        origin = None
        if facts["device_ids"]:
            ids = list(facts["device_ids"])
            by_id = {d.id: d for d in all_devices}
            unknown = [i for i in ids if i not in by_id]
            if unknown:
                raise ValueError(f"the module's jxp.device_ids name devices "
                                 f"{unknown}, which do not exist (devices: "
                                 f"{sorted(by_id)})")
            devs = tuple(by_id[i] for i in ids)
            origin = "the program's mesh"
        elif multi:
            devs = sharding_impl.devices_of(multi[0][1])
            origin = describe(multi[0][0])
        elif nparts is not None:
            if nparts > len(all_devices):
                raise ValueError(f"the module has mhlo.num_partitions = "
                                 f"{nparts}, but there are only "
                                 f"{len(all_devices)} devices")
            devs = tuple(all_devices[:nparts])
        else:
            devs = (one_device(in_shardings),)
        if nparts is not None and nparts != len(devs):
            raise ValueError(f"the module has mhlo.num_partitions = {nparts} "
                             f"but runs on {len(devs)} devices "
                             f"{[d.id for d in devs]}")
        prog_ids = [d.id for d in devs]
        for i, s in multi:
            ids = [d.id for d in sharding_impl.devices_of(s)]
            if sorted(ids) != sorted(prog_ids):
                if multi[0][0] < i and origin == describe(multi[0][0]):
                    raise _incompatible(origin, prog_ids, describe(i), ids)
                raise _incompatible(describe(i), ids, origin, prog_ids)
        return tuple(devs), origin, multi

    def _shown(self, in_shardings, facts, devs):
        """Meshes to show the program's shardings on: the inputs', the
        caller's, then the module's that cover the program's devices."""
        n_dev = len(devs)
        shown = []
        for s in in_shardings:
            mesh = getattr(s, "mesh", None) if s is not None else None
            if mesh is not None and mesh not in shown:
                shown.append(mesh)
        for mesh in self.meshes:
            if mesh not in shown:
                shown.append(mesh)
        for _, axes, dids in facts["meshes"]:
            if axes and math.prod(size for _, size in axes) == n_dev:
                mdevs = [devs[p] for p in (dids or range(n_dev))]
                mesh = mesh_from_module(mdevs, [a for a, _ in axes],
                                        [size for _, size in axes])
                if mesh not in shown:
                    shown.append(mesh)
        return shown


class _SpmdLayout:
    """The meshes of one SPMD program: the module's, and those its
    arguments' shardings need (new symbols, named apart from the
    module's)."""

    def __init__(self, facts, devs):
        self.devs = devs
        self.pos = {d.id: p for p, d in enumerate(devs)}
        self.symbols = set(facts["symbols"])
        self.mesh_symbols = {}  # (axes, device positions or ()) -> name
        for name, axes, dids in facts["meshes"]:
            self.mesh_symbols.setdefault((tuple(axes), tuple(dids)), name)
        self.new_meshes = []  # (name, axes, device positions or ())

    def first_mesh(self):
        if self.mesh_symbols:
            return next(iter(self.mesh_symbols.values()))
        return self.mesh_symbol((), [])

    def mesh_symbol(self, axes, positions):
        dids = (() if list(positions) == list(range(len(positions)))
                else tuple(positions))
        key = (tuple(axes), dids)
        name = self.mesh_symbols.get(key)
        if name is None:
            name, k = "mesh", 0
            while name in self.symbols:
                k += 1
                name = f"mesh_{k}"
            self.symbols.add(name)
            self.mesh_symbols[key] = name
            self.new_meshes.append((name, tuple(axes), dids))
        return name

    def annotation(self, s, ndim):
        """(mesh, axes per dimension) of an input with sharding `s`, or
        None for one replicated everywhere."""
        mesh = getattr(s, "mesh", None)
        if mesh is not None and hasattr(s, "_sdy_dims"):
            axes = tuple(zip(mesh.axis_names, mesh.axis_sizes))
            positions = [self.pos[d.id]
                         for d in sharding_impl.mesh_devices(mesh)]
            dims = s._sdy_dims(ndim)
            return (self.mesh_symbol(axes, positions),
                    tuple(tuple(d) for d in dims))
        hlo = sharding_impl.hlo_of(s, ndim)
        if sharding_impl.hlo_layout(self.devs, hlo, ndim)[1].is_replicated():
            return None  # replicated: annotated as such by the caller
        if not hlo.is_tiled() or any(
                t != _xc.OpSharding.Type.REPLICATED
                for t in hlo.subgroup_types()):
            raise ValueError(f"jxp cannot pass an argument with sharding "
                             f"{s} to an SPMD program")
        # Any tiling is a mesh whose axes are the tile dimensions and whose
        # devices are the tile assignment.
        dims = hlo.tile_assignment_dimensions()
        s_devs = sharding_impl.devices_of(s)
        axes = [(f"_{k}", size) for k, size in enumerate(dims) if size > 1]
        positions = [self.pos[s_devs[p].id]
                     for p in hlo.tile_assignment_devices()]
        return (self.mesh_symbol(axes, positions),
                tuple((f"_{j}",) if dims[j] > 1 else ()
                      for j in range(ndim)))
