"""Whole rounds under the Guangxi, Nanning and Hezhou rule sets (`mjlens settle`): 截胡, 一炮多响 /
一炮三响, kong money paid at once and kept, 承包 from a round's winning hand."""

from __future__ import annotations

import re

import pytest

from scoring.hand import HandError
from scoring.notation import parse_hand
from scoring.settle import settle_round


def hand(text: str) -> dict:
    """A round's hand from the notation (the round sets seat and self-draw itself)."""
    data = parse_hand(text).to_json()
    for key in ("seat_wind", "self_drawn"):
        data.pop(key)
    return data


def ledger(result):
    return [(p.payer, p.payee, p.amount) for p in result.ledger]


def test_jiehu_only_the_biggest_hand_wins():
    """同時有多家吃胡時，只有胡大牌的一家才算胡，而剩下的一家也就被稱為截胡。(seed section 4)"""
    round_ = {"rules": "guangxi_hu", "events": [{"type": "win", "from": "N", "winners": [
        {"player": "E", "hand": hand("123m 456p 789s 11s 23s +4s")},   # 平胡: 2
        {"player": "W", "hand": hand("111m 444p 777s 11s 44s +4s")},   # 霸胡: 4
    ]}]}
    result = settle_round(round_)
    assert ledger(result) == [("N", "W", 4)]
    assert "截胡" in str(result.notes[0])
    assert result.wins == [result.wins[0]] and result.wins[0]["player"] == "W"


def test_jiehu_tie_goes_to_the_first_after_the_discarder():
    round_ = {"rules": "guangxi_hu", "events": [{"type": "win", "from": "S", "winners": [
        {"player": "E", "hand": hand("123m 456p 789s 11s 23s +4s")},
        {"player": "W", "hand": hand("123m 456p 789p 11s 23s +4s")},
    ]}]}
    assert ledger(settle_round(round_)) == [("S", "W", 2)]  # W plays right after S


def test_nanning_several_winners_on_one_discard():
    """一炮多響，則放炮者為莊家。(seed section 3: one discard may win several players)"""
    round_ = {"rules": "nanning", "events": [{"type": "win", "from": "N", "winners": [
        {"player": "E", "hand": hand("123m 456p 789s 11z 23s +4s")},
        {"player": "W", "hand": hand("111m 444p 777p 222z 4s +4s")},
    ]}]}
    result = settle_round(round_)
    assert ledger(result) == [("N", "E", 1), ("N", "W", 2)]  # W 碰碰胡


def test_three_winners_each_at_least_five():
    """1.一炮三響：同一張牌點三個炮，點炮者包三家。胡牌者不滿5番牌型，按照5番滿計算"""
    round_ = {"rules": "nanning_points", "events": [{"type": "win", "from": "N", "winners": [
        {"player": "E", "hand": hand("123m 456p 789s 11z 23s +4s")},
        {"player": "S", "hand": hand("111m 444p 777p 22z 56s +4s")},
        {"player": "W", "hand": hand("222m 555p 888p 333z 4s +4s")},
    ]}]}
    result = settle_round(round_)
    # E and S plain wins (2) raised to 5; W 碰碰胡 9
    assert ledger(result) == [("N", "E", 5), ("N", "S", 5), ("N", "W", 9)]


def test_kong_money_paid_at_once_and_not_twice():
    """★明杠：向放杠者收1倍底注 ★暗杠：向所有人收1倍底注 ★杠牌不影響胡牌的結算。"""
    round_ = {"rules": "nanning", "options": {"base": 2}, "events": [
        {"type": "kong", "player": "E", "kind": "exposed", "tile": "7s", "from": "W"},
        {"type": "kong", "player": "S", "kind": "concealed", "tile": "9p"},
        {"type": "win", "player": "E", "from": "N", "hand": hand("123m 456p 11z 23s [7777s^] +4s")},
    ]}
    result = settle_round(round_)
    assert ledger(result) == [("W", "E", 2), ("E", "S", 2), ("W", "S", 2), ("N", "S", 2),
                              ("N", "E", 2)]
    assert sum(result.net.values()) == 0


def test_added_kong_paid_by_the_pungs_provider():
    """（明杠...含：先碰再杠）"""
    round_ = {"rules": "nanning_points", "events": [
        {"type": "kong", "player": "E", "kind": "added", "tile": "7s", "from": "S"}]}
    assert ledger(settle_round(round_)) == [("S", "E", 1)]
    with pytest.raises(HandError, match=re.escape("say who with 'from'")):
        settle_round({"rules": "nanning", "events": [
            {"type": "kong", "player": "E", "kind": "added", "tile": "7s"}]})


