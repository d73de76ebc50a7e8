"""JAX's lax primitive objects (`lax.add_p`, `lax.scan_p`, ...) over jxp.

A JAX user meets primitives in two ways: calling `prim.bind(*operands,
**params)` with the parameters a jaxpr equation carries, and reading
`prim.name` / `prim.multiple_results`. Each `LaxPrimitive` here takes
exactly JAX 0.10.2's operands and parameters for its name and computes the
result with jxp's lax functions, so under `jit`, `grad` and `vmap` it is
traced into jxp's own ops like any other call.

Parameters that are jaxprs (the branches of `cond`, the bodies of `while`
and `scan`, the computation of `reduce`, ...) are evaluated by
`eval_jaxpr`, which runs a JAX jaxpr's equations through this table; it
reads jaxprs by their attributes only, so jxp never imports JAX. That
also lets a whole JAX jaxpr built from lax primitives run in jxp.

Parameters jxp has no meaning for on CPU (an output sharding, an accuracy
request) must be None; anything else is refused with NotImplementedError
rather than silently ignored.
"""

import numpy as np

from jxp._src import ad, dtypes
from jxp._src.api import device_put
from jxp._src.core import abstractify, rebind_aval
from jxp._src.lax import ann, control_flow, convolution
from jxp._src.lax import fft as lax_fft
from jxp._src.lax import lax, parallel, slicing, windowed_reductions
from jxp._src.lax import primitives as _p
from jxp._src.lax import special as _special
from jxp._src.lax.control_flow import associative_scan
from jxp._src.xla_bridge import devices as all_devices


# JAX primitive name -> LaxPrimitive, for eval_jaxpr.
PRIMITIVES = {}


class LaxPrimitive:
    """One of jax.lax's primitives: its name, whether it returns a list,
    and `bind` with JAX's operands and parameters."""

    def __init__(self, name, impl, multiple_results=False):
        self.name = name
        self.multiple_results = multiple_results
        self._impl = impl
        PRIMITIVES[name] = self

    def __repr__(self):
        return self.name

    def bind(self, *args, **params):
        out = self._impl(*args, **params)
        return list(out) if self.multiple_results else out


def _unused(prim, **params):
    """Refuses a parameter jxp cannot honour unless it has its neutral
    value (None, or an empty set of unconstrained dims)."""
    for k, v in params.items():
        if v is not None and v != frozenset():
            raise NotImplementedError(
                f"{prim}: jxp does not support the parameter {k}={v!r}")


# --- evaluating JAX jaxprs ---------------------------------------------------

def _open(jaxpr, consts=()):
    """(Jaxpr, consts) of a ClosedJaxpr or of an open Jaxpr and its consts."""
    if hasattr(jaxpr, "consts") and hasattr(jaxpr, "jaxpr"):
        return jaxpr.jaxpr, list(jaxpr.consts) + list(consts)
    return jaxpr, list(consts)


def eval_jaxpr(jaxpr, consts, *args):
    """The outputs (a list) of a JAX jaxpr applied to `args`, each equation
    computed by the LaxPrimitive of its primitive's name. `jaxpr` is a
    ClosedJaxpr (its consts come first) or an open Jaxpr."""
    jaxpr, consts = _open(jaxpr, consts)
    env = {}

    def read(v):
        # Literals carry their value; variables are looked up.
        return v.val if hasattr(v, "val") else env[v]

    if len(consts) != len(jaxpr.constvars) or len(args) != len(jaxpr.invars):
        raise TypeError(f"eval_jaxpr: the jaxpr takes {len(jaxpr.constvars)} "
                        f"consts and {len(jaxpr.invars)} arguments, got "
                        f"{len(consts)} and {len(args)}")
    env.update(zip(jaxpr.constvars, consts))
    env.update(zip(jaxpr.invars, args))
    for eqn in jaxpr.eqns:
        name = eqn.primitive.name
        prim = PRIMITIVES.get(name)
        if prim is None:
            raise NotImplementedError(
                f"eval_jaxpr: jxp has no lax primitive named {name!r}")
        outs = prim.bind(*[read(v) for v in eqn.invars], **eqn.params)
        if not prim.multiple_results:
            outs = [outs]
        env.update(zip(eqn.outvars, outs))
    return [read(v) for v in jaxpr.outvars]


