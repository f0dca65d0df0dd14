"""A ledger entry scored at its deal by the shared engine (`score_hand`, `settle_round`):
the result as `--json` prints it, the payments between players, and who won."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mjlens.ledger import game, sticks, tenpai
from mjlens.ledger.names import name_reasons, named, named_notes, names_at
from mjlens.ledger.words import LedgerError, discarder_word
from mjlens.ledger.words import M as W


def score_entry(rules: str, options: Mapping[str, Any], entry, deal: game.Deal,
                seats: game.Seats | None = None, pot: int = 0,
                players: Sequence[str] | None = None):
    """(result JSON, payments by player, winner indexes, discarder index or None). `seats`:
    who sits where at this deal (default: as the rule set counts them, the first dealer being
    player 0). `pot`: the riichi sticks on the table before this hand (mjlens.ledger.sticks).
    `players`: the table's names, which the payments' reasons then give with the seats."""
    from scoring.hand import HandError

    seats = seats or game.seats_for(rules, deal)
    try:
        if entry.kind == "draw":
            return _drawn(rules, entry, seats, players)
        if entry.kind == "round":
            return _round(rules, options, entry, deal, seats, players)
        return _hand(rules, options, entry, deal, seats, pot, players)
    except HandError as exc:  # a seat in it names the player sitting there ("Di (N)'s final hand")
        raise LedgerError(named(exc.msg, names_at(seats, players)) if players else exc.msg) \
            from None


def _drawn(rules: str, entry, seats: game.Seats, players: Sequence[str] | None = None):
    """A drawn hand: at a riichi table the noten players pay the tenpai ones (where the entry
    says who was tenpai, mjlens.ledger.tenpai), and the declarers' sticks go on the table."""
    from scoring.ruleset import get_ruleset

    result: dict[str, Any] = {"rules": rules, "drawn": True, "payments": []}
    payments: list[dict[str, Any]] = []
    ready = getattr(entry, "tenpai", None)
    if ready is not None and tenpai.asks(rules):
        noten = tenpai.payments([seats.wind(p) for p in ready])
        result["tenpai"] = [seats.wind(p) for p in ready]
        result["payments"] = [p.to_json() for p in noten]
        payments = game.by_player(result["payments"], seats)
        if players:
            name_reasons(payments, noten, seats, players)
    put_in = (sticks.declarers(getattr(entry, "riichi", None), None, None)
              if sticks.tracks(get_ruleset(rules).field_names) else [])
    return result, payments + sticks.rows(put_in, None, 0), [], None


def _hand(rules: str, options: Mapping[str, Any], entry, deal: game.Deal, seats: game.Seats,
          pot: int = 0, players: Sequence[str] | None = None):
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
        raise LedgerError(W("same_player", discarder=discarder_word(rules)))
    if discarder is not None:
        raw.pop("discarder", None)  # seated again below, relative to this deal
    fields = get_ruleset(rules).field_names
    seated = game.seat_hand(raw, deal, winner, discarder, fields, seats)
    put_in = []
    if sticks.tracks(fields):  # the declarers' sticks go on the table; the winner takes them all
        sticks.winner_declared(seated, getattr(entry, "riichi", None), winner)
        put_in = sticks.declarers(getattr(entry, "riichi", None), seated, winner)
        pot += len(put_in)
        sticks.fill(seated, pot)
    scored = score_hand(Hand.from_json(seated), rules, options)
    if not scored.is_win:
        raise LedgerError(W("not_a_win", why=list(scored.notes) or "-"))
    result = scored.to_json()
    if discarder is None and not seated.get("self_drawn") and seated.get("discarder"):
        discarder = seats.player(seated["discarder"])
    payments = game.by_player(result["payments"], seats)
    if players:
        name_reasons(payments, scored.payments, seats, players)
        result.update(named_notes(scored.notes, seats, players))
    if sticks.tracks(fields):
        payments += sticks.rows(put_in, winner, pot)
    return result, payments, [winner], discarder


# the engine's note on a round with neither three winners nor the wall's end, which speaks of
# the round JSON's `wall_end` (in Chinese too)
_UNFINISHED = ("settle.unfinished", "settle.unfinished_one_win")


def _table_notes(notes: Sequence[Any]) -> list[Any]:
    """A round's notes as the table reads them: at a table the hand goes on (another winner,
    the wall's end), so the note on an unfinished round says how, in the players' words."""
    return [W("round_goes_on") if getattr(n, "key", None) in _UNFINISHED else n for n in notes]


def _round(rules: str, options: Mapping[str, Any], entry, deal: game.Deal, seats: game.Seats,
           players: Sequence[str] | None = None):
    from scoring.ruleset import get_ruleset
    from scoring.settle import settle_round

    data = dict(entry.round)
    east = getattr(entry, "east", None)
    if east is not None and east != seats.east:  # written when another player sat East
        data = game.reseated(data, game.Seats(east), seats)
    given = data.get("rules")
    if given is not None and given != rules:
        raise LedgerError(W("round_rules", given=given, rules=rules))
    if get_ruleset(rules).settlement is None:
        raise LedgerError(W("no_round_rules", rules=rules))
    data["rules"] = rules
    data.setdefault("dealer", seats.wind(deal.dealer))
    merged = dict(options)
    merged.update(data.pop("options", None) or {})
    settled = settle_round(data, rules, merged)
    result = settled.to_json()
    payments = game.by_player(result["ledger"], seats)
    if players:
        name_reasons(payments, settled.ledger, seats, players)
        result.update(named_notes(_table_notes(settled.notes), seats, players))
    winners = [seats.player(w["player"]) for w in result["wins"]]
    # the discarder of the one win, or of a discard won by several (一炮多响: wins of one event);
    # of other wins none, so the deal follows the first winner. It was any discarder all discard
    # wins shared, so a self-drawn win then a win on a discard sent the deal to that discarder.
    wins, events = result["wins"], [w["event"] for w in result["wins"]]
    several = [w for w in wins if w.get("from") and (len(wins) == 1 or events.count(w["event"]) > 1)]
    discarder = seats.player(several[0]["from"]) if several else None
    return result, payments, winners, discarder
