"""Guangxi mahjong (广西麻将), seed guangxi-nanning.txt sections 1 and 2: a hand class worth a
multiple of the stake (平胡 1, 对胡 2, 清一色 4, 清一色对胡 8, 龙七对 4), each further 番 (a kong,
海底捞月, 杠上花, each 连庄) doubling it, and 抓码 horses after a self-drawn win.

Every factor is a `Pattern` whose value multiplies the stake: the hand class, 清一色 x4, and
each extra 番 x2 (番 = 2倍). The horses and the dealer's split of them are in `horse_payments`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring import tiles as T
from scoring.hand import WINDS, Hand, HandError
from scoring.messages import Catalog, Msg, Seat, Suit, Tile
from scoring.patterns import Pattern, apply_exclusions, best_reading, matched
from scoring.payments import Payers, pay_each, win_payers
from scoring.ruleset import HandField, Option, Payment, RuleSet, ScoreResult
from scoring.rulesets.south_common import (
    BASE,
    DEALER,
    DISCARDER,
    PLAYERS_IN,
    Shape,
    check_hand,
    count_field,
    is_flush,
    round_players,
    seat_field,
    shape_text,
    shapes,
    tiles_field,
)
from scoring.rulesets.south_round import SouthRound, no_kong_money

M = Catalog("guangxi", {
    "plain": ("a complete hand (the base: x1)", "平胡为基础：1倍"),
    "all_pungs": ("every set is a pung or a kong (x2)", "全部是刻子或杠（对胡 2倍）"),
    "seven_pairs": ("seven pairs, no four of a kind among them (counted as all pungs: x2)",
                    "七对，无四张相同（按对胡 2倍计）"),
    "dragon_pairs": ("seven pairs holding four of {tile} (x4)", "七对中有四张{tile}（龙七对 4倍）"),
    "flush": ("every tile is {suit} (x4; with all pungs that is 8)",
              "全部是{suit}（清一色 4倍；加对胡为 8倍）"),
    "kong": ("each kong is one fan more, x2 each", "每个杠加一番，每番 2倍"),
    "last_tile": ("self-drawn with the last tile of the wall: one fan more, x2",
                  "摸最后一张牌自摸（海底捞月：另加一番，2倍）"),
    "kong_flower": ("won on the tile drawn after a kong: one fan more, x2",
                    "杠后补牌自摸（杠上花：额外加一番，2倍）"),
    "streak": ("the dealer has kept the deal {n} time(s) in a row (连庄): one fan each, x2 each",
               "庄家连庄 {n} 次（每连庄一次加一番，每番 2倍）"),
    "excluded": ("{by} counts instead of {fan}", "{fan}被{by}取代"),
    "pays": ("{winner} wins {how}: {mult} x the stake {base}", "{winner}{how}：底分 {base} 的 {mult} 倍"),
    "self_drawn": ("self-drawn (自摸)", "自摸"),
    "on_discard": ("on {seat}'s discard (点炮)", "和{seat}打出的牌（点炮）"),
    "horse_hits": ("{winner} self-draws: {mult} x the stake {base}, x{factor} for {hits} horse "
                   "hit(s) on {winner}'s numbers ({tiles})",
                   "{winner}自摸：底分 {base} 的 {mult} 倍，中码 {hits} 张（{tiles}）翻 {factor} 倍"),
    "horse_none": ("{winner} self-draws: {mult} x the stake {base}; no horse hits {winner}'s "
                   "numbers, so nothing is doubled", "{winner}自摸：底分 {base} 的 {mult} 倍；没有中码，不翻倍"),
    "dealer_pool": ("the dealer {winner} self-draws with {hits} horse hit(s) ({tiles}): {payer} "
                    "pays {factor} x {amount} = {total}", "庄家{winner}自摸，中码 {hits} 张（{tiles}）："
                    "{payer}付 {amount} 的 {factor} 倍即 {total}"),
    "drawer_settles": ("the horses drawn by {drawer} for the dealer's self-draw: {drawer} puts in "
                       "(1 + {misses} missed) x {factor} = {paid}; the pool of {pool} is split in "
                       "{shares} shares of {share}, {hits} to {drawer} and one to the dealer, so "
                       "{drawer} nets {net}",
                       "{drawer}为庄家自摸摸码：自己加摸不中的 {misses} 张共付 {factor} 倍即 {paid}；"
                       "共 {pool} 分成 {shares} 份，每份 {share}，{drawer}得 {hits} 份、庄家得一份，"
                       "{drawer}实得 {net}"),
    "horses_on_discard": ("Horses (抓码) are drawn only after a self-drawn win (the Guangxi rules: '自摸胡牌才可摸碼'): "
                          "remove 'horses' or mark the win self-drawn.",
                          "只有自摸胡牌才可摸码：请去掉 horses 或把和牌标为自摸。"),
    "horse_count": ("The game is played with {want} horses (option horse_count), but the hand "
                    "gives {got}: {tiles}.", "本局摸 {want} 张码（选项“抓码张数”），但给出了 {got} 张：{tiles}。"),
    "drawer_needed": ("The dealer self-drew with {hits} horse hit(s): say who drew the horses "
                      "(horse_drawer, a seat other than the dealer): the Guangxi rules split the "
                      "pool between the dealer and that player ('是你摸中的那張和莊家平分這12倍').",
                      "庄家自摸且中码 {hits} 张：请给出摸码的玩家（horse_drawer，庄家以外的座位），"
                      "广西规则在庄家和该玩家之间分这笔钱（“是你摸中的那張和莊家平分這12倍”）。"),
    "drawer_not_dealer": ("horse_drawer must be another player than the dealer {seat}.",
                          "horse_drawer 必须是庄家{seat}以外的玩家。"),
    "drawer_unused": ("horse_drawer is only read on the dealer's self-drawn win with horses.",
                      "horse_drawer 只在庄家自摸并摸码时使用。"),
    "streak_not_dealer": ("dealer_streak {n} is not counted: the dealer's run adds fan only to the dealer's "
                          "win, and the winner {winner} is not the dealer {dealer}.",
                          "连庄 {n} 次不计：连庄只给庄家的和牌加番，和牌者{winner}不是庄家{dealer}。"),
    "no_horses": ("No horses given for this self-drawn win: scored without horses.",
                  "此自摸未给出码牌：按不抓码计算。"),
    "seven_pairs_off": ("Plain seven pairs is not a win with option seven_pairs=false: the Guangxi "
                        "rules name only dragon seven pairs, seven pairs with four of a kind "
                        "('其中龍七對也是四翻').",
                        "不选“普通七对可和”时普通七对不能和：广西规则只列出龙七对（“其中龍七對也是四翻”）。"),
    "horse_count_help": ("horses (抓码): how many horse tiles are drawn after a self-drawn win (2-5; "
                         "the Guangxi rules: '一般都是摸4張')", "抓码张数（2-5；广西规则：“一般都是摸4張”）"),
    "dragon_order_help": ("which seat White and Green hit: white_third = White with the third "
                          "player, Green with the fourth (the Guangxi rules: '3、7、西、白板'); "
                          "green_third swaps them ('有些地方白板和發財的順序不一樣'); green_second: "
                          "Green with the second player (with 2, 6 and South), White with the "
                          "third, as the common horse (抓码) layout has it",
                          "白板、发财对应的座位：「白板对第三家」即发财对第四家（3、7、西、白板）；"
                          "「发财对第三家」则对调（有些地方白板和发财的顺序不一样）；"
                          "「发财对第二家」：发财与 2、6、南同属第二家，白板属第三家（常见的抓码对法）"),
    "seven_pairs_help": ("plain seven pairs (no four of a kind) wins, counted as all pungs x2; the "
                         "Guangxi rules name only dragon seven pairs ('其中龍七對也是四翻')",
                         "普通七对可和，按对胡 2倍计；广西规则只写了龙七对（“其中龍七對也是四翻”）"),
    "horses_help": ("horses (抓码): the tiles drawn from the end of the wall after a self-drawn win",
                    "自摸后从牌尾摸的码牌"),
    "streak_help": ("dealer's run (连庄): how many hands in a row the dealer has kept the deal, one fan each ('每連庄一次便加上一番')",
                    "连庄次数（每连庄一次便加上一番）"),
    "drawer_help": ("on the dealer's self-drawn win: the seat that drew the horses (the Guangxi "
                    "rules' worked example splits the pool between the dealer and this player)",
                    "庄家自摸时摸码的玩家座位（规则例子在庄家和此玩家之间分钱）"),
})

GAME = "guangxi"
HORSE_COUNT = Option("horse_count", 4, M.text("horse_count_help"), choices=(2, 3, 4, 5),
                     help_zh=M.text("horse_count_help", "zh"))
DRAGON_ORDER = Option("dragon_order", "white_third", M.text("dragon_order_help"),
                      choices=("white_third", "green_third", "green_second"),
                      help_zh=M.text("dragon_order_help", "zh"))
SEVEN_PAIRS = Option("seven_pairs", True, M.text("seven_pairs_help"),
                     help_zh=M.text("seven_pairs_help", "zh"))
FIELDS = (
    DEALER, DISCARDER,
    HandField("dealer_streak", "int", 0, M.text("streak_help"), M.text("streak_help", "zh")),
    HandField("horses", "tiles", [], M.text("horses_help"), M.text("horses_help", "zh")),
    HandField("horse_drawer", "seat", None, M.text("drawer_help"), M.text("drawer_help", "zh")),
    PLAYERS_IN,
)


@dataclass(frozen=True)
class Ctx:
    hand: Hand
    shape: Shape
    flush: bool
    streak: int  # 连庄 counted (0 unless the dealer wins)

    @property
    def seven_pairs(self) -> bool:
        return self.shape.kind == "seven_pairs"


def _dragon_tile(c: Ctx) -> Msg:
    counts = {p: c.shape.arrangement.pairs.count(p) for p in c.shape.arrangement.pairs}
    return M("dragon_pairs", tile=Tile(next(p for p, n in counts.items() if n == 2)))


TABLE: tuple[Pattern[Ctx], ...] = (
    Pattern("平胡", "Plain win", 1, lambda c: not c.seven_pairs, M("plain")),
    Pattern("对胡", "All pungs", 2, lambda c: c.shape.all_pungs, M("all_pungs"), ("平胡",)),
    Pattern("七对", "Seven pairs", 2, lambda c: c.seven_pairs and not c.shape.fours,
            M("seven_pairs")),
    Pattern("龙七对", "Seven pairs with four of a kind", 4,
            lambda c: c.seven_pairs and c.shape.fours > 0, _dragon_tile),
    Pattern("清一色", "Full flush", 4, lambda c: c.flush,
            lambda c: M("flush", suit=Suit(T.suit(c.hand.all_tiles[0])))),
    Pattern("杠", "Kong", 2, lambda c: c.hand.kong_count, M("kong")),
    Pattern("海底捞月", "Last tile self-drawn", 2,
            lambda c: c.hand.context.last_tile and c.hand.context.self_drawn, M("last_tile")),
    Pattern("杠上花", "Win on a kong replacement", 2, lambda c: c.hand.context.kong_replacement,
            M("kong_flower")),
    Pattern("连庄", "Dealer streak", 2, lambda c: c.streak,
            lambda c: M("streak", n=c.streak)),
)


def _multiplier(found: list[tuple[Pattern[Ctx], int]]) -> int:
    """The stake multiple: each counted factor's value to the power of its count."""
    mult = 1
    for p, n in found:
        mult *= p.value**n
    return mult


