"""Score a Guobiao hand: referee checks, the best reading, the breakdown and the settlement."""

from __future__ import annotations

from typing import Any

from scoring import tiles as T
from scoring.hand import Hand, HandError, tile_label
from scoring.ruleset import ScoreResult
from scoring.rulesets.gb import calc, explain, payments
from scoring.rulesets.gb import tilecode as C
from scoring.rulesets.gb.evaluate import Prepared, Reading, evaluate, prepare
from scoring.rulesets.gb.fans import FLOWER_TILES
from scoring.rulesets.gb.shapes import seven_pairs_wait, standard_waits

MIN_FAN = 8


def referee_checks(hand: Hand) -> None:
    """What a referee would refuse beyond the shared checks of Hand.validate."""
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
    if ctx.robbing_kong and (win in hand.concealed or any(win in m.tiles for m in hand.melds)):
        raise HandError(
            f"Robbing a kong takes the fourth {tile_label(win)} from another player's kong, so the "
            f"other three are in that kong; your hand cannot hold another {win}."
        )
    payments.discarder_of(hand)


def best_reading(hand: Hand, mixed_kongs: bool = False) -> tuple[Prepared, Reading | None]:
    """The reading with the most fan (uncached)."""
    prep = prepare(hand, mixed_kongs)
    return prep, evaluate(prep)


def explained(hand: Hand, mixed_kongs: bool = False) -> tuple | None:
    """(fan total, fans, exclusions, arrangement text, last copy in melds, shape) for a hand's
    tiles and flags, or None when the tiles are not a winning shape. Fans and exclusions are
    tuples of (immutable) Fan and Exclusion objects.

    Worked out afresh on every call: there is no result cache. One used to be kept (keyed by the
    hand's tiles, melds and flags); once scoring got fast, building its key and keeping it cost
    every new hand about 5% for a gain only on repeats, and a repeat now costs well under 0.1 ms.
    """
    prep, reading = best_reading(hand, mixed_kongs)
    if reading is None:
        return None
    fans, excluded, arrangement = explain.describe(reading, prep)
    return (calc.total_of(reading.fans), fans, excluded, arrangement,
            prep.fixed_table[prep.win] == 3, reading.shape)


def clear_cache() -> None:
    """Forget the shared Fan / Exclusion / Payment objects (the benchmark's cold start)."""
    explain.clear_shared()
    payments.clear_shared()


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
    referee_checks(hand)
    mixed = bool(options.get("mixed_kongs", False))
    got = explained(hand, mixed)
    if got is None:
        raise not_a_win(hand, prepare(hand, mixed))
    fan_total, fan_items, excluded, arrangement, last_copy_in_melds, shape = got
    fans = list(fan_items)
    n_flowers = len(hand.flowers)
    if n_flowers:
        names = " ".join([T.CHINESE_NAMES[f] for f in hand.flowers])
        fans.append(explain.shared_fan(FLOWER_TILES, n_flowers, f"flowers {names}; not toward the 8-fan minimum"))
    total = fan_total + n_flowers
    reached = fan_total >= MIN_FAN
    notes = []
    win = hand.win_tile
    if last_copy_in_melds and not hand.context.last_copy:
        notes.append(f"和绝张 counted: the other three {win} are in your exposed melds, so {win} was the last copy.")
    if not reached:
        notes.append(
            f"The hand has {fan_total} fan without flowers; Guobiao needs at least {MIN_FAN} "
            "(flowers do not count toward the minimum), so it is not a legal win and nobody pays."
        )
    pays = payments.settle(hand, total, options["base"]) if reached else []
    return ScoreResult(
        rules="gb",
        total=total,
        unit="fan",
        fans=fans,
        excluded=list(excluded),
        payments=pays,
        is_win=reached,
        notes=notes,
        arrangement=arrangement,
        extra={
            "min_fan_reached": reached,
            "fan_without_flowers": fan_total,
            "flowers": n_flowers,
            "shape": shape,
        },
    )
