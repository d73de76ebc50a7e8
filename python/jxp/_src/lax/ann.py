"""lax.approx_max_k and approx_min_k: the top k along a dimension, which
XLA may approximate on TPUs; on the CPU, as in JAX, they are exact (top_k
after moving the dimension last)."""

import numpy as np

from jxp._src import dtypes
from jxp._src.core import abstractify
from jxp._src.lax import lax
from jxp._src.lax import slicing
from jxp._src.lax.lax import _shape


def _approx_k(name, operand, k, reduction_dimension, recall_target,
              reduction_input_size_override, aggregate_to_topk, largest):
    av = abstractify(operand)
    ndim = len(av.shape)
    if not dtypes.is_float(av.dtype):
        raise ValueError("operand must be a floating type")
    if k <= 0:
        raise ValueError(f"k must be positive, got {k}")
    if not -ndim <= reduction_dimension < ndim:
        raise ValueError(f"{name}: reduction_dimension {reduction_dimension} "
                         f"is out of bounds for rank {ndim}")
    dim = reduction_dimension % ndim
    if k > av.shape[dim]:
        raise ValueError(f"k must be smaller than or equal to the size of the "
                         f"reduction dimension, got k={k} for dimension of "
                         f"size {av.shape[dim]}")
    if not aggregate_to_topk:
        raise NotImplementedError(
            f"{name}: aggregate_to_topk=False (XLA's unaggregated partial "
            f"results, in an order of its own) is not supported by jxp")
    if not 0 < recall_target <= 1:
        raise ValueError(f"recall_target must be in (0, 1], got "
                         f"{recall_target}")
    # On the CPU, JAX's approximate top-k is the exact one.
    x = operand
    if dim != ndim - 1:
        perm = [d for d in range(ndim) if d != dim] + [dim]
        x = lax.transpose(x, tuple(perm))
    if largest:
        vals, idx = lax.top_k(x, k)
    else:
        # Ascending in the total order sort uses (NaN last), as JAX's
        # approx_min_k on the CPU; stable, so ties keep the lower index.
        shape = _shape(x)
        iota = lax.broadcasted_iota(np.int32, shape, len(shape) - 1)
        vals, idx = lax.sort((x, iota), dimension=len(shape) - 1,
                             num_keys=1)
        vals = slicing.slice_in_dim(vals, 0, k, axis=len(shape) - 1)
        idx = slicing.slice_in_dim(idx, 0, k, axis=len(shape) - 1)
    if dim != ndim - 1:
        inv = list(range(ndim - 1))
        inv.insert(dim, ndim - 1)
        vals = lax.transpose(vals, tuple(inv))
        idx = lax.transpose(idx, tuple(inv))
    return [vals, idx]


def approx_max_k(operand, k, reduction_dimension=-1, recall_target=0.95,
                 reduction_input_size_override=-1, aggregate_to_topk=True):
    """The k largest values along `reduction_dimension` and their indices
    (exact, as JAX on the CPU)."""
    return _approx_k("approx_max_k", operand, k, reduction_dimension,
                     recall_target, reduction_input_size_override,
                     aggregate_to_topk, True)


def approx_min_k(operand, k, reduction_dimension=-1, recall_target=0.95,
                 reduction_input_size_override=-1, aggregate_to_topk=True):
    """The k smallest values along `reduction_dimension` and their indices
    (exact, as JAX on the CPU)."""
    return _approx_k("approx_min_k", operand, k, reduction_dimension,
                     recall_target, reduction_input_size_override,
                     aggregate_to_topk, False)
