"""Wuhu mahjong (芜湖麻将), seed wuhu.txt: 八支, 压档, 嘴子 and 交, with 报警 / 包牌 / 转包.

112 tiles (three suits and four 红中), no chows, one winner per discard. A win needs 八支 (eight
or more tiles of one suit). The hand's value in 番 (section 四 and 番数算法):
底番 (平成 4, 压档 6, 平胡自摸 8, 自摸压档 10) + 支番 (the longest suit's count plus the 压档
tile's number, halved and rounded up unless self-drawn) + 嘴子 (20 each, 40 self-drawn except
杠后开花) or 交 (100, +50 per further 嘴子) + kongs (明杠 2, 暗杠 4); 抢杠 x3. The dealer adds
the 底番 again when winning or paying. docs/wuhu.md lists each reading chosen.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring import tiles as T
from scoring.decompose import Arrangement, standard_arrangements
from scoring.hand import Hand, HandError, Meld
from scoring.messages import Catalog, Msg, Seat, Suit, Text, Tile, TileName
from scoring.patterns import Pattern, best_reading, matched
from scoring.payments import Payers, claimed_from_seat, discarder_of, pay_each, win_payers
from scoring.ruleset import Exclusion, Fan, HandField, Option, Payment, RuleSet, ScoreResult
from scoring.rulesets.house_common import (
    arrangement_text,
    covered_payments,
    first_turn_flags,
    flag_field,
    refuse_chows,
    seat_field,
    standard_waits,
)
from scoring.settle import EndStatus

GAME = Text("Wuhu mahjong", "芜湖麻将")
RED = "7z"
TILES: tuple[str, ...] = tuple(c for c in T.TILE_CODES if T.is_suited(c)) + (RED,)

M = Catalog("wuhu", {
    "flowers": ("Wuhu mahjong is played with 112 tiles and no flowers: remove {tiles}.",
                "芜湖麻将共112张牌，没有花牌：请去掉 {tiles}。"),
    "honour": ("Wuhu mahjong's only honour tile is Red (红中), 7z: {tile} is not in the set.",
               "芜湖麻将的字牌只有红中（7z）：没有 {tile}。"),
    "not_a_win": ("These tiles do not make a winning hand: Wuhu needs sets of three (runs inside "
                  "the hand, or three of a kind) and one pair.",
                  "这些牌不能和：芜湖麻将和牌须为若干组三张（手中的顺子或三个头）加一个对子。"),
    "eight": ("A Wuhu win needs eight of one suit (八支): eight or more tiles of one suit. The longest suit here is "
              "{suit} with {n}.",
              "芜湖麻将和牌必须够八支（一种花色八张或以上）：这手牌最多的是{suit}，只有{n}张。"),
    "first_turn_kong": ("天胡 is the dealt tiles already a winning hand (发完牌以后已经构成胡牌牌型) "
                        "and 地胡 a win on the first discard (打出第一张即成牌): a concealed kong "
                        "draws a replacement tile first, so a hand showing one is neither "
                        "(leave first_turn out).",
                        "天胡是发完牌以后已经构成胡牌牌型，地胡是打出第一张即成牌：暗杠要先补一张牌，"
                        "有暗杠的手牌既不是天胡也不是地胡（请去掉 first_turn）。"),
    "bao_unknown": ("Three or more pungs of one suit were claimed, but whom they came from "
                    "(claimed_from) is missing for {tiles}: 包牌 (三对包牌 / 四对转包) cannot be checked, so "
                    "each player pays their own share.",
                    "同一花色有三对或更多碰出的牌，但{tiles}没有注明从谁处碰来（claimed_from）："
                    "无法判断包牌（三对包牌、四对转包），按各付各的计算。"),
    "earthly_discard": ("地胡 is a win on the first discard (打出第一张即成牌): it cannot be "
                        "self-drawn by a non-dealer.",
                        "地胡是庄家打出第一张即成牌，闲家不能自摸地胡。"),
    "earthly_dealer": ("地胡 is a win on the first tile discarded (打出第一张即成牌), which is the "
                       "dealer {dealer}'s: this win is on {seat}'s discard (give discarder, or "
                       "leave first_turn out).",
                       "地胡是和第一张打出的牌（打出第一张即成牌），即庄家{dealer}的牌：这手牌和的是{seat}"
                       "打出的牌（请给出 discarder，或去掉 first_turn）。"),
    "base_plain": ("won on a discard with a wait of more than one tile (平成)",
                   "别人打出的牌和牌，听不止一张（平成）"),
    "base_gap": ("won on a discard on the only tile that completes a run (压档 {tile})",
                 "别人打出唯一能成顺子的牌和牌（压档 {tile}）"),
    "base_drawn": ("self-drawn with a wait of more than one tile (平胡自摸)",
                   "自摸，听不止一张（平胡自摸）"),
    "base_drawn_gap": ("self-drawn on the only tile that completes a run (自摸压档 {tile})",
                       "自摸唯一能成顺子的牌（自摸压档 {tile}）"),
    "zhi": ("{n} {suit} (the longest suit){gap}{half}", "{suit}{n}支（最多的一门）{gap}{half}"),
    "zhi_gap": (" + the number of the closed-wait tile (压档) {rank} = {sum}", " + 压档点数 {rank} = {sum}"),
    "zhi_half": ("; not self-drawn, so halved and rounded up: {value}",
                 "；不是自摸，除以2（单数先加1）：{value}"),
    "pungs": ("every set is three of a kind and one pair", "全部是3个头加一个对子"),
    "straight": ("a run 1-9 of {suit}: 123 456 789", "{suit}有1-9的顺子：123 456 789"),
    "core": ("four {tile} not declared as a kong, used as three of a kind and in a run",
             "{tile}四张未开杠，作3个头并与别的牌成顺子"),
    "cores": ("four-tile cores (四核) of {tiles}", "{tiles}都是四核"),
    "half_flush": ("one suit, {suit}, and Red", "一种花色（{suit}）加红中"),
    "kong_flower": ("won on the tile drawn after a kong", "开杠后补上来的牌成和"),
    "full_flush": ("every tile is {suit}", "全部是{suit}"),
    "double_eight": ("eight {suit} and two kongs of {kongs}", "{suit}八支加{kongs}两个杠"),
    "heavenly": ("the dealer's dealt tiles already win", "发完牌后庄家已经成牌"),
    "earthly": ("won on the first discard", "打出第一张即成牌"),
    "kong_gap": ("a win on a kong's tile, the only tile that completes a run (“杠后压档也交”)",
                 "杠后补牌压档成和（杠后压档也交）"),
    "zuizi": ("{why}: an extra hand (嘴子), {value} fan{doubled}", "{why}：嘴子{value}番{doubled}"),
    "zuizi_doubled": (", doubled on a self-draw", "，自摸翻倍"),
    "zuizi_kong": (", not doubled: a win on a kong's tile is always drawn", "，杠后开花自摸不翻倍"),
    "jiao_direct": ("{why}: {fan} is a full hand (交) by itself (“直接全交”), one full hand = 100 fan",
                    "{why}：{fan}直接全交，1交 = 100番"),
    "jiao_two": ("two or more extra hands (嘴子) make a full hand (交): {names}; one full hand = 100 fan",
                 "同时有两个或以上嘴子即全交（{names}）：1交 = 100番"),
    "jiao_more": ("{why}: a further extra hand (嘴子) in a full hand, +50 fan", "{why}：交牌中还有嘴子，再加50番"),
    "in_jiao": ("{why}: made the full hand (交), counted in it", "{why}：构成了交，已计在交内"),
    "jiao_once": ("a full hand (交) counts once; {by} already makes it", "交只计一次，{by}已构成交"),
    "exposed_kong": ("an exposed kong (明杠) 2 fan, not doubled on a self-draw",
                     "明杠2番，自摸不翻倍"),
    "concealed_kong": ("a concealed kong (暗杠) 4 fan, not doubled on a self-draw",
                       "暗杠4番，自摸不翻倍"),
    "robbed": ("Won by robbing a kong (抢杠): the hand's {sub} fan x{times} = {total} fan.",
               "抢杠和：{sub}番 x{times} = {total}番。"),
    "pays": ("{total} fan{dealer}{why}", "{total}番{dealer}{why}"),
    "dealer_adds": (" + the dealer's base fan (底番) {base} (“庄家再加底番”)", " + 庄家底番{base}（庄家再加底番）"),
    "discard": (", the discarder alone (“点炮的人和成牌人单独结算”)", "，点炮者单独结算"),
    "drawn": (", self-drawn: each player pays (“如自摸，则其他3家都要付给成牌人元宝”)", "，自摸三家都付"),
    "robbed_pays": (", the robbed player alone (抢杠)", "，被抢杠者单独结算"),
    "bao_three": ("{giver} discarded three claimed pungs of one suit ({tiles}) and the hand is 交 "
                  "(三对包牌: 打三对的人一人付三家)",
                  "{giver}打出同一花色的三对（{tiles}），和的是交牌（三对包牌，打三对的人一人付三家）"),
    "bao_fourth": ("the warning of three claimed pungs of one suit stood and {giver} discarded "
                   "the fourth ({tile}); the hand is 交 (四对转包)",
                   "已三对报警，{giver}打出第四对（{tile}），胡交牌（四对转包）"),
    "bao_warned": ("the hand had three claimed pungs of one suit (报警) from different players and "
                   "is 交: the discarder covers (谁出冲谁包)",
                   "三对报警（不是同一人打的）且是交牌：谁出冲谁包"),
    "bao_eight": ("two kongs of one suit stood as a 双八支 warning, a pung of another suit was "
                  "claimed, and the discarder fed the 交 (谁出冲就由谁包)",
                  "双八支报警后又对下别的颜色，谁出冲就由谁包"),
    "bao_cores": ("two claimed pungs of one suit ({tiles}) stood as a 双四核 warning and the "
                  "discarder's {tile} completed the 嘴子 (谁顶嘴子打谁包)",
                  "对下同色关联两对（{tiles}）双四核报警，出冲的{tile}顶嘴子（谁顶嘴子打谁包）"),
    "opt_stake": ("money per fan", "每番的钱数"),
    "opt_rob": ("robbing a kong (“抢杠乘以3倍”): a win by robbing a kong is worth this many times the hand",
                "抢杠乘以3倍：抢杠和按牌的番数乘这个倍数"),
    "opt_bao": ("warnings and paying for all (报警 / 包牌 / 转包): one player covers the others' "
                "shares (the Wuhu rules' warning items 1-5: “是交就包”)",
                "报警、包牌、转包（芜湖规则报警第1-5条：“是交就包”）：由一人包付"),
    "no_missing_suit": ("Wuhu mahjong has no declared missing suit (定缺): remove missing_suits "
                        "from the round.", "芜湖麻将没有定缺：请从这一局中去掉 missing_suits。"),
    "f_dealer": ("the dealer's seat (庄家): the dealer adds the base fan (底番) again when winning or paying",
                 "庄家的座位：庄家输赢再加底番"),
    "f_first": ("won on the first turn: heavenly hand (天胡), the dealer's dealt tiles, or earthly hand (地胡), the first discard",
                "第一巡和牌：天胡（庄家起手）或地胡（打出第一张即成牌）"),
    "f_discarder": ("the seat that discarded the winning tile (or whose kong was robbed)",
                    "打出和牌张（或被抢杠）的座位"),
})

BASE_FAN = {(False, False): ("平成", "Plain win on a discard", 4, "base_plain"),
            (False, True): ("压档", "Gap win on a discard", 6, "base_gap"),
            (True, False): ("平胡自摸", "Plain self-drawn win", 8, "base_drawn"),
            (True, True): ("自摸压档", "Self-drawn gap win", 10, "base_drawn_gap")}


@dataclass(frozen=True)
class Reading:
    """One arrangement of the hand and the facts the fan table asks about."""

    hand: Hand
    arr: Arrangement
    gap: bool  # 压档: the only winning tile, and it sits in a run of this reading
    cores: tuple[str, ...]  # 四核 tiles
    heavenly: bool
    earthly: bool

    @property
    def self_drawn(self) -> bool:
        return self.hand.context.self_drawn

    @property
    def suits(self) -> set[str]:
        return {T.suit(c) for c in self.hand.all_tiles if T.is_suited(c)}

    @property
    def has_red(self) -> bool:
        return RED in self.hand.all_tiles


def _all_pungs(r: Reading) -> bool:
    return all(m.kind != "chow" for m in r.arr.melds)


def _straight(r: Reading) -> str | None:
    starts = {m.first for m in r.arr.melds if m.kind == "chow"}
    for s in T.SUITS:
        if {f"1{s}", f"4{s}", f"7{s}"} <= starts:
            return s
    return None


def _double_eight(hand: Hand) -> tuple[str, str] | None:
    """(the eight's suit, the kongs' suit) for 双八支: two declared kongs of one suit and eight
    or more tiles of another ("由一种花色的八支牌与另一种花色的两个杠组成…（必须杠出来）")."""
    kongs = Counter(T.suit(m.first) for m in hand.melds if m.is_kong and T.is_suited(m.first))
    counts = Counter(T.suit(c) for c in hand.all_tiles if T.is_suited(c))
    for ks, n in kongs.items():
        if n >= 2:
            for s in T.SUITS:
                if s != ks and counts[s] >= 8:
                    return s, ks
    return None


def _only_suit(r: Reading) -> str:
    return next(iter(r.suits)) if len(r.suits) == 1 else ""


ZUIZI: tuple[Pattern[Reading], ...] = (
    Pattern("对对胡", "All pungs", 20, _all_pungs, M("pungs")),
    Pattern("通天", "Straight 1-9", 20, lambda r: _straight(r) is not None,
            lambda r: M("straight", suit=Suit(_straight(r) or ""))),
    Pattern("四核", "Four-tile core", 20, lambda r: len(r.cores) == 1,
            lambda r: M("core", tile=TileName(r.cores[0]))),
    Pattern("混一色", "Half flush with Red", 20, lambda r: len(r.suits) == 1 and r.has_red,
            lambda r: M("half_flush", suit=Suit(_only_suit(r)))),
    Pattern("杠后开花", "Win after a kong", 20, lambda r: r.hand.context.kong_replacement,
            M("kong_flower")),
)

# 直接全交: each of these makes the hand 交 by itself ("清一色、天胡、地胡、双四核、双八支为直接全交牌型").
JIAO: tuple[Pattern[Reading], ...] = (
    Pattern("清一色", "Full flush", 100, lambda r: len(r.suits) == 1 and not r.has_red,
            lambda r: M("full_flush", suit=Suit(_only_suit(r)))),
    Pattern("双八支", "Double eight", 100, lambda r: _double_eight(r.hand) is not None,
            lambda r: M("double_eight", suit=Suit(_double_eight(r.hand)[0]),
                        kongs=Suit(_double_eight(r.hand)[1]))),
    Pattern("双四核", "Double four-tile core", 100, lambda r: len(r.cores) >= 2,
            lambda r: M("cores", tiles=[TileName(c) for c in r.cores])),
    Pattern("天胡", "Heavenly hand", 100, lambda r: r.heavenly, M("heavenly")),
    Pattern("地胡", "Earthly hand", 100, lambda r: r.earthly, M("earthly")),
    Pattern("杠后压档", "Gap win after a kong", 100,
            lambda r: r.hand.context.kong_replacement and r.gap, M("kong_gap"),
            excludes=("杠后开花",)),
)


@dataclass(frozen=True)
class Count:
    fans: list[Fan]
    excluded: list[Exclusion]
    base: int  # 底番, which the dealer adds again
    subtotal: int  # before 抢杠

    @property
    def jiao(self) -> bool:
        return any(f.name in JIAO_NAMES for f in self.fans)


JIAO_NAMES = frozenset({p.name for p in JIAO} | {"交"})


def _base_fan(r: Reading) -> Fan:
    name, name_en, value, key = BASE_FAN[(r.self_drawn, r.gap)]
    return Fan(name, name_en, value, 1, M(key, tile=TileName(r.hand.win_tile)))


def _zhi_fan(r: Reading) -> Fan:
    """支番: the longest suit's count, plus the 压档 tile's number; halved (odd: +1 first)
    unless self-drawn ("不是自摸就除以2 … 如果是单数就加1再除以2")."""
    suit, n = longest_suit(r.hand.all_tiles)
    eight = _double_eight(r.hand)
    if eight is not None:  # 双八支: the 八支 is the other suit's eight, tied with the two kongs
        suit = eight[0]
    rank = T.rank(r.hand.win_tile) if r.gap else 0
    raw = n + rank
    value = raw if r.self_drawn else (raw + 1) // 2
    gap = M("zhi_gap", rank=rank, sum=raw) if r.gap else ""
    half = "" if r.self_drawn else M("zhi_half", value=value)
    return Fan("支番", "Suit-length points", value, 1,
               M("zhi", n=n, suit=Suit(suit), gap=gap, half=half))


def longest_suit(tiles: list[str]) -> tuple[str, int]:
    counts = Counter(T.suit(c) for c in tiles if T.is_suited(c))
    if not counts:
        return "m", 0
    return max(counts.items(), key=lambda kv: (kv[1], -T.SUITS.index(kv[0])))


def _kong_fans(hand: Hand) -> list[Fan]:
    exposed = sum(1 for m in hand.melds if m.is_kong and not m.concealed)
    hidden = sum(1 for m in hand.melds if m.is_kong and m.concealed)
    out = []
    if exposed:
        out.append(Fan("明杠", "Exposed kong", 2, exposed, M("exposed_kong")))
    if hidden:
        out.append(Fan("暗杠", "Concealed kong", 4, hidden, M("concealed_kong")))
    return out


def count_reading(r: Reading) -> Count:
    """底番 + 支番 + 嘴子 (or 交) + kongs for one reading ("底番加支番加嘴子，加上杠牌")."""
    base = _base_fan(r)
    fans = [base, _zhi_fan(r)]
    excluded: list[Exclusion] = []
    jiao = [p for p, _ in matched(JIAO, r)]
    zuizi = [p for p, _ in matched(ZUIZI, r)]
    if jiao:
        # only the 交 counted takes in its 嘴子: 杠后压档 left out beside 双八支 (交 counts once)
        # leaves 杠后开花 a further 嘴子 in the 交 hand, +50 ("若交牌中还有嘴子，则再加50番")
        top = jiao[0]
        for p in [p for p in zuizi if p.name in top.excludes]:
            zuizi.remove(p)
            excluded.append(Exclusion(p.name, p.name_en, top.name, M("in_jiao", why=p.reason(r))))
        fans.append(Fan(top.name, top.name_en, 100, 1,
                        M("jiao_direct", why=top.reason(r), fan=top.label)))
        excluded += [Exclusion(p.name, p.name_en, top.name, M("jiao_once", by=top.label))
                     for p in jiao[1:]]
        fans += [Fan(p.name, p.name_en, 50, 1, M("jiao_more", why=p.reason(r))) for p in zuizi]
    elif len(zuizi) >= 2:
        fans.append(Fan("交", "Full hand from two extra hands", 100, 1,
                        M("jiao_two", names=[p.label for p in zuizi[:2]])))
        excluded += [Exclusion(p.name, p.name_en, "交", M("in_jiao", why=p.reason(r)))
                     for p in zuizi[:2]]
        fans += [Fan(p.name, p.name_en, 50, 1, M("jiao_more", why=p.reason(r)))
                 for p in zuizi[2:]]
    else:
        for p in zuizi:
            doubled = r.self_drawn and p.name != "杠后开花"
            note = M("zuizi_doubled") if doubled else (
                M("zuizi_kong") if p.name == "杠后开花" else "")
            value = 40 if doubled else 20
            fans.append(Fan(p.name, p.name_en, value, 1,
                            M("zuizi", why=p.reason(r), value=value, doubled=note)))
    fans += _kong_fans(r.hand)
    return Count(fans, excluded, base.fan, sum(f.fan * f.count for f in fans))


# ---- checking a hand and reading it ---------------------------------------------------------
def check_hand(hand: Hand) -> None:
    """What a Wuhu hand cannot hold, in a player's words, then the generic checks and 八支."""
    refuse_chows(hand, GAME)
    if hand.flowers:
        raise HandError(M("flowers", tiles=[Tile(f) for f in hand.flowers]))
    for code in hand.all_tiles:
        if T.is_tile(code) and T.is_honor(code) and code != RED:
            raise HandError(M("honour", tile=Tile(code)))
    hand.validate(allowed=TILES, allow_flowers=False)
    suit, n = longest_suit(hand.all_tiles)
    if n < 8:
        raise HandError(M("eight", suit=Suit(suit), n=n))


