"""What the Sichuan family (成都血战到底, 玉山, the multiplier table) shares: the 108-tile set, no
chows, a win must miss a suit (缺一门 / 定缺), the extra hand fields, the context its `Pattern`
tables read, who pays a win (through `scoring.payments`), and the rain money (刮风下雨) and
end-of-wall rules that `scoring.settle` applies to a whole round.

Each rule-set module supplies only its pattern table, how its items combine into the money, and
a `BloodBattle` profile; everything here is shared so the three rule sets cannot drift apart.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from scoring import tiles as T
from scoring.decompose import Arrangement, seven_pairs, standard_arrangements, waits
from scoring.hand import Hand, HandError
from scoring.messages import Catalog, Msg, Text, Tile, as_input
from scoring.patterns import Pattern, best_reading, largest_only
from scoring.payments import pay_each, seat_code, win_payers
from scoring.ruleset import SEATS, Exclusion, Fan, HandField, Option, ScoreResult
from scoring.rulesets import house_common
from scoring.settle import EndStatus

M = Catalog("sichuan_family", {
    # checking a hand
    "no_honours": ("{game} is played without honour tiles: remove {tile}.",
                   "{game}不用字牌：请去掉{tile}。"),
    "no_flowers": ("{game} is played without flowers: remove {tiles}.",
                   "{game}不用花牌：请去掉{tiles}。"),
    "no_chows": ("{game} has no chows (不能吃): {tiles} cannot be an exposed meld. Only pungs and "
                 "kongs are claimed; a run stays among the standing tiles.",
                 "{game}不能吃牌：{tiles} 不能是亮出的副露。只能碰和杠；顺子只能留在手牌里。"),
    "bad_missing_suit": ("missing_suit (定缺) must be m, p or s, not {value}.",
                         "定缺（missing_suit）必须是 m、p 或 s，而不是 {value}。"),
    "three_suits": ("A {game} win must miss a suit (缺一门), but this hand holds characters, dots "
                    "and bamboo. Remove the tiles of one suit.",
                    "{game}和牌必须缺一门，但这手牌万、筒、条三门都有。请去掉其中一门的牌。"),
    "declared_suit_held": ("The declared missing suit (定缺) is {suit}, but the hand still holds "
                           "{tile}: a player cannot win until that suit is gone.",
                           "定缺的花色是{suit}，但手牌里还有{tile}：这门牌打完之前不能和牌。"),
    "bad_round_missing_suit": ("missing_suits: the suit {seat} declared (定缺) must be m, p or s, "
                               "not {value}.",
                               "missing_suits：{seat}定缺的花色必须是 m、p 或 s，而不是 {value}。"),
    "bad_seat": ("{field} must be a seat: E, S, W or N, not {value}.",
                 "{field} 必须是座位：E、S、W 或 N，而不是 {value}。"),
    "bad_flag": ("'{field}' must be true or false, not {value}.",
                 "“{field}”必须是 true 或 false，而不是 {value}。"),
    "first_turn_melds": ("A first-turn win (天胡 / 地胡) cannot have melds: nothing was claimed yet.",
                         "天胡、地胡不能有副露：第一轮还没有碰杠。"),
    "heavenly_drawn": ("The dealer's first-turn win (天胡) is on the dealt tiles: it is "
                       "self-drawn.", "庄家的天胡是起手的牌和牌：必须是自摸。"),
    "bad_players_in": ("players_in must be a list of seats still in the round, e.g. [\"E\", \"W\"].",
                       "players_in 必须是仍在局中的座位列表，例如 [\"E\", \"W\"]。"),
    "players_in_twice": ("players_in names a seat twice.", "players_in 重复列出了同一个座位。"),
    "end_hand_has_win_tile": ("A hand held at the end of the wall has no winning tile (win_tile).",
                              "荒牌时手里的牌没有和牌张。"),
    "not_a_win": ("These tiles are not a winning hand: they form neither four sets and a pair nor "
                  "seven pairs. Check the tiles and the winning tile.",
                  "这些牌不是和牌：既不是四组加一对将，也不是七对。请检查牌和和牌张。"),
    # values, payments, notes
    "value_fan": ("{total} fan: the base x 2^{power} = x{multiplier}",
                  "{total}番：底分 × 2^{power} = {multiplier}倍"),
    "value_capped": ("{total} fan: the base x 2^{power} = x{uncapped}, capped at x{multiplier}",
                     "{total}番：底分 × 2^{power} = {uncapped}倍，封顶{multiplier}倍"),
    "value_times": ("x{multiplier}", "{multiplier}倍"),
    "value_plus_base": ("{value}, + one base (自摸加底) = x{times}",
                        "{value}，另加一底（自摸加底）= {times}倍"),
    "pays_self_drawn": ("{winner} self-draws (自摸) {value}", "{winner}自摸，{value}"),
    "pays_discard": ("{winner} wins on {discarder}'s discard (点炮) {value}",
                     "{winner}和{discarder}打出的牌（点炮），{value}"),
    # the shared fan facts
    "suit_m": ("characters", "万子"),
    "suit_p": ("dots", "筒子"),
    "suit_s": ("bamboo", "条子"),
})

# Play goes E -> S -> W -> N; the player before you (上家) discards to you.
NEXT_SEAT = {"E": "S", "S": "W", "W": "N", "N": "E"}
PREV_SEAT = {v: k for k, v in NEXT_SEAT.items()}
SUITED: tuple[str, ...] = tuple(c for c in T.TILE_CODES if T.is_suited(c))
# Accepted spellings of a declared missing suit (定缺).
SUIT_ALIASES = {
    "m": "m", "p": "p", "s": "s", "万": "m", "萬": "m", "筒": "p", "饼": "p", "餅": "p",
    "条": "s", "條": "s", "索": "s", "characters": "m", "dots": "p", "bamboo": "s",
}


def suit_word(suit: str) -> Msg:
    """A suit as the family's messages name it: `characters` / `万子`."""
    return M(f"suit_{suit}")


