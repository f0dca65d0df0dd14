"""Another winner in the last hand (血战到底): where winners leave and play goes on (the Sichuan
family, RoundProfile.winners_leave), one hand can have up to three winners. Each added as a hand
of its own moved the deal after every win and scored the later win at the next deal's seats, and
a later self-drawn win charged the player who had already won and left. Here the last hand and
the new win become one round (docs/sichuan.md, Round settlement), settled by `settle_round`:
players who have won pay no more, and the next dealer is the first winner, or the discarder of a
discard won by several (一炮多响: a win on the same player's discard of the same tile as the win
before it)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mjlens.ledger import game
from mjlens.ledger.words import LedgerError, discarder_word
from mjlens.ledger.words import M as W

# the round fills these in for each win (docs/sichuan.md: do not give discarder/players_in)
_ROUND_FILLS = ("seat_wind", "round_wind", "discarder", "players_in", "dealer", "self_drawn")


def winners_leave(rules: str) -> bool:
    from scoring.ruleset import get_ruleset

    profile = get_ruleset(rules).settlement
    return bool(profile is not None and getattr(profile, "winners_leave", False))


def joined(view, entry):
    """The entry for the last hand of `view` with `entry`'s win added to it, as one round."""
    from mjlens.ledger.store import Entry

    last, data, events, seats = _last_round(view)
    if entry.kind != "hand":
        raise LedgerError(W("one_win"))
    hand, winner, discarder = _who(view.rules, entry, seats)
    for player in (winner, discarder):  # one who has won is out: wins and discards no more
        if player in last.winners:
            raise LedgerError(W("won_already", name=view.players[player], seq=last.seq))
    new = _win(hand, winner, discarder, seats)
    prev = events[-1] if events else {}
    both = prev.get("winners") or [{"player": prev.get("player"), "hand": prev.get("hand")}]
    if new.get("from") and prev.get("type") == "win" and prev.get("from") == new["from"] \
            and (both[0]["hand"] or {}).get("win_tile") == new["hand"].get("win_tile"):
        # the same discard, the same tile, won again: one discard, several winners (一炮多响)
        events[-1] = {"type": "win", "from": new["from"],
                      "winners": [*both, {"player": new["player"], "hand": new["hand"]}],
                      **({"after_kong": True} if prev.get("after_kong") else {})}
    else:
        events.append(new)
    data["events"] = events
    return Entry("round", last.source if last.kind == "round" else "round", round=data,
                 dealer=last.entry.get("dealer"), east=seats.east)


def _who(rules: str, entry, seats) -> tuple[dict[str, Any], int, int | None]:
    """An entry's hand, winner and discarder (player indexes; from the hand's seat winds where
    the entry names nobody)."""
    hand = dict(entry.hand)
    winner = seats.player(hand.get("seat_wind") or "E") if entry.winner is None \
        else entry.winner
    discarder = entry.discarder
    if discarder is None and hand.get("discarder") in game.WINDS:
        discarder = seats.player(hand["discarder"])
    if discarder == winner:
        raise LedgerError(W("same_player", discarder=discarder_word(rules)))
    return hand, winner, discarder


def win_places(data: Mapping[str, Any]) -> list[tuple[int, int | None]]:
    """Each win of a round in order, as the result's `wins` lists them: (its event's index,
    its place among that event's `winners`, or None for a win of its own)."""
    out: list[tuple[int, int | None]] = []
    for i, ev in enumerate(data.get("events", [])):
        if ev.get("type") == "win":
            out.extend([(i, j) for j in range(len(ev["winners"]))] if "winners" in ev
                       else [(i, None)])
    return out


def hand_seats(view, h) -> game.Seats:
    """Who sat where in hand `h` (the rule set's seats at its deal)."""
    return game.seats_for(view.rules, game.Deal(h.dealer, h.round_wind), view.first_dealer)


def round_at(h, seats: game.Seats) -> dict[str, Any]:
    """Round hand `h`'s round JSON in `seats` (the seats it is played at now): a correction of
    an earlier hand can move the deal, and the winds the round was written in then named other
    players (Entry.east)."""
    import copy

    data = copy.deepcopy(h.entry["round"])
    east = h.entry.get("east")
    return game.reseated(data, game.Seats(east), seats) \
        if east is not None and east != seats.east else data


