"""Products: dot, matmul, tensordot, einsum and friends; traces and
diagonals."""

import builtins
import operator
import string

import numpy as np

from jxp._src import dtypes as _dt
from jxp._src.api import jit_library
from jxp._src.core import abstractify
from jxp._src.lax import scalar_casting as lax, slicing
from jxp._src.numpy import ufuncs
from jxp._src.numpy.manipulation import (
    _const as _constant, asarray, moveaxis, ravel)
from jxp._src.numpy.reductions import sum as _sum
from jxp._src.numpy.ufuncs import multiply
from jxp._src.numpy.util import (
    _check_arraylike, _expand, _filled, _keep_weak, astype, broadcast_to,
    ndim, shape)
from jxp._src.util import canonicalize_axis





__all__ = [
    'matmul', 'dot', 'vdot', 'vecdot', 'inner', 'outer', 'tensordot',
    'einsum', 'trace', 'diagonal', 'diag', 'kron']


def _result_type(*args):
    avals = [abstractify(a) for a in args]
    return _dt.promote(*[(a.dtype, a.weak_type) for a in avals])


def _prepare(name, preferred, *args):
    """Operands as arrays of the output dtype; that dtype and weak type (JAX:
    preferred_element_type, or the promoted type of the operands)."""
    _check_arraylike(name, *args)
    args = [asarray(a) for a in args]
    if preferred is None:
        dtype, weak = _result_type(*args)
    else:
        dtype, weak = _dt.canonicalize(preferred), False
    out = []
    for a in args:
        if abstractify(a).dtype != dtype:
            a = lax.convert_element_type(a, dtype)
        out.append(_keep_weak(a, weak))
    return out, dtype, weak


def _dot_general(a, b, dims, weak):
    return _keep_weak(lax.dot_general(a, b, dims), weak)


@jit_library(static_argnames=("precision", "preferred_element_type"))
def matmul(a, b, *, precision=None, preferred_element_type=None):
    _check_arraylike("matmul", a, b)
    for i, x in enumerate((a, b)):
        if ndim(x) < 1:
            raise ValueError(f"matmul input operand {i} must have ndim at "
                             f"least 1, but it has ndim {ndim(x)}")
    (a, b), dtype, weak = _prepare("matmul", preferred_element_type, a, b)
    na, nb = ndim(a), ndim(b)
    if na <= 2 and nb <= 2:
        return _dot_general(a, b, (((na - 1,), (0 if nb == 1 else nb - 2,)),
                                   ((), ())), weak)
    a2 = a if na > 1 else _expand(a, [0])
    b2 = b if nb > 1 else _expand(b, [1])
    try:
        batch = np.broadcast_shapes(shape(a2)[:-2], shape(b2)[:-2])
    except ValueError:
        raise ValueError(f"Incompatible types for matmul arguments: "
                         f"{abstractify(a).str_short()} and "
                         f"{abstractify(b).str_short()}") from None
    a2 = broadcast_to(a2, batch + shape(a2)[-2:])
    b2 = broadcast_to(b2, batch + shape(b2)[-2:])
    k = len(batch)
    out = _dot_general(a2, b2, (((k + 1,), (k,)),
                                (tuple(range(k)), tuple(range(k)))), weak)
    s = list(shape(out))
    if na == 1:
        del s[k]
    if nb == 1:
        del s[-1]
    return lax.reshape(out, s)


def dot(a, b, *, precision=None, preferred_element_type=None):
    (a, b), dtype, weak = _prepare("dot", preferred_element_type, a, b)
    na, nb = ndim(a), ndim(b)
    if na == 0 or nb == 0:
        contract = ((), ())
    elif nb == 1:
        contract = ((na - 1,), (0,))
    else:
        contract = ((na - 1,), (nb - 2,))
    return _dot_general(a, b, (contract, ((), ())), weak)


def vdot(a, b, *, precision=None, preferred_element_type=None):
    _check_arraylike("vdot", a, b)
    a, b = asarray(a), asarray(b)
    if np.issubdtype(abstractify(a).dtype, np.complexfloating):
        a = ufuncs.conjugate(a) if hasattr(ufuncs, "conjugate") else a
    return dot(ravel(a), ravel(b), preferred_element_type=preferred_element_type)