# ---- extra hand fields every Sichuan-family rule set reads (docs/sichuan.md) ------------------
MISSING_SUIT = HandField(
    "missing_suit", "suit", None,
    "the missing suit declared at the start (定缺): m, p or s; a win must hold none of it",
    "定缺时选定的花色：m、p 或 s（也可写万、筒、条）；和牌时手里不能有这门牌")
DEALER = HandField("dealer", "seat", "E", "the dealer's seat (庄家)", "庄家的座位")
DISCARDER = HandField(
    "discarder", "seat", None,
    "the seat that discarded the winning tile; default: the player before the winner",
    "打出和牌张的座位；不填则按和牌者的上家计算")
PLAYERS_IN = HandField(
    "players_in", "seats", list(SEATS),
    "seats still in the round, the winner among them: a self-drawn win is paid by each of the "
    "others", "仍在局中的座位（含和牌者）：自摸时由其他每人付分")
COMMON_FIELDS = (MISSING_SUIT, DEALER, DISCARDER, PLAYERS_IN)

# ---- options shared by the family -----------------------------------------------------------
BASE = Option("base", 1, "stake of one base (底): a payment is base x multiplier", help_zh="一底的分数：每笔支付 = 底分 × 倍数", minimum=1)
RAIN = Option("rain", True, "kong money (刮风下雨): kongs collect rain money (settlement)", help_zh="刮风下雨：开杠即收雨钱（整局结算）")
KONG_DISCARD = Option(
    "kong_discard", "transfer",
    "discard after a kong (杠上炮): the discarder's kong money goes to the winner (transfer, as the "
    "Chengdu rules say, Ⅱ: '還有杠上炮要轉雨錢') or back to those who paid it (refund, Ⅵ: "
    "'如果開杠者開杠後打出的那一張放炮，這一個杠的刮風下雨收入需要退回')",
    choices=("transfer", "refund"), help_zh="杠上炮：放炮者这个杠收的雨钱「转给和牌者」（成都规则Ⅱ：“還有杠上炮要轉雨錢”）"
    "或「退还」给付钱的人（成都规则Ⅵ：“如果開杠者開杠後打出的那一張放炮，這一個杠的刮風下雨收入需要退回”）",
)
FLOWER_PIG = Option(
    "flower_pig", 8,
    "flower pig (查花猪): a player still holding three suits when the wall runs out pays every "
    "other player still in this many bases (the Chengdu rules, Ⅵ: "
    "'「花豬」一般要按8倍底分甚至更高向未和牌者賠付')",
    help_zh="查花猪：荒牌时手里还有三门牌的玩家赔给其他每个仍在局中（不是花猪）的玩家这么多底"
    "（成都规则Ⅵ：“「花豬」一般要按8倍底分甚至更高向未和牌者賠付”）",
)
SETTLEMENT_OPTIONS = (RAIN, KONG_DISCARD, FLOWER_PIG)


