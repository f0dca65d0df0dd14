"""Leave-one-source-out evaluation of the crop classifier on the real photos.

Why: the valid split comes from the same sources as the train split (the same tables, sets and
cameras), so its figures say little about a tile set never seen. Grouping the photos by their
source, which the file names show, and training without one group tells how the classifier
reads tiles of a source it never saw.

Groups (Roboflow names keep the uploaded file's name before `_jpg.rf.<hash>`):
`IMG` (IMG_NNNN: phone photos of one set), `fb` (NNN_NNN_NNN_n: social-media images),
`hand` (hand_NNN: hands laid in a row), `other` (the rest: named single-suit shots and
random-named uploads).

For each group G: train on the real train crops of every other group (plus the non-real crops
given with --extra, e.g. tile-crops and synthetic ones) with the same short recipe, and measure
on every crop of G (train and valid photos; the train copies are Roboflow's augmented versions).
A reference run trains on all groups with the same recipe; its accuracy on G's *valid* crops
(G's train crops were in its training) is printed beside the held-out figure.

    python -m training.leave_one_source_out --train data/crops/real_train.npz \
        --valid data/crops/real_valid.npz --extra data/crops/tilecrops.npz:10 \
        --epochs 2 --per-epoch 30000 --out runs/loso

The .npz files must hold each crop's image name (`datasets/crops.py` writes it).
Prints a table; each run's checkpoints are under OUT/<group>/ (rerunning resumes).
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from vision.detect.evaluate import SOURCES, source_of


def _subset(npz: str, keep, out: Path) -> int:
    d = np.load(npz)
    groups = np.array([source_of(str(n)) for n in d["image"]])
    mask = keep(groups)
    np.savez(out, x=d["x"][mask], y=d["y"][mask], image=d["image"][mask])
    return int(mask.sum())


def _accuracy(ckpt: Path, npz: Path) -> float:
    import torch

    from training.train_classifier import evaluate, model_from_checkpoint

    ck = torch.load(ckpt, weights_only=False)
    model = model_from_checkpoint(ck)
    d = np.load(npz)
    if not len(d["y"]):
        return float("nan")
    return evaluate(model, d["x"], d["y"])[0]


def main(argv: list[str] | None = None) -> int:
    from training.train_classifier import main as train

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--train", required=True)
    ap.add_argument("--valid", required=True)
    ap.add_argument("--extra", nargs="*", default=[])
    ap.add_argument("--groups", nargs="*", default=list(SOURCES))
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--per-epoch", type=int, default=30000)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--width", type=int, default=32)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--out", default="runs/loso")
    args = ap.parse_args(argv)

    out = Path(args.out)
    (out / "data").mkdir(parents=True, exist_ok=True)
    recipe = ["--epochs", str(args.epochs), "--per-epoch", str(args.per_epoch), "--lr",
              str(args.lr), "--width", str(args.width), "--threads", str(args.threads),
              "--onnx", ""]
    rows = []
    ref = out / "all"
    if not (ref / "best.pt").exists() or not (ref / "done").exists():
        train(["--train", args.train, "--extra", *args.extra, "--valid", args.valid,
               "--out", str(ref), *recipe, *(["--resume"] if (ref / "last.pt").exists() else [])])
        (ref / "done").touch()
    for g in args.groups:
        tr, te, tv = (out / "data" / f"{k}_{g}.npz" for k in ("without", "only", "valid"))
        n_tr = _subset(args.train, lambda gr, g=g: gr != g, tr)
        n_te = _subset(args.train, lambda gr, g=g: gr == g, out / "data" / "tmp.npz")
        a, b = np.load(out / "data" / "tmp.npz"), np.load(args.valid)
        bg = np.array([source_of(str(n)) for n in b["image"]]) == g
        np.savez(te, x=np.concatenate([a["x"], b["x"][bg]]), y=np.concatenate([a["y"], b["y"][bg]]))
        np.savez(tv, x=b["x"][bg], y=b["y"][bg])
        run = out / g
        if not (run / "done").exists():
            train(["--train", str(tr), "--extra", *args.extra, "--valid", str(te),
                   "--out", str(run), *recipe,
                   *(["--resume"] if (run / "last.pt").exists() else [])])
            (run / "done").touch()
        rows.append((g, n_tr, n_te + int(bg.sum()), _accuracy(run / "last.pt", te),
                     _accuracy(run / "last.pt", tv), _accuracy(ref / "last.pt", tv), int(bg.sum())))
    print("| left out | train crops | its crops | held-out acc (all its crops) | held-out acc "
          "(its valid crops) | trained on all: its valid crops | valid crops |")
    print("|---|---|---|---|---|---|---|")
    for g, n_tr, n_te, acc, acc_v, ref_v, n_v in rows:
        print(f"| {g} | {n_tr} | {n_te} | {acc:.4f} | {acc_v:.4f} | {ref_v:.4f} | {n_v} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