def has_eight(tiles: list[str]) -> bool:
    return longest_suit(tiles)[1] >= 8


def _win_in_run(arr: Arrangement, win: str) -> bool:
    return any(m.kind == "chow" and win in m.tiles for m in arr.formed)


def _cores(hand: Hand, arr: Arrangement) -> tuple[str, ...]:
    """四核: four of a tile, not a declared kong, read as three of a kind (standing or a claimed
    pung) plus a run ("做为一个3个头及与另两张牌构成一个顺子"); two of them may not be the pair."""
    counts = Counter(hand.all_tiles)
    pungs = {m.first for m in arr.melds if m.kind == "pung"}
    in_runs = {t for m in arr.formed if m.kind == "chow" for t in m.tiles}
    return tuple(c for c in T.sorted_codes(pungs & in_runs) if counts[c] == 4)


def readings_of(hand: Hand, heavenly: bool, earthly: bool) -> list[Reading]:
    arrangements = standard_arrangements(hand)
    if not arrangements:
        raise HandError(M("not_a_win"))
    single = standard_waits(hand, TILES, has_eight) == [hand.win_tile]
    return [Reading(hand, a, single and _win_in_run(a, hand.win_tile), _cores(hand, a),
                    heavenly, earthly) for a in arrangements]


# ---- who pays --------------------------------------------------------------------------------
def _claimed(hand: Hand) -> list[tuple[Meld, str]]:
    """Claimed pungs and kongs with the seat that gave each, in the order listed (taken as the
    order they were claimed)."""
    winner = hand.context.seat_wind
    return [(m, claimed_from_seat(winner, m.claimed_from)) for m in hand.melds
            if m.is_pung_or_kong and m.claimed_from is not None]


