"""Tests for jxp._src.transfer (host <-> device transfers)."""

import ml_dtypes
import numpy as np
import pytest

from jxp._src import config, transfer


# ---------------------------------------------------------------------------
# 64-bit values, whatever jaxlib's x64 state (config.set_x64)
# ---------------------------------------------------------------------------

def test_set_x64_roundtrips_64bit_dtypes():
    try:
        config.set_x64(True)
        assert config.x64_enabled()
        for dt in (np.float64, np.int64, np.uint64, np.complex128):
            x = (np.arange(5) * 3 + 1).astype(dt)
            x[-1] = np.array(2**40 + 1).astype(dt)  # not representable in 32b
            out = transfer.to_numpy(transfer.device_put(x))
            assert out.dtype == x.dtype
            np.testing.assert_array_equal(out, x)
    finally:
        config.set_x64(False)
    assert not config.x64_enabled()


def test_64bit_dtypes_are_exact_even_with_x64_disabled():
    # device_put never narrows silently: canonicalization is the caller's job.
    config.set_x64(False)
    x = np.array([1.0 + 2.0**-40, 2.0], np.float64)
    out = transfer.to_numpy(transfer.device_put(x))
    assert out.dtype == np.float64
    np.testing.assert_array_equal(out, x)


# ---------------------------------------------------------------------------
# Transfers
# ---------------------------------------------------------------------------

ALL_DTYPES = [np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8,
              np.uint16, np.uint32, np.uint64, np.float16,
              ml_dtypes.bfloat16, np.float32, np.float64, np.complex64,
              np.complex128]
SHAPES = [(), (0,), (2, 0, 3), (5,), (2, 3), (2, 3, 4)]


def _sample(dtype, shape):
    n = int(np.prod(shape, dtype=np.int64))
    base = np.arange(n, dtype=np.int64).reshape(shape)
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return base % 3 == 1
    if dtype.kind == "c":
        return (base + 1j * (base - 2)).astype(dtype)
    if dtype.kind == "f" or dtype == ml_dtypes.bfloat16:
        return ((base - 3) * 0.5).astype(dtype)
    if dtype.kind == "i":
        return (base - 3).astype(dtype)
    return base.astype(dtype)


@pytest.mark.parametrize("shape", SHAPES, ids=str)
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=lambda d: np.dtype(d).name)
def test_device_put_to_numpy_roundtrip(dtype, shape):
    x = _sample(dtype, shape)
    buf = transfer.device_put(x)
    assert isinstance(buf, transfer.DeviceBuffer)
    assert tuple(buf.aval.shape) == shape
    assert buf.aval.dtype == x.dtype
    transfer.block_until_ready(buf)
    out = transfer.to_numpy(buf)
    assert out.dtype == x.dtype
    assert out.shape == x.shape
    np.testing.assert_array_equal(out, x)


def test_device_put_accepts_non_contiguous_and_scalars():
    x = np.arange(24, dtype=np.float32).reshape(4, 6)[::2, 1::2]
    np.testing.assert_array_equal(transfer.to_numpy(transfer.device_put(x)), x)
    xt = np.arange(6, dtype=np.int32).reshape(2, 3).T
    np.testing.assert_array_equal(transfer.to_numpy(transfer.device_put(xt)),
                                  xt)
    s = transfer.to_numpy(transfer.device_put(np.float32(2.5)))
    assert s.shape == () and s.dtype == np.float32 and s == 2.5


def test_device_put_weak_type_is_recorded():
    assert transfer.device_put(np.float32(1), weak_type=True).aval.weak_type
    assert not transfer.device_put(np.float32(1)).aval.weak_type


def test_device_put_copies_host_memory():
    # jaxlib's default (ZERO_COPY) would alias large host arrays.
    x = np.zeros(1 << 20, np.float32)
    buf = transfer.device_put(x)
    x[0] = 100.0
    assert transfer.to_numpy(buf)[0] == 0.0


def test_to_numpy_is_read_only():
    out = transfer.to_numpy(transfer.device_put(np.ones(3, np.float32)))
    with pytest.raises(ValueError):
        out[0] = 2.0
