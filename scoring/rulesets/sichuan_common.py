"""What the Sichuan family (成都血战到底, 玉山, the multiplier table) shares: the 108-tile set, no
chows, a win must miss a suit (缺一门 / 定缺), the facts fans are read from, who pays a win, and
the rain money (刮风下雨) and end-of-wall rules that `scoring.settle` applies to a whole round.

Each rule-set module supplies only its fan table (an `evaluate` function) and a `BloodBattle`
profile; everything here is shared so the three rule sets cannot drift apart.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from scoring import tiles as T
from scoring.decompose import Arrangement, seven_pairs, standard_arrangements, waits
from scoring.hand import Hand, HandError, tile_label
from scoring.ruleset import SEATS, Option, Payment, ScoreResult

SUITED: tuple[str, ...] = tuple(c for c in T.TILE_CODES if T.is_suited(c))
SUIT_WORDS = {"m": "characters 万", "p": "dots 筒", "s": "bamboo 条"}
# Accepted spellings of a declared missing suit (定缺).
SUIT_ALIASES = {
    "m": "m", "p": "p", "s": "s", "万": "m", "萬": "m", "筒": "p", "饼": "p", "餅": "p",
    "条": "s", "條": "s", "索": "s", "characters": "m", "dots": "p", "bamboo": "s",
}
# Play goes E -> S -> W -> N; the player before you (上家) discards to you.
NEXT_SEAT = {"E": "S", "S": "W", "W": "N", "N": "E"}
PREV_SEAT = {v: k for k, v in NEXT_SEAT.items()}

# Extra hand fields every Sichuan-family rule set reads (documented in docs/sichuan.md).
COMMON_FIELDS = ("missing_suit", "dealer", "discarder", "players_in")

# ---- options shared by the family -----------------------------------------------------------
BASE = Option("base", 1, "stake of one base (底): a payment is base x multiplier", help_zh="底分")
RAIN = Option("rain", True, "刮风下雨: kongs collect rain money (settlement)", help_zh="刮风下雨")
KONG_DISCARD = Option(
    "kong_discard", "transfer",
    "杠上炮: the discarder's rain money for the kong goes to the winner (transfer; seeds Ⅱ, Ⅶ, Ⅸ) "
    "or back to those who paid it (refund; seed Ⅵ-4)",
    choices=("transfer", "refund"), help_zh="杠上炮转雨",
)
FLOWER_PIG = Option(
    "flower_pig", 8,
    "查花猪: a player still holding three suits when the wall runs out pays every other player "
    "still in (not a flower pig) this many bases (seed Ⅵ-2: 8倍底分)", help_zh="花猪赔付倍数",
)
SETTLEMENT_OPTIONS = (RAIN, KONG_DISCARD, FLOWER_PIG)


# ---- checking a hand ------------------------------------------------------------------------
def check_tiles(hand: Hand, game: str) -> None:
    """Reject what a 108-tile game cannot hold, before the generic checks, in a player's words."""
    tiles = list(hand.concealed) + [t for m in hand.melds for t in m.tiles]
    if hand.win_tile is not None:
        tiles.append(hand.win_tile)
    for code in tiles:
        if T.is_honor(code):
            raise HandError(f"{game} is played without honour tiles: remove {tile_label(code)}.")
    if hand.flowers:
        raise HandError(
            f"{game} is played without flowers: remove {', '.join(map(tile_label, hand.flowers))}."
        )
    for m in hand.melds:
        if m.kind == "chow":
            raise HandError(
                f"{game} has no chows (不能吃): {' '.join(m.tiles)} cannot be an exposed meld. "
                "Only pungs and kongs are claimed; a run stays among the standing tiles."
            )


def missing_suit_of(hand: Hand) -> str | None:
    raw = hand.context.extra.get("missing_suit")
    if raw is None:
        return None
    suit = SUIT_ALIASES.get(str(raw).strip().lower()) if isinstance(raw, str) else None
    if suit is None:
        raise HandError(f"missing_suit (定缺) must be m, p or s, not {raw!r}.")
    return suit


def check_win_suits(hand: Hand, game: str) -> None:
    """缺一门: a win holds at most two suits; with 定缺 the declared suit must be gone."""
    suits = {T.suit(c) for c in hand.all_tiles}
    if len(suits) == 3:
        raise HandError(
            f"A {game} win must miss a suit (缺一门), but this hand holds characters, dots and "
            "bamboo. Remove the tiles of one suit."
        )
    declared = missing_suit_of(hand)
    if declared is not None and declared in suits:
        held = next(c for c in hand.all_tiles if T.suit(c) == declared)
        raise HandError(
            f"The declared missing suit (定缺) is {SUIT_WORDS[declared]}, but the hand still holds "
            f"{tile_label(held)}: a player cannot win until that suit is gone."
        )


def seat_field(hand: Hand, name: str, default: str | None) -> str | None:
    value = hand.context.extra.get(name, default)
    if value is not None and value not in SEATS:
        raise HandError(f"{name} must be a seat: E, S, W or N, not {value!r}.")
    return value


