"""The rule for shipping a model (issue 28): a candidate ships only when it is no worse than the
shipped model on every held-out measure (valid by source, held-out art, held-out set, clutter,
leave-one-source-out where measured), never on valid alone.

    python -m training.ship_rule shipped.json candidate.json

Each file maps a measure's name to its value (numbers; a measure measured for one model and
missing or null for the other is reported as not measured and blocks shipping; one measured for
neither, null on both sides, compares nothing). Names in LOWER_IS_BETTER count the
other way round. Exit 0 when the candidate may ship, 1 when it may not.
"""

from __future__ import annotations

import argparse
import json
import sys

# counts of wrong things: fewer is better
LOWER_IS_BETTER = ("boxes on the surface per scene", "flower codes on a set without flowers")


def worse_measures(shipped: dict, candidate: dict, tolerance: float = 0.0) -> list[str]:
    """The measures on which `candidate` is worse than `shipped` (by more than `tolerance`), or
    not measured; an empty list means it may ship."""
    out = []
    for name in sorted(set(shipped) | set(candidate)):
        a, b = shipped.get(name), candidate.get(name)
        if a is None and b is None:
            continue
        if a is None or b is None:
            out.append(f"{name}: not measured")
            continue
        lower = any(name.endswith(k) for k in LOWER_IS_BETTER)
        if (b > a + tolerance) if lower else (b < a - tolerance):
            out.append(f"{name}: {a} -> {b}")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("shipped")
    ap.add_argument("candidate")
    args = ap.parse_args(argv)
    with open(args.shipped) as f, open(args.candidate) as g:
        worse = worse_measures(json.load(f), json.load(g))
    for line in worse:
        print("worse:", line)
    print("ship" if not worse else "do not ship")
    return 0 if not worse else 1


if __name__ == "__main__":
    sys.exit(main())
