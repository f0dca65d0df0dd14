"""What the Guangxi, Nanning and Hezhou rule sets share (seed guangxi-nanning.txt): the 136
tiles without flowers, the no-chow rule of the games that only pung and kong, the shape facts
their tables ask about, their extra hand fields, and kong money.

No `RULESET` here: the registry skips this module; each rule set module imports what it needs.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from scoring import tiles as T
from scoring.decompose import Arrangement, seven_pairs, standard_arrangements, thirteen_orphans
from scoring.hand import WINDS, Hand, HandError, Meld
from scoring.messages import Catalog, Msg, Seat, Text, Tile, as_input
from scoring.notation import format_tiles, parse_tiles
from scoring.payments import claimed_from_seat, player_before
from scoring.ruleset import HandField, Option, Payment, ScoreResult
from scoring.rulesets import house_common

M = Catalog("south", {
    "no_flowers": ("{game} is played without flowers: remove {tiles}.",
                   "{game}不用花牌：请去掉 {tiles}。"),
    "no_chows": ("{game} has no chows (不能吃): {meld} cannot be an exposed meld. Only pungs and "
                 "kongs are claimed; a run stays among the standing tiles.",
                 "{game}不能吃：{meld} 不能是吃来的顺子。只能碰和杠，顺子留在手中。"),
    "not_a_win": ("These tiles are not a winning hand: they form neither four sets and a pair "
                  "nor {others}. Check the tiles and the winning tile.",
                  "这些牌不成和牌：既不是四组加一对，也不是{others}。请检查手牌和和牌张。"),
    "not_a_standard_win": ("These tiles are not a winning hand: they do not form four sets and a "
                           "pair. Check the tiles and the winning tile.",
                           "这些牌不成和牌：不是四组加一对。请检查手牌和和牌张。"),
    "seven_pairs_word": ("seven pairs", "七对"),
    "orphans_word": ("thirteen orphans", "十三幺"),
    "bad_seat": ("{field} must be a seat: E, S, W or N, not {value}.",
                 "{field} 必须是座位：E、S、W 或 N，而不是 {value}。"),
    "bad_flag": ("'{field}' must be true or false, not {value}.",
                 "{field} 必须是 true 或 false，而不是 {value}。"),
    "bad_count": ("'{field}' must be a whole number from {low} up, not {value}.",
                  "{field} 必须是不小于 {low} 的整数，而不是 {value}。"),
    "bad_count_range": ("'{field}' must be a whole number from {low} to {high}, not {value}.",
                        "{field} 必须是 {low} 到 {high} 的整数，而不是 {value}。"),
    "bad_tiles": ("'{field}' must be a list of tile codes such as [\"1m\", \"5z\"] (or tiles "
                  "written 15m9p), not {value}.",
                  "{field} 必须是牌代码的列表，如 [\"1m\", \"5z\"]（或写作 15m9p），而不是 {value}。"),
    "fifth_copy": ("There are only four of {tile}, but the hand and its {field} hold {count}.",
                   "{tile}只有四张，但手牌与{field}共有 {count} 张。"),
    "kong_money_concealed": ("kong money: {winner}'s concealed kong of {tile} (暗杠), paid at "
                             "once by everyone",
                             "杠钱：{winner}暗杠{tile}，每家当场付"),
    "kong_money_exposed": ("kong money: {winner}'s kong of {tile} (明杠) is paid at once by "
                           "{payer}, who gave the tile",
                           "杠钱：{winner}明杠{tile}，由放杠的{payer}当场付"),
    "kong_money_added": ("kong money: {winner}'s kong of {tile} added to a pung, an added kong "
                         "(碰后杠) counted as an exposed kong (明杠), is paid by {payer}, who gave "
                         "the pung",
                         "杠钱：{winner}碰后加杠{tile}（算明杠），由被碰的{payer}付"),
    "assumed_provider": ("The exposed kong of {tile} does not say whom it was claimed from: "
                         "assumed the player before the winner (上家), {seat}.",
                         "明杠{tile}未注明从谁处杠来：按上家{seat}计算。"),
    "final_with_win_tile": ("A hand held when the round ends has no winning tile (win_tile).",
                            "局终时手中的牌没有和牌张。"),
    "players_in_help": ("seats still in the round, the winner among them (a whole round's "
                        "settlement gives them, and pays the kong money from its kong events)",
                        "仍在局中的座位，含和牌者（整局结算时给出，杠钱由整局的杠事件结算）"),
    "bad_players_in": ("players_in must be a list of seats, e.g. [\"E\", \"W\"], not {value}.",
                       "players_in 必须是座位列表，例如 [\"E\", \"W\"]，而不是 {value}。"),
    "kong_money_in_round": ("Kong money for {tiles} is left out: with players_in given (a round's "
                            "settlement) the round's kong events pay it.",
                            "{tiles}的杠钱不在此计：给出 players_in（整局结算）时由整局的杠事件结算。"),
    "first_turn_melds": ("A first-turn win (天胡 / 地胡 / 人胡) cannot have melds: nothing was "
                         "claimed yet (“第一圈裡如有人吃、碰牌…不成地胡”).",
                         "第一巡和牌（天胡、地胡、人胡）不能有副露：还没有人碰或杠（第一圈里如有人吃、碰牌……不成地胡）。"),
    "heavenly_drawn": ("The dealer's first-turn win (天胡) is on the dealt tiles (莊家起牌後即成和牌牌型): "
                       "mark it self-drawn.", "庄家的第一巡和牌（天胡）是起牌后即成和牌，应标为自摸。"),
    "after_kong_drawn": ("A win on a discard after a kong (杠上炮), discard_after_kong, is a win "
                         "on a discard: it cannot be self-drawn.",
                         "杠上炮（discard_after_kong）是和别人打出的牌，不能是自摸。"),
    "after_kong_robbed": ("A win on a discard after a kong (杠上炮), discard_after_kong, is a win "
                          "on a tile discarded after a kong, robbing a kong takes the tile "
                          "being added to one: not both.",
                          "杠上炮是和开杠后打出的牌，抢杠是和别人加杠的牌：两者不能同时成立。"),
    "winners_drawn": ("A self-drawn win is not won on a discard: one_discard_winners ({n}) counts "
                      "the players winning on one discard.",
                      "自摸不是和别人打出的牌：one_discard_winners（{n}）是同一张打出的牌有几家胡。"),
    "dealer_help": ("the dealer's seat (庄家)", "庄家的座位"),
    "discarder_help": ("seat of the player who discarded the winning tile (default: the player "
                       "before the winner)",
                       "打出和牌张的玩家座位（默认：和牌者的上家）"),
    "first_turn_help": ("won on the first turn: heavenly hand (天胡) for the dealer, self-drawn; "
                        "earthly hand (地胡) for another player, self-drawn; or human hand (人胡) "
                        "on the dealer's first discard",
                        "第一巡和牌：天胡（庄家自摸）、地胡（闲家自摸）或人胡（和庄家第一张打出的牌）"),
    "after_kong_help": ("discard after a kong (杠上炮): the winning tile was discarded right after the discarder's kong",
                        "杠上炮：和牌张是放炮者开杠后打出的牌"),
    "base_help": ("stake of one base (底分): every amount is a multiple of it", "底分：所有分数按底分计"),
})

GAME_NAMES = {
    "guangxi": ("Guangxi mahjong", "广西麻将"),
    "guangxi_hu": ("Guangxi 鸡胡/平胡/霸胡 mahjong", "广西鸡胡平胡霸胡麻将"),
    "nanning": ("Nanning mahjong", "南宁麻将"),
    "nanning_points": ("Nanning mahjong (points)", "南宁麻将（计分）"),
    "hezhou": ("Hezhou Xindu mahjong", "贺州信都吃炮麻将"),
}

# ---- shared options and fields ----------------------------------------------------------------
BASE = Option("base", 1, M.text("base_help"), help_zh=M.text("base_help", "zh"), minimum=1)
DEALER = HandField("dealer", "seat", "E", M.text("dealer_help"), M.text("dealer_help", "zh"))
DISCARDER = HandField("discarder", "seat", None, M.text("discarder_help"),
                      M.text("discarder_help", "zh"))
PLAYERS_IN = HandField("players_in", "seats", list(WINDS), M.text("players_in_help"),
                       M.text("players_in_help", "zh"))
FIRST_TURN = HandField("first_turn", "bool", False, M.text("first_turn_help"),
                       M.text("first_turn_help", "zh"))
AFTER_KONG = HandField("discard_after_kong", "bool", False, M.text("after_kong_help"),
                       M.text("after_kong_help", "zh"))


def game_name(rules: str) -> Text:
    en, zh = GAME_NAMES[rules]
    return Text(en, zh)


# ---- checking a hand ----------------------------------------------------------------------------
def meld_text(meld: Meld) -> str:
    return format_tiles(meld.tiles)


def check_hand(hand: Hand, rules: str, *, chows: bool, winning: bool = True) -> None:
    """Flowers, exposed chows where only pungs and kongs are claimed, then the generic checks
    (`winning=False`: a hand held when the round ends, without a winning tile)."""
    game = game_name(rules)
    if hand.flowers:
        raise HandError(M("no_flowers", game=game, tiles=[Tile(f) for f in hand.flowers]))
    if not chows:
        for m in hand.melds:
            if m.kind == "chow":
                raise HandError(M("no_chows", game=game, meld=meld_text(m)))
    hand.validate(allowed=T.TILE_CODES, allow_flowers=False, require_win_tile=winning)
    if not winning and hand.win_tile is not None:
        raise HandError(M("final_with_win_tile"))


def seat_field(hand: Hand, name: str, default: str | None) -> str | None:
    """A seat given in the hand (JSON null, like leaving it out, means the default)."""
    return house_common.seat_field(hand, name, default, M)


def bool_field(hand: Hand, name: str) -> bool:
    return house_common.flag_field(hand, name, M)


def first_turn_field(hand: Hand, dealer: str) -> bool:
    """The hand field `first_turn` (天胡, 地胡, 人胡), refused where it cannot be: with melds
    (nothing is claimed before the first turn ends) or for the dealer on a discard."""
    if not bool_field(hand, "first_turn"):
        return False
    if hand.melds:
        raise HandError(M("first_turn_melds"))
    if hand.context.seat_wind == dealer and not hand.context.self_drawn:
        raise HandError(M("heavenly_drawn"))
    return True


def count_field(hand: Hand, name: str, low: int = 0, high: int | None = None) -> int:
    value = hand.context.extra.get(name, low)
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (
            high is not None and value > high):
        if high is not None:
            raise HandError(M("bad_count_range", field=name, low=low, high=high, value=as_input(value)))
        raise HandError(M("bad_count", field=name, low=low, value=as_input(value)))
    return value


def after_kong_field(hand: Hand) -> bool:
    """The hand field `discard_after_kong` (杠上炮), refused with a self-draw or a robbed kong."""
    if not bool_field(hand, "discard_after_kong"):
        return False
    if hand.context.self_drawn:
        raise HandError(M("after_kong_drawn"))
    if hand.context.robbing_kong:
        raise HandError(M("after_kong_robbed"))
    return True


def discard_winners_field(hand: Hand) -> int:
    """The hand field `one_discard_winners`: 1 to 3 players win on one discard (never on a
    self-draw)."""
    n = count_field(hand, "one_discard_winners", 1, 3)
    if n > 1 and hand.context.self_drawn:
        raise HandError(M("winners_drawn", n=n))
    return n


def tiles_field(hand: Hand, name: str) -> list[str]:
    """A list of tile codes, or tiles written as in the notation (`15m9p`); checked against the
    hand so that no tile has a fifth copy (these tiles come from the same wall)."""
    raw = hand.context.extra.get(name, [])
    if isinstance(raw, str):
        try:
            raw = parse_tiles(raw) if raw else []
        except HandError:
            raise HandError(M("bad_tiles", field=name, value=as_input(raw))) from None
    if not isinstance(raw, list) or not all(isinstance(t, str) and T.is_tile(t) for t in raw):
        raise HandError(M("bad_tiles", field=name, value=as_input(raw)))
    counts = Counter(hand.all_tiles) + Counter(raw)
    for code, n in counts.items():
        if n > 4 and code in raw:
            raise HandError(M("fifth_copy", tile=Tile(code), field=name, count=n))
    return list(raw)


def round_players(hand: Hand) -> tuple[tuple[str, ...], bool]:
    """(players still in, whether a round's settlement gave them): a round pays kong money by
    its kong events, so a hand scored inside a round leaves it out."""
    raw = hand.context.extra.get("players_in")
    if raw is None:
        return WINDS, False
    if not isinstance(raw, list) or not raw or any(s not in WINDS for s in raw) or len(set(raw)) != len(raw):
        raise HandError(M("bad_players_in", value=as_input(raw)))
    return tuple(s for s in WINDS if s in raw), True


# ---- shapes -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Shape:
    """One reading of a winning hand: the arrangement and what the tables ask of its sets."""

    arrangement: Arrangement
    all_pungs: bool  # 对对胡 / 碰碰胡: every set a pung or kong
    all_chows: bool  # every set a chow
    fours: int  # seven pairs: how many four-of-a-kinds (龙 / 大七对)

    @property
    def kind(self) -> str:
        return self.arrangement.shape


def shapes(hand: Hand, rules: str, *, seven: bool = True, orphans: bool = False) -> list[Shape]:
    """Every reading of the hand; HandError in a player's words when there is none."""
    out = []
    for arr in standard_arrangements(hand):
        out.append(Shape(arr, all(m.is_pung_or_kong for m in arr.melds),
                         all(m.kind == "chow" for m in arr.melds), 0))
    sp = seven_pairs(hand) if seven else None
    if sp is not None:
        out.append(Shape(sp, False, False, sum(1 for n in Counter(sp.pairs).values() if n == 2)))
    to = thirteen_orphans(hand) if orphans else None
    if to is not None:
        out.append(Shape(to, False, False, 0))
    if not out:
        others = [M("seven_pairs_word")] if seven else []
        if orphans:
            others.append(M("orphans_word"))
        raise HandError(M("not_a_win", others=others) if others else M("not_a_standard_win"))
    return out


def shape_text(shape: Shape) -> str:
    arr = shape.arrangement
    if arr.shape == "seven_pairs":
        return " ".join(p[0] * 2 + p[-1] for p in arr.pairs)
    if arr.shape == "thirteen_orphans":
        return " ".join(T.sorted_codes(T.TILE_CODES[i] for i in range(34)
                                       if T.is_terminal_or_honor(T.TILE_CODES[i])))
    parts = []
    for i, m in enumerate(arr.melds):
        text = meld_text(m)
        if i < arr.declared:
            text = "{" + text + "}" if m.concealed else "[" + text + "]"
        parts.append(text)
    parts.append(arr.pair[0] * 2 + arr.pair[-1])
    return " ".join(parts)


@dataclass(frozen=True)
class TurnCtx:
    """One reading of a win with the turn facts the 天胡 / 地胡 / 人胡 fans ask about; each
    rule set's context extends it with the facts its own table needs."""

    hand: Hand
    shape: Shape
    dealer: str
    first_turn: bool

    @property
    def self_drawn(self) -> bool:
        return self.hand.context.self_drawn

    @property
    def winner_is_dealer(self) -> bool:
        return self.hand.context.seat_wind == self.dealer


def suits_of(hand: Hand) -> set[str]:
    return {T.suit(c) for c in hand.all_tiles}


def is_flush(hand: Hand) -> bool:
    """清一色: one suit, no honours."""
    s = suits_of(hand)
    return len(s) == 1 and "z" not in s


def is_all_honours(hand: Hand) -> bool:
    return suits_of(hand) == {"z"}


def is_half_flush(hand: Hand) -> bool:
    """混一色: one suit and honours."""
    s = suits_of(hand)
    return len(s) == 2 and "z" in s


# ---- claims and kong money ----------------------------------------------------------------------
def provider_of(hand: Hand, meld: Meld) -> tuple[str, bool]:
    """The seat a claimed meld came from and whether that was assumed (no claimed_from given:
    the player before the winner, who discards to them)."""
    winner = hand.context.seat_wind
    if meld.claimed_from is None:
        return player_before(winner), True
    return claimed_from_seat(winner, meld.claimed_from), False


def claims_by_seat(hand: Hand) -> Counter:
    """How many pungs and kongs (碰, 先碰再杠, 明杠) the winner claimed from each seat; melds that
    do not say whom they came from are not counted."""
    out: Counter = Counter()
    for m in hand.melds:
        if m.is_pung_or_kong and not m.concealed and m.claimed_from is not None:
            out[claimed_from_seat(hand.context.seat_wind, m.claimed_from)] += 1
    return out


def kong_money_of(hand: Hand, amount: float, in_round: bool) -> tuple[list[Payment], list[Msg]]:
    """The winner's kong money, or, inside a round (which pays kongs as events), a note that it
    is left out."""
    if not in_round:
        return kong_money(hand, amount)
    kongs = [Tile(m.first) for m in hand.melds if m.is_kong]
    return [], [M("kong_money_in_round", tiles=kongs)] if kongs else []


def kong_money(hand: Hand, amount: float) -> tuple[list[Payment], list[Msg]]:
    """杠钱 paid at once for the winner's kongs: a concealed kong by every other player, an
    exposed kong by the player who gave the tile (a pung's provider for an added kong)."""
    winner = hand.context.seat_wind
    pays: list[Payment] = []
    notes: list[Msg] = []
    for m in hand.melds:
        if not m.is_kong:
            continue
        tile = Tile(m.first)
        if m.concealed:
            why = M("kong_money_concealed", winner=Seat(winner), tile=tile)
            pays.extend(Payment(s, winner, amount, why) for s in WINDS if s != winner)
            continue
        payer, assumed = provider_of(hand, m)
        if assumed:
            notes.append(M("assumed_provider", tile=tile, seat=Seat(payer)))
        key = "kong_money_added" if m.added else "kong_money_exposed"
        pays.append(Payment(payer, winner, amount, M(key, winner=Seat(winner), tile=tile,
                                                       payer=Seat(payer))))
    return pays, notes


def add_kong_money(result: ScoreResult, hand: Hand, amount: float, in_round: bool) -> None:
    """Adds the winner's kong money (or the note that a round pays it) to a scored win."""
    pays, notes = kong_money_of(hand, amount, in_round)
    result.payments.extend(pays)
    result.notes.extend(notes)
