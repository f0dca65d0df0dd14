"""The Sichuan multiplier table (麻将怎么算钱), seed yushan-guobiao-and-others.txt section Ⅸ.

Here a hand's 番 is directly its multiple of the stake (底金): 屁和 1, 对对和 2, 门前清对对和 5,
清一色 4, ... 清三龙七对 256. Only the largest hand pattern counts; each kong doubles (明杠 /
暗杠 +1番 底金×2), 抢杠和 and 杠上花 multiply by 4 (+2番 底金×4), and 包赔 (one player pays
for all three) by 3 (包賠清一色 底金×4×3). Same tiles and round settlement as Chengdu.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.hand import Hand, HandError
from scoring.messages import Catalog, Text
from scoring.patterns import Pattern, matched
from scoring.ruleset import HandField, Option, RuleSet, ScoreResult
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
    flag_field,
    reading_text,
    score_with_payments,
    times_value,
    top_pattern,
    win_facts,
)

GAME = Text("Sichuan mahjong", "四川麻将")

M = Catalog("sichuan_mult", {
    "plain": ("four sets and a pair", "四组加一对将"),
    "all_pungs": ("every set is a pung or a kong", "每组都是刻子或杠"),
    "flush": ("every tile is {suit}", "全部是{suit}"),
    "seven_pairs": ("seven pairs", "七个对子"),
    "concealed_pungs": ("对对和 with nothing claimed (concealed kongs allowed)",
                        "门前清的对对和（可以有暗杠）"),
    "flush_pungs": ("对对和 in one suit, {suit}", "清一色的对对和：{suit}"),
    "concealed_flush": ("full flush with nothing claimed", "门前清的清一色"),
    "dragons_1": ("seven pairs with one four-of-a-kind", "七对中有一个四张相同"),
    "dragons_2": ("seven pairs with two four-of-a-kind", "七对中有两个四张相同"),
    "dragons_3": ("seven pairs with three four-of-a-kind", "七对中有三个四张相同"),
    "flush_pairs": ("seven pairs in one suit, {suit}", "清一色的七对：{suit}"),
    "flush_dragons_1": ("龙七对 in one suit, {suit}", "清一色的龙七对：{suit}"),
    "flush_dragons_2": ("双龙七对 in one suit, {suit}", "清一色的双龙七对：{suit}"),
    "flush_dragons_3": ("三龙七对 in one suit, {suit}", "清一色的三龙七对：{suit}"),
    "largest_only": ("only the largest hand pattern counts", "只按最大的牌型计算"),
    "kong": ("the stake x2 (+1番 底金×2)", "加1番：底金×2"),
    "two_fan": ("the stake x4 (+2番 底金×4)", "加2番：底金×4"),
    "baopei": ("the discarder pays for all three players (底金×…×3)", "放炮者替三家包赔（底金×…×3）"),
    "baopei_self_drawn": ("包赔 (one player pays for all three) applies to a win on a discard.",
                          "包赔（一家替三家付）只用于点炮和牌。"),
    "capped": ("Capped: worth {multiple}x, paid as {paid}x.", "封顶：值{multiple}倍，按{paid}倍付。"),
})


def _dragons(n: int):
    return lambda c: c.seven_pairs and c.dragons == n


def _flush_dragons(n: int):
    return lambda c: c.flush and c.seven_pairs and c.dragons == n


def _concealed(c: WinReading) -> bool:
    return c.hand.is_concealed_hand


# Each pattern's value is its multiple of the stake; only the largest counts (on a tie the later
# row: 门前清清一色 is listed before 清对对胡, which a concealed flush of pungs is paid as).
PATTERNS: tuple[Pattern[WinReading], ...] = (
    Pattern("屁和", "Plain win", 1, lambda c: not c.seven_pairs, M("plain")),
    Pattern("对对和", "All pungs", 2, lambda c: c.all_pungs, M("all_pungs")),
    Pattern("清一色", "Full flush", 4, lambda c: c.flush, lambda c: M("flush", suit=c.suit)),
    Pattern("七对", "Seven pairs", 4, lambda c: c.seven_pairs, M("seven_pairs")),
    Pattern("门前清对对和", "Concealed all pungs", 5, lambda c: c.all_pungs and _concealed(c),
            M("concealed_pungs")),
    Pattern("门前清清一色", "Concealed full flush", 8, lambda c: c.flush and _concealed(c),
            M("concealed_flush")),
    Pattern("清对对胡", "Full flush all pungs", 8, lambda c: c.flush and c.all_pungs,
            lambda c: M("flush_pungs", suit=c.suit)),
    Pattern("龙七对", "Dragon seven pairs", 8, _dragons(1), M("dragons_1")),
    Pattern("双龙七对", "Two-dragon seven pairs", 16, _dragons(2), M("dragons_2")),
    Pattern("清七对", "Full flush seven pairs", 32, lambda c: c.flush and c.seven_pairs,
            lambda c: M("flush_pairs", suit=c.suit)),
    Pattern("三龙七对", "Three-dragon seven pairs", 64, _dragons(3), M("dragons_3")),
    Pattern("清龙七对", "Full flush dragon seven pairs", 64, _flush_dragons(1),
            lambda c: M("flush_dragons_1", suit=c.suit)),
    Pattern("清双龙七对", "Full flush two-dragon seven pairs", 128, _flush_dragons(2),
            lambda c: M("flush_dragons_2", suit=c.suit)),
    Pattern("清三龙七对", "Full flush three-dragon seven pairs", 256, _flush_dragons(3),
            lambda c: M("flush_dragons_3", suit=c.suit)),
)


def _kongs(c: WinReading, concealed: bool) -> int:
    return sum(1 for m in c.hand.melds if m.is_kong and m.concealed == concealed)


# Items that multiply the hand pattern's multiple (+1番 doubles, +2番 quadruples, 包赔 x3).
EXTRAS: tuple[Pattern[WinReading], ...] = (
    Pattern("明杠", "Exposed kong", 2, lambda c: _kongs(c, False), M("kong")),
    Pattern("暗杠", "Concealed kong", 2, lambda c: _kongs(c, True), M("kong")),
    Pattern("抢杠和", "Robbing a kong", 4, lambda c: c.hand.context.robbing_kong, M("two_fan")),
    Pattern("杠上花", "Win on a kong replacement", 4, lambda c: c.hand.context.kong_replacement,
            M("two_fan")),
    Pattern("包赔", "Pays for all three", 3, lambda c: c.opts["_baopei"], M("baopei")),
)

OPTIONS = (
    BASE,
    Option("cap", 0, "highest multiple paid (0: no cap; the table itself reaches 256)",
           help_zh="最高倍数（0为不封顶；牌型表本身最高256倍）"),
) + SETTLEMENT_OPTIONS

FIELDS = COMMON_FIELDS + (
    HandField("baopei", "bool", False, "pays for all (包赔): the discarder pays for all three players (x3)",
              "包赔：放炮者替三家付（×3）"),
)


def baopei(hand: Hand) -> bool:
    """包赔 (the hand field baopei), which applies to a win on a discard."""
    if not flag_field(hand, "baopei"):
        return False
    if hand.context.self_drawn:
        raise HandError(M("baopei_self_drawn"))
    return True


def _count_reading(c: WinReading) -> Counted:
    top, excluded = top_pattern(PATTERNS, c, M("largest_only"), silent=("屁和",))
    return Counted(c.reading, [top.fan(c)], excluded, top.value)


def evaluate(hand: Hand, options: Mapping[str, Any]) -> ScoreResult:
    check_hand(hand, GAME)
    facts = win_facts(hand)
    opts = dict(options, _baopei=baopei(hand))
    best = best_count(facts, opts, _count_reading)
    ctx = WinReading(facts, best.reading, opts)
    fans = best.fans + [p.fan(ctx, n) for p, n in matched(EXTRAS, ctx)]
    multiple = 1
    for f in fans:
        multiple *= f.fan**f.count
    cap = options["cap"]
    paid = min(multiple, cap) if cap else multiple
    base = options["base"]
    notes = [M("capped", multiple=multiple, paid=paid)] if paid < multiple else []
    return ScoreResult(
        rules="sichuan_mult", total=multiple, unit="x base", fans=fans, excluded=best.excluded,
        arrangement=reading_text(best.reading), notes=notes,
        extra={"multiplier": paid, "uncapped_multiplier": multiple, "base": base,
               "per_payer": base * paid},
        combine="multiply",
    )


score = score_with_payments(evaluate, times_value)


RULESET = RuleSet(
    id="sichuan_mult",
    name="Sichuan multiplier table",
    name_zh="四川麻将 倍数表",
    unit="x base",
    description="The Sichuan money table (麻将怎么算钱): a plain win (屁和) x1 up to x256; the "
    "items multiply (kongs x2, robbing a kong or winning on a kong's tile x4, the discarder paying "
    "for all (包赔) x3).",
    description_zh="四川规则（麻将怎么算钱）的倍数表：屁和×1 …… 清三龙七对×256；各项相乘（杠×2，抢杠和、杠上花×4，包赔×3）。",
    score=score,
    options=OPTIONS,
    fields=FIELDS,
    source="seeds/yushan-guobiao-and-others.txt, section Ⅸ",
    settlement=BloodBattle(game=GAME, evaluate=evaluate),
    combine="multiply",
    tiles=SUITED,  # the game's tiles: the photo reader reads no other
)
