"""Yushan mahjong (玉山麻将), seed yushan-guobiao-and-others.txt section Ⅰ.

Four hand patterns, counted from 基本胡 = 0番, each 番 doubling the stake; the same 108 tiles,
no chows, must miss a suit, one discard may win several players, and 刮风下雨 as in Chengdu
(settled with `mjlens settle --rules yushan`). The seed lists no seven-pairs hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from scoring.hand import Hand, HandError
from scoring.messages import Catalog, Text
from scoring.patterns import Pattern
from scoring.ruleset import RuleSet, ScoreResult
from scoring.rulesets.sichuan_common import (
    BASE,
    COMMON_FIELDS,
    SETTLEMENT_OPTIONS,
    SUITED,
    BloodBattle,
    Counted,
    WinReading,
    best_count,
    check_hand,
    doubling,
    fan_value,
    reading_text,
    score_with_payments,
    top_pattern,
    win_facts,
)

GAME = Text("Yushan mahjong", "玉山麻将")

M = Catalog("yushan", {
    "basic": ("a complete hand of two suits", "两门花色的完整和牌"),
    "all_pungs": ("every set is a pung or a kong", "每组都是刻子或杠"),
    "flush": ("every tile is {suit}", "全部是{suit}"),
    "flush_pungs": ("all pungs in one suit, {suit}", "清一色的对子胡：{suit}"),
    "largest_only": ("only the largest pattern counts", "只按最大的牌型计番"),
    "no_seven_pairs": ("Yushan rules have no seven-pairs hand: the tiles must form four sets and "
                       "a pair.", "玉山麻将没有七对：牌必须组成四组加一对将。"),
})

# 番 counted from 基本胡 = 0; the table is in increasing order and each row implies the earlier.
PATTERNS: tuple[Pattern[WinReading], ...] = (
    Pattern("基本胡", "Basic win", 0, lambda c: True, M("basic")),
    Pattern("对子胡", "All pungs", 1, lambda c: c.all_pungs, M("all_pungs")),
    Pattern("清一色", "Full flush", 2, lambda c: c.flush, lambda c: M("flush", suit=c.suit)),
    Pattern("清对", "Full flush all pungs", 3, lambda c: c.flush and c.all_pungs,
            lambda c: M("flush_pungs", suit=c.suit)),
)


def _count_reading(c: WinReading) -> Counted:
    top, excluded = top_pattern(PATTERNS, c, M("largest_only"), silent=("基本胡",))
    return Counted(c.reading, [top.fan(c)], excluded, top.value)


def evaluate(hand: Hand, options: Mapping[str, Any]) -> ScoreResult:
    check_hand(hand, GAME)
    facts = win_facts(hand)
    readings = tuple(r for r in facts.readings if not r.seven_pairs)
    if not readings:
        raise HandError(M("no_seven_pairs"))
    best = best_count(replace(facts, readings=readings), options, _count_reading)
    multiplier, _, _ = doubling(best.value, 0, None)
    base = options["base"]
    return ScoreResult(
        rules="yushan", total=best.value, unit="fan", fans=best.fans, excluded=best.excluded,
        arrangement=reading_text(best.reading),
        extra={"multiplier": multiplier, "base": base, "per_payer": base * multiplier},
    )


score = score_with_payments(evaluate, fan_value)


RULESET = RuleSet(
    id="yushan",
    name="Yushan",
    name_zh="玉山麻将",
    unit="fan",
    description="108 tiles, no chows, must miss a suit; a basic win (基本胡) 0, all pungs (对子胡) 1, "
    "full flush (清一色) 2, full flush all pungs (清对) 3 fan, each fan doubling the stake.",
    description_zh="108张牌，不能吃，须缺一门可胡；基本胡0番、对子胡1番、清一色2番、清对3番，每番翻倍。",
    score=score,
    options=(BASE,) + SETTLEMENT_OPTIONS,
    fields=COMMON_FIELDS,
    source="seeds/yushan-guobiao-and-others.txt, section Ⅰ",
    settlement=BloodBattle(game=GAME, evaluate=evaluate),
    tiles=SUITED,  # the game's tiles: the photo reader reads no other
)
