"""The persistent executable cache (JAX's jax_compilation_cache_dir) and
compiler.compile's single hand-over of StableHLO text to PJRT."""

import os
import pathlib
import subprocess
import sys
import textwrap

import jax
import jax.numpy as rjnp
import numpy as np
import pytest

import jxp
import jxp.numpy as jnp
from jxp._src import compilation_cache, compiler, transfer
from jxp_test_util import assert_same, run_in_threads

FLAGS = ("jax_enable_compilation_cache", "jax_compilation_cache_dir",
         "jax_compilation_cache_max_size",
         "jax_persistent_cache_min_compile_time_secs")

# x * y + 1 for f32[2,3]: one small program.
MUL_ADD = """
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>, sym_name = "main"}> ({
  ^bb0(%arg0: tensor<2x3xf32>, %arg1: tensor<2x3xf32>):
    %0 = "stablehlo.multiply"(%arg0, %arg1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %1 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<2x3xf32>}> : () -> tensor<2x3xf32>
    %2 = "stablehlo.add"(%0, %1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    "func.return"(%2) : (tensor<2x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()
"""
MUL_ADD_AVALS = ([((2, 3), np.dtype(np.float32))] * 2,
                 [((2, 3), np.dtype(np.float32))])


def _negate(n, dtype="f32"):
    """-x for a [n] vector: a distinct program (and cache key) per n."""
    t = f"tensor<{n}x{dtype}>"
    return f"""
func.func @main(%a: {t}) -> {t} {{
  %0 = stablehlo.negate %a : {t}
  return %0 : {t}
}}"""


@pytest.fixture
def cache_dir(tmp_path):
    """A fresh cache directory that stores every program; the suite's own
    cache settings come back afterwards."""
    saved = {n: jxp.config.read(n) for n in FLAGS}
    path = tmp_path / "xla-cache"
    jxp.config.update("jax_enable_compilation_cache", True)
    jxp.config.update("jax_compilation_cache_dir", str(path))
    jxp.config.update("jax_compilation_cache_max_size", -1)
    jxp.config.update("jax_persistent_cache_min_compile_time_secs", 0)
    try:
        yield path
    finally:
        for name, value in saved.items():
            jxp.config.update(name, value)


def _entries(path):
    return sorted(p for p in pathlib.Path(path).iterdir()
                  if not p.name.startswith("."))


def _run(exe, *args):
    bufs = [transfer.device_put(np.asarray(a)) for a in args]
    return [transfer.to_numpy(o) for o in exe.execute_checked(bufs)]


X = np.arange(6, dtype=np.float32).reshape(2, 3)
Y = np.full((2, 3), 0.5, np.float32)


def test_flag_names_are_jaxs():
    for name in FLAGS:
        assert hasattr(jax.config, name), name
        assert jxp.config.read(name) is not None or name == \
            "jax_compilation_cache_dir"


def test_hit_gives_same_results(cache_dir):
    first = compiler.compile(MUL_ADD)
    assert compilation_cache.compilation_cache_stats() == {
        "hits": 0, "misses": 1, "writes": 1}
    files = _entries(cache_dir)
    assert len(files) == 1 and files[0].stat().st_size > 0
    second = compiler.compile(MUL_ADD)
    assert compilation_cache.compilation_cache_stats() == {
        "hits": 1, "misses": 1, "writes": 1}
    assert second.loaded_executable is not first.loaded_executable
    assert (second.in_avals, second.out_avals) == MUL_ADD_AVALS
    want = X * Y + 1
    np.testing.assert_array_equal(_run(first, X, Y)[0], want)
    np.testing.assert_array_equal(_run(second, X, Y)[0], want)
    assert second.hlo_text() == first.hlo_text()
    # The text is the key: another program misses.
    compiler.compile(MUL_ADD.replace("stablehlo.add", "stablehlo.subtract"))
    assert compilation_cache.compilation_cache_stats()["misses"] == 2
    assert len(_entries(cache_dir)) == 2


