"""Hezhou Xindu 吃炮 mahjong (广西贺州信都吃炮麻将), seed guangxi-nanning.txt section 6: a win on
a discard is paid the hand's base by the discarder, a self-draw twice the base by each player, a
kong twice the stake; the special hands (七对子, 清一色, 字一色, 混一色, 十三幺) have fixed scores,
which the seed does not give: they are options with common values.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring import tiles as T
from scoring.hand import Hand
from scoring.messages import Catalog, Seat, Suit, Text
from scoring.patterns import Pattern, best_reading, largest_only, matched
from scoring.payments import pay_each, win_payers
from scoring.ruleset import Option, RuleSet, ScoreResult
from scoring.rulesets.south_common import (
    BASE,
    DISCARDER,
    PLAYERS_IN,
    Shape,
    check_hand,
    is_all_honours,
    is_flush,
    is_half_flush,
    kong_money_of,
    round_players,
    shape_text,
    shapes,
)
from scoring.rulesets.south_round import SouthRound

M = Catalog("hezhou", {
    "plain": ("a complete hand: the base (底分)", "普通和牌：底分"),
    "seven_pairs": ("seven pairs (七对子), a fixed score", "七对子，固定分数"),
    "flush": ("every tile is {suit} (清一色), a fixed score", "全部是{suit}（清一色），固定分数"),
    "half_flush": ("one suit, {suit}, with honours (混一色), a fixed score", "{suit}加字牌（混一色），固定分数"),
    "all_honours": ("honours only (字一色), a fixed score", "全是字牌（字一色），固定分数"),
    "orphans": ("one of each terminal and honour, one paired (十三幺), a fixed score", "十三幺，固定分数"),
    "excluded": ("a special hand counts its one fixed score: {fan} gives way to {by}",
                 "特殊牌型只算一个固定分数：{fan}让位于{by}"),
    "discard": ("a discard win (点炮): {seat} discarded the winning tile and pays the hand's score, {score} x the "
                "stake {base}", "点炮：{seat}放炮，付该牌型的分数，底分 {base} 的 {score} 倍"),
    "self_drawn": ("a self-draw (自摸): each player pays twice the hand's score, 2 x {score} x the stake {base}",
                   "自摸：每家付该牌型分数的 2 倍，2 x {score} x 底分 {base}"),
    "score_help": ("fixed score of {hand}, in stakes (the Hezhou rules give the hand a fixed "
                   "score but no number: '特殊牌型分數為該牌型的固定分數')",
                   "{hand}的固定分数（按底分计；贺州规则只说“特殊牌型分數為該牌型的固定分數”，未给数字）"),
    "kong_help": ("a kong earns twice the stake ('杠分數等於該牌型的底分的2倍'): from the player "
                  "who gave the tile for an exposed kong, from everyone for a concealed one",
                  "杠分为底分的 2 倍：明杠由放杠者付，暗杠每家付"),
})

GAME = "hezhou"


def _score_option(name: str, hand_zh: str, hand_en: str, default: int) -> Option:
    hand = Text(f"{hand_en} ({hand_zh})", hand_zh)
    return Option(name, default, M("score_help", hand=hand).en,
                  help_zh=M("score_help", hand=hand).zh, minimum=1)


SCORE_OPTIONS = (
    _score_option("seven_pairs", "七对子", "seven pairs", 4),
    _score_option("full_flush", "清一色", "full flush", 4),
    _score_option("half_flush", "混一色", "half flush", 2),
    _score_option("all_honours", "字一色", "all honours", 8),
    _score_option("thirteen_orphans", "十三幺", "thirteen orphans", 13),
)
KONG = Option("kong_score", 2, M.text("kong_help"), help_zh=M.text("kong_help", "zh"), minimum=1)


@dataclass(frozen=True)
class Ctx:
    hand: Hand
    shape: Shape
    options: Mapping[str, Any]


def _suit(c: Ctx) -> Suit:
    return Suit(next(T.suit(t) for t in c.hand.all_tiles if T.is_suited(t)))


TABLE: tuple[Pattern[Ctx], ...] = (
    Pattern("平胡", "Plain win", 1, lambda c: True, M("plain")),
    Pattern("混一色", "Half flush", 2, lambda c: is_half_flush(c.hand), lambda c: M("half_flush", suit=_suit(c))),
    Pattern("七对子", "Seven pairs", 4, lambda c: c.shape.kind == "seven_pairs", M("seven_pairs")),
    Pattern("清一色", "Full flush", 4, lambda c: is_flush(c.hand), lambda c: M("flush", suit=_suit(c))),
    Pattern("字一色", "All honours", 8, lambda c: is_all_honours(c.hand), M("all_honours")),
    Pattern("十三幺", "Thirteen orphans", 13, lambda c: c.shape.kind == "thirteen_orphans", M("orphans")),
)
OPTION_OF = {"七对子": "seven_pairs", "清一色": "full_flush", "混一色": "half_flush",
             "字一色": "all_honours", "十三幺": "thirteen_orphans"}


def _valued(ctx: Ctx) -> list[tuple[Pattern[Ctx], int]]:
    """The matched patterns with the scores the options give them."""
    out = []
    for p, n in matched(TABLE, ctx):
        name = OPTION_OF.get(p.name)
        value = ctx.options[name] if name else p.value
        out.append((Pattern(p.name, p.name_en, value, p.test, p.why), n))
    return out


def _top_value(found: list[tuple[Pattern[Ctx], int]]) -> int:
    return max(p.value for p, _ in found)


def score(hand: Hand, options: Mapping[str, Any]) -> ScoreResult:
    check_hand(hand, GAME, chows=True)
    ctxs = [Ctx(hand, s, options) for s in shapes(hand, GAME, orphans=True)]
    ctx, found = best_reading(ctxs, _valued, _top_value)
    top, excluded = largest_only(found, ctx, lambda p, by: M("excluded", fan=p.label, by=by.label),
                                 silent=("平胡",))
    hand_score = top.value
    base = options["base"]
    players, in_round = round_players(hand)
    who = win_payers(hand, players)
    if who.discarder is None:
        per = 2 * hand_score * base
        pays = pay_each(who, per, M("self_drawn", score=hand_score, base=base))
    else:
        per = hand_score * base
        pays = pay_each(who, per, M("discard", seat=Seat(who.discarder), score=hand_score, base=base))
    kong_pays, notes = kong_money_of(hand, options["kong_score"] * base, in_round)
    return ScoreResult(rules=GAME, total=hand_score, unit="x stake", fans=[top.fan(ctx)],
                       excluded=excluded, payments=pays + kong_pays, notes=who.notes + notes,
                       arrangement=shape_text(ctx.shape),
                       extra={"base": base, "per_payer": per, "multiplier": per // base if base else 0})


RULESET = RuleSet(
    id="hezhou",
    name="Hezhou Xindu, wins on a discard (吃炮)",
    name_zh="贺州信都吃炮麻将",
    unit="x stake",
    description="On a discard the discarder pays the hand's score; on a self-draw each pays "
    "twice; a kong earns twice the stake; seven pairs 4, full flush 4, half flush 2, all honours "
    "8, thirteen orphans 13 (options: the Hezhou rules give no numbers).",
    description_zh="点炮：放炮者付该牌型的分数；自摸：每家付 2 倍；杠：底分的 2 倍；七对子 4，清一色 4，混一色 2，"
    "字一色 8，十三幺 13（选项；贺州规则未给数字）。",
    score=score,
    options=(BASE, *SCORE_OPTIONS, KONG),
    fields=(DISCARDER, PLAYERS_IN),
    source="seeds/guangxi-nanning.txt, section 6",
    settlement=SouthRound("hezhou", chows=True,
                          kong_money=lambda o: o["kong_score"] * o["base"]),
    tiles=T.TILE_CODES,  # the game's tiles: the photo reader reads no other
)
