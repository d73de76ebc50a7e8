"""The persistent executable cache (JAX's jax_compilation_cache_dir):
serialized executables in a directory shared by processes, keyed by the
compiler's location-free fingerprint of a program and everything else the
compiled code depends on.

jaxlib's ``LoadedExecutable.serialize`` and ``Client.deserialize_executable``
are what JAX's compilation cache uses too. The compiler (compiler.py) looks
programs up here and writes them (``active_cache``); jxp.config configures
the cache (``set_compilation_cache``).
"""

import os
import time

import numpy as np
from jaxlib import _jax

from . import xla_bridge
from .avals import MLIR_DTYPES

# One file per executable, named by the key:
#   _ENTRY_MAGIC, 4-byte little-endian header length, a JSON header (the key,
#   the signature, the payload's SHA-256), the payload (PJRT's serialized
#   executable).
# Files are written to a temporary name and renamed into place, so readers
# (other threads, processes, xdist workers) see whole entries or none.
# The checksum guards the deserializer, which trusts its input, against
# damaged files; entries failing any check are ignored (and recompiled).
_ENTRY_MAGIC = b"jxp-xla-cache-1\n"
_ENTRY_SUFFIX = ".jxpexe"
_TMP_PREFIX = ".tmp-"


def _dtype_from_name(name):
    for dtype in MLIR_DTYPES.values():
        if dtype.name == name:
            return dtype
    return np.dtype(name)


def _host_fingerprint():
    """What an executable compiled for this CPU depends on besides PJRT's
    version: the machine and its instruction-set extensions."""
    import platform
    parts = [platform.machine()]
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith(("flags", "Features")):
                    parts.append(line.split(":", 1)[1].strip())
                    break
    except OSError:
        parts.append(platform.processor())
    return "\n".join(parts)


