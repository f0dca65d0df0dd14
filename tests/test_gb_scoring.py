"""Guobiao scoring behaviour beyond single fans: combination principles, 不计 reporting, the
8-fan minimum, competition payments and the referee's checks."""

from __future__ import annotations

import random

import pytest

from scoring.hand import HandError
from scoring.messages import render
from scoring.notation import parse_hand
from scoring.report import format_result
from scoring.ruleset import get_ruleset, net_of, score_hand
from tests.gb_hands import random_hand


def score(text: str, **options):
    return score_hand(parse_hand(text), "gb", options)


def fan_counts(result) -> dict[str, int]:
    return {f.name: f.count for f in result.fans}


def test_account_once_two_suits_of_double_chows():
    # 234567s 234567p: 喜相逢 x2 + 连六 x1 (or the reverse), never 喜相逢 x2 + 连六 x2
    r = score("234567s23456p55z +7p")  # pair of White: no fan from it
    c = fan_counts(r)
    assert c.get("喜相逢", 0) + c.get("连六", 0) == 3
    assert any(render(e.because_of).startswith("套算一次") for e in r.excluded)


def test_account_once_reads_in_each_language():
    # the principle is a message: 因套算一次不计 in Chinese, the JSON keeps its English text
    r = score("234567s23456p55z +7p")
    once = [e for e in r.excluded if render(e.because_of, "zh") == "套算一次"]
    assert once and all(e.to_json()["because_of"] == "套算一次 (account once)" for e in once)
    zh = format_result(r, lang="zh")
    assert "因套算一次不计" in zh and "account once" not in zh
    assert "because of 套算一次 (account once)." in format_result(r, lang="en")


def test_why_names_each_group_of_tiles_once():
    """yushan-guobiao-and-others.txt: "8 三色三同順 和牌時，有3種花色3副序數相同的順子" and "1 喜相逢 2種花色2副序數相同的順子":
    with 123m twice, each 123m makes the group with the same other chows, and the why listed the
    same tiles twice for a fan counted once ('chows 123m 123s 123p; 123m 123s 123p')."""
    r = score("123m123m123p123s5z +5z")
    why = {f.name: render(f.why) for f in r.fans}
    assert why["三色三同顺"] == "chows 123m 123s 123p"
    assert why["一般高"] == "chows 123m 123m"
    r = score("123m123m789m123p5s +5s")
    why = {f.name: (f.count, render(f.why)) for f in r.fans}
    assert why["喜相逢"] == (1, "chows 123m 123p") and why["老少副"] == (1, "chows 123m 789m")
    # distinct groups are all still named: 喜相逢 x2 and 连六 (counted once of two)
    why = {f.name: render(f.why) for f in score("234567s234567p5m +5m").fans}
    assert why["喜相逢"] == "chows 234s 234p; 567s 567p"
    assert why["连六"] == "chows 234s 567s; 234p 567p"


def test_no_same_fan_twice_for_a_set():
    # 234s 223344567p: 一般高, 喜相逢, 连六 (not 喜相逢 x2, 连六)
    r = score("234s223344567p1z +1z")
    c = fan_counts(r)
    assert c["一般高"] == 1 and c["喜相逢"] == 1 and c["连六"] == 1


def test_full_flush_reports_what_it_excludes():
    r = score("1233456668889m +9m")
    assert "清一色" in fan_counts(r)
    excluded = {e.name: e.because_of for e in r.excluded}
    assert excluded["无字"] == "清一色"


def test_highest_reading_wins():
    # 111222333m can be three pungs or three identical chows; the pungs (with 三暗刻) score more
    r = score("111222333m456p9s +9s")
    assert r.total == 45 and "一色三节高" in fan_counts(r)


def test_flowers_count_but_not_toward_minimum():
    plain = score("123m456p678s22m77z +2m")
    with_flowers = score("123m456p678s22m77z +2m 1234f")
    assert with_flowers.total == plain.total + 4
    assert plain.extra["min_fan_reached"] is False and with_flowers.is_win is False
    assert with_flowers.payments == []


def test_chicken_hand_is_eight():
    r = score("345s78s77z [123m<] [678p<] +9s")
    assert fan_counts(r) == {"无番和": 1} and r.total == 8 and r.is_win


def test_auto_last_copy():
    r = score("[345s<] [456s<] [567s<] 78m11z +9m")
    assert "和绝张" not in fan_counts(r)
    r = score("[555s^] [123m<] [789p<] 46s11z +5s")
    assert "和绝张" in fan_counts(r)
    assert any("exposed melds" in str(n) for n in r.notes)


def test_discard_payments_default_discarder():
    r = score("123m456p789s555z9m +9m seat:S")
    by = {p.payer: p for p in r.payments}
    assert by["E"].amount == 8 + r.total and "assumed" in str(by["E"].reason)
    assert by["W"].amount == 8 and by["N"].amount == 8
    assert sum(net_of(r.payments).values()) == 0


def test_discard_payments_given_discarder_and_base():
    r = score("123m456p789s555z9m +9m seat:S discarder=N", base=5)
    by = {p.payer: p.amount for p in r.payments}
    assert by == {"N": 5 + r.total, "E": 5, "W": 5}


def test_self_drawn_payments():
    r = score("123m456p789s555z9m *9m seat:W")
    assert {p.payer for p in r.payments} == {"E", "S", "N"}
    assert all(p.amount == 8 + r.total and p.payee == "W" for p in r.payments)