def test_kong_money_kept_on_discard_after_kong():
    """11、杠上炮：放炮者付9分。杠錢照算。"""
    round_ = {"rules": "nanning_points", "events": [
        {"type": "kong", "player": "N", "kind": "concealed", "tile": "9p"},
        {"type": "win", "player": "E", "from": "N", "after_kong": True,
         "hand": hand("123m 456p 789s 11z 23s +4s")},
    ]}
    result = settle_round(round_)
    assert ("N", "E", 9) in ledger(result)
    assert sorted(p for p, _, _ in ledger(result)[:3]) == ["E", "S", "W"]  # kong money stays
    assert result.net["N"] == 3 - 9


def test_hezhou_kong_twice_the_stake_and_wall_end_pays_nothing():
    round_ = {"rules": "hezhou", "options": {"base": 3}, "events": [
        {"type": "kong", "player": "W", "kind": "exposed", "tile": "5z", "from": "E"},
        {"type": "wall_end"}],
        "hands": {s: hand(t) for s, t in {"E": "123m 456p 789s 1124z", "S": "123m 456p 789s 2334z",
                                           "W": "123m 456p 789p 3z [5555z<]",
                                           "N": "123p 456p 789p 6667z"}.items()}}
    result = settle_round(round_)
    assert ledger(result) == [("E", "W", 6)]


def test_bao_in_a_round():
    """2、如果一局牌中有被同一玩家累計碰3口者，碰牌者自摸，被碰者要承包所有的積分；"""
    round_ = {"rules": "nanning", "events": [
        {"type": "win", "player": "E", "hand": hand("1113m [222z<] [333z<] [555z<] *3m")}]}
    assert ledger(settle_round(round_)) == [("N", "E", 6)]


def test_no_missing_suit_in_these_games():
    with pytest.raises(HandError, match="定缺"):
        settle_round({"rules": "guangxi", "missing_suits": {"E": "m"},
                      "events": [{"type": "wall_end"}], "hands": {}})


def test_single_hand_with_players_in_says_kong_money_is_left_out():
    from scoring.ruleset import score_hand

    h = parse_hand('123m 456p 11z 23s {7777s} +4s discarder=S players_in=["E","S","W","N"]')
    result = score_hand(h, "nanning")
    assert not [p for p in result.payments if "kong money" in str(p.reason)]
    assert "left out" in str(result.notes[-1])


def test_jiehu_counts_the_tiles_of_the_claimant_cut_off():
    """同時有多家吃胡時，只有胡大牌的一家才算胡，而剩下的一家也就被稱為截胡: the claimant cut off still
    shows a hand. E shows three 4s and W four: with the one discard that is six 4s, settled before
    because only the winner's hand was counted."""
    round_ = {"rules": "guangxi_hu", "events": [{"type": "win", "from": "N", "winners": [
        {"player": "E", "hand": hand("123m 456p 789p 2344s +4s")},
        {"player": "W", "hand": hand("123m 456p 2344456s +4s")},
    ]}]}
    with pytest.raises(HandError, match=re.escape("6 copies of 4s")):
        settle_round(round_)


def test_jiehu_claimants_win_on_the_one_discard():
    """同時有多家吃胡時 (several players claim one discard to win): it is one tile, so claimants
    winning on 4s and on 6s are refused, as guangxi refuses the same round."""
    claims = [{"player": "E", "hand": hand("123m 456p 789s 11s 23s +4s")},
              {"player": "W", "hand": hand("111m 444p 777s 11s 66s +6s")}]
    for rules in ("guangxi_hu", "guangxi"):
        with pytest.raises(HandError, match="must win on the same tile"):
            settle_round({"rules": rules, "events": [{"type": "win", "from": "N",
                                                      "winners": claims}]})


def test_horses_count_against_the_rounds_kongs():
    """自摸胡牌才可摸碼，且從最尾部取牌 (seed section 1): the horses come from the same wall, so a
    horse 9s after West's concealed kong of 9s is a fifth 9s."""
    round_ = {"rules": "guangxi", "events": [
        {"type": "kong", "player": "W", "kind": "concealed", "tile": "9s"},
        {"type": "win", "player": "S",
         "hand": dict(hand("123m 456p 789p 11z 23s *4s"), horses=["9s", "1z", "5z", "2m"])}]}
    with pytest.raises(HandError, match=re.escape("5 copies of 9s")):
        settle_round(round_)
    round_["events"][1]["hand"]["horses"] = "8s1z5z2m"  # the notation's form is read too
    assert settle_round(round_).ledger


def test_fish_count_against_the_rounds_kongs():
    """牌面所剩墩數反方向取最後三張 (釣魚): the fish are the wall's last tiles, so a fish 9p after
    West's concealed kong of 9p is a fifth 9p."""
    round_ = {"rules": "nanning_points", "events": [
        {"type": "kong", "player": "W", "kind": "concealed", "tile": "9p"},
        {"type": "win", "player": "S",
         "hand": dict(hand("123m 456p 789s 11z 23s *4s"), fish="9p1z5z")}]}
    with pytest.raises(HandError, match=re.escape("5 copies of 9p")):
        settle_round(round_)
