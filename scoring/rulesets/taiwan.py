"""Taiwanese 16-tile mahjong (台灣麻將, 台數): 144 tiles with the eight flowers, five sets and a
pair (16 + 1 tiles), chows allowed; the 台 of every pattern add up, and the money is 底 + 台 x
台錢, paid by the discarder alone or, self-drawn, by each of the three.

The default table is the one the published tables agree on (the 台灣麻將協會 table and the
common 台數表); docs/taiwan.md gives every value, its source and every reading chosen. The
dealer's 莊家 and 連莊 台 count only in what passes between the dealer and another player, so
the payers of one win may pay different amounts (each payment says why).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from scoring import tiles as T
from scoring.decompose import Arrangement, counts34, standard_arrangements, waits
from scoring.hand import Hand, HandError
from scoring.messages import Msg, Seat, Suit, Text, Tile, as_input
from scoring.patterns import Pattern, apply_exclusions, best_reading, matched
from scoring.payments import win_payers
from scoring.ruleset import Exclusion, Fan, HandField, Option, Payment, RuleSet, ScoreResult
from scoring.rulesets.house_common import arrangement_text, first_turn_flags, flag_field, seat_field
from scoring.rulesets.taiwan_words import GAME, M
from scoring.settle import EndStatus

SETS = 5
WINDS = ("1z", "2z", "3z", "4z")
DRAGONS = T.DRAGON_CODES
SEASONS = ("1f", "2f", "3f", "4f")  # 春夏秋冬
FLOWERS = ("5f", "6f", "7f", "8f")  # 梅蘭菊竹 in the contract's code order
SEAT_INDEX = {"E": 0, "S": 1, "W": 2, "N": 3}
# the flower of each seat: 梅1 蘭2 竹3 菊4 as the association numbers them (竹 West, 菊 North),
# or the code order 梅蘭菊竹 (菊 West, 竹 North) that other tables print
FLOWER_OF_SEAT = {"meilanzhuju": ("5f", "6f", "8f", "7f"), "meilanjuzhu": ("5f", "6f", "7f", "8f")}
FLOWER_WINS = ("eight", "seven_rob")


@dataclass(frozen=True)
class Reading:
    """One reading of the hand and the facts the table asks about. `arr` is None for the
    shapes without five sets: 嚦咕嚦咕 (`shape` "ligu") and a win by flowers ("flowers")."""

    hand: Hand
    arr: Arrangement | None
    shape: str  # "standard", "ligu" or "flowers"
    options: Mapping[str, Any]
    dealer: str
    streak: int
    waits: tuple[str, ...]
    first: tuple[bool, bool, bool]  # 天胡, 地胡, 人胡
    flower_replacement: bool
    flower_win: str | None

    @property
    def ctx(self):
        return self.hand.context

    @property
    def standard(self) -> bool:
        return self.shape == "standard"

    @property
    def is_dealer(self) -> bool:
        return self.ctx.seat_wind == self.dealer


# ---- facts of a reading ------------------------------------------------------------------------
def _pungs(r: Reading) -> list[tuple[str, bool]]:
    """(tile, concealed) for each pung or kong of the reading. A pung completed by the winning
    discard is exposed, unless the winning tile has another place in this reading."""
    if r.arr is None:
        return []
    arr = r.arr
    win = r.hand.win_tile
    places = sum(win in m.tiles for m in arr.formed) + (arr.pair == win)
    out = []
    for i, m in enumerate(arr.melds):
        if not m.is_pung_or_kong:
            continue
        if i < arr.declared:
            out.append((m.first, m.concealed))
        else:
            won_on = not r.ctx.self_drawn and m.first == win and places == 1
            out.append((m.first, not won_on))
    return out


def _concealed_pungs(r: Reading) -> int:
    return sum(1 for _, hidden in _pungs(r) if hidden)


def _of(r: Reading, kinds: tuple[str, ...]) -> list[str]:
    return [t for t, _ in _pungs(r) if t in kinds]


def _pair_in(r: Reading, kinds: tuple[str, ...]) -> bool:
    return r.arr is not None and r.arr.pair in kinds


def _suits(r: Reading) -> set[str]:
    return {T.suit(c) for c in r.hand.all_tiles}


def _own_flowers(r: Reading) -> list[str]:
    i = SEAT_INDEX[r.ctx.seat_wind]
    own = (SEASONS[i], FLOWER_OF_SEAT[r.options["flower_order"]][i])
    return [f for f in r.hand.flowers if f in own]


def _flower_groups(r: Reading) -> int:
    held = set(r.hand.flowers)
    return sum(1 for group in (SEASONS, FLOWERS) if held.issuperset(group))


def _two_sided(r: Reading) -> bool:
    """The winning tile completes a run of the standing tiles at an open end (兩面聽): not
    the middle (中洞) and not 3 of 12 or 7 of 89 (邊張); or the pair, where a pair wait is
    allowed (option pinghu_pair_wait off)."""
    win = r.hand.win_tile
    for m in r.arr.formed:
        if m.kind == "chow" and win in m.tiles:
            pos, low = m.tiles.index(win), T.rank(m.first)
            if (pos == 0 and low != 7) or (pos == 2 and low != 1):
                return True
    return r.arr.pair == win and not r.options["pinghu_pair_wait"]


def _pinghu(r: Reading) -> bool:
    """平胡: 五組順子及一個對子組成，胡他人牌非自摸。牌中無字、花牌、呈兩面聽狀態。釣將不算。"""
    if not r.standard or r.ctx.self_drawn or any(m.kind != "chow" for m in r.arr.melds):
        return False
    if T.is_honor(r.arr.pair) or (r.options["pinghu_flowers"] and r.hand.flowers):
        return False
    return _two_sided(r)


def _all_claimed(r: Reading) -> bool:
    """全求: one standing tile, every set claimed (吃 or 碰, an exposed kong too), on a discard."""
    h = r.hand
    return (r.standard and not r.ctx.self_drawn and len(h.concealed) == 1
            and all(not m.concealed for m in h.melds))


def _flush(r: Reading) -> str | None:
    suits = _suits(r)
    plain = suits - {"z"}
    return next(iter(plain)) if len(plain) == 1 else None


def _streak_value(r: Reading) -> int:
    """連莊 N times: 2N, making 2N+1 with 莊家 1; or 2N+1 beside it (option)."""
    if not r.streak:
        return 0
    return 2 * r.streak + (0 if r.options["streak_includes_dealer"] else 1)


# ---- the reasons -----------------------------------------------------------------------------
def _tiles(codes) -> list[Tile]:
    return [Tile(c) for c in codes]


def _streak_why(r: Reading) -> Msg:
    value = _streak_value(r)
    how = (M("streak_with", total=value + 1) if r.options["streak_includes_dealer"]
           else M("streak_beside"))
    return M("streak", n=r.streak, value=value, how=how)


def _pinghu_why(r: Reading) -> Msg:
    return M("pinghu", flowers=M("pinghu_no_flowers") if r.options["pinghu_flowers"] else "",
             wait=M("pinghu_two_sided") if r.options["pinghu_pair_wait"] else "")


def _pungs_why(r: Reading) -> Msg:
    hidden = [t for t, h in _pungs(r) if h]
    return M("concealed_pungs", n=len(hidden), tiles=_tiles(hidden))


# ---- the table ---------------------------------------------------------------------------------
DEALER_FANS = ("莊家", "連莊")  # paid only between the dealer and another player
TIER_OF = {"門清自摸": "why_parts", "四暗刻": "why_tier", "五暗刻": "why_tier", "大三元": "why_dragons",
           "小三元": "why_dragons", "小四喜": "why_winds", "大四喜": "why_winds", "八仙過海": "why_flowers",
           "七搶一": "why_flowers", "天胡": "why_first", "地胡": "why_first", "人胡": "why_first",
           "全求人": "why_single"}


@lru_cache(maxsize=64)
def _table(heavenly: int, human: int, all_claimed: int, flower_kong: int, ligu: int,
           little_winds_count_winds: bool) -> tuple[Pattern[Reading], ...]:
    """The 台 table under the options that change values or exclusions."""
    P = Pattern
    little_winds_excl = () if little_winds_count_winds else ("圈風刻", "門風刻")
    first = ("門清自摸", "門清", "自摸")
    table: list[Pattern[Reading]] = [
        P("莊家", "Dealer", 1, lambda r: r.is_dealer, lambda r: M("dealer", seat=Seat(r.dealer))),
        P("連莊", "Dealer's streak", 2, lambda r: r.is_dealer and r.streak > 0, _streak_why),
        P("門清自摸", "Concealed self-drawn", 3,
          lambda r: r.standard and r.hand.is_concealed_hand and r.ctx.self_drawn,
          M("concealed_self"), ("門清", "自摸")),
        P("門清", "Concealed hand", 1,
          lambda r: r.standard and r.hand.is_concealed_hand, M("concealed")),
        P("自摸", "Self-drawn", 1, lambda r: r.ctx.self_drawn, M("self_drawn")),
        P("獨聽", "Single wait", 1, lambda r: r.standard and len(r.waits) == 1,
          lambda r: M("single_wait", tile=Tile(r.waits[0]))),
        P("圈風刻", "Round wind pung", 1,
          lambda r: T.WIND_CODES[r.ctx.round_wind] in _of(r, WINDS),
          lambda r: M("round_wind", tile=Tile(T.WIND_CODES[r.ctx.round_wind]))),
        P("門風刻", "Seat wind pung", 1,
          lambda r: T.WIND_CODES[r.ctx.seat_wind] in _of(r, WINDS),
          lambda r: M("seat_wind", tile=Tile(T.WIND_CODES[r.ctx.seat_wind]))),
        P("三元牌", "Dragon pung", 1, lambda r: len(_of(r, DRAGONS)),
          lambda r: M("dragon", n=len(_of(r, DRAGONS)), tiles=_tiles(_of(r, DRAGONS)))),
        P("正花", "Own flower", 1, lambda r: len(_own_flowers(r)),
          lambda r: M("own_flower", n=len(_own_flowers(r)), seat=Seat(r.ctx.seat_wind),
                      tiles=_tiles(_own_flowers(r)))),
        P("花槓", "Flower kong", flower_kong, _flower_groups,
          lambda r: M("flower_kong", n=_flower_groups(r))),
        P("搶槓", "Robbing a kong", 1, lambda r: r.ctx.robbing_kong, M("robbing")),
        P("槓上開花", "Win on a replacement", 1,
          lambda r: r.ctx.kong_replacement or r.flower_replacement, M("replacement")),
        P("海底撈月", "Last tile drawn", 1, lambda r: r.ctx.last_tile and r.ctx.self_drawn,
          M("last_drawn")),
        P("河底撈魚", "Last discard", 1, lambda r: r.ctx.last_tile and not r.ctx.self_drawn,
          M("last_discard")),
        P("平胡", "All runs", 2, _pinghu, _pinghu_why),
        P("全求人", "All claimed", all_claimed, _all_claimed, M("all_claimed"), ("獨聽",)),
        P("三暗刻", "Three concealed pungs", 2, lambda r: _concealed_pungs(r) >= 3, _pungs_why),
        P("四暗刻", "Four concealed pungs", 5, lambda r: _concealed_pungs(r) >= 4, _pungs_why,
          ("三暗刻",)),
        P("五暗刻", "Five concealed pungs", 8, lambda r: _concealed_pungs(r) >= 5, _pungs_why,
          ("四暗刻", "三暗刻")),
        P("碰碰胡", "All pungs", 4, lambda r: r.standard and len(_pungs(r)) == SETS, M("all_pungs")),
        P("混一色", "Half flush", 4, lambda r: _flush(r) is not None and "z" in _suits(r),
          lambda r: M("half_flush", suit=Suit(_flush(r)))),
        P("清一色", "Full flush", 8, lambda r: _flush(r) is not None and "z" not in _suits(r),
          lambda r: M("full_flush", suit=Suit(_flush(r)))),
        P("小三元", "Little three dragons", 4,
          lambda r: len(_of(r, DRAGONS)) == 2 and _pair_in(r, DRAGONS), M("little_dragons"),
          ("三元牌",)),
        P("大三元", "Big three dragons", 8, lambda r: len(_of(r, DRAGONS)) == 3, M("big_dragons"),
          ("三元牌",)),
        P("小四喜", "Little four winds", 8,
          lambda r: len(_of(r, WINDS)) == 3 and _pair_in(r, WINDS), M("little_winds"),
          little_winds_excl),
        P("大四喜", "Big four winds", 16, lambda r: len(_of(r, WINDS)) == 4, M("big_winds"),
          ("圈風刻", "門風刻")),
        P("八仙過海", "Eight flowers", 8,
          lambda r: len(set(r.hand.flowers)) == 8 and r.flower_win != "seven_rob",
          M("eight_flowers"), ("正花", "花槓")),
        P("七搶一", "Seven rob one", 8, lambda r: r.flower_win == "seven_rob", M("seven_rob"),
          ("正花", "花槓")),
        P("字一色", "All honours", 16, lambda r: _suits(r) == {"z"}, M("all_honours")),
        P("天胡", "Heavenly hand", heavenly, lambda r: r.first[0],
          M("heavenly", value=heavenly), first),
        P("地胡", "Earthly hand", 16, lambda r: r.first[1], M("earthly"), first),
        P("人胡", "Human hand", human, lambda r: r.first[2], M("human", value=human), ("門清",)),
    ]
    if ligu:
        table.append(P("嚦咕嚦咕", "Seven pairs and a pung", ligu, lambda r: r.shape == "ligu",
                       M("ligu", value=ligu)))
    return tuple(table)


def table_for(options: Mapping[str, Any]) -> tuple[Pattern[Reading], ...]:
    return _table(options["heavenly"], options["human"], options["all_claimed"],
                  options["flower_kong"], options["ligu"], options["little_winds_wind_pungs"])


def _exclusion_why(p: Pattern[Reading], by: Pattern[Reading]) -> Msg:
    # the pattern counted in its place: its English name with the Chinese beside it, its Chinese
    by_name = Text(f"{by.name_en} ({by.name})", by.name)
    return M("ex_within", by=by_name, why=M(TIER_OF.get(by.name, "why_tier")))


# Patterns a win by flowers counts: the flowers' own and the dealer's (its standing tiles are
# not a hand).
FLOWER_WIN_FANS = {"莊家", "連莊", "八仙過海", "七搶一", "正花", "花槓"}


@dataclass(frozen=True)
class Count:
    fans: list[Fan]
    excluded: list[Exclusion]
    hand_tai: int  # without the dealer's 台
    dealer_tai: int  # 莊家 + 連莊, counted on the dealer's side of each payment


def count_reading(r: Reading) -> Count:
    table = table_for(r.options)
    found = matched(table, r)
    if r.shape == "flowers":
        found = [(p, n) for p, n in found if p.name in FLOWER_WIN_FANS]
    # the larger patterns exclude first, so that each excluded pattern names the one counted in
    # its place (三暗刻 by 五暗刻, not by the 四暗刻 that 五暗刻 excludes too); then table order
    order = {p.name: i for i, p in enumerate(table)}
    larger_first = sorted(found, key=lambda pn: (-pn[0].value, order[pn[0].name]))
    fans, excluded = apply_exclusions(larger_first, r, _exclusion_why)
    fans.sort(key=lambda f: order[f.name])
    excluded.sort(key=lambda e: order[e.name])
    fans = [f if f.name != "連莊" else Fan(f.name, f.name_en, _streak_value(r), 1, f.why)
            for f in fans]
    dealer_tai = 1 + _streak_value(r)
    hand_tai = sum(f.fan * f.count for f in fans if f.name not in DEALER_FANS)
    return Count(fans, excluded, hand_tai, dealer_tai)


# ---- reading the hand --------------------------------------------------------------------------
def _streak(hand: Hand) -> int:
    value = hand.context.extra.get("dealer_streak", 0)
    value = 0 if value is None else value
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise HandError(M("bad_streak", value=as_input(value)))
    return value


def _flower_win(hand: Hand) -> str | None:
    value = hand.context.extra.get("flower_win")
    if value is None:
        return None
    if value not in FLOWER_WINS:
        raise HandError(M("bad_flower_win", value=as_input(value)))
    name = M("c_eight") if value == "eight" else M("c_seven_rob")
    if len(set(hand.flowers)) != 8:
        raise HandError(M("flower_win_flowers", name=name, n=len(hand.flowers)))
    if value == "eight" and not hand.context.self_drawn:
        raise HandError(M("eight_drawn"))
    if value == "seven_rob" and hand.context.self_drawn:
        raise HandError(M("seven_rob_discard"))
    if hand.win_tile is not None:
        raise HandError(M("flower_win_tile", name=name))
    return value


def _ligu(hand: Hand) -> bool:
    """嚦咕嚦咕: no melds, the 17 tiles seven pairs and a pung (four of a kind: two pairs)."""
    if hand.melds:
        return False
    counts = [n for n in counts34(hand.closed_tiles) if n]
    odd = [n for n in counts if n % 2]
    return sum(counts) == 17 and len(odd) == 1 and odd[0] == 3


def _ligu_text(hand: Hand) -> str:
    """`11m 22m ... 555z`: the pairs and the pung of a 嚦咕嚦咕 hand, winning tile included
    (four of a kind as two pairs)."""
    tiles = T.sorted_codes(hand.closed_tiles)
    groups = []
    for code in dict.fromkeys(tiles):
        n = tiles.count(code)
        sizes = (2, 2) if n == 4 else (n,)
        groups += [code[0] * k + code[1] for k in sizes]
    return " ".join(groups)


def readings_of(hand: Hand, options: Mapping[str, Any]) -> list[Reading]:
    """Every reading of the hand; a HandError in a player's words when none wins."""
    flower_win = _flower_win(hand)
    hand.validate(sets=SETS, require_win_tile=flower_win is None)
    dealer = seat_field(hand, "dealer", "E")
    tian, other_first = first_turn_flags(hand, dealer)
    first = (tian, other_first and hand.context.self_drawn,
             other_first and not hand.context.self_drawn)
    if any(first) and hand.context.last_tile:
        raise HandError(M("first_turn_last"))
    if any(first) and hand.context.robbing_kong:
        raise HandError(M("first_turn_robbing"))
    replacement = flag_field(hand, "flower_replacement")
    if replacement and not (hand.context.self_drawn and hand.flowers):
        raise HandError(M("flower_replacement_drawn"))
    common = dict(hand=hand, options=options, dealer=dealer, streak=_streak(hand), first=first,
                  flower_replacement=replacement, flower_win=flower_win)
    out = []
    if hand.win_tile is not None:
        hand_waits = tuple(waits(hand, SETS))
        out = [Reading(arr=a, shape="standard", waits=hand_waits, **common)
               for a in standard_arrangements(hand, SETS)]
        if options["ligu"] and _ligu(hand):
            out.append(Reading(arr=None, shape="ligu", waits=hand_waits, **common))
    else:
        out.append(Reading(arr=None, shape="flowers", waits=(), **common))
    if not out:
        raise HandError(M("not_a_win"))
    return out


