"""JAX's default PRNG: the Threefry-2x32 hash and what is built on it.

Keys are uint32[2] arrays (`jxp.random` wraps them for typed keys). The
algorithms are JAX's (jax/_src/random/threefry2x32.py and prng.py), so
every key and every bit is the same as JAX's:

* `threefry2x32` is the 20-round Threefry-2x32 hash (Salmon et al. 2011)
  on uint32 arrays, composed of lax ops (adds wrap mod 2**32).
* `seed`, `split`, `fold_in` and `random_bits` follow JAX in both settings
  of `jax_threefry_partitionable`: True (JAX 0.10's default) hashes a
  64-bit iota over the output shape, split as (hi, lo) words, and xors the
  two output words; False is the older scheme that hashes a flat uint32
  iota in two halves and concatenates the results.

All functions here are traceable (they only call lax ops on their
arguments) and take a single key; jxp.random jits them.
"""

import math

import numpy as np

from jxp._src.lax import scalar_casting as lax
from jxp._src.lax import slicing
from . import dtypes
from .config import config
from .core import abstractify

# Use jxp.lax.threefry2x32 (a dedicated op) when the compiler provides it;
# the lax composition below is the fallback and the reference.
USE_THREEFRY_OP = True


_ROTATIONS = ((13, 15, 26, 6), (17, 29, 16, 24))
_PARITY = 0x1BD11BDA


def _u32(v):
    return np.uint32(v)


def _rotate_left(x, d):
    return lax.bitwise_or(lax.shift_left(x, _u32(d)),
                          lax.shift_right_logical(x, _u32(32 - d)))


def _broadcast_all(*xs):
    """Operands broadcast to their common shape (scalars stretched)."""
    shapes = [abstractify(x).shape for x in xs]
    shape = np.broadcast_shapes(*shapes)
    out = []
    for x, s in zip(xs, shapes):
        if s != shape:
            lead = len(shape) - len(s)
            x = lax.broadcast_in_dim(x, shape, tuple(range(lead, len(shape))))
        out.append(x)
    return out


def threefry2x32_composed(key0, key1, x0, x1):
    """Threefry-2x32 as lax ops: 5 groups of 4 rounds, a key injection
    after each group. Arguments broadcast; returns (y0, y1)."""
    key0, key1, x0, x1 = _broadcast_all(key0, key1, x0, x1)
    ks = (key0, key1,
          lax.bitwise_xor(lax.bitwise_xor(key0, key1), _u32(_PARITY)))
    x0 = lax.add(x0, ks[0])
    x1 = lax.add(x1, ks[1])
    for i in range(5):
        for r in _ROTATIONS[i % 2]:
            x0 = lax.add(x0, x1)
            x1 = lax.bitwise_xor(x0, _rotate_left(x1, r))
        x0 = lax.add(x0, ks[(i + 1) % 3])
        x1 = lax.add(lax.add(x1, ks[(i + 2) % 3]), _u32(i + 1))
    return x0, x1


def threefry2x32(key0, key1, x0, x1):
    """The Threefry-2x32 hash of counters (x0, x1) under key (key0, key1):
    uint32 arrays, broadcast together. Returns (y0, y1)."""
    for a in (key0, key1, x0, x1):
        if abstractify(a).dtype != dtypes.uint32:
            raise TypeError(f"Arguments to threefry2x32 must have uint32 type, "
                            f"got {abstractify(a).dtype}")
    op = getattr(lax, "threefry2x32", None)
    if USE_THREEFRY_OP and op is not None:
        # The op takes scalar keys, or keys of the counters' shape.
        x0, x1 = _broadcast_all(x0, x1)
        if abstractify(key0).shape or abstractify(key1).shape:
            key0, key1, x0, x1 = _broadcast_all(key0, key1, x0, x1)
        y0, y1 = op(key0, key1, x0, x1)
        return y0, y1
    return threefry2x32_composed(key0, key1, x0, x1)


# ---------------------------------------------------------------------------
# Helpers on uint32 arrays
# ---------------------------------------------------------------------------


def _zeros(shape, dtype=dtypes.uint32):
    return lax.broadcast_in_dim(np.zeros((), dtype), tuple(shape), ())


def _key_words(key):
    """The two uint32 scalars of a uint32[2] key."""
    k0 = lax.reshape(slicing.slice(key, (0,), (1,)), ())
    k1 = lax.reshape(slicing.slice(key, (1,), (2,)), ())
    return k0, k1


def _check_key(key):
    a = abstractify(key)
    if a.shape != (2,) or a.dtype != dtypes.uint32:
        raise TypeError(f"threefry2x32 key must be uint32[2], got "
                        f"{a.str_short()}")


def threefry_2x32(key, count):
    """JAX's threefry_2x32: hashes the flat uint32 `count`, its first half
    as x0 and its second half as x1 (odd sizes padded with a zero), and
    returns the concatenated outputs in count's shape."""
    _check_key(key)
    shape = abstractify(count).shape
    n = math.prod(shape)
    if n == 0:
        return _zeros(shape)
    flat = lax.reshape(count, (n,))
    odd = n % 2
    if odd:
        flat = lax.concatenate([flat, _zeros((1,))], 0)
    half = (n + odd) // 2
    x0 = slicing.slice(flat, (0,), (half,))
    x1 = slicing.slice(flat, (half,), (2 * half,))
    k0, k1 = _key_words(key)
    y0, y1 = threefry2x32(k0, k1, x0, x1)
    out = lax.concatenate([y0, y1], 0)
    if odd:
        out = slicing.slice(out, (0,), (n,))
    return lax.reshape(out, shape)


