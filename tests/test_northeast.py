"""Northeast mahjong (东北麻将), seed yushan-guobiao-and-others.txt section Ⅹ: every rule and term,
quoted."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scoring import tiles as T
from scoring.hand import SPECIAL_KONGS, Hand, HandError, Meld, WinContext
from scoring.notation import parse_hand
from scoring.ruleset import net_of, score_hand


def score(text: str, **options):
    return score_hand(parse_hand(text), "northeast", options)


def fans(result) -> dict[str, int]:
    return {f.name: f.fan for f in result.fans}


def paid(result) -> dict[str, float]:
    return {p.payer: p.amount for p in result.payments}


# A plain win with no 番: open (a claimed pung), a two-sided wait.
PLAIN = "123m 45p 789s 99m [111z<] +6p seat:S"


# ---- 麻將如何算帳: "票胡（站立）每家5元（10元) 點炮和莊家 10元（20元）庄點炮20元（40元） 摟寶加倍。" ----
def test_the_first_line_plain_win():
    """Each player 5, the discarder or the dealer 10, the dealer discarding 20."""
    result = score(PLAIN + " dealer=N discarder=W")
    assert result.total == 0 and paid(result) == {"E": 5, "W": 10, "N": 10}
    dealer_discards = score(PLAIN + " dealer=W discarder=W")
    assert paid(dealer_discards) == {"E": 5, "W": 20, "N": 5}


def test_the_first_line_standing_doubles():
    """The amounts in brackets are for a standing (立门) winner: 10, 20, 40."""
    result = score("123m 45p 789s 99m 111z +6p seat:S dealer=W discarder=W")
    assert fans(result) == {"立门": 1}
    assert paid(result) == {"E": 10, "W": 40, "N": 10}


def test_lou_bao_doubles():
    """"摟寶加倍\""""
    plain = score("123m 45p 789s 99m [111z<] *6p seat:S dealer=N bao=5z")
    lou = score("123m 45p 789s 99m [111z<] *6p seat:S dealer=N bao=5z lou_bao=true")
    assert fans(lou) == {"摟宝": 1}
    assert {s: 2 * a for s, a in paid(plain).items()} == paid(lou)


def test_lou_bao_on_the_treasure_itself_keeps_dui_bao():
    """"摟寶加倍" and "寶牌正好是要胡的牌，可以直接胡，算胡自摸、寶牌，加2番": with the treasure the
    winning tile, 摟宝 doubles what 对宝 pays; it used to drop 对宝 (80/40/40 fell to 40/20/20)."""
    plain = score("123m 45p 789s 99m [111z<] *6p seat:S dealer=N bao=6p")
    lou = score("123m 45p 789s 99m [111z<] *6p seat:S dealer=N bao=6p lou_bao=true")
    assert fans(plain) == {"对宝": 2} and fans(lou) == {"对宝": 2, "摟宝": 1}
    assert paid(plain) == {"E": 40, "W": 40, "N": 80}
    assert paid(lou) == {s: 2 * a for s, a in paid(plain).items()}


@pytest.mark.parametrize("more", ["", " lou_bao=true"])
def test_a_treasure_the_hand_holds_four_of_is_refused(more):
    """"上聽後 … 看寶": the treasure is a tile turned up from the wall, so a hand with a kong of
    北 cannot have 北 as its treasure (a fifth 北)."""
    with pytest.raises(HandError) as err:
        score("123m 45p 789s 99m [4444z<] *6p seat:S dealer=N bao=4z" + more)
    assert "only four" in err.value.render("en") and "四张" in err.value.render("zh")
    # winning on the treasure itself takes the turned-up tile: four in all is fine
    assert fans(score("123m 55567p 99s [111z<] *5p seat:S bao=5p" + more)).get("对宝") == 2


