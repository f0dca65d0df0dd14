"""The Sichuan multiplier table (麻将怎么算钱), seed yushan-guobiao-and-others.txt section Ⅸ.

Here a hand's 番 is directly its multiple of the stake (底金): 屁和 1, 对对和 2, 门前清对对和 5,
清一色 4, ... 清三龙七对 256. Only the largest hand pattern counts; each kong doubles (明杠 /
暗杠 +1番 底金×2), 抢杠和 and 杠上花 multiply by 4 (+2番 底金×4), and 包赔 (one player pays
for all three) by 3 (包賠清一色 底金×4×3). Same tiles and round settlement as Chengdu.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring import tiles as T
from scoring.hand import Hand, HandError
from scoring.ruleset import Exclusion, Fan, Option, RuleSet, ScoreResult
from scoring.rulesets.sichuan_common import (
    BASE,
    COMMON_FIELDS,
    SETTLEMENT_OPTIONS,
    SUIT_WORDS,
    BloodBattle,
    check_hand,
    flag_field,
    read_hand,
    reading_text,
    score_with_payments,
)

GAME = "Sichuan mahjong"


def _dragons(n: int):
    return lambda f, r, c: r.seven_pairs and r.dragons == n


# name, English, multiple, test(facts, reading, concealed hand), why
PATTERNS = (
    ("屁和", "Plain win", 1, lambda f, r, c: not r.seven_pairs, "four sets and a pair"),
    ("对对和", "All pungs", 2, lambda f, r, c: r.all_pungs, "every set is a pung or a kong"),
    ("清一色", "Full flush", 4, lambda f, r, c: f.flush, "every tile is {suit}"),
    ("七对", "Seven pairs", 4, lambda f, r, c: r.seven_pairs, "seven pairs"),
    ("门前清对对和", "Concealed all pungs", 5, lambda f, r, c: r.all_pungs and c,
     "对对和 with nothing claimed (concealed kongs allowed)"),
    ("清对对胡", "Full flush all pungs", 8, lambda f, r, c: f.flush and r.all_pungs,
     "对对和 in one suit, {suit}"),
    ("门前清清一色", "Concealed full flush", 8, lambda f, r, c: f.flush and c,
     "清一色 with nothing claimed"),
    ("龙七对", "Dragon seven pairs", 8, _dragons(1), "seven pairs with one four-of-a-kind"),
    ("双龙七对", "Two-dragon seven pairs", 16, _dragons(2), "seven pairs with two four-of-a-kind"),
    ("清七对", "Full flush seven pairs", 32, lambda f, r, c: f.flush and r.seven_pairs,
     "seven pairs in one suit, {suit}"),
    ("三龙七对", "Three-dragon seven pairs", 64, _dragons(3),
     "seven pairs with three four-of-a-kind"),
    ("清龙七对", "Full flush dragon seven pairs", 64,
     lambda f, r, c: f.flush and r.seven_pairs and r.dragons == 1, "龙七对 in one suit, {suit}"),
    ("清双龙七对", "Full flush two-dragon seven pairs", 128,
     lambda f, r, c: f.flush and r.seven_pairs and r.dragons == 2, "双龙七对 in one suit, {suit}"),
    ("清三龙七对", "Full flush three-dragon seven pairs", 256,
     lambda f, r, c: f.flush and r.seven_pairs and r.dragons == 3, "三龙七对 in one suit, {suit}"),
)

OPTIONS = (
    BASE,
    Option("cap", 0, "highest multiple paid (0: no cap; the table itself reaches 256)"),
) + SETTLEMENT_OPTIONS


def evaluate(hand: Hand, options: Mapping[str, Any]) -> ScoreResult:
    check_hand(hand, GAME)
    facts = read_hand(hand)
    concealed = hand.is_concealed_hand
    suit = SUIT_WORDS[T.suit(hand.all_tiles[0])] if facts.flush else ""
    best = None
    for reading in facts.readings:
        matched = [p for p in PATTERNS if p[3](facts, reading, concealed)]
        top = max(matched, key=lambda p: p[2])
        if best is None or top[2] > best[0][2]:
            best = (top, matched, reading)
    top, matched, reading = best
    fans = [Fan(top[0], top[1], top[2], 1, top[4].format(suit=suit))]
    excluded = [Exclusion(p[0], p[1], top[0], "only the largest hand pattern counts")
                for p in matched if p is not top and p[0] != "屁和"]
    exposed = sum(1 for m in hand.melds if m.is_kong and not m.concealed)
    hidden = sum(1 for m in hand.melds if m.is_kong and m.concealed)
    ctx = hand.context
    if exposed:
        fans.append(Fan("明杠", "Exposed kong", 2, exposed, "+1番: doubles the stake (底金×2)"))
    if hidden:
        fans.append(Fan("暗杠", "Concealed kong", 2, hidden, "+1番: doubles the stake (底金×2)"))
    if ctx.robbing_kong:
        fans.append(Fan("抢杠和", "Robbing a kong", 4, 1, "+2番: 底金×4"))
    if ctx.kong_replacement:
        fans.append(Fan("杠上花", "Win on a kong replacement", 4, 1, "+2番: 底金×4"))
    if flag_field(hand, "baopei"):
        if ctx.self_drawn:
            raise HandError("包赔 (one player pays for all three) applies to a win on a discard.")
        fans.append(Fan("包赔", "Pays for all three", 3, 1,
                        "the discarder pays for all three players (底金×…×3)"))
    multiple = 1
    for f in fans:
        multiple *= f.fan**f.count
    cap = options["cap"]
    paid = min(multiple, cap) if cap else multiple
    base = options["base"]
    notes = [f"Capped: worth {multiple}x, paid as {paid}x."] if paid < multiple else []
    return ScoreResult(
        rules="sichuan_mult", total=multiple, unit="x base", fans=fans, excluded=excluded,
        arrangement=reading_text(reading), notes=notes,
        extra={"multiplier": paid, "uncapped_multiplier": multiple, "base": base,
               "per_payer": base * paid, "combine": "multiply"},
    )


score = score_with_payments(evaluate, lambda r: f"x{r.extra['multiplier']}")


RULESET = RuleSet(
    id="sichuan_mult",
    name="Sichuan multiplier table",
    name_zh="四川麻将 倍数表",
    unit="x base",
    description="Seed Ⅸ's table: 屁和 x1 ... 清三龙七对 x256; the items multiply (kongs x2, "
    "抢杠和/杠上花 x4, 包赔 x3).",
    score=score,
    options=OPTIONS,
    extra_fields=COMMON_FIELDS + ("baopei",),
    source="seeds/yushan-guobiao-and-others.txt, section Ⅸ",
)

SETTLEMENT = BloodBattle(rules="sichuan_mult", game=GAME, evaluate=evaluate)
