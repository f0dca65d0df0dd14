"""Guobiao scoring speed: our pure-Python scorer against pymahjonggb (C++) on the same hands.

    python benchmarks/bench_gb.py [--hands 20000] [--seed 1]

Hands come from tests/gb_hands.py (the differential test's generator); every row scores the same
hands with `mixed_kongs` on, as the differential test does. Rates are hands per second of CPU time
(process time, so other jobs on the machine matter less; wall-clock rates are printed too); each
figure is the best of three runs; the garbage collector stays on. The machine's load average is
printed before and after. Rows:
  engine   = the fan table of the best reading only (what pymahjonggb computes);
  full     = the public score_hand(hand, "gb", options): option parsing, referee checks, engine,
             payments, the ScoreResult. Its words (why / 不计 explanations, the reading in words)
             are made when first read (ScoreResult.fans, .excluded, .arrangement, to_json);
  + to_json = the same, then result.to_json(): every word made, the JSON the CLI prints.
  "all caches empty" (cold): before each run every cache is emptied (the per-suit decomposition
  and wait caches, the set-group fan tables and the shared Fan / Exclusion / Payment objects),
  so the first hands also pay for filling them.
  "suit caches warm" (warm): the caches keyed by part of a hand (one suit's nine tile counts, the
  sorted tiles of 3 or 4 sets; never a whole hand) keep what earlier runs put there, as in a
  long-running process. There is no result cache: every hand, in every row, is scored from
  scratch.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scoring.ruleset import score_hand  # noqa: E402
from scoring.rulesets.gb import scoring as gb_scoring  # noqa: E402
from tests.gb_hands import random_hand, to_oracle  # noqa: E402

OPTIONS = {"mixed_kongs": True}


def clear_all() -> None:
    gb_scoring.clear_cache()
    gb_scoring.clear_part_caches()


def timed(fn, items, before=None, repeat: int = 3) -> tuple[float, float]:
    """Best of `repeat` runs (CPU-time rate, wall rate); `before` resets caches before each run."""
    best = (0.0, 0.0)
    for _ in range(repeat):
        if before:
            before()
        w0, c0 = time.perf_counter(), time.process_time()
        for it in items:
            fn(it)
        rate = (len(items) / (time.process_time() - c0), len(items) / (time.perf_counter() - w0))
        best = max(best, rate)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    load_before = os.getloadavg()
    rng = random.Random(args.seed)
    hands = [random_hand(rng) for _ in range(args.hands)]
    rows = []
    try:
        import MahjongGB

        calls = [to_oracle(h) for h in hands]
        ref = timed(lambda c: MahjongGB.MahjongFanCalculator(**c), calls)
        rows.append(("pymahjonggb (C++), conversion excluded", ref))
    except ImportError:
        ref = None

    def engine(h):
        return gb_scoring.best_reading(h, True)

    def full(h):
        return score_hand(h, "gb", OPTIONS)

    def full_json(h):
        return score_hand(h, "gb", OPTIONS).to_json()

    rows.append(("engine only (fan count), all caches empty", timed(engine, hands, clear_all)))
    rows.append(("engine only (fan count), suit caches warm", timed(engine, hands, gb_scoring.clear_cache)))
    rows.append(("full score_hand, new hands, all caches empty", timed(full, hands, clear_all)))
    rows.append(("full score_hand, new hands, suit caches warm", timed(full, hands, gb_scoring.clear_cache)))
    rows.append(("full score_hand + to_json, new hands, all caches empty",
                 timed(full_json, hands, clear_all)))
    rows.append(("full score_hand + to_json, new hands, suit caches warm",
                 timed(full_json, hands, gb_scoring.clear_cache)))
    load_after = os.getloadavg()
    print(f"{len(hands)} hands, seed {args.seed}; load average before {load_before[0]:.2f}, "
          f"after {load_after[0]:.2f} ({os.cpu_count()} CPUs)")
    print(f"  {'':<56} {'hands/s CPU':>11}  {'[wall]':>9}  ratio to pymahjonggb (CPU)")
    for label, (cpu, wall) in rows:
        ratio = f"{cpu / ref[0]:.3f}" if ref else "n/a"
        print(f"  {label:<56} {cpu:>11.0f}  [{wall:>7.0f}]  {ratio}")


if __name__ == "__main__":
    main()
