"""jxp.Array: jaxlib's own device array (`ArrayImpl`) with jxp's methods.

jxp's arrays are the C++ arrays jaxlib makes (from transfers and from
executions' result handlers), with a jxp `ShapedArray` as their aval:
jaxlib's jit fast path (dispatch.py, stages.py) takes them and makes them
without calling Python. Like JAX, jxp gives them their Python methods by
setting attributes on the C++ class.

JAX does the same to the same class when it is imported, and tests import
both. So every attribute both libraries set is installed as a `_Shared`
descriptor that picks by the array's aval: jxp's ShapedArray -> jxp's
attribute, anything else -> the other library's. JAX's import is watched
(`_JaxWatcher`) and whatever it sets is merged at once; with JAX absent the
class holds jxp's attributes directly, with no indirection.
"""

import importlib.abc
import sys
import threading

import numpy as np
from jaxlib import _jax

from . import dtypes, sharding_impl, transfer
from .avals import ShapedArray

ArrayImpl = _jax.ArrayImpl


class _ArrayMeta(type):
    def __instancecheck__(cls, x):
        return is_array(x)

    def __subclasscheck__(cls, sub):
        return sub is ArrayImpl or type.__subclasscheck__(cls, sub)


class Array(metaclass=_ArrayMeta):
    """The type of jxp's arrays (`jxp.Array`, `jxp.numpy.ndarray`): an
    immutable array on a device. Instances are jaxlib ArrayImpls whose aval
    is a jxp ShapedArray; make them with jxp.numpy or `jxp.device_put`."""

    def __new__(cls, *args, **kwargs):
        raise TypeError("jxp.Array cannot be instantiated directly; use "
                        "jxp.numpy.asarray or jxp.device_put")


def is_array(x):
    """Whether `x` is one of jxp's arrays (the fast form of isinstance)."""
    return type(x) is ArrayImpl and type(x.aval) is ShapedArray


def is_foreign_array(x):
    """Whether `x` is a jaxlib array made by another library (JAX)."""
    return type(x) is ArrayImpl and type(x.aval) is not ShapedArray


def from_buffer(buf, aval):
    """`buf` (a jxp array) seen with `aval` (same shape and dtype, e.g. a
    new weak type): the same device buffer, no copy."""
    if buf.aval is aval:
        return buf
    out = buf._rewrap_with_aval_and_sharding(aval, buf._sharding)
    out._jxp_base = base_of(buf)
    return out


def base_of(x):
    """The array whose buffer `x` views (itself unless from_buffer made
    it)."""
    return x.__dict__.get("_jxp_base", x)


def from_numpy(x, weak_type=False):
    """A device Array holding numpy array `x` (dtype already canonical)."""
    return transfer.device_put(x, weak_type)


# ---------------------------------------------------------------------------
# jxp's attributes of ArrayImpl
# ---------------------------------------------------------------------------


def _value(self):
    """The host copy of the array (numpy, read-only), made once."""
    v = self._npy_value
    if v is None:
        if self.is_deleted():
            a = self.aval
            dims = ",".join(map(str, a.shape))
            raise RuntimeError(f"Array has been deleted with shape="
                               f"{a.dtype.name}[{dims}].")
        v = transfer.to_numpy(self)
        self._npy_value = v
    return v


def _array(self, dtype=None, copy=None):
    v = _value(self)
    if dtype is not None and np.dtype(dtype) != v.dtype:
        return v.astype(dtype)
    return v.copy() if copy else v


def _repr(self):
    prefix = "Array("
    dtype_str = f"dtype={self.dtype.name}"
    if self.aval.weak_type:
        dtype_str += ", weak_type=True"
    line_width = np.get_printoptions()["linewidth"]
    if self.size == 0:
        s = f"[], shape={self.shape}"
    else:
        s = np.array2string(_value(self), prefix=prefix, suffix=",",
                            separator=", ", max_line_width=line_width)
    last_line_len = len(s) - s.rfind("\n") + 1
    sep = " "
    if last_line_len + len(dtype_str) + 2 > line_width:
        sep = " " * len(prefix)
    return f"{prefix}{s},{sep}{dtype_str})"


def _format(self, spec):
    if self.ndim == 0:
        return format(_value(self)[()], spec)
    return format(_value(self), spec)


def _index(self):
    if not np.issubdtype(self.dtype, np.integer):
        raise TypeError(f"only integer arrays can be used as an index, "
                        f"got dtype {self.dtype}")
    return int(_value(self))


