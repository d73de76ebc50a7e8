"""A small CNN classifier trained for 20 SGD steps in jxp and in JAX from the
same initial parameters: conv 3x3 -> relu -> max pool 2x2 -> conv 3x3 ->
relu -> average pool (reduce_window add / window size) -> dense ->
log_softmax, NHWC, on a fixed batch of 16 8x8x1 images with 3 classes. The
program is written once against the `jax` API and run with `jax` bound to
either library; every step's loss and the final parameters agree."""

import jax
import jax.numpy as rjnp
import numpy as np

import jxp
import jxp.numpy as xjnp

from jxp_test_util import assert_same

DN = ("NHWC", "HWIO", "NHWC")
STEPS = 20
LR = 0.1


def _data():
    rng = np.random.default_rng(2024)
    images = rng.standard_normal((16, 8, 8, 1)).astype(np.float32)
    labels = rng.integers(0, 3, 16).astype(np.int32)
    params = {
        "conv1": (rng.standard_normal((3, 3, 1, 4)) / 3.0).astype(np.float32),
        "b1": np.zeros(4, np.float32),
        "conv2": (rng.standard_normal((3, 3, 4, 6)) / 6.0).astype(np.float32),
        "b2": (rng.standard_normal(6) * 0.1).astype(np.float32),
        "dense": (rng.standard_normal((2 * 2 * 6, 3)) / 5.0).astype(
            np.float32),
        "bd": np.zeros(3, np.float32),
    }
    return images, labels, params


def _trainer(jax, jnp):
    """The training program, written against JAX's API."""
    lax = jax.lax

    def model(params, x):
        y = lax.conv_general_dilated(x, params["conv1"], (1, 1), "SAME",
                                     dimension_numbers=DN) + params["b1"]
        y = jax.nn.relu(y)
        y = lax.reduce_window(y, -jnp.inf, lax.max, (1, 2, 2, 1),
                              (1, 2, 2, 1), "VALID")          # 4x4
        y = lax.conv_general_dilated(y, params["conv2"], (1, 1), "SAME",
                                     dimension_numbers=DN) + params["b2"]
        y = jax.nn.relu(y)
        y = lax.reduce_window(y, 0.0, lax.add, (1, 2, 2, 1), (1, 2, 2, 1),
                              "VALID") / 4.0                  # 2x2
        y = y.reshape(y.shape[0], -1) @ params["dense"] + params["bd"]
        return jax.nn.log_softmax(y)

    def loss_fn(params, x, labels):
        logp = model(params, x)
        return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=1))

    @jax.jit
    def step(params, x, labels):
        loss, grads = jax.value_and_grad(loss_fn)(params, x, labels)
        new = jax.tree_util.tree_map(lambda p, g: p - LR * g, params, grads)
        return new, loss

    def train(params, x, labels):
        losses = []
        for _ in range(STEPS):
            params, loss = step(params, x, labels)
            losses.append(loss)
        return params, losses
    return train


def test_cnn_training_matches_jax():
    images, labels, params = _data()
    want_params, want_losses = _trainer(jax, rjnp)(params, images, labels)
    got_params, got_losses = _trainer(jxp, xjnp)(params, images, labels)
    want = np.array([float(v) for v in want_losses])
    got = np.array([float(v) for v in got_losses])
    # The model learns something (the check is not vacuous) ...
    assert want[-1] < want[0] - 0.05, want
    # ... and jxp follows JAX step by step.
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)
    for g, w in zip(got_losses, want_losses):
        assert_same(g, w, rtol=1e-5, atol=1e-6)
    assert_same(got_params, want_params, rtol=1e-5, atol=1e-6)
