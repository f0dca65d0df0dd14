"""Yuhuan mahjong (玉环麻将), seed yushan-guobiao-and-others.txt section Ⅳ 玉環麻將胡頭怎麼算 and
its 扩展阅读: 胡数 (hu points) of a 16-tile hand.

136 tiles, no flowers ("沒有春夏秋冬梅蘭竹菊這8張花"); 16 tiles in hand, a win is five sets and a
pair. 白板 is the 杠花 (set aside and replaced, 4 胡 each); with the option `caishen` on, 白板 is
the 财神 (wild: it may stand for any tile) and 红中 is the 杠花 ("當白板為財神時，紅中作為杠花").
The winner's 胡数 = 20 (底胡) + the rule text's table; docs/yuhuan.md gives the readings chosen and
the money rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring import tiles as T
from scoring.hand import Hand, HandError
from scoring.messages import Catalog, Msg, Text, Tile, as_input
from scoring.patterns import best_reading
from scoring.payments import pay_each, win_payers
from scoring.ruleset import Fan, HandField, Option, RuleSet, ScoreResult
from scoring.rulesets.house_common import arrangement_text
from scoring.wild import WildReading, stood_for, wild_field, wild_readings

GAME = Text("Yuhuan mahjong", "玉环麻将")
WHITE, GREEN, RED = "5z", "6z", "7z"
SETS = 5

M = Catalog("yuhuan", {
    "flowers": ("Yuhuan mahjong has no flower tiles (没有春夏秋冬梅兰竹菊这8张花): remove {tiles}.",
                "玉环麻将没有春夏秋冬梅兰竹菊这8张花：请去掉 {tiles}。"),
    "bonus_in_hand": ("{tile} is the 杠花 in this game: it is set aside and replaced when drawn, "
                      "never held. Count it in 'bonus' instead.",
                      "{tile}在本局是杠花，摸到后放在一边补牌，不留在手里：请记在 bonus 里。"),
    "no_caishen": ("This game is played without a 财神 (option caishen=false), but the hand names a "
                   "wild tile ({tile}). Turn the option on or remove 'wild'.",
                   "本局不用财神（不选“白板作财神”），但这手牌给了财神 {tile}：请选上该选项或去掉“财神牌”。"),
    "turned_up": ("The 财神 {tile} is the tile turned up after the deal, so only three are left in "
                  "play (财神共有3个), but this hand has {n}.",
                  "财神{tile}是发完牌后翻开的那张牌，只剩3张在牌局中（财神共有3个），这手牌却有{n}张。"),
    "bad_bonus": ("bonus is the number of bonus tiles (杠花) set aside: 0 to 4, not {value}.",
                  "bonus 是放在一边的杠花张数：0 到 4，而不是 {value}。"),
    "not_a_win": ("These tiles do not make a winning hand: a Yuhuan win is five sets (runs, pungs "
                  "or kongs) and one pair{wild}.",
                  "这些牌不能和：玉环麻将和牌须为五组（顺子、刻子或杠）加一个对子{wild}。"),
    "whatever_wild": (", whatever the wild tiles (财神) stand for", "，无论财神当作什么"),
    "base": ("the base (底胡), 20: only the winner gets it (“只有胡牌的人可以额外获得”)",
             "底胡20：只有胡牌的人可以额外获得"),
    "bonus": ("{n} bonus tiles (杠花), {tile}, set aside, 4 hu each (“摸到每个杠花算4胡”)",
              "{n}个杠花（{tile}），每个4胡"),
    "pair": ("a pair of {tile}: 2 hu (“摸到2个中、发、和自己位置相对应的风，算2胡”)",
             "一对{tile}（2个中、发或自己的门风，算2胡）"),
    "set": ("{what} of {tile}: {value} hu ({rule})", "{tile}{what}：{value}胡（{rule}）"),
    "pung": ("a claimed pung", "碰"),
    "pung_won": ("a pung completed by the winning discard, counted as claimed", "和别人打出的牌成刻，算碰"),
    "hidden": ("a concealed pung (暗刻)", "暗刻"),
    "kong": ("an exposed kong", "明杠"),
    "added": ("an added kong (补杠)", "补杠"),
    "hidden_kong": ("a concealed kong", "暗杠"),
    "rule_big": ("honours and terminals: claimed pung 4, concealed pung 8, exposed or added kong "
                 "16, concealed kong 32", "碰到字牌和一九的牌都算4胡，暗刻8胡，明杠和补杠算16胡，暗杠算32胡"),
    "rule_small": ("other tiles: claimed pung 2, concealed pung 4, exposed or added kong 8, "
                   "concealed kong 16", "碰到普通牌时为2胡，暗刻4胡，明杠和补杠算8胡，暗杠算16胡"),
    "wait_special": ("waited on {how} ({tile}): {value} hu {when}", "听{how}（{tile}）：{when}{value}胡"),
    "wait_other": ("another wait, self-drawn: 2 hu (“其他牌型，自摸算2胡”)", "其他听法，自摸算2胡"),
    "kandang": ("the middle of a run (坎档)", "坎档"),
    "kaobi": ("the edge of a run, 3 of 12 or 7 of 89 (靠壁)", "靠壁"),
    "jiangpai": ("the pair (将牌)", "将牌"),
    "self_drawn": ("self-drawn (“自摸算4胡”)", "自摸"),
    "on_discard": ("on a discard (“别人放冲算两胡”)", "别人放冲"),
    "pays": ("{hu} hu{times}", "{hu}胡{times}"),
    "times_two": (" x2, self-drawn (“自摸加倍”)", " x2，自摸加倍"),
    "opt_caishen": ("White (白板) is the wild tile (财神) and Red (红中) the bonus tile (杠花) "
                    "(“当白板为财神时，红中作为杠花”); off: White is the bonus tile "
                    "(“当白板不为财神时，白板作为杠花”)",
                    "白板作财神（百搭），红中作杠花；关闭时白板作杠花"),
    "opt_discard": ("who pays a win on a discard (放冲): the discarder alone, or all three",
                    "放冲和牌谁付：放冲者一人付，或三家都付"),
    "opt_double": ("a self-drawn win is paid double by each player", "自摸时每家加倍付"),
    "opt_stake": ("money per hu", "每胡的钱数"),
    "f_wild": ("the wild tile (财神), with caishen=true; default White, 5z", "财神牌（打开财神选项时；默认白板 5z）"),
    "f_bonus": ("bonus tiles (杠花) set aside during the hand (0-4)", "本局摸到并放在一边的杠花张数（0-4）"),
    "f_discarder": ("the seat that discarded the winning tile (放冲)", "放冲的座位"),
})

TILES: tuple[str, ...] = T.TILE_CODES


@dataclass(frozen=True)
class Count:
    fans: list[Fan]
    total: int


def _is_big(tile: str) -> bool:
    return T.is_terminal_or_honor(tile)


def _set_fans(w: WildReading, self_drawn: bool) -> list[Fan]:
    """胡 for each pung and kong ("碰到字牌和一九的牌都算4胡…"): honours and terminals 4 / 8 / 16 /
    32, other tiles 2 / 4 / 8 / 16 for a claimed pung / concealed pung / exposed or added kong /
    concealed kong. A pung completed by the winning discard counts as claimed."""
    arr = w.arrangement
    win = w.hand.win_tile
    places = sum(win in m.tiles for m in arr.formed) + (arr.pair == win)
    out = []
    for i, m in enumerate(arr.melds):
        if m.kind == "chow":
            continue
        big = _is_big(m.first)
        unit = 2 if big else 1
        if m.is_kong:
            kind = "hidden_kong" if m.concealed else "added" if m.added else "kong"
            value = unit * (16 if m.concealed else 8)
        elif i < arr.declared:
            kind, value = "pung", unit * 2
        elif not self_drawn and m.first == win and places == 1:
            kind, value = "pung_won", unit * 2
        else:
            kind, value = "hidden", unit * 4
        rule = M("rule_big" if big else "rule_small")
        out.append(Fan("刻杠", "Pung or kong", value, 1,
                       M("set", what=M(kind), tile=Tile(m.first), value=value, rule=rule)))
    return out


def _wait(w: WildReading) -> str | None:
    """The best special wait this reading allows: 将牌 (the pair), 坎档 (a run's middle) or 靠壁
    (3 of 123, 7 of 789); None for any other wait."""
    win = w.hand.win_tile
    arr = w.arrangement
    found = set()
    if arr.pair == win:
        found.add("jiangpai")
    for m in arr.formed:
        if m.kind == "chow" and win in m.tiles:
            pos = m.tiles.index(win)
            if pos == 1:
                found.add("kandang")
            elif (pos == 2 and T.rank(m.first) == 1) or (pos == 0 and T.rank(m.first) == 7):
                found.add("kaobi")
    for how in ("kandang", "kaobi", "jiangpai"):
        if how in found:
            return how
    return None


def count_reading(w: WildReading, hand: Hand, bonus: int, bonus_tile: str) -> Count:
    ctx = hand.context
    fans = [Fan("底胡", "Base", 20, 1, M("base"))]
    if bonus:
        fans.append(Fan("杠花", "Bonus tiles", 4, bonus, M("bonus", n=bonus, tile=Tile(bonus_tile))))
    pair = w.arrangement.pair
    seat_wind = T.WIND_CODES[ctx.seat_wind]
    if pair in (RED, GREEN, seat_wind) and pair != bonus_tile:
        fans.append(Fan("对子", "Pair", 2, 1, M("pair", tile=Tile(pair))))
    fans += _set_fans(w, ctx.self_drawn)
    how = _wait(w)
    if how is not None:
        value = 4 if ctx.self_drawn else 2
        when = M("self_drawn" if ctx.self_drawn else "on_discard")
        fans.append(Fan("听牌", "Wait", value, 1, M("wait_special", how=M(how),
                                                     tile=Tile(w.hand.win_tile), value=value, when=when)))
    elif ctx.self_drawn:
        fans.append(Fan("自摸", "Self-drawn", 2, 1, M("wait_other")))
    return Count(fans, sum(f.fan * f.count for f in fans))


def check_hand(hand: Hand, options: Mapping[str, Any]) -> tuple[str | None, str, int]:
    """(wild tile or None, the 杠花 tile, 杠花 count), refusing what a Yuhuan hand cannot hold."""
    if hand.flowers:
        raise HandError(M("flowers", tiles=[Tile(f) for f in hand.flowers]))
    wild = wild_field(hand, "wild")
    if options["caishen"]:
        wild = wild or WHITE
    elif wild is not None:
        raise HandError(M("no_caishen", tile=Tile(wild)))
    bonus_tile = RED if wild == WHITE else WHITE
    held = sum(1 for c in hand.all_tiles if c == wild)
    if wild is not None and wild != WHITE and held > 3:
        # a 财神 named by the tile turned up: that copy lies face up, three are in play
        raise HandError(M("turned_up", tile=Tile(wild), n=held))
    if bonus_tile in hand.all_tiles:
        raise HandError(M("bonus_in_hand", tile=Tile(bonus_tile)))
    bonus = hand.context.extra.get("bonus", 0)
    if not isinstance(bonus, int) or isinstance(bonus, bool) or not 0 <= bonus <= 4:
        raise HandError(M("bad_bonus", value=as_input(bonus)))
    hand.validate(sets=SETS, allow_flowers=False)
    return wild, bonus_tile, bonus


def score(hand: Hand, options: Mapping[str, Any]) -> ScoreResult:
    wild, bonus_tile, bonus = check_hand(hand, options)
    readings = wild_readings(hand, wild, sets=SETS, seven_pairs=False)
    if not readings:
        raise HandError(M("not_a_win", wild=M("whatever_wild") if wild else ""))
    reading, count = best_reading(readings, lambda w: count_reading(w, hand, bonus, bonus_tile),
                                  lambda c: c.total)
    who = win_payers(hand, discarder_alone=options["discard_pays"] == "discarder")
    doubled = hand.context.self_drawn and options["self_drawn_double"]
    amount = count.total * options["stake"] * (2 if doubled else 1)
    pays = pay_each(who, amount, M("pays", hu=count.total, times=M("times_two") if doubled else ""))
    notes: list[Msg] = list(stood_for(reading, wild, Text("财神, wild", "财神"))) if wild else []
    return ScoreResult(
        rules="yuhuan", total=count.total, unit="胡", fans=count.fans, payments=pays,
        notes=notes + who.notes, arrangement=arrangement_text(reading.arrangement),
        extra={"wild": wild, "bonus_tile": bonus_tile, "wild_stood_for": list(reading.stands_for)},
    )


RULESET = RuleSet(
    id="yuhuan",
    name="Yuhuan",
    name_zh="玉环麻将",
    unit="胡",
    description="136 tiles, no flowers, 16-tile hands (five sets and a pair); the hu (胡数) = the "
    "base 20 + 4 per bonus tile + pairs, pungs and kongs by kind + the wait; White is the bonus "
    "tile (杠花), or by option the wild tile (财神).",
    description_zh="136张，没有花牌，每手16张（五组加一对）；胡数 = 底胡20 + 每个杠花4胡 + 对子、刻子和杠按种类 "
    "+ 听牌；白板作杠花，或按选项作财神（百搭）。",
    score=score,
    sets=SETS,
    options=(
        Option("caishen", False, M.text("opt_caishen"), help_zh=M.text("opt_caishen", "zh")),
        Option("discard_pays", "discarder", M.text("opt_discard"), choices=("discarder", "all"),
               help_zh=M.text("opt_discard", "zh")),
        Option("self_drawn_double", False, M.text("opt_double"), help_zh=M.text("opt_double", "zh")),
        Option("stake", 1, M.text("opt_stake"), help_zh=M.text("opt_stake", "zh"), minimum=1),
    ),
    fields=(
        HandField("wild", "tile", None, M.text("f_wild"), M.text("f_wild", "zh")),
        HandField("bonus", "int", 0, M.text("f_bonus"), M.text("f_bonus", "zh")),
        HandField("discarder", "seat", None, M.text("f_discarder"), M.text("f_discarder", "zh")),
    ),
    source="seeds/yushan-guobiao-and-others.txt, section Ⅳ 玉環麻將胡頭怎麼算",
    tiles=T.TILE_CODES,  # the game's tiles: the photo reader reads no other
)