def _as_function(jaxpr, consts=()):
    return lambda *args: eval_jaxpr(jaxpr, consts, *args)


# --- elementwise -------------------------------------------------------------

def _elementwise(name, fn, *params):
    """An elementwise primitive whose parameters (`accuracy`, `out_dtype`)
    must be None in jxp."""
    def impl(*args, **kw):
        bad = set(kw) - set(params)
        if bad:
            raise TypeError(f"{name}.bind() got unexpected parameters "
                            f"{sorted(bad)}")
        _unused(name, **kw)
        return fn(*args)
    return LaxPrimitive(name, impl)


_ACC = ("accuracy",)
neg_p = _elementwise("neg", lax.neg)
sign_p = _elementwise("sign", lax.sign)
floor_p = _elementwise("floor", lax.floor)
ceil_p = _elementwise("ceil", lax.ceil)
is_finite_p = _elementwise("is_finite", lax.is_finite)
exp_p = _elementwise("exp", lax.exp, *_ACC)
exp2_p = _elementwise("exp2", lax.exp2, *_ACC)
log_p = _elementwise("log", lax.log, *_ACC)
log1p_p = _elementwise("log1p", lax.log1p, *_ACC)
expm1_p = _elementwise("expm1", lax.expm1, *_ACC)
tanh_p = _elementwise("tanh", lax.tanh, *_ACC)
logistic_p = _elementwise("logistic", lax.logistic, *_ACC)
sin_p = _elementwise("sin", lax.sin, *_ACC)
cos_p = _elementwise("cos", lax.cos, *_ACC)
tan_p = _elementwise("tan", lax.tan, *_ACC)
sqrt_p = _elementwise("sqrt", lax.sqrt, *_ACC)
rsqrt_p = _elementwise("rsqrt", lax.rsqrt, *_ACC)
cbrt_p = _elementwise("cbrt", lax.cbrt, *_ACC)
asin_p = _elementwise("asin", lax.asin)
acos_p = _elementwise("acos", lax.acos)
atan_p = _elementwise("atan", lax.atan)
sinh_p = _elementwise("sinh", lax.sinh)
cosh_p = _elementwise("cosh", lax.cosh)
asinh_p = _elementwise("asinh", lax.asinh)
acosh_p = _elementwise("acosh", lax.acosh)
atanh_p = _elementwise("atanh", lax.atanh)
square_p = _elementwise("square", lax.square)
abs_p = _elementwise("abs", lax.abs)
real_p = _elementwise("real", lax.real)
imag_p = _elementwise("imag", lax.imag)
complex_p = _elementwise("complex", lax.complex)
erf_p = _elementwise("erf", lax.erf)
erfc_p = _elementwise("erfc", lax.erfc)
erf_inv_p = _elementwise("erf_inv", lax.erf_inv)
lgamma_p = _elementwise("lgamma", lax.lgamma)
digamma_p = _elementwise("digamma", lax.digamma)
bessel_i0e_p = _elementwise("bessel_i0e", lax.bessel_i0e)
bessel_i1e_p = _elementwise("bessel_i1e", lax.bessel_i1e)
polygamma_p = _elementwise("polygamma", lax.polygamma)
zeta_p = _elementwise("zeta", lax.zeta)
igamma_p = _elementwise("igamma", _special.igamma)
igammac_p = _elementwise("igammac", _special.igammac)
igamma_grad_a_p = _elementwise("igamma_grad_a", _special.igamma_grad_a)
regularized_incomplete_beta_p = _elementwise("regularized_incomplete_beta",
                                             _special.betainc)
