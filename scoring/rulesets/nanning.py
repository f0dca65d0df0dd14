"""Nanning mahjong (南宁麻将), seed guangxi-nanning.txt section 3: pungs and kongs only; a 小牌型
is the plain win and each 大牌型 is one 番, 番 = x2, stacking without a cap (能番則番); 承包 when
one player gave the winner three pungs; kong money paid at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring import tiles as T
from scoring.hand import Hand
from scoring.messages import Catalog, Msg, Seat, Suit
from scoring.patterns import Pattern, apply_exclusions, best_reading, matched
from scoring.payments import Payers, win_payers
from scoring.ruleset import Option, Payment, RuleSet, ScoreResult
from scoring.rulesets.south_common import (
    AFTER_KONG,
    BASE,
    DEALER,
    DISCARDER,
    FIRST_TURN,
    PLAYERS_IN,
    TurnCtx,
    add_kong_money,
    after_kong_field,
    check_hand,
    claims_by_seat,
    first_turn_field,
    is_all_honours,
    is_flush,
    round_players,
    seat_field,
    shape_text,
    shapes,
)
from scoring.rulesets.south_round import SouthRound

M = Catalog("nanning", {
    "small": ("a plain winning hand (小牌型), no fan", "普通胡牌牌型（小牌型）"),
    "flush": ("every tile is {suit} (all honours included)", "全部是{suit}（清一色，包括字一色）"),
    "all_pungs": ("a pair and four pungs or kongs (碰碰胡)", "一对将牌加四个刻子（碰碰胡）"),
    "all_claimed": ("four sets claimed, won on a discard to the last standing tile (全求人)",
                    "四组都是碰杠来的，手牌只剩一张单吊和别人打出的牌（全求人）"),
    "seven_pairs": ("seven pairs (七小对)", "七个对子（七小对）"),
    "big_pairs": ("seven pairs holding {n} four(s) of a kind: one 番 each (七大对)",
                  "七个对子中有 {n} 个四张相同：每个一番（七大对）"),
    "kong_flower": ("won on the tile drawn for a kong (杠上花)", "杠后补牌自摸（杠上花）"),
    "kong_discard": ("won on the tile discarded right after the discarder's kong (杠上炮)",
                     "和开杠者补牌后打出的牌（杠上炮）"),
    "robbing": ("won on a tile added to a kong (抢杠和)", "抢杠和"),
    "last_drawn": ("self-drawn with the last tile (海底捞月)", "补最后一张牌后自摸（海底捞月）"),
    "last_discard": ("won on the discard after the last tile was drawn (海底炮)",
                     "和补最后一张牌者打出的牌（海底炮）"),
    "heavenly": ("the dealer wins on the first draw (天胡)", "庄家起牌后即成和牌（天胡）"),
    "earthly": ("a player other than the dealer wins on the first self-draw (地胡)",
                "第一圈里闲家自摸的第一张牌和牌（地胡）"),
    "human": ("won on the dealer's first discard (人胡)", "和庄家打出的第一张牌（人胡）"),
    "excluded": ("{fan} is not counted beside {by}", "{fan}不与{by}重复计算"),
    "pays": ("{winner} wins {how}: {fan} fan, 2^{fan} x the stake {base} = {amount}",
             "{winner}{how}：{fan} 番，底分 {base} 的 2^{fan} 倍 = {amount}"),
    "self_drawn": ("self-drawn (自摸)", "自摸"),
    "on_discard": ("on {seat}'s discard (点炮)", "和{seat}打出的牌（点炮）"),
    "bao_self": ("{payer} pays for all (承包): {payer} gave {winner} three pungs and pays everyone's share of the "
                 "self-drawn win ({n} x {amount})",
                 "承包：{payer}被{winner}碰了三口，自摸由{payer}承包所有积分（{n} x {amount}）"),
    "bao_third": ("{payer} pays as the discarder (承包): {payer} gave {winner} three pungs and pays the same as the discarder "
                  "{discarder}: {amount}", "承包：{payer}被{winner}碰了三口，扣除和放炮者{discarder}一样的积分：{amount}"),
    "bao_own": ("{payer} pays twice (承包): {payer} gave {winner} three pungs and discarded the winning tile: pays "
                "twice, 2 x {amount}", "承包：{payer}被{winner}碰了三口又放炮：扣除 2 倍积分，2 x {amount}"),
    "kong_money_help": ("kong money paid at once: an exposed kong 1 stake from the player who gave the tile, "
                        "a concealed kong 1 from everyone (the Nanning rules: “明杠：向放杠者收1倍底注。暗杠：向所有人收1倍底注”)",
                        "杠钱当场结算：明杠向放杠者收1倍底注，暗杠向所有人收1倍底注"),
})

GAME = "nanning"
KONG_MONEY = Option("kong_money", True, M.text("kong_money_help"),
                    help_zh=M.text("kong_money_help", "zh"))


@dataclass(frozen=True)
class Ctx(TurnCtx):
    after_kong: bool
    discarder: str | None


def _suit(c: Ctx) -> Suit:
    return Suit(T.suit(c.hand.all_tiles[0]))


def _all_claimed(c: Ctx) -> bool:
    """全求人: four claimed sets, one standing tile, won on a discard (自摸不算全求人)."""
    h = c.hand
    return (not c.self_drawn and len(h.melds) == 4 and len(h.concealed) == 1
            and all(not m.concealed for m in h.melds))


TABLE: tuple[Pattern[Ctx], ...] = (
    Pattern("小牌型", "Plain win", 0, lambda c: True, M("small")),
    Pattern("清一色", "Full flush", 1, lambda c: is_flush(c.hand) or is_all_honours(c.hand),
            lambda c: M("flush", suit=_suit(c)), ("小牌型",)),
    Pattern("碰碰胡", "All pungs", 1, lambda c: c.shape.all_pungs, M("all_pungs"), ("小牌型",)),
    Pattern("全求人", "All claimed", 1, _all_claimed, M("all_claimed"), ("小牌型",)),
    Pattern("七大对", "Seven pairs with fours", 1,
            lambda c: c.shape.fours if c.shape.kind == "seven_pairs" else 0,
            lambda c: M("big_pairs", n=c.shape.fours), ("小牌型", "七小对")),
    Pattern("七小对", "Seven pairs", 1, lambda c: c.shape.kind == "seven_pairs", M("seven_pairs"),
            ("小牌型",)),
    Pattern("杠上花", "Win on a kong replacement", 1, lambda c: c.hand.context.kong_replacement,
            M("kong_flower"), ("小牌型",)),
    Pattern("杠上炮", "Win on a discard after a kong", 1,
            lambda c: c.after_kong and not c.self_drawn, M("kong_discard"), ("小牌型",)),
    Pattern("抢杠和", "Robbing a kong", 1, lambda c: c.hand.context.robbing_kong, M("robbing"),
            ("小牌型",)),
    Pattern("海底捞月", "Last tile self-drawn", 1,
            lambda c: c.hand.context.last_tile and c.self_drawn, M("last_drawn"), ("小牌型",)),
    Pattern("海底炮", "Last discard", 1, lambda c: c.hand.context.last_tile and not c.self_drawn,
            M("last_discard"), ("小牌型",)),
    Pattern("天胡", "Heavenly hand", 1,
            lambda c: c.first_turn and c.self_drawn and c.winner_is_dealer, M("heavenly"),
            ("小牌型",)),
    Pattern("地胡", "Earthly hand", 1,
            lambda c: c.first_turn and c.self_drawn and not c.winner_is_dealer, M("earthly"),
            ("小牌型",)),
    Pattern("人胡", "Human hand", 1,
            lambda c: c.first_turn and not c.self_drawn and c.discarder == c.dealer,
            M("human"), ("小牌型",)),
)


def _fans_of(ctx: Ctx):
    """Counted fans and exclusions; the plain win giving way to a 大牌型 goes without saying."""
    fans, excluded = apply_exclusions(matched(TABLE, ctx), ctx,
                                      lambda p, by: M("excluded", fan=p.label, by=by.label))
    return fans, [e for e in excluded if e.name != "小牌型"]


def _fan_total(fans) -> int:
    return sum(f.fan * f.count for f in fans)


def evaluate(hand: Hand, options: Mapping[str, Any], who: Payers) -> ScoreResult:
    check_hand(hand, GAME, chows=False)
    dealer = seat_field(hand, "dealer", "E")
    first = first_turn_field(hand, dealer)
    after_kong = after_kong_field(hand)
    ctxs = [Ctx(hand, s, dealer, first, after_kong, who.discarder) for s in shapes(hand, GAME)]
    ctx, (fans, excluded) = best_reading(ctxs, _fans_of, lambda r: _fan_total(r[0]))
    fan = _fan_total(fans)
    mult = 2**fan
    per = options["base"] * mult
    return ScoreResult(rules=GAME, total=fan, unit="番", fans=fans, excluded=excluded,
                       arrangement=shape_text(ctx.shape),
                       extra={"multiplier": mult, "base": options["base"], "per_payer": per})


def bao_payer(hand: Hand) -> str | None:
    """承包: the seat from which the winner claimed three pungs (先碰再杠 included)."""
    for seat, n in claims_by_seat(hand).items():
        if n >= 3:
            return seat
    return None


def win_payments(hand: Hand, who: Payers, per: float, why: Msg) -> list[Payment]:
    """Who pays the win: the discarder, or everyone on a self-draw; 承包 changes it (seed 3,
    【承包規則】 2-4)."""
    winner = who.winner
    bao = bao_payer(hand)
    if bao is None:
        return [Payment(s, winner, per, why) for s in who.payers]
    if who.discarder is None:
        n = len(who.payers)  # everyone still in, whose shares the 承包 player pays
        return [Payment(bao, winner, n * per, M("bao_self", payer=Seat(bao), winner=Seat(winner),
                                                n=n, amount=per))]
    if who.discarder == bao:
        return [Payment(bao, winner, 2 * per, M("bao_own", payer=Seat(bao), winner=Seat(winner),
                                                amount=per))]
    return [Payment(who.discarder, winner, per, why),
            Payment(bao, winner, per, M("bao_third", payer=Seat(bao), winner=Seat(winner),
                                        discarder=Seat(who.discarder), amount=per))]


def score(hand: Hand, options: Mapping[str, Any]) -> ScoreResult:
    check_hand(hand, GAME, chows=False)  # before whoever pays is named from its seats
    players, in_round = round_players(hand)
    who = win_payers(hand, players)
    result = evaluate(hand, options, who)
    per = result.extra["per_payer"]
    how = M("self_drawn") if who.discarder is None else M("on_discard", seat=Seat(who.discarder))
    why = M("pays", winner=Seat(who.winner), how=how, fan=result.total, base=options["base"],
            amount=per)
    result.payments = win_payments(hand, who, per, why)
    result.notes.extend(who.notes)
    if options["kong_money"]:
        add_kong_money(result, hand, options["base"], in_round)
    return result


RULESET = RuleSet(
    id="nanning",
    name="Nanning",
    name_zh="南宁麻将",
    unit="番",
    description="136 tiles, pungs and kongs only; a small hand (小牌型) x1, each big hand (大牌型) "
    "one fan (x2), stacking without a cap; three pungs from one player make that player pay for "
    "all (承包); kong money at once.",
    description_zh="136张，只能碰、杠；小牌型 1倍，每个大牌型一番（x2），叠加不封顶；被同一家碰三口者承包；杠钱当场结算。",
    score=score,
    options=(BASE, KONG_MONEY),
    fields=(DEALER, DISCARDER, FIRST_TURN, AFTER_KONG, PLAYERS_IN),
    source="seeds/guangxi-nanning.txt, section 3",
    settlement=SouthRound("nanning", chows=False,
                          kong_money=lambda o: o["base"] if o["kong_money"] else None),
    tiles=T.TILE_CODES,  # the game's tiles: the photo reader reads no other
)