def _counted(ctx: Ctx) -> list[tuple[Pattern[Ctx], int]]:
    found = matched(TABLE, ctx)
    excluded = {name for p, _ in found for name in p.excludes}
    return [(p, n) for p, n in found if p.name not in excluded]


# the place from the dealer (0 the dealer) that 发 hits under each dragon_order
DRAGON_GREEN = {"white_third": 3, "green_third": 2, "green_second": 1}


def horse_seat(tile: str, dealer: str, dragon_order: str) -> str:
    """The seat a horse tile hits, counted from the dealer in playing order: the dealer 1 5 9
    东 中, the second player 2 6 南, the third 3 7 西 白, the fourth 4 8 北 发 (白 and 发 swapped
    with dragon_order=green_third; green_second, the common 抓码 layout: 发 with 2 6 南, 白 with
    3 7 西, nothing but 4 8 北 for the fourth)."""
    if T.is_suited(tile):
        place = (T.rank(tile) - 1) % 4
    else:
        place = {"1z": 0, "2z": 1, "3z": 2, "4z": 3, "7z": 0,
                 "5z": 3 if dragon_order == "green_third" else 2,
                 "6z": DRAGON_GREEN[dragon_order]}[tile]
    return WINDS[(WINDS.index(dealer) + place) % 4]


