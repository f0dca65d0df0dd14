"""Collect "not a tile" crops: boxes the shipped detector reports where no tile is labelled.

Why: the box stage fires on tile-shaped empty slots in a rack, felt beside a row and the edges
of trays; the classifier has no way to say "nothing here" and calls them face-down (`back`).
Crops of such boxes on labelled *training* photos teach the classifier an extra output, "not a
tile", that the detector uses to drop them. Boxes the current classifier reads confidently as
a face are left out: those are real tiles lying loose beside the hand (the labels never mark
them), and a crop cannot tell a loose tile from a hand tile.

    python -m training.mine_negatives data/real/train data/crops/neg_train.npz
    python -m training.mine_negatives --review training/negatives_review.csv \
        data/crops/neg_train.npz data/crops/neg_none.npz      # also writes real_back.npz
    python -m training.mine_negatives --beside --every 4 data/real/train data/crops/neg_beside.npz

Review: the mined crops the classifier reads as face-down are looked at by a person; many are
real face-down tiles (walls and other players' hands, never labelled), which become the only
real `back` examples, and only the rest (empty rack slots, felt, cloth, wood) become "not a
tile". Crops showing part of a face are dropped. The verdicts are kept in
training/negatives_review.csv (image, n-th crop mined from it, box score, verdict) so the split is reproducible.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from datasets.crops import IMAGE_EXTS, STORE, cut
from scoring.tiles import DETECTOR_CLASSES

BACK = DETECTOR_CLASSES.index("back")


def _stack(crops: list[np.ndarray]) -> np.ndarray:
    """[N, STORE, STORE, 3] uint8, also when N is 0."""
    return np.array(crops, np.uint8).reshape(-1, STORE, STORE, 3)


def _detector(keep_conf: float):
    """The shipped detector, returning boxes down to `keep_conf`."""
    from vision.detect.detector import TileDetector

    det = TileDetector()
    det.keep_conf = keep_conf
    return det


def _images(split: Path) -> list[Path]:
    return sorted(p for p in (split / "images").iterdir() if p.suffix.lower() in IMAGE_EXTS)


def _photo(split: Path, path: Path):
    """(the decoded photo, its labelled boxes in the photo's own pixels)."""
    from vision.detect.evaluate import read_labels
    from vision.detect.imageio import load_image

    im = load_image(path)
    gt, _ = read_labels(split / "labels" / (path.stem + ".txt"), list(DETECTOR_CLASSES),
                        im.width, im.height)
    return im, gt


def mine(split: Path, every: int = 1, conf: float = 0.2, max_iou: float = 0.2,
         face_sure: float = 0.9, limit: int | None = None):
    """(crops uint8 [N,72,72,3], info rows) of unlabelled boxes in split/images."""
    from vision.detect.detector import NOT_A_TILE, split_not_tile
    from vision.detect.metrics import box_iou

    det = _detector(conf)
    images = _images(split)[::every][:limit]
    crops, info = [], []
    for n, path in enumerate(images):
        im, gt = _photo(split, path)
        (boxes, scores), = det._boxes([im.pixels])
        boxes, scores = det._refine(im.pixels, boxes, scores)
        if not len(boxes):
            continue
        iou = box_iou(boxes / im.scale, gt).max(1) if len(gt) else np.zeros(len(boxes))
        free = np.flatnonzero(iou < max_iou)
        if not len(free):
            continue
        probs, not_tile = split_not_tile(det.classify(im.pixels, boxes[free]))
        for i, p, empty in zip(free, probs, not_tile, strict=True):
            k = int(p.argmax())
            if k != BACK and p[k] >= face_sure and empty < NOT_A_TILE:
                continue  # a readable face: a loose real tile, not a negative
            read_as = "none" if empty >= NOT_A_TILE else DETECTOR_CLASSES[k]
            crops.append(cut(im.pixels, boxes[i]))
            info.append((path.name, float(scores[i]), read_as, float(p[k])))
        if n % 200 == 0:
            print(f"{n}/{len(images)} images, {len(crops)} negatives", flush=True)
    return _stack(crops), info


def looks_blank(crop: np.ndarray) -> bool:
    """A bright, colourless centre: a tile's side, a white rack, or the face of a blank white
    dragon, which must never be taught as "not a tile"."""
    c = crop[crop.shape[0] // 5: -crop.shape[0] // 5, crop.shape[1] // 5: -crop.shape[1] // 5]
    c = c.astype(np.float32)
    return bool(c.mean() > 150 and (c.max(2) - c.min(2)).mean() < 40)


def beside(split: Path, every: int = 4, per_image: int = 2, seed: int = 0):
    """Crops of empty table just beside the labelled tiles (a tile's box moved one tile over,
    touching no labelled box and no box the detector reports at any score, and not blank
    white): the easy negatives."""
    from vision.detect.metrics import box_iou

    det = _detector(0.05)
    rng = np.random.default_rng(seed)
    crops, info = [], []
    for path in _images(split)[::every]:
        im, gt = _photo(split, path)
        if not len(gt):
            continue
        gt = gt * im.scale  # pixels of the decoded image
        (found, _), = det._boxes([im.pixels])
        taken = np.concatenate([gt, found]) if len(found) else gt
        cand = []
        for x1, y1, x2, y2 in gt:
            bw, bh = x2 - x1, y2 - y1
            for dx, dy in ((1.05 * bw, 0), (-1.05 * bw, 0), (0, 1.05 * bh), (0, -1.05 * bh)):
                cand.append((x1 + dx, y1 + dy, x2 + dx, y2 + dy))
        cand = np.array(cand)
        ih, iw = im.pixels.shape[:2]
        inside = (cand[:, 0] >= 0) & (cand[:, 1] >= 0) & (cand[:, 2] <= iw) & (cand[:, 3] <= ih)
        cand = cand[inside]
        if not len(cand):
            continue
        free = cand[box_iou(cand, taken).max(1) < 0.05]
        picked = [c for c in (cut(im.pixels, b) for b in free[rng.permutation(len(free))])
                  if not looks_blank(c)]
        for crop in picked[:per_image]:
            crops.append(crop)
            info.append((path.name, 0.0, "beside", 0.0))
    return _stack(crops), info


def split_reviewed(mined: Path, review: Path, out_none: Path) -> tuple[int, int, int]:
    """Write the reviewed crops: "none" to out_none, real face-down tiles to real_back.npz.
    A verdict applies only to the crop it was given for: the same image, the same n-th crop and
    the same box score (mining with other models finds other boxes, and then the n-th crop of
    an image is another crop). Returns (none, back, verdicts whose crop was not found)."""
    import csv

    d = np.load(mined)
    rows = list(csv.DictReader(review.open(encoding="utf-8")))
    verdict = {(r["image"], int(r["nth"])): (r["verdict"], float(r["box_score"])) for r in rows}
    seen: dict[str, int] = {}
    keys = []  # (image, n-th mined crop of that image)
    for name in map(str, d["image"]):
        keys.append((name, seen.get(name, 0)))
        seen[name] = keys[-1][1] + 1

    def said(i: int, key: tuple[str, int]) -> str | None:
        v = verdict.get(key)
        return v[0] if v and abs(float(d["score"][i]) - v[1]) <= 1e-3 else None

    said_of = [said(i, k) for i, k in enumerate(keys)]
    none = [i for i, v in enumerate(said_of) if v == "none"]
    back = [i for i, v in enumerate(said_of) if v == "back"]
    np.savez_compressed(out_none, x=d["x"][none], y=np.full(len(none), len(DETECTOR_CLASSES)))
    np.savez_compressed(out_none.parent / "real_back.npz", x=d["x"][back],
                        y=np.full(len(back), BACK))
    found = sum(v is not None for v in said_of)
    return len(none), len(back), len(rows) - found


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("split", type=Path, help="YOLO split folder with images/ and labels/")
    ap.add_argument("out", type=Path)
    ap.add_argument("--every", type=int, default=1, help="use every k-th image")
    ap.add_argument("--conf", type=float, default=0.2, help="lowest box score mined")
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--beside", action="store_true",
                    help="empty table one tile beside the labelled ones instead (easy negatives)")
    ap.add_argument("--review", type=Path, default=None,
                    help="verdicts CSV: SPLIT is then the mined .npz, OUT the 'not a tile' .npz")
    args = ap.parse_args(argv)
    if args.review:
        n_none, n_back, lost = split_reviewed(args.split, args.review, args.out)
        print(f"{n_none} not-a-tile crops -> {args.out}, {n_back} face-down -> real_back.npz; "
              f"{lost} reviewed crops not among the mined ones (other models mined other boxes)")
        return 0
    if args.beside:
        x, info = beside(args.split, args.every)
    else:
        x, info = mine(args.split, args.every, args.conf, limit=args.limit)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(args.out, x=x, y=np.full(len(x), len(DETECTOR_CLASSES), np.int64),
                        image=np.array([r[0] for r in info]), score=np.array([r[1] for r in info]),
                        read_as=np.array([r[2] for r in info]), prob=np.array([r[3] for r in info]))
    print(f"{len(x)} negative crops -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
