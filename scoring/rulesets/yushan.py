"""Yushan mahjong (玉山麻将), seed yushan-guobiao-and-others.txt section Ⅰ.

Four hand patterns, counted from 基本胡 = 0番, each 番 doubling the stake; the same 108 tiles,
no chows, must miss a suit, one discard may win several players, and 刮风下雨 as in Chengdu
(settled with `mjlens settle --rules yushan`). The seed lists no seven-pairs hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring import tiles as T
from scoring.hand import Hand, HandError
from scoring.ruleset import Exclusion, Fan, RuleSet, ScoreResult
from scoring.rulesets.sichuan_common import (
    BASE,
    COMMON_FIELDS,
    SETTLEMENT_OPTIONS,
    SUIT_WORDS,
    BloodBattle,
    check_hand,
    doubling,
    read_hand,
    reading_text,
    score_with_payments,
)

GAME = "Yushan mahjong"

PATTERNS = (
    ("基本胡", "Basic win", 0, lambda f, r: True, "a complete hand of two suits"),
    ("对子胡", "All pungs", 1, lambda f, r: r.all_pungs, "every set is a pung or a kong"),
    ("清一色", "Full flush", 2, lambda f, r: f.flush, "every tile is {suit}"),
    ("清对", "Full flush all pungs", 3, lambda f, r: f.flush and r.all_pungs,
     "对子胡 in one suit, {suit}"),
)


def evaluate(hand: Hand, options: Mapping[str, Any]) -> ScoreResult:
    check_hand(hand, GAME)
    facts = read_hand(hand)
    readings = [r for r in facts.readings if not r.seven_pairs]
    if not readings:
        raise HandError(
            "Yushan rules have no seven-pairs hand: the tiles must form four sets and a pair."
        )
    suit = SUIT_WORDS[T.suit(hand.all_tiles[0])] if facts.flush else ""
    best = None
    for reading in readings:
        matched = [p for p in PATTERNS if p[3](facts, reading)]
        top = matched[-1]  # the table is in increasing order and each row implies the earlier
        if best is None or top[2] > best[0][2]:
            best = (top, matched, reading)
    top, matched, reading = best
    fans = [Fan(top[0], top[1], top[2], 1, top[4].format(suit=suit))]
    excluded = [Exclusion(p[0], p[1], top[0], "only the largest pattern counts")
                for p in matched if p is not top and p[2] > 0]
    multiplier, _, _ = doubling(top[2], 0, None)
    base = options["base"]
    return ScoreResult(
        rules="yushan", total=top[2], unit="fan", fans=fans, excluded=excluded,
        arrangement=reading_text(reading),
        extra={"multiplier": multiplier, "base": base, "per_payer": base * multiplier},
    )


score = score_with_payments(evaluate, lambda r: f"{r.total} fan, x{r.extra['multiplier']}")


RULESET = RuleSet(
    id="yushan",
    name="Yushan",
    name_zh="玉山麻将",
    unit="fan",
    description="108 tiles, no chows, must miss a suit; 基本胡 0, 对子胡 1, 清一色 2, 清对 3 番, "
    "each 番 doubling the stake.",
    score=score,
    options=(BASE,) + SETTLEMENT_OPTIONS,
    extra_fields=COMMON_FIELDS,
    source="seeds/yushan-guobiao-and-others.txt, section Ⅰ",
)

SETTLEMENT = BloodBattle(rules="yushan", game=GAME, evaluate=evaluate)