def cover(hand: Hand, count: Count, who: Payers) -> tuple[str, Msg] | None:
    """Who covers the others' shares (包牌), and why; None when each pays their own. All the
    seed's cases need a 交 hand ("是交就包")."""
    if not count.jiao:
        return None
    claimed = _claimed(hand)
    for s in T.SUITS:  # 报警 1, 4, 5: three (four) claimed pungs of one suit, 红中 joining it
        group = [(m, g) for m, g in claimed if T.suit(m.first) == s or m.first == RED]
        if len(group) >= 4:
            return group[3][1], M("bao_fourth", giver=Seat(group[3][1]),
                                  tile=TileName(group[3][0].first))
        if len(group) == 3:
            givers = {g for _, g in group}
            if len(givers) == 1:
                return group[0][1], M("bao_three", giver=Seat(group[0][1]),
                                      tiles=[TileName(m.first) for m, _ in group])
            if who.discarder is not None:
                return who.discarder, M("bao_warned")
    eight = _double_eight(hand)  # 报警 2
    if eight is not None and who.discarder is not None and any(
            T.suit(m.first) != eight[1] for m, _ in claimed if not m.is_kong):
        return who.discarder, M("bao_eight")
    if any(f.name == "双四核" for f in count.fans) and who.discarder is not None:  # 报警 3
        pungs = [m.first for m, _ in claimed if m.kind == "pung"]
        for a in pungs:
            for b in pungs:
                if T.suit(a) == T.suit(b) and 1 <= T.rank(b) - T.rank(a) <= 2 \
                        and hand.win_tile in (a, b):
                    return who.discarder, M("bao_cores", tiles=[TileName(a), TileName(b)],
                                            tile=TileName(hand.win_tile))
    return None