def _len(self):
    if not self.aval.shape:
        raise TypeError("len() of unsized object")
    return self.aval.shape[0]


def _iter(self):
    if not self.aval.shape:
        raise TypeError("iteration over a 0-d array")
    return (self[i] for i in range(self.aval.shape[0]))


def _hash(self):
    raise TypeError("unhashable type: 'jxp.Array'")


class Shard:
    """One device's piece of an array (JAX's Shard): `device`, `index`
    (the slices of the whole array it holds), `replica_id` (which copy of
    that piece, counting devices in order) and `data` (the piece, an array
    on that device)."""

    __slots__ = ("device", "index", "replica_id", "_data", "_make")

    def __init__(self, device, index, replica_id, make):
        self.device = device
        self.index = index
        self.replica_id = replica_id
        self._data = None
        self._make = make

    @property
    def data(self):
        if self._data is None:
            self._data = self._make()
            self._make = None
        return self._data

    def __repr__(self):
        return (f"Shard(device={self.device!r}, index={self.index}, "
                f"replica_id={self.replica_id}, data={self.data})")


def _addressable_shards(self):
    return [Shard(d, index, rid, make) for d, index, rid, make in
            transfer.addressable_shards(self)]


def _device(self):
    """The array's device if it lives on one, else its sharding (JAX's
    Array.device)."""
    s = self._sharding
    devices = sharding_impl.devices_of(s)
    return devices[0] if len(devices) == 1 else s


def _unpickle(x):
    """A pickled Array: its host value back on the device, with the dtype
    canonical under the current x64 setting (as device_put gives)."""
    return from_numpy(np.asarray(x, dtype=dtypes.canonicalize(x.dtype)))


# What arrays and tracers (core.ArrayBase) both read from their aval.
AVAL_VIEWS = {
    "shape": property(lambda self: self.aval.shape),
    "dtype": property(lambda self: self.aval.dtype),
    "ndim": property(lambda self: self.aval.ndim),
    "size": property(lambda self: self.aval.size),
    "weak_type": property(lambda self: self.aval.weak_type),
    "__len__": _len,
    "__iter__": _iter,
}

_METHODS = {
    **AVAL_VIEWS,
    "nbytes": property(lambda self: self.aval.size * self.aval.dtype.itemsize),
    "_value": property(_value),
    "__array__": _array,
    "__array_priority__": 100,
    "__repr__": _repr,
    "__str__": lambda self: str(_value(self)),
    "__format__": _format,
    "__hash__": _hash,
    "__bool__": lambda self: bool(_value(self)),
    "__int__": lambda self: int(_value(self)),
    "__float__": lambda self: float(_value(self)),
    "__complex__": lambda self: complex(_value(self)),
    "__index__": _index,
    "__reduce__": lambda self: (_unpickle, (_value(self),)),
    "__copy__": lambda self: self,   # immutable: copies are the array
    "__deepcopy__": lambda self, memo=None: self,
    "item": lambda self, *args: _value(self).item(*args),
    "tolist": lambda self: _value(self).tolist(),
    "copy_to_host_async": lambda self: None,
    "sharding": property(lambda self: self._sharding),
    "devices": lambda self: set(sharding_impl.devices_of(self._sharding)),
    "device": property(_device),
    "committed": property(lambda self: self._committed),
    "addressable_shards": property(_addressable_shards),
    "global_shards": property(_addressable_shards),
    "addressable_data": lambda self, i: _addressable_shards(self)[i].data,
    "is_fully_replicated": property(
        lambda self: sharding_impl.is_fully_replicated(self._sharding,
                                                       self.aval.ndim)),
    "is_fully_addressable": property(lambda self: True),
}


# ---------------------------------------------------------------------------
# Sharing ArrayImpl with JAX
# ---------------------------------------------------------------------------

_MISSING = object()


# The kinds of attributes jaxlib's C++ (nanobind) defines on ArrayImpl;
# its properties wrap C++ getters of these kinds too.
_CPP_KINDS = frozenset({"nb_method", "nb_func", "builtin_function_or_method",
                        "wrapper_descriptor", "getset_descriptor",
                        "method_descriptor", "member_descriptor"})


def _defined_in_cpp(value):
    """Whether a class attribute is jaxlib's own (not set from Python by
    jxp or JAX)."""
    if isinstance(value, property):
        value = value.fget
    return type(value).__name__ in _CPP_KINDS


