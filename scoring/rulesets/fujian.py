"""Fujian mahjong (福建麻将), seed yushan-guobiao-and-others.txt section Ⅷ: 金 (gold, wild),
屁胡 / 自摸 / 游金, the simple and the detailed count, and 连庄 accumulation.

144 tiles (three suits, honours, eight flowers); 16-tile hands, five sets and a pair (the
Fuzhou deal), or 13-tile hands by option. The gold kind (hand field `gold`) is wild: every gold
among the standing tiles and the winning tile may stand for any tile (scoring/wild.py), and the
reading that scores best is kept. docs/fujian.md gives each reading chosen and its source.

Detailed count (default): base 屁胡 5 / 自摸 10 / 游金 15 (dealer 10 / 20 / 30), plus the items
(flowers, golds, 大字 pungs, kongs by kind) times the win's multiplier (屁胡 x1, 自摸 x2, 游金 x3):
"4番屁糊，散家就是5+4=9番 … 4番自摸散家是10+4*2=18番 … 4番游金散家是15+4*3=27番".
Simple count: 屁胡 1 / 自摸 2 / 游金 3 (dealer 2 / 4 / 6), two flowers 1, a gold 1, 光杠 1,
暗杠 2, added up.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from scoring import tiles as T
from scoring.decompose import Arrangement
from scoring.hand import Hand, HandError
from scoring.messages import Catalog, Msg, Seat, Text, Tile, as_input
from scoring.notation import format_tiles
from scoring.patterns import Pattern, best_reading, largest_only, matched
from scoring.payments import pay_each, win_payers
from scoring.ruleset import Fan, HandField, Option, RuleSet, ScoreResult
from scoring.rulesets.house_common import arrangement_text, seat_field
from scoring.wild import WildReading, stood_for, wild_field, wild_readings

GAME = Text("Fujian mahjong", "福建麻将")

M = Catalog("fujian", {
    "not_a_win": ("These tiles do not make a winning hand{whatever}: a Fujian win is {sets} sets "
                  "(runs, pungs or kongs) and one pair.",
                  "{whatever}这些牌都不能和：福建麻将和牌须为{sets}组（顺子、刻子或杠）加一个对子。"),
    "whatever_gold": (", whatever the golds stand for", "无论金当作什么，"),
    "turned_up": ("The gold {tile} is named by the tile turned up after the deal (开金), which "
                  "stays face up on the wall: only three golds are in play, but this hand holds "
                  "{n}.", "金{tile}由发完牌后翻开的那张牌定出（开金），那张牌留在牌墙上：只有三张金在牌局中，"
                  "这手牌却有{n}张。"),
    "claimed_gold": ("The meld {meld} on the table claims a gold ({tile}), but a discarded gold cannot be "
                     "claimed (其他玩家也不能吃、碰、杠这张金牌): a gold is only ever drawn.",
                     "桌上的{meld}用了别人打出的金（{tile}），但打出的金别人不能吃、碰、杠：金只能自己摸到。"),
    "pihu": ("won on another player's discard (屁胡)", "和别人打出的牌（屁胡）"),
    "zimo": ("self-drawn (自摸)", "自摸和牌"),
    "youjin": ("gold swim (游金): self-drawn with a gold as the free half of the pair ({tile} and a gold): "
               "the standing tiles without that gold were already complete",
               "游金：自摸，金作将牌的另一张（{tile}加一张金）：去掉这张金，手牌已全部成组"),
    "sanjindao": ("three golds (三金倒): three golds held on a self-draw win whatever the other "
                  "tiles, counted as a gold swim (base 15, items x3)",
                  "三金倒：自摸时手里有三张金，不管其他牌是什么都可以和，按游金计（底15，其他番乘3）"),
    "dealer": ("{why}; the dealer (庄家) counts double: {value}", "{why}；庄家加倍：{value}"),
    "flower": ("flower tiles, 1 fan each: {n} ({tiles})", "{n}张花牌（一个花1番）：{tiles}"),
    "two_flowers": ("{n} flower tiles, 1 fan for two", "{n}张花牌，两个花一番"),
    "gold": ("gold tiles held, 1 fan each: {n}; the gold is {tile}", "手中有{n}张金（金1番），金是{tile}"),
    "honour_pung": ("a claimed pung of honours, {tile}: 1 fan", "大字碰：{tile}（1番）"),
    "suit_hidden": ("three {tile} in hand: 1 fan", "在手三张一样的花牌：{tile}（1番）"),
    "honour_hidden": ("three {tile} in hand, honours: 2 fan", "在手三张一样的大字：{tile}（2番）"),
    "suit_added": ("{tile}: pung then kong, 1 fan", "{tile}：花牌碰后再杠（1番）"),
    "suit_exposed": ("{tile}: exposed kong, 2 fan", "{tile}：花牌光杠（2番）"),
    "suit_concealed": ("{tile}: concealed kong, 3 fan", "{tile}：花牌暗杠（3番）"),
    "honour_added": ("{tile}: pung then kong of honours, 2 fan", "{tile}：大字碰后再杠（2番）"),
    "honour_exposed": ("{tile}: exposed kong of honours, 3 fan", "{tile}：大字光杠（3番）"),
    "honour_concealed": ("{tile}: concealed kong of honours, 4 fan", "{tile}：大字暗杠（4番）"),
    "open_kong": ("exposed kong(s), 1 fan each: {tiles}", "光杠（1番）：{tiles}"),
    "hidden_kong": ("concealed kong(s), 2 fan each: {tiles}", "暗杠（2番）：{tiles}"),
    "times": ("{why}, x{mult}", "{why}，乘{mult}"),
    "items": ("the other items, {items} fan, count x{mult} in a {win} = {value} fan",
              "其他番{items} x{mult}（{win}）= {value}"),
    "run": ("dealer's run (连庄): the dealer's earlier wins in this run add {parts} = {value} "
            "(a plain win 5, a self-draw 10, a gold swim 15)",
            "连庄：之前连庄的和牌加{parts} = {value}（屁糊加5自摸加10游金加15）"),
    "only_largest": ("The win counts once, as its largest kind", "和牌只按最大的一种计"),
    "pays": ("{win}: {amount}", "{win}：{amount}"),
    "history_not_dealer": ("dealer_history (the dealer's run, 连庄) is only for the dealer's wins, but the winner "
                           "{seat} is not the dealer ({dealer}).",
                           "dealer_history（连庄）只用于庄家和牌，但和牌者{seat}不是庄家（{dealer}）。"),
    "history_bad": ("dealer_history lists the dealer's earlier wins in this run: pihu, zimo or "
                    "youjin (屁胡, 自摸, 游金) each, not {value}.",
                    "dealer_history 列出本次连庄之前庄家的每次和牌：屁胡、自摸或游金"
                    "（pihu、zimo、youjin），而不是 {value}。"),
    "opt_count": ("simple: a plain win 1, a self-draw 2, a gold swim 3, two flowers 1, a gold 1, "
                  "an exposed kong 1, a concealed kong 2 (the Fujian rules, Ⅷ: "
                  "'這種演算法屬於比較簡單的'); detailed: 5 / 10 / 15 plus the items x1 / x2 / x3 "
                  "('很多現實玩倒科的都用這種演算法')",
                  "简单算法：屁胡1番、自摸2番、游金3番，两个花一番，一个金一番，光杠1番，"
                  "暗杠2番（福建规则Ⅷ：“這種演算法屬於比較簡單的”）；详细算法：屁胡5、自摸10、游金15，"
                  "其他番按屁胡乘1、自摸乘2、游金乘3（“很多現實玩倒科的都用這種演算法”）"),
    "opt_hand": ("tiles in a hand before the win: 16 (five sets and a pair, the Fuzhou deal) or 13",
                 "起手牌张数：16（五组加一对，福州打法）或13"),
    "opt_discard": ("who pays a win on a discard: all (each player pays, as the Fujian rules "
                    "count a discard win, Ⅷ: '那就是一人11番'; the house default) or the "
                    "discarder alone",
                    "放炮和牌谁付：三家都付（福建规则Ⅷ：“那就是一人11番”；默认）或放炮者一人付"),
    "opt_stake": ("money per fan", "每番的钱数"),
    "opt_three": ("three golds (三金倒) win at once (the Fujian rules do not mention it): youjin = "
                  "counted as a gold swim (x3), as Fuzhou and Xiamen players count it; off = not "
                  "a win unless the tiles make one",
                  "三金倒（手里三张金即可和，福建规则未提）：按游金计（乘3），福州、厦门的算法；"
                  "不算：牌须成和牌型才能和"),
    "f_gold": ("the gold (金) of this hand, e.g. 5m: its copies are wild",
               "本局的金（例如 5m）：这种牌都可当任何牌"),
    "f_dealer": ("the dealer's seat (庄家): the dealer's base counts double",
                 "庄家的座位：庄家底番加倍"),
    "f_history": ("dealer's run (连庄): the dealer's earlier wins in this run of deals, e.g. "
                  "pihu zimo",
                  "连庄：本次连庄之前庄家的每次和牌，例如 [\"屁胡\", \"自摸\"]"),
    "f_discarder": ("the seat that discarded the winning tile", "打出和牌张的座位"),
})

WIN_KINDS = ("pihu", "zimo", "youjin", "sanjindao")
HISTORY_WORDS = {"屁胡": "pihu", "屁糊": "pihu", "pihu": "pihu", "自摸": "zimo", "zimo": "zimo",
                 "游金": "youjin", "youjin": "youjin"}
BASE = {"detailed": {"pihu": 5, "zimo": 10, "youjin": 15, "sanjindao": 15},
        "simple": {"pihu": 1, "zimo": 2, "youjin": 3, "sanjindao": 3}}
MULTIPLIER = {"pihu": 1, "zimo": 2, "youjin": 3, "sanjindao": 3}
WIN_NAMES = {"pihu": ("屁胡", "Plain win"), "zimo": ("自摸", "Self-drawn"),
             "youjin": ("游金", "Gold swim"), "sanjindao": ("三金倒", "Three golds")}


def _win_name(win: str) -> Text:
    """A kind of win named for the reader: `Plain win (屁胡)` / `屁胡`."""
    name, name_en = WIN_NAMES[win]
    return Text(f"{name_en} ({name})", name)


THREE_GOLDS = "three_golds"  # the arrangement shape of a 三金倒 hand whose tiles make no sets


@dataclass(frozen=True)
class Reading:
    """One reading of the hand (what the golds stood for) and what the count asks about."""

    hand: Hand  # as given: golds in place
    wild: WildReading
    gold: str | None
    golds: int  # gold tiles held (each scores)
    natural: Mapping[str, int]  # standing tiles and the winning tile that are not gold
    three_golds: bool = False  # 三金倒 counts (option three_golds=youjin)

    @property
    def self_drawn(self) -> bool:
        return self.hand.context.self_drawn


def _youjin(r: Reading) -> bool:
    """游金: self-drawn, and the pair is the winning tile plus a gold standing for it (two golds
    when the drawn tile is itself a gold): the standing tiles less that gold were complete."""
    w = r.wild
    pair = w.arrangement.pair
    if not r.self_drawn or pair is None or pair != w.hand.win_tile:
        return False
    return w.stands_for.count(pair) >= (2 if w.win_is_joker else 1)


def _sanjindao(r: Reading) -> bool:
    """三金倒: three golds among the standing tiles and the drawn tile, on a self-draw."""
    return r.three_golds and r.self_drawn and sum(
        1 for c in r.hand.closed_tiles if c == r.gold) >= 3


WINS: tuple[Pattern[Reading], ...] = (
    Pattern("屁胡", "Plain win", 0, lambda r: not r.self_drawn, M("pihu")),
    Pattern("自摸", "Self-drawn", 1, lambda r: r.self_drawn, M("zimo")),
    # before 游金: a hand that is both counts as 游金 (the later row wins a tie)
    Pattern("三金倒", "Three golds", 2, _sanjindao, M("sanjindao")),
    Pattern("游金", "Gold swim", 2, _youjin,
            lambda r: M("youjin", tile=Tile(r.wild.hand.win_tile))),
)


def _sets(r: Reading) -> list[tuple[str, str, int, Msg]]:
    """(item name, English name, reason) with its value for each set the detailed count scores:
    pungs held (三张一样, gold jokers not counted as a copy), claimed 大字 pungs, kongs by kind."""
    out = []
    arr = r.wild.arrangement
    win = r.wild.hand.win_tile
    places = sum(win in m.tiles for m in arr.formed) + (arr.pair == win)
    for i, m in enumerate(arr.melds):
        tile = m.first
        honour = T.is_honor(tile)
        # a pung completed by the winning discard was claimed (碰), unless the winning tile has
        # another place in this reading
        claimed = i < arr.declared or (not r.self_drawn and tile == win and places == 1)
        if m.kind == "pung" and claimed:
            if honour:
                out.append(("大字碰", "Claimed honour pung", 1, M("honour_pung", tile=Tile(tile))))
        elif i < arr.declared:
            if m.is_kong:
                kind = "concealed" if m.concealed else "added" if m.added else "exposed"
                v = {"added": 1, "exposed": 2, "concealed": 3}[kind] + honour
                name = {"added": "碰后再杠", "exposed": "光杠", "concealed": "暗杠"}[kind]
                key = f"{'honour' if honour else 'suit'}_{kind}"
                out.append((name, f"Kong ({kind})", v, M(key, tile=Tile(tile))))
        elif m.kind == "pung" and r.natural.get(tile, 0) >= 3:
            key, v = ("honour_hidden", 2) if honour else ("suit_hidden", 1)
            out.append(("在手三张", "Three in hand", v, M(key, tile=Tile(tile))))
    return out


def _items(r: Reading, count: str) -> list[Fan]:
    """The items beside the base, in 番 before the win's multiplier."""
    hand = r.hand
    fans = []
    flowers = list(hand.flowers)
    if count == "detailed":
        if flowers:
            fans.append(Fan("花", "Flowers", 1, len(flowers),
                            M("flower", n=len(flowers), tiles=[Tile(f) for f in flowers])))
        if r.golds:
            fans.append(Fan("金", "Gold", 1, r.golds, M("gold", n=r.golds, tile=Tile(r.gold))))
        fans += [Fan(name, en, v, 1, why) for name, en, v, why in _sets(r)]
        return fans
    if len(flowers) >= 2:
        fans.append(Fan("两花", "Two flowers", 1, len(flowers) // 2,
                        M("two_flowers", n=len(flowers))))
    if r.golds:
        fans.append(Fan("金", "Gold", 1, r.golds, M("gold", n=r.golds, tile=Tile(r.gold))))
    open_kongs = [m.first for m in hand.melds if m.is_kong and not m.concealed]
    hidden = [m.first for m in hand.melds if m.is_kong and m.concealed]
    if open_kongs:
        fans.append(Fan("光杠", "Exposed kong", 1, len(open_kongs),
                        M("open_kong", tiles=[Tile(t) for t in open_kongs])))
    if hidden:
        fans.append(Fan("暗杠", "Concealed kong", 2, len(hidden),
                        M("hidden_kong", tiles=[Tile(t) for t in hidden])))
    return fans


