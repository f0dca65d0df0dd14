"""Average the weights of classifier checkpoints fine-tuned from one another (a "model soup").

Why: a fine-tune on new synthetic art (c11 from c9) reads the new art better and the real photos
slightly worse; the average of the two sits between them at no training cost, so it is one more
candidate to measure, not a new model to trust without the valid split.

    git show 54afb3b:models/classifier.pt > runs/classify/c9.pt      # c9, shipped before it
    python -m training.soup runs/classify/c9.pt runs/classify/c11/best.pt --weights 0.7 0.3 \\
        --out runs/classify/soup30/best.pt
    python -m training.train_classifier --export runs/classify/soup30/best.pt \\
        --onnx models/classifier.onnx
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


def main(argv: list[str] | None = None) -> int:
    import torch

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ckpts", nargs="+")
    ap.add_argument("--weights", type=float, nargs="+", default=None)
    ap.add_argument("--out", required=True)
    args = ap.parse_args(argv)
    weights = args.weights or [1.0] * len(args.ckpts)
    if len(weights) != len(args.ckpts):
        ap.error("one weight per checkpoint")
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    torch.save(soup(args.ckpts, weights), args.out)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
