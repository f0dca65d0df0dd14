"""The shared hand model: JSON per the contract, notation, validation, decomposition."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import tiles as T
from scoring.decompose import all_arrangements, seven_pairs, thirteen_orphans, waits
from scoring.hand import Hand, HandError, Meld
from scoring.notation import format_hand, parse_hand, parse_tiles


def test_detector_classes_follow_the_contract_order():
    assert len(T.DETECTOR_CLASSES) == 43
    assert T.DETECTOR_CLASSES[0] == "1m" and T.DETECTOR_CLASSES[42] == "back"
    assert T.DETECTOR_CLASSES[27:34] == ("1z", "2z", "3z", "4z", "5z", "6z", "7z")
    assert T.DETECTOR_CLASSES[34:42] == tuple(f"{n}f" for n in range(1, 9))


def test_contract_example_json_round_trips():
    data = {
        "concealed": ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z"],
        "melds": [{"kind": "pung", "tiles": ["5s", "5s", "5s"], "concealed": False,
                   "claimed_from": "left"}],
        "win_tile": "1z",
        "self_drawn": False,
        "seat_wind": "S",
        "round_wind": "E",
        "flowers": ["1f", "5f"],
        "last_tile": False,
        "kong_replacement": False,
        "robbing_kong": False,
        "last_copy": True,
    }
    hand = Hand.from_json(data)
    hand.validate()
    assert hand.to_json() == data
    assert Hand.from_json(json.loads(json.dumps(hand.to_json()))) == hand


def test_missing_fields_take_contract_defaults():
    hand = Hand.from_json({"concealed": ["1m"] * 2, "win_tile": "1m"})
    assert hand.context.seat_wind == "E" and hand.context.round_wind == "E"
    assert not hand.context.self_drawn and hand.flowers == () and hand.melds == ()


@pytest.mark.parametrize(
    "text",
    [
        "123m456p789s1z [555s<] +1z",
        "123m456p1z [555s<] {7777z} +1z 15f seat:S",
        "1p [3'45m<] [666s^] [7777z>+] {1111m} *1p seat:W round:S kong-replacement",
        "1199m1199p1199s11z +1z last-copy",
        "19m19p19s1234567z *1m last-tile",
        "1122335577m99s +9s dealer=true missing_suit=p",
    ],
)
def test_notation_round_trips_exactly(text):
    hand = parse_hand(text)
    assert format_hand(hand) == text
    assert parse_hand(format_hand(hand)) == hand
    assert Hand.from_json(hand.to_json()) == hand


def test_notation_reads_meld_details():
    hand = parse_hand("1p [3'45m<] [666s^] [7777z>+] {1111m} *1p kong-replacement")
    chow, pung, added, hidden = hand.melds
    assert (chow.kind, chow.claimed_from, chow.claimed_tile) == ("chow", "left", "3m")
    assert (pung.kind, pung.claimed_from) == ("pung", "across")
    assert added.kind == "kong" and added.added and added.claimed_from == "right"
    assert hidden.concealed and hidden.kind == "kong"
    assert hand.context.self_drawn and hand.win_tile == "1p"
    hand.validate()


@pytest.mark.parametrize(
    "text, words",
    [
        ("123x", "Cannot read"),
        ("0z", "no tile"),  # 0m is a red five (riichi)
        ("8z", "no tile"),
        ("[12m]", "not a meld"),
        ("[135m]", "not a chow"),
        ("{555m}", "concealed kong"),
        ("123m +1m +2m", "Only one winning tile"),
        ("seat:X", "winds"),
    ],
)
def test_bad_notation_is_explained(text, words):
    with pytest.raises(HandError, match=words):
        parse_hand(text).validate()


@pytest.mark.parametrize(
    "text, words",
    [
        ("11111m234p567s999s +5z", "only four"),
        ("123m456p789s11z +1z", "Wrong number of tiles"),
        ("123m456p789s12345z +1z", "Wrong number of tiles"),
        ("123m456p789s1z [555s] *1z robbing-kong", "self-drawn and won by robbing"),
        ("123m456p789s1z [555s] *1z kong-replacement", "no kong"),
        ("123m456p789s1z [555s] +1z kong-replacement", "drawn"),
        ("123m456p789s1z [555s] 1f1f +1z", "only one of each flower"),
    ],
)
def test_impossible_hands_are_rejected_in_words(text, words):
    with pytest.raises(HandError, match=words):
        parse_hand(text).validate()


def test_json_errors_name_the_problem():
    with pytest.raises(HandError, match="Unknown tile code '0x'"):
        Hand.from_json({"concealed": ["0x"]})
    with pytest.raises(HandError, match="belongs in 'flowers'"):
        Hand.from_json({"concealed": ["1f"]})
    with pytest.raises(HandError, match="face-down"):
        Hand.from_json({"concealed": ["back"]})
    with pytest.raises(HandError, match="true or false"):
        Hand.from_json({"concealed": [], "self_drawn": "yes"})
    with pytest.raises(HandError, match="must be a JSON object"):
        Hand.from_json([1, 2])


def test_sixteen_tile_hands_validate_with_five_sets():
    hand = parse_hand("123m456m789m123p78s 11z +9s")
    hand.validate(sets=5)
    with pytest.raises(HandError, match="Wrong number"):
        hand.validate(sets=4)
    arrangements = all_arrangements(hand, sets=5)
    assert arrangements and all(len(a.melds) == 5 for a in arrangements)


def test_allowed_tiles_reject_honours_for_108_tile_sets():
    suited = [c for c in T.TILE_CODES if T.is_suited(c)]
    with pytest.raises(HandError, match="5z"):
        parse_hand("123m456p789s55z [111s] +5z").validate(allowed=suited)


def test_nine_gates_has_all_nine_waits_and_arrangements():
    hand = parse_hand("1112345678999m +5m")
    assert waits(hand) == [f"{n}m" for n in range(1, 10)]
    arr = all_arrangements(hand)
    assert {a.pair for a in arr} == {"5m"}


def test_pure_triple_chow_reads_both_ways():
    # 111222333m: three pungs or three chows.
    hand = parse_hand("111222333m456p9s +9s")
    readings = {tuple(sorted(m.kind for m in a.melds)) for a in all_arrangements(hand)}
    assert ("chow", "chow", "chow", "chow") in readings
    assert ("chow", "pung", "pung", "pung") in readings


def test_special_shapes():
    assert seven_pairs(parse_hand("1122m3344p5566s7z +7z")) is not None
    four = seven_pairs(parse_hand("1111m3344p5566s7z +7z"))
    assert four is not None and four.pairs.count("1m") == 2
    assert thirteen_orphans(parse_hand("19m19p19s1234567z +1z")).pair == "1z"
    assert thirteen_orphans(parse_hand("19m19p19s1234566z +1z")) is None
    assert waits(parse_hand("19m19p19s1234567z")) == [
        c for c in T.TILE_CODES if T.is_terminal_or_honor(c)
    ]


def test_non_winning_hand_has_no_arrangement():
    assert all_arrangements(parse_hand("1357m2468p1357s9s +1z")) == []


@st.composite
def random_standard_hand(draw):
    """Four random sets and a pair within four copies of each tile."""
    used = [0] * 34
    sets = []
    while len(sets) < 4:
        if draw(st.booleans()):
            i = draw(st.integers(0, 33))
            if used[i] <= 1:
                used[i] += 3
                sets.append([i] * 3)
        else:
            suit = draw(st.integers(0, 2))
            r = draw(st.integers(0, 6))
            idx = [suit * 9 + r + k for k in range(3)]
            if all(used[j] < 4 for j in idx):
                for j in idx:
                    used[j] += 1
                sets.append(idx)
    pair = draw(st.sampled_from([i for i in range(34) if used[i] <= 2]))
    tiles = [T.TILE_CODES[i] for s in sets for i in s] + [T.TILE_CODES[pair]] * 2
    win = draw(st.sampled_from(tiles))
    tiles.remove(win)
    return Hand(concealed=tuple(T.sorted_codes(tiles)), win_tile=win)


@settings(max_examples=200, deadline=None)
@given(random_standard_hand())
def test_every_built_hand_decomposes_and_its_win_tile_is_a_wait(hand):
    hand.validate()
    arrangements = all_arrangements(hand)
    assert arrangements
    for a in arrangements:
        if a.shape == "standard":
            tiles = [t for m in a.melds for t in m.tiles] + [a.pair, a.pair]
            assert sorted(tiles) == sorted(hand.closed_tiles)
    assert hand.win_tile in waits(Hand(concealed=hand.concealed))
    assert parse_hand(format_hand(hand)) == hand


def test_meld_json_rejects_unknown_fields_and_bad_kinds():
    with pytest.raises(HandError, match="Unknown meld field"):
        Meld.from_json({"kind": "pung", "tiles": ["1m"] * 3, "colour": "red"})
    with pytest.raises(HandError, match="chow, pung or kong"):
        Meld.from_json({"kind": "pair", "tiles": ["1m"] * 2})
    assert parse_tiles("19m") == ["1m", "9m"]


def _all_rule_sets():
    from scoring.ruleset import all_rulesets

    return sorted(all_rulesets())


@pytest.mark.parametrize("rules", _all_rule_sets())
def test_robbing_a_kong_with_another_copy_in_hand_is_refused_everywhere(rules):
    """Issue 20, fault 2: the robbed tile is the fourth of someone else's pung, so the winner
    holds no other copy; `11m456p789p22p [333m<] +1m robbing-kong` implied six 1m."""
    from scoring.ruleset import score_hand

    for text in ("11m456p789p22p [333m<] +1m robbing-kong",
                 "123m 456p 789p 2p [111s] +2p robbing-kong"):  # the other copy in the pair
        said = []
        for extra in ("", " [777s]"):  # 13-tile and 16-tile games: one of the two is the size
            with pytest.raises(HandError) as err:
                score_hand(parse_hand(text + extra), rules)
            said.append(str(err.value))
        assert any("cannot hold another" in s for s in said), said


def test_robbing_a_kong_without_another_copy_is_accepted():
    parse_hand("23m456p789p22p [333m<] +1m robbing-kong").validate()


def test_kong_replacement_on_the_last_tile_of_the_wall_is_accepted():
    """Issue 20, fault 4: the replacement tile after a kong can be the wall's last."""
    hand = parse_hand("12m 456p 789s 11z [2222s] *3m kong-replacement last-tile")
    hand.validate()
    assert hand.context.kong_replacement and hand.context.last_tile


def test_sichuan_counts_both_last_tile_and_kong_replacement():
    """Issue 20, fault 4, where the rule set counts both (海底 is Sichuan's option
    last_tile_fan). The Guangxi seed describes exactly this win: "杠上花 玩家在杠牌時，摸局面最後
    一張牌，杠起這張牌正好是玩家自己所要胡的牌" (the kong's replacement is the wall's last tile)."""
    from scoring.ruleset import score_hand

    hand = parse_hand("123m 456m 789m 1p [5555p] *1p kong-replacement last-tile")
    fans = {f.name for f in score_hand(hand, "sichuan", {"last_tile_fan": True}).fans}
    assert {"杠上花", "海底"} <= fans
