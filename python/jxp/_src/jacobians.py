"""Jacobians and Hessians: jacfwd (one JVP batched over the standard basis
of the inputs), jacrev (one VJP batched over the outputs' basis) and
hessian, as JAX's. They sit above both autodiff (ad) and batching, which
they combine."""

import numpy as np

from . import batching, core, dtypes, tree_util
from .lax import primitives as prims
from .ad import (_arg_leaf_positions, _argnums_tuple, _check_argnums_type,
                 _check_callable, _is_inexact, _jvp_traced, _name, _split_aux,
                 _staged, _trace_fun, _vjp_op, _zeros, _zeros_array)
from .tracing import call_function
from .core import abstractify


def _std_basis(avals, n):
    """The standard basis of the n elements of arrays `avals`, as one
    array per aval of shape (n,) + its shape (rows of the identity), built
    in the program from iotas (as JAX's) rather than as an n x n constant."""
    out, off = [], 0
    for a in avals:
        shape = (n, a.size)
        rows = prims.iota_prim.bind(dtype=np.dtype(np.int32), shape=shape,
                                 dimension=0)
        cols = prims.add_prim.bind(
            prims.iota_prim.bind(dtype=np.dtype(np.int32), shape=shape,
                              dimension=1),
            prims.broadcast_in_dim_prim.bind(np.int32(off), shape=shape,
                                          broadcast_dimensions=()))
        eye = prims.convert_element_type_prim.bind(
            prims.compare_prim.bind(rows, cols, direction="EQ"),
            new_dtype=a.dtype, weak_type=False)
        out.append(prims.reshape_prim.bind(eye, new_sizes=(n,) + a.shape))
        off += a.size
    return out


def _int_zeros(aval):
    """Zeros of an integer or bool aval, keeping its weak type."""
    return prims.convert_element_type_prim.bind(
        _zeros_array(aval.shape, aval.dtype), new_dtype=aval.dtype,
        weak_type=aval.weak_type)


def _unravel(t, lead, off, aval):
    """Of `t` (lead dims + (n,)), the columns [off, off + aval.size) as
    lead dims + aval's shape."""
    shape = abstractify(t).shape
    part = prims.slice_prim.bind(
        t, start_indices=(0,) * lead + (int(off),),
        limit_indices=shape[:-1] + (int(off) + aval.size,),
        strides=(1,) * (lead + 1))
    return prims.reshape_prim.bind(part, new_sizes=shape[:-1] + aval.shape)


def jacfwd(fun, argnums=0, has_aux=False, holomorphic=False):
    """The Jacobian by forward mode: one JVP batched over the inputs'
    standard basis, as jax.jacfwd."""
    _check_callable(fun, "jacfwd")
    _check_argnums_type(argnums)
    name = _name(fun)

    def body(*args):
        single, nums = _argnums_tuple(argnums, len(args), "jacfwd")
        dyn = [args[i] for i in nums]
        for x in tree_util.tree_leaves(dyn):
            a = abstractify(x)
            if holomorphic:
                if not dtypes.is_complex(a.dtype):
                    raise TypeError(
                        f"jacfwd with holomorphic=True requires inputs with "
                        f"complex dtype, but got {a.dtype.name}.")
            elif not dtypes.is_float(a.dtype):
                raise TypeError(
                    f"jacfwd requires real-valued inputs (input dtype that is "
                    f"a sub-dtype of np.floating), but got {a.dtype.name}. "
                    f"For holomorphic differentiation, pass holomorphic=True. "
                    f"For differentiation of non-holomorphic functions "
                    f"involving complex inputs or integer inputs, use "
                    f"jax.jvp directly.")
        flat_dyn, dyn_tree = tree_util.tree_flatten(tuple(dyn))

        def f_dyn(*leaves):
            full = list(args)
            for i, d in zip(nums, tree_util.tree_unflatten(dyn_tree,
                                                           list(leaves))):
                full[i] = d
            return fun(*full)

        flat_avals = [abstractify(x) for x in flat_dyn]
        # One batched JVP over the standard basis of the inputs (JAX's
        # jacfwd): the tangents' batch axis ends each output tangent.
        sizes = [a.size for a in flat_avals]
        n = sum(sizes)

        def pushfwd(*tangents):
            res = _jvp_traced(f_dyn, name, tuple(flat_dyn), tangents, has_aux)
            return res if has_aux else (res[0], res[1], None)

        basis = _std_basis(flat_avals, n)
        out, tan, aux = batching.vmap(
            pushfwd, out_axes=(None, -1, None), axis_size=n)(*basis)
        out_leaves, out_tree = tree_util.tree_flatten(out)
        for o in out_leaves:
            a = abstractify(o)
            if holomorphic and not dtypes.is_complex(a.dtype):
                raise TypeError(
                    f"jacfwd with holomorphic=True requires outputs with "
                    f"complex dtype, but got {a.dtype.name}.")
        per_out = []
        for tl in tree_util.tree_leaves(tan):
            oa = abstractify(tl)
            lead = oa.shape[:-1]
            per_in = [_unravel(tl, len(lead), off, a)
                      for off, a in zip(np.cumsum([0] + sizes), flat_avals)]
            tree = tree_util.tree_unflatten(dyn_tree, per_in)
            per_out.append(tree[0] if single else tree)
        jac = tree_util.tree_unflatten(out_tree, per_out)
        return (jac, aux) if has_aux else jac

    body.__name__ = f"jacfwd_{name}"
    return _staged(body)