def test_locations_are_not_part_of_the_key(cache_dir):
    """As in JAX: the same program traced at another line or file (as in
    another clone of a repository) hits; another program does not."""
    located = MUL_ADD.replace(
        ") -> tensor<2x3xf32>\n    %2", ") -> tensor<2x3xf32> loc(#loc1)\n    %2"
    ) + '#loc1 = loc("/a/clone/test_x.py":LINE:0)\n'
    assert located.count("loc(#loc1)") == 1
    compiler.compile(located.replace("LINE", "3"))
    compiler.compile(located.replace("LINE", "30").replace("/a/", "/b/"))
    compiler.compile(MUL_ADD)
    assert compilation_cache.compilation_cache_stats() == {
        "hits": 2, "misses": 1, "writes": 1}


def test_jit_uses_the_cache(cache_dir):
    def f(x, y):
        return jnp.tanh(x @ y.T) * 2, {"s": jnp.sum(x, axis=0)}

    want = jax.jit(lambda x, y: (rjnp.tanh(x @ y.T) * 2,
                                 {"s": rjnp.sum(x, axis=0)}))(X, Y)
    assert_same(jxp.jit(f)(X, Y), want)
    stats = compilation_cache.compilation_cache_stats()
    assert stats["writes"] >= 1 and stats["hits"] == 0
    jxp.clear_caches()  # the in-memory jit cache; the disk one stays
    assert_same(jxp.jit(f)(X, Y), want)
    assert compilation_cache.compilation_cache_stats()["hits"] >= 1
    # Gradients compile through the cache too.
    g = jxp.grad(lambda x: jnp.sum(jnp.sin(x) ** 2))
    want_g = jax.grad(lambda x: rjnp.sum(rjnp.sin(x) ** 2))(X)
    assert_same(g(X), want_g)
    jxp.clear_caches()
    hits = compilation_cache.compilation_cache_stats()["hits"]
    assert_same(g(X), want_g)
    assert compilation_cache.compilation_cache_stats()["hits"] > hits


def _corruptions(data):
    """Ways an entry can be damaged, named."""
    middle = len(data) // 2
    flipped = bytearray(data)
    flipped[-100] ^= 0xFF  # in the serialized executable
    return {
        "empty": b"",
        "truncated": data[:middle],
        "payload_flipped": bytes(flipped),
        "bad_magic": b"X" + data[1:],
        "garbage": os.urandom(len(data)),
        "bad_header": data[:20] + b"{" * 40 + data[60:],
        "huge_header_length": data[:16] + b"\xff\xff\xff\x7f" + data[20:],
    }


def test_corrupt_entries_are_ignored(cache_dir):
    compiler.compile(MUL_ADD)
    path, = _entries(cache_dir)
    good = path.read_bytes()
    for name, bad in _corruptions(good).items():
        path.write_bytes(bad)
        before = compilation_cache.compilation_cache_stats()
        exe = compiler.compile(MUL_ADD)
        after = compilation_cache.compilation_cache_stats()
        assert after["hits"] == before["hits"], name
        assert after["writes"] == before["writes"] + 1, name
        np.testing.assert_array_equal(_run(exe, X, Y)[0], X * Y + 1)
        # The recompiled entry replaced the damaged one.
        assert path.read_bytes()[:16] == good[:16], name
        compiler.compile(MUL_ADD)
        stats = compilation_cache.compilation_cache_stats()
        assert stats["hits"] == after["hits"] + 1


def test_entry_under_another_key_is_ignored(cache_dir):
    compiler.compile(_negate(3))
    src, = _entries(cache_dir)
    # Put the [3] program's entry where the [4] program's would be.
    compiler.compile(_negate(4))
    dst = [p for p in _entries(cache_dir) if p != src][0]
    dst.write_bytes(src.read_bytes())
    exe = compiler.compile(_negate(4))
    assert exe.in_avals == [((4,), np.dtype(np.float32))]
    x = np.arange(4, dtype=np.float32)
    np.testing.assert_array_equal(_run(exe, x)[0], -x)


def test_unreadable_directory_still_compiles(cache_dir):
    cache_dir.write_text("a file where the directory should be")
    exe = compiler.compile(MUL_ADD)
    np.testing.assert_array_equal(_run(exe, X, Y)[0], X * Y + 1)
    assert compilation_cache.compilation_cache_stats()["writes"] == 0