def payments(hand: Hand, count: Count, total: int, dealer: str,
             options: Mapping[str, Any]) -> tuple[list[Payment], list[Msg]]:
    who = win_payers(hand)
    winner = who.winner

    def share(seat: str) -> int:
        return (total + (count.base if dealer in (seat, winner) else 0)) * options["stake"]

    def reason(seat: str) -> Msg:
        dealer_adds = M("dealer_adds", base=count.base) if dealer in (seat, winner) else ""
        how = ("robbed_pays" if hand.context.robbing_kong else
               "discard" if who.discarder is not None else "drawn")
        return M("pays", total=total, dealer=dealer_adds, why=M(how))

    covered = cover(hand, count, who) if options["baopai"] else None
    if covered is not None:
        responsible, why = covered
        return covered_payments(who, responsible, share, why), who.notes
    unknown = _unknown_givers(hand) if options["baopai"] and count.jiao else None
    return pay_each(who, share, reason), who.notes + ([unknown] if unknown else [])


def _unknown_givers(hand: Hand) -> Msg | None:
    """A note when three claimed pungs of one suit (红中 joining it) do not all say whom they
    came from: 三对包牌 / 转包 cannot be checked, so each pays their own share."""
    for s in T.SUITS:
        group = [m for m in hand.melds if m.is_pung_or_kong and not m.concealed
                 and (T.suit(m.first) == s or m.first == RED)]
        if len(group) >= 3 and any(m.claimed_from is None for m in group):
            return M("bao_unknown", tiles=[TileName(m.first) for m in group
                                           if m.claimed_from is None])
    return None



