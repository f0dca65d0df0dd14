"""Guangxi 鸡胡 / 平胡 / 霸胡 (广西麻将有什么胡法), seed guangxi-nanning.txt section 4: three hand
classes paid at fixed amounts, raised by dragon and seat-wind sets; pungs and kongs only.

The class is a level: 鸡胡 0, 平胡 1, 霸胡 2. All pungs start at 霸胡, all chows at 平胡, a mix at
鸡胡; each dragon or seat-wind pung or kong raises one level (用字或風位升一番; such a pair makes
an all-chow hand a 鸡胡, 用能加番的字或風位做眼), and
the big hands (天胡, 地胡, 杠暴, 十三幺, 清一色, 混一色, 七对) are 霸胡 outright. 截胡 (several
claimants of one discard) is a round matter, settled by `scoring.settle`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring import tiles as T
from scoring.hand import Hand, HandError
from scoring.messages import Catalog, Msg, Seat, Suit, Tile
from scoring.patterns import Pattern, best_reading, fan_label, largest_only, matched
from scoring.payments import pay_each, win_payers
from scoring.ruleset import Fan, HandField, Option, RuleSet, ScoreResult
from scoring.rulesets.south_common import (
    BASE,
    DEALER,
    DISCARDER,
    PLAYERS_IN,
    TurnCtx,
    check_hand,
    first_turn_field,
    is_flush,
    is_half_flush,
    round_players,
    seat_field,
    shape_text,
    shapes,
)
from scoring.rulesets.south_round import SouthRound, no_kong_money

M = Catalog("guangxi_hu", {
    "chicken": ("pungs and chows mixed, plus a pair (鸡胡)", "又有刻子又有顺子加眼（鸡胡）"),
    "chicken_eye": ("every set is a chow but the pair is {tile}, an honour that adds fan, which "
                    "makes a chicken hand (鸡胡): “用能加番的字或風位做眼”",
                    "全是顺子但用{tile}做眼（用能加番的字或风位做眼：鸡胡）"),
    "all_chows": ("every set is a chow, plus a pair (平胡)", "全是顺子加一眼（平胡）"),
    "all_pungs": ("every set is a pung or kong (霸胡)", "全是刻子（霸胡）"),
    "raised": ("{start_why}, raised {n} class(es) by the pung or kong of {tiles} (用字或風位升番): "
               "{cls}", "{start_why}，{tiles}的刻子或杠升 {n} 番：{cls}"),
    "big_hand": ("{why}: a big hand, paid as {cls}", "{why}：大胡，按{cls}计"),
    "heavenly": ("the dealer wins on the first draw (天胡)", "庄家起牌即和（天胡）"),
    "earthly": ("a player other than the dealer wins on the first self-draw (地胡)",
                "闲家第一次摸牌即自摸和（地胡）"),
    "kong_flower": ("won on the tile drawn after a kong (杠暴 / 杠上开花)", "杠后补牌和（杠暴）"),
    "orphans": ("one of each terminal and honour, one paired (十三幺)", "十三幺"),
    "flush": ("every tile is {suit}", "全部是{suit}（清一色）"),
    "half_flush": ("one suit, {suit}, with honours", "{suit}加字牌（混一色）"),
    "seven_pairs": ("seven pairs (七对)", "七对"),
    "excluded": ("one class counts: {fan} is not counted beside {by}", "只算一种胡法：{fan}不与{by}同计"),
    "pays_self": ("{winner} self-draws {cls}: each player pays {amount}", "{winner}自摸{cls}：每人付 {amount}"),
    "pays_discard": ("{winner} wins {cls} on {seat}'s discard: {seat} pays {amount}",
                     "{winner}和{seat}打出的牌，{cls}：{seat}付 {amount}"),
    "chicken_self_only": ("a chicken hand (鸡胡) wins only by self-draw (the Guangxi rules: "
                          "'雞胡：只能自摸'): this hand ({why}) cannot "
                          "win on a discard.", "鸡胡只能自摸：此手牌（{why}）不能和别人打出的牌。"),
    "seven_pairs_off": ("Seven pairs is not a win with option seven_pairs=false.",
                        "不选“七对算霸胡”时七对不能和。"),
    "seven_pairs_help": ("seven pairs wins as a big hand (霸胡): the list of big hands in the "
                         "Guangxi rules ends in etc. (“清一色，混一色等等大胡胡法”)",
                         "七对按大胡（霸胡）计；广西规则的大胡列表以“等等”结尾（“清一色，混一色等等大胡胡法”）"),
    "first_turn_help": ("won on the first turn: Heavenly hand (天胡), the dealer self-drawn, or "
                        "Earthly hand (地胡), another player's first self-draw; this game has no "
                        "Human hand (人胡)",
                        "第一巡和牌：天胡（庄家自摸）或地胡（闲家第一次摸牌自摸）；本玩法没有人胡"),
    "chicken_self_help": ("chicken hand (鸡胡): amount each player pays on a self-draw ('每人兩番')", "鸡胡自摸每人付（每人两番）"),
})

GAME = "guangxi_hu"
CLASS_NAMES = {0: ("鸡胡", "Chicken hand"), 1: ("平胡", "All chows"), 2: ("霸胡", "Big hand")}
# (self-drawn: each pays, discard: the discarder pays) per class; 鸡胡 only self-drawn
AMOUNTS = {0: (2, None), 1: (3, 2), 2: (5, 4)}
SEVEN_PAIRS = Option("seven_pairs", True, M.text("seven_pairs_help"),
                     help_zh=M.text("seven_pairs_help", "zh"))
# the seed's big hands name 天胡 and 地胡 only (外加天胡，地胡，杠暴…), so the help names no 人胡
FIRST_TURN = HandField("first_turn", "bool", False, M.text("first_turn_help"),
                       M.text("first_turn_help", "zh"))


@dataclass(frozen=True)
class Ctx(TurnCtx):
    @property
    def standard(self) -> bool:
        return self.shape.kind == "standard"

    def worth(self) -> set[str]:
        """The honours that add 番 (能加番的字或風位): the three dragons and the seat wind."""
        return {T.WIND_CODES[self.hand.context.seat_wind], *T.DRAGON_CODES}

    def raises(self) -> list[str]:
        """The tile of each dragon or seat-wind pung or kong of a standard reading."""
        if not self.standard:
            return []
        worth = self.worth()
        return [m.first for m in self.shape.arrangement.melds
                if m.is_pung_or_kong and m.first in worth]

    def start_level(self) -> int:
        """All pungs 霸胡; all chows with a plain pair 平胡; a mix, or all chows with a dragon or
        seat-wind pair (用能加番的字或風位做眼), 鸡胡."""
        if self.shape.all_pungs:
            return 2
        return 1 if self.shape.all_chows and self.shape.arrangement.pair not in self.worth() else 0

    def level(self) -> int:
        return min(2, self.start_level() + len(self.raises()))


def _class_pattern(level: int, test, why) -> Pattern[Ctx]:
    name, en = CLASS_NAMES[level]
    return Pattern(name, en, level, test, why)


def _suit(ctx: Ctx) -> Suit:
    return Suit(next(T.suit(c) for c in ctx.hand.all_tiles if T.is_suited(c)))


# hand shapes and big hands; the highest class counts (largest_only)
TABLE: tuple[Pattern[Ctx], ...] = (
    _class_pattern(0, lambda c: c.standard and c.start_level() == 0,
                   lambda c: M("chicken_eye", tile=Tile(c.shape.arrangement.pair))
                   if c.shape.all_chows else M("chicken")),
    _class_pattern(1, lambda c: c.standard and c.start_level() == 1, M("all_chows")),
    _class_pattern(2, lambda c: c.standard and c.start_level() == 2, M("all_pungs")),
    Pattern("天胡", "Heavenly hand", 2, lambda c: c.first_turn and c.self_drawn and c.winner_is_dealer,
            M("heavenly")),
    Pattern("地胡", "Earthly hand", 2,
            lambda c: c.first_turn and c.self_drawn and not c.winner_is_dealer, M("earthly")),
    Pattern("杠暴", "Win after a kong", 2, lambda c: c.hand.context.kong_replacement, M("kong_flower")),
    Pattern("十三幺", "Thirteen orphans", 2, lambda c: c.shape.kind == "thirteen_orphans", M("orphans")),
    Pattern("七对", "Seven pairs", 2, lambda c: c.shape.kind == "seven_pairs", M("seven_pairs")),
    Pattern("清一色", "Full flush", 2, lambda c: is_flush(c.hand), lambda c: M("flush", suit=_suit(c))),
    Pattern("混一色", "Half flush", 2, lambda c: is_half_flush(c.hand),
            lambda c: M("half_flush", suit=_suit(c))),
)


def _level(ctx: Ctx) -> int:
    """The hand's class: its highest pattern, or its shape raised by dragon and seat-wind sets."""
    return max(max(p.value for p, _ in matched(TABLE, ctx)), ctx.level())