def jacrev(fun, argnums=0, has_aux=False, holomorphic=False,
           allow_int=False):
    """The Jacobian by reverse mode: one VJP batched over the outputs'
    standard basis, as jax.jacrev."""
    _check_callable(fun, "jacrev")
    name = _name(fun)

    def body(*args, **kwargs):
        single, nums = _argnums_tuple(argnums, len(args), "jacrev")
        flat, tree = tree_util.tree_flatten((args, kwargs))
        groups = _arg_leaf_positions(args, nums)
        wrt = sorted({k for g in groups for k in g})
        for k in wrt:
            a = abstractify(flat[k])
            if holomorphic and not dtypes.is_complex(a.dtype):
                raise TypeError(
                    f"jacrev with holomorphic=True requires inputs with "
                    f"complex dtype, but got {a.dtype.name}.")
            if not _is_inexact(a) and not allow_int:
                raise TypeError(
                    f"jacrev requires real- or complex-valued inputs (input "
                    f"dtype that is a sub-dtype of np.inexact), but got "
                    f"{a.dtype.name}. If you want to use Boolean- or "
                    f"integer-valued inputs, use vjp or set allow_int to "
                    f"True.")
        traced = _trace_fun(fun, name, flat, tree)
        out_struct = tree_util.tree_unflatten(
            traced.out_tree, list(range(len(traced.out_avals))))
        main, aux_idx = _split_aux(out_struct, has_aux, "jacrev")
        main_idx, main_tree = tree_util.tree_flatten(main)
        for o in main_idx:
            a = traced.out_avals[o]
            if holomorphic:
                if not dtypes.is_complex(a.dtype):
                    raise TypeError(
                        f"jacrev with holomorphic=True requires outputs "
                        f"with complex dtype, but got {a.dtype.name}.")
            elif dtypes.is_complex(a.dtype):
                raise TypeError(
                    f"jacrev requires real-valued outputs (output dtype "
                    f"that is a sub-dtype of np.floating), but got "
                    f"{a.dtype.name}. For holomorphic differentiation, pass "
                    f"holomorphic=True. For differentiation of "
                    f"non-holomorphic functions involving complex outputs, "
                    f"use jax.vjp directly.")
            elif not _is_inexact(a):
                raise TypeError(
                    f"jacrev requires real-valued outputs (output dtype that "
                    f"is a sub-dtype of np.floating), but got "
                    f"{a.dtype.name}. For holomorphic differentiation, pass "
                    f"holomorphic=True. For differentiation of "
                    f"non-holomorphic functions involving complex outputs, "
                    f"or function with integer outputs, use jax.vjp "
                    f"directly.")
        # One batched VJP over the standard basis of the outputs (JAX's
        # jacrev): each cotangent has the batch axis first.
        main_avals = [traced.out_avals[o] for o in main_idx]
        sizes = [a.size for a in main_avals]
        m = sum(sizes)

        # Integer inputs (allow_int) are not differentiated: their rows are
        # zeros of their own type, as in JAX's jacrev.
        diff = [k for k in wrt if _is_inexact(abstractify(flat[k]))]

        def pullback(*cts_main):
            cts = [_zeros(b) for b in traced.out_avals]
            for o, c in zip(main_idx, cts_main):
                cts[o] = c
            grads = dict(zip(diff, _vjp_op(traced, flat, diff, cts)[1]))
            return [grads[k] if k in grads else
                    _int_zeros(abstractify(flat[k])) for k in wrt]

        rows = batching.vmap(pullback, axis_size=m)(
            *_std_basis(main_avals, m))
        outs = call_function(core.current_frame(), traced.symbol,
                             traced.out_avals, list(flat) + traced.closure)
        per_out = []
        for off, a in zip(np.cumsum([0] + sizes), main_avals):
            per_leaf = []
            for w, pos in enumerate(wrt):
                ia = abstractify(flat[pos])
                part = rows[w]  # (m,) + input shape
                per_leaf.append(prims.reshape_prim.bind(
                    prims.slice_prim.bind(
                        part, start_indices=(int(off),) + (0,) * ia.ndim,
                        limit_indices=(int(off) + a.size,) + ia.shape,
                        strides=(1,) * (ia.ndim + 1)),
                    new_sizes=a.shape + ia.shape))
            by_pos = dict(zip(wrt, per_leaf))
            trees = [tree_util.tree_unflatten(
                tree_util.tree_structure(args[i]), [by_pos[k] for k in group])
                for i, group in zip(nums, groups)]
            per_out.append(trees[0] if single else tuple(trees))
        jac = tree_util.tree_unflatten(main_tree, per_out)
        if has_aux:
            full = tree_util.tree_unflatten(traced.out_tree, outs)
            return jac, full[1]
        return jac

    body.__name__ = f"jacrev_{name}"
    return _staged(body)


def hessian(fun, argnums=0, has_aux=False, holomorphic=False):
    """jacfwd(jacrev(f)), as jax.hessian."""
    return jacfwd(jacrev(fun, argnums, has_aux=has_aux,
                         holomorphic=holomorphic), argnums,
                  has_aux=has_aux, holomorphic=holomorphic)


# ---------------------------------------------------------------------------
# stop_gradient
# ---------------------------------------------------------------------------