# ---- 基本胡牌 ---------------------------------------------------------------------------------
@pytest.mark.parametrize("sentence,hand,message", [
    ("1、必須三色全，即手牌中必須條，餅，萬三門花色都要有。", "123m 456m 789s 11z 44s +4s",
     "all three suits"),
    ("2、若要胡牌手中不能只有2~8條，餅，萬。", "234m 456p 678s 222m 5s +5s", "only 2-8"),
    ("3、最少有一叉，明，暗的都可以", "123m 456p 789s 234m 1s +1s", "at least one pung (叉)"),
    ("5、胡牌時只有飄胡允許手把一，有吃牌或順子就不能看飄胡。", "2m [123p<] [999s>] [222z<] [333z^] +2m",
     "手把一"),
])
def test_basic_win_rules(sentence, hand, message):
    with pytest.raises(HandError, match=re.escape(message)):
        score(hand)


@pytest.mark.parametrize("hand", [
    "123m 456p 78s 11z [567z] +9s",      # 喜杠
    "123m 456p 78s 55s [1234z] +9s",     # 旋风杠
    "234m 456p 78s 55s [9m9p9s] +9s",    # 幺九蛋 (also its 9s)
    "123m 456p 789s 234m 5z +5z",        # a dragon pair
])
def test_special_kongs_and_dragons_excuse_the_pung(hand):
    """"當手牌有中發白和各種杠牌（包括旋風杠、喜杠和幺九蛋）的時可免叉\""""
    assert score(hand + " seat:S discarder=W").is_win


def test_standing_win_one_fan_more_for_the_winner_only():
    """"4、允許立門胡（不開門），胡牌多贏一番，門清別人胡不多輸。\""""
    assert fans(score("123m 45p 789s 99m 111z +6p")) == {"立门": 1}
    assert "立门" not in fans(score(PLAIN))
    concealed_kong = score("123m 45p 789s 99m {1111z} +6p")
    assert "立门" in fans(concealed_kong)


def test_all_pungs_with_one_tile_in_hand():
    """"胡牌時只有飄胡允許手把一\""""
    result = score("1m [111p<] [999s>] [222z<] [333z^] +1m seat:S discarder=W")
    assert fans(result)["飘胡"] == 2


# ---- 麻將的特殊術語 -----------------------------------------------------------------------------
@pytest.mark.parametrize("example,hand", [
    ("一萬和三萬夾胡二萬", "13m 456p 789s 99m [111z<] +2m"),
    ("8、9餅單胡7餅", "123m 89p 789s 99m [111z<] +7p"),
    ("胡3 (1、2 單胡 3)", "12m 456p 789s 99p [111z<] +3m"),
    ("單貼紅中", "123m 456p 789s [111z<] 7z +7z"),
])
def test_single_wait(example, hand):
    """"1、夾胡：胡單張、單貼和胡3、7牌都算夾胡，俗稱「一個叫」；例如一萬和三萬夾胡二萬，8、9餅單胡7餅，
    單貼紅中等。\""""
    assert fans(score(hand))["夹胡"] == 1


def test_two_sided_wait_is_not_single():
    assert "夹胡" not in fans(score(PLAIN))


def test_a_tile_that_makes_no_legal_win_is_no_call():
    """"夾胡 … 俗稱「一個叫」" with "3、最少有一叉": 1112m waits on 2m (111m and the pair 22m) and, by
    shape, on 3m (11m 123m), but with 3m the hand has no 叉 and is no win: 2m is its one call, a
    single tile for the pair (單貼), so 夹胡."""
    with pytest.raises(HandError, match="pung"):
        score("1112m 456p 789s [234s<] +3m seat:S discarder=W")
    assert fans(score("1112m 456p 789s [234s<] +2m seat:S discarder=W")) == {"夹胡": 1}


def test_treasure_tile():
    """"2、對寶：上聽後第一家打寶或後上聽看寶斗悉，寶牌正好是要胡的牌，可以直接胡，算胡自摸、寶牌，加2番。\""""
    result = score("13m 456p 789s 99m [111z<] *2m seat:S dealer=N bao=2m")
    assert fans(result) == {"夹胡": 1, "对宝": 2}
    assert paid(result) == {"E": 5 * 2 ** 4, "W": 5 * 2 ** 4, "N": 5 * 2 ** 5}


