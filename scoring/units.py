"""A rule set's unit of score named for a reader, in English and Chinese.

`RuleSet.unit` / `ScoreResult.unit` stay the word the rule set wrote (the JSON's `unit`, in
either language); the terminal, `mjlens rules` and the app show it through this catalog, so a
Chinese reader sees 倍底注, not "x stake", and an English reader sees "fan", not 番.
"""

from __future__ import annotations

from scoring.messages import Catalog, Msg, Text, render

UNITS = Catalog("unit", {
    "fan": ("fan", "番"),
    "番": ("fan", "番"),
    "胡": ("hu", "胡"),  # Yuhuan's 胡数 (docs/yuhuan.md)
    "台": ("tai", "台"),  # Taiwanese 台數 (docs/taiwan.md)
    "x base": ("x base", "倍底分"),
    "x stake": ("x stake", "倍底注"),
    "points": ("points", "分"),
    "point": ("point", "分"),
    "pt": ("pt", "分"),
    "han": ("han", "番"),  # riichi's yaku (its total is in points)
})


def unit_name(unit: str) -> Msg | str:
    """The unit as a message; one the catalog lacks is shown as written (tests/test_units.py
    keeps every registered rule set's unit in the catalog)."""
    return UNITS(unit) if unit in UNITS.entries else unit


def amount(value: object, unit: str) -> Text:
    """`3 fan` / `3番`: a value in a unit, in both languages."""
    number = render(value, "en")
    name = unit_name(unit)
    return Text(f"{number} {render(name, 'en')}", f"{number}{render(name, 'zh')}")
