"""Nanning in points (南寧麻將規則), seed guangxi-nanning.txt section 5 and its 各胡牌分數計算
list: each rule and worked example quoted."""

from __future__ import annotations

import re

import pytest

from scoring.hand import HandError
from scoring.notation import parse_hand
from scoring.ruleset import net_of, score_hand


def score(text: str, **options):
    return score_hand(parse_hand(text), "nanning_points", options)


def win_amounts(result):
    """(payer, amount) of the win itself, kong money left out."""
    return [(p.payer, p.amount) for p in result.payments if "kong money" not in str(p.reason)]


def kong_amounts(result):
    return sorted((p.payer, p.amount) for p in result.payments if "kong money" in str(p.reason))


OPEN = "[222z<]"  # one claimed pung, so the hand is not 门清


def test_no_chows():
    """2、可行操作：可摸牌，可碰，可杠，可胡，不可吃。"""
    with pytest.raises(HandError, match=re.escape("has no chows (不能吃): 123m")):
        score("456p 888s 99p 23s [123m<] *4s")


# ---- 各胡牌分數計算 ------------------------------------------------------------------------------
def test_discard_pays_two():
    """2、放炮：放炮者付2分"""
    assert win_amounts(score("123m 456p 789s 11z 23s +4s discarder=S")) == [("S", 2)]


def test_self_draw_three_each():
    """3、自摸：每家付3分"""
    assert win_amounts(score(f"123m 456p 11z 23s {OPEN} *4s")) == [("S", 3), ("W", 3), ("N", 3)]


def test_concealed_self_draw_four_each():
    """4、門清：每家付4分（門清一定要自摸），有暗杠也算門清"""
    assert win_amounts(score("123m 456p 789s 11z 23s *4s")) == [("S", 4), ("W", 4), ("N", 4)]
    assert win_amounts(score("123m 456p 11z 23s {7777s} *4s"))[0] == ("S", 4)
    assert win_amounts(score("123m 456p 789s 11z 23s +4s discarder=S")) == [("S", 2)]  # 一定要自摸


@pytest.mark.parametrize("sentence,discard,self_drawn,each", [
    ("5、清一色：放炮為9分,自摸為6分", "1234567m 999m 234m +1m", "1234567m 234m [999m<] *1m", (9, 6)),
    ("6、碰碰胡：放炮為9分,自摸為6分", "111m 444p 777s 99s 33p +3p", f"111m 444p 99s 33p {OPEN} *3p", (9, 6)),
    ("7、七小對：放炮為12分,自摸為8分", "1133m 3355p 7799s 5z +5z", None, (12, None)),
    ("8、大七對：放炮為24分,自摸為16分（大七對：4張牌相同的4小對，如：4張1萬,只要手上有4張一樣的就算）",
     "1111m 3355p 7799s 5z +5z", None, (24, None)),
])
def test_hand_types(sentence, discard, self_drawn, each):
    assert win_amounts(score(discard + " discarder=W"))[0] == ("W", each[0])
    if self_drawn:
        assert win_amounts(score(self_drawn))[0][1] == each[1]


def test_seven_pairs_self_drawn_with_concealed():
    """7、七小對：...自摸為8分，可以累計門清，清一色"""
    assert win_amounts(score("1133m 3355p 7799s 5z *5z"))[0][1] == 8 + 4
    assert win_amounts(score("1133m 4455m 7799m 6m *6m"))[0][1] == 8 + 4 + 6


def test_flush_accumulates_concealed_and_all_pungs():
    """5、清一色：...可以累計門清，碰碰胡  6、碰碰胡：...可以累計門清，清一色"""
    assert win_amounts(score("111m 444m 777m 99m 33m +3m discarder=S")) == [("S", 9 + 9)]
    assert win_amounts(score("111m 444m 777m 99m 33m *3m"))[0][1] == 6 + 6 + 4


def test_all_claimed_discard_only():
    """9、全球人：剩最後一張牌,胡牌(碰杠4次以上),18分(自摸算對對胡,只有放炮才算全球人)"""
    hand = "3m [111s<] [444p^] [777s>] [999m^]"
    assert win_amounts(score(hand + " +3m discarder=N")) == [("N", 18)]
    drawn = score(hand + " *3m")
    assert [f.name for f in drawn.fans] == ["碰碰胡"]
    assert win_amounts(drawn)[0][1] == 6


