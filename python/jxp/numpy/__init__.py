"""jxp.numpy: NumPy's API with JAX's semantics (promotion lattice, weak
types, immutability), re-exported from its implementation under
jxp/_src/numpy/, split by concern as JAX's jax/_src/numpy."""

from jxp._src.array import Array as Array
from jxp._src.numpy import array_methods as _array_methods
from jxp.numpy import fft as fft
from jxp.numpy import linalg as linalg
from jxp._src.numpy.scalar_types import (
    bfloat16 as bfloat16, bool as bool, bool_ as bool_, can_cast as can_cast,
    cdouble as cdouble, character as character, complex128 as complex128,
    complex64 as complex64, complex_ as complex_,
    complexfloating as complexfloating, csingle as csingle, double as double,
    dtype as dtype, finfo as finfo, flexible as flexible, float16 as float16,
    float32 as float32, float64 as float64, float_ as float_,
    floating as floating, generic as generic, iinfo as iinfo,
    inexact as inexact, int16 as int16, int32 as int32, int64 as int64,
    int8 as int8, int_ as int_, integer as integer, issubdtype as issubdtype,
    ndarray as ndarray, number as number, object_ as object_,
    promote_types as promote_types, result_type as result_type,
    signedinteger as signedinteger, single as single, uint as uint,
    uint16 as uint16, uint32 as uint32, uint64 as uint64, uint8 as uint8,
    unsignedinteger as unsignedinteger)
from jxp._src.numpy.util import (
    astype as astype, broadcast_to as broadcast_to, ndim as ndim,
    shape as shape, size as size)
from jxp._src.numpy.ufuncs import (
    abs as abs, absolute as absolute, acos as acos, acosh as acosh,
    angle as angle, arccos as arccos, arccosh as arccosh, arcsin as arcsin,
    arcsinh as arcsinh, arctan as arctan, arctan2 as arctan2,
    arctanh as arctanh, around as around, asin as asin, asinh as asinh,
    atan as atan, atan2 as atan2, atanh as atanh,
    bitwise_count as bitwise_count, bitwise_invert as bitwise_invert,
    bitwise_left_shift as bitwise_left_shift, bitwise_not as bitwise_not,
    bitwise_right_shift as bitwise_right_shift, cbrt as cbrt, ceil as ceil,
    clip as clip, conj as conj, conjugate as conjugate, copysign as copysign,
    cos as cos, cosh as cosh, deg2rad as deg2rad, degrees as degrees,
    divide as divide, divmod as divmod, equal as equal, exp as exp,
    exp2 as exp2, expm1 as expm1, fabs as fabs, float_power as float_power,
    floor as floor, floor_divide as floor_divide, fmax as fmax, fmin as fmin,
    fmod as fmod, frexp as frexp, gcd as gcd, greater as greater,
    greater_equal as greater_equal, heaviside as heaviside, hypot as hypot,
    i0 as i0, imag as imag, invert as invert, iscomplex as iscomplex,
    isfinite as isfinite, isinf as isinf, isnan as isnan, isneginf as isneginf,
    isposinf as isposinf, isreal as isreal, lcm as lcm, ldexp as ldexp,
    left_shift as left_shift, less as less, less_equal as less_equal,
    log as log, log10 as log10, log1p as log1p, log2 as log2,
    logical_not as logical_not, mod as mod, modf as modf,
    nan_to_num as nan_to_num, nextafter as nextafter, not_equal as not_equal,
    positive as positive, pow as pow, power as power, rad2deg as rad2deg,
    radians as radians, real as real, reciprocal as reciprocal,
    remainder as remainder, right_shift as right_shift, rint as rint,
    round as round, sign as sign, signbit as signbit, sin as sin, sinc as sinc,
    sinh as sinh, spacing as spacing, sqrt as sqrt, square as square,
    tan as tan, tanh as tanh, true_divide as true_divide, trunc as trunc)
from jxp._src.numpy.manipulation import (
    array_split as array_split, atleast_1d as atleast_1d,
    atleast_2d as atleast_2d, atleast_3d as atleast_3d,
    broadcast_arrays as broadcast_arrays, broadcast_shapes as broadcast_shapes,
    column_stack as column_stack, concatenate as concatenate, dstack as dstack,
    expand_dims as expand_dims, flip as flip, fliplr as fliplr,
    flipud as flipud, hstack as hstack, moveaxis as moveaxis, ravel as ravel,
    reshape as reshape, roll as roll, split as split, squeeze as squeeze,
    stack as stack, swapaxes as swapaxes, tile as tile, transpose as transpose,
    vstack as vstack)
from jxp._src.numpy.creation import (
    arange as arange, array as array, asarray as asarray, copy as copy,
    empty as empty, empty_like as empty_like, eye as eye, full as full,
    full_like as full_like, identity as identity, linspace as linspace,
    ones as ones, ones_like as ones_like, tri as tri, tril as tril,
    triu as triu, zeros as zeros, zeros_like as zeros_like)
from jxp._src.numpy.reductions import (
    all as all, amax as amax, amin as amin, any as any, argmax as argmax,
    argmin as argmin, average as average, count_nonzero as count_nonzero,
    cumprod as cumprod, cumsum as cumsum, max as max, mean as mean,
    median as median, min as min, nanargmax as nanargmax,
    nanargmin as nanargmin, nancumprod as nancumprod, nancumsum as nancumsum,
    nanmax as nanmax, nanmean as nanmean, nanmedian as nanmedian,
    nanmin as nanmin, nanpercentile as nanpercentile, nanprod as nanprod,
    nanquantile as nanquantile, nanstd as nanstd, nansum as nansum,
    nanvar as nanvar, percentile as percentile, prod as prod, ptp as ptp,
    quantile as quantile, std as std, sum as sum, var as var)
