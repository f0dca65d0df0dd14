"""Guobiao scoring speed: our pure-Python scorer against pymahjonggb (C++) on the same hands.

    python benchmarks/bench_gb.py [--hands 20000] [--seed 1]

Hands come from tests/gb_hands.py (the differential test's generator). Rates are hands per
second of CPU time (process time, so other jobs on the machine matter less; wall-clock rates are
printed too); each figure is the best of three runs. Our scorer is measured in stages, cold and warm:
  engine   = the fan table of the best reading (what pymahjonggb computes);
  full     = RULESET.score: referee checks, engine, why/不计 explanations, payments.
  "first pass" starts with every cache empty (per-suit decomposition caches and the result
  cache); "suit caches warm" is a second pass with the result cache cleared; "result cache warm"
  is a third pass where every hand is found in the result cache (keyed by the hand's tiles,
  melds and win flags), which is what repeated scoring of the same hand costs.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scoring.ruleset import get_ruleset  # noqa: E402
from scoring.rulesets.gb import scoring as gb_scoring  # noqa: E402
from scoring.rulesets.gb import shapes  # noqa: E402
from tests.gb_hands import random_hand, to_oracle  # noqa: E402


def clear_all() -> None:
    gb_scoring.clear_cache()
    for fn in (shapes._block_parts, shapes._block_state, shapes.suit_parts, shapes._suit_packs,
               shapes._suit_waits):
        fn.cache_clear()


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
    rng = random.Random(args.seed)
    hands = [random_hand(rng) for _ in range(args.hands)]
    rs = get_ruleset("gb")
    opts = rs.resolve_options({"mixed_kongs": True})
    rows = []
    try:
        import MahjongGB

        calls = [to_oracle(h) for h in hands]
        ref = timed(lambda c: MahjongGB.MahjongFanCalculator(**c), calls)
        rows.append(("pymahjonggb (C++), conversion excluded", ref))
    except ImportError:
        ref = None
    rows.append(("engine, first pass (all caches empty)", timed(gb_scoring.best_reading, hands, clear_all)))
    rows.append(("engine, suit caches warm", timed(gb_scoring.best_reading, hands)))
    score = lambda h: rs.score(h, opts)  # noqa: E731
    rows.append(("full score, first pass (all caches empty)", timed(score, hands, clear_all)))
    rows.append(("full score, suit caches warm, result cache empty",
                 timed(score, hands, gb_scoring.clear_cache)))
    rows.append(("full score, result cache warm", timed(score, hands)))
    print(f"{len(hands)} hands, seed {args.seed}; hands/s (CPU time)  [wall clock]  ratio to pymahjonggb (CPU)")
    for label, (cpu, wall) in rows:
        ratio = f"{cpu / ref[0]:.3f}" if ref else "n/a"
        print(f"  {label:<52} {cpu:>9.0f}  [{wall:>9.0f}]  {ratio}")


if __name__ == "__main__":
    main()