def flag_field(hand: Hand, name: str) -> bool:
    value = hand.context.extra.get(name, False)
    if not isinstance(value, bool):
        raise HandError(f"'{name}' must be true or false, not {value!r}.")
    return value


def players_in(hand: Hand) -> list[str]:
    raw = hand.context.extra.get("players_in", list(SEATS))
    if not isinstance(raw, list) or not raw or any(s not in SEATS for s in raw):
        raise HandError("players_in must be a list of seats still in the round, e.g. [\"E\", \"W\"].")
    if len(set(raw)) != len(raw):
        raise HandError("players_in names a seat twice.")
    return [s for s in SEATS if s in raw]


def check_hand(hand: Hand, game: str, *, winning: bool = True) -> None:
    """Every check of a Sichuan-family hand: tiles, counts, and (for a win) the missing suit."""
    check_tiles(hand, game)
    hand.validate(allowed=SUITED, allow_flowers=False, require_win_tile=winning)
    if not winning and hand.win_tile is not None:
        raise HandError("A hand held at the end of the wall has no winning tile (win_tile).")
    missing_suit_of(hand)
    if winning:
        check_win_suits(hand, game)


# ---- facts the fan tables read --------------------------------------------------------------
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
    hand: Hand
    readings: tuple[Reading, ...]
    flush: bool  # 清一色: one suit only
    roots: int  # 根: four identical tiles not declared as a kong
    kongs: int
    golden_hook: bool  # 金钩钓: four declared melds, won on the pair with a single standing tile


def read_hand(hand: Hand) -> Facts:
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
        raise HandError(
            "These tiles are not a winning hand: they form neither four sets and a pair nor "
            "seven pairs. Check the tiles and the winning tile."
        )
    counts = Counter(hand.all_tiles)
    kongs = hand.kong_count
    kong_tiles = {m.first for m in hand.melds if m.is_kong}
    return Facts(
        hand=hand,
        readings=tuple(readings),
        flush=len({T.suit(c) for c in hand.all_tiles}) == 1,
        roots=sum(1 for c, n in counts.items() if n == 4 and c not in kong_tiles),
        kongs=kongs,
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


# ---- who pays a single win --------------------------------------------------------------------
def win_payments(hand: Hand, per_payer: float, label: str) -> tuple[list[Payment], list[str]]:
    """Self-drawn: every other player still in pays; on a discard: the discarder pays."""
    winner = hand.context.seat_wind
    inside = players_in(hand)
    notes = []
    if winner not in inside:
        raise HandError(f"The winner (seat {winner}) must be among players_in {inside}.")
    if hand.context.self_drawn:
        if "discarder" in hand.context.extra:
            raise HandError("A self-drawn win has no discarder: drop 'discarder' or self_drawn.")
        payers = [s for s in inside if s != winner]
        if not payers:
            raise HandError("Nobody is left to pay: players_in has only the winner.")
        reason = f"{winner} self-draws (自摸) {label}"
        return [Payment(p, winner, per_payer, reason) for p in payers], notes
    discarder = seat_field(hand, "discarder", None)
    if discarder is None:
        discarder = PREV_SEAT[winner]
        notes.append(f"No discarder given: assumed the player before the winner (上家), {discarder}.")
    if discarder == winner:
        raise HandError("A player cannot win on their own discard; set self_drawn or discarder.")
    if discarder not in inside:
        raise HandError(f"The discarder {discarder} has already won and is out of the round.")
    reason = f"{winner} wins on {discarder}'s discard (点炮) {label}"
    return [Payment(discarder, winner, per_payer, reason)], notes


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
class EndStatus:
    """A player's state when the wall runs out: flower pig, ready (with the best win) or not."""

    flower_pig: bool
    ready: bool
    best: ScoreResult | None
    waits: tuple[str, ...] = ()


@dataclass(frozen=True)
class BloodBattle:
    """How a Sichuan-family rule set settles a round (used by `scoring.settle`).

    `evaluate(hand, options)` scores a winning hand without payments; its result carries
    `extra["per_payer"]`, what each paying player owes for it.
    """

    rules: str
    game: str  # "Sichuan mahjong", used in messages
    evaluate: Callable[[Hand, Mapping[str, Any]], ScoreResult]

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

    def rain(self, kind: str, options: Mapping[str, Any]) -> tuple[str, float]:
        """(who pays, amount each): 面下杠 1 base from each player still in; 直杠 2 bases from
        the discarder; 暗杠 2 bases from each player still in (seed Ⅵ-4)."""
        base = options["base"]
        return {"added": ("all", base), "exposed": ("discarder", 2 * base),
                "concealed": ("all", 2 * base)}[kind]


def score_with_payments(evaluate, label):
    """A Sichuan-family rule set's `score`: its evaluation plus who pays the winner, each
    payment's reason naming the hand's value as `label(result)` puts it."""

    def score(hand: Hand, options: Mapping[str, Any]) -> ScoreResult:
        result = evaluate(hand, options)
        result.payments, notes = win_payments(hand, result.extra["per_payer"], label(result))
        result.notes.extend(notes)
        return result

    return score