population_count_p = _elementwise("population_count", lax.population_count)
clz_p = _elementwise("clz", lax.clz)
not_p = _elementwise("not", lax.bitwise_not)
add_p = _elementwise("add", lax.add)
sub_p = _elementwise("sub", lax.sub)
mul_p = _elementwise("mul", lax.mul, "out_dtype")
div_p = _elementwise("div", lax.div)
rem_p = _elementwise("rem", lax.rem)
pow_p = _elementwise("pow", lax.pow)
max_p = _elementwise("max", lax.max)
min_p = _elementwise("min", lax.min)
atan2_p = _elementwise("atan2", lax.atan2)
nextafter_p = _elementwise("nextafter", lax.nextafter)
and_p = _elementwise("and", lax.bitwise_and)
or_p = _elementwise("or", lax.bitwise_or)
xor_p = _elementwise("xor", lax.bitwise_xor)
shift_left_p = _elementwise("shift_left", lax.shift_left)
shift_right_logical_p = _elementwise("shift_right_logical",
                                     lax.shift_right_logical)
shift_right_arithmetic_p = _elementwise("shift_right_arithmetic",
                                        lax.shift_right_arithmetic)
mulhi_p = _elementwise("mulhi", lax.mulhi)
eq_p = _elementwise("eq", lax.eq)
ne_p = _elementwise("ne", lax.ne)
lt_p = _elementwise("lt", lax.lt)
le_p = _elementwise("le", lax.le)
gt_p = _elementwise("gt", lax.gt)
ge_p = _elementwise("ge", lax.ge)
stop_gradient_p = _elementwise("stop_gradient", ad.stop_gradient)
clamp_p = _elementwise("clamp", lax.clamp)
select_n_p = _elementwise("select_n", lax.select_n)


def _copy(x):
    # A new array of the same values, bit for bit (NaN payloads, -0.0,
    # complex infinities): a select of x against itself.
    return lax.select(lax.full_like(x, True, np.bool_), x, x)


copy_p = _elementwise("copy", _copy)


def _total_order_key(x):
    """An integer with the order of IEEE's totalOrder on floats (-NaN <
    -inf < ... < -0 < +0 < ... < inf < NaN); integers and bools as they
    are."""
    dt = abstractify(x).dtype
    if not dtypes.is_float(dt):
        if dtypes.is_complex(dt):
            raise TypeError("total-order comparisons do not accept complex "
                            "numbers")
        return x
    bits = lax.bitcast_convert_type(x, np.dtype(f"int{8 * dt.itemsize}"))
    # Negative floats order backwards by magnitude: flip every bit but the
    # sign of them.
    flipped = lax.bitwise_xor(bits, lax.full_like(bits, np.iinfo(bits.dtype).max))
    return lax.select(lax.lt(bits, lax.full_like(bits, 0)), flipped, bits)


def _total_order(compare):
    return lambda x, y: compare(_total_order_key(x), _total_order_key(y))


eq_to_p = _elementwise("eq_to", _total_order(lax.eq))
le_to_p = _elementwise("le_to", _total_order(lax.le))
lt_to_p = _elementwise("lt_to", _total_order(lax.lt))


def _round(x, rounding_method):
    return lax.round(x, int(rounding_method))


round_p = LaxPrimitive("round", _round)
integer_pow_p = LaxPrimitive("integer_pow", lambda x, y: lax.integer_pow(x, y))
conj_p = LaxPrimitive("conj", lambda x, input_dtype=None: lax.conj(x))
reduce_precision_p = LaxPrimitive(
    "reduce_precision",
    lambda x, exponent_bits, mantissa_bits: lax.reduce_precision(
        x, exponent_bits, mantissa_bits))


def _convert(x, new_dtype, weak_type=False, sharding=None):
    _unused("convert_element_type", sharding=sharding)
    out = lax.convert_element_type(x, new_dtype)
    if weak_type:
        out = rebind_aval(out, abstractify(out).update(weak_type=True))
    return out


