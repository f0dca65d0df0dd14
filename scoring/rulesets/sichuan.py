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
from scoring.messages import Catalog, Text
from scoring.patterns import Pattern, matched
from scoring.ruleset import Exclusion, HandField, Option, RuleSet, ScoreResult
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
    first_turn_flags,
    flag_field,
    reading_text,
    score_with_payments,
    win_facts,
)

GAME = Text("Sichuan mahjong", "四川麻将")

M = Catalog("sichuan", {
    # hand patterns
    "plain": ("four sets and a pair (四坎牌加一对将)", "四坎牌加一对将"),
    "all_pungs": ("every set is a pung or a kong", "每组都是刻子或杠"),
    "flush": ("every tile is {suit}", "全部是{suit}"),
    "terminals": ("every set and the pair hold a 1 or a 9", "每组牌和将牌都带1或9"),
    "seven_pairs": ("seven pairs, nothing claimed or konged", "七个对子，没有碰也没有杠"),
    "golden_hook": ("four melds on the table, won on the pair with one standing tile",
                    "四组副露在桌上，手里单钓一张和将"),
    "flush_pungs": ("all pungs in one suit, {suit}", "清一色的对对胡：{suit}"),
    "pungs_258": ("对对胡 of 2s, 5s and 8s only", "只有二、五、八的对对胡"),
    "dragon_pairs": ("seven pairs with four identical tiles (the 龙); counted instead of 七对, and "
                     "that four-of-a-kind is not also a 根",
                     "七对中有四张相同的牌（龙）；代替七对计番，这四张不再算根"),
    "flush_pairs": ("seven pairs in one suit, {suit}", "清一色的七对：{suit}"),
    "flush_terminals": ("带幺九 in one suit, {suit}", "清一色的带幺九：{suit}"),
    "flush_golden_hook": ("golden hook in one suit: full flush 3 + golden hook 3 less the one fan "
                          "of the base (the Chengdu rules, Ⅲ: '清一色的三番，金鉤釣三番，減去一番的底')",
                          "清一色的金钩钓：清一色3番加金钩钓3番，减去底的1番"
                          "（成都规则Ⅲ：“清一色的三番，金鉤釣三番，減去一番的底”）"),
    "heavenly": ("the dealer wins on the dealt tiles", "庄家起手即和"),
    "earthly": ("a non-dealer wins on the first turn", "闲家第一轮即和"),
    "flush_dragon_pairs": ("龙七对 in one suit, {suit}; its four-of-a-kind is not also a 根",
                           "清一色的龙七对：{suit}；那四张不再算根"),
    "largest_only": ("hand patterns do not add up; only the largest counts "
                     "(the Chengdu rules: “以下番型均不重復計算，只按最大番算”)", "番型均不重复计算，只按最大番算"),
    # fans added on top (另加番)
    "root": ("four identical tiles not declared as a kong: {tiles}", "四张相同的牌没有开杠：{tiles}"),
    "root_in_dragon": ("the 龙's four identical tiles are not also a 根 (同時減1根)",
                       "龙的四张相同的牌不再算根（同时减1根）"),
    "kong": ("one 番 for each kong", "每个杠加1番"),
    "kong_flower": ("won on the tile drawn after declaring a kong", "开杠后补摸的牌和牌"),
    "kong_discard": ("won on the tile the discarder threw right after a kong",
                     "和别人开杠后立刻打出的牌"),
    "robbing": ("won on the tile another player added to a pung to make a kong",
                "抢别人加杠的那张牌和牌"),
    "last_tile": ("won on the last tile of the wall", "和牌墙的最后一张牌"),
    "self_drawn": ("won on a tile the winner drew", "自己摸到和牌张"),
    # errors and notes
    "kong_discard_self_drawn": ("杠上炮 is a win on a discard: it cannot be self-drawn.",
                                "杠上炮是和别人打出的牌：不能是自摸。"),
    "robbing_and_kong_discard": ("抢杠 (robbing a kong) and 杠上炮 (discard_after_kong) cannot "
                                 "happen together: a robbed kong is never completed, so no discard "
                                 "follows it. Remove one of them.",
                                 "抢杠和杠上炮不能同时发生：被抢的杠没有成立，之后也就没有杠后打出的牌。"
                                 "请去掉其中一个。"),
    "self_draw_base": ("自摸加底: each payer adds one base.", "自摸加底：每家多付一底。"),
    "capped": ("Capped (封顶): the hand is worth {uncapped}x the base, paid as {multiplier}x.",
               "封顶：这手牌值{uncapped}倍底分，按{multiplier}倍付。"),
})