def iota_2x32_shape(shape):
    """The (hi, lo) uint32 words of a 64-bit iota over `shape` (row-major
    linear index), as JAX's prng.iota_2x32_shape."""
    shape = tuple(shape)
    size = math.prod(shape)
    if size > 2 ** 32:
        raise NotImplementedError("random bits arrays of 2**32 or more "
                                  "elements")
    hi = _zeros(shape)
    if not shape:
        return hi, hi
    lo = lax.reshape(lax.iota(dtypes.uint32, size), shape)
    return hi, lo


# ---------------------------------------------------------------------------
# The PRNG implementation: seed, split, fold_in, random_bits
# ---------------------------------------------------------------------------


def seed(seed_value):
    """A uint32[2] key from an integer scalar: (high word, low word) of the
    seed as a 64-bit integer; narrower seeds have a zero high word and are
    sign-extended into the low word."""
    a = abstractify(seed_value)
    if a.shape:
        raise TypeError(f"PRNG key seed must be a scalar; got {seed_value!r}.")
    if not dtypes.is_int(a.dtype):
        raise TypeError(f"PRNG key seed must be an integer; got "
                        f"{a.str_short()}")
    if a.dtype.itemsize * 8 > 32:
        hi = lax.convert_element_type(
            lax.shift_right_logical(seed_value, np.asarray(32, a.dtype)),
            dtypes.uint32)
    else:
        hi = _zeros(())
    lo = lax.convert_element_type(seed_value, dtypes.uint32)
    return lax.concatenate([lax.reshape(hi, (1,)), lax.reshape(lo, (1,))], 0)


def split(key, shape):
    """Keys of shape (*shape, 2) derived from `key`."""
    _check_key(key)
    shape = tuple(int(d) for d in shape)
    if config.read("jax_threefry_partitionable"):
        if math.prod(shape) == 0:
            return _zeros(shape + (2,))
        k0, k1 = _key_words(key)
        hi, lo = iota_2x32_shape(shape)
        b0, b1 = threefry2x32(k0, k1, hi, lo)
        return lax.concatenate([lax.reshape(b0, shape + (1,)),
                                lax.reshape(b1, shape + (1,))], len(shape))
    num = math.prod(shape)
    counts = lax.iota(dtypes.uint32, num * 2)
    return lax.reshape(threefry_2x32(key, counts), shape + (2,))


def fold_in(key, data):
    """`key` with the uint32 scalar `data` folded in: the hash of the
    counter pair (0, data), the same in both partitionable modes."""
    _check_key(key)
    k0, k1 = _key_words(key)
    y0, y1 = threefry2x32(k0, k1, _zeros(()), data)
    return lax.concatenate([lax.reshape(y0, (1,)), lax.reshape(y1, (1,))], 0)


def random_bits(key, bit_width, shape):
    """Uniform random uint{bit_width} bits of `shape` from `key`."""
    _check_key(key)
    if bit_width not in (8, 16, 32, 64):
        raise TypeError("requires 8-, 16-, 32- or 64-bit field width.")
    shape = tuple(int(d) for d in shape)
    dtype = dtypes.UINT_BY_BITS[bit_width]
    if math.prod(shape) == 0:
        return _zeros(shape, dtype)
    if config.read("jax_threefry_partitionable"):
        return _random_bits_partitionable(key, bit_width, shape)
    return _random_bits_original(key, bit_width, shape)


def _random_bits_partitionable(key, bit_width, shape):
    k0, k1 = _key_words(key)
    hi, lo = iota_2x32_shape(shape)
    b0, b1 = threefry2x32(k0, k1, hi, lo)
    dtype = dtypes.UINT_BY_BITS[bit_width]
    if bit_width == 64:
        b0 = lax.convert_element_type(b0, dtype)
        b1 = lax.convert_element_type(b1, dtype)
        return lax.bitwise_or(lax.shift_left(b0, np.asarray(32, dtype)), b1)
    bits = lax.bitwise_xor(b0, b1)
    if bit_width == 32:
        return bits
    return lax.convert_element_type(bits, dtype)


def _random_bits_original(key, bit_width, shape):
    size = math.prod(shape)
    max_count = -(-bit_width * size // 32)
    if max_count >= np.iinfo(np.uint32).max:
        # JAX hashes such sizes in blocks of 2**32-1 words under split keys.
        raise NotImplementedError("random bits of 2**32 or more words with "
                                  "jax_threefry_partitionable=False")
    bits = threefry_2x32(key, lax.iota(dtypes.uint32, max_count))
    dtype = dtypes.UINT_BY_BITS[bit_width]
    if bit_width == 64:
        half = max_count // 2
        hi = lax.convert_element_type(slicing.slice(bits, (0,), (half,)), dtype)
        lo = lax.convert_element_type(
            slicing.slice(bits, (half,), (max_count,)), dtype)
        bits = lax.bitwise_or(lax.shift_left(hi, np.asarray(32, dtype)), lo)
    elif bit_width in (8, 16):
        # Each word's bytes (or halves), least significant first: the
        # little-endian view of the words as uint8/uint16.
        per_word = 32 // bit_width
        wide = lax.broadcast_in_dim(bits, (max_count, per_word), (0,))
        shifts = lax.mul(lax.broadcasted_iota(dtypes.uint32,
                                              (max_count, per_word), 1),
                         _u32(bit_width))
        parts = lax.bitwise_and(lax.shift_right_logical(wide, shifts),
                                _u32(np.iinfo(dtype).max))
        parts = lax.reshape(parts, (max_count * per_word,))
        bits = slicing.slice(lax.convert_element_type(parts, dtype), (0,), (size,))
    return lax.reshape(bits, shape)
