"""The app's calls into the scoring engine.

`score_draft` returns an `Outcome` with either a result or the player's message of a refusal
(HandError, the one error a hand or an option is refused with). Anything else is a bug: it is
logged with the hand and raised, so Streamlit shows its own error box (no traceback for players:
.streamlit/config.toml sets client.showErrorDetails = "none") and tests fail on it. Option and
extra-field helpers decide how each rule-set setting is shown, from its type and choices only, so
rule sets added later appear without app changes.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from mjlens.ui.state import Draft, is_flower_slot, tiles_needed, to_hand
from scoring.hand import Hand, HandError
from scoring.messages import Catalog, Msg, Text
from scoring.ruleset import SEATS, Option, RuleSet, ScoreResult, net_of

log = logging.getLogger(__name__)

M = Catalog("app_engine", {
    "sixteen_hint": ("{error} These tiles make a hand of a 16-tile game (five sets and a pair): "
                     "choose {games}.",
                     "{error}这些牌是16张麻将的一手牌（五组加一对）：请选{games}。"),
})


@dataclass
class Outcome:
    hand: Hand | None = None
    result: ScoreResult | None = None
    error: Msg | str = ""  # a player's message when there is no result (render it at the edge)


def rulesets() -> dict[str, RuleSet]:
    """Every rule set the engine has (a rule-set module that does not import is a bug, and
    surfaces)."""
    from scoring.ruleset import all_rulesets

    return dict(all_rulesets())


def score_draft(draft: Draft, rules: str, options: dict[str, Any] | None = None) -> Outcome:
    from scoring.ruleset import hand_sets, score_hand

    sets = hand_sets(rules, options)
    try:
        hand = to_hand(draft, require_win=not _flower_win(draft), sets=sets)
    except HandError as exc:
        return Outcome(error=_sixteen_hint(draft, rules, sets, exc.msg))
    try:
        result = score_hand(hand, rules, options or {})
    except HandError as exc:
        return Outcome(hand=hand, error=exc.msg)
    except Exception:  # a bug, not a refusal: log the hand it failed on, then let it surface
        log.exception("scoring failed for %s under %s", hand, rules)
        raise
    return Outcome(hand=hand, result=result)


def _flower_win(draft: Draft) -> bool:
    """A win by flowers alone (Taiwanese 八仙過海 / 七搶一: the hand field `flower_win`) has no
    winning tile: the rule set scores the standing tiles and flowers without one, and refuses a
    winning tile. Asked for one here, the page refused it for its 16 tiles."""
    return bool(draft.context.extra.get("flower_win"))


def _sixteen_hint(draft: Draft, rules: str, sets: int, error: Msg | str) -> Msg | str:
    """A hand refused for its size under a 14-tile game that is a 16-tile game's hand (17 tiles
    and the kongs' fourth): the refusal names the 16-tile games of the registry (the page also
    offers them, one tap each: `fitting_rulesets`)."""
    if sets != 4:
        return error
    found = rulesets()
    games = [Text(f"{found[rid].name} ({rid})", found[rid].name_zh)
             for rid in fitting_rulesets(draft, rules) if found[rid].sets_for() == 5]
    return M("sixteen_hint", error=error, games=games) if games else error


# Example hands, the first that wins under the chosen rule set is shown (the first one under
# Guobiao): one that misses a suit, self-drawn (Sichuan's 缺一门, Guangshui's plain self-draw),
# one with a pung (Northeast), one of a 16-tile game (Taiwanese, Fujian, Yuhuan)
EXAMPLES = ("123m 456m 789m 234p 5s +5s", "123m 456m 789m 234p 5p *5p",
            "111m 456m 789m 234p 5s *5s", "123m 456m 789m 234p 678p 5s +5s")


def example_for(rules: str, options: dict[str, Any] | None = None) -> str:
    """An example hand that `rules` scores as a win under `options` (the first of EXAMPLES
    that does; the first of them where none does). The one example was refused under half the
    rule sets: 'needs 17', 'must miss a suit', 'needs a pung'."""
    from mjlens.ui.state import from_hand
    from scoring.notation import parse_hand

    for text in EXAMPLES:
        result = score_draft(from_hand(parse_hand(text)), rules, options).result
        if result is not None and result.is_win:
            return text
    return EXAMPLES[0]


def placeholder_for(rules: str | None, options: dict[str, Any] | None = None) -> str:
    """The notation box's grey example: the chosen game's example hand (`example_for`), so a
    16-tile game shows five sets and a pair, not a 14-tile hand it would refuse. Found once
    per rule set and options: the box is drawn on every change of the hand."""
    if not rules:
        return EXAMPLES[0]
    try:
        return _cached_example(rules, tuple(sorted((options or {}).items())))
    except TypeError:  # an option value that cannot be a cache key
        return example_for(rules, options)


@lru_cache(maxsize=128)
def _cached_example(rules: str, options: tuple[tuple[str, Any], ...]) -> str:
    return example_for(rules, dict(options))


def fitting_rulesets(draft: Draft, current: str) -> list[str]:
    """The registered rule sets whose hand size fits the draft's tiles, when the chosen one's
    does not (17 tiles under a 14-tile game: the 16-tile games). Found from the registry, so a
    rule set added later is offered too."""
    from scoring.ruleset import hand_sets

    playing = sum(1 for s in draft.tiles if not is_flower_slot(s))
    if not playing or playing == tiles_needed(draft, hand_sets(current)):
        return []
    return [rid for rid in rulesets() if rid != current
            and tiles_needed(draft, hand_sets(rid)) == playing]


# ---- settings widgets ---------------------------------------------------------------------------
def option_kind(opt: Option) -> str:
    """How to show an option: 'choice', 'bool', 'int', 'float' or 'text'."""
    if opt.choices is not None:
        return "choice"
    if isinstance(opt.default, bool):
        return "bool"
    if isinstance(opt.default, int):
        return "int"
    if isinstance(opt.default, float):
        return "float"
    return "text"


# Extra hand fields rule sets read; the app knows how to ask for the common ones and falls back
# to a yes/no switch for the others (an unknown field name is shown as written).
SEAT_FIELDS = ("discarder", "dealer", "from_seat", "dealer_seat")
SEATS_FIELDS = ("players_in",)
SUIT_FIELDS = ("missing_suit", "lacking_suit", "void_suit")
NUMBER_FIELDS = ("dealer_streak", "continuation", "streak", "roots")


def field_kind(name: str) -> str:
    """'seat', 'seats' (several), 'suit', 'int' or 'bool' for an extra field of the hand JSON."""
    if name in SEATS_FIELDS:
        return "seats"
    if name in SEAT_FIELDS or name.endswith("_seat"):
        return "seat"
    if name in SUIT_FIELDS or name.endswith("_suit"):
        return "suit"
    if name in NUMBER_FIELDS or name.endswith(("_count", "_streak")):
        return "int"
    return "bool"


# ---- export ---------------------------------------------------------------------------------------
def export_json(hand: Hand, result: ScoreResult, rules: str, options: dict[str, Any]) -> str:
    """The hand (contract JSON), the rule set, options and the full result."""
    data = {
        "hand": hand.to_json(),
        "rules": rules,
        "options": options,
        "result": result.to_json(),
    }
    return json.dumps(data, ensure_ascii=False, indent=2, default=str)


def net_rows(result: ScoreResult) -> list[tuple[str, float]]:
    net = net_of(result.payments)
    return [(s, net[s]) for s in SEATS]


def fmt_num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.2f}"