_CHILD = """
import numpy as np
import jxp, jxp.numpy as jnp
from jxp._src import compilation_cache
assert compilation_cache.compilation_cache_dir() == {path!r}
f = jxp.jit(lambda x: jnp.cumsum(jnp.exp(x)) @ x)
print(float(f(np.linspace(0, 1, 7, dtype=np.float32))))
s = compilation_cache.compilation_cache_stats()
print(s["hits"], s["misses"], s["writes"])
"""


def test_two_processes_share_the_cache(tmp_path):
    """Set up as JAX users do, by environment variables."""
    path = str(tmp_path / "shared")
    env = dict(os.environ, JAX_COMPILATION_CACHE_DIR=path,
               JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS="0")
    env["PYTHONPATH"] = os.pathsep.join(
        [p for p in sys.path if p] + [env.get("PYTHONPATH", "")])
    code = textwrap.dedent(_CHILD.format(path=path))

    def child():
        proc = subprocess.run([sys.executable, "-c", code], env=env,
                              capture_output=True, text=True, timeout=300)
        assert proc.returncode == 0, proc.stderr
        value, counts = proc.stdout.split("\n")[:2]
        return float(value), [int(c) for c in counts.split()]

    first, (hits, misses, writes) = child()
    assert hits == 0 and misses >= 1 and writes == misses
    n = len(_entries(path))
    assert n == writes
    second, (hits, misses, writes) = child()
    assert (hits, misses, writes) == (n, 0, 0)
    assert second == first
    x = np.linspace(0, 1, 7, dtype=np.float32)
    want = float(jax.jit(lambda x: rjnp.cumsum(rjnp.exp(x)) @ x)(x))
    np.testing.assert_allclose(first, want, rtol=1e-6)


def test_threads_write_and_read_concurrently(cache_dir):
    texts = [_negate(n) for n in (1, 2, 3, 4)] * 4

    def work(i, text):
        exe = compiler.compile(text)
        n = exe.in_avals[0][0][0]
        x = np.arange(n, dtype=np.float32) + i
        np.testing.assert_array_equal(_run(exe, x)[0], -x)

    run_in_threads(work, list(enumerate(texts)))
    # One whole entry per program, no temporary file left behind.
    assert sorted(p.name for p in cache_dir.iterdir()) == sorted(
        p.name for p in _entries(cache_dir))
    assert len(_entries(cache_dir)) == 4
    before = compilation_cache.compilation_cache_stats()["hits"]
    for t in texts[:4]:
        compiler.compile(t)
    assert compilation_cache.compilation_cache_stats()["hits"] == before + 4


def test_size_bound_evicts_least_recently_used(cache_dir):
    compiler.compile(_negate(1))
    size = _entries(cache_dir)[0].stat().st_size
    # Room for three entries of about this size.
    jxp.config.update("jax_compilation_cache_max_size", int(size * 3.5))
    compiler.compile(_negate(1))  # the reconfigured cache hits the old entry
    names = {}
    for n in (2, 3):
        before = {p.name for p in _entries(cache_dir)}
        compiler.compile(_negate(n))
        names[n], = {p.name for p in _entries(cache_dir)} - before
    names[1] = (set(p.name for p in _entries(cache_dir))
                - {names[2], names[3]}).pop()
    # Use [1] again (a hit refreshes it), so [2] is now the oldest.
    os.utime(cache_dir / names[2], (1, 1))
    os.utime(cache_dir / names[3], (2, 2))
    os.utime(cache_dir / names[1], (3, 3))
    compiler.compile(_negate(1))
    compiler.compile(_negate(4))
    left = {p.name for p in _entries(cache_dir)}
    assert names[2] not in left and names[1] in left and names[3] in left
    assert sum(p.stat().st_size for p in _entries(cache_dir)) <= size * 3.5


def test_small_programs_below_min_compile_time_are_not_written(cache_dir):
    jxp.config.update("jax_persistent_cache_min_compile_time_secs", 1e9)
    exe = compiler.compile(MUL_ADD)
    np.testing.assert_array_equal(_run(exe, X, Y)[0], X * Y + 1)
    assert compilation_cache.compilation_cache_stats()["writes"] == 0
    assert not cache_dir.exists() or not _entries(cache_dir)


