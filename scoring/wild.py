"""Winning hands with wild tiles (jokers: Fujian 金, Yuhuan 财神), on the shared decomposition.

Which tile kind is wild is given per hand (a rule set reads it from a hand field); every copy of
it among the standing tiles and the winning tile is a joker, which may stand for any tile, itself
included. Jokers inside declared melds stand for themselves (they cannot be used in a claim).

The search works suit by suit, like the plain engine: for each suit and each number of jokers
given to it, the fills (tiles the jokers become) that let the suit split into sets and at most
one pair are found once and cached by the suit's counts; the suits' fills are then combined so
that exactly one suit holds the pair. Each combination is a plain hand, read by
`decompose.decompose_counts`. A reading never uses a tile more than four times, jokers included
(a joker cannot be a fifth 3m).

A rule set scores every `WildReading` and keeps the best (`patterns.best_reading`); the reading
says what each joker stood for, for the breakdown.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import combinations_with_replacement

from scoring import tiles as T
from scoring.decompose import (
    SUIT_RANGES,
    Arrangement,
    counts34,
    decompose_counts,
    set_to_meld,
    standard_arrangements,
    suit_parts,
)
from scoring.decompose import seven_pairs as plain_seven_pairs
from scoring.hand import Hand, HandError
from scoring.messages import Catalog, Msg, Text, Tile, as_input

M = Catalog("wild", {
    "two_kinds": ("Only one kind of tile is wild in a hand ({field}), but this hand names {n}: "
                  "{tiles}.", "一手牌只能有一种百搭牌（{field}），这手牌却给了{n}种：{tiles}。"),
    "not_a_tile": ("{field} must be one tile code such as \"5m\" (1m-9m, 1p-9p, 1s-9s, 1z-7z), "
                   "not {value}.", "{field} 必须是一张牌的代码，例如 \"5m\"（1m-9m、1p-9p、1s-9s、1z-7z），"
                   "而不是 {value}。"),
    "stood_for": ("{tile} ({name}) stood for {as_}", "{tile}（{name}）当作{as_}"),
    "wild": ("wild", "百搭"),
    "itself": ("itself", "本身"),
})

MAX_JOKERS = 8  # more than a hand can hold of one kind; guards the search's size


@dataclass(frozen=True)
class WildReading:
    """One way to read a hand with jokers: the plain hand the jokers make (`hand`, its winning
    tile what the winning joker stood for), its arrangement, and what each joker stood for."""

    hand: Hand
    arrangement: Arrangement
    stands_for: tuple[str, ...]  # sorted; one entry per joker among the standing tiles and win
    win_is_joker: bool

    @property
    def jokers(self) -> int:
        return len(self.stands_for)


def joker_count(hand: Hand, wild: str | None) -> int:
    """Jokers in a hand: copies of the wild kind among the standing tiles and the winning tile."""
    if wild is None:
        return 0
    return sum(1 for c in hand.closed_tiles if c == wild)


@lru_cache(maxsize=1 << 14)
def suit_fills(counts: tuple[int, ...], chows: bool, jokers: int) -> tuple[tuple[int, ...], ...]:
    """Every multiset of `jokers` ranks (0-based, sorted) that, added to one suit's counts, lets
    the suit split into sets and at most one pair; no rank above four copies."""
    n = len(counts)
    out = []
    for fill in combinations_with_replacement(range(n), jokers):
        work = list(counts)
        for r in fill:
            work[r] += 1
        if max(work, default=0) > 4:
            continue
        if suit_parts(tuple(work), chows):
            out.append(fill)
    return tuple(out)


def _standard_fills(counts: list[int], jokers: int, caps: list[int]) -> list[tuple[int, ...]]:
    """Tile ids (sorted) the jokers can become so that the counts split into sets plus one pair."""
    per_suit = []
    for lo, hi, chows in SUIT_RANGES:
        suit = tuple(counts[lo:hi])
        per_suit.append([(j, [tuple(lo + r for r in f) for f in suit_fills(suit, chows, j)
                              if all(caps[lo + r] >= f.count(r) for r in set(f))])
                         for j in range(jokers + 1)])
    out: list[tuple[int, ...]] = []

    def walk(s: int, left: int, pairs: int, fill: tuple[int, ...]) -> None:
        if s == len(per_suit):
            if left == 0 and pairs == 1:
                out.append(fill)
            return
        lo, hi, _ = SUIT_RANGES[s]
        base = sum(counts[lo:hi])
        for j, fills in per_suit[s][: left + 1]:
            has_pair = (base + j) % 3 == 2
            if has_pair and pairs:
                continue
            for f in fills:
                walk(s + 1, left - j, pairs + has_pair, fill + f)

    walk(0, jokers, 0, ())
    return out


def _pair_fills(counts: list[int], jokers: int, caps: list[int]) -> list[tuple[int, ...]]:
    """Seven pairs: a joker beside each odd tile, the jokers left over paired as any tile."""
    odd = [i for i, n in enumerate(counts) if n % 2]
    spare = jokers - len(odd)
    if spare < 0 or spare % 2:
        return []
    out = []
    for extra in combinations_with_replacement(range(34), spare // 2):
        fill = sorted(odd + [i for i in extra for _ in range(2)])
        if all(caps[i] >= fill.count(i) for i in set(fill)):
            out.append(tuple(fill))
    return out


def _plain_hands(hand: Hand, wild: str, fill: tuple[int, ...], win_is_joker: bool) -> list[Hand]:
    """The plain hands a fill makes: jokers replaced; when the winning tile is a joker, one hand
    per distinct tile it may have stood for."""
    natural = [c for c in hand.concealed if c != wild]
    codes = [T.TILE_CODES[i] for i in fill]
    if not win_is_joker:
        return [replace(hand, concealed=tuple(T.sorted_codes(natural + codes)))]
    out = []
    for win in dict.fromkeys(codes):
        rest = list(codes)
        rest.remove(win)
        out.append(replace(hand, concealed=tuple(T.sorted_codes(natural + rest)), win_tile=win))
    return out


def wild_readings(hand: Hand, wild: str | None, *, sets: int = 4,
                  seven_pairs: bool = True) -> list[WildReading]:
    """Every reading of a winning hand whose `wild` tiles are jokers: standard shapes (`sets`
    sets and a pair) and, when asked and the hand has no melds, seven pairs. Empty when the
    tiles make no win whatever the jokers stand for."""
    jokers = joker_count(hand, wild)
    if jokers > MAX_JOKERS:
        raise ValueError(f"{jokers} jokers is more than a hand can hold")
    if not jokers:  # the plain engine, without the fill search
        plain = standard_arrangements(hand, sets)
        if seven_pairs and sets == 4:
            plain += [a for a in (plain_seven_pairs(hand),) if a is not None]
        return [WildReading(hand, a, (), False) for a in plain]
    win_is_joker = wild is not None and hand.win_tile == wild
    closed = [c for c in hand.closed_tiles if c != wild]
    counts = counts34(closed)
    others = counts34([t for m in hand.melds for t in m.tiles])
    caps = [4 - counts[i] - others[i] for i in range(34)]
    need = sets - len(hand.melds)
    out: list[WildReading] = []
    if sum(counts) + jokers == 3 * need + 2:
        for fill in _standard_fills(counts, jokers, caps):
            stands = tuple(T.TILE_CODES[i] for i in fill)
            for plain in _plain_hands(hand, wild, fill, win_is_joker) if jokers else [hand]:
                full = counts34(plain.closed_tiles)
                for pair, formed in decompose_counts(full, need):
                    melds = tuple(plain.melds) + tuple(set_to_meld(k, i) for k, i in formed)
                    arr = Arrangement("standard", melds, T.TILE_CODES[pair], len(plain.melds))
                    out.append(WildReading(plain, arr, stands, win_is_joker))
    if seven_pairs and not hand.melds and sets == 4 and sum(counts) + jokers == 14:
        for fill in _pair_fills(counts, jokers, caps):
            stands = tuple(T.TILE_CODES[i] for i in fill)
            for plain in _plain_hands(hand, wild, fill, win_is_joker) if jokers else [hand]:
                pairs = tuple(c for c, n in sorted(Counter(plain.closed_tiles).items(),
                                                   key=lambda kv: T.sort_key(kv[0]))
                              for _ in range(n // 2))
                arr = Arrangement("seven_pairs", (), None, 0, pairs=pairs)
                out.append(WildReading(plain, arr, stands, win_is_joker))
    return out


def wild_field(hand: Hand, name: str) -> str | None:
    """The wild kind a hand names in field `name` (a tile code), None when absent; a list of
    one code is accepted, two different kinds are refused in the player's words."""
    value = hand.context.extra.get(name)
    if isinstance(value, list):
        if not all(isinstance(v, str) for v in value):  # [[1]] was a TypeError
            raise HandError(M("not_a_tile", field=name, value=as_input(value)))
        kinds = list(dict.fromkeys(value))
        if len(kinds) > 1:
            raise HandError(M("two_kinds", field=name, n=len(kinds),
                              tiles=[Tile(v) if T.is_tile(v) else v for v in kinds]))
        value = kinds[0] if kinds else None
    if value is None:
        return None
    if not isinstance(value, str) or not T.is_tile(value):
        raise HandError(M("not_a_tile", field=name, value=as_input(value)))
    return value


def stood_for(reading: WildReading, wild: str, name: Text | Msg | None = None) -> list[Msg]:
    """One sentence per joker: what it stood for, for the breakdown; `name` is the game's word
    for a joker (金, 财神), "wild" when not given."""
    return [M("stood_for", tile=Tile(wild), name=name or M("wild"),
              as_=M("itself") if code == wild else Tile(code))
            for code in reading.stands_for]