def test_all_pungs():
    """"3、飄胡：手中全是叉牌，最後對對胡或單貼胡，加2番（4倍底注）\""""
    result = score("111m 999p 555s 2z [111z<] +2z seat:S dealer=E discarder=W")
    assert fans(result) == {"飘胡": 2}  # its 单贴 finish is not also 夹胡
    assert [e.name for e in result.excluded] == ["夹胡"]
    assert paid(result)["N"] == 5 * 2 ** 2  # 4倍底注


def test_lou_bao_needs_the_treasure_and_a_self_draw():
    """"4、明聽：上聽後打寶或報聽 … 明聽後可以看寶、胡寶牌。": the treasure is won by drawing."""
    with pytest.raises(HandError, match="摟宝"):
        score(PLAIN + " lou_bao=true bao=5p")
    with pytest.raises(HandError, match="bao"):
        score(PLAIN + " bao=5x")


def test_flowers_are_refused():
    with pytest.raises(HandError, match="without flowers"):
        score(PLAIN + " 1f")


@st.composite
def northeast_hands(draw):
    """Random complete hands: runs, pungs (standing or claimed), kongs and special kongs."""
    pool = Counter({c: 4 for c in T.TILE_CODES})
    melds, closed = [], []
    for _ in range(4):
        kind = draw(st.sampled_from(["run", "run", "pung", "claimed", "chow", "kong", "special"]))
        if kind in ("run", "chow"):
            start = draw(st.sampled_from([f"{r}{s}" for s in "mps" for r in range(1, 8)]))
            tiles = tuple(f"{int(start[0]) + k}{start[1]}" for k in range(3))
        elif kind == "special":
            tiles = draw(st.sampled_from(sorted(SPECIAL_KONGS)))
        else:
            tiles = (draw(st.sampled_from(T.TILE_CODES)),) * (4 if kind == "kong" else 3)
        assume(all(pool[t] >= tiles.count(t) for t in tiles))
        assume(not (kind == "special" and any(m.tiles == tiles for m in melds)))
        pool.subtract(tiles)
        if kind in ("run", "pung"):
            closed += tiles
        elif kind == "special":
            melds.append(Meld("special_kong", tiles))
        else:
            src = draw(st.sampled_from(["left", "across", "right"]))
            mk = "chow" if kind == "chow" else "kong" if len(tiles) == 4 else "pung"
            melds.append(Meld(mk, tiles, claimed_from="left" if mk == "chow" else src))
    pair = draw(st.sampled_from([c for c in T.TILE_CODES if pool[c] >= 2]))
    closed += [pair, pair]
    win = draw(st.sampled_from(closed))
    closed.remove(win)
    seat, dealer = draw(st.sampled_from("ESWN")), draw(st.sampled_from("ESWN"))
    discarder = draw(st.sampled_from([None] + [s for s in "ESWN" if s != seat]))
    extra = {"dealer": dealer} | ({"discarder": discarder} if discarder else {})
    return Hand(tuple(T.sorted_codes(closed)), tuple(melds), win, (),
                WinContext(self_drawn=discarder is None, seat_wind=seat, extra=extra))


RULE_ERRORS = ("all three suits", "only 2-8", "at least one pung (叉)", "手把一")


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(northeast_hands())
def test_payments_sum_to_zero_over_random_hands(hand):
    """Every legal hand: three payers, each base x 2^(番 + 0..2), the sum zero; an illegal one is
    refused by one of the seed's rules, in words."""
    try:
        result = score_hand(hand, "northeast")
    except HandError as err:
        assert any(k in str(err) for k in RULE_ERRORS), str(err)
        return
    net = net_of(result.payments)
    assert sum(net.values()) == 0 and len(result.payments) == 3
    for p in result.payments:
        assert p.amount in {5 * 2 ** (result.total + k) for k in range(3)}