# ---- checking a hand ------------------------------------------------------------------------
def check_tiles(hand: Hand, game: Text) -> None:
    """Reject what a 108-tile game cannot hold, before the generic checks, in a player's words."""
    tiles = list(hand.concealed) + [t for m in hand.melds for t in m.tiles]
    if hand.win_tile is not None:
        tiles.append(hand.win_tile)
    for code in tiles:
        if T.is_tile(code) and T.is_honor(code):  # an unknown code is refused by validate
            raise HandError(M("no_honours", game=game, tile=Tile(code)))
    if hand.flowers:
        raise HandError(M("no_flowers", game=game, tiles=[Tile(c) for c in hand.flowers]))
    for m in hand.melds:
        if m.kind == "chow":
            raise HandError(M("no_chows", game=game, tiles=" ".join(m.tiles)))


def missing_suit_of(hand: Hand) -> str | None:
    raw = hand.context.extra.get("missing_suit")
    if raw is None:
        return None
    suit = SUIT_ALIASES.get(str(raw).strip().lower()) if isinstance(raw, str) else None
    if suit is None:
        raise HandError(M("bad_missing_suit", value=as_input(raw)))
    return suit


def check_win_suits(hand: Hand, game: Text) -> None:
    """缺一门: a win holds at most two suits; with 定缺 the declared suit must be gone."""
    suits = {T.suit(c) for c in hand.all_tiles}
    if len(suits) == 3:
        raise HandError(M("three_suits", game=game))
    declared = missing_suit_of(hand)
    if declared is not None and declared in suits:
        held = next(c for c in hand.all_tiles if T.suit(c) == declared)
        raise HandError(M("declared_suit_held", suit=suit_word(declared), tile=Tile(held)))


def seat_field(hand: Hand, name: str, default: str | None) -> str | None:
    """A seat given in the hand (JSON null, like leaving it out, means the default)."""
    return house_common.seat_field(hand, name, default, M)


def flag_field(hand: Hand, name: str) -> bool:
    return house_common.flag_field(hand, name, M)


def first_turn_flags(hand: Hand) -> tuple[bool, bool]:
    """(天胡, 地胡) from the hand fields first_turn and dealer (default E)."""
    return house_common.first_turn_flags(hand, seat_field(hand, "dealer", "E"), M)


def players_in(hand: Hand) -> list[str]:
    raw = hand.context.extra.get("players_in", list(SEATS))
    if not isinstance(raw, list) or not raw or any(s not in SEATS for s in raw):
        raise HandError(M("bad_players_in"))
    if len(set(raw)) != len(raw):
        raise HandError(M("players_in_twice"))
    return [s for s in SEATS if s in raw]


def check_hand(hand: Hand, game: Text, *, winning: bool = True) -> None:
    """Every check of a Sichuan-family hand: tiles, counts, and (for a win) the missing suit."""
    check_tiles(hand, game)
    hand.validate(allowed=SUITED, allow_flowers=False, require_win_tile=winning)
    if not winning and hand.win_tile is not None:
        raise HandError(M("end_hand_has_win_tile"))
    missing_suit_of(hand)
    if winning:
        check_win_suits(hand, game)


# ---- facts the pattern tables read ------------------------------------------------------------
@dataclass(frozen=True)
class Reading:
    """One arrangement of a winning hand with the shape facts the fan tables ask about."""

    arrangement: Arrangement
    seven_pairs: bool
    all_pungs: bool  # 对对胡: every set a pung or kong
    terminals: bool  # 带幺九: every set and the pair hold a 1 or a 9
    all_258: bool  # 将对: every tile a 2, 5 or 8 (with all pungs)
    dragons: int  # 龙: four of a kind inside seven pairs


@dataclass(frozen=True)
class Facts:
    """What holds for the hand whatever its reading."""

    hand: Hand
    readings: tuple[Reading, ...]
    flush: bool  # 清一色: one suit only
    roots: int  # 根: four identical tiles not declared as a kong
    kongs: int
    golden_hook: bool  # 金钩钓: four declared melds, won on the pair with a single standing tile


@dataclass(frozen=True)
class WinReading:
    """The one object a family `Pattern` tests: the hand's facts, one reading of it, the
    resolved options and the top hand pattern once chosen (None while choosing it)."""

    facts: Facts
    reading: Reading
    opts: Mapping[str, Any]
    top: str | None = None

    @property
    def hand(self) -> Hand:
        return self.facts.hand

    @property
    def flush(self) -> bool:
        return self.facts.flush

    @property
    def golden_hook(self) -> bool:
        return self.facts.golden_hook

    @property
    def seven_pairs(self) -> bool:
        return self.reading.seven_pairs

    @property
    def all_pungs(self) -> bool:
        return self.reading.all_pungs

    @property
    def terminals(self) -> bool:
        return self.reading.terminals

    @property
    def all_258(self) -> bool:
        return self.reading.all_258

    @property
    def dragons(self) -> int:
        return self.reading.dragons

    @property
    def suit(self) -> Msg | str:
        """The one suit of a flush (for reasons), else empty."""
        return suit_word(T.suit(self.hand.all_tiles[0])) if self.flush else ""


