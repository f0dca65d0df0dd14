"""Score a Guobiao hand: referee checks, the best reading, the breakdown and the settlement."""

from __future__ import annotations

from functools import partial
from typing import Any

from scoring import tiles as T
from scoring.hand import Hand, HandError
from scoring.messages import Tile, TileName
from scoring.ruleset import Fan, LazyScoreResult, ScoreResult
from scoring.rulesets.gb import calc, combos, explain, payments, shapes
from scoring.rulesets.gb import tilecode as C
from scoring.rulesets.gb.evaluate import Prepared, Reading, evaluate, prepare
from scoring.rulesets.gb.fans import FLOWER_TILES
from scoring.rulesets.gb.shapes import seven_pairs_wait, standard_waits
from scoring.rulesets.gb.words import SOURCES, W, said

MIN_FAN = 8
_TILES = {code: Tile(code) for code in T.TILE_CODES}  # one per tile: said() looks words up by value


def referee_checks(hand: Hand) -> tuple[str | None, bool]:
    """What a referee would refuse beyond the shared checks of Hand.validate. Returns the
    discarder (payments.discarder_of), which it checks last."""
    hand.validate(sets=4)
    ctx = hand.context
    win = hand.win_tile
    for m in hand.melds:
        if m.kind == "chow" and m.claimed_from not in (None, "left"):
            raise HandError(W("chow_claimed", tiles=" ".join(m.tiles), source=SOURCES[m.claimed_from]))
    if ctx.last_copy and win in hand.concealed:
        raise HandError(W("last_copy_held", tile=Tile(win), code=win))
    return payments.discarder_of(hand)


def best_reading(hand: Hand, mixed_kongs: bool = False) -> tuple[Prepared, Reading | None]:
    """The reading with the most fan (uncached)."""
    prep = prepare(hand, mixed_kongs)
    return prep, evaluate(prep)


def explain_reading(reading: Reading, prep: Prepared, flowers: tuple[str, ...]) -> tuple[list, list, str]:
    """(fans with their why texts, exclusions, the reading in words): the words of a score."""
    fan_items, excluded, arrangement = explain.describe(reading, prep)
    fans = list(fan_items)
    if flowers:
        fans.append(flower_fan(flowers))
    return fans, list(excluded), arrangement


_FLOWER_FANS: dict[tuple[str, ...], Fan] = {}


def flower_fan(flowers: tuple[str, ...]) -> Fan:
    """The 花牌 item for these flowers, one shared object per distinct tuple of flower codes
    (looked up by the codes, so the hot path builds no message: half the hands hold flowers)."""
    if flowers.__class__ is not tuple:  # a Hand built by hand may carry a list
        flowers = tuple(flowers)
    fan = _FLOWER_FANS.get(flowers)
    if fan is None:
        if len(_FLOWER_FANS) > 1 << 12:
            _FLOWER_FANS.clear()
        names = tuple([TileName(f) for f in flowers])
        fan = _FLOWER_FANS[flowers] = explain.shared_fan(FLOWER_TILES, len(flowers),
                                                         W("flowers", names=names))
    return fan


def clear_cache() -> None:
    """Forget the shared Fan / Exclusion / Payment objects (the benchmark's cold start)."""
    explain.clear_shared()
    payments.clear_shared()
    _FLOWER_FANS.clear()


def clear_part_caches() -> None:
    """Empty the caches keyed by part of a hand: per-suit divisions and waits, groups of sets."""
    shapes.clear_caches()
    combos.clear_caches()


def not_a_win(hand: Hand, prep: Prepared) -> HandError:
    table = list(prep.standing_table)
    table[prep.win] -= 1
    waits = standard_waits(table)
    if not hand.melds:
        t = seven_pairs_wait(table)
        if t:
            waits.add(t)
    waits = {t for t in waits if prep.fixed_table[t] + table[t] < 4}
    shapes = W("shapes_melds") if hand.melds else W("shapes_all")
    win = Tile(hand.win_tile)
    if waits:
        codes = " ".join(T.sorted_codes(C.label(t) for t in waits))
        return HandError(W("not_a_win_waits", tile=win, shapes=shapes, waits=codes))
    return HandError(W("not_a_win", tile=win, shapes=shapes))


def score(hand: Hand, options: dict[str, Any]) -> ScoreResult:
    """Referee checks, the best reading, the settlement. Worked out afresh on every call (there
    is no result cache); the words (why / 不计 / the reading) are made when first read."""
    discarder = referee_checks(hand)
    mixed = bool(options.get("mixed_kongs", False))
    prep, reading = best_reading(hand, mixed)
    if reading is None:
        raise not_a_win(hand, prepare(hand, mixed))
    fan_total = calc.total_of(reading.fans)
    flowers = hand.flowers
    n_flowers = len(flowers)
    total = fan_total + n_flowers
    reached = fan_total >= MIN_FAN
    notes = []
    if prep.flags & calc.LAST_COPY and not hand.context.last_copy:  # the other three are in melds
        win = hand.win_tile
        notes.append(said("last_copy_counted", tile=_TILES[win]))
    if not reached:
        notes.append(said("below_minimum", fan=fan_total, min=MIN_FAN))  # a quarter of hands
    return LazyScoreResult.deferred(
        partial(explain_reading, reading, prep, flowers),
        rules="gb",
        total=total,
        unit="fan",
        payments=payments.settle(hand, total, options["base"], discarder) if reached else [],
        is_win=reached,
        notes=notes,
        extra={
            "min_fan_reached": reached,
            "fan_without_flowers": fan_total,
            "flowers": n_flowers,
            "shape": reading.shape,
        },
    )