def score(hand: Hand, options: Mapping[str, Any]) -> ScoreResult:
    check_hand(hand)
    dealer = seat_field(hand, "dealer", "E")
    if flag_field(hand, "first_turn") and hand.melds and all(m.concealed for m in hand.melds):
        raise HandError(M("first_turn_kong"))
    heavenly, earthly = first_turn_flags(hand, dealer)
    if earthly and hand.context.self_drawn:
        raise HandError(M("earthly_discard"))
    if earthly and discarder_of(hand)[0] != dealer:
        raise HandError(M("earthly_dealer", seat=Seat(discarder_of(hand)[0]), dealer=Seat(dealer)))
    reading, count = best_reading(readings_of(hand, heavenly, earthly), count_reading,
                                  lambda c: c.subtotal)
    times = options["robbing_kong_times"] if hand.context.robbing_kong else 1
    total = count.subtotal * times
    notes: list[Msg] = []
    if times != 1:
        notes.append(M("robbed", sub=count.subtotal, times=times, total=total))
    pays, more = payments(hand, count, total, dealer, options)
    return ScoreResult(
        rules="wuhu", total=total, unit="番", fans=count.fans, excluded=count.excluded,
        payments=pays, notes=notes + more, arrangement=arrangement_text(reading.arr),
        extra={"base_fan": count.base, "jiao": count.jiao, "dealer": dealer,
               # each payer's share before the dealer's 底番 (the payments hold the exact sums)
               "multiplier": times, "per_payer": total * options["stake"]},
    )


