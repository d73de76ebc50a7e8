"""The seed tutorial's section on conditions and loops in compiled
functions (lax.fori_loop, lax.while_loop, lax.cond, lax.switch; its Python
condition resolved at trace time is in tutorial_basics.py), plus lax.scan
and Python control flow under an eager grad, derivatives through loops and
branches (and jax.checkpoint), as a user would write them
with `import jxp as jax`.

Runs with jxp by default; `JXP_EXAMPLE_BACKEND=jax` runs the same code with
JAX, and test/python/meta/test_examples.py checks both print the same.
"""

import os

if os.environ.get("JXP_EXAMPLE_BACKEND") == "jax":
    import jax
    import jax.numpy as jnp
else:
    import jxp as jax
    import jxp.numpy as jnp


def section(title):
    print(f"\n== {title}")


section("fori_loop and while_loop")


def less_stupid_fn(x):
    y = jnp.copy(x)
    x = jax.lax.fori_loop(0, 1000, lambda i, x: x * x, x)
    return y


x = jnp.array([1.1, -1.1])
print(jax.jit(less_stupid_fn)(x))
# XLA drops the loop whose result nothing reads: a single copy remains.
hlo = jax.jit(less_stupid_fn).lower(x).compile().as_text()
print("loop compiled away:", "while" not in hlo)


def less_stupid_while(x):
    y = jnp.copy(x)
    x = jax.lax.while_loop(cond_fun=lambda ix: ix[0] < 1000,
                           body_fun=lambda ix: (ix[0] + 1, ix[1] * ix[1]),
                           init_val=(0, x))
    return y


print(jax.jit(less_stupid_while)(x))
print(jax.lax.fori_loop(0, 5, lambda i, acc: acc + i, 0))
print(jax.lax.while_loop(lambda c: c[0] < 10, lambda c: (c[0] + 3, c[1] * 2),
                         (0, 1.5)))

section("cond and switch")


@jax.jit
def cond_fn(x):
    pred = jnp.abs(x.max() - x.min()) <= 1.0
    return jax.lax.cond(pred, lambda x: x, lambda x: x / 2, x)


print(cond_fn(jnp.array([0.1, 0.2])))
print(cond_fn(jnp.array([-0.5, 0.5])))
print(cond_fn(jnp.array([1.0, -1.0])))


@jax.jit
def is_even_fast(x):
    return jax.lax.switch(x, [lambda: True, lambda: False] * 6)


# The index is clamped into range: 123512 picks the last branch.
print(repr(is_even_fast(123512)), repr(is_even_fast(4)), repr(is_even_fast(7)))

section("scan")
total, partial_sums = jax.lax.scan(lambda c, v: (c + v, c + v), 0.0,
                                   jnp.arange(5.0))
print(total, partial_sums)

section("Python control flow under grad, outside jit")


def f(x):
    if x > 0:
        return x ** 2
    return -x


print(jax.grad(f)(2.0), jax.grad(f)(-2.0))
try:
    jax.jit(jax.grad(f))(2.0)
except Exception as e:  # noqa: BLE001 - the class is the point
    print(type(e).__name__)

section("Derivatives through loops and branches")


def rnn_loss(w, xs):
    def step(h, x):
        h = jnp.tanh(w * h + x)
        return h, h
    h, hs = jax.lax.scan(step, 0.0, xs)
    return h + hs.sum()


xs = jnp.linspace(-1.0, 1.0, 6)
print(jax.grad(rnn_loss)(0.5, xs))
print(jax.jit(jax.grad(rnn_loss, argnums=(0, 1)))(0.5, xs))
power = jax.grad(lambda x: jax.lax.fori_loop(0, 3, lambda i, v: v * x, 1.0))
print(power(2.0))
print(jax.grad(lambda x: jax.lax.cond(x > 0, jnp.sin, jnp.cos, x))(1.0))
print(jax.jacrev(lambda x: jax.lax.switch(1, [jnp.sin, jnp.exp], x))(
    jnp.array([0.0, 1.0])))

# jax.checkpoint recomputes the block in the backward pass: same gradient.
block = jax.checkpoint(lambda x: jnp.sin(jnp.sin(x)))
print(jax.grad(lambda x: block(block(x)).sum())(jnp.arange(3.0)))