convert_element_type_p = LaxPrimitive("convert_element_type", _convert)
bitcast_convert_type_p = LaxPrimitive(
    "bitcast_convert_type",
    lambda x, new_dtype: lax.bitcast_convert_type(x, new_dtype))


# --- shapes ------------------------------------------------------------------

def _iota(dtype, shape, dimension, sharding=None):
    _unused("iota", sharding=sharding)
    return lax.broadcasted_iota(dtype, shape, dimension)


def _broadcast_in_dim(x, shape, broadcast_dimensions, sharding=None):
    _unused("broadcast_in_dim", sharding=sharding)
    return lax.broadcast_in_dim(x, shape, broadcast_dimensions)


def _reshape(x, new_sizes, dimensions=None, sharding=None):
    _unused("reshape", sharding=sharding)
    return lax.reshape(x, new_sizes, dimensions)


iota_p = LaxPrimitive("iota", _iota)
broadcast_in_dim_p = LaxPrimitive("broadcast_in_dim", _broadcast_in_dim)
reshape_p = LaxPrimitive("reshape", _reshape)
squeeze_p = LaxPrimitive("squeeze",
                         lambda x, dimensions: lax.squeeze(x, dimensions))
transpose_p = LaxPrimitive("transpose",
                           lambda x, permutation: lax.transpose(x, permutation))
rev_p = LaxPrimitive("rev", lambda x, dimensions: lax.rev(x, dimensions))
slice_p = LaxPrimitive(
    "slice", lambda x, start_indices, limit_indices, strides=None: slicing.slice(
        x, start_indices, limit_indices, strides))
dynamic_slice_p = LaxPrimitive(
    "dynamic_slice", lambda x, *starts, slice_sizes: slicing.dynamic_slice(
        x, starts, slice_sizes))
dynamic_update_slice_p = LaxPrimitive(
    "dynamic_update_slice", lambda x, update, *starts:
    slicing.dynamic_update_slice(x, update, starts))
concatenate_p = LaxPrimitive(
    "concatenate", lambda *xs, dimension: lax.concatenate(xs, dimension))
pad_p = LaxPrimitive("pad", lambda x, padding_value, padding_config: lax.pad(
    x, padding_value, padding_config))
split_p = LaxPrimitive("split", lambda x, sizes, axis: slicing.split(x, sizes, axis),
                       multiple_results=True)
tile_p = LaxPrimitive("tile", lambda x, reps: lax.tile(x, reps))
stack_p = LaxPrimitive("stack", lambda *xs, axis: lax.stack(xs, axis))
unstack_p = LaxPrimitive("unstack", lambda x, axis: slicing.unstack(x, axis),
                         multiple_results=True)
optimization_barrier_p = LaxPrimitive(
    "optimization_barrier", lambda *xs: lax.optimization_barrier(list(xs)),
    multiple_results=True)


# --- indexing ----------------------------------------------------------------

def _gather_dn(dn):
    return _p.GatherDimensionNumbers(
        dn.offset_dims, dn.collapsed_slice_dims, dn.start_index_map,
        getattr(dn, "operand_batching_dims", ()),
        getattr(dn, "start_indices_batching_dims", ()))


def _scatter_dn(dn):
    return _p.ScatterDimensionNumbers(
        dn.update_window_dims, dn.inserted_window_dims,
        dn.scatter_dims_to_operand_dims,
        getattr(dn, "operand_batching_dims", ()),
        getattr(dn, "scatter_indices_batching_dims", ()))


def _gather(operand, indices, dimension_numbers, slice_sizes,
            unique_indices=False, indices_are_sorted=False, mode=None,
            fill_value=None):
    return slicing.gather(operand, indices, _gather_dn(dimension_numbers),
                      slice_sizes, unique_indices=unique_indices,
                      indices_are_sorted=indices_are_sorted, mode=mode,
                      fill_value=fill_value)