@dataclass(frozen=True)
class Count:
    win: str  # pihu / zimo / youjin
    fans: list[Fan]
    excluded: list
    total: int
    note: Msg | None  # how the items were multiplied


def _history(hand: Hand, dealer: str) -> list[str]:
    raw = hand.context.extra.get("dealer_history")
    raw = [] if raw is None else raw  # JSON null: the field left out, as for the seat fields
    if isinstance(raw, str):  # the notation's words: dealer_history=pihu or pihu,zimo
        raw = [w for w in re.split(r"[,，、\s]+", raw) if w]
    if not isinstance(raw, list):
        raise HandError(M("history_bad", value=as_input(raw)))
    unknown = [v for v in raw if not (isinstance(v, str) and v in HISTORY_WORDS)]
    if unknown:  # the words as written (a typo in the app's box), not the list's repr
        raise HandError(M("history_bad", value=[Text(f"“{v}”", f"“{v}”") for v in unknown]))
    if raw and hand.context.seat_wind != dealer:
        raise HandError(M("history_not_dealer", seat=Seat(hand.context.seat_wind),
                          dealer=Seat(dealer)))
    return [HISTORY_WORDS[v] for v in raw]


def count_reading(r: Reading, options: Mapping[str, Any], dealer: bool,
                  history: list[str]) -> Count:
    count = options["count"]
    top, excluded = largest_only(matched(WINS, r), r, lambda p, by: M("only_largest"))
    win = {"屁胡": "pihu", "自摸": "zimo", "游金": "youjin", "三金倒": "sanjindao"}[top.name]
    base = BASE[count][win] * (2 if dealer else 1)
    why = top.reason(r)
    name, name_en = WIN_NAMES[win]
    fans = [Fan(name, name_en, base, 1, M("dealer", why=why, value=base) if dealer else why)]
    items = _items(r, count)
    item_sum = sum(f.fan * f.count for f in items)
    mult = MULTIPLIER[win] if count == "detailed" else 1
    # each item is shown at its value in this win (x2 on a 自摸), so the fans add up to the total
    fans += [replace(f, fan=f.fan * mult, why=M("times", why=f.why, mult=mult)) if mult > 1 else f
             for f in items]
    total = base + item_sum * mult
    note = (M("items", items=item_sum, mult=mult, win=_win_name(win), value=item_sum * mult)
            if items else None)
    if history:
        parts = [BASE[count][w] for w in history]
        fans.append(Fan("连庄", "Dealer's run", sum(parts), 1,
                        M("run", parts=" + ".join(map(str, parts)), value=sum(parts))))
        total += sum(parts)
    return Count(win, fans, excluded, total, note)


