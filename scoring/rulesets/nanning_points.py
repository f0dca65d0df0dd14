"""Nanning mahjong in points (南宁麻将规则), seed guangxi-nanning.txt section 5 and its
各胡牌分數計算 list: a win pays fixed points per payer (放炮 2, 自摸 3, 门清 4), special hands
and situations pay their own amounts, which add up (可以累計); kong money at once; 包胡 for nine
tiles given; 钓鱼 after a self-draw.

Each item is a `Pattern` whose value is its points on a discard win; `SELF_POINTS` gives the
self-drawn amount where the list has one (清一色 9 / 6 ...). The hand types (清一色, 碰碰胡, 七小对,
大七对, 全求人) and the way of winning (杠上花, 杠上炮, 抢杠, 海底, 天胡 ...) add up; the plain 放炮 2
/ 自摸 3 is paid only when nothing else applies; 门清 4 adds to the hand types but gives way to a
way of winning that is itself a self-draw amount (天胡 对对胡 = 6 + 6, 暗杠杠上花 9 + 1 kong money).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring import tiles as T
from scoring.decompose import waits
from scoring.hand import Hand, HandError, Meld
from scoring.messages import Catalog, Msg, Seat, Suit, Tile
from scoring.patterns import Pattern, apply_exclusions, best_reading, fan_label, matched
from scoring.payments import Payers, win_payers
from scoring.ruleset import Fan, HandField, Option, Payment, RuleSet, ScoreResult
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
    bool_field,
    check_hand,
    claims_by_seat,
    discard_winners_field,
    first_turn_field,
    is_all_honours,
    is_flush,
    provider_of,
    round_players,
    seat_field,
    shape_text,
    shapes,
    tiles_field,
)
from scoring.rulesets.south_round import SouthRound

M = Catalog("nanning_points", {
    "flush": ("every tile is {suit} (9 on a discard, 6 each on a self-draw)", "全部是{suit}（清一色：放炮 9 分，自摸 6 分）"),
    "all_pungs": ("a pair and four pungs or kongs (9 on a discard, 6 each on a self-draw)", "一对加四个刻子（碰碰胡：放炮 9 分，自摸 6 分）"),
    "seven_pairs": ("seven pairs (12 on a discard, 8 each on a self-draw)", "七个对子（七小对：放炮 12 分，自摸 8 分）"),
    "big_pairs": ("seven pairs holding four of a kind (24 on a discard, 16 each on a self-draw)",
                  "七对中有四张相同（大七对：放炮 24 分，自摸 16 分）"),
    "all_claimed": ("four sets claimed, the last tile won on a discard (18, only on a discard)",
                    "碰杠四次，剩最后一张牌和别人打出的牌（全求人：18 分，只有放炮才算）"),
    "concealed": ("nothing claimed, self-drawn (4 each; a concealed kong keeps it)",
                  "门清自摸（每家 4 分，有暗杠也算门清）"),
    "flower_exposed": ("won on the tile drawn for an exposed kong of {tile} (明杠杠上花: the "
                       "kong's provider alone pays 18, as on a discard)",
                       "明杠{tile}杠上花：被杠者一人付 18 分，算放炮"),
    "flower_concealed": ("won on the tile drawn for a concealed kong of {tile} (暗杠杠上花: 9 "
                         "each, as a self-draw)", "暗杠{tile}杠上花：每家付 9 分，算自摸"),
    "kong_discard": ("won on the tile discarded right after the discarder's kong (杠上炮: 9)",
                     "杠后打出的牌放炮（杠上炮：放炮者付 9 分）"),
    "robbing": ("robbed a kong (抢杠: 9, as a discard; no kong money)", "抢杠（9 分，算放炮；杠钱不算）"),
    "robbing_self": ("robbed a kong (抢杠胡等同杠开，当自摸: the robbed player pays for all three)",
                     "抢杠胡等同杠开，当自摸，被抢杠者包三家"),
    "last_drawn": ("self-drawn with the last tile (海底捞月: 6)", "摸最后一张牌自摸（海底捞月：6 分）"),
    "last_discard": ("won on the discard after the last tile (海底炮: 9)", "最后一张牌打出放炮（海底炮：9 分）"),
    "heavenly": ("the dealer wins on the first draw (天胡: {points} each)", "庄家起牌后就自摸（天胡：每家付 {points}）"),
    "earthly": ("another player wins on the first self-draw (地胡: 8)", "闲家第一圈自摸（地胡：按 8 计算）"),
    "human": ("won on the dealer's first discard (人胡: 8)", "和庄家打出的第一张牌（人胡：按 8 计算）"),
    "plain_self": ("a plain self-drawn win (自摸: each pays 3)", "自摸（每家付 3 分）"),
    "plain_discard": ("a plain win on a discard (放炮): the discarder pays 2", "放炮（放炮者付 2 分）"),
    "ready": ("declared ready (听牌: one more)", "听牌：在原有基础上加一"),
    "minimum": ("{fan}: the win pays at least 5 (不滿5番牌型，按照5番滿計算)", "{fan}不满 5 按 5 计算"),
    "excluded": ("{fan} is not counted beside {by}", "{fan}不与{by}同计"),
    "pays": ("{winner} wins {how}: {amount} points", "{winner}{how}：{amount} 分"),
    "self_drawn": ("self-drawn (自摸)", "自摸"),
    "on_discard": ("on {seat}'s discard (放炮)", "和{seat}打出的牌（放炮）"),
    "flower_provider": ("after {seat}'s kong tile (明杠杠上花, 算放炮)", "杠{seat}的牌后杠上花（算放炮）"),
    "robbed_pays_all": ("by robbing {seat}'s kong: {seat} pays for all three (3 x {each})",
                        "抢{seat}的杠：{seat}包三家（3 x {each}）"),
    "bao": ("包胡: {payer} gave {winner} nine tiles on the table and pays the win ({how})",
            "包胡：{payer}给了{winner}九张落地，由{payer}包胡（{how}）"),
    "fish": ("钓鱼: {hits} of the fish {tiles} hook {winner}'s waits: each payer pays the win "
             "once more for each ({amount} x {hits})",
             "钓鱼：{tiles}中有 {hits} 张钓中{winner}所听的牌：每个付分者每张再付一次（{amount} x {hits}）"),
    "fish_miss": ("钓鱼: none of the fish {tiles} hooks {winner}'s waits", "钓鱼：{tiles}都没有钓中{winner}所听的牌"),
    "fish_on_discard": ("Fishing (钓鱼) follows a self-drawn win only (下一把牌自摸玩家必須釣魚): "
                        "remove 'fish' or mark the win self-drawn.",
                        "只有自摸才钓鱼：请去掉 fish 或把和牌标为自摸。"),
    "fish_count": ("Fishing takes the last three tiles (取最後三張), but 'fish' has {n}.",
                   "钓鱼取最后三张牌，但 fish 有 {n} 张。"),
    "heavenly_help": ("heavenly hand (天胡) points each: 6 (the Nanning rules: “莊家起牌後就自摸每家付6”) or 8 (rule 2-7: "
                      "“天胡...按8番計算”)", "天胡每家付分：6（各胡牌分数计算）或 8（胡牌规则第7条）"),
    "robbing_help": ("robbing a kong (抢杠): discard = 9 from the robbed player, as a discard (list "
                     "item 12: “9分（算放炮）”); self_draw = counted as a self-draw, the robbed player "
                     "pays for all three (rule 2-6: “搶杠胡等同杠開，當自摸，被搶杠者包三家牌”)",
                     "抢杠：算放炮，被抢杠者付 9 分（第12条，默认）；或当自摸，被抢杠者包三家（胡牌规则第6条）"),
    "kong_money_help": ("kong money at once: an exposed kong 1 from the player who gave the tile (a pung "
                        "made a kong too), a concealed kong 1 from everyone (“杠錢是及時給的”)", "杠钱及时给：明杠由被杠者付 1 分，暗杠每家付 1 分"),
    "winners_help": ("how many players win on this one discard: with three (一炮三响) each win "
                     "pays at least 5 (given by 'mjlens settle')",
                     "同一张牌有几家胡：三家（一炮三响）时每家不满 5 按 5 计算（整局结算时给出）"),
    "three_winners": ("Three players win on one discard (一炮三响)", "一炮三响"),
    "ready_help": ("ready (听牌): the winner had declared ready (“在原有胡番的基礎上加一番”)", "听牌：在原有基础上加一"),
    "fish_help": ("fishing (钓鱼): the last three tiles of the wall taken after a self-drawn win, when the "
                  "previous hand had a winner", "钓鱼：上一把有人胡牌时，自摸后取牌尾最后三张"),
})

GAME = "nanning_points"
# points per payer on a self-draw, where the list gives one (the table's value is the discard amount)
SELF_POINTS = {"清一色": 6, "碰碰胡": 6, "七小对": 8, "大七对": 16, "暗杠杠上花": 9, "海底捞月": 6,
               "天胡": 6, "地胡": 8, "门清": 4}
MINIMUM_5 = ("明杠杠上花", "暗杠杠上花", "海底捞月", "抢杠")

HEAVENLY = Option("heavenly", 6, M.text("heavenly_help"), choices=(6, 8),
                  help_zh=M.text("heavenly_help", "zh"))
ROBBING = Option("robbing", "discard", M.text("robbing_help"), choices=("discard", "self_draw"),
                 help_zh=M.text("robbing_help", "zh"))
KONG_MONEY = Option("kong_money", True, M.text("kong_money_help"),
                    help_zh=M.text("kong_money_help", "zh"))
FIELDS = (
    DEALER, DISCARDER, FIRST_TURN, AFTER_KONG,
    HandField("declared_ready", "bool", False, M.text("ready_help"), M.text("ready_help", "zh")),
    HandField("fish", "tiles", [], M.text("fish_help"), M.text("fish_help", "zh")),
    HandField("one_discard_winners", "int", 1, M.text("winners_help"), M.text("winners_help", "zh")),
    PLAYERS_IN,
)


@dataclass(frozen=True)
class Ctx(TurnCtx):
    after_kong: bool
    discarder: str | None
    last_kong: Meld | None

    def flower(self, concealed: bool) -> bool:
        k = self.last_kong
        return self.hand.context.kong_replacement and k is not None and k.concealed == concealed


def _suit(c: Ctx) -> Suit:
    return Suit(T.suit(c.hand.all_tiles[0]))


def _kong_tile(c: Ctx) -> Tile:
    return Tile(c.last_kong.first if c.last_kong else "")


TABLE: tuple[Pattern[Ctx], ...] = (
    Pattern("清一色", "Full flush", 9, lambda c: is_flush(c.hand) or is_all_honours(c.hand),
            lambda c: M("flush", suit=_suit(c))),
    Pattern("全求人", "All claimed", 18, lambda c: not c.self_drawn and len(c.hand.concealed) == 1
            and len(c.hand.melds) == 4 and not any(m.concealed for m in c.hand.melds),
            M("all_claimed"), ("碰碰胡",)),
    Pattern("碰碰胡", "All pungs", 9, lambda c: c.shape.all_pungs, M("all_pungs")),
    Pattern("大七对", "Seven pairs with four of a kind", 24,
            lambda c: c.shape.kind == "seven_pairs" and c.shape.fours > 0, M("big_pairs"), ("七小对",)),
    Pattern("七小对", "Seven pairs", 12, lambda c: c.shape.kind == "seven_pairs", M("seven_pairs")),
    Pattern("门清", "Concealed self-draw", 0, lambda c: c.self_drawn and c.hand.is_concealed_hand,
            M("concealed")),
    Pattern("明杠杠上花", "Exposed kong flower", 18, lambda c: c.flower(False),
            lambda c: M("flower_exposed", tile=_kong_tile(c))),
    Pattern("暗杠杠上花", "Concealed kong flower", 0, lambda c: c.flower(True),
            lambda c: M("flower_concealed", tile=_kong_tile(c)), ("门清",)),
    Pattern("杠上炮", "Discard after a kong", 9, lambda c: c.after_kong and not c.self_drawn,
            M("kong_discard")),
    Pattern("抢杠", "Robbing a kong", 9, lambda c: c.hand.context.robbing_kong, M("robbing")),
    Pattern("海底捞月", "Last tile self-drawn", 0, lambda c: c.hand.context.last_tile and c.self_drawn,
            M("last_drawn"), ("门清",)),
    Pattern("海底炮", "Last discard", 9, lambda c: c.hand.context.last_tile and not c.self_drawn,
            M("last_discard")),
    Pattern("天胡", "Heavenly hand", 0, lambda c: c.first_turn and c.self_drawn and c.winner_is_dealer,
            M("heavenly", points=6), ("门清",)),
    Pattern("地胡", "Earthly hand", 0,
            lambda c: c.first_turn and c.self_drawn and not c.winner_is_dealer, M("earthly"), ("门清",)),
    Pattern("人胡", "Human hand", 8,
            lambda c: c.first_turn and not c.self_drawn and c.discarder == c.dealer, M("human")),
)


def as_self_draw(ctx: Ctx, robbing: str) -> bool:
    """Whether the win is paid by everyone (自摸 and what counts as one)."""
    if ctx.flower(False):
        return False  # 明杠杠上花 算放炮
    return ctx.self_drawn or (ctx.hand.context.robbing_kong and robbing == "self_draw")


def _items(ctx: Ctx, options: Mapping[str, Any]) -> tuple[list[Fan], list, bool]:
    """(the counted items with their points, exclusions, paid as a self-draw)."""
    fans, excluded = apply_exclusions(matched(TABLE, ctx), ctx,
                                      lambda p, by: M("excluded", fan=p.label, by=by.label))
    by_self = as_self_draw(ctx, options["robbing"])
    out = []
    for f in fans:
        points = SELF_POINTS.get(f.name, f.fan) if by_self else f.fan
        if f.name == "天胡":
            points = options["heavenly"]
            f = Fan(f.name, f.name_en, points, 1, M("heavenly", points=points))
        if f.name == "抢杠" and options["robbing"] == "self_draw":
            points, f = 0, Fan(f.name, f.name_en, 0, 1, M("robbing_self"))
        out.append(Fan(f.name, f.name_en, points, 1, f.why))
    if not sum(f.fan for f in out):  # no item with points: the plain win
        out.insert(0, Fan("自摸", "Self-drawn", 3, 1, M("plain_self")) if by_self else
                   Fan("放炮", "Discard win", 2, 1, M("plain_discard")))
    return out, excluded, by_self


def _points(items: tuple[list[Fan], list, bool]) -> int:
    return sum(f.fan for f in items[0])


def evaluate(hand: Hand, options: Mapping[str, Any], who: Payers) -> ScoreResult:
    check_hand(hand, GAME, chows=False)
    dealer = seat_field(hand, "dealer", "E")
    first = first_turn_field(hand, dealer)
    after_kong = after_kong_field(hand)
    kongs = [m for m in hand.melds if m.is_kong]
    last_kong = kongs[-1] if kongs else None
    ctxs = [Ctx(hand, s, dealer, first, after_kong, who.discarder, last_kong)
            for s in shapes(hand, GAME)]
    ctx, (fans, excluded, by_self) = best_reading(ctxs, lambda c: _items(c, options), _points)
    notes: list[Msg] = []
    if bool_field(hand, "declared_ready"):
        fans.append(Fan("听牌", "Declared ready", 1, 1, M("ready")))
    per = sum(f.fan for f in fans)
    minimum: list = [fan_label(f.name, f.name_en) for f in fans if f.name in MINIMUM_5]
    if discard_winners_field(hand) >= 3:  # 一炮三响
        minimum.append(M("three_winners"))
    if minimum and per < 5:
        notes.append(M("minimum", fan=minimum[0]))
        per = 5
    per *= options["base"]
    return ScoreResult(rules=GAME, total=per, unit="points", fans=fans, excluded=excluded,
                       notes=notes, arrangement=shape_text(ctx.shape),
                       extra={"per_payer": per, "multiplier": per // options["base"] if options["base"] else 0,
                              "as_self_draw": by_self})


def nine_tiles_giver(hand: Hand) -> str | None:
    """包胡: the player who gave the winner nine tiles on the table (three claimed sets)."""
    return next((s for s, n in claims_by_seat(hand).items() if n >= 3), None)


def win_payments(hand: Hand, who: Payers, result: ScoreResult, options: Mapping[str, Any]) -> list[Payment]:
    winner = who.winner
    per = result.extra["per_payer"]
    names = {f.name for f in result.fans}
    by_self = result.extra["as_self_draw"]
    if "明杠杠上花" in names:
        payer, _ = provider_of(hand, [m for m in hand.melds if m.is_kong][-1])
        how: Msg = M("flower_provider", seat=Seat(payer))
        payers = [payer]
    elif hand.context.robbing_kong and by_self:
        each = per
        return [Payment(who.discarder, winner, 3 * each, M("pays", winner=Seat(winner), amount=3 * each,
                        how=M("robbed_pays_all", seat=Seat(who.discarder), each=each)))]
    elif by_self:
        how, payers = M("self_drawn"), list(who.payers)
    else:
        how, payers = M("on_discard", seat=Seat(who.discarder)), [who.discarder]
    giver = nine_tiles_giver(hand)
    if giver is not None:
        total = per * len(payers)
        return [Payment(giver, winner, total, M("bao", payer=Seat(giver), winner=Seat(winner), how=how))]
    why = M("pays", winner=Seat(winner), how=how, amount=per)
    return [Payment(p, winner, per, why) for p in payers]


def fish_payments(hand: Hand, pays: list[Payment]) -> tuple[list[Payment], list[Msg], dict]:
    """钓鱼 (section 5, 四): after a self-draw, each of the last three tiles that the winner was
    waiting on hooks once, and every payment of the win is paid once more for each."""
    fish = tiles_field(hand, "fish")
    if not fish:
        return [], [], {}
    if not hand.context.self_drawn:
        raise HandError(M("fish_on_discard"))
    if len(fish) != 3:
        raise HandError(M("fish_count", n=len(fish)))
    winning = set(waits(hand))
    hits = sum(1 for t in fish if t in winning)
    winner = hand.context.seat_wind
    shown = [Tile(t) for t in fish]
    if not hits:
        return [], [M("fish_miss", tiles=shown, winner=Seat(winner))], {"fish_hits": 0}
    extra = [Payment(p.payer, p.payee, p.amount * hits,
                     M("fish", hits=hits, tiles=shown, winner=Seat(winner), amount=p.amount))
             for p in pays]
    return extra, [], {"fish_hits": hits}


def score(hand: Hand, options: Mapping[str, Any]) -> ScoreResult:
    check_hand(hand, GAME, chows=False)  # before whoever pays is named from its seats
    players, in_round = round_players(hand)
    who = win_payers(hand, players)
    result = evaluate(hand, options, who)
    result.payments = win_payments(hand, who, result, options)
    result.notes.extend(who.notes)
    fish, notes, info = fish_payments(hand, result.payments)
    result.payments.extend(fish)
    result.notes.extend(notes)
    result.extra.update(info)
    if options["kong_money"]:
        add_kong_money(result, hand, options["base"], in_round)
    return result


RULESET = RuleSet(
    id="nanning_points",
    name="Nanning (points)",
    name_zh="南宁麻将（计分）",
    unit="points",
    description="136 tiles, pungs and kongs only; a discard win 2, self-drawn 3 each, concealed "
    "self-drawn 4 each; full flush or all pungs 9 / 6, seven pairs 12 / 8, big seven pairs 24 / "
    "16, all melded 18, a win on a kong's tile 18 / 9, a discard after a kong 9, robbing a kong "
    "9, the last tile 6 / 9, adding up; kong money at once; paying for all (包胡); fishing (钓鱼).",
    description_zh="136张，只能碰、杠；放炮 2，自摸每家 3，门清每家 4；清一色 / 碰碰胡 9 / 6，七小对 12 / 8，大七对 24 / 16，全求人 18，杠上花 18 / 9，杠上炮 9，抢杠 9，海底 6 / 9，累计；杠钱当场给；包胡；钓鱼。",
    score=score,
    options=(BASE, HEAVENLY, ROBBING, KONG_MONEY),
    fields=FIELDS,
    source="seeds/guangxi-nanning.txt, section 5",
    settlement=SouthRound("nanning_points", chows=False,
                          kong_money=lambda o: o["base"] if o["kong_money"] else None),
    tiles=T.TILE_CODES,  # the game's tiles: the photo reader reads no other
)
