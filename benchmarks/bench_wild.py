"""Wild-tile search speed: hands per second with 0, 1, 2 and 3 jokers.

    python benchmarks/bench_wild.py [--hands 2000] [--seed 1]

Hands come from tests/wild_hands.py (random 14- and 17-tile wins, up to two declared melds, the
wild kind one the hand does not hold, so the joker count is exact). Each row reads every hand
with scoring.wild.wild_readings (every reading, what each joker stood for); the per-suit caches
are emptied before each run (cold) and kept (warm). The reference in the same run is the plain
engine (scoring.decompose.standard_arrangements) on the same hands before their tiles were
turned into jokers, so the ratio says what the jokers cost.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scoring import decompose, wild  # noqa: E402
from scoring import tiles as T  # noqa: E402
from tests.wild_hands import random_win, with_jokers  # noqa: E402


def clear() -> None:
    decompose.clear_caches()
    wild.suit_fills.cache_clear()


def rate(fn, items, cold: bool) -> float:
    best = 0.0
    for _ in range(3):
        if cold:
            clear()
        t0 = time.process_time()
        for it in items:
            fn(it)
        best = max(best, len(items) / (time.process_time() - t0))
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    print(f"{args.hands} hands per row, seed {args.seed}; hands/s of CPU time, best of 3")
    print(f"  {'jokers':<8}{'cold':>10}{'warm':>10}   plain engine warm   ratio (warm)")
    for jokers in (0, 1, 2, 3):
        plain, rows = [], []
        while len(rows) < args.hands:
            sets = rng.choice((4, 5))
            hand = random_win(rng, sets, rng.randint(0, 2))
            absent = [c for c in T.TILE_CODES if c not in hand.all_tiles]
            w = rng.choice(absent)
            got = with_jokers(rng, hand, w, jokers) if jokers else hand
            if got is None:
                continue
            plain.append((hand, sets))
            rows.append((got, w, sets))
        cold = rate(lambda r: wild.wild_readings(r[0], r[1], sets=r[2]), rows, True)
        warm = rate(lambda r: wild.wild_readings(r[0], r[1], sets=r[2]), rows, False)
        ref = rate(lambda p: decompose.standard_arrangements(p[0], sets=p[1]), plain, False)
        print(f"  {jokers:<8}{cold:>10.0f}{warm:>10.0f}{ref:>20.0f}   {warm / ref:.3f}")


if __name__ == "__main__":
    main()