def test_exposed_kong_flower_the_provider_pays():
    """10、杠上花：1>明杠杠上花：被杠者付一人付18分,杠錢照樣結算1分,,算放炮(也就是一個玩家承包)。
    (先碰後,再杠也算的,杠上花也由原先被碰的玩家一個人支付)"""
    result = score("123m 456p 11z 23s [7777s>+] *4s kong-replacement")
    assert win_amounts(result) == [("S", 18)]
    assert kong_amounts(result) == [("S", 1)]


def test_concealed_kong_flower_nine_plus_one_each():
    """2>暗杠杠上花：每家付9分,杠錢照樣結算,算自摸(也就是說每人給9+1分)。"""
    result = score("123m 456p 11z 23s {7777s} *4s kong-replacement")
    assert net_of(result.payments) == {"E": 30, "S": -10, "W": -10, "N": -10}


def test_discard_after_kong():
    """11、杠上炮：放炮者付9分。杠錢照算。1>...杠後炮,放給別人是個對對胡,則為9+9=18分"""
    assert win_amounts(score("123m 456p 789s 11z 23s +4s discard_after_kong=true discarder=S")) == [("S", 9)]
    assert win_amounts(score("111m 444p 777s 99s 33p +3p discard_after_kong=true discarder=S")) == [("S", 18)]


def test_robbing_a_kong():
    """12、搶杠：碰了之後,再杠,正好有人胡牌,被稱為搶杠.9分（算放炮）1>累計門清，清一色,碰碰胡等牌型,
    搶杠的人為個對對胡,則為9+9=18分,杠錢就不算了

    An all-pungs hand cannot rob a kong (it waits on a tile it holds, and the kong holds the other
    three), so the accumulation is shown with 清一色, the list's other hand type."""
    assert win_amounts(score("123m 456p 789s 11z 24s +3s robbing-kong discarder=W")) == [("W", 9)]
    result = score("12m 456m 789m 111m 55m +3m robbing-kong discarder=W")
    assert win_amounts(result) == [("W", 18)]
    assert kong_amounts(result) == []


def test_last_tile_self_drawn():
    """13、海底撈月：最後一圈內自摸，6分。1>累計清一色,碰碰胡等牌型,海底撈月的人為個對對胡,則為6+6=12分"""
    assert win_amounts(score(f"123m 456p 11z 23s {OPEN} *4s last-tile"))[0][1] == 6
    assert win_amounts(score(f"111m 444p 99s 33p {OPEN} *3p last-tile"))[0][1] == 12


def test_last_discard():
    """14、海底炮：最後一圈放炮，放炮者付9分。1>...胡的人是個對對胡,則為9+9=18分"""
    assert win_amounts(score("123m 456p 789s 11z 23s +4s last-tile discarder=N")) == [("N", 9)]
    assert win_amounts(score("111m 444p 777s 99s 33p +3p last-tile discarder=N")) == [("N", 18)]


def test_heavenly_hand():
    """天胡 莊家起牌後就自摸每家付6  1>累計清一色,碰碰胡等牌型,...對對胡,則為6+6=12分"""
    assert win_amounts(score("123m 456p 789s 11z 23s *4s first_turn=true"))[0][1] == 6
    assert win_amounts(score("111m 444p 777s 99s 33p *3p first_turn=true"))[0][1] == 12


def test_kong_money_at_once():
    """杠：1（明杠由被杠者的付1分，碰了之後再杠也算明杠；暗杠每家付1分,杠錢是及時給的）
    三、1．杠，當場結算。明杠1張，暗杠1張（三家都給）。暗杠算門清。"""
    assert kong_amounts(score("123m 456p 11z 23s [7777s^] +4s discarder=S")) == [("W", 1)]
    assert kong_amounts(score("123m 456p 11z 23s {7777s} +4s discarder=S")) == [("N", 1), ("S", 1), ("W", 1)]
    assert kong_amounts(score("123m 456p 11z 23s {7777s} +4s discarder=S", kong_money=False)) == []


def test_kong_discard_plain_hand_is_nine():
    """三、2．杠沖，玩家杠開導致其餘玩家胡牌，若胡牌玩家手上牌型是推倒胡算9張，若是其他牌型累積"""
    assert win_amounts(score("123m 456p 789s 11z 23s +4s discard_after_kong=true discarder=E seat:S")) == [("E", 9)]


# ---- 二、胡牌規則 --------------------------------------------------------------------------------
def test_minimum_five_robbing_as_self_draw():
    """6.搶杠：...搶杠胡等同杠開，當自摸，被搶杠者（欲開杠者）包三家牌...搶杠者牌型不滿5番牌型，按照5番滿計算"""
    result = score("123m 456p 789s 11z 24s +3s robbing-kong discarder=W", robbing="self_draw")
    assert win_amounts(result) == [("W", 15)]
    assert "at least 5" in str(result.notes[0])


