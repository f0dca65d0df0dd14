"""What a synthetic scene shows of its true hand, and how a reading of it is judged: the
helpers shared by the layout test, its benchmark and the sideways-odds fit (datasets.synth
sidecars in, no vision code).

What "exact" means (what a photo can show): the standing tiles, the melds (kind, tiles,
concealed, claimed_from), the winning tile and the flowers. claimed_from is compared only where
the scene shows the claimed tile sideways (otherwise it is unknowable and must be None): per
meld, where the player turns claimed tiles and the sidecar names the meld's claimed_tile (the
generator leaves about one claimed meld in seven unturned; it then has none); the winning tile
only where it is set apart by a gap (otherwise any tile that completes the hand is a fair
reading, so the standing tiles plus the winning tile are compared as one multiset). Scenes in
which a hand tile is hidden (by an occluder, or too little of it shows to be labelled) cannot
be read exactly (`readable` is False), except a kong's tile hidden under the one lying on it.
"""

from __future__ import annotations

import math

from scoring.hand import Hand


def scene_detections(sc: dict, quads: bool = False) -> list[dict]:
    """The boxes a perfect detector would report: each labelled tile (a face-down one as
    `back`) with confidence 1."""
    out = []
    for t in sc["tiles"]:
        if not t["labelled"]:
            continue
        out.append({"code": t["label"], "box": t["box"], "confidence": 1.0,
                    **({"quad": t["quad"]} if quads else {})})
    return out


def readable(sc: dict) -> bool:
    """Every tile of the hand is labelled, or lies under a labelled tile stacked on it."""
    for t in sc["tiles"]:
        if t["group"] == "distractor" or t["labelled"] or t["stacked"]:
            continue
        covered = any(u["stacked"] and u["labelled"] and u["table_xy"] == t["table_xy"]
                      for u in sc["tiles"])
        if not covered:
            return False
    return True


def mismatch(sc: dict, hand: Hand | None) -> str | None:
    """None when `hand` is the scene's hand as far as the photo shows it, else what differs."""
    if hand is None:
        return "no hand"
    true = Hand.from_json(sc["hand"])
    shown = sc["layout"].get("claimed_sideways")
    want = sorted((m.kind, m.tiles, m.concealed,
                   (m.claimed_from if shown and m.claimed_tile is not None else None) or "")
                  for m in true.melds)
    got = sorted((m.kind, m.tiles, m.concealed, m.claimed_from or "") for m in hand.melds)
    if got != want:
        return "melds"
    if sorted(hand.flowers) != sorted(true.flowers):
        return "flowers"
    if sc["layout"]["win_gap"]:
        if sorted(hand.concealed) != sorted(true.concealed):
            return "standing tiles"
        if hand.win_tile != true.win_tile:
            return "winning tile"
    elif sorted(hand.closed_tiles) != sorted(true.closed_tiles):
        return "standing tiles"
    return None


def layout_cases(sc: dict) -> list[str]:
    """The layout situations a scene shows (rows, meld side, winning tile apart, ...)."""
    lay = sc["layout"]
    hand = sc["hand"]
    out = ["two rows" if lay["rows"] == 2 else "one row"]
    if hand["melds"]:
        out.append(f"melds {lay['melds_side']}")
    out.append("win apart" if lay["win_gap"] else "win not apart")
    if any(m["concealed"] for m in hand["melds"]):
        out.append("concealed kong")
    if any(m["kind"] == "kong" and not m["concealed"] for m in hand["melds"]):
        out.append("exposed kong")
    if any(t["sideways"] for t in sc["tiles"]):
        out.append("sideways claim")
    if hand["flowers"]:
        out.append("flowers")
    ang = abs(((lay["angle_deg"] + 90) % 180) - 90)
    if ang > 30:
        out.append("angle > 30")
    if any(t["upside_down"] for t in sc["tiles"] if t["labelled"]):
        out.append("upside-down")
    if lay.get("distractors"):
        out.append("distractors")
    return out


def wilson_interval(k: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a rate of k in n (95% for the default z): what a pooled
    rate guarantees, where the plain k / n overstates a small sample's certainty."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half
