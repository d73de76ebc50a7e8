"""jxp.lax: JAX's jax.lax, re-exported from the modules that implement it
under jxp/_src/lax/ (lax.py for elementwise, shape and reduction functions,
slicing.py, control_flow/, convolution.py, fft.py, windowed_reductions.py,
parallel.py, ann.py, special.py, linalg.py) and JAX's primitive objects
(jax_primitives.py)."""

from jxp.lax import linalg as linalg
from jxp._src.lax.lax import (
    DotAlgorithm as DotAlgorithm, DotAlgorithmPreset as DotAlgorithmPreset,
    DotDimensionNumbers as DotDimensionNumbers, Precision as Precision,
    PrecisionLike as PrecisionLike,
    RaggedDotDimensionNumbers as RaggedDotDimensionNumbers,
    RandomAlgorithm as RandomAlgorithm, RoundingMethod as RoundingMethod,
    abs as abs, acos as acos, acosh as acosh, add as add, argmax as argmax,
    argmin as argmin, asin as asin, asinh as asinh, atan as atan,
    atan2 as atan2, atanh as atanh, batch_matmul as batch_matmul,
    bessel_i0e as bessel_i0e, bessel_i1e as bessel_i1e,
    bitcast_convert_type as bitcast_convert_type, bitwise_and as bitwise_and,
    bitwise_not as bitwise_not, bitwise_or as bitwise_or,
    bitwise_xor as bitwise_xor, broadcast as broadcast,
    broadcast_in_dim as broadcast_in_dim, broadcast_like as broadcast_like,
    broadcast_shapes as broadcast_shapes,
    broadcast_to_rank as broadcast_to_rank,
    broadcasted_iota as broadcasted_iota, cbrt as cbrt, ceil as ceil,
    clamp as clamp, clz as clz, collapse as collapse, complex as complex,
    composite as composite, concatenate as concatenate, conj as conj,
    convert_element_type as convert_element_type, cos as cos, cosh as cosh,
    cummax as cummax, cummin as cummin, cumprod as cumprod, cumsum as cumsum,
    digamma as digamma, div as div, dot as dot, dot_general as dot_general,
    dtype as dtype, empty as empty, eq as eq, erf as erf, erf_inv as erf_inv,
    erfc as erfc, exp as exp, exp2 as exp2, expand_dims as expand_dims,
    expm1 as expm1, floor as floor, full as full, full_like as full_like,
    ge as ge, gt as gt, imag as imag, integer_pow as integer_pow, iota as iota,
    is_finite as is_finite, le as le, lgamma as lgamma, log as log,
    log1p as log1p, logistic as logistic, lt as lt, max as max, min as min,
    mul as mul, mulhi as mulhi, ne as ne, neg as neg, nextafter as nextafter,
    optimization_barrier as optimization_barrier, pad as pad,
    padtype_to_pads as padtype_to_pads, polygamma as polygamma,
    population_count as population_count, pow as pow, ragged_dot as ragged_dot,
    ragged_dot_general as ragged_dot_general, real as real,
    reciprocal as reciprocal, reduce as reduce, reduce_and as reduce_and,
    reduce_max as reduce_max, reduce_min as reduce_min, reduce_or as reduce_or,
    reduce_precision as reduce_precision, reduce_prod as reduce_prod,
    reduce_sum as reduce_sum, reduce_xor as reduce_xor, rem as rem,
    reshape as reshape, rev as rev, rng_bit_generator as rng_bit_generator,
    rng_uniform as rng_uniform, round as round, rsqrt as rsqrt,
    select as select, select_n as select_n, shape_as_value as shape_as_value,
    shift_left as shift_left, shift_right_arithmetic as shift_right_arithmetic,
    shift_right_logical as shift_right_logical, sign as sign, sin as sin,
    sinh as sinh, sort as sort, sort_key_val as sort_key_val, sqrt as sqrt,
    square as square, squeeze as squeeze, stack as stack, stage as stage,
    sub as sub, tan as tan, tanh as tanh, threefry2x32 as threefry2x32,
    tile as tile, top_k as top_k, transpose as transpose, zeta as zeta)