def test_english_reasons_give_amounts_and_fans_in_english():
    """8、大七對：放炮為24分,自摸為16分 / 9、全球人 ... 18分 ... 只有放炮才算全球人 / 1.一炮三響 ...
    不滿5番: the English said "(大七对: 放炮 24, 自摸 16)", "(全求人: 18, 放炮 only)" and named the
    minimum's cause in Chinese alone ("抢杠 pays at least 5", "一炮三响 pays at least 5")."""
    big = score("1111m 55p 77p 99s 22s 4s +4s seat:S").fans[0].why
    assert big.en == "seven pairs holding four of a kind (24 on a discard, 16 each on a self-draw)"
    claimed = score("1m [222p<] [333s^] [444s^] [555m>] +1m seat:S").fans[0].why
    assert claimed.en.endswith("(18, only on a discard)")
    robbed = score("123m 456p 789s 11z 24s +3s robbing-kong discarder=W", robbing="self_draw")
    assert robbed.notes[0].en.startswith("Robbing a kong (抢杠): the win pays at least 5")
    assert robbed.notes[0].zh.startswith("抢杠不满 5 按 5 计算")
    three = score("123m 456p 789s 11z 24s +3s discarder=W one_discard_winners=3")
    assert three.notes[0].en.startswith("Three players win on one discard (一炮三响): the win pays")


@pytest.mark.parametrize("sentence,hand,points", [
    ("2.杠上開花：不滿5番牌型，按照5番滿計算，大於5番的牌型，按照實際牌型計算。",
     "123m 456p 11z 23s {7777s} *4s kong-replacement", 9),
    ("3.海底撈月：摸最後一張牌胡牌。不滿5番牌型，按照5番滿計算", f"123m 456p 11z 23s {OPEN} *4s last-tile", 6),
])
def test_minimum_five_already_met(sentence, hand, points):
    result = score(hand)
    assert win_amounts(result)[0][1] == points >= 5


def test_nine_tiles_given():
    """4.包胡規則：如果胡家有人給他九張落地，則給胡家九張落地者包胡。"""
    hand = "1113m [222z<] [333z<] [555z<]"
    drawn = score(hand + " *3m")
    assert win_amounts(drawn) == [("N", 18)]  # 碰碰胡 6 for each of three
    discard = score(hand + " +3m discarder=W")
    assert win_amounts(discard) == [("N", 9)]


def test_declared_ready_adds_one():
    """5.聽牌：在原有胡番的基礎上加一番。"""
    assert win_amounts(score("123m 456p 789s 11z 23s +4s discarder=S declared_ready=true")) == [("S", 3)]


@pytest.mark.parametrize("sentence,hand", [
    ("7.天胡：只有莊家獨有的權利，莊家起牌後即成和牌牌型。按8番計算。", "123m 456p 789s 11z 23s *4s first_turn=true"),
    ("9.地胡起牌後，第一圈裡閑家自摸的第一張牌和牌。按8番計算。", "123m 456p 789s 11z 23s *4s seat:S first_turn=true"),
    ("8.人胡：起牌後，莊家打出的第一張牌，閑家吃和。按8番計算。", "123m 456p 789s 11z 23s +4s seat:S discarder=E first_turn=true"),
])
def test_first_turn_hands_eight(sentence, hand):
    assert win_amounts(score(hand, heavenly=8))[0][1] == 8


def test_fishing():
    """四、釣魚：...下一把牌自摸玩家必須釣魚。也就是當游戲結束，牌面所剩墩數反方向取最後三張，然後攤牌，
    看是否釣中。若釣中玩家放炮，相同也要跟著賠付相同數額的張數。"""
    result = score('123m 456p 789s 11z 23s *4s fish=["1s","4s","9p"]')  # waits 1s 4s: two hooks
    assert net_of(result.payments)["E"] == 3 * 4 * 3
    miss = score('123m 456p 789s 11z 23s *4s fish=["2s","5s","9p"]')
    assert net_of(miss.payments)["E"] == 3 * 4
    with pytest.raises(HandError, match="self-drawn win only"):
        score('123m 456p 789s 11z 23s +4s fish=["2s","5s","9p"]')
    with pytest.raises(HandError, match="last three tiles"):
        score('123m 456p 789s 11z 23s *4s fish=["2s"]')