def evaluate(hand: Hand, options: Mapping[str, Any]) -> ScoreResult:
    check_hand(hand, GAME, chows=False)
    dealer = seat_field(hand, "dealer", "E")
    first = first_turn_field(hand, dealer)
    readings = shapes(hand, GAME, seven=options["seven_pairs"], orphans=True)
    ctx, level = best_reading([Ctx(hand, s, dealer, first) for s in readings], _level, float)
    found = matched(TABLE, ctx)
    top, excluded = largest_only(found, ctx, lambda p, by: M("excluded", fan=p.label, by=by.label))
    name, en = CLASS_NAMES[level]
    if not hand.context.self_drawn and AMOUNTS[level][1] is None:
        raise HandError(M("chicken_self_only", why=top.reason(ctx)))
    self_amount, discard_amount = AMOUNTS[level]
    per = options["base"] * (self_amount if hand.context.self_drawn else discard_amount)
    if level > top.value:  # raised by dragon or seat-wind pungs: the class it reached
        raises = ctx.raises()
        fan = Fan(name, en, per, 1, M("raised", start=top.name, start_why=top.reason(ctx),
                                      n=len(raises), tiles=[Tile(t) for t in raises], cls=name))
    elif top.name != name:  # a big hand, paid as 霸胡
        fan = Fan(top.name, top.name_en, per, 1, M("big_hand", why=top.reason(ctx),
                                                      cls=fan_label(name, en)))
    else:
        fan = Fan(name, en, per, 1, top.reason(ctx))
    return ScoreResult(rules=GAME, total=per, unit="points", fans=[fan], excluded=excluded,
                       arrangement=shape_text(ctx.shape),
                       extra={"class": name, "class_en": en, "level": level, "per_payer": per,
                              "multiplier": per // options["base"] if options["base"] else 0})


def score(hand: Hand, options: Mapping[str, Any]) -> ScoreResult:
    result = evaluate(hand, options)
    who = win_payers(hand, round_players(hand)[0])
    per = result.extra["per_payer"]
    cls = fan_label(result.extra["class"], result.extra["class_en"])
    if who.discarder is None:
        why: Msg = M("pays_self", winner=Seat(who.winner), cls=cls, amount=per)
    else:
        why = M("pays_discard", winner=Seat(who.winner), cls=cls, seat=Seat(who.discarder),
                amount=per)
    result.payments = pay_each(who, per, why)
    result.notes.extend(who.notes)
    return result


RULESET = RuleSet(
    id="guangxi_hu",
    name="Guangxi hand classes (鸡胡 / 平胡 / 霸胡)",
    name_zh="广西麻将（鸡胡平胡霸胡）",
    unit="points",
    description="136 tiles; a chicken hand (鸡胡), self-drawn only, 2 each; a plain win (平胡) 3 "
    "each, 2 on a discard; a big hand (霸胡) 5 each, 4 on a discard; dragon and seat-wind sets "
    "raise the class.",
    description_zh="136张，只能碰、杠；鸡胡（只能自摸）每家 2，平胡自摸每家 3、放炮 2，霸胡自摸每家 5、放炮 4；三元牌和本家风位的刻子升一级。",
    score=score,
    options=(BASE, SEVEN_PAIRS),
    fields=(DEALER, DISCARDER, FIRST_TURN, PLAYERS_IN),
    source="seeds/guangxi-nanning.txt, section 4",
    settlement=SouthRound("guangxi_hu", chows=False, kong_money=no_kong_money,
                          several_winners="biggest"),
    tiles=T.TILE_CODES,  # the game's tiles: the photo reader reads no other
)