from jxp._src.lax.slicing import (
    GatherScatterMode as GatherScatterMode,
    dynamic_index_in_dim as dynamic_index_in_dim,
    dynamic_slice as dynamic_slice,
    dynamic_slice_in_dim as dynamic_slice_in_dim,
    dynamic_update_index_in_dim as dynamic_update_index_in_dim,
    dynamic_update_slice as dynamic_update_slice,
    dynamic_update_slice_in_dim as dynamic_update_slice_in_dim,
    gather as gather, index_in_dim as index_in_dim, index_take as index_take,
    scatter as scatter, scatter_add as scatter_add,
    scatter_apply as scatter_apply, scatter_max as scatter_max,
    scatter_min as scatter_min, scatter_mul as scatter_mul,
    scatter_sub as scatter_sub, slice as slice, slice_in_dim as slice_in_dim,
    split as split, unstack as unstack)
from jxp._src.lax.jax_primitives import (
    abs_p as abs_p, acos_p as acos_p, acosh_p as acosh_p, add_p as add_p,
    all_gather_p as all_gather_p, all_to_all_p as all_to_all_p, and_p as and_p,
    approx_top_k_p as approx_top_k_p, argmax_p as argmax_p,
    argmin_p as argmin_p, asin_p as asin_p, asinh_p as asinh_p,
    atan2_p as atan2_p, atan_p as atan_p, atanh_p as atanh_p,
    axis_index_p as axis_index_p, bessel_i0e_p as bessel_i0e_p,
    bessel_i1e_p as bessel_i1e_p,
    bitcast_convert_type_p as bitcast_convert_type_p,
    broadcast_in_dim_p as broadcast_in_dim_p, cbrt_p as cbrt_p,
    ceil_p as ceil_p, clamp_p as clamp_p, clz_p as clz_p,
    complex_p as complex_p, concatenate_p as concatenate_p, cond_p as cond_p,
    conj_p as conj_p, conv_general_dilated_p as conv_general_dilated_p,
    convert_element_type_p as convert_element_type_p, copy_p as copy_p,
    cos_p as cos_p, cosh_p as cosh_p, cumlogsumexp_p as cumlogsumexp_p,
    cummax_p as cummax_p, cummin_p as cummin_p, cumprod_p as cumprod_p,
    cumsum_p as cumsum_p, device_put_p as device_put_p, digamma_p as digamma_p,
    div_p as div_p, dot_general_p as dot_general_p,
    dynamic_slice_p as dynamic_slice_p,
    dynamic_update_slice_p as dynamic_update_slice_p, eq_p as eq_p,
    eq_to_p as eq_to_p, erf_inv_p as erf_inv_p, erf_p as erf_p,
    erfc_p as erfc_p, exp2_p as exp2_p, exp_p as exp_p, expm1_p as expm1_p,
    fft_p as fft_p, floor_p as floor_p, gather_p as gather_p, ge_p as ge_p,
    gt_p as gt_p, igamma_grad_a_p as igamma_grad_a_p, igamma_p as igamma_p,
    igammac_p as igammac_p, imag_p as imag_p, integer_pow_p as integer_pow_p,
    iota_p as iota_p, is_finite_p as is_finite_p, le_p as le_p,
    le_to_p as le_to_p, lgamma_p as lgamma_p, linear_solve_p as linear_solve_p,
    log1p_p as log1p_p, log_p as log_p, logistic_p as logistic_p, lt_p as lt_p,
    lt_to_p as lt_to_p, max_p as max_p, min_p as min_p, mul_p as mul_p,
    mulhi_p as mulhi_p, ne_p as ne_p, neg_p as neg_p,
    nextafter_p as nextafter_p, not_p as not_p,
    optimization_barrier_p as optimization_barrier_p, or_p as or_p,
    pad_p as pad_p, pmax_p as pmax_p, pmin_p as pmin_p,
    polygamma_p as polygamma_p, population_count_p as population_count_p,
    pow_p as pow_p, ppermute_p as ppermute_p, psum_p as psum_p,
    real_p as real_p, reduce_and_p as reduce_and_p,
    reduce_max_p as reduce_max_p, reduce_min_p as reduce_min_p,
    reduce_or_p as reduce_or_p, reduce_p as reduce_p,
    reduce_precision_p as reduce_precision_p, reduce_prod_p as reduce_prod_p,
    reduce_sum_p as reduce_sum_p, reduce_window_max_p as reduce_window_max_p,
    reduce_window_min_p as reduce_window_min_p,
    reduce_window_p as reduce_window_p,
    reduce_window_sum_p as reduce_window_sum_p, reduce_xor_p as reduce_xor_p,
    regularized_incomplete_beta_p as regularized_incomplete_beta_p,
    rem_p as rem_p, reshape_p as reshape_p, rev_p as rev_p,
    rng_bit_generator_p as rng_bit_generator_p, rng_uniform_p as rng_uniform_p,
    round_p as round_p, rsqrt_p as rsqrt_p, scan_p as scan_p,
    scatter_add_p as scatter_add_p, scatter_max_p as scatter_max_p,
    scatter_min_p as scatter_min_p, scatter_mul_p as scatter_mul_p,
    scatter_p as scatter_p, scatter_sub_p as scatter_sub_p,
    select_and_gather_add_p as select_and_gather_add_p,
    select_and_scatter_add_p as select_and_scatter_add_p,
    select_n_p as select_n_p, shift_left_p as shift_left_p,
    shift_right_arithmetic_p as shift_right_arithmetic_p,
    shift_right_logical_p as shift_right_logical_p, sign_p as sign_p,
    sin_p as sin_p, sinh_p as sinh_p, slice_p as slice_p, sort_p as sort_p,
    split_p as split_p, sqrt_p as sqrt_p, square_p as square_p,
    squeeze_p as squeeze_p, stack_p as stack_p,
    stop_gradient_p as stop_gradient_p, sub_p as sub_p, tan_p as tan_p,
    tanh_p as tanh_p, tile_p as tile_p, top_k_p as top_k_p,
    transpose_p as transpose_p, unstack_p as unstack_p, while_p as while_p,
    xor_p as xor_p, zeta_p as zeta_p)