def evaluate(hand: Hand, options: Mapping[str, Any]) -> tuple[ScoreResult, Ctx]:
    check_hand(hand, GAME, chows=True)
    dealer = seat_field(hand, "dealer", "E")
    streak = count_field(hand, "dealer_streak")
    winner = hand.context.seat_wind
    readings = shapes(hand, GAME)
    if not options["seven_pairs"]:
        readings = [s for s in readings if s.kind != "seven_pairs" or s.fours]
        if not readings:
            raise HandError(M("seven_pairs_off"))
    notes: list[Msg] = []
    if streak and winner != dealer:
        notes.append(M("streak_not_dealer", n=streak, winner=Seat(winner), dealer=Seat(dealer)))
    flush = is_flush(hand)
    ctxs = [Ctx(hand, s, flush, streak if winner == dealer else 0) for s in readings]
    ctx, found = best_reading(ctxs, _counted, _multiplier)
    fans, excluded = apply_exclusions(matched(TABLE, ctx), ctx,
                                      lambda p, by: M("excluded", fan=p.label, by=by.label))
    mult = _multiplier(found)
    result = ScoreResult(rules=GAME, total=mult, unit="x stake", fans=fans, excluded=excluded,
                         notes=notes, combine="multiply", arrangement=shape_text(ctx.shape),
                         extra={"multiplier": mult, "base": options["base"],
                                "per_payer": options["base"] * mult})
    return result, ctx