@dataclass(frozen=True)
class WuhuRound:
    """How `mjlens settle --rules wuhu` walks a round (scoring/settle.py's RoundProfile): one
    winner ends it ("只能有一个成牌"); kongs pay nothing at once, they count in the winner's hand
    (杠牌 2 / 4); 报警 / 包牌 / 转包 come from the winner's melds; a drawn wall pays nothing (the
    seed has no 查叫)."""

    game: Text = GAME
    winners_leave: bool = False
    one_winner: bool = True  # "只能有一个成牌，如有多人成牌，则离点炮最近的人先成牌"

    def check_kong_tile(self, tile: str) -> None:
        if tile not in TILES:
            raise HandError(M("honour", tile=Tile(tile)))

    def check_missing_suit(self, seat: str, value: Any) -> None:
        raise HandError(M("no_missing_suit"))

    def check_final_hand(self, hand: Hand) -> None:
        refuse_chows(hand, GAME)
        hand.validate(allowed=TILES, allow_flowers=False, require_win_tile=False)

    def end_status(self, hand: Hand, options: Mapping[str, Any]) -> EndStatus:
        self.check_final_hand(hand)
        return EndStatus(flower_pig=False, ready=False, best=None)

    def rain(self, kind: str, options: Mapping[str, Any]) -> tuple[str, float] | None:
        return None

    def kong_discard(self, options: Mapping[str, Any]) -> str:
        return "transfer"

    def flower_pig_penalty(self, options: Mapping[str, Any]) -> float:
        return 0


