"""Guangshui mahjong (广水麻将), the Guangshui paragraph of seed guangxi-nanning.txt:

"只能碰、杠，不能吃牌，屁和只能自摸或者搶杠。碰碰和、七對、清一色、大小三元、卡五星等都可和牌，且有相應的
番數，最高16番到頂，但有杠另算。"

The seed names the hands but not their values; they follow common 卡五星 practice of Hubei
(Guangshui lies in Suizhou, where 卡五星 is the local game): each hand is a multiple of the
stake and the multiples multiply (碰碰和 x2, 卡五星 x2, 七对 x4, 清一色 x4, 小三元 x4, 大三元 x8,
杠上开花 x2, 抢杠 x2), capped at x16; kongs are paid apart, outside the cap. docs/guangshui.md
gives the sources and every reading chosen.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring import tiles as T
from scoring.decompose import Arrangement, seven_pairs, standard_arrangements
from scoring.hand import WINDS, Hand, HandError
from scoring.messages import Catalog, Msg, Seat, Suit, Text, Tile, TileName, as_input
from scoring.patterns import Pattern, apply_exclusions, best_reading, matched
from scoring.payments import Payers, claimed_from_seat, discarder_of, pay_each, win_payers
from scoring.ruleset import Fan, HandField, Option, Payment, RuleSet, ScoreResult
from scoring.rulesets.house_common import arrangement_text, refuse_chows

GAME = Text("Guangshui mahjong", "广水麻将")
DRAGONS = T.DRAGON_CODES
TILE_SETS = {
    "full": T.TILE_CODES,
    "kawuxing": tuple(c for c in T.TILE_CODES if T.suit(c) in "ps" or c in DRAGONS),
}

M = Catalog("guangshui", {
    "flowers": ("Guangshui mahjong is played without flowers: remove {tiles}.",
                "广水麻将没有花牌：请去掉 {tiles}。"),
    "not_in_set": ("{tile} is not in the 84-tile set of Ka wu xing (卡五星) (dots, bamboo and the "
                   "three dragons; option tile_set=kawuxing).",
                   "{tile} 不在卡五星的84张牌中（筒、条和中发白；“用哪副牌”选了“卡五星84张”）。"),
    "not_a_win": ("These tiles do not make a winning hand: four sets (runs inside the hand, "
                  "three of a kind or kongs) and a pair, or seven pairs.",
                  "这些牌不能和：须为四组（手中的顺子、刻子或杠）加一对将，或七对。"),
    "plain_discard": ("A plain hand (屁和), with no pattern, wins only by a self-draw or by "
                      "robbing a kong (the Guangshui rules: “屁和只能自摸或者搶杠”), not on {seat}'s "
                      "discard.",
                      "屁和只能自摸或者抢杠：没有番型的屁和不能和{seat}打出的牌。"),
    "plain": ("no pattern: a plain win (屁和), self-drawn or by robbing a kong",
              "没有番型：屁和（自摸或抢杠）"),
    "pungs": ("every set is three of a kind or a kong", "全部是刻子或杠"),
    "pairs": ("seven pairs", "七个对子"),
    "flush": ("every tile is {suit}", "全部是{suit}"),
    "small_dragons": ("two dragon sets and a dragon pair", "两副箭牌刻子加箭牌将"),
    "big_dragons": ("three dragon sets", "中发白三副刻子"),
    "five_star": ("won on {tile}, between the 4 and the 6 (卡五星)", "4、6夹{tile}和牌（卡五星）"),
    "kong_flower": ("won on the tile drawn after a kong", "杠后补牌成和"),
    "robbed": ("won on the tile another player added to a pung", "抢别人加杠的牌成和"),
    "not_counted": ("{by} already counts it", "{by}已包含"),
    "capped": ("Capped, “最高16番到顶” (16 fan at most): the hand is worth x{uncapped}, paid as "
               "x{cap}.",
               "封顶（最高16番到顶）：本应 x{uncapped}，按 x{cap} 付。"),
    "win_pays": ("the hand, x{times} the stake{how}", "和牌 x{times} 底分{how}"),
    "discard": (", the discarder alone", "，点炮者付"),
    "drawn": (", self-drawn: each player pays", "，自摸每家付"),
    "robbed_pays": (", the robbed player alone", "，被抢杠者付"),
    "kong_concealed": ("concealed kong of {tile}: each player pays 2 (有杠另算), outside the cap",
                       "{tile}暗杠：每家付2（有杠另算，不受封顶）"),
    "kong_claimed": ("exposed kong of {tile} claimed from {seat}'s discard: they pay 2 (有杠另算)",
                     "{tile}明杠，{seat}点杠付2（有杠另算）"),
    "kong_assumed": ("The exposed kong of {tile} does not say whom it was claimed from: assumed "
                     "the player before the winner (上家), {seat}.",
                     "明杠{tile}未注明从谁处杠来：按上家{seat}计算。"),
    "kong_added": ("added kong of {tile}: each player pays 1 (有杠另算)",
                   "{tile}面下杠：每家付1（有杠另算）"),
    "opt_base": ("stake of one multiple (底分)", "底分"),
    "opt_cap": ("the cap (“最高16番到顶”): the most a hand pays, in multiples of the stake (none: no cap)",
                "最高16番到顶：一手牌最多付的倍数（「无」= 不封顶）"),
    "opt_kongs": ("kongs paid apart (有杠另算), outside the cap: a concealed kong 2 from "
                  "each, an exposed kong 2 from the discarder, an added kong 1 from each", "有杠另算：杠钱另付，不受封顶"),
    "opt_tiles": ("full: all 136 tiles; kawuxing: the 84 tiles of Ka wu xing (卡五星): dots, "
                  "bamboo and the dragons",
                  "「全副136张」或「卡五星84张」（筒、条、中发白）"),
    "f_players": ("the seats playing this hand, e.g. [\"E\", \"S\", \"W\"] for the usual three "
                  "players of Ka wu xing (卡五星): a self-draw and a concealed kong are paid by "
                  "each of the others",
                  "本局玩家的座位，例如卡五星常见的三人局 [\"E\", \"S\", \"W\"]：自摸和暗杠由其余每家付"),
    "bad_players_in": ("players_in must be a list of two to four different seats, e.g. "
                       "[\"E\", \"S\", \"W\"], not {value}.",
                       "players_in 必须是两到四个不同座位的列表，例如 [\"E\", \"S\", \"W\"]，而不是 {value}。"),
    "not_playing": ("{field} is {seat}, who is not among the players of this hand (players_in).",
                    "{field} 是{seat}，但{seat}不在本局玩家（players_in）之中。"),
    "no_across": ("In a game of {n} nobody sits across (claimed_from: across): say left or right.",
                  "{n} 人局没有对家（claimed_from: across）：请写 left 或 right。"),
    "f_discarder": ("the seat that discarded the winning tile (or whose kong was robbed)",
                    "打出和牌张（或被抢杠）的座位"),
})


@dataclass(frozen=True)
class Reading:
    hand: Hand
    arr: Arrangement

    @property
    def standard(self) -> bool:
        return self.arr.shape == "standard"

    def dragon_sets(self) -> int:
        return sum(1 for m in self.arr.melds if m.is_pung_or_kong and m.first in DRAGONS)


def _flush_suit(r: Reading) -> str | None:
    suits = {T.suit(c) for c in r.hand.all_tiles}
    return next(iter(suits)) if len(suits) == 1 and suits <= set(T.SUITS) else None


def _five_star(r: Reading) -> bool:
    """卡五星: the winning tile is a 5 and sits between the 4 and the 6 of a run of the reading."""
    win = r.hand.win_tile
    return (r.standard and T.is_suited(win) and T.rank(win) == 5 and any(
        m.kind == "chow" and m.tiles[1] == win for m in r.arr.formed))


TABLE: tuple[Pattern[Reading], ...] = (
    Pattern("碰碰和", "All pungs", 2, lambda r: r.standard and all(
        m.kind != "chow" for m in r.arr.melds), M("pungs")),
    Pattern("七对", "Seven pairs", 4, lambda r: not r.standard, M("pairs")),
    Pattern("清一色", "Full flush", 4, lambda r: _flush_suit(r) is not None,
            lambda r: M("flush", suit=Suit(_flush_suit(r) or ""))),
    Pattern("小三元", "Little three dragons", 4, lambda r: r.standard and r.dragon_sets() == 2
            and r.arr.pair in DRAGONS, M("small_dragons")),
    Pattern("大三元", "Big three dragons", 8, lambda r: r.dragon_sets() == 3, M("big_dragons"),
            excludes=("小三元",)),
    Pattern("卡五星", "Five star (4-5-6 closed)", 2, _five_star,
            lambda r: M("five_star", tile=TileName(r.hand.win_tile))),
    Pattern("杠上开花", "Win after a kong", 2, lambda r: r.hand.context.kong_replacement,
            M("kong_flower")),
    Pattern("抢杠", "Robbing a kong", 2, lambda r: r.hand.context.robbing_kong, M("robbed")),
)
PLAIN = Fan("屁和", "Plain win", 1, 1, M("plain"))


def multiple(fans: list[Fan]) -> int:
    out = 1
    for f in fans:
        out *= int(f.fan) ** f.count
    return out


def count_reading(r: Reading) -> tuple[list[Fan], list]:
    fans, excluded = apply_exclusions(matched(TABLE, r), r,
                                      lambda p, by: M("not_counted", by=by.name))
    return fans, excluded


def check_hand(hand: Hand, tile_set: str) -> None:
    refuse_chows(hand, GAME)
    if hand.flowers:
        raise HandError(M("flowers", tiles=[Tile(f) for f in hand.flowers]))
    allowed = TILE_SETS[tile_set]
    for code in hand.all_tiles:
        if T.is_tile(code) and code not in allowed:
            raise HandError(M("not_in_set", tile=Tile(code)))
    hand.validate(allowed=allowed, allow_flowers=False)


def readings_of(hand: Hand) -> list[Reading]:
    arrangements = list(standard_arrangements(hand))
    pairs = seven_pairs(hand)
    if pairs is not None:
        arrangements.append(pairs)
    if not arrangements:
        raise HandError(M("not_a_win"))
    return [Reading(hand, a) for a in arrangements]


def players_of(hand: Hand) -> tuple[str, ...]:
    """The seats playing this hand (`players_in`, in playing order; 卡五星 is mostly a game of
    three): all four when not given."""
    raw = hand.context.extra.get("players_in")
    if raw is None:
        return WINDS
    if not isinstance(raw, list) or len(raw) < 2 or any(s not in WINDS for s in raw) \
            or len(set(raw)) != len(raw):
        raise HandError(M("bad_players_in", value=as_input(raw)))
    players = tuple(s for s in WINDS if s in raw)
    for name, seat in (("seat_wind", hand.context.seat_wind),
                       ("discarder", hand.context.extra.get("discarder"))):
        if seat is not None and seat in WINDS and seat not in players:
            raise HandError(M("not_playing", field=name, seat=Seat(seat)))
    return players


def seat_from(winner: str, claimed_from: str, players: tuple[str, ...]) -> str:
    """The seat a meld was claimed from, among the players (left: the one playing before the
    winner, right: the one after, across: the one opposite, only in a game of four)."""
    if len(players) == 4:
        return claimed_from_seat(winner, claimed_from)
    if claimed_from == "across":
        raise HandError(M("no_across", n=len(players)))
    i = players.index(winner)
    return players[(i - 1) % len(players)] if claimed_from == "left" else players[(i + 1) % len(players)]


def payers_of(hand: Hand, players: tuple[str, ...]) -> Payers:
    """win_payers among the players; the discarder assumed when not given is the one playing
    before the winner."""
    winner = hand.context.seat_wind
    discarder, assumed = discarder_of(hand)
    if assumed and len(players) < 4:
        before = players[(players.index(winner) - 1) % len(players)]
        return Payers(winner, (before,), before, True)
    return win_payers(hand, players)


def kong_payments(hand: Hand, base: float,
                  players: tuple[str, ...] = WINDS) -> tuple[list[Payment], list[Msg]]:
    """有杠另算: kong money outside the cap, the same convention as the Sichuan rain money. An
    exposed kong that does not say whom it was claimed from is taken from the player before the
    winner (上家), with a note."""
    winner = hand.context.seat_wind
    others = [s for s in players if s != winner]
    out: list[Payment] = []
    notes: list[Msg] = []
    for m in hand.melds:
        if not m.is_kong:
            continue
        tile = TileName(m.first)
        if m.concealed:
            out += [Payment(s, winner, 2 * base, M("kong_concealed", tile=tile)) for s in others]
        elif m.added:
            out += [Payment(s, winner, base, M("kong_added", tile=tile)) for s in others]
        else:
            if m.claimed_from is None:
                giver = seat_from(winner, "left", players)
                notes.append(M("kong_assumed", tile=tile, seat=Seat(giver)))
            else:
                giver = seat_from(winner, m.claimed_from, players)
            out.append(Payment(giver, winner, 2 * base,
                               M("kong_claimed", tile=tile, seat=Seat(giver))))
    return out, notes


def score(hand: Hand, options: Mapping[str, Any]) -> ScoreResult:
    check_hand(hand, options["tile_set"])
    reading, (fans, excluded) = best_reading(readings_of(hand), count_reading,
                                             lambda c: multiple(c[0]))
    players = players_of(hand)
    who = payers_of(hand, players)
    if not fans:
        if who.discarder is not None and not hand.context.robbing_kong:
            raise HandError(M("plain_discard", seat=Seat(who.discarder)))
        fans = [PLAIN]
    uncapped = multiple(fans)
    cap = options["cap"]
    times = uncapped if cap is None else min(uncapped, cap)
    notes: list[Msg] = []
    if times < uncapped:
        notes.append(M("capped", uncapped=uncapped, cap=cap))
    how = ("robbed_pays" if hand.context.robbing_kong else
           "discard" if who.discarder is not None else "drawn")
    base = options["base"]
    payments = pay_each(who, base * times, M("win_pays", times=times, how=M(how)))
    if options["kong_money"]:
        kong_pays, kong_notes = kong_payments(hand, base, players)
        payments += kong_pays
        notes += kong_notes
    return ScoreResult(
        rules="guangshui", total=times, unit="x base", fans=fans, excluded=excluded,
        payments=payments, notes=notes + who.notes, arrangement=arrangement_text(reading.arr),
        extra={"multiplier": times, "uncapped_multiplier": uncapped, "cap": cap,
               "capped": times < uncapped, "base": base},
    )


RULESET = RuleSet(
    id="guangshui",
    name="Guangshui",
    name_zh="广水麻将",
    unit="x base",
    description="Pungs and kongs only; a plain win (屁和) only self-drawn or robbing a kong; all "
    "pungs x2, Ka wu xing (卡五星) x2, seven pairs x4, full flush x4, little three dragons x4, big "
    "three dragons x8, multiplying, capped at x16; kongs paid apart.",
    description_zh="只能碰、杠；屁和只能自摸或抢杠；碰碰和 x2，卡五星 x2，七对 x4，清一色 x4，小三元 x4，大三元 x8，相乘，最高 16 倍到顶；杠另算。",
    score=score,
    options=(
        Option("base", 1, M.text("opt_base"), help_zh=M.text("opt_base", "zh"), minimum=1),
        Option("cap", 16, M.text("opt_cap"), choices=(8, 16, 32, None),
               help_zh=M.text("opt_cap", "zh")),
        Option("kong_money", True, M.text("opt_kongs"), help_zh=M.text("opt_kongs", "zh")),
        Option("tile_set", "full", M.text("opt_tiles"), choices=("full", "kawuxing"),
               help_zh=M.text("opt_tiles", "zh"),
               choice_names=(("full", "all 136 tiles", "全副136张"),
                             ("kawuxing", "84 tiles (卡五星)", "卡五星84张"))),
    ),
    fields=(
        HandField("discarder", "seat", None, M.text("f_discarder"), M.text("f_discarder", "zh")),
        HandField("players_in", "seats", list(WINDS), M.text("f_players"),
                  M.text("f_players", "zh")),
    ),
    source="seeds/guangxi-nanning.txt, the Guangshui paragraph (section 2)",
    tiles=lambda o: TILE_SETS[o["tile_set"]],  # the game's tiles: the photo reader reads no other
)