def horse_payments(hand: Hand, who: Payers, amount: float, mult: int,
                   options: Mapping[str, Any]) -> tuple[list[Payment], dict[str, Any]]:
    """抓码 after a self-drawn win (seed section 1). A non-dealer: each hit on their numbers
    doubles, two triple, and so on. The dealer: the worked example's split (two players pay
    (hits+1) x; the horse drawer pays it for themself and for each missed horse; the pool goes
    in hits+1 shares, one to the dealer and one per hit to the drawer)."""
    horses = tiles_field(hand, "horses")
    dealer = seat_field(hand, "dealer", "E")
    drawer = seat_field(hand, "horse_drawer", None)
    winner = who.winner
    if not horses:
        if drawer is not None:
            raise HandError(M("drawer_unused"))
        return [], {}
    want = options["horse_count"]
    if len(horses) != want:
        raise HandError(M("horse_count", want=want, got=len(horses), tiles=[Tile(t) for t in horses]))
    hit_tiles = [t for t in horses if horse_seat(t, dealer, options["dragon_order"]) == winner]
    k = len(hit_tiles)
    factor = k + 1
    shown = [Tile(t) for t in hit_tiles] or "-"
    base = options["base"]
    # per_payer: what each payer pays, horses included (the drawer of the dealer's horses
    # settles apart, in the payments); the hand's own amount stays beside it
    info = {"horses": horses, "horse_hits": hit_tiles, "horse_factor": factor,
            "per_payer": amount * factor, "per_payer_before_horses": amount}
    if winner != dealer or k == 0:
        if drawer is not None and winner != dealer:
            raise HandError(M("drawer_unused"))
        why = (M("horse_hits", winner=Seat(winner), mult=mult, base=base, factor=factor, hits=k,
                 tiles=shown) if k else
               M("horse_none", winner=Seat(winner), mult=mult, base=base))
        return pay_each(who, amount * factor, why), info
    if drawer is None:
        raise HandError(M("drawer_needed", hits=k))
    if drawer == dealer:
        raise HandError(M("drawer_not_dealer", seat=Seat(dealer)))
    n = len(horses)
    misses = n - k
    pays = []
    for seat in who.payers:
        if seat != drawer:
            pays.append(Payment(seat, winner, factor * amount, M(
                "dealer_pool", winner=Seat(winner), hits=k, tiles=shown, payer=Seat(seat),
                factor=factor, amount=amount, total=factor * amount)))
    paid = (misses + 1) * factor * amount
    pool = (misses + 3) * factor * amount  # the two others, the drawer and each missed horse
    share = (misses + 3) * amount  # pool / (k + 1), as factor = k + 1
    net = k * share - paid
    why = M("drawer_settles", drawer=Seat(drawer), misses=misses, factor=factor, paid=paid,
            pool=pool, shares=k + 1, share=share, hits=k, net=net)
    if net < 0:
        pays.append(Payment(drawer, winner, -net, why))
    elif net > 0:
        pays.append(Payment(winner, drawer, net, why))
    info.update({"horse_pool": pool, "horse_share": share})
    return pays, info