# ---- payments ------------------------------------------------------------------------------------
def payments(hand: Hand, count: Count, dealer: str,
             options: Mapping[str, Any]) -> tuple[list[Payment], dict[str, float], list[Msg]]:
    """Each payer pays 底 + 台 x 台錢; the dealer's 台 are added where the dealer pays or wins."""
    who = win_payers(hand)
    base, per = options["base"], options["per_tai"]
    winner_is_dealer = who.winner == dealer
    out, amounts = [], {}
    for seat in who.payers:
        with_dealer = winner_is_dealer or seat == dealer
        tai = count.hand_tai + (count.dealer_tai if with_dealer else 0)
        amount = base + tai * per
        amounts[seat] = amount
        if with_dealer and not winner_is_dealer:
            why = M("pays_dealer", base=base, tai=count.hand_tai, dealer_tai=count.dealer_tai,
                    per=per, amount=amount)
        else:
            why = M("pays", base=base, tai=tai, per=per, amount=amount)
        if amount:
            out.append(Payment(seat, who.winner, amount, why))
    notes: list[Msg] = list(who.notes)
    if not winner_is_dealer and dealer in who.payers:
        notes.append(M("dealer_pays_note", seat=Seat(dealer), dealer_tai=count.dealer_tai))
    return out, amounts, notes