class _DiskCache:
    """An LRU directory of serialized executables, shared by processes."""

    def __init__(self, path, max_size, min_compile_time):
        self.path = os.fspath(path)
        self.max_size = max_size  # bytes; -1: unbounded
        self.min_compile_time = min_compile_time
        self._prefix = None
        # Counts since this configuration was set (approximate under
        # threads): lookups found, lookups not found or unusable, writes.
        self.hits = self.misses = self.writes = 0
        # This process's estimate of the directory's size (None: unknown);
        # other processes' writes show up at the next scan.
        self._size = None
        self._writes_since_scan = 0

    def _key_prefix(self, default_options):
        # Everything besides the text the compiled code depends on.
        if self._prefix is None:
            import hashlib
            from jaxlib import version as _jaxlib_version
            c = xla_bridge.client()
            h = hashlib.sha256()
            for part in (_ENTRY_MAGIC, _jaxlib_version.__version__,
                         c.platform, c.platform_version,
                         default_options.SerializeAsString(),
                         os.environ.get("XLA_FLAGS", ""),
                         _host_fingerprint()):
                part = part if isinstance(part, bytes) else str(part).encode()
                h.update(len(part).to_bytes(8, "little"))
                h.update(part)
            self._prefix = h.digest()
        return self._prefix

    def key(self, fingerprint: str, options, default_options) -> str:
        """The entry's name: a hash of the program's fingerprint (the
        compiler's, which leaves out locations as JAX's key leaves out debug
        info: a program moved to another line or file compiles to the same
        code), of ``_key_prefix`` and of the compile options when they are
        not the default device's, `default_options` (the number of
        partitions and the device assignment: programs for other devices
        are other executables)."""
        import hashlib
        h = hashlib.sha256(self._key_prefix(default_options))
        if options is not default_options:
            part = options.SerializeAsString()
            h.update(b"options" + len(part).to_bytes(8, "little") + part)
        h.update(fingerprint.encode("utf-8"))
        return h.hexdigest()

    def _file(self, key):
        return os.path.join(self.path, key + _ENTRY_SUFFIX)

    def get(self, key, c, options, device_list):
        """(loaded executable, in_avals, out_avals) of an executable for
        `device_list`, or None on a miss or an unusable entry."""
        import hashlib
        import json
        path = self._file(key)
        self.misses += 1
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError:
            return None
        try:
            if not data.startswith(_ENTRY_MAGIC):
                return None
            pos = len(_ENTRY_MAGIC)
            hlen = int.from_bytes(data[pos:pos + 4], "little")
            header = json.loads(data[pos + 4:pos + 4 + hlen])
            payload = data[pos + 4 + hlen:]
            if (header["key"] != key or header["sha256"] !=
                    hashlib.sha256(payload).hexdigest()):
                return None
            in_avals = [(tuple(s), _dtype_from_name(d))
                        for s, d in header["in"]]
            out_avals = [(tuple(s), _dtype_from_name(d))
                         for s, d in header["out"]]
        except (ValueError, KeyError, TypeError, IndexError):
            return None
        try:
            loaded = c.deserialize_executable(payload, device_list, options)
        except _jax.JaxRuntimeError:
            return None
        if self.max_size > 0:
            try:  # the file's mtime is its last use, for LRU eviction
                os.utime(path)
            except OSError:
                pass
        self.misses -= 1
        self.hits += 1
        return loaded, in_avals, out_avals

    def put(self, key, loaded, in_avals, out_avals):
        """Writes an entry; failures (disk full, read-only directory) only
        lose the entry."""
        import hashlib
        import json
        import tempfile
        try:
            payload = loaded.serialize()
        except _jax.JaxRuntimeError:
            return
        header = json.dumps({
            "key": key,
            "sha256": hashlib.sha256(payload).hexdigest(),
            "in": [[list(s), d.name] for s, d in in_avals],
            "out": [[list(s), d.name] for s, d in out_avals],
        }).encode()
        data = b"".join([_ENTRY_MAGIC, len(header).to_bytes(4, "little"),
                         header, payload])
        if self.max_size > 0 and len(data) > self.max_size:
            return
        tmp = None
        try:
            os.makedirs(self.path, exist_ok=True)
            if self.max_size > 0:
                self._bound(len(data))
            fd, tmp = tempfile.mkstemp(prefix=_TMP_PREFIX, dir=self.path)
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, self._file(key))
            tmp = None
            self.writes += 1
        except OSError:
            pass
        finally:
            if tmp is not None:
                try:
                    os.unlink(tmp)
                except OSError:
                    pass

    # Rescan the directory after this many writes even when the estimate
    # fits: other processes write to it too.
    _SCAN_EVERY = 64

    def _bound(self, incoming):
        """Keeps the directory within ``max_size`` with ``incoming`` more
        bytes, scanning it only when the running estimate says it may be
        full (or every _SCAN_EVERY writes), not at every write."""
        self._writes_since_scan += 1
        if (self._size is None or self._size + incoming > self.max_size
                or self._writes_since_scan >= self._SCAN_EVERY):
            self._size = self._evict(incoming)
            self._writes_since_scan = 0
        self._size += incoming

    def _evict(self, incoming):
        """Deletes least recently used entries if ``incoming`` more bytes
        do not fit in ``max_size``, down to 90% of it so that the next
        writes need no scan; returns the size left.  Concurrent evictors may
        delete the same file; whoever loses the race just moves on."""
        entries = []
        total = 0
        now = time.time()
        with os.scandir(self.path) as it:
            for e in it:
                try:
                    st = e.stat()
                except OSError:
                    continue
                if e.name.endswith(_ENTRY_SUFFIX):
                    entries.append((st.st_mtime, e.path, st.st_size))
                    total += st.st_size
                elif e.name.startswith(_TMP_PREFIX) and \
                        now - st.st_mtime > 3600:
                    try:  # left behind by a killed writer
                        os.unlink(e.path)
                    except OSError:
                        pass
        if total + incoming <= self.max_size:
            return total
        target = self.max_size * 0.9
        entries.sort()
        for _, path, size in entries:
            try:
                os.unlink(path)
            except OSError:
                continue
            total -= size
            if total + incoming <= target:
                break
        return total


_cache = None  # the _DiskCache in use, or None


def set_compilation_cache(path, max_size=-1, min_compile_time=1.0):
    """Configures the persistent executable cache (jxp.config's
    ``jax_compilation_cache_dir``, ``jax_compilation_cache_max_size``,
    ``jax_persistent_cache_min_compile_time_secs`` call this).

    ``path`` None or empty: no cache.  ``max_size``: bytes, least recently
    used entries are evicted beyond it; -1 unbounded; 0 disables the cache
    (JAX's semantics).  Programs compiling faster than ``min_compile_time``
    seconds are not written.  The directory is created on the first write.
    """
    global _cache
    max_size = int(max_size)
    if not path or max_size == 0:
        _cache = None
    else:
        _cache = _DiskCache(path, max_size, float(min_compile_time))


def compilation_cache_dir():
    """The directory of the persistent executable cache, or None."""
    cache = _cache
    return None if cache is None else cache.path


def compilation_cache_stats():
    """{"hits", "misses", "writes"} of the persistent cache since it was
    last configured, or None when there is no cache."""
    cache = _cache
    if cache is None:
        return None
    return {"hits": cache.hits, "misses": cache.misses,
            "writes": cache.writes}


def active_cache():
    """The _DiskCache in use, or None."""
    return _cache
