"""Northeast mahjong (东北麻将), seed yushan-guobiao-and-others.txt section Ⅹ (麻將如何算帳).

A win needs all three suits (三色全), a terminal or honour (not only 2-8), and a 叉 (a pung; a
dragon pair or any kong, the special kongs 旋风杠 / 喜杠 / 幺九蛋 included, excuses it); 手把一
only for 飘胡. 番: 立门 1, 夹胡 1, 飘胡 2, 对宝 2, 摟宝 1; each 番 doubles. Each payer pays
base x 2^(番 + 1 if they discarded or the win was self-drawn + 1 if the dealer wins or pays):
the seed's 5 / 10 / 20 (10 / 20 / 40 standing). docs/northeast.md gives every reading chosen.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from scoring import tiles as T
from scoring.decompose import Arrangement, standard_arrangements
from scoring.hand import Hand, HandError
from scoring.messages import Catalog, Msg, Suit, Text, Tile, TileName, as_input
from scoring.patterns import Pattern, apply_exclusions, best_reading, matched
from scoring.payments import pay_each, win_payers
from scoring.ruleset import Exclusion, Fan, HandField, Option, RuleSet, ScoreResult
from scoring.rulesets.house_common import (
    arrangement_text,
    flag_field,
    seat_field,
    standard_waits,
)

GAME = Text("Northeast mahjong", "东北麻将")
DRAGONS = T.DRAGON_CODES

M = Catalog("northeast", {
    "flowers": ("Northeast mahjong is played without flowers: remove {tiles}.",
                "东北麻将没有花牌：请去掉 {tiles}。"),
    "suits": ("A Northeast win needs all three suits (三色全): this hand has no {suit}.",
              "东北麻将和牌必须三色全：这手牌没有{suit}。"),
    "simples": ("A Northeast win cannot be only 2-8 (不能只有2~8): it needs a 1, a 9 or an "
                "honour tile.", "和牌不能只有2~8的牌：须有幺九或字牌。"),
    "not_a_win": ("These tiles do not make a winning hand: four sets (runs, three of a kind, "
                  "kongs or special kongs) and a pair.",
                  "这些牌不能和：须为四组（顺子、刻子、杠或特殊杠）加一对将。"),
    "no_pung": ("A Northeast win needs at least one pung (叉): three of a kind, claimed or "
                "concealed; a dragon pair or any kong (the special kongs included) excuses it.",
                "和牌最少要有一叉（明暗都可以）；有中发白作将或有杠（包括旋风杠、喜杠、幺九蛋）可免叉。"),
    "one_tile": ("手把一 (four sets on the table and one tile in hand) is allowed only for 飘胡: "
                 "every set three of a kind.",
                 "只有飘胡允许手把一（四组亮出，手中一张）：须全部是叉。"),
    "bad_bao": ("bao (宝牌) must be a tile code such as 5p, not {value}.",
                "bao（宝牌）必须是牌的代码，例如 5p，而不是 {value}。"),
    "bao_fifth": ("The treasure tile (宝牌) {tile} is one of the wall's tiles, but the hand "
                  "already holds {count} of {tile}: there are only four.",
                  "宝牌{tile}是牌墙里的一张，但手牌已有 {count} 张{tile}：每种牌只有四张。"),
    "lou_needs_bao": ("摟宝 is a self-drawn win with the treasure tile: give the treasure as "
                      "bao and mark the win self-drawn.",
                      "摟宝是自摸宝牌和牌：请给出宝牌（bao）并标为自摸。"),
    "closed": ("concealed (立门): nothing claimed (不开门), so the winner wins one fan more",
               "立门胡（不开门），胡牌多赢一番"),
    "single": ("single wait (夹胡): the hand waited on {tile} alone (“一个叫”){shape}",
               "夹胡（一个叫）：只听{tile}{shape}"),
    "shape_middle": (", between its neighbours", "，夹张"),
    "shape_edge": (", the 3 of 1-2 or the 7 of 8-9", "，边张3、7"),
    "shape_pair": (", a single tile for the pair (单贴)", "，单贴"),
    "all_pungs": ("all pungs (飘胡): every set three of a kind, no runs", "飘胡：全是叉牌，没有顺子"),
    "in_all_pungs": ("all pungs (飘胡) already pays its single-tile finish (“最後對對胡或單貼胡，加2番”)",
                     "飘胡已含单贴（最后对对胡或单贴胡，加2番）"),
    "treasure": ("对宝: the treasure tile {tile} is the winning tile; counts as self-drawn",
                 "对宝：宝牌{tile}正好是要胡的牌，算自摸"),
    "lou": ("摟宝: won with the treasure tile {tile} drawn (摟宝加倍)",
            "摟宝：摸到宝牌{tile}和牌（摟宝加倍）"),
    "pays": ("2^{fan} x {base} = {amount}: the hand's {hand} fan{discard}{dealer}",
             "2^{fan} x {base} = {amount}：牌{hand}番{discard}{dealer}"),
    "discarder_more": (" + 1 for the discard (点炮)", " + 点炮1"),
    "drawn_more": (" + 1 for the self-draw", " + 自摸1"),
    "dealer_more": (" + 1 for the dealer (庄家)", " + 庄家1"),
    "opt_base": ("the stake of a plain win, per player (the rules: “票胡每家5元”)", "票胡每家的钱数（每家5元）"),
    "opt_self": ("self-drawn: each pays as a discarder would (discard: 2 x base) or the plain "
                 "stake (plain)", "自摸：每家「按点炮付」或「按票胡付」"),
    "f_dealer": ("the dealer's seat (庄家): one fan more on what the dealer wins or pays",
                 "庄家的座位：庄家输赢多一番"),
    "f_discarder": ("the seat that discarded the winning tile (点炮)", "点炮的座位"),
    "f_bao": ("the treasure tile (宝牌): winning on it is a treasure pair (对宝)", "宝牌：胡的正是宝牌即对宝"),
    "f_lou": ("treasure draw (摟宝): won by drawing the treasure tile (needs bao and a self-draw)",
              "摟宝：摸到宝牌和牌（需要给出宝牌并且自摸）"),
})


@dataclass(frozen=True)
class Reading:
    hand: Hand
    arr: Arrangement
    single_wait: bool
    bao: str | None
    lou_bao: bool

    @property
    def runs(self) -> bool:
        return any(m.kind == "chow" for m in self.arr.melds)


def _closed(r: Reading) -> bool:
    return all(m.concealed or m.is_special_kong for m in r.hand.melds)


def _single_shape(r: Reading) -> Msg | None:
    """夹胡 ("胡單張、單貼和胡3、7牌都算夾胡"): the only winning tile, in the middle of a run, as
    the 3 of 123 or the 7 of 789, or as the pair."""
    if not r.single_wait:
        return None
    win = r.hand.win_tile
    for m in r.arr.formed:
        if m.kind == "chow" and win in m.tiles:
            if m.tiles[1] == win:
                return M("shape_middle")
            if (T.rank(m.first), T.rank(win)) in ((1, 3), (7, 7)):
                return M("shape_edge")
    if r.arr.pair == win:
        return M("shape_pair")
    return None


def _treasure(r: Reading) -> bool:
    """对宝, with 摟宝 or without: 摟寶加倍 doubles on top, it never takes 对宝's 2 番 away."""
    return r.bao is not None and r.hand.win_tile == r.bao and r.hand.context.self_drawn


