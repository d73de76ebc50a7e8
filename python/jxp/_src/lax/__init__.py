"""Compatibility for _src/ad.py only, which imports `from . import lax as
lax_p` and binds `lax_p.add_p` & co: the traced primitives are in
primitives.py, named `*_prim` (jxp.lax.add_p is JAX's primitive object, in
jax_primitives.py). To be deleted once ad.py imports primitives.py."""
from jxp._src.lax.primitives import (  # noqa: F401
    add_prim as add_p, broadcast_in_dim_prim as broadcast_in_dim_p,
    compare_prim as compare_p,
    convert_element_type_prim as convert_element_type_p, iota_prim as iota_p,
    reshape_prim as reshape_p, slice_prim as slice_p,
    stop_gradient_prim as stop_gradient_p)