def win_facts(hand: Hand) -> Facts:
    """All readings of a winning hand; raises HandError when the tiles do not form a win."""
    readings = []
    for arr in standard_arrangements(hand):
        sets = arr.melds
        tiles_of = [m.tiles for m in sets] + [(arr.pair,)]
        readings.append(Reading(
            arrangement=arr,
            seven_pairs=False,
            all_pungs=all(m.is_pung_or_kong for m in sets),
            terminals=all(any(T.rank(t) in (1, 9) for t in ts) for ts in tiles_of),
            all_258=all(T.rank(t) in (2, 5, 8) for ts in tiles_of for t in ts),
            dragons=0,
        ))
    sp = seven_pairs(hand)
    if sp is not None:
        counts = Counter(sp.pairs)
        readings.append(Reading(
            arrangement=sp, seven_pairs=True, all_pungs=False,
            terminals=all(T.rank(p) in (1, 9) for p in sp.pairs),
            all_258=all(T.rank(p) in (2, 5, 8) for p in sp.pairs),
            dragons=sum(1 for n in counts.values() if n == 2),
        ))
    if not readings:
        raise HandError(M("not_a_win"))
    counts = Counter(hand.all_tiles)
    kong_tiles = {m.first for m in hand.melds if m.is_kong}
    return Facts(
        hand=hand,
        readings=tuple(readings),
        flush=len({T.suit(c) for c in hand.all_tiles}) == 1,
        roots=sum(1 for c, n in counts.items() if n == 4 and c not in kong_tiles),
        kongs=hand.kong_count,
        golden_hook=len(hand.melds) == 4 and len(hand.concealed) == 1,
    )


def reading_text(reading: Reading) -> str:
    arr = reading.arrangement
    if reading.seven_pairs:
        return " ".join(p[0] * 2 + p[-1] for p in arr.pairs)
    parts = []
    for i, m in enumerate(arr.melds):
        text = "".join(t[0] for t in m.tiles) + m.tiles[0][-1]
        if i < arr.declared:
            text = "{" + text + "}" if m.concealed else "[" + text + "]"
        parts.append(text)
    parts.append(arr.pair[0] * 2 + arr.pair[-1])
    return " ".join(parts)


# ---- counting a table -------------------------------------------------------------------------
@dataclass(frozen=True)
class Counted:
    """One reading's count: the counted fans and exclusions and their value."""

    reading: Reading
    fans: list[Fan]
    excluded: list[Exclusion]
    value: float


def top_pattern(table: tuple[Pattern[WinReading], ...], ctx: WinReading,
                largest: Msg, silent: tuple[str, ...]):
    """The largest hand pattern of `table` for this reading (只按最大番算) and the others as
    exclusions (`largest` says why), the plain win in `silent` left unlisted."""
    found = [(p, 1) for p in table if p.count(ctx)]
    return largest_only(found, ctx, lambda _p, _by: largest, silent=silent)


def best_count(facts: Facts, opts: Mapping[str, Any],
               count: Callable[[WinReading], Counted]) -> Counted:
    """The reading of the hand worth most (the first on a tie): the family's one loop."""
    _, counted = best_reading((WinReading(facts, r, opts) for r in facts.readings), count,
                              lambda c: c.value)
    return counted


# ---- who pays a single win --------------------------------------------------------------------
def score_with_payments(evaluate: Callable[[Hand, Mapping[str, Any]], ScoreResult],
                        value: Callable[[ScoreResult], Msg]):
    """A Sichuan-family rule set's `score`: its evaluation plus who pays the winner (self-drawn:
    every other player still in, `players_in`; on a discard: the discarder), each payment's
    reason naming the hand's value as `value(result)` puts it."""

    def score(hand: Hand, options: Mapping[str, Any]) -> ScoreResult:
        result = evaluate(hand, options)
        who = win_payers(hand, players_in(hand))
        how = value(result)
        winner = seat_code(who.winner)
        if who.discarder is None:
            reason = M("pays_self_drawn", winner=winner, value=how)
        else:
            reason = M("pays_discard", winner=winner, discarder=seat_code(who.discarder), value=how)
        result.payments = pay_each(who, result.extra["per_payer"], reason)
        result.notes.extend(who.notes)
        return result

    return score


