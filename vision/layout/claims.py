"""Whom each exposed meld was claimed from, decided for the whole hand, and how sure that is.

The sideways odds of a meld's tiles (vision/layout/melds.meld_sideways) say where its claimed
tile lies, or that none is turned. `settle_claims` applies one table convention to all of a
player's melds; `claim_options` turns the odds into the other readings of each meld's claim with
their shares, so a photo that cannot tell (a row near 45 degrees, a face cut short by the tile
in front) lists the other claim as an alternative and lowers the reading's confidence. The
words for how one reading differs from another are here too.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from scoring import tiles as T
from scoring.hand import Hand, Meld
from scoring.messages import Msg
from scoring.notation import format_hand
from vision.layout.melds import claim_source, claim_thresholds, meld_sideways, read_meld
from vision.layout.words import M

MIN_SHARE = 0.03  # claim readings less likely than this are not listed


def _exposed_thresholds(reading) -> dict[int, float]:
    """The sideways threshold of each exposed meld: one convention per player
    (vision/layout/melds.claim_thresholds)."""
    idx = [j for j, (slots, mr) in enumerate(reading.melds) if not mr.meld.concealed]
    photo = any(s.face_depth for j in idx for s in reading.melds[j][0])
    odds = [max(meld_sideways(reading.melds[j][0], reading.odds), default=0.0) for j in idx]
    return dict(zip(idx, claim_thresholds(odds, photo), strict=True))


def _thresholds(reading) -> dict[int, float]:
    """The sideways threshold each exposed meld was read with (as settle_claims does), for
    the melds whose claim may be read otherwise (three or four tiles in a row, not added)."""
    return {j: t for j, t in _exposed_thresholds(reading).items()
            if len(reading.melds[j][0]) >= 3 and not reading.melds[j][1].meld.added}


def settle_claims(hand: Hand, reading):
    """Decide the sideways tile of each exposed meld against the others (one convention per
    player, vision/layout/melds.claim_thresholds, a lone meld included); the melds' kinds and
    tiles stay."""
    thresholds = _exposed_thresholds(reading)
    if not thresholds or len(hand.melds) != len(reading.melds):
        return hand, reading
    melds = list(reading.melds)
    for j, t in thresholds.items():
        slots, old = melds[j]
        same = [r for r in read_meld(slots, t, memo=reading.odds)
                if _same_meld(r.meld, old.meld)]
        if same:
            melds[j] = (slots, min(same, key=lambda r: r.cost))
    if all(a[1].meld == b[1].meld for a, b in zip(melds, reading.melds, strict=True)):
        return hand, reading
    new_hand = replace(hand, melds=tuple(m.meld for _, m in melds))
    return new_hand, replace(reading, melds=melds)


def _same_meld(a: Meld, b: Meld) -> bool:
    return (a.kind, a.tiles, a.concealed, a.added) == (b.kind, b.tiles, b.concealed, b.added)


def _claimed(meld: Meld, slots, pos: int | None) -> Meld:
    """`meld` with its claimed tile at display position `pos` (None: no tile turned)."""
    if pos is None:
        return replace(meld, claimed_from=None, claimed_tile=None)
    src = "left" if meld.kind == "chow" else claim_source(pos, len(slots))
    return replace(meld, claimed_from=src, claimed_tile=slots[pos].code if meld.kind == "chow"
                   else meld.tiles[0])


def claim_options(hand: Hand, reading) -> tuple[float, list[tuple[float, Hand]]]:
    """The share of the chosen claims among the readings the sideways odds allow (at most one
    tile turned per meld), and the hands with one meld's claim read otherwise, with their
    shares relative to the chosen hand's."""
    if len(hand.melds) != len(reading.melds):
        return 1.0, []
    chosen_share = 1.0
    others: list[tuple[float, Hand]] = []
    for j, t in _thresholds(reading).items():
        slots, mr = reading.melds[j]
        meld = hand.melds[j]
        odds = [min(max(p, 1e-4), 1 - 1e-4) for p in meld_sideways(slots, reading.odds)]
        none = 1.0
        for p in odds:
            none *= 1 - p
        # a turned tile is expected in a meld: at the threshold the reading decides on, a
        # claim and no claim weigh the same
        prior = (1 - t) / t
        weights: dict[str | None, float] = {None: none}
        for pos, p in enumerate(odds):
            key = _claimed(meld, slots, pos).claimed_from
            weights[key] = weights.get(key, 0.0) + prior * none / (1 - p) * p
        total = sum(weights.values())
        mine = weights.get(meld.claimed_from, 0.0) / total
        chosen_share *= max(mine, 1e-3)
        for key, w in weights.items():
            if key == meld.claimed_from or w / total < MIN_SHARE:
                continue
            pos = _position(key, meld, slots, odds)
            melds = list(hand.melds)
            melds[j] = _claimed(meld, slots, pos)
            others.append((w / total / max(mine, 1e-3), replace(hand, melds=tuple(melds))))
    return chosen_share, others


def _position(key: str | None, meld: Meld, slots, odds: list[float]) -> int | None:
    """The likeliest display position that reads as claimed from `key`."""
    if key is None:
        return None
    cands = [i for i in range(len(slots)) if _claimed(meld, slots, i).claimed_from == key]
    return max(cands, key=lambda i: odds[i])


# ---- how another reading differs, in words ------------------------------------------------


def describe_change(a: Hand, b: Hand) -> Msg:
    """How reading `b` differs from reading `a` (Alternative.why, the notes)."""
    parts = []
    if a.win_tile != b.win_tile:
        parts.append(M("win_instead", new=b.win_tile, old=a.win_tile))
    ca, cb = Counter(a.all_tiles), Counter(b.all_tiles)
    if ca != cb:
        more, less = cb - ca, ca - cb
        if more:
            parts.append(M("with", tiles=" ".join(T.sorted_codes(more.elements()))))
        if less:
            parts.append(M("without", tiles=" ".join(T.sorted_codes(less.elements()))))
    ma = sorted((m.kind, m.tiles, m.concealed, m.claimed_from or "") for m in a.melds)
    mb = sorted((m.kind, m.tiles, m.concealed, m.claimed_from or "") for m in b.melds)
    if ma != mb:
        melds = " ".join(meld_text(m) for m in b.melds)
        parts.append(M("melds", melds=melds) if melds else M("no_melds"))
    if not parts:
        return M("same_tiles")
    out = parts[0]
    for part in parts[1:]:
        out = M("and", a=out, b=part)
    return out


def meld_text(m: Meld) -> str:
    h = Hand((), (m,), None)
    return format_hand(h)


def same_tiles(a: Hand, b: Hand) -> bool:
    return Counter(a.all_tiles) == Counter(b.all_tiles)
