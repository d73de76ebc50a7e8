"""Writes the fuzzer's program seeds: the unoptimized jxp modules
(`jxp.make_ir`) of a set of programs over the jnp/lax surface, autodiff
included, to test/fuzz/seeds/<name>.mlir.

Run from the repository root after changing the set:
    PYTHONPATH=python .venv/bin/python test/fuzz/make_seeds.py
"""

import os
import sys

import numpy as np

import jxp
import jxp.numpy as jnp
from jxp import lax

SEEDS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "seeds")

f32 = np.float32


def x(*shape, dtype=f32):
    return jnp.asarray(np.arange(int(np.prod(shape)), dtype=dtype)
                       .reshape(shape) / 7 + 1)


def programs():
    """(name, function, args): each traced once with make_ir."""
    ew = lambda a: jnp.tanh(jnp.exp(jnp.sin(a)) * 2 - jnp.sqrt(jnp.abs(a)))
    red = lambda a: jnp.sum(a, axis=0) + jnp.max(a, axis=0) * jnp.mean(a)
    dot = lambda a, b: jnp.dot(a, b)
    ein = lambda a, b: jnp.einsum("bij,bjk->bik", a, b)
    pad = lambda a: jnp.pad(a, ((1, 2), (0, 3)))
    cat = lambda a, b: jnp.concatenate([a, b, a], axis=1)
    cum = lambda a: jnp.cumsum(a, axis=1) + jnp.cumprod(a, axis=0)
    cmx = lambda a: lax.cummax(a, axis=0) - lax.cummin(a, axis=1)
    srt = lambda a: jnp.sort(a, axis=1)
    arg = lambda a: jnp.argmax(a, axis=1) + jnp.argmin(a, axis=0)[0]
    gat = lambda a, i: a[i]
    gat2 = lambda a, i: a[:, i]
    sct = lambda a, i: a.at[i].add(1.0)
    sct2 = lambda a, i: a.at[:, i].set(2.0)
    dsl = lambda a, i: lax.dynamic_slice(a, (i, 0), (2, 3))
    dus = lambda a, i: lax.dynamic_update_slice(a, jnp.ones((2, 2)), (i, i))
    rsh = lambda a: jnp.transpose(jnp.reshape(a, (2, 2, 3)), (2, 0, 1))
    sl = lambda a: a[1:3, ::2] + jnp.flip(a, 0)[1:3, ::2]
    sel = lambda a, b: jnp.where(a > b, a, b) + jnp.clip(a, 0.5, 2.0)
    intops = lambda a, b: (a % b) + (a // b) + (a << 1) + (a >> 2) + (a ^ b)
    cplx = lambda a: jnp.real(jnp.exp(a * 1j)) + jnp.abs(a + 2j)
    conv = lambda a: a.astype(jnp.int32).astype(jnp.float16).astype(f32)
    rem = lambda a, b: jnp.fmod(a, b) + jnp.remainder(a, b)
    pw = lambda a, b: a ** b + jnp.arctan2(a, b)
    chol = lambda a: jnp.linalg.cholesky(a @ a.T + 4 * jnp.eye(3))
    tri = lambda a, b: jax_solve(a, b)
    rng = lambda k: jxp.random.normal(k, (3, 4)) + jxp.random.uniform(k, (4,))
    iot = lambda a: a + jnp.arange(4, dtype=f32)
    bc = lambda a: jnp.broadcast_to(a, (2, 3, 4)) * a[None]

    def jax_solve(a, b):
        return lax.linalg.triangular_solve(a + 3 * jnp.eye(3), b,
                                           left_side=True, lower=True)

    @jxp.custom_jvp
    def cj(a):
        return jnp.sin(a)

    @cj.defjvp
    def cj_jvp(primals, tangents):
        (a,), (t,) = primals, tangents
        return jnp.sin(a), jnp.cos(a) * t * 2

    @jxp.custom_vjp
    def cv(a):
        return a * 3

    cv.defvjp(lambda a: (a * 3, a), lambda r, g: (g * r,))

    a34, b34 = x(3, 4), x(3, 4) + 1
    a33, b43 = x(3, 3), x(4, 3)
    i2 = jnp.array([2, 0], dtype=jnp.int32)
    s = jnp.int32(1)
    ints = (x(3, 4).astype(jnp.int32), x(3, 4).astype(jnp.int32) + 1)
    key = jxp.random.PRNGKey(0)
    base = [
        ("elementwise", ew, (a34,)), ("reduce", red, (a34,)),
        ("dot", dot, (a34, b43)), ("einsum", ein, (x(2, 3, 4), x(2, 4, 2))),
        ("pad", pad, (a34,)), ("concatenate", cat, (a34, b34)),
        ("cumulative", cum, (a34,)), ("cummax", cmx, (a34,)),
        ("sort", srt, (a34,)), ("argmax", arg, (a34,)),
        ("gather", gat, (a34, i2)), ("gather_cols", gat2, (a34, i2)),
        ("scatter_add", sct, (a34, i2)), ("scatter_set", sct2, (a34, i2)),
        ("dynamic_slice", dsl, (a34, s)),
        ("dynamic_update_slice", dus, (a34, s)),
        ("reshape_transpose", rsh, (a34,)), ("slice_reverse", sl, (a34,)),
        ("select_clamp", sel, (a34, b34)), ("integer_ops", intops, ints),
        ("complex", cplx, (a34,)), ("convert", conv, (a34,)),
        ("rem", rem, (a34, b34)), ("pow_atan2", pw, (a34, b34)),
        ("cholesky", chol, (a33,)), ("triangular_solve", tri, (a33, a34[:, :3])),
        ("random", rng, (key,)), ("iota", iot, (a34,)),
        ("broadcast", bc, (a34,)), ("custom_jvp", cj, (a34,)),
        ("custom_vjp", cv, (a34,)),
    ]
    out = list(base)
    floats = {"integer_ops", "random", "argmax"}
    for name, f, args in base:
        if name in floats:
            continue
        scalar = lambda *a, f=f: jnp.sum(f(*a))
        out.append((name + "_grad", jxp.grad(scalar), args))
        out.append((name + "_jvp",
                    lambda *a, f=f: jxp.jvp(lambda p: f(p, *a[1:]), (a[0],),
                                            (a[0] * 0 + 1,)), args))
        out.append((name + "_vjp",
                    lambda *a, f=f: jxp.vjp(lambda p: f(p, *a[1:]), a[0])[1](
                        f(*a)), args))
        # Batched: the first argument mapped along a new dimension 1.
        first = jnp.stack([args[0], args[0]], axis=1)
        out.append((name + "_vmap", jxp.vmap(
            f, in_axes=(1,) + (None,) * (len(args) - 1)),
            (first,) + tuple(args[1:])))
    out.append(("vmap_grad", jxp.vmap(jxp.grad(
        lambda w, v: jnp.sum(jnp.tanh(v @ w))), in_axes=(None, 0)),
        (a34, x(5, 3))))
    out.append(("vmap_collectives", jxp.vmap(
        lambda v: lax.psum(v, "i") * v + lax.all_gather(v, "i")[0]
        + lax.ppermute(v, "i", [(0, 1), (1, 0)]) * lax.axis_index("i"),
        axis_name="i"), (x(2, 4),)))
    out.append(("vmap_control_flow", jxp.vmap(
        lambda v: lax.cond(v[0] > 1.2, jnp.sin, jnp.cos, v)
        + lax.fori_loop(0, 3, lambda i, c: c * v, v)
        + lax.while_loop(lambda c: c[0] < 3.0, lambda c: c * 1.5, v)),
        (x(3, 4),)))
    out.append(("grad_of_grad", jxp.grad(jxp.grad(
        lambda v: jnp.sum(jnp.sin(v) * v))), (jnp.float32(0.5),)))
    out.append(("linear_transpose", lambda v: jxp.linear_transpose(
        lambda u: jnp.sum(u * 2, axis=0), a34)(v), (x(4),)))
    return out


def main():
    os.makedirs(SEEDS, exist_ok=True)
    failed = []
    for name, f, args in programs():
        try:
            text = str(jxp.make_ir(f)(*args))
        except Exception as e:  # noqa: BLE001 - a seed jxp cannot trace
            failed.append(f"{name}: {type(e).__name__}: {e}"[:200])
            continue
        with open(os.path.join(SEEDS, name + ".mlir"), "w") as out:
            out.write(text)
    for line in failed:
        print("not written:", line, file=sys.stderr)
    print(f"{len(os.listdir(SEEDS))} seeds in {SEEDS}")


if __name__ == "__main__":
    main()