def vecdot(x1, x2, /, *, axis=-1, precision=None, preferred_element_type=None):
    _check_arraylike("vecdot", x1, x2)
    x1, x2 = asarray(x1), asarray(x2)
    if shape(x1)[axis] != shape(x2)[axis]:
        raise ValueError(f"axes must match; got shapes {shape(x1)} and "
                         f"{shape(x2)} with axis={axis}")
    x1, x2 = moveaxis(x1, axis, -1), moveaxis(x2, axis, -1)
    if np.issubdtype(abstractify(x1).dtype, np.complexfloating):
        x1 = ufuncs.conjugate(x1) if hasattr(ufuncs, "conjugate") else x1
    (x1, x2), dtype, weak = _prepare("vecdot", preferred_element_type, x1, x2)
    batch = np.broadcast_shapes(shape(x1)[:-1], shape(x2)[:-1])
    x1 = broadcast_to(x1, batch + shape(x1)[-1:])
    x2 = broadcast_to(x2, batch + shape(x2)[-1:])
    k = len(batch)
    return _dot_general(x1, x2, (((k,), (k,)), (tuple(range(k)),) * 2), weak)


def tensordot(a, b, axes=2, *, precision=None, preferred_element_type=None):
    (a, b), dtype, weak = _prepare("tensordot", preferred_element_type, a, b)
    na, nb = ndim(a), ndim(b)
    if type(axes) is int:
        if axes > builtins.min(na, nb):
            raise TypeError(f"Number of tensordot axes (axes {axes}) exceeds "
                            f"input ranks ({shape(a)} and {shape(b)})")
        contract = tuple(range(na - axes, na)), tuple(range(axes))
    elif isinstance(axes, (tuple, list)) and len(axes) == 2:
        ax1, ax2 = axes
        if isinstance(ax1, int) and isinstance(ax2, int):
            contract = (canonicalize_axis(ax1, na),), (canonicalize_axis(ax2, nb),)
        elif isinstance(ax1, (tuple, list)) and isinstance(ax2, (tuple, list)):
            if len(ax1) != len(ax2):
                raise TypeError(f"tensordot requires axes lists to have equal "
                                f"length, got {ax1} and {ax2}.")
            contract = (tuple(canonicalize_axis(i, na) for i in ax1),
                        tuple(canonicalize_axis(i, nb) for i in ax2))
        else:
            raise TypeError(f"tensordot requires both axes lists to be either "
                            f"ints, tuples or lists, got {ax1} and {ax2}")
    else:
        raise TypeError("tensordot axes argument must be an int, a pair of "
                        "ints, or a pair of lists/tuples of ints.")
    return _dot_general(a, b, (contract, ((), ())), weak)


def inner(a, b, *, precision=None, preferred_element_type=None):
    _check_arraylike("inner", a, b)
    if ndim(a) == 0 or ndim(b) == 0:
        if preferred_element_type is not None:
            a = astype(a, preferred_element_type)
            b = astype(b, preferred_element_type)
        return multiply(a, b)
    return tensordot(a, b, (-1, -1),
                     preferred_element_type=preferred_element_type)


def outer(a, b, out=None):
    if out is not None:
        raise NotImplementedError("The 'out' argument to jnp.outer is not "
                                  "supported.")
    _check_arraylike("outer", a, b)
    a, b = ravel(asarray(a)), ravel(asarray(b))
    return multiply(_expand(a, [1]), _expand(b, [0]))


def kron(a, b):
    _check_arraylike("kron", a, b)
    a, b = asarray(a), asarray(b)
    na, nb = ndim(a), ndim(b)
    if na < nb:
        a = lax.reshape(a, (1,) * (nb - na) + shape(a))
    elif nb < na:
        b = lax.reshape(b, (1,) * (na - nb) + shape(b))
    n = ndim(a)
    if _result_type(a, b)[0] == _dt.bool_:
        raise TypeError("mul does not accept dtype bool. Accepted dtypes are "
                        "subtypes of number.")
    a_r = lax.reshape(a, [d for s in shape(a) for d in (s, 1)])
    b_r = lax.reshape(b, [d for s in shape(b) for d in (1, s)])
    out = multiply(a_r, b_r)
    return lax.reshape(out, [shape(a)[i] * shape(b)[i] for i in range(n)])


# --- traces and diagonals ----------------------------------------------------


def diagonal(a, offset=0, axis1=0, axis2=1):
    _check_arraylike("diagonal", a)
    a = asarray(a)
    if ndim(a) < 2:
        raise ValueError("diagonal requires an array of at least two "
                         "dimensions.")
    offset = operator.index(offset)
    s = shape(a)
    n1, n2 = s[canonicalize_axis(axis1, len(s))], s[canonicalize_axis(axis2, len(s))]
    a = moveaxis(a, (axis1, axis2), (-2, -1))
    lead = shape(a)[:-2]
    d = builtins.max(0, builtins.min(n1 + builtins.min(offset, 0),
                                     n2 - builtins.max(offset, 0)))
    if d == 0:
        return _keep_weak(_constant(np.zeros(lead + (0,)), abstractify(a).dtype),
                          abstractify(a).weak_type)
    flat = lax.reshape(a, lead + (n1 * n2,))
    start = offset if offset >= 0 else -offset * n2
    stop = start + (d - 1) * (n2 + 1) + 1
    k = len(lead)
    out = slicing.slice(flat, (0,) * k + (start,), lead + (stop,),
                    (1,) * k + (n2 + 1,))
    if len(s) == 2 and n1 == n2 and offset == 0 and \
            abstractify(a).dtype != _dt.bool_:
        out = _keep_weak(out, False)  # as JAX's platform-dependent path
    return out


def trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    if out is not None:
        raise NotImplementedError("The 'out' argument to jnp.trace is not "
                                  "supported.")
    _check_arraylike("trace", a)
    a = asarray(a)
    n = ndim(a)
    if canonicalize_axis(axis1, n) == canonicalize_axis(axis2, n):
        raise ValueError(f"axis1 and axis2 can not be same. axis1={axis1} and "
                         f"axis2={axis2}")
    s = shape(a)
    a = moveaxis(a, (axis1, axis2), (-2, -1))
    mask = _constant(np.eye(s[axis1], s[axis2], operator.index(offset),
                            dtype=bool), _dt.bool_)
    mask = lax.broadcast_in_dim(mask, shape(a), (n - 2, n - 1))
    zero = _keep_weak(_filled(a, 0), abstractify(a).weak_type)
    return _sum(lax.select(mask, a, zero), axis=(-2, -1), dtype=dtype)


def diag(v, k=0):
    _check_arraylike("diag", v)
    v = asarray(v)
    k = operator.index(k)
    s = shape(v)
    if len(s) == 1:
        weak = abstractify(v).weak_type
        n = s[0] + builtins.abs(k)
        zero = _keep_weak(_constant(0, abstractify(v).dtype), weak)
        vp = lax.pad(v, zero, [(0, builtins.abs(k), 0)]) if k else v
        vals = lax.broadcast_in_dim(vp, (n, n), (0,) if k >= 0 else (1,))
        mask = _constant(np.eye(n, n, k, dtype=bool), _dt.bool_)
        return lax.select(mask, vals, _keep_weak(_filled(vals, 0), weak))
    if len(s) == 2:
        return diagonal(v, offset=k)
    raise ValueError("diag input must be 1d or 2d")


# --- einsum ------------------------------------------------------------------


def _sublist_to_str(sub):
    letters = string.ascii_letters
    out = []
    for s in sub:
        if s is Ellipsis:
            out.append("...")
        else:
            s = operator.index(s)
            if not 0 <= s < len(letters):
                raise ValueError(f"subscript is not within the valid range "
                                 f"[0, {len(letters)})")
            out.append(letters[s])
    return "".join(out)


def _parse_einsum(subscripts, operands):
    if isinstance(subscripts, str):
        return subscripts, list(operands)
    # The interleaved form: op0, sub0, op1, sub1, ..., [out]
    args = [subscripts] + list(operands)
    k = len(args) // 2
    ops, subs = args[0:2 * k:2], args[1:2 * k:2]
    spec = ",".join(_sublist_to_str(s) for s in subs)
    if len(args) % 2:
        spec += "->" + _sublist_to_str(args[-1])
    return spec, list(ops)


