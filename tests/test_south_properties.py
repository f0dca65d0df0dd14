"""Property tests over random legal hands of the Guangxi, Nanning and Hezhou rule sets: the
payments of a single hand always sum to zero, nobody pays themself, every amount is positive and
the winner never ends below zero."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scoring import tiles as T
from scoring.hand import Hand, HandError, Meld, WinContext
from scoring.ruleset import net_of, score_hand

RULES = ("guangxi", "guangxi_hu", "nanning", "nanning_points", "hezhou")
SEATS = ("E", "S", "W", "N")
SOURCES = ("left", "across", "right")


@st.composite
def hands(draw):
    pool = Counter({c: 4 for c in T.TILE_CODES})
    melds, concealed = [], []

    def take(n: int) -> str:
        choices = [c for c in T.TILE_CODES if pool[c] >= n]
        tile = draw(st.sampled_from(choices))
        pool[tile] -= n
        return tile

    for _ in range(4):
        kind = draw(st.sampled_from(["run", "pung", "pung", "kong"]))
        if kind == "run":
            starts = [c for c in T.TILE_CODES if T.is_suited(c) and T.rank(c) <= 7
                      and all(pool[T.next_in_suit(c, k)] for k in range(3))]
            assume(starts)
            start = draw(st.sampled_from(starts))
            run = [T.next_in_suit(start, k) for k in range(3)]
            for t in run:
                pool[t] -= 1
            concealed.extend(run)
        elif kind == "pung":
            tile = take(3)
            if draw(st.booleans()):
                melds.append(Meld("pung", (tile,) * 3, claimed_from=draw(st.sampled_from(SOURCES))))
            else:
                concealed.extend([tile] * 3)
        else:
            tile = take(4)
            hidden = draw(st.booleans())
            melds.append(Meld("kong", (tile,) * 4, concealed=hidden,
                              claimed_from=None if hidden else draw(st.sampled_from(SOURCES))))
    concealed.extend([take(2)] * 2)
    win = draw(st.sampled_from(concealed))
    concealed.remove(win)
    self_drawn = draw(st.booleans())
    seat = draw(st.sampled_from(SEATS))
    extra = {"dealer": draw(st.sampled_from(SEATS))}
    if not self_drawn:
        extra["discarder"] = draw(st.sampled_from([s for s in SEATS if s != seat]))
    ctx = WinContext(self_drawn=self_drawn, seat_wind=seat,
                     last_tile=draw(st.booleans()) and not any(m.is_kong for m in melds),
                     extra=extra)
    horses = [take(1) for _ in range(4)] if self_drawn else []
    return Hand(tuple(T.sorted_codes(concealed)), tuple(melds), win, (), ctx), horses


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(hands(), st.sampled_from(RULES), st.sampled_from(SEATS))
def test_single_hand_payments_sum_to_zero(drawn, rules, drawer):
    hand, horses = drawn
    extra = dict(hand.context.extra)
    if rules == "hezhou":
        extra.pop("dealer")
    if rules == "guangxi" and horses:
        extra["horses"] = horses
        if hand.context.seat_wind == extra["dealer"] and drawer != extra["dealer"]:
            extra["horse_drawer"] = drawer
    hand = Hand(hand.concealed, hand.melds, hand.win_tile, (),
                WinContext(**{**hand.context.__dict__, "extra": extra}))
    try:
        result = score_hand(hand, rules)
    except HandError:
        assume(False)  # e.g. 鸡胡 on a discard, a dealer's horses without a drawer
    net = net_of(result.payments)
    assert sum(net.values()) == 0
    assert result.payments
    assert all(p.payer != p.payee and p.amount > 0 for p in result.payments)
    assert net[hand.context.seat_wind] > 0


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(hands(), st.sampled_from(RULES), st.lists(st.tuples(st.sampled_from(SEATS),
                                                           st.sampled_from(["concealed", "exposed"]),
                                                           st.sampled_from(SEATS)), max_size=2),
       st.data())
def test_rounds_sum_to_zero(drawn, rules, others, data):
    """A round of kongs and one win under each southern rule set: the ledger sums to zero, every
    entry is a positive payment between two players, and the winner's kong money is paid once."""
    from scoring.payments import claimed_from_seat
    from scoring.settle import settle_round

    hand, _ = drawn
    winner = hand.context.seat_wind
    used = Counter(hand.all_tiles)
    events = []
    for m in hand.melds:
        if m.is_kong:
            ev = {"type": "kong", "player": winner, "kind": "concealed" if m.concealed else "exposed",
                  "tile": m.first}
            if not m.concealed:
                ev["from"] = claimed_from_seat(winner, m.claimed_from)
            events.append(ev)
    for seat, kind, source in others:
        free = [c for c in T.TILE_CODES if used[c] == 0]
        assume(seat != winner and free and (kind == "concealed" or source != seat))
        tile = data.draw(st.sampled_from(free))
        used[tile] = 4
        ev = {"type": "kong", "player": seat, "kind": kind, "tile": tile}
        if kind == "exposed":
            ev["from"] = source
        events.append(ev)
    raw = hand.to_json()
    discarder = raw.pop("discarder", None)
    for key in ("seat_wind", "self_drawn", "dealer"):
        raw.pop(key, None)
    win = {"type": "win", "player": winner, "hand": raw}
    if discarder:
        win["from"] = discarder
    try:
        result = settle_round({"rules": rules, "events": [*events, win]})
    except HandError:
        assume(False)
    assert sum(result.net.values()) == 0
    assert all(p.payer != p.payee and p.amount > 0 for p in result.ledger)
    if rules in ("nanning", "nanning_points", "hezhou"):
        # each of the winner's kongs is paid at its event (3 payers concealed, 1 exposed) and
        # not again with the win
        own = {n for n, e in enumerate(events, 1) if e["player"] == winner}
        at_kongs = [p for p, n in zip(result.ledger, result.events_of, strict=True) if n in own]
        assert len(at_kongs) == sum(3 if events[n - 1]["kind"] == "concealed" else 1 for n in own)
        at_win = [p for p, n in zip(result.ledger, result.events_of, strict=True)
                  if n == len(events) + 1]
        assert not any("kong money" in str(p.reason) for p in at_win)
