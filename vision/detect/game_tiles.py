"""Read only the tiles the game is played with.

Sichuan is played with the three suits alone, riichi and the Guangxi games without flowers. A
box the classifier names 2f on a riichi table is a misread red 5s or a spot of the table, never a
spring flower; a 7z on a Sichuan table is a misread tile. Told the game's tiles (the rule set's
`tiles`, scoring.ruleset.hand_tiles), each box is read again over those codes alone: its
probabilities of the others are set aside and the rest renormalised, so its code, its
alternatives and the layout's choices all stay within the game. A box that gave those codes
almost no weight (`LITTLE`) is dropped: the classifier saw nothing of this game's there.
Afterwards the one-set step runs again and a box that became a five gets the red-five colour
test, as the detector does.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

import numpy as np

from scoring.tiles import BACK, DETECTOR_CLASSES
from vision.detect.one_set import fit_to_one_set
from vision.detect.red_five import FIVES, THRESHOLD, red_probability

# the least share of its probability a box must give the game's codes to be kept (chosen on
# the development seeds, models/MODEL_CARD.md "The game's tiles")
LITTLE = 0.05


def allowed_mask(codes: Collection[str]) -> np.ndarray:
    """Which of the detector's classes the game has (face-down tiles always)."""
    return np.array([c in codes or c == BACK for c in DETECTOR_CLASSES])


def keep_to_tiles(dets: list, codes: Collection[str] | None, *, img: np.ndarray | None = None,
                  scale: float = 1.0, min_score: float = 0.0, little: float = LITTLE) -> list:
    """`dets` read over `codes` alone (None: every code, `dets` as they are). `img` (the
    decoded photo at `scale` times the boxes' pixels) gives a box that became a five its red
    test; `min_score` is the detector's box threshold, for the one-set step."""
    if codes is None:
        return dets
    mask = allowed_mask(codes)
    if mask.all():
        return dets
    out, changed = [], False
    for d in dets:
        if d.probs is None:
            if mask[DETECTOR_CLASSES.index(d.code)]:
                out.append(d)
            changed = True
            continue
        share = float(d.probs[mask].sum())
        if share >= 1.0 - 1e-6:
            out.append(d)
            continue
        changed = True
        if share < little:
            continue
        probs = np.where(mask, d.probs, 0.0) / share
        k = int(probs.argmax())
        code = DETECTOR_CLASSES[k]
        was = max(float(d.probs[DETECTOR_CLASSES.index(d.code)]), 1e-9)
        new = replace(d, code=code, probs=probs,
                      confidence=d.confidence * float(d.probs[k]) / was)
        if code != d.code:
            new.red = code in FIVES and img is not None and red_probability(
                img, [v * scale for v in d.box], code) >= THRESHOLD
        out.append(new)
    if not changed:
        return dets
    return fit_to_one_set(out, min_score)


def outside_game(dets: list, codes: Collection[str] | None, little: float = LITTLE) -> list:
    """The boxes of `dets` that keep_to_tiles drops: read as tiles the game is not played with
    (a box gave the game's codes under `little` of its probability), so the player can be told
    what was left out and where."""
    if codes is None:
        return []
    mask = allowed_mask(codes)
    if mask.all():
        return []
    def dropped(d) -> bool:
        if d.probs is None:
            return not mask[DETECTOR_CLASSES.index(d.code)]
        return float(d.probs[mask].sum()) < little

    return [d for d in dets if dropped(d)]


__all__ = ["LITTLE", "allowed_mask", "keep_to_tiles", "outside_game"]
