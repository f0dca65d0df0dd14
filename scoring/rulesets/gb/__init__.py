"""Guobiao / Mahjong Competition Rules (国标麻将, 中国麻将竞赛规则): 81 fans, 8-fan minimum.

Package layout: fans (the fan list as data), tilecode (engine tile numbers), shapes (decomposition,
waits), calc (fans of one reading), evaluate (special shapes and the choice of reading), explain
(why / not counted), payments (competition settlement), scoring (the entry point).
"""

from __future__ import annotations

from scoring.ruleset import HandField, Option, RuleSet
from scoring.rulesets.gb.scoring import score

RULESET = RuleSet(
    id="gb",
    name="Guobiao (Mahjong Competition Rules)",
    name_zh="国标麻将",
    unit="fan",
    description="Chinese Official / Mahjong Competition Rules: 81 fans with the fans each one "
    "excludes (不计), "
    "at least 8 fan (flowers excluded) to win; competition settlement base + fan.",
    description_zh="国家体育总局《中国麻将竞赛规则》：81 个番种及其不计原则，起和 8 番（花牌不计），竞赛结算为底分加番数。",
    score=score,
    options=(
        Option("base", 8, "the base every other player pays the winner (competition rules: 8)",
               help_zh="底分：其他每位玩家付给和牌者的基本分（竞赛规则为 8）"),
        Option("mixed_kongs", False,
               "count one melded kong plus one concealed kong as Melded and concealed kongs (明暗杠), "
               "5 fan, as the reference calculator does, instead of 1 + 2",
               help_zh="一个明杠加一个暗杠按明暗杠计 5 番（与参考计算器相同），而不是明杠 1 番加暗杠 2 番"),
    ),
    fields=(HandField("discarder", "seat", None,
                      "seat wind (E S W N) of the player who discarded the winning tile (default: "
                      "the player on the winner's left, who plays just before)",
                      "打出和牌张的座位（E S W N）；不填则算作和牌者的上家"),),
    source="seeds/yushan-guobiao-and-others.txt, sections Ⅱ and Ⅳ (国標麻將規則的番種)",
)