def score(hand: Hand, options: Mapping[str, Any]) -> ScoreResult:
    readings = readings_of(hand, options)
    reading, count = best_reading(readings, count_reading, lambda c: c.hand_tai)
    dealer = reading.dealer
    total = sum(f.fan * f.count for f in count.fans)
    pays, amounts, notes = payments(hand, count, dealer, options)
    if reading.shape == "flowers":
        notes.insert(0, M("flower_win_only"))
    if reading.arr is not None:
        arrangement = arrangement_text(reading.arr)
    elif reading.shape == "ligu":
        arrangement = _ligu_text(hand)
    else:
        arrangement = " ".join(hand.concealed)
    least = min(amounts.values()) if amounts else 0
    return ScoreResult(
        rules="taiwan", total=total, unit="台", fans=count.fans, excluded=count.excluded,
        payments=pays, notes=notes, arrangement=arrangement,
        extra={"dealer": dealer, "dealer_tai": count.dealer_tai, "hand_tai": count.hand_tai,
               "payer_amounts": amounts, "per_payer": least, "multiplier": 1},
    )


# ---- a round: one win ends the hand ------------------------------------------------------------
@dataclass(frozen=True)
class TaiwanRound:
    """How `mjlens settle --rules taiwan` walks a hand (scoring/settle.py's RoundProfile): the
    first win ends it; on one discard only the first player after the discarder wins (截胡)
    unless option multiple_winners (一炮多響); kongs and a drawn wall pay nothing (so a drawn
    round need not list the final hands)."""

    game: Any = GAME
    winners_leave: bool = False
    one_winner: Callable[[Mapping[str, Any]], bool] = lambda options: not options["multiple_winners"]
    one_winner_rule: Any = M("one_winner_rule")
    rain_words: bool = False
    refund_rain: bool = False
    final_hands_needed: bool = False  # a drawn wall (流局) pays nothing: no 查花豬, no 查叫

    def check_kong_tile(self, tile: str) -> None:
        """Every one of the 34 tiles may be a kong (the round checks the code itself)."""

    def check_missing_suit(self, seat: str, value: Any) -> None:
        raise HandError(M("no_missing_suit"))

    def check_final_hand(self, hand: Hand) -> None:
        hand.validate(sets=SETS, require_win_tile=False)

    def end_status(self, hand: Hand, options: Mapping[str, Any]) -> EndStatus:
        self.check_final_hand(hand)
        return EndStatus(flower_pig=False, ready=False, best=None)

    def rain(self, kind: str, options: Mapping[str, Any]) -> tuple[str, float] | None:
        return None

    def kong_discard(self, options: Mapping[str, Any]) -> str:
        return "keep"

    def flower_pig_penalty(self, options: Mapping[str, Any]) -> float:
        return 0


