"""Sichuan blood battle (成都血战到底), following seed sichuan-chengdu.txt.

Fan table (seed Ⅵ, counted from 平胡 = 1番 as seeds Ⅵ, Ⅶ and Ⅲ do): the hand patterns do not
stack, only the largest counts ("以下番型均不重復計算，只按最大番算"); then 根, 杠, 杠上花,
杠上炮, 抢杠 (and by variant 自摸, 海底) add one 番 each. A hand pays base x 2^(番 - 1)
("對應所得分的倍數為2的（番數減1）次方"), capped at 3番 above a plain win (8x) by default.
House variants are options; docs/sichuan.md lists them with the sentence each comes from.
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
    Facts,
    Reading,
    check_hand,
    doubling,
    flag_field,
    read_hand,
    reading_text,
    score_with_payments,
    seat_field,
)

GAME = "Sichuan mahjong"

OPTIONS = (
    BASE,
    Option("cap", 3, "封顶, in 番 above a plain win as the seed counts it: 3 = at most 8x the "
           "base (3番（8倍）封頂), 4 = 16x (极中极), none = no cap", choices=(3, 4, None),
           help_zh="封顶"),
    Option("count_from", 1, "1: a plain win is 1番 and pays 2^(番-1) (seeds Ⅵ, Ⅶ); 0: a plain "
           "win is 0番 and pays 2^番 (seed Ⅳ: 基本胡 0番 底金×1). Same money, other numbers",
           choices=(1, 0), help_zh="平胡计1番或0番"),
    Option("golden_hook", True, "金钩钓 counts 3番 (清一色 金钩钓 5番) as counted now; false: the "
           "traditional count, where it is only 对对胡 / 清对 (seed Ⅲ)", help_zh="金钩钓"),
    Option("self_draw", "fan", "自摸: +1番 (fan, seed Ⅲ 'now'), one extra base from each payer "
           "(base, 自摸加底), or nothing beyond everyone paying (none, seed Ⅲ traditional)",
           choices=("fan", "base", "none"), help_zh="自摸加番/加底"),
    Option("dragon_pairs", "table", "龙七对: 5番 with its four-of-a-kind not also a 根 (table, "
           "seed Ⅵ) or plain 七对 plus a 根 for it (root, seed Ⅳ: 龍七對算三翻)",
           choices=("table", "root"), help_zh="龙七对算法"),
    Option("last_tile_fan", False, "海底: +1番 for winning on the last tile of the wall (a house "
           "addition; the seeds do not list it)", help_zh="海底加番"),
) + SETTLEMENT_OPTIONS

EXTRA_FIELDS = COMMON_FIELDS + ("first_turn", "discard_after_kong")


# A hand pattern: Chinese name, English name, 番 (plain win = 1), test, why.
PATTERNS: tuple[tuple[str, str, int, Any, str], ...] = (
    ("平胡", "Plain win", 1, lambda f, r, o: not r.seven_pairs,
     "four sets and a pair (四坎牌加一对将)"),
    ("对对胡", "All pungs (大对子)", 2, lambda f, r, o: r.all_pungs,
     "every set is a pung or a kong"),
    ("清一色", "Full flush", 3, lambda f, r, o: f.flush, "every tile is {suit}"),
    ("带幺九", "Terminals in every set", 3, lambda f, r, o: r.terminals,
     "every set and the pair hold a 1 or a 9"),
    ("七对", "Seven pairs (暗七对)", 3, lambda f, r, o: r.seven_pairs,
     "seven pairs, nothing claimed or konged"),
    ("金钩钓", "Golden hook", 3, lambda f, r, o: f.golden_hook and o["golden_hook"],
     "four melds on the table, won on the pair with one standing tile"),
    ("清对", "Full flush all pungs", 4, lambda f, r, o: f.flush and r.all_pungs,
     "对对胡 in one suit, {suit}"),
    ("将对", "All pungs of 2, 5, 8", 4, lambda f, r, o: r.all_pungs and r.all_258,
     "对对胡 of 2s, 5s and 8s only"),
    ("龙七对", "Dragon seven pairs", 5,
     lambda f, r, o: r.seven_pairs and r.dragons > 0 and o["dragon_pairs"] == "table",
     "seven pairs with four identical tiles (the 龙); counted instead of 七对, and that "
     "four-of-a-kind is not also a 根"),
    ("清七对", "Full flush seven pairs", 5, lambda f, r, o: f.flush and r.seven_pairs,
     "seven pairs in one suit, {suit}"),
    ("清幺九", "Full flush terminals", 5, lambda f, r, o: f.flush and r.terminals,
     "带幺九 in one suit, {suit}"),
    ("清金钩钓", "Full flush golden hook", 5,
     lambda f, r, o: f.flush and f.golden_hook and o["golden_hook"],
     "金钩钓 in one suit: 清一色 3 + 金钩钓 3 less the one 番 of the base (seed Ⅲ)"),
    ("天胡", "Heavenly hand", 6, lambda f, r, o: o["_heavenly"],
     "the dealer wins on the dealt tiles"),
    ("地胡", "Earthly hand", 6, lambda f, r, o: o["_earthly"],
     "a non-dealer wins on the first turn"),
    ("清龙七对", "Full flush dragon seven pairs", 6,
     lambda f, r, o: f.flush and r.seven_pairs and r.dragons > 0 and o["dragon_pairs"] == "table",
     "龙七对 in one suit, {suit}; its four-of-a-kind is not also a 根"),
)
DRAGON_PATTERNS = ("龙七对", "清龙七对")


def first_turn_flags(hand: Hand) -> tuple[bool, bool]:
    """(天胡, 地胡) from the hand fields first_turn and dealer (default E)."""
    dealer = seat_field(hand, "dealer", "E")
    if not flag_field(hand, "first_turn"):
        return False, False
    if hand.melds:
        raise HandError("A first-turn win (天胡 / 地胡) cannot have melds: nothing was claimed yet.")
    if hand.context.seat_wind == dealer:
        if not hand.context.self_drawn:
            raise HandError("The dealer's first-turn win (天胡) is on the dealt tiles: it is self-drawn.")
        return True, False
    return False, True


def extra_fans(facts: Facts, reading_pattern: str, opts: Mapping[str, Any]):
    """根, 杠 and the 'win' fans that add one 番 each (seed Ⅵ 另加番)."""
    hand, ctx = facts.hand, facts.hand.context
    fans, excluded = [], []
    roots = facts.roots
    if reading_pattern in DRAGON_PATTERNS and roots:
        roots -= 1
        excluded.append(Exclusion("根", "Root", reading_pattern,
                                  "the 龙's four identical tiles are not also a 根 (同時減1根)"))
    if roots:
        quads = [c for c, n in _counts(hand).items() if n == 4
                 and c not in {m.first for m in hand.melds if m.is_kong}]
        fans.append(Fan("根", "Root", 1, roots,
                        f"four identical tiles not declared as a kong: {' '.join(quads)}"))
    if facts.kongs:
        fans.append(Fan("杠", "Kong", 1, facts.kongs, "one 番 for each kong"))
    if ctx.kong_replacement:
        fans.append(Fan("杠上花", "Win on a kong replacement", 1, 1,
                        "won on the tile drawn after declaring a kong"))
    if flag_field(hand, "discard_after_kong"):
        if ctx.self_drawn:
            raise HandError("杠上炮 is a win on a discard: it cannot be self-drawn.")
        fans.append(Fan("杠上炮", "Win on a discard after a kong", 1, 1,
                        "won on the tile the discarder threw right after a kong"))
    if ctx.robbing_kong:
        fans.append(Fan("抢杠", "Robbing a kong", 1, 1,
                        "won on the tile another player added to a pung to make a kong"))
    if ctx.last_tile and opts["last_tile_fan"]:
        fans.append(Fan("海底", "Last tile", 1, 1, "won on the last tile of the wall"))
    if ctx.self_drawn and opts["self_draw"] == "fan":
        fans.append(Fan("自摸", "Self-drawn", 1, 1, "won on a tile the winner drew"))
    return fans, excluded


def _counts(hand: Hand) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in hand.all_tiles:
        out[c] = out.get(c, 0) + 1
    return out


def _count_reading(facts: Facts, reading: Reading, opts: Mapping[str, Any]):
    matched = [p for p in PATTERNS if p[3](facts, reading, opts)]  # 平胡 or 七对 always
    highest = max(p[2] for p in matched)
    top = [p for p in matched if p[2] == highest][-1]  # on a tie the later, more specific row
    suit = SUIT_WORDS[T.suit(facts.hand.all_tiles[0])] if facts.flush else ""
    offset = 1 - opts["count_from"]
    fans = [Fan(top[0], top[1], top[2] - offset, 1, top[4].format(suit=suit))]
    excluded = [
        Exclusion(p[0], p[1], top[0], "hand patterns do not add up; only the largest counts "
                  "(番型均不重復計算，只按最大番算)")
        for p in matched if p is not top and p[0] != "平胡"
    ]
    more, more_excluded = extra_fans(facts, top[0], opts)
    return fans + more, excluded + more_excluded


def evaluate(hand: Hand, options: Mapping[str, Any]) -> ScoreResult:
    """The fan of a winning hand and what each payer owes, without deciding who pays."""
    check_hand(hand, GAME)
    heavenly, earthly = first_turn_flags(hand)
    opts = dict(options, _heavenly=heavenly, _earthly=earthly)
    facts = read_hand(hand)
    best = None
    for reading in facts.readings:
        fans, excluded = _count_reading(facts, reading, opts)
        total = sum(f.fan * f.count for f in fans)
        if best is None or total > best[0]:
            best = (total, fans, excluded, reading)
    total, fans, excluded, reading = best
    multiplier, uncapped, capped = doubling(total, options["count_from"], options["cap"])
    base = options["base"]
    per_payer = base * multiplier
    notes = []
    if hand.context.self_drawn and options["self_draw"] == "base":
        per_payer += base
        notes.append("自摸加底: each payer adds one base.")
    if capped:
        notes.append(f"Capped (封顶): the hand is worth {uncapped}x the base, paid as {multiplier}x.")
    return ScoreResult(
        rules="sichuan", total=total, unit="fan", fans=fans, excluded=excluded,
        arrangement=reading_text(reading), notes=notes,
        extra={
            "multiplier": multiplier, "uncapped_multiplier": uncapped, "capped": capped,
            "cap": options["cap"], "cap_reached": options["cap"] is not None
            and uncapped >= 2 ** options["cap"], "base": base, "per_payer": per_payer,
            "count_from": options["count_from"],
        },
    )


score = score_with_payments(evaluate, lambda r: f"{r.total} fan, x{r.extra['multiplier']}")


RULESET = RuleSet(
    id="sichuan",
    name="Sichuan blood battle (Chengdu)",
    name_zh="四川麻将 血战到底",
    unit="fan",
    description="108 tiles, no chows, a win misses a suit; fan doubles the stake, 3番 (8x) cap; "
    "mjlens settle for the whole round (刮风下雨, 查花猪, 查叫).",
    score=score,
    options=OPTIONS,
    extra_fields=EXTRA_FIELDS,
    source="seeds/sichuan-chengdu.txt",
)

SETTLEMENT = BloodBattle(rules="sichuan", game=GAME, evaluate=evaluate)
