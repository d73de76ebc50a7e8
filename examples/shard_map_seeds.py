"""The two shard_map problems of the seeds, as their users wrote them, on
8 CPU devices.

Seed 000: `linearize` and `linear_transpose` inside `shard_map`, where the
point of linearization is replicated and the tangent is sharded. JAX 0.10
rejects the program until the user casts the point to varying by hand
(`lax.pcast(p, 'x', to='varying')`, formerly `lax.pvary`); jxp infers the
cast. Seed 001: a time integration inside `shard_map` whose global time
step is the minimum of the local ones (`pmin`) and whose steps run a
fixed-point iteration in a `while_loop`; the iteration's carry starts as a
replicated constant and becomes device-varying, which JAX 0.10 rejects
("carry input and carry output must have equal types") until the initial
carry is cast by hand; jxp widens the carry itself.

Runs with jxp by default (no casts written); `JXP_EXAMPLE_BACKEND=jax`
runs it with JAX, with the casts JAX needs, and
test/python/meta/test_examples.py checks that both print the same.
"""

import os
from functools import partial

os.environ.setdefault("JAX_NUM_CPU_DEVICES", "8")

if os.environ.get("JXP_EXAMPLE_BACKEND") == "jax":
    import jax
    import jax.numpy as jnp
    from jax.experimental.shard_map import shard_map
    from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

    def cast_by_hand(x, axis):
        return jax.lax.pcast(x, axis, to="varying")
else:
    import jxp as jax
    import jxp.numpy as jnp
    from jxp.experimental.shard_map import shard_map
    from jxp.sharding import Mesh, NamedSharding, PartitionSpec as P

    def cast_by_hand(x, axis):
        return x  # jxp infers the cast

print("devices:", jax.device_count())

# --- Seed 000 ---------------------------------------------------------------
mesh2 = Mesh(jax.devices()[:2], ("x",))
sharding = NamedSharding(mesh2, P("x"))


def f(x):
    return jnp.mean(x ** 2)


def m(p, t):
    p = cast_by_hand(p, "x")
    _, fwd = jax.linearize(f, p)
    bwd = jax.linear_transpose(fwd, p)
    return bwd(fwd(t))


p = jnp.array([1.0])
m_sharded = shard_map(partial(m, p), mesh2, in_specs=(sharding.spec,),
                      out_specs=(sharding.spec,))
for t in ([1.0, 1.0], [1.0, 3.0]):
    t = jax.device_put(jnp.array(t), sharding)
    (res,) = m_sharded(t)
    print("seed 000, t =", t, "->", res)

# --- Seed 001 ---------------------------------------------------------------
mesh8 = Mesh(jax.devices(), ("x",))
cells = jnp.linspace(0.5, 4.0, 32)  # a diffusion coefficient per cell


def integrate(k, t_end):
    def local_dt(u):
        return 0.4 / jnp.max(k) * jnp.ones(())

    def implicit_step(u, dt):
        # Fixed point u_new = u + dt * k * (1 - u_new), iterated to a
        # tolerance: its carry starts replicated and becomes varying.
        def cond(c):
            v, err, n = c
            return jnp.logical_and(err > 1e-6, n < 100)

        def body(c):
            v, _, n = c
            nv = u + dt * k * (1.0 - v)
            return nv, jnp.max(jnp.abs(nv - v)), n + 1

        init = (jnp.zeros_like(u), cast_by_hand(jnp.asarray(1.0), "x"),
                jnp.asarray(0))
        v, _, n = jax.lax.while_loop(cond, body, init)
        return v, n

    def step(c):
        t, u, iters = c
        dt = jax.lax.pmin(local_dt(u), "x")  # the global time step
        dt = jnp.minimum(dt, t_end - t)
        u, n = implicit_step(u, dt)
        return t + dt, u, iters + n

    t, u, iters = jax.lax.while_loop(
        lambda c: c[0] < t_end, step,
        (jnp.asarray(0.0), jnp.zeros_like(k), jnp.asarray(0)))
    return u, iters[None]


solve = jax.jit(shard_map(integrate, mesh8, in_specs=(P("x"), P()),
                          out_specs=(P("x"), P("x"))))
u, iters = solve(cells, jnp.asarray(1.0))
print("seed 001, u =", jnp.round(u, 4))
print("seed 001, fixed-point iterations per device =", iters)