def test_mixed_kong_option():
    text = "[1111m<] {2222p} 345s678s9m +9m"
    default, mixed = score(text), score(text, mixed_kongs=True)
    assert {"明杠", "暗杠"} <= set(fan_counts(default))
    assert "明暗杠" in fan_counts(mixed)
    assert mixed.total == default.total + 2


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("123m456p789s555z9m *9m robbing-kong", "robbing a kong"),
        ("123m456p789s555z9m *9m kong-replacement", "no kong"),
        ("123m456p789s555z9m +9m last-tile robbing-kong", "last tile"),
        ("123m456p789s555z99m", "No winning tile"),
        ("123m456p789s555z9m +9m discarder=E", "cannot also be"),
    ],
)
def test_referee_refuses(text, words):
    with pytest.raises(HandError) as err:
        score(text)
    assert words.lower() in str(err.value).lower()


def test_not_a_win_says_what_would_win():
    with pytest.raises(HandError) as err:
        score("123m456p789s555z9m +1z")
    msg = str(err.value)
    assert msg.startswith("This is not a winning hand") and "9m" in msg


def test_ruleset_is_registered():
    rs = get_ruleset("gb")
    assert rs.unit == "fan" and "discarder" in rs.field_names
    assert {o.name for o in rs.options} == {"base", "mixed_kongs"}


def test_invariants_on_random_hands():
    rs = get_ruleset("gb")
    rng = random.Random(3)
    for _ in range(500):
        hand = random_hand(rng)
        r = rs.score(hand, rs.resolve_options({}))
        assert r.total == sum(f.fan * f.count for f in r.fans)
        assert r.is_win == (r.extra["fan_without_flowers"] >= 8)
        assert r.total == r.extra["fan_without_flowers"] + len(hand.flowers)
        assert all(f.count > 0 and f.why for f in r.fans)
        counted = {f.name for f in r.fans}
        assert not counted & {e.name for e in r.excluded if not render(e.because_of).startswith("套算一次")}
        if r.is_win:
            net = net_of(r.payments)
            assert sum(net.values()) == 0
            assert net[hand.context.seat_wind] > 0
        else:
            assert r.payments == []


def test_any_hand_json_scores_or_gives_a_plain_error():
    """Random hand JSON (valid or not) never raises anything but HandError."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from mjlens.commands.score import score_one

    code = st.sampled_from(["1m", "5m", "9m", "3p", "7p", "2s", "8s", "1z", "5z", "7z", "1f", "0m", "back"])
    meld = st.fixed_dictionaries({
        "kind": st.sampled_from(["chow", "pung", "kong", "pair"]),
        "tiles": st.lists(code, min_size=2, max_size=5),
        "concealed": st.booleans(),
        "claimed_from": st.sampled_from([None, "left", "across", "right", "up"]),
    })
    hand = st.fixed_dictionaries(
        {"concealed": st.lists(code, max_size=15), "melds": st.lists(meld, max_size=4), "win_tile": code},
        optional={"self_drawn": st.booleans(), "robbing_kong": st.booleans(), "last_copy": st.booleans(),
                  "kong_replacement": st.booleans(), "last_tile": st.booleans(),
                  "seat_wind": st.sampled_from(["E", "S", "X"]), "discarder": st.sampled_from(["E", "N", 3]),
                  "flowers": st.lists(st.sampled_from(["1f", "8f", "9f"]), max_size=3)},
    )

    @settings(max_examples=300, deadline=None)
    @given(hand)
    def check(data):
        try:
            _, result = score_one(data, "gb", {})
        except HandError as exc:
            assert str(exc)
        else:
            assert result.total == sum(f.fan * f.count for f in result.fans)

    check()


def test_fan_id_constants_match_the_table():
    from scoring.rulesets.gb import fans as F

    for i, key in enumerate(F.KEYS[1:], 1):
        assert getattr(F, key) == i == F.ID[key]


def test_replacement_tile_that_is_the_last_of_the_wall_counts_both():
    """Issue 20, fault 4: 杠上开花 on the wall's last tile is also 妙手回春; the reference
    calculator (pymahjonggb, isAboutKong + isWallLast) counts both, and so do we."""
    r = score("12m 456p 789s 11z [2222s] *3m kong-replacement last-tile")
    c = fan_counts(r)
    assert c["妙手回春"] == 1 and c["杠上开花"] == 1 and "自摸" not in c


def test_a_win_on_a_flowers_replacement_is_self_drawn_not_out_with_replacement():
    """Guobiao rows 46 and 81: 杠上开花 "开杠抓进的牌成和牌(不包括补花)" and 花牌 "花牌补花成和计自摸分，
    不计杠上开花". The win needs no field of its own: given as a plain self-draw (kong_replacement
    off), it counts 自摸 (here within 不求人) and never 杠上开花, even in a hand that has a kong."""
    r = score("{1111m} 234m 567p 345s 9s *9s 1f seat:S")
    c = fan_counts(r)
    assert "杠上开花" not in c and c["不求人"] == 1 and c["花牌"] == 1
    assert {e.name: e.because_of for e in r.excluded}["自摸"] == "不求人"
    # the same tiles claimed once: 自摸 itself counts
    r = score("[1111m<] 234m 567p 345s 9s *9s 1f seat:S")
    assert fan_counts(r)["自摸"] == 1 and "杠上开花" not in fan_counts(r)
    # a kong's replacement would be 杠上开花 instead of 自摸 (the field the other win is not)
    r = score("{1111m} 234m 567p 345s 9s *9s 1f seat:S kong-replacement")
    assert "杠上开花" in fan_counts(r) and "自摸" not in fan_counts(r)