OPTIONS = (
    BASE,
    Option("cap", 3, "the cap, in fan above a plain win: 3 = at most 8x the base (the Chengdu "
           "rules, Ⅵ: '實戰中一般約定為3番（8倍）封頂'), 4 = 16x ('部分牌局約定4番封頂，俗稱「極中極」'), "
           "none = no cap", choices=(3, 4, None),
           help_zh="封顶，按平胡之上的番数算：3 = 最多8倍底分（成都规则Ⅵ：“實戰中一般約定為3番（8倍）封頂”），"
           "4 = 16倍（“部分牌局約定4番封頂，俗稱「極中極」”），「无」= 不封顶"),
    Option("count_from", 1, "1: a plain win is 1 fan and pays 2^(fan-1), as the Chengdu rules' "
           "fan lists count (Ⅵ, Ⅶ); 0: a plain win is 0 fan and pays 2^fan (Ⅳ: "
           "'基本胡及翻數（0番 底金：×1）'). Same money, other numbers",
           choices=(1, 0), help_zh="1：平胡算1番，付2^(番-1)倍（成都规则Ⅵ、Ⅶ的番表）；0：平胡算0番，付2^番倍"
           "（成都规则Ⅳ：“基本胡及翻數（0番 底金：×1）”）。钱数相同，番数不同"),
    Option("golden_hook", True, "golden hook (金钩钓) counts 3 fan (5 in one suit), as the "
           "Chengdu rules count it now (Ⅲ: '按照現在一般演算法，清一色的三番，金鉤釣三番'); off: the "
           "traditional count, only all pungs ('以前是沒有金鉤釣這一說的')",
           help_zh="金钩钓按现在的算法计3番（清一色金钩钓5番；成都规则Ⅲ：“按照現在一般演算法，清一色的三番，金鉤釣三番”）；"
           "关闭：最传统的算法，只算对对胡 / 清对（“以前是沒有金鉤釣這一說的”）"),
    Option("self_draw", "fan", "a self-draw: fan = one fan more, as the Chengdu rules count it now "
           "(Ⅲ: '自摸一番'); base = one extra base from each payer (自摸加底); none = only everyone "
           "paying ('自摸只是家家給，不加翻的，這是最傳統的演算法')",
           choices=("fan", "base", "none"), help_zh="自摸：「加番」加1番（成都规则Ⅲ现在的算法：“自摸一番”），"
           "「加底」每家多付一底（自摸加底），或「无」只是三家都付（“自摸只是家家給，不加翻的，這是最傳統的演算法”）"),
    Option("dragon_pairs", "table", "dragon seven pairs (龙七对): table = 5 fan, its four of a kind "
           "not also a root, as in the Chengdu rules' fan list (Ⅵ); root = seven pairs plus one "
           "root for it (Ⅳ: '龍七對算三翻（就是有杠的叫龍）')",
           choices=("table", "root"), help_zh="龙七对：「按番表」5番，四张不再算根（成都规则Ⅵ的番表），"
           "或「算根」按七对另加1根（成都规则Ⅳ：“龍七對算三翻（就是有杠的叫龍）”）"),
    Option("last_tile_fan", False, "last tile (海底): one fan more for winning on the last tile of "
           "the wall (a house addition: the Chengdu rules do not list it)",
           help_zh="海底：和牌墙最后一张加1番（地方加番，成都规则没有列出）"),
) + SETTLEMENT_OPTIONS

FIELDS = COMMON_FIELDS + (
    HandField("first_turn", "bool", False,
              "won on the first turn: heavenly hand (天胡) for the dealer (self-drawn), earthly "
              "hand (地胡) for the others",
              "第一轮就和牌：庄家为天胡（必须自摸），闲家为地胡"),
    HandField("discard_after_kong", "bool", False,
              "discard after a kong (杠上炮): the discarder threw the winning tile right after a "
              "kong",
              "杠上炮：放炮者开杠后立刻打出了和牌张"),
)


def _table_dragon(c: WinReading) -> bool:
    return c.seven_pairs and c.dragons > 0 and c.opts["dragon_pairs"] == "table"