RULESET = RuleSet(
    id="wuhu",
    name="Wuhu",
    name_zh="芜湖麻将",
    unit="番",
    description="112 tiles (three suits and Red), no chows; a win needs eight of one suit (八支); "
    "base fan + suit-length points + 20 per extra hand (嘴子) or 100 for a full hand (交) + kongs, "
    "robbing a kong x3, the dealer adds the base fan; warnings and paying for all (报警 / 包牌 / 转包).",
    description_zh="112张（三门加红中），不准吃；和牌须够八支（一门八张以上）；底番 + 支番 + 嘴子 20 / 交 100 + 杠，抢杠乘 3，庄家再加底番；报警、包牌、转包。",
    score=score,
    options=(
        Option("stake", 1, M.text("opt_stake"), help_zh=M.text("opt_stake", "zh"), minimum=1),
        Option("robbing_kong_times", 3, M.text("opt_rob"), help_zh=M.text("opt_rob", "zh"),
               minimum=1),
        Option("baopai", True, M.text("opt_bao"), help_zh=M.text("opt_bao", "zh")),
    ),
    fields=(
        HandField("dealer", "seat", "E", M.text("f_dealer"), M.text("f_dealer", "zh")),
        HandField("first_turn", "bool", False, M.text("f_first"), M.text("f_first", "zh")),
        HandField("discarder", "seat", None, M.text("f_discarder"), M.text("f_discarder", "zh")),
    ),
    source="seeds/wuhu.txt",
    settlement=WuhuRound(),
    tiles=TILES,  # the game's tiles: the photo reader reads no other
)
