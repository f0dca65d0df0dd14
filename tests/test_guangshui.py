"""Guangshui mahjong (广水麻将), the Guangshui paragraph of seed guangxi-nanning.txt, quoted:

"廣水麻將規則及算番也較為復雜。只能碰、杠，不能吃牌，屁和只能自摸或者搶杠。碰碰和、七對、清一色、大小三元、
卡岩笑五星等都可和牌，且有相應的番數，最高16番到頂，但有杠另算。"

The values of the hands are common 卡五星 practice (docs/guangshui.md): each a multiple, the
multiples multiply.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scoring.hand import Hand, HandError, Meld, WinContext
from scoring.notation import parse_hand
from scoring.ruleset import net_of, score_hand


def score(text: str, **options):
    return score_hand(parse_hand(text), "guangshui", options)


def fans(result) -> dict[str, int]:
    return {f.name: f.fan for f in result.fans}


def test_no_chows():
    """"只能碰、杠，不能吃牌\""""
    with pytest.raises(HandError, match="no chows"):
        score("123m 456p 789s 456m [123s<] *1z")


def test_plain_win_only_self_drawn_or_robbing_a_kong():
    """"屁和只能自摸或者搶杠\""""
    drawn = score("123m 456p 789s 45p 11z *6p seat:S")
    assert fans(drawn) == {"屁和": 1} and [p.amount for p in drawn.payments] == [1, 1, 1]
    with pytest.raises(HandError, match="屁和只能自摸或者搶杠"):
        score("123m 456p 789s 45p 11z +6p seat:S discarder=W")
    robbed = score("123m 456p 789s 45s 11z +3s seat:S discarder=W robbing-kong")
    assert robbed.total == 2 and [(p.payer, p.amount) for p in robbed.payments] == [("W", 2)]


@pytest.mark.parametrize("name,hand,times", [
    ("碰碰和", "111m 444p 777s 99p 55z +5z", 2),
    ("七对", "1133557799m 11z 2z +2z", 4),
    ("清一色", "123m 456m 789m 111m 9m +9m", 4),
    ("小三元", "555z 666z 7z 123m 456p +7z", 4),
    ("大三元", "555z 666z 77z 123m 99m +7z", 8),
    ("卡五星", "123m 456p 789s 46p 11z +5p", 2),
])
def test_each_named_hand_wins_on_a_discard_with_its_value(name, hand, times):
    """"碰碰和、七對、清一色、大小三元、卡五星等都可和牌，且有相應的番數\""""
    result = score(hand + " seat:S discarder=N")
    assert fans(result) == {name: times} and result.total == times
    assert [(p.payer, p.amount) for p in result.payments] == [("N", times)]


def test_five_star_needs_the_five_between_four_and_six():
    """卡五星 is the 5 won between the 4 and the 6; 5 won on a two-sided wait is not."""
    with pytest.raises(HandError, match="屁和"):
        score("123m 789p 789s 34p 11z +5p discarder=N seat:S")


def test_hands_multiply_and_cap_at_sixteen_with_kongs_apart():
    """"最高16番到頂，但有杠另算": 大三元 x8, 碰碰和 x2, 杠上开花 x2 = 32, paid as 16; the kong's
    money is on top."""
    result = score("555z 666z 111m 9m [7777z<] *9m kong-replacement seat:E")
    assert result.extra["uncapped_multiplier"] == 32 and result.total == 16
    win = [p for p in result.payments if "hand" in p.reason.en]
    kong = [p for p in result.payments if "kong" in p.reason.en]
    assert [p.amount for p in win] == [16, 16, 16]
    assert [(p.payer, p.amount) for p in kong] == [("N", 2)]  # claimed from the left: North
    assert score("555z 666z 111m 9m [7777z<] *9m kong-replacement seat:E", cap=None).total == 32


def test_kong_money():
    concealed = score("123m 456p 99s 45p {5555s} *6p seat:E")
    assert sorted((p.payer, p.amount) for p in concealed.payments if "kong" in p.reason.en) == [
        ("N", 2), ("S", 2), ("W", 2)]
    added = score("123m 456p 99s 45p [5555s<+] *6p seat:E")
    assert sorted(p.amount for p in added.payments if "kong" in p.reason.en) == [1, 1, 1]
    off = score("123m 456p 99s 45p {5555s} *6p seat:E", kong_money=False)
    assert all("kong" not in p.reason.en for p in off.payments)


def test_kawuxing_tile_set_refuses_characters_and_flowers_are_refused():
    with pytest.raises(HandError, match="84-tile"):
        score("123m 456p 789s 46p 55z +5p", tile_set="kawuxing")
    with pytest.raises(HandError, match="without flowers"):
        score("123m 456p 789s 46p 11z +5p 1f")


