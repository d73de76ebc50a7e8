"""The main example: the seed tutorial's jit section, run with jxp as jax."""

import time

import numpy as np

import jxp as jax
import jxp.numpy as jnp

rng = np.random.default_rng(0)


def fn(W, b, x):
    return x @ W + b


W = jnp.asarray(rng.normal(size=(4, 2)).astype(np.float32))
b = jnp.asarray(rng.uniform(size=(2,)).astype(np.float32))
x = jnp.asarray(rng.normal(size=(4,)).astype(np.float32))

jit_fn = jax.jit(fn)
print("jit(fn)(W, b, x) =", jit_fn(W, b, x))
print("NumPy reference  =", np.asarray(x) @ np.asarray(W) + np.asarray(b))
print(jax.make_ir(fn)(W, b, x))


def stupid_fn(x):
    y = jnp.copy(x)
    for _ in range(1000):
        x = x * x
    return y


start = time.perf_counter()
print("jit(stupid_fn)(x) =", jax.jit(stupid_fn)(x).block_until_ready(),
      f"(trace + compile {1e3 * (time.perf_counter() - start):.0f} ms)")
print(jax.jit(stupid_fn).lower(x).compile().as_text())

dims = [784, 64, 10]
params = [{"W": jnp.asarray(rng.normal(size=(o, i)).astype(np.float32)),
           "b": jnp.zeros((o,))}
          for i, o in zip(dims[:-1], dims[1:])]
print(jax.tree_util.tree_structure(params),
      jax.tree_util.tree_map(lambda l: str(l.shape), params))


@jax.jit
def feed_forward(params, x):
    for p in params:
        x = jax.nn.tanh(p["W"] @ x + p["b"])
    return x


print("feed_forward:", feed_forward(params, jnp.ones((dims[0],))))


# Autodiff: the gradient of a loss over the parameter pytree, derived by the
# C++ passes (jxp-ad) and compiled with the forward pass.
def loss(params, x, target):
    out = feed_forward(params, x)
    return jnp.sum((out - target) ** 2), out


grad_fn = jax.jit(jax.value_and_grad(loss, has_aux=True))
(value, out), grads = grad_fn(params, jnp.ones((dims[0],)), jnp.zeros((dims[-1],)))
print("loss:", value, "gradient tree:", jax.tree_util.tree_structure(grads))
print("d loss / d b (last layer):", grads[-1]["b"])
