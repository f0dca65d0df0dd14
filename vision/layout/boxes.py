"""The layout's input: the detector's boxes (`TileBox`, from whatever the caller gives:
vision.detect Detections, `mjlens detect --json` dicts, a synthetic sidecar's tiles) and the
places on the table they show (`Site`: a tile, a tile stacked on it, duplicate boxes merged)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from scoring import tiles as T
from scoring.messages import Msg
from vision.layout.words import M

KNOWN_CODES = set(T.DETECTOR_CLASSES)
ALTERNATIVES = 3  # other codes taken from a detector's Detection (its top(1 + this))


@dataclass
class TileBox:
    """One detector box as the layout reads it. `alternatives` are other codes the detector
    considered, best first, as (code, probability)."""

    code: str
    box: tuple[float, float, float, float]
    confidence: float = 1.0
    alternatives: tuple[tuple[str, float], ...] = ()
    index: int = -1  # position in the input list, for messages

    @property
    def centre(self) -> tuple[float, float]:
        x1, y1, x2, y2 = self.box
        return (x1 + x2) / 2, (y1 + y2) / 2

    @property
    def width(self) -> float:
        return self.box[2] - self.box[0]

    @property
    def height(self) -> float:
        return self.box[3] - self.box[1]

    def describe(self) -> Msg:
        x, y = self.centre
        return M("box_at", code=self.code, x=f"{x:.0f}", y=f"{y:.0f}")

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "code": self.code,
            "box": [round(float(v), 1) for v in self.box],
            "confidence": round(float(self.confidence), 4),
        }
        if self.alternatives:
            out["alternatives"] = [{"code": c, "confidence": round(float(p), 4)}
                                   for c, p in self.alternatives]
        return out


def _parse_alternatives(raw: Any) -> tuple[tuple[str, float], ...]:
    out: list[tuple[str, float]] = []
    for item in raw or ():
        if isinstance(item, str):
            code, p = item, 0.0
        elif isinstance(item, Mapping):
            code = item.get("code")
            p = item.get("confidence", item.get("score", item.get("p", 0.0)))
        elif isinstance(item, (list, tuple)) and len(item) >= 1:
            code, p = item[0], (item[1] if len(item) > 1 else 0.0)
        else:
            continue
        try:
            p = float(p or 0.0)
        except (TypeError, ValueError):
            continue
        if isinstance(code, str) and code in KNOWN_CODES and math.isfinite(p):
            out.append((code, p))
    return tuple(out)


def parse_detections(items: Iterable[Any]) -> tuple[list[TileBox], list[Msg]]:
    """Accept TileBox objects, dicts (`code`, `box`, `confidence`, `alternatives`/`topk`) or
    objects with those attributes. Returns the usable detections and notes on the rest."""
    dets: list[TileBox] = []
    notes: list[Msg] = []
    for i, item in enumerate(items):
        if isinstance(item, TileBox):
            d = TileBox(item.code, tuple(map(float, item.box)), float(item.confidence),
                          tuple(item.alternatives), i)
        else:
            get = item.get if isinstance(item, Mapping) else lambda k, v=None, o=item: getattr(o, k, v)
            code = get("code")
            box = get("box")
            conf = get("confidence", 1.0)
            alts = get("alternatives") or get("topk") or get("alts") or ()
            if not alts and callable(getattr(item, "top", None)):
                alts = item.top(1 + ALTERNATIVES)  # vision.detect.Detection: its likeliest codes
            try:
                box_t = tuple(float(v) for v in box)
                ok = (len(box_t) == 4 and all(map(math.isfinite, box_t))
                      and box_t[2] > box_t[0] and box_t[3] > box_t[1])
            except (TypeError, ValueError):
                ok = False
            if not ok:
                notes.append(M("no_box", i=i))
                continue
            if code not in KNOWN_CODES:
                notes.append(M("unknown_code", i=i, code=repr(code)))
                continue
            alt = tuple((c, p) for c, p in _parse_alternatives(alts) if c != code)
            try:
                conf_f = min(1.0, max(0.0, float(conf if conf is not None else 1.0)))
            except (TypeError, ValueError):
                conf_f = 1.0
                notes.append(M("bad_confidence", i=i, conf=repr(conf)))
            d = TileBox(code, box_t, conf_f if math.isfinite(conf_f) else 1.0, alt, i)
        dets.append(d)
    return dets, notes


def iou(a: tuple, b: tuple) -> tuple[float, float]:
    """(intersection over union, intersection over the smaller box)."""
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    if inter <= 0:
        return 0.0, 0.0
    aa = (a[2] - a[0]) * (a[3] - a[1])
    ab = (b[2] - b[0]) * (b[3] - b[1])
    return inter / (aa + ab - inter), inter / min(aa, ab)


@dataclass
class Site:
    """One place on the table: a tile, possibly with another tile stacked on it (`top`), and
    boxes merged into it as duplicates."""

    det: TileBox
    top: TileBox | None = None  # a tile lying on this one (3+1 kong, added kong)
    maybe_top: TileBox | None = None  # same-code overlap: a duplicate box or a stacked tile
    merged: list[TileBox] = field(default_factory=list)
    flat_top: bool = False  # the extra kong tile lies beside (not on) the claimed tile

    @property
    def code(self) -> str:
        return self.det.code

    @property
    def centre(self) -> np.ndarray:
        return np.array(self.det.centre)


def overlap_groups(dets: list[TileBox], thresh_iou=0.45, thresh_ios=0.7,
                   other_code_iou=0.7) -> list[list[int]]:
    """Connected groups of boxes that overlap a lot: the same tile twice (boxes of different
    codes must nearly coincide: neighbours seen at a grazing angle overlap a lot too), or a tile
    stacked on one of the same code."""
    n = len(dets)
    parent = list(range(n))

    def find(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i in range(n):
        for j in range(i + 1, n):
            a, b = iou(dets[i].box, dets[j].box)
            if dets[i].code != dets[j].code:
                if a >= other_code_iou:
                    parent[find(i)] = find(j)
            elif a >= thresh_iou or b >= thresh_ios:
                parent[find(i)] = find(j)
    groups: dict[int, list[int]] = {}
    for i in range(n):
        groups.setdefault(find(i), []).append(i)
    return list(groups.values())
