"""jxp.config: JAX's flag names, the ones jxp honours.

Flag values that change what a traced program means are part of every
cache key (`trace_key`)."""

from . import runtime


class Config:
    _flags = {
        "jax_enable_x64": False,
        # Default as in JAX 0.10; False reproduces older random numbers.
        "jax_threefry_partitionable": True,
    }

    def __init__(self):
        self._values = dict(self._flags)
        self.trace_key = tuple(sorted(self._values.items()))

    def update(self, name, value):
        if name not in self._values:
            raise AttributeError(f"Unrecognized config option: {name}")
        self._values[name] = value
        self.trace_key = tuple(sorted(self._values.items()))
        if name == "jax_enable_x64":
            runtime.set_x64(bool(value))

    def read(self, name):
        return self._values[name]

    def __getattr__(self, name):
        try:
            return self.__dict__["_values"][name]
        except KeyError:
            raise AttributeError(name) from None


config = Config()