def hand_sets(options: Mapping[str, Any]) -> int:
    """Five sets in the 16-tile game, four with option hand=13."""
    return 5 if options["hand"] == 16 else 4


def check_hand(hand: Hand, options: Mapping[str, Any]) -> tuple[str | None, int]:
    gold = wild_field(hand, "gold")
    sets = hand_sets(options)
    hand.validate(sets=sets)
    for m in hand.melds:
        # a discarded gold is never claimed: no exposed pung or kong of golds (an added kong
        # grew from a claimed pung), no chow whose claimed tile is the gold
        claimed = (m.claimed_tile == gold if m.kind == "chow"
                   else m.is_pung_or_kong and not m.concealed and m.first == gold)
        if gold is not None and claimed:
            raise HandError(M("claimed_gold", meld=format_tiles(m.tiles), tile=Tile(gold)))
    held = sum(1 for c in hand.all_tiles if c == gold)
    if gold is not None and held > 3:
        # 开金: the turned-up tile names the gold and stays on the wall; three are in play
        raise HandError(M("turned_up", tile=Tile(gold), n=held))
    return gold, sets


def readings_of(hand: Hand, gold: str | None, sets: int,
                three_golds: bool = False) -> list[Reading]:
    """Every reading of the hand, one per use of the golds; with `three_golds`, a 三金倒 hand
    whose tiles make no sets is one reading (its declared melds only); a HandError when none
    wins."""
    wilds = wild_readings(hand, gold, sets=sets, seven_pairs=False)
    natural: dict[str, int] = {}
    for c in hand.closed_tiles:
        if c != gold:
            natural[c] = natural.get(c, 0) + 1
    golds = sum(1 for c in hand.all_tiles if c == gold)
    readings = [Reading(hand, w, gold, golds, natural, three_golds) for w in wilds]
    if not readings and three_golds:
        loose = Arrangement(THREE_GOLDS, tuple(hand.melds), None, len(hand.melds))
        as_is = Reading(hand, WildReading(hand, loose, (), hand.win_tile == gold), gold, golds,
                        natural, three_golds)
        readings = [as_is] if _sanjindao(as_is) else []
    if not readings:
        raise HandError(M("not_a_win", sets=sets, whatever=M("whatever_gold") if gold else ""))
    return readings