gather_p = LaxPrimitive("gather", _gather)


def _scatter_prim(name, fn):
    def impl(operand, indices, updates, update_jaxpr=None, update_consts=(),
             dimension_numbers=None, indices_are_sorted=False,
             unique_indices=False, mode=None):
        dn = _scatter_dn(dimension_numbers)
        kw = dict(indices_are_sorted=indices_are_sorted,
                  unique_indices=unique_indices, mode=mode)
        if fn is None:
            if update_jaxpr is None:
                return slicing.scatter(operand, indices, updates, dn, **kw)
            # scatter_apply's form: the update jaxpr maps (old, update) to
            # the new element and ignores the update; jxp has no scatter
            # with any other combiner.
            inner = getattr(update_jaxpr, "jaxpr", update_jaxpr)
            second = inner.invars[1]
            if any(second is v for e in inner.eqns for v in e.invars) or any(
                    second is v for v in inner.outvars):
                raise NotImplementedError(
                    "scatter_p: jxp takes update_jaxpr only in "
                    "scatter_apply's form (ignoring the update)")

            def apply(old):
                zero = lax.full_like(old, 0)
                return eval_jaxpr(update_jaxpr, update_consts, old, zero)[0]
            return slicing.scatter_apply(operand, indices, apply, dn,
                                     update_shape=np.shape(updates) if not
                                     hasattr(updates, "shape") else
                                     updates.shape, **kw)
        return fn(operand, indices, updates, dn, **kw)
    return LaxPrimitive(name, impl)


scatter_p = _scatter_prim("scatter", None)
scatter_add_p = _scatter_prim("scatter-add", slicing.scatter_add)
scatter_sub_p = _scatter_prim("scatter-sub", slicing.scatter_sub)
scatter_mul_p = _scatter_prim("scatter-mul", slicing.scatter_mul)
scatter_min_p = _scatter_prim("scatter-min", slicing.scatter_min)
scatter_max_p = _scatter_prim("scatter-max", slicing.scatter_max)


# --- sorting and reductions --------------------------------------------------

sort_p = LaxPrimitive(
    "sort", lambda *xs, dimension, is_stable, num_keys: lax.sort(
        xs, dimension=dimension, is_stable=is_stable, num_keys=num_keys),
    multiple_results=True)
top_k_p = LaxPrimitive("top_k", lambda x, k, axis=-1: lax.top_k(x, k, axis=axis),
                       multiple_results=True)


def _approx_top_k(x, k, reduction_dimension, recall_target, is_max_k,
                  reduction_input_size_override, aggregate_to_topk):
    fn = ann.approx_max_k if is_max_k else ann.approx_min_k
    return fn(x, k, reduction_dimension, recall_target,
              reduction_input_size_override, aggregate_to_topk)


approx_top_k_p = LaxPrimitive("approx_top_k", _approx_top_k,
                              multiple_results=True)
argmax_p = LaxPrimitive("argmax", lambda x, axes, index_dtype: lax.argmax(
    x, _one_axis("argmax", axes), index_dtype))
argmin_p = LaxPrimitive("argmin", lambda x, axes, index_dtype: lax.argmin(
    x, _one_axis("argmin", axes), index_dtype))


def _one_axis(name, axes):
    if len(axes) != 1:
        raise ValueError(f"{name} takes one axis, got {tuple(axes)}")
    return axes[0]


def _cumulative(name, fn):
    return LaxPrimitive(name, lambda x, axis, reverse: fn(x, axis, reverse))


cumsum_p = _cumulative("cumsum", lax.cumsum)
cumprod_p = _cumulative("cumprod", lax.cumprod)
cummax_p = _cumulative("cummax", lax.cummax)
cummin_p = _cumulative("cummin", lax.cummin)
cumlogsumexp_p = _cumulative("cumlogsumexp", associative_scan.cumlogsumexp)


