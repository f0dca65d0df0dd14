"""Score a Guobiao hand: referee checks, the best reading, the breakdown and the settlement."""

from __future__ import annotations

from functools import partial
from typing import Any

from scoring import tiles as T
from scoring.hand import Hand, HandError, tile_label
from scoring.ruleset import LazyScoreResult, ScoreResult
from scoring.rulesets.gb import calc, combos, explain, payments, shapes
from scoring.rulesets.gb import tilecode as C
from scoring.rulesets.gb.evaluate import Prepared, Reading, evaluate, prepare
from scoring.rulesets.gb.fans import FLOWER_TILES
from scoring.rulesets.gb.shapes import seven_pairs_wait, standard_waits

MIN_FAN = 8


def referee_checks(hand: Hand) -> tuple[str | None, bool]:
    """What a referee would refuse beyond the shared checks of Hand.validate. Returns the
    discarder (payments.discarder_of), which it checks last."""
    hand.validate(sets=4)
    ctx = hand.context
    win = hand.win_tile
    for m in hand.melds:
        if m.kind == "chow" and m.claimed_from not in (None, "left"):
            raise HandError(
                f"The chow {' '.join(m.tiles)} is marked as claimed from {m.claimed_from}: a chow can "
                "only be claimed from the player on your left."
            )
    if ctx.last_copy and win in hand.concealed:
        raise HandError(
            f"和绝张 (last_copy) means the other three {tile_label(win)} were already visible on the "
            f"table, but your standing tiles hold another {win}."
        )
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
        names = " ".join([T.CHINESE_NAMES[f] for f in flowers])
        fans.append(explain.shared_fan(FLOWER_TILES, len(flowers), f"flowers {names}; not toward the 8-fan minimum"))
    return fans, list(excluded), arrangement


def clear_cache() -> None:
    """Forget the shared Fan / Exclusion / Payment objects (the benchmark's cold start)."""
    explain.clear_shared()
    payments.clear_shared()


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
    shapes = "four sets and a pair" if hand.melds else (
        "four sets and a pair, seven pairs, thirteen orphans, or a knitted shape")
    msg = (f"This is not a winning hand: with {hand.win_tile} the tiles do not make {shapes}.")
    if waits:
        codes = " ".join(T.sorted_codes(C.label(t) for t in waits))
        msg += f" The standing tiles would win on {codes} instead."
    return HandError(msg)


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
        notes.append(f"和绝张 counted: the other three {win} are in your exposed melds, so {win} was the last copy.")
    if not reached:
        notes.append(
            f"The hand has {fan_total} fan without flowers; Guobiao needs at least {MIN_FAN} "
            "(flowers do not count toward the minimum), so it is not a legal win and nobody pays."
        )
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
