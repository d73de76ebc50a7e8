"""Compiled programs with the calling convention of their trace (JAX's
jax.stages.Compiled): the executable, the closed-over arrays placed where it
takes them, and what jaxlib's C++ fast path needs to call it."""

import collections

import numpy as np

from . import compiler, pxla, sharding_impl, transfer, tree_util, xla_bridge
from .array import ArrayImpl, is_array
from .core import abstractify


class _FastpathData(collections.namedtuple("_FastpathData", [
        "xla_executable", "out_pytree_def", "in_shardings", "out_shardings",
        "out_avals", "out_committed", "kept_var_bitvec",
        "in_device_local_layouts", "const_args"])):
    """What jaxlib's jit fast path needs to run a compiled program without
    calling Python (the fields and their order are jaxlib's)."""
    __slots__ = ()


class Compiled:
    """An executable with the calling convention of its trace. It keeps the
    trace's avals, trees and closed-over arrays (its first inputs), not its
    module, so cached executables do not hold MLIR contexts alive.

    `in_shardings` (one per traced input, see `arg_shardings`): where the
    arguments it is compiled for live; with any not on the default device
    (or closed-over arrays so), the program runs where they are: one SPMD
    program over several devices (compiler.compile_sharded).
    `compiler_options`: XLA debug options for the compile (jit's)."""

    def __init__(self, traced, pipeline, in_shardings=None, placed=None,
                 compiler_options=None):
        self.in_avals = traced.in_avals
        self.out_avals = traced.out_avals
        self.out_tree = traced.out_tree
        captured = list(traced.captured)
        shardings = program_shardings(captured, in_shardings,
                                      len(self.in_avals))
        if placed is None:
            placed = place(traced, pipeline, shardings)
        self.program, planner = placed
        self.executable = compiler.compile_placed(
            self.program, planner, shardings, compiler_options)
        exe = self.executable
        # The default device's programs take what they are given (jaxlib's
        # fast path moves one-device arrays itself); others are checked.
        self._anywhere = len(exe.devices) == 1
        self._execute = exe.execute
        self._handlers = exe.result_handlers(self.out_avals)
        n = len(captured)
        # Closed-over arrays, placed once where the program takes them.
        self.captured = exe.place(captured) if n else []
        self._arg_shardings = exe.in_shardings[n:]
        self.in_tree = None  # set by Lowered.compile for the public call
        self._fastpath = None

    def execute_flat(self, flat_args):
        if self._anywhere:
            bufs = [x if is_array(x) else to_buffer(x, a)
                    for x, a in zip(flat_args, self.in_avals)]
        else:  # host values go straight where the program wants them
            bufs = [x if is_array(x) else np.asarray(x, dtype=a.dtype)
                    for x, a in zip(flat_args, self.in_avals)]
        return self._execute(self.captured + bufs, self._handlers)

    def call_flat(self, flat_args):
        return tree_util.tree_unflatten(self.out_tree,
                                        self.execute_flat(flat_args))

    def fastpath(self, flat_args=None):
        """The program as jaxlib's fast path runs it, for calls with
        arguments like `flat_args`; None if the fast path would pass one of
        them to the program as it is while the program expects it laid out
        otherwise (that would crash; the Python path moves it)."""
        if flat_args is not None and not self._anywhere:
            n_dev = len(self.executable.devices)
            for x, s in zip(flat_args, self._arg_shardings):
                if type(x) is ArrayImpl:
                    xs = x._sharding
                    # Other device counts go to the shard-arg fallback.
                    if xs is not s and sharding_impl.num_devices(
                            xs) == n_dev and not sharding_impl.same_layout(
                            xs, s, x.aval.ndim):
                        return None
        fp = self._fastpath
        if fp is None:
            exe = self.executable
            n_in = len(self.captured) + len(self.in_avals)
            n_out = len(self.out_avals)
            fp = self._fastpath = _FastpathData(
                exe.loaded_executable, self.out_tree,
                list(exe.in_shardings), list(exe.out_shardings),
                list(self.out_avals), [True] * n_out, [True] * n_in,
                [None] * n_in, list(self.captured))
        return fp

    def __call__(self, *args, **kwargs):
        """Calls the compiled program with the lowered call's non-static
        arguments (as JAX's Compiled does)."""
        flat, in_tree = tree_util.tree_flatten((args, kwargs))
        if self.in_tree is not None and in_tree != self.in_tree:
            raise TypeError(f"function compiled for {self.in_tree}, called "
                            f"with {in_tree} (static arguments are left out)")
        for x, a in zip(flat, self.in_avals):
            b = abstractify(x)
            if (b.shape, b.dtype) != (a.shape, a.dtype):
                raise TypeError(f"argument of type {b.str_short()} does not "
                                f"match the compiled {a.str_short()}")
        return self.call_flat(flat)

    def as_text(self):
        """XLA's optimized HLO of the program."""
        return self.executable.hlo_text()

    @property
    def stablehlo(self):
        """The StableHLO text compiled (for one device)."""
        return self.program.text

    @property
    def input_shardings(self):
        """The shardings the program takes its arguments with (JAX's
        Compiled.input_shardings: (args, kwargs) trees when known)."""
        flat = list(self._arg_shardings)
        if self.in_tree is not None:
            return tree_util.tree_unflatten(self.in_tree, flat)
        return flat

    @property
    def output_shardings(self):
        """The shardings of the program's results (as its output tree)."""
        return tree_util.tree_unflatten(self.out_tree,
                                        list(self.executable.out_shardings))

    def cost_analysis(self):
        """XLA's cost estimates of the compiled program (a dict: "flops",
        "bytes accessed", ...), as JAX's Compiled.cost_analysis."""
        return self.executable.loaded_executable.cost_analysis()

    def memory_analysis(self):
        """What XLA allocates for one call (argument, output, temporary and
        generated-code sizes in bytes), as JAX's Compiled.memory_analysis."""
        return self.executable.loaded_executable.get_compiled_memory_stats()


def place(traced, pipeline, shardings):
    """(program, planner): `traced` compiled with `pipeline`, laid out by
    the compiler for the devices `shardings` (program_shardings) name; C++
    asks the planner where the program runs once it is StableHLO."""
    planner = pxla.SpmdPlanner(shardings)
    return compiler.compile_traced(traced, pipeline, planner=planner), planner


def arg_shardings(flat):
    """The shardings of the arrays among `flat` that are not on the default
    device, None for the other values (a tuple); None if there are none
    (the usual case: a program on the default device)."""
    default = xla_bridge.default_sharding()
    out = None
    for i, x in enumerate(flat):
        if type(x) is ArrayImpl and is_array(x):
            s = x._sharding
            if s is not default:
                if out is None:
                    out = [None] * len(flat)
                out[i] = s
    return None if out is None else tuple(out)


def program_shardings(captured, in_shardings, n_in):
    """The input shardings to compile a program for (closed-over arrays
    first), or None when every input may live on the default device."""
    cap = arg_shardings(captured)
    if cap is None and in_shardings is None:
        return None
    return (list(cap or [None] * len(captured)) +
            list(in_shardings or [None] * n_in))


def to_buffer(x, aval):
    if is_array(x):
        return x
    return transfer.device_put(np.asarray(x, dtype=aval.dtype))