from jxp._src.lax.primitives import (
    GatherDimensionNumbers as GatherDimensionNumbers,
    ScatterDimensionNumbers as ScatterDimensionNumbers)
from jxp._src.lax.control_flow.conditionals import (
    cond as cond, platform_dependent as platform_dependent, switch as switch)
from jxp._src.lax.control_flow.loops import (
    fori_loop as fori_loop, map as map, scan as scan, while_loop as while_loop)
from jxp._src.lax.control_flow.associative_scan import (
    associative_scan as associative_scan, cumlogsumexp as cumlogsumexp)
from jxp._src.lax.control_flow.solves import (
    custom_linear_solve as custom_linear_solve, custom_root as custom_root)
from jxp._src.lax.convolution import (
    ConvDimensionNumbers as ConvDimensionNumbers,
    ConvGeneralDilatedDimensionNumbers as ConvGeneralDilatedDimensionNumbers,
    conv as conv, conv_dimension_numbers as conv_dimension_numbers,
    conv_general_dilated as conv_general_dilated,
    conv_general_dilated_local as conv_general_dilated_local,
    conv_general_dilated_patches as conv_general_dilated_patches,
    conv_general_permutations as conv_general_permutations,
    conv_general_shape_tuple as conv_general_shape_tuple,
    conv_shape_tuple as conv_shape_tuple, conv_transpose as conv_transpose,
    conv_transpose_shape_tuple as conv_transpose_shape_tuple,
    conv_with_general_padding as conv_with_general_padding)
from jxp._src.lax.fft import (
    FftType as FftType, fft as fft)
from jxp._src.lax.windowed_reductions import (
    reduce_window as reduce_window,
    reduce_window_shape_tuple as reduce_window_shape_tuple)
from jxp._src.lax.parallel import (
    all_gather as all_gather, all_to_all as all_to_all,
    axis_index as axis_index, axis_size as axis_size, pbroadcast as pbroadcast,
    pcast as pcast, pmax as pmax, pmean as pmean, pmin as pmin,
    ppermute as ppermute, pshuffle as pshuffle, psum as psum,
    psum_scatter as psum_scatter, pswapaxes as pswapaxes, pvary as pvary)
from jxp._src.lax.ann import (
    approx_max_k as approx_max_k, approx_min_k as approx_min_k)
from jxp._src.lax.special import (
    betainc as betainc, igamma as igamma, igamma_grad_a as igamma_grad_a,
    igammac as igammac, random_gamma_grad as random_gamma_grad)
from jxp._src.ad import (
    stop_gradient as stop_gradient)
