"""Jokers (wild tiles: Fujian 金, Yuhuan 财神) as the app shows them: which tile kind is wild in
the hand on screen, the badge drawn on each copy, the legend, and what each joker stood for.

The result says it best (its `extra` names the wild kind and what each copy stood for); while a
hand cannot be scored yet, the rule set's hand field (`gold`, `wild`) or, for Yuhuan with the
财神 option on, its default 白板 says which tiles to mark.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scoring import tiles as T
from scoring.messages import Catalog, Msg, Tile
from scoring.ruleset import RuleSet, ScoreResult

M = Catalog("app_jokers", {
    "legend_gold": ("Gold border, 金 badge: the gold {tile}, a joker that may stand for any tile.",
                    "金框、带“金”字的牌：金 {tile}，百搭，可当任何牌。"),
    "legend_wild": ("Gold border, 财 badge: the 财神 {tile}, a joker that may stand for any tile.",
                    "金框、带“财”字的牌：财神 {tile}，百搭，可当任何牌。"),
    "heading": ("What the jokers stood for", "百搭牌当作"),
    "stood": ("{badge} {tile} → {as_}", "{badge} {tile} 当作 {as_}"),
    "itself": ("{tile} (itself)", "{tile}（本身）"),
    "alt": ("{tile}, joker ({badge})", "{tile}，百搭（{badge}）"),
})

BADGES = {"gold": "金", "wild": "财"}  # hand field naming the wild kind -> badge on its tiles
CAISHEN_DEFAULT = "5z"  # Yuhuan: 白板 is the 财神 when the option is on and no tile is named
STOOD_NOTE = "wild.stood_for"  # the result's note per joker, shown as the jokers' own lines


@dataclass(frozen=True)
class Joker:
    """The wild kind of the hand on screen, the hand field that names it and its badge."""

    code: str
    field: str

    @property
    def badge(self) -> str:
        return BADGES[self.field]

    def legend(self) -> Msg:
        return M(f"legend_{self.field}", tile=Tile(self.code))

    def alt(self, name: str, lang: str) -> str:
        return M("alt", tile=name, badge=self.badge).render(lang)


def _tile_value(value: Any) -> str | None:
    if isinstance(value, list) and value:
        value = value[0]
    return value if isinstance(value, str) and T.is_tile(value) else None


def joker_of(rs: RuleSet, options: dict[str, Any], extra: dict[str, Any],
             result: ScoreResult | None = None) -> Joker | None:
    """The joker kind of the hand under rule set `rs`: from the result when there is one,
    else from the hand's fields and options; None in games without jokers."""
    if result is not None:
        for field in BADGES:
            code = _tile_value(result.extra.get(field))
            if code is not None:
                return Joker(code, field)
        return None
    for field in BADGES:
        if field not in rs.field_names:
            continue
        code = _tile_value(extra.get(field))
        if code is not None:
            return Joker(code, field)
        caishen = next((o.default for o in rs.options if o.name == "caishen"), None)
        if field == "wild" and options.get("caishen", caishen):
            return Joker(CAISHEN_DEFAULT, field)
    return None


def stood_for(joker: Joker, result: ScoreResult | None) -> list[str]:
    """The tile each joker stood for in the result's best reading (one entry per joker)."""
    if result is None:
        return []
    codes = result.extra.get(f"{joker.field}_stood_for") or []
    return [c for c in codes if isinstance(c, str)]


def stood_lines(joker: Joker, result: ScoreResult | None) -> list[Msg]:
    """One line per joker: `金 9m (9 Characters) → 3p (3 Dots)` / `金 9m（九万） 当作 3p（三筒）`."""
    return [M("stood", badge=joker.badge, tile=Tile(joker.code),
              as_=M("itself", tile=Tile(c)) if c == joker.code else Tile(c))
            for c in stood_for(joker, result)]


def other_notes(notes: list) -> list:
    """The result's notes less the per-joker ones (shown as the jokers' own lines)."""
    return [n for n in notes if not (isinstance(n, Msg) and n.key == STOOD_NOTE)]
