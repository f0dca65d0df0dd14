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
    # a rule set's own word for a unit it shares with others: riichi's points are 点 (点棒),
    # as its own sentences say (3900点), where a Chinese game's points are 分
    "riichi:points": ("points", "点"),
})


def unit_name(unit: str, rules: str | None = None) -> Msg | str:
    """The unit as a message (`rules`' own word for it where it has one); one the catalog lacks
    is shown as written (tests/test_units.py keeps every registered rule set's unit in it)."""
    if rules is not None and f"{rules}:{unit}" in UNITS.entries:
        return UNITS(f"{rules}:{unit}")
    return UNITS(unit) if unit in UNITS.entries else unit


def amount(value: object, unit: str) -> Text:
    """`3 fan` / `3番`: a value in a unit, in both languages."""
    number = render(value, "en")
    name = unit_name(unit)
    return Text(f"{number} {render(name, 'en')}", f"{number}{render(name, 'zh')}")
