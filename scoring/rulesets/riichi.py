"""Riichi (Japanese mahjong, 立直麻将), scored by the `mahjong` library (PyPI, MIT, 2.x).

The library decides the yaku, han, fu, limit and points (`HandCalculator.estimate_hand_value`);
this module only maps the project's hand to the library's input (every tile in the 136-tile
numbering, melds included and kongs with all four, `Meld` objects with `opened`, a `HandConfig`
with `OptionalRules`), names what the library found in English and Chinese, and says who pays
whom. No yaku or fu logic lives here. docs/riichi.md lists the fields and options.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mahjong.constants import EAST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.hand_calculating.hand_response import HandResponse
from mahjong.hand_calculating.scores import ScoresCalculator
from mahjong.meld import Meld as LibraryMeld

from scoring import tiles as T
from scoring.hand import WINDS, Hand, HandError
from scoring.messages import Catalog, Msg, Tile, as_input
from scoring.notation import parse_tiles
from scoring.ruleset import Fan, HandField, Option, RuleSet, ScoreResult
from scoring.rulesets.riichi_limits import limit_of, one_yakuman, yakuman_words
from scoring.rulesets.riichi_notes import hand_notes
from scoring.rulesets.riichi_pay import payments, read_pao, yaku_han
from scoring.rulesets.riichi_words import LIMIT_WORDS, LIMITS, YAKU_NAMES, F, W

FIVES = ("5m", "5p", "5s")
MAX_INDICATORS = 5  # the first indicator and one per kong, four kongs at most
# renhou's worth (option renhou): the library's 5-han yaku, the EMA 2016 mangan, a yakuman, none
RENHOU_VALUES = ("5han", "mangan", "yakuman", "none")

M = Catalog("riichi", {
    "flowers": ("Riichi mahjong is played without flowers or seasons: remove {tiles}.",
                "立直麻将没有花牌：请去掉 {tiles}。"),
    "last_copy": ("Riichi has no yaku for the last copy of a tile (last_copy): remove it.",
                  "立直麻将没有「和绝张」这个役：请去掉 last_copy。"),
    "chow_from": ("In riichi a chow is claimed only from the player on your left, not from "
                  "{source}: {tiles}.", "立直麻将只能吃上家的牌，不能吃{source}的：{tiles}。"),
    "across": ("the player across", "对家"),
    "right": ("the player on your right", "下家"),
    "bad_flag": ("'{field}' must be true or false, not {value}.",
                 "'{field}' 必须是 true 或 false，而不是 {value}。"),
    "bad_count": ("'{field}' must be a whole number, 0 or more, not {value}.",
                  "'{field}' 必须是 0 或更大的整数，而不是 {value}。"),
    "bad_tiles": ("'{field}' must be tiles, as a list of codes such as [\"3m\", \"7z\"] or "
                  "written as in the hand (3m7z), not {value}.",
                  "'{field}' 必须是牌：代码列表，例如 [\"3m\", \"7z\"]，或像手牌那样写（3m7z），"
                  "而不是 {value}。"),
    "bad_indicator": ("{field} holds {code}, which is not a tile (1m-9m, 1p-9p, 1s-9s, 1z-7z).",
                      "{field} 里的 {code} 不是一张牌（1m-9m、1p-9p、1s-9s、1z-7z）。"),
    "too_many_indicators": ("{field} lists {n} indicators; a round shows at most 5 (one, and "
                            "one more per kong).",
                            "{field} 有 {n} 张指示牌；一局最多翻开 5 张（一张，每杠加一张）。"),
    "ura_over_dora": ("An ura dora indicator is the tile under a dora indicator, but "
                      "ura_dora_indicators lists {n} and dora_indicators {shown}: give the dora "
                      "indicators above them.",
                      "里宝牌指示牌是宝牌指示牌下面的那张，但 ura_dora_indicators 有 {n} 张，"
                      "dora_indicators 只有 {shown} 张：请补上它们上面的宝牌指示牌。"),
    "bad_red": ("red_fives lists the red fives in the hand: 5m, 5p or 5s, not {code}.",
                "red_fives 列出手里的赤五：5m、5p 或 5s，而不是 {code}。"),
    "red_twice": ("A set has one red {tile}, but red_fives lists it twice.",
                  "一副牌只有一张赤{tile}，red_fives 却写了两次。"),
    "red_not_held": ("red_fives lists {tile}, but the hand holds no {code}.",
                     "red_fives 写了 {tile}，但手牌里没有 {code}。"),
    "four_fives": ("With red fives played, one of the four {code} is red: a hand holding all four "
                   "holds the red one (add {code} to red_fives).",
                   "有赤五时四张 {code} 中有一张是赤的：四张都在手里就包括赤五（请把 {code} 加入 "
                   "red_fives）。"),
    "indicator_copies": ("There are only four of each tile, but the hand and the dora indicators "
                         "show {n} of {tile}.",
                         "每种牌只有四张，手牌和宝牌指示牌却一共有 {n} 张 {tile}。"),
    "renhou_dealer": ("The dealer draws first, so a dealer never wins on a discard before a "
                      "first draw: renhou (人和) is a non-dealer's win. The dealer's first-turn "
                      "win is tenhou (天和), self-drawn: mark it self-drawn or remove first_turn.",
                      "庄家先摸牌，不可能在第一次摸牌前和别人打出的牌：人和是闲家的和牌。庄家第一巡"
                      "和牌是天和（自摸）：请标为自摸或去掉 first_turn。"),
    "first_turn_kong": ("A first-turn win (first_turn) comes before any call, and a kong is a "
                        "call: remove robbing_kong / kong_replacement or first_turn.",
                        "第一巡和牌（first_turn）在任何鸣牌之前，而开杠也是鸣牌：请去掉 "
                        "robbing_kong / kong_replacement 或 first_turn。"),
    # the library's errors (HandCalculator.ERR_*), in a player's words
    "hand_not_winning": ("These tiles do not make a winning hand: four sets and a pair, seven "
                         "pairs, or the thirteen orphans.",
                         "这些牌不能和：须为四组面子加一对雀头、七对子或国士无双。"),
    "no_yaku": ("The hand has no yaku, so it cannot win: riichi needs at least one yaku (riichi, "
                "a concealed self-draw, all simples, a dragon or value-wind pung, ...); dora do "
                "not count as one.",
                "这手牌没有役，不能和：立直麻将至少要有一个役（立直、门前清自摸、断幺九、役牌刻子……）；"
                "宝牌不算役。"),
    "winning_tile_not_in_hand": ("The winning tile is not in the hand.", "和牌张不在手牌里。"),
    "open_hand_riichi_not_allowed": ("Riichi is declared only with a concealed hand, but this "
                                     "hand has claimed melds.",
                                     "只有门前清才能立直，这手牌却有吃碰明杠。"),
    "open_hand_daburi_not_allowed": ("Double riichi is declared only with a concealed hand, but "
                                     "this hand has claimed melds.",
                                     "只有门前清才能两立直，这手牌却有吃碰明杠。"),
    "ippatsu_without_riichi_not_allowed": ("Ippatsu (一发) needs riichi or double riichi.",
                                           "一发须先立直或两立直。"),
    "tenhou_with_meld_not_allowed": ("Tenhou (天和) is won on the tiles dealt: the hand can have no "
                                     "meld, not even a concealed kong.",
                                     "天和是起手即和：不能有任何副露，暗杠也不行。"),
    "chiihou_with_meld_not_allowed": ("Chiihou (地和) is won on the first draw: the hand can have "
                                      "no meld, not even a concealed kong.",
                                      "地和是第一次摸牌即和：不能有任何副露，暗杠也不行。"),
    "first_turn_riichi": ("A first-turn win (first_turn: tenhou (天和), chiihou (地和) or renhou "
                          "(人和)) comes before the player's first discard, so riichi, double "
                          "riichi or ippatsu cannot have been declared: remove them or first_turn.",
                          "第一巡和牌（first_turn：天和、地和或人和）在自己第一次打牌之前，不可能已经"
                          "立直、两立直或一发：请去掉它们或 first_turn。"),
    "first_turn_last": ("A first-turn win (first_turn) is not on the last tile of the wall: "
                        "remove last_tile or first_turn.",
                        "第一巡和牌（first_turn）不会是牌墙最后一张：请去掉 last_tile 或 "
                        "first_turn。"),
    "renhou_with_meld_not_allowed": ("Renhou (人和) is won before any call: the hand can have no "
                                     "meld, not even a concealed kong.",
                                     "人和在任何鸣牌之前：不能有任何副露，暗杠也不行。"),
    "ippatsu_kong": ("Ippatsu (一发) ends with any call, the player's own kong too, so a win on "
                     "a kong replacement tile is never ippatsu: remove ippatsu or "
                     "kong_replacement.",
                     "一发在任何鸣牌（包括自己开杠）后即失效，岭上开花不可能是一发：请去掉 ippatsu 或 "
                     "kong_replacement。"),
    "ippatsu_double_kong": ("Ippatsu (一发) after double riichi is never won with a kong in the "
                            "hand: a kong, concealed too, declared before the first discard "
                            "interrupts the first go-around (no double riichi), and one declared "
                            "after the riichi ends ippatsu: remove ippatsu or double_riichi.",
                            "两立直后的一发与这手牌里的杠不能并存：第一次打牌前开杠（暗杠也算）就打断了第一"
                            "巡（不能两立直），立直后开杠则一发失效：请去掉 ippatsu 或 double_riichi。"),
    "library_error": ("The mahjong library cannot score this hand ({code}).",
                      "计分库不能计算这手牌（{code}）。"),
    # results, payments and notes
    "summary": ("{han} han {fu} fu{limit}: {points} points before honba and riichi sticks",
                "{han}番{fu}符{limit}：{points}点（不含本场和立直棒）"),
    "summary_limit": (", {limit}", "，{limit}"),
    "summary_yakuman": ("{limit}: {points} points before honba and riichi sticks",
                        "{limit}：{points}点（不含本场和立直棒）"),
    "renhou_none": ("Renhou (人和) is not counted (option renhou=none): the hand is scored on "
                    "its own yaku.", "不计人和（“人和的价值”选了“不算役”）：按这手牌自己的役计算。"),
    "renhou_mangan": ("Renhou (人和) is paid as a mangan (option renhou=mangan): the hand's other "
                      "yaku and dora are not added to it.",
                      "人和按满贯计（“人和的价值”选了“满贯”）：这手牌的其他役和宝牌不另加。"),
    "renhou_own": ("The hand's own yaku and dora ({han} han) are worth more than renhou's "
                   "mangan, so it is scored on them (option renhou=mangan).",
                   "这手牌自己的役和宝牌（{han}番）比人和的满贯更高，按它们计算（“人和的价值”"
                   "选了“满贯”）。"),
    # options and fields
    "opt_red": ("count red fives (aka dora) as one han each (red_fives lists them)",
                "赤五（赤宝牌）每张计一番（在“手中的赤五”里列出它们）"),
    "opt_open_tanyao": ("open tanyao (kuitan): all simples also counts with claimed melds",
                        "食断：有吃碰时断幺九也算"),
    "opt_kiriage": ("kiriage mangan (rounding up to mangan): 4 han 30 fu and 3 han 60 fu are "
                    "paid as mangan",
                    "切上满贯：4番30符和3番60符按满贯付"),
    "opt_kazoe": ("a hand of 13 han or more without a yakuman yaku (kazoe) is paid as: "
                  "yakuman (the library's) or sanbaiman (EMA 2016)",
                  "没有役满役而累计13番以上的手牌按：役满（计分库默认）或三倍满（欧洲麻将协会 2016 年"
                  "规则）"),
    "opt_double_yakuman": ("double yakuman (thirteen-way kokushi, four concealed pungs on the "
                           "pair, pure nine gates, big four winds) and several yakuman in one "
                           "hand add up (the library's); false: at most one yakuman (EMA 2016)",
                           "双倍役满（国士无双十三面、四暗刻单骑、纯正九莲宝灯、大四喜）和一手多个役满相加"
                           "（计分库默认）；关闭：最多一个役满（欧洲麻将协会 2016 年规则）"),
    "opt_players": ("players at the table: 4 (three-player sanma is not offered: the library "
                    "does not check its tile set without 2m-8m, takes north-wind nuki dora only "
                    "as a count, not as melds, and pays a tsumo without the north seat's share)",
                    "玩家人数：4（不提供三人麻将：计分库不检查三麻的牌（去掉二到八万），拔北只按张数"
                    "计而不作为副露，自摸时不补北家的一份）"),
    "opt_renhou": ("renhou (人和), a non-dealer's win on a discard before a first draw: 5han, "
                   "a 5-han yaku added to the others (the library's); mangan, a mangan or the "
                   "hand's own value if more (EMA 2016); yakuman; none, not a yaku",
                   "人和（闲家第一次摸牌前荣和）：5番役，与其他役相加（计分库默认）；或满贯，手牌本身"
                   "更高时按手牌（欧洲麻将协会 2016 年规则）；或役满；或不算役"),
    "opt_pao_honba": ("who pays the honba when a pao yakuman is won on another player's "
                      "discard: discarder (EMA 2016, 3.3.9) or liable",
                      "包牌役满由他人放铳时本场由谁付：放铳者（欧洲麻将协会 2016 年规则 3.3.9）或包牌者"),
    "opt_pao_suukantsu": ("pao also for four kongs (四杠子): the player who fed the fourth kong",
                          "四杠子也算包牌：由被大明杠第四杠的玩家负责"),
    "opt_game_length": ("at a table: how long a game is: hanchan (the East and South rounds), "
                        "tonpuusen (the East round) or a full game (four rounds)",
                        "牌桌上一场打多久：半庄（东、南两圈）、东风战（只打东风圈）或全庄（四圈）"),
    "f_riichi": ("riichi declared", "已立直"),
    "f_double": ("double riichi: riichi on the first discard, nobody having claimed",
                 "两立直：第一巡无人鸣牌时立直"),
    "f_ippatsu": ("won within one go-around of riichi, nobody having claimed (一发)",
                  "立直后一巡内和牌，其间无人鸣牌（一发）"),
    "f_dora": ("the dora indicators shown, e.g. [\"3m\"] (each tile after one is a dora)",
               "翻开的宝牌指示牌，例如 [\"3m\"]（其下一张是宝牌）"),
    "f_ura": ("the ura dora indicators under them (counted with riichi only)",
              "下面的里宝牌指示牌（只在立直时计算）"),
    "f_red": ("the red fives in the hand, e.g. [\"5p\"]; `mjlens scan` reads them from the photo",
              "手牌中的赤五，例如 [\"5p\"]；拍照识别时从照片读出"),
    "f_honba": ("honba counters (本场): 300 points each on a ron, 100 from each on a tsumo",
                "本场数：荣和每本场 300 点，自摸每家每本场 100 点"),
    "f_sticks": ("riichi sticks on the table (供托), 1,000 points each to the winner",
                 "桌上的立直棒（供托），每根 1000 点归和牌者"),
    "f_first": ("won in the first go-around, nobody having called: tenhou (天和), the "
                "dealer's self-draw; chiihou (地和), a non-dealer's first draw; renhou (人和), a "
                "non-dealer's ron before a first draw",
                "第一巡无人鸣牌时和牌：天和（庄家自摸）、地和（闲家第一次摸牌自摸）或人和（闲家第一次"
                "摸牌前荣和）"),
    "f_pao": ("pao (包): the seat liable for big three dragons / big four winds, who discarded "
              "the tile of the last called set",
              "包牌者：打出大三元 / 大四喜最后一组被鸣的牌的座位"),
    "f_discarder": ("the seat that discarded the winning tile (ron)", "放铳的座位"),
})

OPTIONS = (
    Option("red_fives", True, M.text("opt_red"), help_zh=M.text("opt_red", "zh")),
    Option("open_tanyao", True, M.text("opt_open_tanyao"), help_zh=M.text("opt_open_tanyao", "zh")),
    Option("kiriage", False, M.text("opt_kiriage"), help_zh=M.text("opt_kiriage", "zh")),
    Option("kazoe", "yakuman", M.text("opt_kazoe"), choices=("yakuman", "sanbaiman"),
           help_zh=M.text("opt_kazoe", "zh"),
           choice_names=(("yakuman", "yakuman", "役满"), ("sanbaiman", "sanbaiman", "三倍满"))),
    Option("double_yakuman", True, M.text("opt_double_yakuman"),
           help_zh=M.text("opt_double_yakuman", "zh")),
    Option("players", 4, M.text("opt_players"), choices=(4,), help_zh=M.text("opt_players", "zh")),
    Option("renhou", "5han", M.text("opt_renhou"), choices=RENHOU_VALUES,
           help_zh=M.text("opt_renhou", "zh"),
           choice_names=(("5han", "5-han yaku", "5番役"), ("mangan", "mangan", "满贯"),
                         ("yakuman", "yakuman", "役满"), (None, "not a yaku", "不算役"))),
    Option("pao_honba", "discarder", M.text("opt_pao_honba"), choices=("discarder", "liable"),
           help_zh=M.text("opt_pao_honba", "zh"),
           choice_names=(("discarder", "the discarder", "放铳者"),
                         ("liable", "the liable player", "包牌者"))),
    Option("pao_suukantsu", False, M.text("opt_pao_suukantsu"),
           help_zh=M.text("opt_pao_suukantsu", "zh")),
    Option("game_length", "hanchan", M.text("opt_game_length"), choices=("hanchan", "tonpuu", "full"),
           help_zh=M.text("opt_game_length", "zh"),
           choice_names=(("hanchan", "hanchan (半荘)", "半庄"), ("tonpuu", "tonpuusen (東風戦)", "东风战"),
                         ("full", "full game (一荘)", "全庄"))),
)

FIELDS = (
    HandField("riichi", "bool", False, M.text("f_riichi"), M.text("f_riichi", "zh")),
    HandField("double_riichi", "bool", False, M.text("f_double"), M.text("f_double", "zh")),
    HandField("ippatsu", "bool", False, M.text("f_ippatsu"), M.text("f_ippatsu", "zh")),
    HandField("dora_indicators", "tiles", [], M.text("f_dora"), M.text("f_dora", "zh")),
    HandField("ura_dora_indicators", "tiles", [], M.text("f_ura"), M.text("f_ura", "zh")),
    HandField("red_fives", "tiles", [], M.text("f_red"), M.text("f_red", "zh"), choices=FIVES),
    HandField("honba", "int", 0, M.text("f_honba"), M.text("f_honba", "zh")),
    HandField("riichi_sticks", "int", 0, M.text("f_sticks"), M.text("f_sticks", "zh")),
    HandField("first_turn", "bool", False, M.text("f_first"), M.text("f_first", "zh")),
    HandField("discarder", "seat", None, M.text("f_discarder"), M.text("f_discarder", "zh")),
    HandField("pao", "seat", None, M.text("f_pao"), M.text("f_pao", "zh")),
)


def _named(codes) -> list[Tile]:
    """Tiles as a reason names them: `3p (3 Dots)`, `3p（三筒）`, `三筒` (the indicators were
    bare codes, `3p`, on every page, the Traditional one too)."""
    return [Tile(c) for c in codes]


def tile34(code: str) -> int:
    """The library's 34-tile index: 1m-9m 0-8, 1p-9p 9-17, 1s-9s 18-26, then East South West
    North, white, green, red (the project's 1z-7z, in the same order)."""
    return {"m": 0, "p": 9, "s": 18, "z": 27}[code[1]] + int(code[0]) - 1


@dataclass(frozen=True)
class RiichiFields:
    """The riichi fields of one hand, checked."""

    riichi: bool
    double_riichi: bool
    ippatsu: bool
    dora: tuple[str, ...]
    ura: tuple[str, ...]
    red: tuple[str, ...]
    honba: int
    sticks: int
    first_turn: bool
    pao: str | None = None


def _flag(extra: Mapping[str, Any], name: str) -> bool:
    value = extra.get(name, False)
    if not isinstance(value, bool):
        raise HandError(M("bad_flag", field=name, value=as_input(value)))
    return value


def _count(extra: Mapping[str, Any], name: str) -> int:
    value = extra.get(name, 0)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise HandError(M("bad_count", field=name, value=as_input(value)))
    return value


def _tiles(extra: Mapping[str, Any], name: str) -> tuple[str, ...]:
    """A list of tile codes; in the notation also tiles as written there (`dora_indicators=3m`,
    `35m7z`), which was refused as not a list."""
    value = extra.get(name, [])
    if value is None:
        return ()
    if isinstance(value, str) and value:
        try:
            value = parse_tiles(value)
        except HandError:
            raise HandError(M("bad_tiles", field=name, value=as_input(value))) from None
    if not isinstance(value, list | tuple) or not all(isinstance(c, str) for c in value):
        raise HandError(M("bad_tiles", field=name, value=as_input(value)))
    for code in value:
        if not T.is_tile(code):
            raise HandError(M("bad_indicator", field=name, code=as_input(code)))
    return tuple(value)


def read_fields(hand: Hand) -> RiichiFields:
    extra = hand.context.extra
    dora, ura = _tiles(extra, "dora_indicators"), _tiles(extra, "ura_dora_indicators")
    for name, shown in (("dora_indicators", dora), ("ura_dora_indicators", ura)):
        if len(shown) > MAX_INDICATORS:
            raise HandError(M("too_many_indicators", field=name, n=len(shown)))
    if len(ura) > len(dora):
        raise HandError(M("ura_over_dora", n=len(ura), shown=len(dora)))
    red = _tiles(extra, "red_fives")
    held = Counter(hand.all_tiles)
    for code in red:
        if code not in FIVES:
            raise HandError(M("bad_red", code=as_input(code)))
        if not held[code]:
            raise HandError(M("red_not_held", tile=Tile(code), code=code))
    twice = [c for c, n in Counter(red).items() if n > 1]
    if twice:
        raise HandError(M("red_twice", tile=Tile(twice[0])))
    shown = held + Counter(dora) + Counter(ura)
    for code, n in shown.items():
        if n > 4:
            raise HandError(M("indicator_copies", n=n, tile=Tile(code)))
    return RiichiFields(_flag(extra, "riichi"), _flag(extra, "double_riichi"),
                        _flag(extra, "ippatsu"), dora, ura, tuple(sorted(red)),
                        _count(extra, "honba"), _count(extra, "riichi_sticks"),
                        _flag(extra, "first_turn"), read_pao(extra))


def check_hand(hand: Hand) -> None:
    """What riichi refuses before the library sees the hand: flowers, a last-copy flag, a chow
    claimed from anyone but the left player; then the common checks of the hand model."""
    if hand.flowers:
        raise HandError(M("flowers", tiles=_named(hand.flowers)))
    hand.validate(sets=4, allow_flowers=False)
    if hand.context.last_copy:
        raise HandError(M("last_copy"))
    for m in hand.melds:
        if m.kind == "chow" and m.claimed_from in ("across", "right"):
            raise HandError(M("chow_from", source=M(m.claimed_from), tiles=" ".join(m.tiles)))


class _Copies:
    """Hands out the library's 136 numbers (34-index x 4 + copy). With red fives played, copy 0
    of 5m / 5p / 5s is the red one (the library's AKA_DORAS), given only to a red five."""

    def __init__(self, red_played: bool):
        self.free = {k: [0, 1, 2, 3] for k in range(34)}
        self.red_played = red_played

    def take(self, code: str, red: bool = False, fallback: bool = False) -> int:
        k = tile34(code)
        free = self.free[k]
        if red and self.red_played:
            copy = 0
        elif code in FIVES and self.red_played and not fallback:
            copy = next(c for c in free if c != 0)  # read_fields / _check_fives keep one there
        else:
            copy = next((c for c in free if c != 0), free[0])
        free.remove(copy)
        return 4 * k + copy


def _check_fives(hand: Hand, red: tuple[str, ...], red_played: bool) -> None:
    if not red_played:
        return
    held = Counter(hand.all_tiles)
    for code in FIVES:
        if held[code] == 4 and code not in red:
            raise HandError(M("four_fives", code=code))


def library_input(hand: Hand, f: RiichiFields, options: Mapping[str, Any]):
    """(tiles, win_tile, melds, dora, ura) in the library's 136 numbering: every tile of the
    hand (the melds' too, a kong's four), the winning tile among them, the melds as `Meld`s
    (`opened` false only for a concealed kong), and the indicators."""
    red_played = options["red_fives"]
    _check_fives(hand, f.red, red_played)
    copies = _Copies(red_played)
    to_paint = set(f.red)

    def take(code: str) -> int:
        red = code in to_paint
        to_paint.discard(code)
        return copies.take(code, red)

    tiles = [take(c) for c in hand.concealed]
    win = take(hand.win_tile)
    tiles.append(win)
    melds = []
    for m in hand.melds:
        numbers = [take(c) for c in m.tiles]
        tiles += numbers
        kind = {"chow": LibraryMeld.CHI, "pung": LibraryMeld.PON}.get(
            m.kind, LibraryMeld.SHOUMINKAN if m.added else LibraryMeld.KAN)
        melds.append(LibraryMeld(kind, numbers, opened=not m.concealed))
    dora = [copies.take(c, fallback=True) for c in f.dora]
    ura = [copies.take(c, fallback=True) for c in f.ura]
    return tiles, win, melds, dora, ura


def _check_first_turn(f: RiichiFields, ctx, dealer: bool) -> None:
    """What a first-turn win cannot be: before the winner's first discard (no riichi), never on
    the last tile, with no kong in the go-around, and on a discard only for a non-dealer."""
    if f.first_turn and not ctx.self_drawn and dealer:
        raise HandError(M("renhou_dealer"))
    if f.first_turn and (f.riichi or f.double_riichi or f.ippatsu):
        raise HandError(M("first_turn_riichi"))
    if f.first_turn and ctx.last_tile:
        raise HandError(M("first_turn_last"))
    if f.first_turn and (ctx.robbing_kong or ctx.kong_replacement):
        raise HandError(M("first_turn_kong"))


def hand_config(hand: Hand, f: RiichiFields, options: Mapping[str, Any]) -> HandConfig:
    """The library's HandConfig: `first_turn` is tenhou (the dealer's self-draw), chiihou (a
    non-dealer's) or renhou (a non-dealer's ron; the option renhou says what it is worth)."""
    ctx = hand.context
    tsumo = ctx.self_drawn
    dealer = ctx.seat_wind == "E"
    _check_first_turn(f, ctx, dealer)
    if f.ippatsu and ctx.kong_replacement:
        raise HandError(M("ippatsu_kong"))
    if f.ippatsu and f.double_riichi and any(m.is_kong for m in hand.melds):
        raise HandError(M("ippatsu_double_kong"))
    renhou = f.first_turn and not tsumo and options["renhou"] != "none"
    return HandConfig(
        is_tsumo=tsumo, is_riichi=f.riichi, is_daburu_riichi=f.double_riichi,
        is_ippatsu=f.ippatsu, is_rinshan=ctx.kong_replacement, is_chankan=ctx.robbing_kong,
        is_haitei=ctx.last_tile and tsumo and not ctx.kong_replacement, is_houtei=ctx.last_tile and not tsumo,
        is_tenhou=f.first_turn and tsumo and dealer, is_chiihou=f.first_turn and tsumo and not dealer,
        is_renhou=renhou,
        player_wind=EAST + WINDS.index(ctx.seat_wind), round_wind=EAST + WINDS.index(ctx.round_wind),
        tsumi_number=f.honba, kyoutaku_number=f.sticks,
        options=OptionalRules(has_open_tanyao=options["open_tanyao"],
                              has_aka_dora=options["red_fives"], kiriage=options["kiriage"],
                              renhou_as_yakuman=options["renhou"] == "yakuman",
                              has_double_yakuman=options["double_yakuman"],
                              kazoe_limit=HandConstants.KAZOE_SANBAIMAN
                              if options["kazoe"] == "sanbaiman" else HandConstants.KAZOE_LIMITED))


def _call(inputs, config: HandConfig):
    tiles, win, melds, dora, ura = inputs
    response = HandCalculator.estimate_hand_value(tiles, win, melds=melds, dora_indicators=dora,
                                                  config=config, ura_dora_indicators=ura)
    if response.error:
        key = response.error
        raise HandError(M(key) if key in M.entries else M("library_error", code=key))
    return response


def _renhou_mangan(inputs, config: HandConfig) -> tuple[Any, Msg]:
    """Renhou as the EMA 2016 has it, a mangan: the library's 5-han renhou alone, priced by the
    library at 5 han, unless the hand without renhou has a yaku and is worth more (the higher
    value is always taken; riichi.wiki "Renhou", Mangan)."""
    with_renhou = _call(inputs, config)  # the hand's fu, and its refusals (melds, no win)
    config.is_renhou = False
    try:
        own = _call(inputs, config)
    except HandError:
        own = None
    config.is_renhou = True
    mangan = ScoresCalculator.calculate_scores(5, with_renhou.fu, config)
    if own is not None and own.cost["total"] > mangan["total"]:
        config.is_renhou = False
        return own, M("renhou_own", han=own.han)
    renhou = config.yaku.renhou
    return HandResponse(mangan, renhou.han_closed, with_renhou.fu, [renhou],
                        fu_details=with_renhou.fu_details, is_open_hand=False), M("renhou_mangan")


def estimate(hand: Hand, options: Mapping[str, Any]):
    """(fields, the library's HandResponse, the HandConfig it was given, notes): the library's
    one call (two for renhou as a mangan); several yakuman paid as one with double_yakuman off."""
    check_hand(hand)
    f = read_fields(hand)
    inputs = library_input(hand, f, options)
    config = hand_config(hand, f, options)
    renhou_ron = f.first_turn and not hand.context.self_drawn
    if config.is_renhou and options["renhou"] == "mangan":
        response, note = _renhou_mangan(inputs, config)
        notes = [note]
    else:
        notes = [M("renhou_none")] if renhou_ron and options["renhou"] == "none" else []
        response = _call(inputs, config)
    if not options["double_yakuman"]:
        response, capped = one_yakuman(response, config)
        notes += capped
    return f, response, config, notes


def _yaku_why(yaku, f: RiichiFields, hand: Hand) -> Msg:
    if yaku.yaku_id == 120:
        return W("y120", n=yaku.han_closed, tiles=_named(f.dora))
    if yaku.yaku_id == 121:
        return W("y121", n=yaku.han_closed, tiles=_named(f.red))
    if yaku.yaku_id == 122:
        return W("y122", n=yaku.han_closed, tiles=_named(f.ura))
    key = f"y{yaku.yaku_id}"
    return W(key) if key in W.entries else W("unnamed", name=yaku.name)


def yaku_entries(response, f: RiichiFields, hand: Hand) -> list[tuple[Fan, str]]:
    """Each yaku the library counted as a Fan (fan = its han; a yakuman shown as one), with its
    Japanese name."""
    out = []
    for y in response.yaku or ():
        han = yaku_han(y, response.is_open_hand)
        zh, ja, en = YAKU_NAMES.get(y.yaku_id, (y.name, y.name, y.name))
        shown = yakuman_words(han) if y.is_yakuman else None
        out.append((Fan(zh, en, han, 1, _yaku_why(y, f, hand), shown=shown), ja))
    return out


def _fu_why(detail: Mapping[str, Any], lang: str = "en") -> str:
    """The library's fu reason in words; the base fu said for the case it is (20, 30, 25)."""
    key = detail["reason"]
    if key == "base" and f"base_{detail['fu']}" in F.entries:
        key = f"base_{detail['fu']}"
    return F.text(key, lang) if key in F.entries else key


def _summary(response, total: int, level: str | None) -> Msg:
    if level and any(y.is_yakuman for y in response.yaku or ()):  # a yakuman counts no han or fu
        return M("summary_yakuman", limit=LIMIT_WORDS(level), points=total)
    return M("summary", han=response.han, fu=response.fu, points=total,
             limit=M("summary_limit", limit=LIMIT_WORDS(level)) if level else "")


def score(hand: Hand, options: Mapping[str, Any]) -> ScoreResult:
    f, response, config, renhou_notes = estimate(hand, options)
    cost = response.cost
    entries = yaku_entries(response, f, hand)
    level = limit_of(response)
    limit = LIMITS.get(level) if level else None
    bonus = cost["main_bonus"] + (cost["additional_bonus"] * 2 if hand.context.self_drawn else 0)
    total = cost["total"] - bonus - cost["kyoutaku_bonus"]
    paid, notes = payments(hand, response, config, f, options)
    notes[:0] = [_summary(response, total, level), *renhou_notes]
    notes += hand_notes(hand, f, cost, options)
    fans = [fan for fan, _ in entries]
    extra = {
        "han": response.han, "fu": response.fu, "limit": limit, "limit_en": level,
        "fu_details": [{"fu": d["fu"], "reason": d["reason"], "why": _fu_why(d),
                        "why_zh": _fu_why(d, "zh")} for d in response.fu_details or ()],
        "yaku": [{"name": fan.name, "name_en": fan.name_en, "name_ja": ja, "han": fan.fan,
                  **{k: fan.to_json()[k] for k in ("why", "why_zh")}} for fan, ja in entries],
        "dealer": hand.context.seat_wind == "E", "honba": f.honba, "riichi_sticks": f.sticks,
        "from_table": cost["kyoutaku_bonus"], "winner_gets": cost["total"],
        "cost": {k: cost[k] for k in ("main", "additional", "main_bonus", "additional_bonus",
                                      "kyoutaku_bonus", "total")},
        "dora_indicators": list(f.dora), "ura_dora_indicators": list(f.ura),
        "red_fives": list(f.red), "pao": f.pao,
    }
    return ScoreResult(rules="riichi", total=total, unit="points", fans=fans, payments=paid,
                       notes=notes, extra=extra)


RULESET = RuleSet(
    id="riichi",
    name="Riichi (Japanese mahjong)",
    name_zh="立直麻将（日本麻将）",
    unit="points",
    description="Yaku, han, fu, limits and points by the `mahjong` library (PyPI, MIT): riichi, "
    "ippatsu, dora / ura dora / red fives, honba and riichi sticks; ron paid by the discarder, "
    "tsumo by all three (the dealer double).",
    description_zh="役、番、符、满贯等与点数由开源的日本麻将计分库计算：立直、一发、宝牌 / 里宝牌 / "
    "赤宝牌、本场与立直棒；荣和由放铳者付，自摸三家付（庄家付双倍）。",
    score=score,
    options=OPTIONS,
    fields=FIELDS,
    source="the mahjong library (PyPI `mahjong` 2.x); worked examples of the EMA Riichi "
    "Competition Rules in tests/test_riichi.py",
    tiles=T.TILE_CODES,  # the game's tiles: the photo reader reads no other
)