def _reduction(name):
    fn = getattr(lax, name)

    def impl(x, axes, out_sharding=None):
        _unused(name, out_sharding=out_sharding)
        return fn(x, tuple(axes))
    return LaxPrimitive(name, impl)


reduce_sum_p = _reduction("reduce_sum")
reduce_prod_p = _reduction("reduce_prod")
reduce_max_p = _reduction("reduce_max")
reduce_min_p = _reduction("reduce_min")
reduce_and_p = _reduction("reduce_and")
reduce_or_p = _reduction("reduce_or")
reduce_xor_p = _reduction("reduce_xor")


def _pairwise(jaxpr, consts, n):
    """The binary computation of `reduce`/`reduce_window` from its jaxpr:
    takes and returns tuples of n values (single values when n == 1)."""
    def computation(a, b):
        a, b = (a, b) if n > 1 else ((a,), (b,))
        out = eval_jaxpr(jaxpr, consts, *a, *b)
        return tuple(out) if n > 1 else out[0]
    return computation


def _reduce(*args, computation=None, jaxpr, dimensions):
    n = len(args) // 2
    operands, inits = args[:n], args[n:]
    if n == 1:
        return [lax.reduce(operands[0], inits[0], _pairwise(jaxpr, (), 1),
                           dimensions)]
    return list(lax.reduce(tuple(operands), tuple(inits),
                           _pairwise(jaxpr, (), n), dimensions))


reduce_p = LaxPrimitive("reduce", _reduce, multiple_results=True)


# --- windows -----------------------------------------------------------------

def _window_prim(kind):
    def impl(x, window_dimensions, window_strides, padding, base_dilation,
             window_dilation):
        return _p.reduce_window_prim.bind(
            x, kind=kind, window_dimensions=tuple(window_dimensions),
            window_strides=tuple(window_strides),
            padding=tuple(tuple(p) for p in padding),
            base_dilation=tuple(base_dilation),
            window_dilation=tuple(window_dilation))
    return LaxPrimitive(f"reduce_window_{kind}", impl)


reduce_window_sum_p = _window_prim("sum")
reduce_window_max_p = _window_prim("max")
reduce_window_min_p = _window_prim("min")


def _reduce_window(*args, jaxpr, consts, window_dimensions, window_strides,
                   padding, base_dilation, window_dilation):
    n = len(args) // 2
    operands, inits = args[:n], args[n:]
    out = windowed_reductions.reduce_window(
        tuple(operands) if n > 1 else operands[0],
        tuple(inits) if n > 1 else inits[0], _pairwise(jaxpr, consts, n),
        window_dimensions, window_strides, padding, base_dilation,
        window_dilation)
    return list(out) if n > 1 else [out]


reduce_window_p = LaxPrimitive("reduce_window", _reduce_window,
                               multiple_results=True)


def _select_max(select_prim):
    name = getattr(select_prim, "name", select_prim)
    if name not in ("ge", "le"):
        raise NotImplementedError(f"select_prim must be lax.ge_p or lax.le_p, "
                                  f"got {select_prim!r}")
    return name == "ge"


def _select_and_gather_add(tangents, operand, select_prim, window_dimensions,
                           window_strides, padding, base_dilation,
                           window_dilation):
    return _p.select_and_gather_add_prim.bind(
        tangents, operand, select_max=_select_max(select_prim),
        window_dimensions=tuple(window_dimensions),
        window_strides=tuple(window_strides),
        padding=tuple(tuple(p) for p in padding),
        base_dilation=tuple(base_dilation),
        window_dilation=tuple(window_dilation))


def _select_and_scatter_add(source, operand, select_prim, window_dimensions,
                            window_strides, padding):
    ones = (1,) * len(window_dimensions)
    return _p.select_and_scatter_add_prim.bind(
        source, operand, select_max=_select_max(select_prim),
        window_dimensions=tuple(window_dimensions),
        window_strides=tuple(window_strides),
        padding=tuple(tuple(p) for p in padding), base_dilation=ones,
        window_dilation=ones)


