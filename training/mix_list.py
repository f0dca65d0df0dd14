"""Write a detector training list: every real train photo plus N synthetic scenes.

Why: the real photos rarely show face-down tiles, sideways claimed tiles or kongs; synthetic
scenes do. Scenes with loose "distractor" tiles are left out, because the real labels never mark
loose tiles beside the hand and the two conventions would fight.

    python -m training.mix_list --real data/real --synth data/synth_train_v2 --n 600 --out data/mix
    python -m training.mix_list --real data/real --real-every 2 --synth data/synth_det101 \
        --n 800 --out data/mix2
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from datasets.crops import IMAGE_EXTS


def synthetic_without_distractors(synth: Path, keep_distractors: bool = False) -> list[Path]:
    out = []
    for f in sorted((synth / "labels_json").glob("*.json")):
        d = json.loads(f.read_text())
        if keep_distractors or not any(t["group"] == "distractor" for t in d["tiles"]):
            out.append((synth / "images" / d["image"]).resolve())
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--real", default="data/real", help="converted real set (train/, data.yaml)")
    ap.add_argument("--synth", required=True, nargs="+", help="`mjlens synth` folders")
    ap.add_argument("--n", type=int, default=600, help="synthetic scenes to add (per folder)")
    ap.add_argument("--real-every", type=int, default=1,
                    help="keep every K-th real photo (sorted by name; 2 = half, to fit a CPU)")
    ap.add_argument("--keep-distractors", action="store_true",
                    help="keep scenes with loose tiles (clutter scenes: every tile on the table "
                         "is labelled, and the box stage should find loose tiles too)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default="data/mix")
    args = ap.parse_args(argv)

    real_dir, out = Path(args.real), Path(args.out)
    # absolute, not resolved: the converted images are links into ../shared, and Ultralytics
    # finds labels beside the path it is given (resolving would read the unconverted labels)
    real = sorted(p.absolute() for p in (real_dir / "train" / "images").iterdir()
                  if p.suffix.lower() in IMAGE_EXTS)[::args.real_every]
    syn = []
    for folder in args.synth:
        some = synthetic_without_distractors(Path(folder), args.keep_distractors)
        random.Random(args.seed).shuffle(some)
        syn += sorted(some[:args.n])
    out.mkdir(parents=True, exist_ok=True)
    (out / "train.txt").write_text("".join(f"{p}\n" for p in real + syn))
    yaml = (real_dir / "data.yaml").read_text().replace(
        "train: train/images", f"train: {(out / 'train.txt').resolve()}")
    (out / "data.yaml").write_text(yaml)
    print(f"{out / 'data.yaml'}: {len(real)} real + {len(syn)} synthetic training images")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