def test_no_special_kongs_and_no_bao():
    with pytest.raises(HandError, match="not played in this rule set"):
        score("123m 456p 789s 5p [567z] *5p")
    with pytest.raises(HandError, match="does not use"):
        score("123m 456p 789s 46p 11z *5p bao=5p")


@st.composite
def hands(draw):
    pool = Counter({c: 4 for c in [f"{r}{s}" for s in "mps" for r in range(1, 10)]
                    + [f"{r}z" for r in range(1, 8)]})
    melds, closed = [], []
    for _ in range(4):
        kind = draw(st.sampled_from(["run", "pung", "claimed", "kong", "concealed"]))
        if kind == "run":
            start = draw(st.sampled_from([f"{r}{s}" for s in "mps" for r in range(1, 8)]))
            tiles = [f"{int(start[0]) + k}{start[1]}" for k in range(3)]
        else:
            tiles = [draw(st.sampled_from(sorted(pool)))] * (3 if kind in ("pung", "claimed") else 4)
        assume(all(pool[t] >= tiles.count(t) for t in tiles))
        for t in tiles:
            pool[t] -= 1
        if kind in ("run", "pung"):
            closed += tiles
        elif kind == "concealed":
            melds.append(Meld("kong", tuple(tiles), concealed=True))
        else:
            src = draw(st.sampled_from(["left", "across", "right"]))
            melds.append(Meld("kong" if len(tiles) == 4 else "pung", tuple(tiles), claimed_from=src))
    pair = draw(st.sampled_from([c for c in pool if pool[c] >= 2]))
    closed += [pair, pair]
    win = draw(st.sampled_from(closed))
    closed.remove(win)
    drawn = draw(st.booleans())
    seat = draw(st.sampled_from("ESWN"))
    extra = {} if drawn else {"discarder": draw(st.sampled_from([s for s in "ESWN" if s != seat]))}
    return Hand(tuple(sorted(closed)), tuple(melds), win, (),
                WinContext(self_drawn=drawn, seat_wind=seat, extra=extra))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(hands())
def test_payments_sum_to_zero(hand):
    try:
        result = score_hand(hand, "guangshui")
    except HandError as err:
        assert "屁和" in str(err)
        return
    assert sum(net_of(result.payments).values()) == 0
    assert 1 <= result.total <= 16
    assert net_of(result.payments)[hand.context.seat_wind] >= result.total


def test_three_players_of_kawuxing_pay_a_self_draw_twice():
    """"屁和只能自摸或者搶杠 … 卡五星等都可和牌": 卡五星 is mostly played by three; with players_in a
    self-draw has two payers (it always had three), a concealed kong is paid by the two others,
    and claims count among the players (the one playing before East is West)."""
    three = 'players_in=["E","S","W"]'
    drawn = score(f"123m 456p 789s 46p 11z *5p seat:S {three}")
    assert [(p.payer, p.payee, p.amount) for p in drawn.payments] == [("E", "S", 2), ("W", "S", 2)]
    kong = score(f"123m 456p 11z 46p {{7777s}} *5p seat:E {three}")
    assert sorted(p.payer for p in kong.payments if "kong" in str(p.reason)) == ["S", "W"]
    claimed = score(f"123m 456p 11z 46p [7777s<] +5p seat:E {three}")  # left of East: West
    assert {p.payer for p in claimed.payments} == {"W"}
    assert "West" in " ".join(n.render("en") for n in claimed.notes)  # the assumed discarder
    # without players_in: as before, three payers
    assert len(score("123m 456p 789s 46p 11z *5p seat:S").payments) == 3


@pytest.mark.parametrize(("text", "words"), [
    ('123m 456p 789s 46p 11z *5p seat:N players_in=["E","S","W"]', "seat_wind is North"),
    ('123m 456p 789s 46p 11z +5p seat:E discarder=N players_in=["E","S","W"]', "discarder is North"),
    ('123m 456p 789s 46p 11z *5p seat:S players_in=["S"]', "two to four"),
    ('123m 456p 789s 46p 11z *5p seat:S players_in=["S","S","E"]', "two to four"),
    ('123m 456p 11z 46p [7777s^] +5p seat:E discarder=S players_in=["E","S","W"]', "across"),
])
def test_players_in_refuses_what_the_table_cannot_be(text, words):
    with pytest.raises(HandError) as err:
        score(text)
    assert words in err.value.render("en") and err.value.render("zh") != err.value.render("en")