TABLE: tuple[Pattern[Reading], ...] = (
    Pattern("立门", "Closed hand", 1, _closed, M("closed")),
    Pattern("夹胡", "Single wait", 1, lambda r: _single_shape(r) is not None,
            lambda r: M("single", tile=TileName(r.hand.win_tile), shape=_single_shape(r))),
    Pattern("飘胡", "All pungs", 2, lambda r: not r.runs, M("all_pungs"), excludes=("夹胡",)),
    Pattern("对宝", "Treasure tile", 2, _treasure,
            lambda r: M("treasure", tile=TileName(r.bao or ""))),
    Pattern("摟宝", "Treasure drawn", 1, lambda r: r.lou_bao,
            lambda r: M("lou", tile=TileName(r.bao or ""))),
)


# ---- checking a hand ------------------------------------------------------------------------
def check_tiles(hand: Hand) -> None:
    """What the tiles alone decide: no flowers, three suits, a terminal or honour."""
    if hand.flowers:
        raise HandError(M("flowers", tiles=[Tile(f) for f in hand.flowers]))
    hand.validate(allow_flowers=False, special_kongs=True)
    tiles = hand.all_tiles
    for s in T.SUITS:
        if not any(T.suit(c) == s for c in tiles):
            raise HandError(M("suits", suit=Suit(s)))
    if not any(T.is_terminal_or_honor(c) for c in tiles):
        raise HandError(M("simples"))


def _accepts(tiles: list[str]) -> bool:
    return all(any(T.suit(c) == s for c in tiles) for s in T.SUITS) and any(
        T.is_terminal_or_honor(c) for c in tiles)


def has_pung(hand: Hand, arr: Arrangement) -> bool:
    """最少有一叉 ("當手牌有中發白和各種杠牌…的時可免叉"): a pung or kong of the reading, or a
    special kong, or a dragon pair."""
    return any(m.kind != "chow" for m in arr.melds) or arr.pair in DRAGONS


def _legal_win(hand: Hand) -> bool:
    """The tiles make a Northeast win: a reading with a 叉 (手把一: one without runs)."""
    return any(has_pung(hand, a) and (len(hand.concealed) != 1 or
                                      all(m.kind != "chow" for m in a.melds))
               for a in standard_arrangements(hand))


def calls(hand: Hand) -> list[str]:
    """The tiles the standing tiles win on (叫): three suits, a terminal or honour and a 叉; a
    tile that completes the shape but makes no legal win is no call."""
    shaped = standard_waits(hand, T.TILE_CODES, _accepts)
    return [c for c in shaped if _legal_win(replace(hand, win_tile=c))]