def score(hand: Hand, options: Mapping[str, Any]) -> ScoreResult:
    result, _ = evaluate(hand, options)
    who = win_payers(hand, round_players(hand)[0])
    result.notes.extend(who.notes)
    amount = result.extra["per_payer"]
    mult = result.extra["multiplier"]
    if not hand.context.self_drawn and tiles_field(hand, "horses"):
        raise HandError(M("horses_on_discard"))
    if who.discarder is None:
        pays, info = horse_payments(hand, who, amount, mult, options)
        if not info:
            result.notes.append(M("no_horses"))
            pays = pay_each(who, amount, M("pays", winner=Seat(who.winner), how=M("self_drawn"),
                                           mult=mult, base=options["base"]))
        result.extra.update(info)
    else:
        if seat_field(hand, "horse_drawer", None) is not None:
            raise HandError(M("drawer_unused"))
        pays = pay_each(who, amount, M("pays", winner=Seat(who.winner),
                                       how=M("on_discard", seat=Seat(who.discarder)),
                                       mult=mult, base=options["base"]))
    result.payments = pays
    return result


RULESET = RuleSet(
    id="guangxi",
    name="Guangxi",
    name_zh="广西麻将",
    unit="x stake",
    description="136 tiles; a plain win x1, all pungs x2, a full flush x4 (with all pungs x8), "
    "dragon seven pairs x4; each kong, the last tile, a win on a kong's tile and each dealer's "
    "run one fan more (x2); horses after a self-drawn win.",
    description_zh="136张；平胡 1倍，对胡 2倍，清一色 4倍（清一色对胡 8倍），龙七对 4倍；每个杠、海底捞月、杠上花、连庄各加一番（x2）；自摸后抓码。",
    score=score,
    options=(BASE, HORSE_COUNT, DRAGON_ORDER, SEVEN_PAIRS),
    fields=FIELDS,
    source="seeds/guangxi-nanning.txt, sections 1 and 2",
    combine="multiply",
    settlement=SouthRound("guangxi", chows=True, kong_money=no_kong_money),
    tiles=T.TILE_CODES,  # the game's tiles: the photo reader reads no other
)