def win_of(view, h, k: int) -> tuple[dict[str, Any], str, str | None]:
    """Win `k` of round hand `h`: (its hand JSON, its winner's seat, its discarder's seat)."""
    data = round_at(h, hand_seats(view, h))
    events = data["events"]
    i, j = win_places(data)[k]
    ev = events[i]
    one = ev if j is None else ev["winners"][j]
    hand = dict(one["hand"])
    if ev.get("after_kong"):  # 杠上炮, as the hand says it (_win)
        hand["discard_after_kong"] = True
    return hand, one["player"], ev.get("from")


def corrected(view, h, k: int, entry):
    """Round hand `h` with its win `k` put right (another hand, winner or discarder), the
    other wins kept: a correction typed for a round made the whole round that one hand, and
    the other winners' wins were gone. A discard won by several (一炮多响) keeps one discarder
    for all its winners."""
    from mjlens.ledger.store import Entry

    seats = hand_seats(view, h)
    hand, winner, discarder = _who(view.rules, entry, seats)
    new = _win(hand, winner, discarder, seats)
    data = round_at(h, seats)
    i, j = win_places(data)[k]
    ev = data["events"][i]
    if j is None:
        data["events"][i] = {**{key: v for key, v in ev.items()
                                if key not in ("player", "hand", "from", "after_kong")}, **new}
    elif not new.get("from"):
        raise LedgerError(W("several_on_one_discard"))
    else:
        ev["winners"][j] = {"player": new["player"], "hand": new["hand"]}
        ev["from"] = new["from"]
        ev.pop("after_kong", None)
        ev.update({"after_kong": True} if new.get("after_kong") else {})
    return Entry("round", h.source, round=data, dealer=h.entry.get("dealer"),
                 round_wind=h.entry.get("round_wind"), east=seats.east)


def goes_on(last) -> bool:
    """Whether hand `last` can go on (another win, a kong, the end of the wall): a won hand, or
    a round begun on the table (a kong before the first win), that is not over."""
    if last is None or last.kind not in ("hand", "round") or _over(last):
        return False
    return bool(last.winners or (last.kind == "round" and last.entry["round"].get("events")))


def _over(last) -> bool:
    """A round with three winners, or whose wall ran out."""
    events = last.entry["round"].get("events", []) if last.kind == "round" else []
    return len(last.winners) >= 3 or any(e.get("type") == "wall_end" for e in events)


KONG_KINDS = ("concealed", "exposed", "added")


def with_kong(view, kong: Mapping[str, Any], join: bool):
    """A kong (`kong`: player, kind concealed | exposed | added, tile, and for an exposed kong
    `from`, who discarded its tile; players as indexes) in the last hand (`join`) or in a new
    hand it starts: the round settles its rain money (刮风下雨, Chengdu Ⅵ-4), which the Table
    page could not record."""
    from mjlens.ledger.store import Entry

    if join:
        last, data, events, seats = _last_round(view)
        source, dealer = (last.source if last.kind == "round" else "round",
                          last.entry.get("dealer"))
    elif not winners_leave(view.rules):
        raise LedgerError(W("no_more_winners"))
    else:
        data, events, seats, source, dealer = {}, [], view.seats, "round", None
    event = {"type": "kong", "player": seats.wind(kong["player"]), "kind": kong["kind"],
             "tile": kong["tile"]}
    if kong["kind"] == "exposed":
        if kong.get("from") is None or kong["from"] == kong["player"]:
            raise LedgerError(W("kong_from"))
        event["from"] = seats.wind(kong["from"])
    data["events"] = [*events, event]
    return Entry("round", source, round=data, dealer=dealer, east=seats.east)


def _last_round(view):
    """The last hand of `view` as a round that goes on: (the hand, its round JSON less its
    events, its events, the seats it was played at); refused where the rule set ends a hand at
    the first win, where it was not won, or where it is over (three winners, or the wall ran
    out), in the table's words rather than the round JSON's ("Event 4: ...")."""
    if not winners_leave(view.rules):
        raise LedgerError(W("no_more_winners"))
    last = view.hands[-1] if view.hands else None
    if last is not None and last.kind in ("hand", "round") and _over(last):
        raise LedgerError(W("hand_over", seq=last.seq))
    if not goes_on(last):
        raise LedgerError(W("no_win_to_join", name=view.name))
    seats = hand_seats(view, last)
    if last.kind == "hand":
        return last, {}, [_win(last.entry["hand"], last.winners[0],
                               last.entry.get("_discarder"), seats)], seats
    data = round_at(last, seats)
    return last, data, list(data.get("events", [])), seats


