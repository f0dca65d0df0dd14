"""Average the weights of classifier checkpoints fine-tuned from one another (a "model soup").

Why: a fine-tune on new synthetic art (c11 from c9) reads the new art better and the real photos
slightly worse; the average of the two sits between them at no training cost, so it is one more
candidate to measure, not a new model to trust without the valid split.

    git show 54afb3b:models/classifier.pt > runs/classify/c9.pt      # c9, shipped before it
    python -m training.soup runs/classify/c9.pt runs/classify/c11/best.pt --weights 0.7 0.3 \\
        --out runs/classify/soup30/best.pt
    python -m training.train_classifier --export runs/classify/soup30/best.pt \\
        --onnx models/classifier.onnx

Box-stage checkpoints (Ultralytics, `--detector`) average the same way: their EMA weights, which
are what Ultralytics validates and exports.

    python -m training.soup --detector models/detector.pt runs/detect/clutter1/weights/epoch0.pt \\
        --weights 0.5 0.5 --out runs/detect/soup_c1/weights/best.pt
"""

from __future__ import annotations

import argparse
from pathlib import Path


def soup(paths: list[str], weights: list[float]) -> dict:
    """The first checkpoint with its weights replaced by the weighted mean of all."""
    import torch

    cks = [torch.load(p, weights_only=False) for p in paths]
    if len({tuple(ck["classes"]) for ck in cks}) != 1:
        raise ValueError("checkpoints with different classes cannot be averaged")
    if len({ck.get("head", "linear") for ck in cks}) != 1:
        raise ValueError("checkpoints with different heads (linear, cosine) cannot be averaged")
    total = sum(weights)
    out = dict(cks[0])
    state = {}
    for key, first in cks[0]["model"].items():
        if not first.is_floating_point():  # counters (num_batches_tracked) stay the first's
            state[key] = first
            continue
        state[key] = sum(w / total * ck["model"][key] for w, ck in zip(weights, cks, strict=True))
    out["model"] = state
    out["soup"] = {"from": [str(p) for p in paths], "weights": weights}
    return out


def soup_detector(paths: list[str], weights: list[float]) -> dict:
    """The first Ultralytics checkpoint with its model (EMA where present) the weighted mean of
    all; the optimizer state is dropped, so the result is for export, not for resuming."""
    import copy

    from training.torchvision_ops import ensure_torchvision

    ensure_torchvision()
    import torch

    cks = [torch.load(p, weights_only=False) for p in paths]
    nets = [(ck.get("ema") or ck["model"]).float() for ck in cks]
    states = [n.state_dict() for n in nets]
    total = sum(weights)
    mean = {}
    for key, first in states[0].items():
        if not first.is_floating_point():
            mean[key] = first
            continue
        mean[key] = sum(w / total * s[key] for w, s in zip(weights, states, strict=True))
    net = copy.deepcopy(nets[0])
    net.load_state_dict(mean)
    out = dict(cks[0])
    out.update(model=net.half(), ema=None, optimizer=None, updates=None, epoch=-1,
               soup={"from": [str(p) for p in paths], "weights": weights})
    return out


def main(argv: list[str] | None = None) -> int:
    import torch

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ckpts", nargs="+")
    ap.add_argument("--weights", type=float, nargs="+", default=None)
    ap.add_argument("--out", required=True)
    ap.add_argument("--detector", action="store_true", help="Ultralytics box-stage checkpoints")
    args = ap.parse_args(argv)
    weights = args.weights or [1.0] * len(args.ckpts)
    if len(weights) != len(args.ckpts):
        ap.error("one weight per checkpoint")
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    made = (soup_detector if args.detector else soup)(args.ckpts, weights)
    torch.save(made, args.out)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