def readings_of(hand: Hand, bao: str | None, lou_bao: bool) -> list[Reading]:
    arrangements = standard_arrangements(hand)
    if not arrangements:
        raise HandError(M("not_a_win"))
    legal = [a for a in arrangements if has_pung(hand, a)]
    if not legal:
        raise HandError(M("no_pung"))
    single = calls(hand) == [hand.win_tile]
    readings = [Reading(hand, a, single, bao, lou_bao) for a in legal]
    if len(hand.concealed) == 1:  # 手把一: only 飘胡 may
        readings = [r for r in readings if not r.runs]
        if not readings:
            raise HandError(M("one_tile"))
    return readings


def treasure_fields(hand: Hand) -> tuple[str | None, bool]:
    bao = hand.context.extra.get("bao")
    if bao is not None and not (isinstance(bao, str) and T.is_tile(bao)):
        raise HandError(M("bad_bao", value=as_input(bao)))
    lou = flag_field(hand, "lou_bao")
    if lou and (bao is None or not hand.context.self_drawn):
        raise HandError(M("lou_needs_bao"))
    won_on_it = hand.win_tile == bao and hand.context.self_drawn  # 对宝: 可以直接胡 on the 宝牌
    if bao is not None and not won_on_it and hand.all_tiles.count(bao) >= T.copies_in_a_set(bao):
        raise HandError(M("bao_fifth", tile=Tile(bao), count=hand.all_tiles.count(bao)))
    return bao, lou


def count_reading(r: Reading) -> tuple[list[Fan], list[Exclusion]]:
    return apply_exclusions(matched(TABLE, r), r, lambda p, by: M("in_all_pungs"))


def score(hand: Hand, options: Mapping[str, Any]) -> ScoreResult:
    check_tiles(hand)
    dealer = seat_field(hand, "dealer", "E")
    bao, lou = treasure_fields(hand)
    reading, (fans, excluded) = best_reading(readings_of(hand, bao, lou), count_reading,
                                             lambda c: sum(f.fan * f.count for f in c[0]))
    total = sum(f.fan * f.count for f in fans)
    who = win_payers(hand, discarder_alone=False)
    winner, base = who.winner, options["base"]
    drawn_more = who.discarder is None and options["self_draw"] == "discard"

    def fan_of(seat: str) -> int:
        return total + int(seat == who.discarder or drawn_more) + int(dealer in (seat, winner))

    def reason(seat: str) -> Msg:
        more = (M("discarder_more") if seat == who.discarder else
                M("drawn_more") if drawn_more else "")
        return M("pays", fan=fan_of(seat), base=base, amount=base * 2 ** fan_of(seat), hand=total,
                 discard=more, dealer=M("dealer_more") if dealer in (seat, winner) else "")

    payments = pay_each(who, lambda s: base * 2 ** fan_of(s), reason)
    return ScoreResult(
        rules="northeast", total=total, unit="番", fans=fans, excluded=excluded, payments=payments,
        notes=list(who.notes), arrangement=arrangement_text(reading.arr),
        extra={"dealer": dealer, "base": base, "per_payer": {s: base * 2 ** fan_of(s)
                                                             for s in who.payers}},
    )


RULESET = RuleSet(
    id="northeast",
    name="Northeast (穷胡)",
    name_zh="东北麻将",
    unit="番",
    description="A win holds all three suits, a terminal or honour and at least one pung (the "
    "special kongs count); concealed 1, a closed wait 1, all pungs 2, a treasure pair 2, a "
    "treasure draw x2; 5 each, 10 from the discarder or dealer, 20 the dealer discarding; each "
    "fan doubles.",
    description_zh="三色全，须有幺九或字牌，至少一叉（旋风杠、喜杠、幺九蛋也算）；立门 1，夹胡 1，飘胡 2，对宝 2，摟宝加倍；票胡每家 5，点炮或庄家 10，庄家点炮 20；每番翻一倍。",
    score=score,
    options=(
        Option("base", 5, M.text("opt_base"), help_zh=M.text("opt_base", "zh"), minimum=1),
        Option("self_draw", "discard", M.text("opt_self"), choices=("discard", "plain"),
               help_zh=M.text("opt_self", "zh"),
               choice_names=(("discard", "as a discarder pays", "按点炮付"),
                             ("plain", "the plain stake", "按票胡付"))),
    ),
    fields=(
        HandField("dealer", "seat", "E", M.text("f_dealer"), M.text("f_dealer", "zh")),
        HandField("discarder", "seat", None, M.text("f_discarder"), M.text("f_discarder", "zh")),
        HandField("bao", "tile", None, M.text("f_bao"), M.text("f_bao", "zh")),
        HandField("lou_bao", "bool", False, M.text("f_lou"), M.text("f_lou", "zh")),
    ),
    source="seeds/yushan-guobiao-and-others.txt, section Ⅹ",
    tiles=T.TILE_CODES,  # the game's tiles: the photo reader reads no other
)