select_and_gather_add_p = LaxPrimitive("select_and_gather_add",
                                       _select_and_gather_add)
select_and_scatter_add_p = LaxPrimitive("select_and_scatter_add",
                                        _select_and_scatter_add)


# --- linear algebra and signals ----------------------------------------------

def _dot_general(lhs, rhs, dimension_numbers, precision=None,
                 preferred_element_type=None, out_sharding=None):
    _unused("dot_general", out_sharding=out_sharding)
    return lax.dot_general(lhs, rhs, dimension_numbers, precision,
                           preferred_element_type)


def _conv(lhs, rhs, window_strides, padding, lhs_dilation, rhs_dilation,
          dimension_numbers, feature_group_count, batch_group_count,
          precision=None, preferred_element_type=None, out_sharding=None):
    _unused("conv_general_dilated", out_sharding=out_sharding)
    dn = dimension_numbers
    if dn is not None and hasattr(dn, "lhs_spec"):
        dn = convolution.ConvDimensionNumbers(tuple(dn.lhs_spec), tuple(dn.rhs_spec),
                                      tuple(dn.out_spec))
    return convolution.conv_general_dilated(
        lhs, rhs, window_strides, padding, lhs_dilation, rhs_dilation, dn,
        feature_group_count, batch_group_count, precision,
        preferred_element_type)


def _fft(x, fft_type, fft_lengths):
    kind = getattr(fft_type, "name", fft_type)
    return lax_fft.fft(x, lax_fft.FftType[kind] if isinstance(kind, str) else kind,
                   fft_lengths)


dot_general_p = LaxPrimitive("dot_general", _dot_general)
conv_general_dilated_p = LaxPrimitive("conv_general_dilated", _conv)
fft_p = LaxPrimitive("fft", _fft)


# --- control flow ------------------------------------------------------------

def _cond(index, *operands, branches, branches_platforms=None):
    # branches_platforms only records which platform each branch is for;
    # the index (from platform_index) already chose.
    return control_flow.switch(index, [_as_function(b) for b in branches], *operands)


def _while(*args, cond_nconsts, cond_jaxpr, body_nconsts, body_jaxpr):
    cconsts = args[:cond_nconsts]
    bconsts = args[cond_nconsts:cond_nconsts + body_nconsts]
    init = list(args[cond_nconsts + body_nconsts:])
    return control_flow.while_loop(
        lambda c: eval_jaxpr(cond_jaxpr, (), *cconsts, *c)[0],
        lambda c: eval_jaxpr(body_jaxpr, (), *bconsts, *c), init)


def _scan(*args, reverse, length, jaxpr, num_consts, num_carry, unroll=1,
          linear=None, _split_transpose=False):
    consts = args[:num_consts]
    init = list(args[num_consts:num_consts + num_carry])
    xs = list(args[num_consts + num_carry:])

    def body(carry, x):
        out = eval_jaxpr(jaxpr, (), *consts, *carry, *x)
        return out[:num_carry], out[num_carry:]
    carry, ys = control_flow.scan(body, init, xs, length=length, reverse=reverse,
                         unroll=unroll)
    return list(carry) + list(ys)


def _linear_solve(*args, const_lengths, jaxprs):
    counts = list(const_lengths)
    groups, rest = [], list(args)
    for c in counts:
        groups.append(rest[:c])
        rest = rest[c:]
    mv, vm, sv, tsv = groups
    j_mv, j_vm, j_sv, j_tsv = jaxprs

    def matvec(x):
        return eval_jaxpr(j_mv, (), *mv, *x)

    def solve(_, b):
        return eval_jaxpr(j_sv, (), *sv, *b)

    def transpose_solve(_, b):
        return eval_jaxpr(j_tsv, (), *tsv, *b)
    return control_flow.custom_linear_solve(
        matvec, list(rest), solve,
        None if j_tsv is None else transpose_solve)