_ours = {}       # name -> jxp's attribute
_theirs = {}     # name -> another library's attribute
_installed = {}  # name -> what jxp put in ArrayImpl.__dict__
_lock = threading.RLock()


class _Shared:
    """An attribute of ArrayImpl that jxp and another library both set:
    jxp's for arrays with a jxp aval, the other one's for the rest."""

    __slots__ = ("name", "ours", "theirs")

    def __init__(self, name, ours, theirs):
        self.name, self.ours, self.theirs = name, ours, theirs

    def _pick(self, obj):
        try:
            ours = type(obj.aval) is ShapedArray
        except TypeError:  # JAX's ArrayImpl.__init__, before its aval
            ours = False
        d = self.ours if ours else self.theirs
        if d is _MISSING:
            raise AttributeError(f"'{type(obj).__name__}' object has no "
                                 f"attribute '{self.name}'")
        return d

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        d = self._pick(obj)
        get = getattr(type(d), "__get__", None)
        return d if get is None else get(d, obj, objtype)

    def __set__(self, obj, value):
        d = self._pick(obj)
        set_ = getattr(type(d), "__set__", None)
        if set_ is None:
            raise AttributeError(f"attribute '{self.name}' of "
                                 f"'{type(obj).__name__}' is read-only")
        set_(d, obj, value)

    def __call__(self, obj, *args, **kwargs):
        # Protocols that fetch the attribute from the class and pass the
        # object (copy.copy's __copy__, numpy's lookups).
        return self.__get__(obj, type(obj))(*args, **kwargs)


# jaxlib's own attributes (never replaced) and class machinery.
_NATIVE = frozenset(
    name for name, value in ArrayImpl.__dict__.items()
    if _defined_in_cpp(value)) | {
    "__weakref__", "__annotations__", "__module__", "__doc__", "__dict__",
    "__init__", "__new__", "__qualname__", "__slots__"}


def _put(name):
    ours = _ours.get(name, _MISSING)
    theirs = _theirs.get(name, _MISSING)
    if theirs is _MISSING:
        value = ours
    elif theirs is None and name == "__hash__":
        value = _Shared(name, ours, _hash)
    elif (ours is not _MISSING and not hasattr(type(ours), "__get__")
          and not callable(ours) and ours == theirs):
        value = ours  # the same plain value (__array_priority__)
    else:
        value = _Shared(name, ours, theirs)
    setattr(ArrayImpl, name, value)
    _installed[name] = value


def install(methods):
    """Sets jxp's attributes of its arrays (name -> function, property or
    value), alongside any other library's."""
    with _lock:
        for name, value in methods.items():
            if name in _NATIVE:
                raise ValueError(f"{name} is jaxlib's own ArrayImpl "
                                 f"attribute")
            _ours[name] = value
            _put(name)


def _sync():
    """Merges what another library set on ArrayImpl since the last call."""
    with _lock:
        for name, value in list(ArrayImpl.__dict__.items()):
            if name in _NATIVE or _installed.get(name, _MISSING) is value:
                continue
            _theirs[name] = value
            _put(name)


class _AfterImport:
    """A module loader that runs `_sync` after the module it wraps."""

    def __init__(self, loader):
        self._loader = loader

    def create_module(self, spec):
        return self._loader.create_module(spec)

    def exec_module(self, module):
        try:
            self._loader.exec_module(module)
        finally:
            _sync()

    def __getattr__(self, name):
        return getattr(self._loader, name)


class _JaxWatcher(importlib.abc.MetaPathFinder):
    """Finds nothing itself: wraps the loaders of `jax` and its modules so
    that ArrayImpl is merged as soon as JAX has set its attributes."""

    is_jxp_watcher = True
    _busy = threading.local()

    def find_spec(self, name, path, target=None):
        if name != "jax" and not name.startswith("jax.") or getattr(
                self._busy, "on", False):
            return None
        self._busy.on = True  # other finders may import in turn
        try:
            for finder in sys.meta_path:
                if getattr(finder, "is_jxp_watcher", False) or not hasattr(
                        finder, "find_spec"):
                    continue
                spec = finder.find_spec(name, path, target)
                if spec is not None:
                    if spec.loader is not None and hasattr(spec.loader,
                                                           "exec_module"):
                        spec.loader = _AfterImport(spec.loader)
                    return spec
            return None
        finally:
            self._busy.on = False


install(_METHODS)
_sync()  # JAX imported before jxp
if not any(getattr(f, "is_jxp_watcher", False) for f in sys.meta_path):
    sys.meta_path.insert(0, _JaxWatcher())