def fan_value(result: ScoreResult) -> Msg:
    """The money of a hand's fan with its formula: each fan above a plain win doubles the base
    (`doubling`), so 4 fan reads 'the base x 2^3 = x8', not a bare 'x8'."""
    x = result.extra
    uncapped = x.get("uncapped_multiplier", x["multiplier"])
    power = max(0, int(uncapped).bit_length() - 1)
    if x.get("capped"):
        value = M("value_capped", total=result.total, power=power, uncapped=uncapped,
                  multiplier=x["multiplier"])
    else:
        value = M("value_fan", total=result.total, power=power, multiplier=x["multiplier"])
    base = x.get("base")
    if base is not None and x.get("per_payer", 0) > base * x["multiplier"]:
        # 自摸加底: the payment is more than the multiple, and its reason says why
        times = x["per_payer"] / base if base else 0
        return M("value_plus_base", value=value, times=int(times) if times == int(times) else times)
    return value


def times_value(result: ScoreResult) -> Msg:
    return M("value_times", multiplier=result.extra["multiplier"])


def doubling(fan: int, count_from: int, cap: int | None) -> tuple[int, int, bool]:
    """Fan to multiplier: 2^(fan - count_from); the cap counts 番 above a plain win as the seeds
    do ('3番（8倍）封頂'), so cap 3 is at most 8x the base. Returns (multiplier, uncapped, capped)."""
    uncapped = 2 ** max(0, fan - count_from)
    if cap is None:
        return uncapped, uncapped, False
    limit = 2**cap
    return min(uncapped, limit), uncapped, uncapped > limit


# ---- whole-round profile ----------------------------------------------------------------------
@dataclass(frozen=True)
class BloodBattle:
    """How a Sichuan-family rule set settles a round: its `RoundProfile` (scoring/settle.py).

    `evaluate(hand, options)` scores a winning hand without payments; its result carries
    `extra["per_payer"]`, what each paying player owes for it (查叫 values a ready hand by it).
    """

    game: Text  # "Sichuan mahjong", used in messages
    evaluate: Callable[[Hand, Mapping[str, Any]], ScoreResult]
    winners_leave: bool = True  # 血战到底: play goes on until three players have won

    def check_kong_tile(self, tile: str) -> None:
        if not T.is_suited(tile):
            raise HandError(M("no_honours", game=self.game, tile=Tile(tile)))

    def check_missing_suit(self, seat: str, value: Any) -> None:
        """A round's declared missing suit (定缺) of `seat` must name a suit."""
        if not isinstance(value, str) or SUIT_ALIASES.get(value.strip().lower()) is None:
            raise HandError(M("bad_round_missing_suit", seat=seat_code(seat), value=as_input(value)))

    def check_final_hand(self, hand: Hand) -> None:
        check_hand(hand, self.game, winning=False)

    def end_status(self, hand: Hand, options: Mapping[str, Any]) -> EndStatus:
        """查花猪 / 查叫: three suits (or the declared suit still held) is a flower pig; otherwise
        ready when some tile completes a legal win, valued at the best such win (on a discard)."""
        self.check_final_hand(hand)
        suits = {T.suit(c) for c in hand.all_tiles}
        declared = missing_suit_of(hand)
        if len(suits) == 3 or (declared is not None and declared in suits):
            return EndStatus(flower_pig=True, ready=False, best=None)
        allowed = [c for c in SUITED if declared is None or T.suit(c) != declared]
        best: ScoreResult | None = None
        winning = []
        for tile in waits(hand, allowed=allowed):
            trial = replace(hand, win_tile=tile)
            trial = trial.with_context(self_drawn=False, kong_replacement=False,
                                       robbing_kong=False, last_tile=False)
            try:
                check_hand(trial, self.game)
                result = self.evaluate(trial, options)
            except HandError:
                continue
            winning.append(tile)
            if best is None or result.extra["per_payer"] > best.extra["per_payer"]:
                best = result
        return EndStatus(False, best is not None, best, tuple(winning))

    def rain(self, kind: str, options: Mapping[str, Any]) -> tuple[str, float] | None:
        """(who pays, amount each): 面下杠 1 base from each player still in; 直杠 2 bases from
        the discarder; 暗杠 2 bases from each player still in (seed Ⅵ-4); None with rain=false."""
        if not options["rain"]:
            return None
        base = options["base"]
        return {"added": ("all", base), "exposed": ("discarder", 2 * base),
                "concealed": ("all", 2 * base)}[kind]

    def kong_discard(self, options: Mapping[str, Any]) -> str:
        return options["kong_discard"]

    def flower_pig_penalty(self, options: Mapping[str, Any]) -> float:
        """查花猪: 8 bases by default (the rule text, Ⅵ-2: 8倍底分), option flower_pig."""
        return options["base"] * options["flower_pig"]