def _platform_index(platforms, has_default=False):
    """Which of `platforms` (tuples of names; None for the default) this
    CPU program runs on."""
    for k, names in enumerate(platforms):
        if names is None or "cpu" in names:
            return np.int32(k)
    if has_default:
        return np.int32(len(platforms))
    raise NotImplementedError(f"platform_index: no branch for cpu among "
                              f"{platforms}")


LaxPrimitive("platform_index", _platform_index)


def _call(*args, jaxpr, **_):
    """A nested `jit` call in a jaxpr: its body, inline."""
    return eval_jaxpr(jaxpr, (), *args)


cond_p = LaxPrimitive("cond", _cond, multiple_results=True)
while_p = LaxPrimitive("while", _while, multiple_results=True)
scan_p = LaxPrimitive("scan", _scan, multiple_results=True)
linear_solve_p = LaxPrimitive("custom_linear_solve", _linear_solve,
                              multiple_results=True)
LaxPrimitive("jit", _call, multiple_results=True)
LaxPrimitive("pjit", _call, multiple_results=True)


# --- collectives -------------------------------------------------------------

def _axes(axes):
    axes = tuple(axes) if isinstance(axes, (tuple, list)) else (axes,)
    return axes[0] if len(axes) == 1 else axes


def _all_reduce(name, fn, multiple_results):

    def impl(*xs, axes, axis_index_groups=None):
        out = fn(list(xs), _axes(axes), axis_index_groups=axis_index_groups)
        return out if multiple_results else out[0]
    return LaxPrimitive(name, impl, multiple_results=multiple_results)


psum_p = _all_reduce("psum", parallel.psum, False)
pmax_p = _all_reduce("pmax", parallel.pmax, False)
pmin_p = _all_reduce("pmin", parallel.pmin, False)
ppermute_p = LaxPrimitive("ppermute", lambda x, axis_name, perm: parallel.ppermute(
    x, _axes(axis_name), perm))


def _all_gather(x, all_gather_dimension, axis_name, axis_index_groups,
                axis_size, tiled):
    return parallel.all_gather(x, _axes(axis_name), axis=all_gather_dimension,
                          axis_index_groups=axis_index_groups, tiled=tiled)


def _all_to_all(x, split_axis, concat_axis, axis_name, axis_index_groups,
                tiled):
    return parallel.all_to_all(x, _axes(axis_name), split_axis, concat_axis,
                          axis_index_groups=axis_index_groups, tiled=tiled)


all_gather_p = LaxPrimitive("all_gather", _all_gather)
all_to_all_p = LaxPrimitive("all_to_all", _all_to_all)
axis_index_p = LaxPrimitive("axis_index",
                            lambda axis_name: parallel.axis_index(_axes(axis_name)))


# --- random bits -------------------------------------------------------------

def _rng_bit_generator(key, shape, dtype, algorithm, out_sharding=None):
    _unused("rng_bit_generator", out_sharding=out_sharding)
    return lax.rng_bit_generator(key, shape, dtype, int(algorithm))


rng_bit_generator_p = LaxPrimitive("rng_bit_generator", _rng_bit_generator,
                                   multiple_results=True)
rng_uniform_p = LaxPrimitive("rng_uniform",
                             lambda a, b, shape: lax.rng_uniform(a, b, shape))


# --- placement ---------------------------------------------------------------

def _device_put(*xs, devices, srcs, copy_semantics):
    out = []
    for x, d in zip(xs, devices):
        if d is not None and not hasattr(d, "addressable_devices"):
            # A device of another client (JAX's): jxp's device of its id.
            d = {e.id: e for e in all_devices()}[d.id]
        elif d is not None and type(d).__module__.split(".")[0] == "jax":
            raise NotImplementedError(
                f"device_put_p: jxp cannot place on JAX's sharding {d}")
        out.append(device_put(x, d))
    return out


device_put_p = LaxPrimitive("device_put", _device_put, multiple_results=True)


__all__ = sorted(n for n in globals() if n.endswith("_p"))