def wall_end(view, hands: Mapping[int, Mapping[str, Any]], join: bool):
    """The wall ran out (流局): a round ending in `wall_end`, each player still in giving the
    tiles they stand with (`hands`: player -> hand JSON, 13 tiles), so that 查花猪 and 查叫 are
    paid (Chengdu Ⅵ-2, Ⅵ-5: "流局時需要查花豬，查大叫"). With `join`, the last hand goes on to
    the end of the wall (the players who won there are out); else it is a new hand nobody won.
    A drawn hand recorded as nobody paying skipped both."""
    from mjlens.ledger.store import Entry

    if join:
        last, data, events, seats = _last_round(view)
        out = [p for p in range(4) if p not in last.winners]
        source, dealer = (last.source if last.kind == "round" else "round",
                          last.entry.get("dealer"))
    elif not winners_leave(view.rules):
        raise LedgerError(W("no_more_winners"))
    else:
        data, events, seats, out = {}, [], view.seats, list(range(4))
        source, dealer = "round", None
    missing = [view.players[p] for p in out if not hands.get(p)]
    if missing:
        raise LedgerError(W("end_hands_missing", who=tuple(missing)))
    data["events"] = [*events, {"type": "wall_end"}]
    data["hands"] = {seats.wind(p): {k: v for k, v in hands[p].items()
                                     if k not in (*_ROUND_FILLS, "win_tile")}
                     for p in out}
    return Entry("round", source, round=data, dealer=dealer, east=seats.east)


def _win(hand: dict[str, Any], winner: int, discarder: int | None, seats) -> dict[str, Any]:
    """A win event of the round. A hand won on the discard right after the discarder's kong
    (杠上炮, `discard_after_kong`) is the event's `after_kong`, so that the round hands the
    kong's rain money to the winner (Chengdu Ⅱ, Ⅶ-5; option kong_discard): as a hand field it
    only counted its fan."""
    after_kong = discarder is not None and hand.get("discard_after_kong") is True
    drop = (*_ROUND_FILLS, "discard_after_kong") if after_kong else _ROUND_FILLS
    event = {"type": "win", "player": seats.wind(winner),
             "hand": {k: v for k, v in hand.items() if k not in drop}}
    if discarder is not None:
        event["from"] = seats.wind(discarder)
    if after_kong:
        event["after_kong"] = True
    return event


def last_step(h) -> str | None:
    """What undoing the last step of hand `h` takes away, where it is a round that grew on the
    table step by step: "wall" (its end of the wall), "kong", or "win" (its last win), the
    others staying; None where it is one step (the hand is undone whole)."""
    if h.kind != "round":
        return None
    events = h.entry["round"].get("events", [])
    if sum(len(e["winners"]) if "winners" in e else 1 for e in events) < 2:
        return None
    return {"wall_end": "wall", "kong": "kong"}.get(events[-1].get("type"), "win")


def without_last_step(view, h):
    """Round hand `h` less its last step (last_step): the end of the wall and the hands, or the
    last win (of a discard won by several, its last winner)."""
    from mjlens.ledger.store import Entry

    seats = hand_seats(view, h)
    data = round_at(h, seats)
    events = data["events"]
    last = events[-1]
    if last.get("type") == "wall_end":
        events.pop()
        data.pop("hands", None)
    elif "winners" in last and len(last["winners"]) > 2:
        last["winners"].pop()
    elif "winners" in last:  # one winner left: a win of its own again
        first = last["winners"][0]
        events[-1] = {"type": "win", "player": first["player"], "hand": first["hand"],
                      "from": last["from"], **({"after_kong": True}
                                               if last.get("after_kong") else {})}
    else:
        events.pop()
    return Entry("round", h.source, round=data, dealer=h.entry.get("dealer"),
                 round_wind=h.entry.get("round_wind"), east=seats.east)