def _arrangement(w: WildReading) -> str:
    """The reading's sets; a 三金倒 hand without sets shows its standing tiles as they are."""
    text = arrangement_text(w.arrangement)
    if w.arrangement.shape == THREE_GOLDS:
        text = " ".join(t for t in (text, format_tiles(w.hand.closed_tiles)) if t)
    return text


def score(hand: Hand, options: Mapping[str, Any]) -> ScoreResult:
    gold, sets = check_hand(hand, options)
    dealer_seat = seat_field(hand, "dealer", "E")
    dealer = hand.context.seat_wind == dealer_seat
    history = _history(hand, dealer_seat)
    readings = readings_of(hand, gold, sets, options["three_golds"] == "youjin")
    reading, count = best_reading(readings, lambda r: count_reading(r, options, dealer, history),
                                  lambda c: (c.total, c.win != "sanjindao"))  # 游金 on a tie
    who = win_payers(hand, discarder_alone=options["discard_pays"] == "discarder")
    amount = count.total * options["stake"]
    pays = pay_each(who, amount, M("pays", win=_win_name(count.win), amount=amount))
    notes: list[Msg] = [count.note] if count.note else []
    notes += stood_for(reading.wild, gold, Text("金, gold", "金")) if gold else []
    return ScoreResult(
        rules="fujian", total=count.total, unit="番", fans=count.fans, excluded=count.excluded,
        payments=pays, notes=notes + who.notes, arrangement=_arrangement(reading.wild),
        extra={"win": count.win, "dealer": dealer_seat, "gold": gold,
               "gold_stood_for": list(reading.wild.stands_for)},
    )