from jxp._src.numpy.sorting import (
    allclose as allclose, argpartition as argpartition, argsort as argsort,
    argwhere as argwhere, array_equal as array_equal,
    array_equiv as array_equiv, flatnonzero as flatnonzero, isclose as isclose,
    lexsort as lexsort, nonzero as nonzero, partition as partition,
    searchsorted as searchsorted, sort as sort, take as take,
    take_along_axis as take_along_axis, unique as unique, where as where)
from jxp._src.numpy.tensor_contractions import (
    diag as diag, diagonal as diagonal, dot as dot, einsum as einsum,
    inner as inner, kron as kron, matmul as matmul, outer as outer,
    tensordot as tensordot, trace as trace, vdot as vdot, vecdot as vecdot)
from jxp._src.numpy.index_tricks import (
    c_ as c_, diag_indices as diag_indices,
    diag_indices_from as diag_indices_from, index_exp as index_exp,
    indices as indices, ix_ as ix_, mask_indices as mask_indices,
    meshgrid as meshgrid, mgrid as mgrid, ogrid as ogrid, r_ as r_,
    ravel_multi_index as ravel_multi_index, s_ as s_,
    tril_indices as tril_indices, tril_indices_from as tril_indices_from,
    triu_indices as triu_indices, triu_indices_from as triu_indices_from,
    unravel_index as unravel_index)
from jxp._src.numpy.lax_numpy import (
    ComplexWarning as ComplexWarning, append as append,
    apply_along_axis as apply_along_axis, apply_over_axes as apply_over_axes,
    array_repr as array_repr, array_str as array_str, block as block,
    choose as choose, compress as compress, concat as concat,
    convolve as convolve, corrcoef as corrcoef, correlate as correlate,
    cov as cov, cross as cross, cumulative_prod as cumulative_prod,
    cumulative_sum as cumulative_sum, delete as delete, diagflat as diagflat,
    diff as diff, digitize as digitize, dsplit as dsplit, e as e,
    ediff1d as ediff1d, einsum_path as einsum_path, euler_gamma as euler_gamma,
    extract as extract, fill_diagonal as fill_diagonal,
    from_dlpack as from_dlpack, frombuffer as frombuffer, fromfile as fromfile,
    fromfunction as fromfunction, fromiter as fromiter,
    fromstring as fromstring, geomspace as geomspace,
    get_printoptions as get_printoptions, gradient as gradient,
    hsplit as hsplit, inf as inf, insert as insert, interp as interp,
    iscomplexobj as iscomplexobj, isdtype as isdtype, isrealobj as isrealobj,
    isscalar as isscalar, iterable as iterable, load as load,
    logspace as logspace, matrix_transpose as matrix_transpose,
    matvec as matvec, nan as nan, newaxis as newaxis, packbits as packbits,
    pad as pad, permute_dims as permute_dims, pi as pi, place as place,
    printoptions as printoptions, put as put, put_along_axis as put_along_axis,
    repeat as repeat, resize as resize, rollaxis as rollaxis, rot90 as rot90,
    save as save, savez as savez, select as select,
    set_printoptions as set_printoptions, sort_complex as sort_complex,
    trapezoid as trapezoid, unpackbits as unpackbits, unstack as unstack,
    unwrap as unwrap, vecmat as vecmat, vsplit as vsplit)
from jxp._src.numpy.histograms import (
    bincount as bincount, histogram as histogram, histogram2d as histogram2d,
    histogram_bin_edges as histogram_bin_edges, histogramdd as histogramdd)
from jxp._src.numpy.setops import (
    intersect1d as intersect1d, isin as isin, setdiff1d as setdiff1d,
    setxor1d as setxor1d, union1d as union1d, unique_all as unique_all,
    unique_counts as unique_counts, unique_inverse as unique_inverse,
    unique_values as unique_values)
from jxp._src.numpy.window_functions import (
    bartlett as bartlett, blackman as blackman, hamming as hamming,
    hanning as hanning, kaiser as kaiser)
from jxp._src.numpy.polynomial import (
    poly as poly, polyadd as polyadd, polyder as polyder, polydiv as polydiv,
    polyfit as polyfit, polyint as polyint, polymul as polymul,
    polysub as polysub, polyval as polyval, roots as roots,
    trim_zeros as trim_zeros, vander as vander)
from jxp._src.numpy.vectorize import (
    piecewise as piecewise, vectorize as vectorize)
from jxp._src.numpy.ufunc_api import (
    add as add, bitwise_and as bitwise_and, bitwise_or as bitwise_or,
    bitwise_xor as bitwise_xor, frompyfunc as frompyfunc,
    logaddexp as logaddexp, logaddexp2 as logaddexp2,
    logical_and as logical_and, logical_or as logical_or,
    logical_xor as logical_xor, maximum as maximum, minimum as minimum,
    multiply as multiply, negative as negative, subtract as subtract,
    ufunc as ufunc)

# Array's operators and methods (x + y, x.sum(), x.at[...]) are jnp's
# functions: installed here, where jnp exists, as jax/numpy/__init__.py
# registers them.
_array_methods.register_array_methods()