# Hand patterns (seed Ⅵ), 番 counted from 平胡 = 1; only the largest counts. On a tie the later,
# more specific row is taken.
PATTERNS: tuple[Pattern[WinReading], ...] = (
    Pattern("平胡", "Plain win", 1, lambda c: not c.seven_pairs, M("plain")),
    Pattern("对对胡", "All pungs (大对子)", 2, lambda c: c.all_pungs, M("all_pungs")),
    Pattern("清一色", "Full flush", 3, lambda c: c.flush, lambda c: M("flush", suit=c.suit)),
    Pattern("带幺九", "Terminals in every set", 3, lambda c: c.terminals, M("terminals")),
    Pattern("七对", "Seven pairs (暗七对)", 3, lambda c: c.seven_pairs, M("seven_pairs")),
    Pattern("金钩钓", "Golden hook", 3, lambda c: c.golden_hook and c.opts["golden_hook"],
            M("golden_hook")),
    Pattern("清对", "Full flush all pungs", 4, lambda c: c.flush and c.all_pungs,
            lambda c: M("flush_pungs", suit=c.suit)),
    Pattern("将对", "All pungs of 2, 5, 8", 4, lambda c: c.all_pungs and c.all_258, M("pungs_258")),
    Pattern("龙七对", "Dragon seven pairs", 5, _table_dragon, M("dragon_pairs")),
    Pattern("清七对", "Full flush seven pairs", 5, lambda c: c.flush and c.seven_pairs,
            lambda c: M("flush_pairs", suit=c.suit)),
    Pattern("清幺九", "Full flush terminals", 5, lambda c: c.flush and c.terminals,
            lambda c: M("flush_terminals", suit=c.suit)),
    Pattern("清金钩钓", "Full flush golden hook", 5,
            lambda c: c.flush and c.golden_hook and c.opts["golden_hook"], M("flush_golden_hook")),
    Pattern("天胡", "Heavenly hand", 6, lambda c: c.opts["_heavenly"], M("heavenly")),
    Pattern("地胡", "Earthly hand", 6, lambda c: c.opts["_earthly"], M("earthly")),
    Pattern("清龙七对", "Full flush dragon seven pairs", 6, lambda c: c.flush and _table_dragon(c),
            lambda c: M("flush_dragon_pairs", suit=c.suit)),
)
DRAGON_PATTERNS = ("龙七对", "清龙七对")


def _free_roots(c: WinReading) -> int:
    """根 not absorbed by the 龙 of the chosen hand pattern (同時減1根)."""
    roots = c.facts.roots
    return roots - 1 if roots and c.top in DRAGON_PATTERNS else roots


def _quads(c: WinReading) -> tuple[Text, ...]:
    """The tiles held four times outside a kong: codes in English, names in Chinese (四万)."""
    counts: dict[str, int] = {}
    for t in c.hand.all_tiles:
        counts[t] = counts.get(t, 0) + 1
    konged = {m.first for m in c.hand.melds if m.is_kong}
    return tuple(Text(t, T.CHINESE_NAMES.get(t, t)) for t, n in counts.items()
                 if n == 4 and t not in konged)


# Fans added on top of the hand pattern, one 番 each (seed Ⅵ 另加番), read once the pattern is
# chosen (c.top).
EXTRAS: tuple[Pattern[WinReading], ...] = (
    Pattern("根", "Root", 1, _free_roots, lambda c: M("root", tiles=_quads(c))),
    Pattern("杠", "Kong", 1, lambda c: c.facts.kongs, M("kong")),
    Pattern("杠上花", "Win on a kong replacement", 1,
            lambda c: c.hand.context.kong_replacement, M("kong_flower")),
    Pattern("杠上炮", "Win on a discard after a kong", 1, lambda c: c.opts["_after_kong"],
            M("kong_discard")),
    Pattern("抢杠", "Robbing a kong", 1, lambda c: c.hand.context.robbing_kong, M("robbing")),
    Pattern("海底", "Last tile", 1,
            lambda c: c.hand.context.last_tile and c.opts["last_tile_fan"], M("last_tile")),
    Pattern("自摸", "Self-drawn", 1,
            lambda c: c.hand.context.self_drawn and c.opts["self_draw"] == "fan", M("self_drawn")),
)


