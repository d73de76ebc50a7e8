"""What one thread's tracing needs, below everything that asks whether a
thread is tracing (config refuses x64 changes then; core builds the
program). jaxlib MLIR contexts are not safe to build in from two threads at
once, and the frame stack says what this thread is tracing (another thread
may trace something else meanwhile)."""

import threading


class _TraceState(threading.local):

    def __init__(self):
        self.frames = []
        self.ctx = None
        self.traces = 0
        self.types = {}       # aval -> RankedTensorType of ctx
        self.locations = {}   # (file, line) -> Location of ctx
        self.in_rules = set()  # ids of custom_jvp/vjp functions being traced


state = _TraceState()


def is_tracing():
    """Whether this thread is tracing into a frame."""
    return bool(state.frames)
