"""Detection metrics in numpy: mAP50, mAP50-95, tile precision/recall/F1, hand exact-match.

Why our own: the project must measure its shipped ONNX pipeline without torch or Ultralytics.
AP is COCO-style (101-point interpolated precision envelope), per class, averaged over the
classes that have ground truth.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import numpy as np

IOU_THRESHOLDS = np.linspace(0.5, 0.95, 10)


def box_iou(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """IoU matrix [len(a), len(b)] for x1y1x2y2 boxes."""
    a = np.asarray(a, float).reshape(-1, 4)
    b = np.asarray(b, float).reshape(-1, 4)
    lt = np.maximum(a[:, None, :2], b[None, :, :2])
    rb = np.minimum(a[:, None, 2:], b[None, :, 2:])
    inter = np.prod(np.clip(rb - lt, 0, None), axis=2)
    area_a = np.prod(a[:, 2:] - a[:, :2], axis=1)
    area_b = np.prod(b[:, 2:] - b[:, :2], axis=1)
    return inter / np.maximum(area_a[:, None] + area_b[None, :] - inter, 1e-12)


def match(pred_boxes, pred_codes, pred_conf, gt_boxes, gt_codes, iou_thr: float,
          with_gt: bool = False):
    """Greedy matching, most confident prediction first, same code only.

    Returns a bool array (prediction i is a true positive), and with `with_gt` also the bool
    array of ground-truth tiles that were found.
    """
    tp = np.zeros(len(pred_codes), bool)
    used = np.zeros(len(gt_codes), bool)
    if not len(pred_codes) or not len(gt_codes):
        return (tp, used) if with_gt else tp
    ious = box_iou(pred_boxes, gt_boxes)
    same = np.asarray(pred_codes)[:, None] == np.asarray(gt_codes)[None, :]
    ious = np.where(same, ious, 0.0)
    for i in np.argsort(-np.asarray(pred_conf), kind="stable"):
        cand = np.where(~used & (ious[i] >= iou_thr))[0]
        if len(cand):
            j = cand[np.argmax(ious[i, cand])]
            used[j] = True
            tp[i] = True
    return (tp, used) if with_gt else tp


def average_precision(tp: np.ndarray, conf: np.ndarray, n_gt: int) -> float:
    """COCO 101-point AP for one class from per-prediction TP flags and confidences."""
    if n_gt == 0:
        return float("nan")
    if not len(tp):
        return 0.0
    order = np.argsort(-conf, kind="stable")
    tpc = np.cumsum(tp[order])
    fpc = np.cumsum(~tp[order])
    recall = tpc / n_gt
    precision = tpc / np.maximum(tpc + fpc, 1e-12)
    mrec = np.concatenate([[0.0], recall, [1.0]])
    mpre = np.concatenate([[1.0], precision, [0.0]])
    mpre = np.flip(np.maximum.accumulate(np.flip(mpre)))
    x = np.linspace(0, 1, 101)
    return float(np.trapezoid(np.interp(x, mrec, mpre), x))


@dataclass
class ImageResult:
    gt_boxes: np.ndarray
    gt_codes: list[str]
    pred_boxes: np.ndarray
    pred_codes: list[str]
    pred_conf: np.ndarray  # ranking score for AP
    pred_keep: np.ndarray  # bool: counted at the operating threshold (P/R/F1, hands)


@dataclass
class Report:
    images: int
    map50: float
    map50_95: float
    precision: float
    recall: float
    f1: float
    hand_exact: float
    n_gt: int
    n_pred: int
    worst_recall: list[tuple[str, float, int]] = field(default_factory=list)
    per_class_recall: dict[str, float] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {
            "images": self.images, "mAP50": round(self.map50, 4),
            "mAP50-95": round(self.map50_95, 4), "precision": round(self.precision, 4),
            "recall": round(self.recall, 4), "f1": round(self.f1, 4),
            "hand_exact_match": round(self.hand_exact, 4), "tiles_labelled": self.n_gt,
            "tiles_predicted": self.n_pred,
            "worst_recall": [{"code": c, "recall": round(r, 4), "tiles": n}
                             for c, r, n in self.worst_recall],
        }


def evaluate(results: list[ImageResult], worst: int = 5) -> Report:
    codes = sorted({c for r in results for c in r.gt_codes} | {c for r in results for c in r.pred_codes})
    # AP per class and IoU threshold
    aps = np.full((len(codes), len(IOU_THRESHOLDS)), np.nan)
    per_thr_tp = [[] for _ in IOU_THRESHOLDS]
    for t, thr in enumerate(IOU_THRESHOLDS):
        for r in results:
            per_thr_tp[t].append(match(r.pred_boxes, r.pred_codes, r.pred_conf,
                                       r.gt_boxes, r.gt_codes, thr))
    all_codes = np.array([c for r in results for c in r.pred_codes], dtype=object)
    all_conf = np.concatenate([r.pred_conf for r in results]) if results else np.zeros(0)
    gt_count = Counter(c for r in results for c in r.gt_codes)
    for t in range(len(IOU_THRESHOLDS)):
        tp_all = np.concatenate(per_thr_tp[t]) if results else np.zeros(0, bool)
        for k, c in enumerate(codes):
            sel = all_codes == c
            aps[k, t] = average_precision(tp_all[sel], all_conf[sel], gt_count.get(c, 0))
    valid = ~np.isnan(aps[:, 0])
    map50 = float(np.mean(aps[valid, 0])) if valid.any() else 0.0
    map5095 = float(np.mean(aps[valid])) if valid.any() else 0.0

    # operating point: predictions with pred_keep
    tp_n = n_pred = 0
    hit = Counter()
    exact = 0
    for r in results:
        keep = np.asarray(r.pred_keep, bool)
        codes_k = [c for c, k in zip(r.pred_codes, keep, strict=True) if k]
        tp, found = match(r.pred_boxes[keep], codes_k, r.pred_conf[keep], r.gt_boxes,
                          r.gt_codes, 0.5, with_gt=True)
        tp_n += int(tp.sum())
        n_pred += len(codes_k)
        for c, f in zip(r.gt_codes, found, strict=True):
            hit[c] += int(f)
        exact += Counter(codes_k) == Counter(r.gt_codes)
    n_gt = sum(gt_count.values())
    p = tp_n / n_pred if n_pred else 0.0
    rec = tp_n / n_gt if n_gt else 0.0
    f1 = 2 * p * rec / (p + rec) if p + rec else 0.0
    per_class = {c: hit[c] / gt_count[c] for c in gt_count}
    worst_list = sorted(per_class.items(), key=lambda kv: (kv[1], kv[0]))[:worst]
    return Report(
        images=len(results), map50=map50, map50_95=map5095, precision=p, recall=rec, f1=f1,
        hand_exact=exact / len(results) if results else 0.0, n_gt=n_gt, n_pred=n_pred,
        worst_recall=[(c, r, gt_count[c]) for c, r in worst_list], per_class_recall=per_class,
    )