def discard_after_kong(hand: Hand) -> bool:
    """杠上炮 (the hand field discard_after_kong), which is a win on a discard."""
    if not flag_field(hand, "discard_after_kong"):
        return False
    if hand.context.self_drawn:
        raise HandError(M("kong_discard_self_drawn"))
    if hand.context.robbing_kong:
        raise HandError(M("robbing_and_kong_discard"))
    return True


def _count_with_top(c: WinReading, top: Pattern[WinReading],
                    found: list[Pattern[WinReading]]) -> Counted:
    """One reading counted with `top` as its hand pattern: the others excluded (只按最大番算),
    then the fans added on top (另加番)."""
    c = WinReading(c.facts, c.reading, c.opts, top.name)
    excluded = [Exclusion(p.name, p.name_en, top.name, M("largest_only"))
                for p in found if p is not top and p.name != "平胡"]
    offset = 1 - c.opts["count_from"]
    fans = [top.fan(c, 1, top.value - offset)] + [p.fan(c, n) for p, n in matched(EXTRAS, c)]
    if top.name in DRAGON_PATTERNS and c.facts.roots:
        excluded.append(Exclusion("根", "Root", top.name, M("root_in_dragon")))
    return Counted(c.reading, fans, excluded, sum(f.fan * f.count for f in fans))


def _count_reading(c: WinReading) -> Counted:
    """The largest hand pattern of the reading; when several tie (天胡 / 地胡 and 清龙七对, all
    6番), the one that leaves the hand the most 番: 清龙七对 absorbs a 根 that 天胡 keeps (seed Ⅵ
    "只按最大番算", "根：1番"). Otherwise, on a tie, the later, more specific row."""
    found = [p for p in PATTERNS if p.count(c)]  # 平胡 or 七对 always
    top_value = max(p.value for p in found)
    tied = [p for p in reversed(found) if p.value == top_value]
    return max((_count_with_top(c, top, found) for top in tied), key=lambda counted: counted.value)


def evaluate(hand: Hand, options: Mapping[str, Any]) -> ScoreResult:
    """The fan of a winning hand and what each payer owes, without deciding who pays."""
    check_hand(hand, GAME)
    heavenly, earthly = first_turn_flags(hand)  # from the fields first_turn and dealer (default E)
    facts = win_facts(hand)
    opts = dict(options, _heavenly=heavenly, _earthly=earthly,
                _after_kong=discard_after_kong(hand))
    best = best_count(facts, opts, _count_reading)
    total = best.value
    multiplier, uncapped, capped = doubling(total, options["count_from"], options["cap"])
    base = options["base"]
    per_payer = base * multiplier
    notes = []
    if hand.context.self_drawn and options["self_draw"] == "base":
        per_payer += base
        notes.append(M("self_draw_base"))
    if capped:
        notes.append(M("capped", uncapped=uncapped, multiplier=multiplier))
    return ScoreResult(
        rules="sichuan", total=total, unit="fan", fans=best.fans, excluded=best.excluded,
        arrangement=reading_text(best.reading), notes=notes,
        extra={
            "multiplier": multiplier, "uncapped_multiplier": uncapped, "capped": capped,
            "cap": options["cap"], "cap_reached": options["cap"] is not None
            and uncapped >= 2 ** options["cap"], "base": base, "per_payer": per_payer,
            "count_from": options["count_from"],
        },
    )


score = score_with_payments(evaluate, fan_value)


RULESET = RuleSet(
    id="sichuan",
    name="Sichuan blood battle (Chengdu)",
    name_zh="四川麻将 血战到底",
    unit="fan",
    description="108 tiles, no chows, a win misses a suit; each fan doubles the stake, capped at "
    "3 fan (8x). One hand is scored here; the round's kong money (刮风下雨), flower pig (查花猪) "
    "and ready check (查叫) are settled for the whole round.",
    description_zh="108张牌，不能吃，和牌须缺一门；每番翻倍，3番（8倍）封顶。这里算一手牌；刮风下雨、查花猪、查叫按整局结算。",
    score=score,
    options=OPTIONS,
    fields=FIELDS,
    source="seeds/sichuan-chengdu.txt",
    settlement=BloodBattle(game=GAME, evaluate=evaluate),
    tiles=SUITED,  # the game's tiles: the photo reader reads no other
)