def _opt(name: str, default: Any, key: str, **kw: Any) -> Option:
    return Option(name, default, M.text(key), help_zh=M.text(key, "zh"), **kw)


RULESET = RuleSet(
    id="taiwan",
    name="Taiwanese",
    name_zh="台湾麻将",
    unit="台",
    description="144 tiles with 8 flowers, 16-tile hands (five sets and a pair), chows allowed; tai "
    "add up: Dealer (莊家) 1, Dealer's streak (連莊) 2N+1, Concealed hand (門清) 1, Self-drawn (自摸) 1, "
    "Concealed self-drawn (門清自摸) 3, Single wait (獨聽) 1, wind and dragon pungs 1, Own flower (正花) "
    "1, All runs (平胡) 2, All claimed (全求人) 2, Flower kong (花槓) 2, Three concealed pungs (三暗刻) "
    "2, All pungs (碰碰胡) 4, Half flush (混一色) 4, Little three dragons (小三元) 4, Four concealed "
    "pungs (四暗刻) 5, Full flush (清一色) 8, Five concealed pungs (五暗刻) 8, Big three dragons (大三元) "
    "8, Little four winds (小四喜) 8, Eight flowers (八仙過海) 8, Seven rob one (七搶一) 8, Big four "
    "winds (大四喜) 16, All honours (字一色) 16, Earthly hand (地胡) 16; paid base (底) + tai x money "
    "per tai (台錢) by the discarder alone or each of three.",
    description_zh="144张含8张花，每手16张（五组加一对），可以吃；台数相加：莊家1、連莊每次2（連一拉一共3）、門清1、自摸1、"
    "門清自摸3、獨聽1、风牌和三元牌刻子1、正花1、平胡2、全求人2、花槓2、三暗刻2、碰碰胡4、混一色4、"
    "小三元4、四暗刻5、清一色8、五暗刻8、大三元8、小四喜8、八仙過海8、七搶一8、大四喜16、字一色16、"
    "地胡16；放枪的人一家付或自摸三家各付：底 + 台数 × 台钱。",
    score=score,
    sets=SETS,
    options=(
        _opt("base", 1, "opt_base"),
        _opt("per_tai", 1, "opt_per_tai", minimum=1),
        _opt("heavenly", 24, "opt_heavenly", choices=(24, 32, 16)),
        _opt("human", 8, "opt_human", choices=(8, 16)),
        _opt("all_claimed", 2, "opt_all_claimed", choices=(2, 1)),
        _opt("flower_kong", 2, "opt_flower_kong", choices=(2, 1)),
        _opt("pinghu_flowers", True, "opt_pinghu_flowers"),
        _opt("pinghu_pair_wait", True, "opt_pinghu_pair"),
        _opt("little_winds_wind_pungs", False, "opt_little_winds"),
        _opt("streak_includes_dealer", True, "opt_streak"),
        _opt("ligu", 0, "opt_ligu", choice_names=((0, M.text("c_ligu_off"),
                                                   M.text("c_ligu_off", "zh")),)),
        _opt("flower_order", "meilanzhuju", "opt_flower_order",
             choices=("meilanzhuju", "meilanjuzhu"),
             choice_names=(("meilanzhuju", M.text("c_order_a"), M.text("c_order_a", "zh")),
                           ("meilanjuzhu", M.text("c_order_b"), M.text("c_order_b", "zh")))),
        _opt("multiple_winners", False, "opt_multiple"),
        _opt("drawn_deal", "keep", "opt_drawn_deal", choices=("keep", "pass"),
             choice_names=(("keep", M.text("c_drawn_keep"), M.text("c_drawn_keep", "zh")),
                           ("pass", M.text("c_drawn_pass"), M.text("c_drawn_pass", "zh")))),
    ),
    fields=(
        HandField("dealer", "seat", "E", M.text("f_dealer"), M.text("f_dealer", "zh")),
        HandField("dealer_streak", "int", 0, M.text("f_streak"), M.text("f_streak", "zh")),
        HandField("discarder", "seat", None, M.text("f_discarder"), M.text("f_discarder", "zh")),
        HandField("first_turn", "bool", False, M.text("f_first_turn"), M.text("f_first_turn", "zh")),
        HandField("flower_replacement", "bool", False, M.text("f_flower_replacement"),
                  M.text("f_flower_replacement", "zh")),
        HandField("flower_win", "choice", None, M.text("f_flower_win"), M.text("f_flower_win", "zh"),
                  choices=FLOWER_WINS,
                  choice_names=(("eight", M.text("c_eight"), M.text("c_eight", "zh")),
                                ("seven_rob", M.text("c_seven_rob"), M.text("c_seven_rob", "zh")))),
    ),
    source="the table of the Taiwan Mahjong Association (台灣麻將協會) (atawmj.org.tw, revision of 26 "
    "December 2009, ROC year 98) and the common tai table (台數表) (docs/taiwan.md)",
    settlement=TaiwanRound(),
    seats_from="first_dealer",  # seat: counts from 開門; the dealer may sit in any seat
)
