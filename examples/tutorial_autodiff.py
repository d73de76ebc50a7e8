"""The seed tutorial's section on automatic differentiation (grad,
value_and_grad, higher derivatives, gradients of a parameter pytree, has_aux),
plus a line each of jvp, vjp, jacfwd, jacrev and hessian, as a user would
write them with `import jxp as jax`.

Runs with jxp by default; `JXP_EXAMPLE_BACKEND=jax` runs the same code with
JAX, and test/python/meta/test_examples.py checks both print the same. The
MLP's parameters come from NumPy's generator (not jax.random) so that both
backends see the same numbers.
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


section("grad and value_and_grad")


def fn(x):
    return 2 * x  # derivative is 2 everywhere


print(fn(5.))
print(jax.grad(fn)(5.))
print(jax.value_and_grad(fn)(5.))

section("higher derivatives")


def fn(x):
    return 2 * x**3


x = 1.0
grad_fn = jax.grad(fn)
grad_grad_fn = jax.grad(grad_fn)
print(f"d0x: {fn(x)}, d1x: {grad_fn(x)}, d2x: {grad_grad_fn(x)}")
print(jax.grad(grad_grad_fn)(x))
print(jax.jit(grad_grad_fn)(x))

section("gradients of a parameter pytree")
dims = [784, 64, 10]
params = [
    {"W": jnp.asarray((rng.standard_normal((out_dim, in_dim))
                       / np.sqrt(in_dim)).astype(np.float32)),
     "b": jnp.zeros((out_dim,))}
    for in_dim, out_dim in zip(dims[:-1], dims[1:])
]


@jax.jit
def feed_forward(params, x):
    for p in params:
        x = jax.nn.tanh(p["W"] @ x + p["b"])
    return x


def dummy_loss_fn(params, x):
    y = feed_forward(params, x)
    return y.sum()


grad_loss_fn = jax.grad(dummy_loss_fn)
x = jnp.asarray(rng.standard_normal(dims[0]).astype(np.float32))
grads = grad_loss_fn(params, x)
print(jax.tree_util.tree_structure(grads)
      == jax.tree_util.tree_structure(params))
print(jax.tree_util.tree_map(lambda l: str(l.shape), grads))
print(type(grads).__name__, [sorted(g) for g in grads])
print(rounded(grads[1]["b"]))
print(f"{float(jnp.sum(grads[0]['W'] ** 2)):.4g}")
print(rounded(jax.jit(grad_loss_fn)(params, x)[1]["b"]))

grads = grad_loss_fn(params, jnp.zeros(dims[0]))
print(float(jnp.abs(grads[0]["W"]).sum()), rounded(grads[1]["b"]))


def dummy_loss_fn(params, x):
    y = feed_forward(params, x)
    return y.sum(), y


grad_loss_fn = jax.value_and_grad(dummy_loss_fn, has_aux=True)
values, grads = grad_loss_fn(params, jnp.zeros(dims[0]))
print(values)
print(jax.tree_util.tree_structure(grads)
      == jax.tree_util.tree_structure(params))
(loss, y), grads = grad_loss_fn(params, x)
print(rounded(loss), rounded(y, 3))
print(rounded(grads[0]["b"][:5]))

section("jvp, vjp, jacfwd, jacrev, hessian")
v = jnp.arange(3.0)
print(jax.jvp(jnp.sin, (1.0,), (1.0,)))
y, f_vjp = jax.vjp(lambda x: x ** 2, v)
print(y, f_vjp(jnp.ones(3)))
print(jax.jacfwd(lambda x: x ** 2)(v))
print(rounded(jax.jacrev(lambda x: jnp.sin(x) * x[::-1])(v)))
print(jax.hessian(lambda x: jnp.sum(x ** 3))(v))
print(jax.grad(lambda x: x * jax.lax.stop_gradient(x))(3.0))
