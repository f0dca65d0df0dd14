"""A ledger entry scored at its deal by the shared engine (`score_hand`, `settle_round`):
the result as `--json` prints it, the payments between players, and who won."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mjlens.ledger import game
from mjlens.ledger.words import LedgerError
from mjlens.ledger.words import M as W


def score_entry(rules: str, options: Mapping[str, Any], entry, deal: game.Deal,
                seats: game.Seats | None = None):
    """(result JSON, payments by player, winner indexes, discarder index or None). `seats`:
    who sits where at this deal (default: as the rule set counts them, the first dealer being
    player 0)."""
    from scoring.hand import HandError

    seats = seats or game.seats_for(rules, deal)
    try:
        if entry.kind == "draw":
            return {"rules": rules, "drawn": True, "payments": []}, [], [], None
        if entry.kind == "round":
            return _round(rules, options, entry, deal, seats)
        return _hand(rules, options, entry, deal, seats)
    except HandError as exc:
        raise LedgerError(exc.msg) from None


def _hand(rules: str, options: Mapping[str, Any], entry, deal: game.Deal, seats: game.Seats):
    from scoring.hand import Hand
    from scoring.ruleset import get_ruleset, score_hand

    raw = dict(entry.hand)
    winner = entry.winner
    if winner is None:
        winner = seats.player(raw.get("seat_wind") or "E")
    discarder = entry.discarder
    if discarder is None and raw.get("discarder") in ("E", "S", "W", "N"):
        discarder = seats.player(raw["discarder"])
    if discarder is not None and discarder == winner:
        raise LedgerError(W("same_player"))
    if discarder is not None:
        raw.pop("discarder", None)  # seated again below, relative to this deal
    seated = game.seat_hand(raw, deal, winner, discarder, get_ruleset(rules).field_names, seats)
    scored = score_hand(Hand.from_json(seated), rules, options)
    if not scored.is_win:
        raise LedgerError(W("not_a_win", why=list(scored.notes) or "-"))
    result = scored.to_json()
    if discarder is None and not seated.get("self_drawn") and seated.get("discarder"):
        discarder = seats.player(seated["discarder"])
    payments = game.by_player(result["payments"], seats)
    return result, payments, [winner], discarder


def _round(rules: str, options: Mapping[str, Any], entry, deal: game.Deal, seats: game.Seats):
    from scoring.ruleset import get_ruleset
    from scoring.settle import settle_round

    data = dict(entry.round)
    given = data.get("rules")
    if given is not None and given != rules:
        raise LedgerError(W("round_rules", given=given, rules=rules))
    if get_ruleset(rules).settlement is None:
        raise LedgerError(W("no_round_rules", rules=rules))
    data["rules"] = rules
    data.setdefault("dealer", seats.wind(deal.dealer))
    merged = dict(options)
    merged.update(data.pop("options", None) or {})
    result = settle_round(data, rules, merged).to_json()
    payments = game.by_player(result["ledger"], seats)
    winners = [seats.player(w["player"]) for w in result["wins"]]
    froms = {w["from"] for w in result["wins"] if w.get("from")}
    discarder = seats.player(froms.pop()) if len(froms) == 1 else None
    return result, payments, winners, discarder
