"""Accuracy of crop classifier checkpoints on crop sets (.npz from datasets/crops.py), with the
most frequent confusions: the classifier's own figure on the valid crops, synthetic crops of the
held-out style, or any other set, several checkpoints side by side.

    python -m training.eval_classifier --ckpt models/classifier.pt runs/classify/c10/best.pt \
        --sets data/crops/real_valid.npz data/crops/heldout_style12.npz
"""

from __future__ import annotations

import argparse
from collections import Counter

import numpy as np

from scoring.tiles import DETECTOR_CLASSES


def load(path: str):
    import torch

    from training.train_classifier import model_from_checkpoint

    ck = torch.load(path, weights_only=False)
    model = model_from_checkpoint(ck)
    return model, list(ck["classes"])


def main(argv: list[str] | None = None) -> int:
    import torch

    from training.train_classifier import evaluate

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ckpt", nargs="+", required=True)
    ap.add_argument("--sets", nargs="+", required=True)
    ap.add_argument("--top", type=int, default=6, help="confusions listed per set")
    ap.add_argument("--threads", type=int, default=1)
    args = ap.parse_args(argv)
    torch.set_num_threads(args.threads)
    names = list(DETECTOR_CLASSES) + ["none"]
    for ck in args.ckpt:
        model, _ = load(ck)
        for s in args.sets:
            d = np.load(s)
            acc, pred = evaluate(model, d["x"], d["y"])
            conf = Counter((names[t], names[p]) for t, p in zip(d["y"], pred, strict=True)
                           if t != p)
            worst = ", ".join(f"{t}->{p} {n}" for (t, p), n in conf.most_common(args.top))
            print(f"{ck} on {s}: {acc:.4f} of {len(d['y'])} crops; {worst}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
