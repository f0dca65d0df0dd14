"""What every rule set's fan table is made of: `Pattern`s (a named predicate with its value, the
patterns it excludes and its reason as a message) and the one loop that picks a hand's best
reading.

A rule set builds one context object per reading of the hand (its own small dataclass: the
hand, the arrangement, the resolved options, whatever facts its predicates ask about) and runs
its table over it; `best_reading` keeps the reading that scores highest.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from scoring.messages import Msg, Text
from scoring.ruleset import Exclusion, Fan

C = TypeVar("C")  # a rule set's per-reading context
R = TypeVar("R")  # what a rule set counts for one reading



def fan_label(name: str, name_en: str) -> Text:
    """A fan named inside a sentence: `Full flush (清一色)` in English, `清一色` in Chinese."""
    return Text(f"{name_en} ({name})" if name_en else name, name)


@dataclass(frozen=True)
class Pattern(Generic[C]):
    """One fan (or hand class, or multiplier item): Chinese and English names, value per
    instance, `test(ctx) -> bool` (or the number of times it counts), `why(ctx) -> Msg`, and the
    names of the patterns it makes not counted (不计)."""

    name: str
    name_en: str
    value: int | float
    test: Callable[[C], bool | int]
    why: Callable[[C], Msg] | Msg
    excludes: tuple[str, ...] = ()

    def count(self, ctx: C) -> int:
        got = self.test(ctx)
        return int(got) if not isinstance(got, bool) else (1 if got else 0)

    @property
    def label(self) -> Text:
        """The pattern named inside a sentence: `Full flush (清一色)` / `清一色`."""
        return fan_label(self.name, self.name_en)

    def reason(self, ctx: C) -> Msg:
        return self.why(ctx) if callable(self.why) else self.why

    def fan(self, ctx: C, count: int = 1, value: int | float | None = None) -> Fan:
        return Fan(self.name, self.name_en, self.value if value is None else value, count,
                   self.reason(ctx))


def matched(table: Iterable[Pattern[C]], ctx: C) -> list[tuple[Pattern[C], int]]:
    """Each pattern of the table that holds for ctx, with how many times it counts."""
    out = []
    for p in table:
        n = p.count(ctx)
        if n:
            out.append((p, n))
    return out


def apply_exclusions(found: Sequence[tuple[Pattern[C], int]], ctx: C,
                     why: Callable[[Pattern[C], Pattern[C]], Msg]) -> tuple[list[Fan], list[Exclusion]]:
    """Fans counted and fans excluded (不计): a pattern named in the `excludes` of a counted
    pattern is not counted; `why(excluded, by)` says why in the rule set's words."""
    by_name = {p.name: p for p, _ in found}
    excluded_by: dict[str, Pattern[C]] = {}
    for p, _ in found:
        if p.name in excluded_by:
            continue
        for name in p.excludes:
            if name in by_name and name not in excluded_by:
                excluded_by[name] = p
    fans = [p.fan(ctx, n) for p, n in found if p.name not in excluded_by]
    excluded = [Exclusion(p.name, p.name_en, excluded_by[p.name].name, why(p, excluded_by[p.name]))
                for p, _ in found if p.name in excluded_by]
    return fans, excluded


def largest_only(found: Sequence[tuple[Pattern[C], int]], ctx: C,
                 why: Callable[[Pattern[C], Pattern[C]], Msg],
                 silent: Iterable[str] = ()) -> tuple[Pattern[C] | None, list[Exclusion]]:
    """For tables where hand patterns do not add up (只按最大番算): the largest pattern (the
    later row on a tie, as tables list the more specific pattern later) and the others as
    exclusions, except those named in `silent` (e.g. the plain win every hand has)."""
    if not found:
        return None, []
    top_value = max(p.value for p, _ in found)
    top = [p for p, _ in found if p.value == top_value][-1]
    quiet = set(silent)
    return top, [Exclusion(p.name, p.name_en, top.name, why(p, top))
                 for p, _ in found if p is not top and p.name not in quiet]


def best_reading(readings: Iterable[Any], count: Callable[[Any], R],
                 value: Callable[[R], float]) -> tuple[Any, R]:
    """The reading whose count is worth most (the first on a tie). Raises ValueError when there
    is no reading: callers check that the hand is a win first."""
    best = None
    for reading in readings:
        counted = count(reading)
        v = value(counted)
        if best is None or v > best[0]:
            best = (v, reading, counted)
    if best is None:
        raise ValueError("best_reading needs at least one reading")
    return best[1], best[2]
