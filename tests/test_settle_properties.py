"""Property tests of whole-round settlement on random, legal rounds: every settlement sums to
zero, and a player who has won is untouched by anything that happens afterwards (seed Ⅵ-3:
"先和牌者不受他和牌之後發生的結算事件影響")."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scoring.settle import settle_round

SEATS = ("E", "S", "W", "N")
SUITS = ("m", "p", "s")


def _take(draw, pool: Counter, candidates: list[str], n: int) -> str:
    options = [c for c in candidates if pool[c] >= n]
    assume(options)
    tile = draw(st.sampled_from(options))
    pool[tile] -= n
    return tile


def _chow(draw, pool: Counter, suits: list[str]) -> list[str] | None:
    starts = [f"{r}{s}" for s in suits for r in range(1, 8)
              if all(pool[f"{r + k}{s}"] for k in range(3))]
    if not starts:
        return None
    start = draw(st.sampled_from(starts))
    tiles = [f"{int(start[0]) + k}{start[1]}" for k in range(3)]
    for t in tiles:
        pool[t] -= 1
    return tiles


@st.composite
def player_hand(draw, pool: Counter):
    """A complete 14-tile (+kongs) hand of two suits: (kongs, melds, concealed, missing suit)."""
    missing = draw(st.sampled_from(SUITS))
    suits = [s for s in SUITS if s != missing]
    tiles = [f"{r}{s}" for s in suits for r in range(1, 10)]
    kongs, melds, concealed = [], [], []
    for _ in range(draw(st.integers(0, 2))):
        tile = _take(draw, pool, tiles, 4)
        kind = draw(st.sampled_from(["concealed", "exposed", "added"]))
        kongs.append((tile, kind))
        melds.append({"kind": "kong", "tiles": [tile] * 4, "concealed": kind == "concealed"})
    for _ in range(4 - len(kongs)):
        chow = _chow(draw, pool, suits) if draw(st.booleans()) else None
        if chow:
            concealed.extend(chow)
            continue
        tile = _take(draw, pool, tiles, 3)
        if draw(st.booleans()):
            melds.append({"kind": "pung", "tiles": [tile] * 3})
        else:
            concealed.extend([tile] * 3)
    concealed.extend([_take(draw, pool, tiles, 2)] * 2)
    return kongs, melds, concealed, missing


@st.composite
def rounds(draw):
    pool = Counter({f"{r}{s}": 4 for s in SUITS for r in range(1, 10)})
    order = draw(st.permutations(SEATS))
    n_winners = draw(st.integers(0, 3))
    winners = list(order[:n_winners])
    players = {seat: draw(player_hand(pool)) for seat in SEATS}
    hands, queues = {}, {}
    for seat, (kongs, melds, concealed, _) in players.items():
        concealed = list(concealed)
        drawn = concealed.pop(draw(st.integers(0, len(concealed) - 1)))
        hands[seat] = {"concealed": concealed, "melds": melds}
        if seat in winners:
            hands[seat]["win_tile"] = drawn
        elif draw(st.booleans()):  # spoil the hand: maybe not ready, maybe a flower pig
            pool[concealed.pop(draw(st.integers(0, len(concealed) - 1)))] += 1
            concealed.append(_take(draw, pool, sorted(pool), 1))
        queues[seat] = [("kong", k) for k in kongs] + ([("win", None)] if seat in winners else [])
    events, won = [], []
    last = winners[-1] if n_winners == 3 else None
    while any(queues.values()):
        ready = [s for s in SEATS if queues[s] and not (s == last and queues[s][0][0] == "win"
                                                         and any(queues[o] for o in SEATS if o != s))]
        seat = draw(st.sampled_from(ready))
        what, data = queues[seat].pop(0)
        others = [s for s in SEATS if s != seat and s not in won]
        if what == "kong":
            tile, kind = data
            ev = {"type": "kong", "player": seat, "kind": kind, "tile": tile}
            if kind == "exposed":
                ev["from"] = draw(st.sampled_from(others))
            events.append(ev)
            continue
        ev = {"type": "win", "player": seat, "hand": hands[seat]}
        if draw(st.booleans()):
            ev["from"] = draw(st.sampled_from(others))
            prev = events[-1] if events else None
            if prev and prev["type"] == "kong" and prev["player"] == ev["from"]:
                ev["after_kong"] = draw(st.booleans())
        events.append(ev)
        won.append(seat)
    data = {"events": events, "missing_suits": {s: players[s][3] for s in SEATS}}
    if n_winners < 3:
        events.append({"type": "wall_end"})
        data["hands"] = {s: hands[s] for s in SEATS if s not in winners}
    options = {"base": draw(st.sampled_from([1, 2, 5])),
               "kong_discard": draw(st.sampled_from(["transfer", "refund"])),
               "cap": draw(st.sampled_from([3, 4, None]))}
    return data, options


PROPS = settings(max_examples=60, deadline=None,
                 suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])


@PROPS
@given(rounds(), st.sampled_from(["sichuan", "yushan", "sichuan_mult"]))
def test_every_settlement_sums_to_zero(case, rules):
    data, options = case
    if rules != "sichuan":
        options = {k: v for k, v in options.items() if k != "cap"}
    result = settle_round(data, rules, options)
    assert sum(result.net.values()) == 0
    assert all(p.amount > 0 and p.payer != p.payee for p in result.ledger)


@PROPS
@given(rounds())
def test_a_winner_is_unaffected_by_later_events(case):
    data, options = case
    result = settle_round(data, "sichuan", options)
    won_at = {w["player"]: w["event"] for w in result.wins}
    for p, event in zip(result.ledger, result.events_of, strict=True):
        for seat in (p.payer, p.payee):
            assert seat not in won_at or event <= won_at[seat]
    for seat, event in won_at.items():
        early = settle_round({"events": data["events"][:event],
                              "missing_suits": data["missing_suits"]}, "sichuan", options)
        assert early.net[seat] == result.net[seat]
