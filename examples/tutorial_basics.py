"""The seed tutorial's sections on NumPy basics, jit, static shapes, purity
and pytrees, as a user would write them with `import jxp as jax`.

Runs with jxp by default; `JXP_EXAMPLE_BACKEND=jax` runs the same code with
JAX, and test/python/meta/test_examples.py checks both print the same. The
random parts use NumPy's generator until jxp.random lands; control flow
(lax.cond, fori_loop) comes with its own issue.
"""

import os

import numpy as np

if os.environ.get("JXP_EXAMPLE_BACKEND") == "jax":
    import jax
    import jax.numpy as jnp
else:
    import jxp as jax
    import jxp.numpy as jnp

rng = np.random.default_rng(0)


def section(title):
    print(f"\n== {title}")


section("NumPy basics")
L = [0, 1, 2, 3]
x_np = np.array(L, dtype=np.int32)
x_jnp = jnp.array(L, dtype=jnp.int32)
print(repr(x_np), repr(x_jnp))
x1 = x_jnp * 2
x2 = x_jnp + 1
x3 = x1 + x2
print(repr(x1), repr(x2), repr(x3))
print(repr(jnp.dot(x1, x2)))
print(repr(jnp.outer(x1, x2)))
try:
    x1[0] = 5
except TypeError as e:
    print("TypeError:", ".at[" in str(e))
x1_p999 = x1.at[0].add(999)
print(repr(x1), repr(x1_p999))
print(repr(x1[0]), repr(x1[-1]), repr(x1[10000]))
x1 = x1.at[10000].set(999)
print(repr(x1))
try:
    jnp.sum([1, 2, 3])
except TypeError:
    print("TypeError for a list argument")

section("jit")


def fn(W, b, x):
    return x @ W + b


W = jnp.asarray(rng.integers(-3, 3, size=(4, 2)).astype(np.float32))
b = jnp.asarray(rng.integers(-3, 3, size=(2,)).astype(np.float32))
x = jnp.asarray(rng.integers(-3, 3, size=(4,)).astype(np.float32))
print(fn(W, b, x), jax.jit(fn)(W, b, x))


def stupid_fn(x):
    y = jnp.copy(x)
    for _ in range(1000):
        x = x * x
    return y


print(jax.jit(stupid_fn)(x))
print("multiply" in jax.jit(stupid_fn).lower(x).compile().as_text())

section("static shapes")


def create_filled(val, length):
    return jnp.full((length,), val)


print(create_filled(1.0, 5))
print(create_filled(2, 2))
try:
    jax.jit(create_filled)(2, 5)
except TypeError as e:
    print("TypeError:", "static_argnums" in str(e))
jit_create_filled = jax.jit(create_filled, static_argnums=(1,))
print(jit_create_filled(2, 5))
print(jit_create_filled(1.0, 10))


def mask_tensor(x, mask):
    x = x.at[mask].set(-100.0)
    return x


x = jnp.asarray(rng.integers(-5, 5, size=(4, 4)).astype(np.float32))
mask = jnp.asarray(rng.uniform(size=(4, 4)) < 0.5)
print(mask_tensor(x, mask))
try:
    jax.jit(mask_tensor)(x, mask)
except IndexError as e:
    print(type(e).__name__)


def mask_tensor(x, mask):
    x = ~mask * x - mask * 100.0
    return x


print(mask_tensor(x, mask))
print(jax.jit(mask_tensor)(x, mask))

section("purity")
shift = -1.0
x1 = jnp.array([0, 1, 2])
x2 = jnp.array([0, -1, 0])
x3 = jnp.array([0, 1, 2, 3])


def fn(x):
    return x + shift


print(fn(x1))
shift = 1.0
print(fn(x2))
print(fn(x3))
shift = -1.0
jit_fn = jax.jit(fn)
print(jit_fn(x1))
shift = 1.0
print(jit_fn(x2))
print(jit_fn(x3))


def fn(x):
    print("called identity function")
    return x


jit_fn = jax.jit(fn)
print("called `jit_fn(0.5)`")
_ = jit_fn(0.5)
print("called `jit_fn(1.0)`")
_ = jit_fn(1.0)
print("called `jit_fn([-1, 1])`")
_ = jit_fn(jnp.array([-1, 1]))

b = jnp.array([1, 2, 3])


def fn(x):
    return x + b


jit_fn = jax.jit(fn)
x = jnp.array([1, 2, 3])
print(jit_fn(x))
b = jnp.array([0, 0, 0])
print(jit_fn(x))

config = dict(relu=False)


@jax.jit
def fn(W, x):
    y = x @ W
    if config["relu"]:
        y = jax.nn.relu(y)
    return y


W, x = jnp.ones((2, 2)), jnp.ones((2,))
print(fn(W, x))

section("pytrees")
dims = [784, 64, 10]
params = [
    {"W": jnp.asarray(rng.integers(-2, 3, size=(out_dim, in_dim)).astype(np.float32) / 64),
     "b": jnp.zeros((out_dim,))}
    for in_dim, out_dim in zip(dims[:-1], dims[1:])
]
print(jax.tree_util.tree_map(lambda l: str(l.shape), params))
print(len(jax.tree_util.tree_leaves(params)))


@jax.jit
def feed_forward(params, x):
    for p in params:
        x = jax.nn.tanh(p["W"] @ x + p["b"])
    return x


x = jnp.asarray(rng.integers(-2, 3, size=(dims[0],)).astype(np.float32))
print(np.round(np.asarray(feed_forward(params, x)), 5))
