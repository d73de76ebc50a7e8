"""The seed tutorial's mention of jax.vmap ("turns a function of one input
into one that accepts a batch of inputs"), with the cells that usually go
with it, as a user would write them with `import jxp as jax`: vmap(jnp.dot)
over a batch of vectors, in_axes and out_axes (a matrix-vector product over
a batch, a 1-D convolution batched without rewriting it), per-example
gradients with jit(vmap(grad(loss), in_axes=(None, 0, 0))), and one random
draw per key.

Runs with jxp by default; `JXP_EXAMPLE_BACKEND=jax` runs the same code with
JAX, and test/python/meta/test_examples.py checks both print the same. The
MLP's parameters and data come from NumPy's generator (not jax.random) so
that both backends see the same numbers.
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


def rounded(x, decimals=4):
    """Printed values that do not depend on the last bits of a float32."""
    return np.round(np.asarray(x, dtype=np.float64), decimals) + 0.0


section("vmap(jnp.dot) over a batch of vectors")
xs = jnp.arange(12.0).reshape(4, 3)
ys = jnp.ones((4, 3))
batched_dot = jax.vmap(jnp.dot)
print(batched_dot(xs, ys))
# The same as looping over the batch by hand, in one batched program.
print(jnp.stack([jnp.dot(x, y) for x, y in zip(xs, ys)]))
print(jax.jit(batched_dot)(xs, ys))

section("in_axes and out_axes")
M = jnp.arange(6.0).reshape(2, 3)
# The matrix is shared (None), the vectors are a batch along axis 0.
batched_mv = jax.vmap(jnp.dot, in_axes=(None, 0))
print(batched_mv(M, xs))
print(batched_mv(M, xs).shape)
# The batch along axis 1 of the input, and of the output.
print(jax.vmap(jnp.dot, in_axes=(None, 1), out_axes=1)(M, xs.T))
print(jax.vmap(jnp.dot, in_axes=(None, 1), out_axes=1)(M, xs.T).shape)


def convolve(x, w):
    output = []
    for i in range(1, len(x) - 1):
        output.append(jnp.dot(x[i - 1:i + 2], w))
    return jnp.array(output)


x = jnp.arange(5.0)
w = jnp.array([2.0, 3.0, 4.0])
print(convolve(x, w))
xs = jnp.stack([x, x + 1])
ws = jnp.stack([w, w * 0.5])
print(jax.vmap(convolve)(xs, ws))
print(jax.vmap(convolve, in_axes=[0, None])(xs, w))
print(jax.vmap(convolve, in_axes=1, out_axes=1)(xs.T, ws.T))
print(jax.vmap(jax.vmap(jnp.multiply, in_axes=(0, None)),
               in_axes=(None, 0))(jnp.arange(3), jnp.arange(4)))

section("per-example gradients")
dims = [5, 8, 1]
params = {"W1": jnp.asarray(rng.standard_normal((dims[0], dims[1]))
                            .astype(np.float32) / np.sqrt(dims[0])),
          "W2": jnp.asarray(rng.standard_normal((dims[1], dims[2]))
                            .astype(np.float32) / np.sqrt(dims[1])),
          "b1": jnp.zeros(dims[1]),
          "b2": jnp.zeros(dims[2])}
inputs = jnp.asarray(rng.standard_normal((16, dims[0])).astype(np.float32))
targets = jnp.asarray(rng.standard_normal((16, 1)).astype(np.float32))


def predict(params, x):
    h = jax.nn.relu(x @ params["W1"] + params["b1"])
    return h @ params["W2"] + params["b2"]


def loss(params, x, y):
    return jnp.sum((predict(params, x) - y) ** 2)


per_example_grads = jax.jit(jax.vmap(jax.grad(loss), in_axes=(None, 0, 0)))
grads = per_example_grads(params, inputs, targets)
print(jax.tree_util.tree_map(lambda g: g.shape, grads))
print(rounded(grads["b2"][:4, 0]))
print(rounded(grads["W2"][0, :4, 0]))
# Their mean is the gradient of the mean loss.
mean_grads = jax.grad(lambda p, xs, ys: jnp.mean(
    jax.vmap(loss, in_axes=(None, 0, 0))(p, xs, ys)))(params, inputs, targets)
print(jax.tree_util.tree_all(jax.tree_util.tree_map(
    lambda g, m: bool(jnp.allclose(g.mean(axis=0), m, atol=1e-5)),
    grads, mean_grads)))
# Per-example gradient norms (as for clipping in differentially private SGD).
norms = jnp.sqrt(sum(jnp.sum(g.reshape(16, -1) ** 2, axis=1)
                     for g in jax.tree_util.tree_leaves(grads)))
print(rounded(norms[:4], 3))

section("vmap over random keys")
key = jax.random.PRNGKey(0)
keys = jax.random.split(key, 3)
print(keys)
print(jax.vmap(jax.random.normal)(keys))
print(jax.vmap(lambda k: jax.random.uniform(k, (2,)))(keys))
print(jax.vmap(lambda k: jax.random.randint(k, (4,), 0, 10))(keys))
# Each key gives what it gives alone.
print(jax.random.normal(keys[1]) == jax.vmap(jax.random.normal)(keys)[1])
