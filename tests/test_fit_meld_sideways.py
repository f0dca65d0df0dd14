"""The logistic fit behind the layout's sideways odds (training/fit_meld_sideways.py)."""

from __future__ import annotations

import numpy as np

from training.fit_meld_sideways import fit, quality


def _data(w, n=4000, seed=0):
    rng = np.random.default_rng(seed)
    x = np.hstack([np.ones((n, 1)), rng.normal(size=(n, len(w) - 1))])
    p = 1 / (1 + np.exp(-(x @ w)))
    return x, (rng.random(n) < p).astype(float)


def test_fit_recovers_the_weights_that_made_the_labels():
    w = np.array([-1.0, 2.0, -0.5, 1.5])
    x, y = _data(w)
    got = fit(x, y)
    assert np.allclose(got, w, atol=0.25), got
    loss, auc = quality(x, y, got)
    assert loss <= quality(x, y, np.zeros(4))[0] - 0.1 and auc > 0.8


def test_kept_weights_stay_and_the_rest_are_fitted_around_them():
    w = np.array([-1.0, 2.0, -0.5, 1.5])
    x, y = _data(w, seed=1)
    kept = np.array([0.0, 1.0])  # the first cue's weight held at 1.0 (the bias is refitted)
    got = fit(x, y, kept)
    assert got[1] == 1.0
    assert got[3] > 0.8 and got[2] < -0.2, got  # fitted (shrunk: the kept one is too small)
    # holding a weight away from its best value costs log-loss
    assert quality(x, y, got)[0] > quality(x, y, fit(x, y))[0]
