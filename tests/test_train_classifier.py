"""The crop classifier's training options that change what ships: the cosine head must export
to a graph whose probabilities equal the trained net's and whose embedding is the normalised
features the head compares (what a tile-set profile reads). Needs the `train` extra (torch,
onnx); skipped without it."""

from __future__ import annotations

import numpy as np
import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("onnx")


def _tiny(head: str):
    from training.train_classifier import Normalised, build_model

    torch.manual_seed(1)
    model = Normalised.wrap(build_model(5, width=8, head=head))
    with torch.no_grad():  # a trained-looking head: rows of different lengths
        model.net[-1].weight.mul_(torch.arange(1, 6, dtype=torch.float32)[:, None])
    return model.eval()


def test_cosine_head_logits_are_scaled_cosines():
    import torch.nn.functional as F

    model = _tiny("cosine")
    x = torch.rand(3, 3, 64, 64)
    head = model.net[-1]
    feats = model.net[:-1]((x - 0.5) / 0.25)
    want = F.normalize(feats, dim=1) @ F.normalize(head.weight, dim=1).T * head.scale
    assert torch.allclose(model(x), want, atol=1e-5)
    assert model(x).abs().max() <= head.scale + 1e-4  # bounded: a cosine, never a length


@pytest.mark.parametrize("head", ["linear", "cosine"])
def test_export_with_embedding_keeps_the_probabilities(tmp_path, head):
    import onnxruntime as ort

    from training.add_embedding import add_embedding
    from training.train_classifier import export_onnx

    model = _tiny(head)
    out = add_embedding(export_onnx(model, tmp_path / "c.onnx"))
    x = np.random.default_rng(0).random((4, 3, 64, 64), dtype=np.float32)
    logits, emb = ort.InferenceSession(str(out)).run(None, {"crops": x})
    with torch.no_grad():
        want = model(torch.from_numpy(x)).numpy()
        feats = model.net[:-1]((torch.from_numpy(x) - 0.5) / 0.25).numpy()
    assert np.allclose(logits, want, atol=1e-4)
    assert np.allclose(emb, feats / np.linalg.norm(feats, axis=1, keepdims=True), atol=1e-5)
    assert head == "linear" or not hasattr(model.net[-1], "bias")  # the export left it as trained


def test_a_linear_checkpoint_starts_a_cosine_head_from_its_directions():
    from training.train_classifier import load_init

    linear, cosine = _tiny("linear"), _tiny("cosine")
    load_init(cosine, dict(linear.state_dict()))
    assert torch.equal(cosine.net[-1].weight, linear.net[-1].weight)
