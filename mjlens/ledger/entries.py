"""A ledger entry from what a player has: notation, hand JSON, a photo, a round, a drawn hand.
The CLI and the app both build entries here, so a hand reads the same wherever it is added."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mjlens.ledger.store import Entry
from mjlens.ledger.words import LedgerError
from mjlens.ledger.words import M as W


def from_notation(text: str, **who) -> Entry:
    from scoring.hand import HandError
    from scoring.notation import parse_hand

    try:
        hand = parse_hand(text)
    except HandError as exc:
        raise LedgerError(exc.msg) from None
    return Entry("hand", "notation", hand=hand.to_json(), **who)


def from_json(data: Any, **who) -> Entry:
    from scoring.hand import Hand, HandError

    try:
        Hand.from_json(data)  # refused here, in the player's words, before anything is stored
    except HandError as exc:
        raise LedgerError(exc.msg) from None
    return Entry("hand", "json", hand=dict(data), **who)


def from_round(data: Any, **who) -> Entry:
    from scoring.settle import M as SETTLE

    if not isinstance(data, dict):
        raise LedgerError(SETTLE("not_object"))
    return Entry("round", "round", round=data, **who)


def drawn(**who) -> Entry:
    return Entry("draw", "draw", **who)


def from_photo(photo: str | Path | bytes, rules: str, options: dict[str, Any],
               self_drawn: bool = False, detector=None, name: str = "", **who) -> Entry:
    """Read a photo with the shared pipeline; the entry keeps the reading (every box, and which
    box each tile of the hand came from) so the ledger can show the photo's link later."""
    from scoring.hand import WinContext
    from vision.detect import ImageReadError, load_detector
    from vision.pipeline import scan_photo

    try:
        scanned = scan_photo(photo, detector or load_detector(), rules=rules, options=options,
                             context=WinContext(self_drawn=self_drawn))
    except ImageReadError as exc:
        raise LedgerError(exc.msg) from None
    layout = scanned.layout
    if layout.hand is None:
        raise LedgerError(layout.failure or W("no_photo_hand"))
    reading = {"image": name or (str(photo) if not isinstance(photo, bytes) else ""),
               "width": scanned.image.width, "height": scanned.image.height,
               **{k: v for k, v in layout.to_json().items() if k in ("detections", "links")}}
    return Entry("hand", "photo", hand=layout.hand.to_json(), reading=reading, **who)
