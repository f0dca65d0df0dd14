"""A photo shows one mahjong set: at most four of each tile and one of each flower.

When the crop classifier reads a fifth 7m or a second plum, one of those readings is wrong. The
reading that costs least to change (its probability of the crowded code against its best code
that still has room) is moved to that code, until every code fits in one set. A reading is only
moved to a code the classifier gives some weight (MIN_SECOND); otherwise it is left for the
layout to report, since the photo may really show more than one set.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace

import numpy as np

from scoring import tiles as T
from scoring.tiles import BACK, DETECTOR_CLASSES

MIN_SECOND = 0.02  # the least probability a code needs to take a displaced reading


def copies_in_a_set(code: str) -> int:
    if code == BACK:
        return 10 ** 6  # face-down tiles can be anything
    return T.copies_in_a_set(code)


def fit_to_one_set(dets: list, min_score: float = 0.0) -> list:
    """`dets` (Detections with `probs`) with over-counted codes moved to their next best code.

    Only boxes scored `min_score` or more count as tiles (lower ones are kept for rankings)."""
    dets = list(dets)
    count = Counter(d.code for d in dets if d.box_score >= min_score)
    while True:
        crowded = [c for c, n in count.items() if n > copies_in_a_set(c)]
        best = None  # (cost, index, new code)
        for i, d in enumerate(dets):
            if d.code not in crowded or d.probs is None or d.box_score < min_score:
                continue
            p = d.probs
            for k in np.argsort(-p):
                alt = DETECTOR_CLASSES[k]
                # never to `back`: a face was seen, it does not become a face-down tile
                if alt in (d.code, BACK) or count[alt] >= copies_in_a_set(alt):
                    continue
                if p[k] >= MIN_SECOND:
                    mine = max(float(p[DETECTOR_CLASSES.index(d.code)]), 1e-9)
                    cost = math.log(mine / p[k])
                    if best is None or cost < best[0]:
                        best = (cost, i, alt, float(p[k]) / mine)
                break
        if best is None:
            return dets
        _, i, alt, ratio = best
        d = dets[i]
        count[d.code] -= 1
        count[alt] += 1
        # scaled, not box_score x probs[alt]: `probs` are renormalised without "not a tile",
        # the confidence keeps that share out, as for every other box
        dets[i] = replace(d, code=alt, confidence=d.confidence * ratio)