def einsum(subscripts, /, *operands, out=None, optimize="auto",
           precision=None, preferred_element_type=None, _dot_general=None):
    if out is not None:
        raise NotImplementedError("The 'out' argument to jnp.einsum is not "
                                  "supported.")
    spec, operands = _parse_einsum(subscripts, operands)
    _check_arraylike("einsum", *operands)
    operands = [asarray(o) for o in operands]
    spec = spec.replace(" ", "")
    if "->" in spec:
        in_spec, out_spec = spec.split("->")
        if "->" in out_spec or "-" in out_spec or ">" in out_spec:
            raise ValueError("Subscripts can only contain one '->'.")
    else:
        if "-" in spec or ">" in spec:
            raise ValueError("Subscripts can only contain one '->'.")
        in_spec, out_spec = spec, None
    terms = in_spec.split(",")
    if len(terms) != len(operands):
        raise ValueError(f"Number of einsum subscripts, {len(terms)}, must be "
                         f"equal to the number of operands, {len(operands)}.")
    for t in terms + ([out_spec] if out_spec is not None else []):
        if "." in t.replace("...", ""):
            raise ValueError("Invalid Ellipses.")
    used = set(in_spec) | set(out_spec or "")
    free_letters = [c for c in string.ascii_letters if c not in used]
    n_ell = 0
    for t, op in zip(terms, operands):
        if "..." in t:
            k = ndim(op) - (len(t) - 3)
            if k < 0:
                raise ValueError("Ellipsis lengths do not match.")
            n_ell = builtins.max(n_ell, k)
    ell = "".join(free_letters[:n_ell])
    labels = []
    for t, op in zip(terms, operands):
        if "..." in t:
            k = ndim(op) - (len(t) - 3)
            t = t.replace("...", ell[n_ell - k:])
        if len(t) != ndim(op):
            raise ValueError(f"Einstein sum subscript '{t}' does not contain "
                             f"the correct number of indices for operand of "
                             f"dimension {ndim(op)}.")
        labels.append(t)
    if out_spec is None:
        counts = {}
        for t in labels:
            for c in t:
                counts[c] = counts.get(c, 0) + 1
        out_labels = ell + "".join(sorted(c for c, n in counts.items()
                                          if n == 1 and c not in ell))
    else:
        out_labels = out_spec.replace("...", ell)
        if len(set(out_labels)) != len(out_labels):
            raise ValueError(f"Output character repeated in '{out_spec}'.")
        for c in out_labels:
            if not builtins.any(c in t for t in labels):
                raise ValueError(f"Output character '{c}' did not appear in "
                                 f"the input")
    # Sizes of every label; size-1 dimensions broadcast.
    sizes = {}
    for t, op in zip(labels, operands):
        for c, d in zip(t, shape(op)):
            if sizes.get(c, 1) == 1:
                sizes[c] = d
            elif d not in (1, sizes[c]):
                raise ValueError(f"Size of label '{c}' for operand does not "
                                 f"match previous terms ({d} vs {sizes[c]}).")
    operands, dtype, weak = _prepare("einsum", preferred_element_type,
                                     *operands)
    ops = []
    for t, op in zip(labels, operands):
        # Drop size-1 dimensions broadcast against a larger size elsewhere.
        keep = [i for i, c in enumerate(t) if not (shape(op)[i] == 1
                                                   and sizes[c] != 1)]
        if len(keep) != len(t):
            op = lax.reshape(op, [shape(op)[i] for i in keep])
            t = "".join(t[i] for i in keep)
        op, t = _einsum_diagonals(op, t)
        ops.append((op, t))

    def needed_later(c, start):
        return c in out_labels or builtins.any(c in t for _, t in ops[start:])

    # Sum out labels that only one operand carries and the output lacks.
    for i, (op, t) in enumerate(ops):
        others = [u for j, (_, u) in enumerate(ops) if j != i]
        drop = [k for k, c in enumerate(t) if c not in out_labels
                and not builtins.any(c in u for u in others)]
        if drop:
            op = _einsum_sum(op, drop)
            t = "".join(c for k, c in enumerate(t) if k not in drop)
        ops[i] = (op, t)
    cur, cur_t = ops[0]
    for i in range(1, len(ops)):
        rhs, rhs_t = ops[i]
        common = [c for c in cur_t if c in rhs_t]
        batch = [c for c in common if needed_later(c, i + 1)]
        contract = [c for c in common if c not in batch]
        dims = ((tuple(cur_t.index(c) for c in contract),
                 tuple(rhs_t.index(c) for c in contract)),
                (tuple(cur_t.index(c) for c in batch),
                 tuple(rhs_t.index(c) for c in batch)))
        cur = _keep_weak(lax.dot_general(cur, rhs, dims), weak)
        cur_t = ("".join(batch) + "".join(c for c in cur_t if c not in common)
                 + "".join(c for c in rhs_t if c not in common))
    if cur_t != out_labels:
        cur = lax.transpose(cur, [cur_t.index(c) for c in out_labels])
    return _keep_weak(cur, weak)


def _einsum_sum(op, axes):
    if abstractify(op).dtype == _dt.bool_:
        return lax.reduce_or(op, axes)
    return lax.reduce_sum(op, axes)


def _einsum_diagonals(op, t):
    """Repeated labels within one operand: keep their diagonal."""
    while True:
        rep = next((c for c in t if t.count(c) > 1), None)
        if rep is None:
            return op, t
        axes = [i for i, c in enumerate(t) if c == rep]
        s = shape(op)
        first = lax.broadcasted_iota(_dt.int32, s, axes[0])
        mask = None
        for ax in axes[1:]:
            eq = lax.eq(first, lax.broadcasted_iota(_dt.int32, s, ax))
            mask = eq if mask is None else lax.bitwise_and(mask, eq)
        zero = _keep_weak(_filled(op, 0), abstractify(op).weak_type)
        op = _einsum_sum(lax.select(mask, op, zero), axes[1:])
        t = "".join(c for i, c in enumerate(t) if i not in axes[1:])