@pytest.mark.parametrize("flag,value", [
    ("jax_enable_compilation_cache", False),
    ("jax_compilation_cache_max_size", 0),
    ("jax_compilation_cache_dir", None),
])
def test_cache_off(cache_dir, flag, value):
    jxp.config.update(flag, value)
    assert compilation_cache.compilation_cache_stats() is None
    exe = compiler.compile(MUL_ADD)
    np.testing.assert_array_equal(_run(exe, X, Y)[0], X * Y + 1)
    assert not cache_dir.exists()


@pytest.mark.parametrize("flag,value", [
    ("jax_compilation_cache_dir", 3),
    ("jax_compilation_cache_max_size", "5"),
    ("jax_compilation_cache_max_size", 2.5),
    ("jax_persistent_cache_min_compile_time_secs", []),
    ("jax_persistent_cache_min_compile_time_secs", "1"),
])
def test_bad_flag_values_raise_as_in_jax(flag, value):
    with pytest.raises(ValueError):
        jax.config.update(flag, value)
    with pytest.raises(ValueError):
        jxp.config.update(flag, value)


# ---------------------------------------------------------------------------
# compile(text, in_avals, out_avals)
# ---------------------------------------------------------------------------

def test_compile_with_known_signature():
    exe = compiler.compile(MUL_ADD, *MUL_ADD_AVALS)
    assert (exe.in_avals, exe.out_avals) == MUL_ADD_AVALS
    np.testing.assert_array_equal(_run(exe, X, Y)[0], X * Y + 1)
    # Lists and dtype names are accepted too.
    exe = compiler.compile(MUL_ADD, in_avals=[([2, 3], "float32")] * 2,
                          out_avals=[([2, 3], "float32")])
    assert (exe.in_avals, exe.out_avals) == MUL_ADD_AVALS


def test_signature_read_from_the_compiled_program():
    text = """
func.func @main(%a: tensor<3xi32>, %b: tensor<ui8>) -> (tensor<3xi1>, tensor<ui8>, tensor<0x2xbf16>) {
  %0 = stablehlo.compare LT, %a, %a : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
  %1 = stablehlo.constant dense<> : tensor<0x2xbf16>
  return %0, %b, %1 : tensor<3xi1>, tensor<ui8>, tensor<0x2xbf16>
}"""
    exe = compiler.compile(text)
    import ml_dtypes
    assert exe.in_avals == [((3,), np.dtype(np.int32)),
                            ((), np.dtype(np.uint8))]
    assert exe.out_avals == [((3,), np.dtype(np.bool_)),
                             ((), np.dtype(np.uint8)),
                             ((0, 2), np.dtype(ml_dtypes.bfloat16))]
    empty = compiler.compile("""
func.func @main() -> () {
  return
}""")
    assert (empty.in_avals, empty.out_avals) == ([], [])
    assert empty.execute([]) == []


def test_known_signature_checked_when_written(cache_dir):
    wrong = ([((2, 3), np.dtype(np.float32))] * 2,
             [((2, 3), np.dtype(np.int32))])
    with pytest.raises(ValueError, match="signature"):
        compiler.compile(MUL_ADD, *wrong)
    assert not cache_dir.exists() or not _entries(cache_dir)


def test_compile_signature_arguments_both_or_neither():
    with pytest.raises(TypeError):
        compiler.compile(MUL_ADD, in_avals=MUL_ADD_AVALS[0])
    with pytest.raises(TypeError):
        compiler.compile(MUL_ADD, in_avals=[(2, 3)], out_avals=[])


def test_invalid_text_raises_value_error_with_known_signature():
    # With the signature given, nothing parses the text before PJRT: its
    # rejection must still come out as ValueError with MLIR's diagnostics.
    bad = MUL_ADD.replace("stablehlo.add", "stablehlo.frobnicate")
    with pytest.raises(ValueError, match="stablehlo.frobnicate"):
        compiler.compile(bad, *MUL_ADD_AVALS)
    typo = MUL_ADD.replace("tensor<2x3xf32>) -> ()", "tensor<2x3xi32>) -> ()")
    with pytest.raises(ValueError):
        compiler.compile(typo, *MUL_ADD_AVALS)