RULESET = RuleSet(
    id="fujian",
    name="Fujian",
    name_zh="福建麻将",
    unit="番",
    description="144 tiles, 16-tile hands; the gold (金) is wild; a plain win, self-draw or gold "
    "swim with the detailed count (5 / 10 / 15, dealer double, items x1 / x2 / x3) or the simple "
    "one; the dealer's run adds its wins; three golds count as a gold swim (option). On a discard "
    "every player pays, the house default (option discard_pays).",
    description_zh="144张，每手16张；金可当任何牌；屁胡 / 自摸 / 游金，详细算法（5 / 10 / 15，庄家加倍，"
    "其他番按乘1 / 乘2 / 乘3）或简单算法；连庄加上之前连庄的和牌；三金倒按游金计（选项）。"
    "放炮和牌时三家都付，这是默认的地方规则（选项“放炮和牌谁付”）。",
    score=score,
    sets=hand_sets,
    options=(
        Option("count", "detailed", M.text("opt_count"), choices=("detailed", "simple"),
               help_zh=M.text("opt_count", "zh")),
        Option("hand", 16, M.text("opt_hand"), choices=(16, 13), help_zh=M.text("opt_hand", "zh")),
        Option("discard_pays", "all", M.text("opt_discard"), choices=("all", "discarder"),
               help_zh=M.text("opt_discard", "zh")),
        Option("stake", 1, M.text("opt_stake"), help_zh=M.text("opt_stake", "zh"), minimum=1),
        Option("three_golds", "youjin", M.text("opt_three"), choices=("youjin", "off"),
               help_zh=M.text("opt_three", "zh")),
    ),
    fields=(
        HandField("gold", "tile", None, M.text("f_gold"), M.text("f_gold", "zh")),
        HandField("dealer", "seat", "E", M.text("f_dealer"), M.text("f_dealer", "zh")),
        HandField("dealer_history", "choices", [], M.text("f_history"), M.text("f_history", "zh"),
                  choices=("屁胡", "自摸", "游金"),
                  choice_names=(("屁胡", "pihu", "屁胡"), ("自摸", "zimo", "自摸"),
                                ("游金", "youjin", "游金"))),
        HandField("discarder", "seat", None, M.text("f_discarder"), M.text("f_discarder", "zh")),
    ),
    source="seeds/yushan-guobiao-and-others.txt, section Ⅷ",
)
