"""What the layout read from one photo: `LayoutResult` (the best hand, its other readings, the
notes, each tile's box and the gaps where a tile may be missing) and why no hand was read
(`LayoutFailure` and its kinds)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scoring.hand import Hand
from scoring.hant import HANT
from scoring.messages import Msg, render
from scoring.notation import format_hand
from vision.layout.boxes import TileBox
from vision.layout.links import MissingTile, TileLinks


@dataclass
class Alternative:
    hand: Hand
    confidence: float
    score: float | None = None
    why: Msg | str = ""  # how it differs from the best reading
    links: TileLinks | None = None  # the box of each tile of `hand`

    def to_json(self) -> dict[str, Any]:
        return {"hand": self.hand.to_json(), "notation": format_hand(self.hand),
                "confidence": round(self.confidence, 4), "score": self.score,
                "why": render(self.why, "en"), "why_zh": render(self.why, "zh"),
                "why_zh_hant": render(self.why, HANT),
                "links": self.links.to_json() if self.links else None}


class LayoutFailure(ValueError):
    """Why no hand was read (LayoutResult.failure): its kind says what the photo showed, `msg`
    says it to a player."""

    def __init__(self, msg: Msg | str):
        self.msg = msg
        super().__init__(render(msg, "en"))


class NoTiles(LayoutFailure):
    """No usable tile box at all."""


class NoRow(LayoutFailure):
    """Tiles, but no row of them that could be a hand."""


class NoHandShape(LayoutFailure):
    """A row of tiles that cannot be split into standing tiles, a winning tile and melds."""


@dataclass
class LayoutResult:
    """The reading of one photo. `hand` is None when no hand could be made of the tiles;
    `legal` says whether it passed Hand.validate; `notes` lists everything uncertain."""

    hand: Hand | None
    confidence: float
    alternatives: list[Alternative] = field(default_factory=list)
    notes: list[Msg] = field(default_factory=list)
    detections: list[TileBox] = field(default_factory=list)
    legal: bool = False
    winning: bool = False
    failure: LayoutFailure | None = None
    left_out: list[TileBox] = field(default_factory=list)  # boxes not in the hand (see notes)
    hidden: int = 0  # tiles in the hand that no box shows (a kong's covered tile)
    links: TileLinks | None = None  # the box (index in `detections`) of each tile of `hand`
    missing: list[MissingTile] = field(default_factory=list)  # gaps where a tile may be missing

    @property
    def error(self) -> str | None:
        return str(self.failure) if self.failure is not None else None

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": self.hand.to_json() if self.hand else None,
            "notation": format_hand(self.hand) if self.hand else None,
            "confidence": round(self.confidence, 4),
            "legal": self.legal,
            "winning": self.winning,
            "uncertain": [render(n, "en") for n in self.notes],
            "uncertain_zh": [render(n, "zh") for n in self.notes],
            "uncertain_zh_hant": [render(n, HANT) for n in self.notes],
            "alternatives": [a.to_json() for a in self.alternatives],
            "detections": [d.to_json() for d in self.detections],
            "links": self.links.to_json() if self.links else None,
            "missing": [m.to_json() for m in self.missing],
            **({"error": self.error} if self.error else {}),
        }


def hand_key(hand: Hand) -> tuple:
    """What the photo decides: standing tiles, melds (kind, tiles, concealed, claimed_from),
    winning tile, flowers."""
    return (
        tuple(sorted(hand.concealed)),
        tuple(sorted((m.kind, m.tiles, m.concealed, m.claimed_from or "") for m in hand.melds)),
        hand.win_tile,
        tuple(sorted(hand.flowers)),
    )


__all__ = ["Alternative", "LayoutFailure", "LayoutResult", "NoHandShape", "NoRow", "NoTiles",
           "hand_key"]
