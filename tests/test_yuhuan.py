"""Yuhuan mahjong (玉环麻将), seed yushan-guobiao-and-others.txt section Ⅳ 玉環麻將胡頭怎麼算 and
its 扩展阅读: every rule of the 胡数 table, quoted, and the 财神 (wild) against brute force."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import combinations_with_replacement

import pytest

from scoring import tiles as T
from scoring.hand import HandError
from scoring.notation import parse_hand
from scoring.ruleset import score_hand
from scoring.rulesets import yuhuan
from scoring.wild import wild_readings
from tests.wild_hands import random_win


def score(text: str, **options):
    return score_hand(parse_hand(text), "yuhuan", options)


def fans(result) -> dict[str, int]:
    out: dict[str, int] = {}
    for f in result.fans:
        out[f.name] = out.get(f.name, 0) + f.fan * f.count
    return out


# Five runs and a pair of 1s, won on a discard with an open wait (4s or 7s): nothing but 底胡.
PLAIN = "123m 456m 789p 234s 99s 56s +4s seat:S"


def test_base_is_twenty_for_the_winner():
    """"基礎胡數 =20+ 牌中的胡數。其中20是底胡，只有胡牌的人可以額外獲得。\""""
    result = score(PLAIN)
    assert result.total == 20 and fans(result) == {"底胡": 20}
    assert [(p.payer, p.amount) for p in result.payments] == [("E", 20)]  # 上家 of South


def test_each_bonus_tile_is_four():
    """"摸到每個杠花算 4 胡。\""""
    assert score(PLAIN + " bonus=3").total == 20 + 12


@pytest.mark.parametrize("pair,value", [("7z", 2), ("6z", 2), ("2z", 2), ("1z", 0), ("4z", 0),
                                        ("9s", 0)])
def test_pair_of_red_green_or_own_wind(pair, value):
    """"摸到 2 個中、發、和自己位置相對應的風，算 2 胡。" (the winner sits South: 2z)."""
    result = score(f"123m 456m 789p 234s 56s {pair[0] * 2}{pair[1]} +4s seat:S")
    assert result.total == 20 + value


@pytest.mark.parametrize("meld,value", [
    ("[111z<]", 4), ("111z", 8), ("[1111z<]", 16), ("[1111z<+]", 16), ("{1111z}", 32),
    ("[999p<]", 4), ("999p", 8), ("[9999p<]", 16), ("{9999p}", 32),
    ("[555p<]", 2), ("555p", 4), ("[5555p<]", 8), ("[5555p<+]", 8), ("{5555p}", 16),
])
def test_pungs_and_kongs(meld, value):
    """"碰到字牌和一九的牌都算 4 胡，暗刻8胡，明杠和補杠算 16 胡，暗杠算 32 胡 。"
    "碰到普通牌時為2胡，暗刻4胡，明杠和補杠算 8 胡，暗杠算 16 胡 。\""""
    result = score(f"123m 456m 234s 99s 56s {meld} +4s seat:S")
    assert result.total == 20 + value
    assert fans(result)["刻杠"] == value


def test_pung_completed_by_the_discard_counts_as_claimed():
    result = score("123m 456m 789p 234s 99s 55p +5p seat:S")
    assert fans(result)["刻杠"] == 2  # not the concealed pung's 4
    assert fans(score("123m 456m 789p 234s 99s 55p *5p seat:S"))["刻杠"] == 4


@pytest.mark.parametrize("hand,how", [
    ("123m 456m 789p 234s 99s 46s {win}5s", "坎档"),  # the middle of 456s
    ("123m 456m 789p 456p 99s 12s {win}3s", "靠壁"),  # 3 of 12
    ("123m 456m 789p 234s 99s 89s {win}7s", "靠壁"),  # 7 of 89
    ("123m 456m 789p 234s 567s 9s {win}9s", "将牌"),  # the pair
])
def test_special_waits(hand, how):
    """"聽的牌為坎檔、靠壁、將牌 3 種情況時，自摸算 4 胡；別人「放沖」算兩胡。\""""
    drawn = score(hand.format(win="*") + " seat:S")
    assert fans(drawn)["听牌"] == 4 and how in str(next(f.why for f in drawn.fans if f.name == "听牌"))
    on_discard = score(hand.format(win="+") + " seat:S")
    assert fans(on_discard)["听牌"] == 2


def test_other_waits():
    """"其他牌型， 自摸算 2 胡，「放沖」沒有胡數。\""""
    assert fans(score(PLAIN.replace("+4s", "*4s")))["自摸"] == 2
    assert score(PLAIN).total == 20


# ---- the tiles: 16 in hand, no flowers, 白板 the 杠花 or the 财神 ---------------------------
def test_sixteen_tiles():
    """"每人手裡抓 16 張牌": a win is 17 tiles; 15 are refused in words."""
    with pytest.raises(HandError, match="has 15 tiles but needs 17"):
        score("123m 456m 789p 234s 9s 5s +5s")


def test_no_flowers():
    """"在玉環麻將中，沒有春夏秋冬梅蘭竹菊這8張花。\""""
    with pytest.raises(HandError, match="no flower tiles"):
        score(PLAIN + " 1f")


def test_white_is_the_bonus_tile():
    """"當白板不為財神時，白板作為杠花，摸到後從牌堆最後補花。": a 白板 is never held."""
    with pytest.raises(HandError, match="5z .White. is the 杠花"):
        score("123m 456m 789p 234s 56s 5z5z +4s")


def test_with_caishen_white_is_wild_and_red_the_bonus_tile():
    """"當白板為財神時，紅中作為杠花。": 白板 then stands for any tile and 红中 is set aside."""
    result = score("123m 456m 789p 234s 99s 5s 5z +4s", caishen=True)
    assert result.extra["wild_stood_for"] in (["3s"], ["6s"])
    with pytest.raises(HandError, match="7z .Red. is the 杠花"):
        score("123m 456m 789p 234s 56s 7z7z +4s", caishen=True)


def test_wild_named_without_caishen_is_refused():
    with pytest.raises(HandError, match="without a 财神"):
        score(PLAIN + " wild=5z")


def test_two_wild_kinds_are_refused():
    with pytest.raises(HandError, match="Only one kind of tile is wild"):
        score(PLAIN + ' wild=["5z","3m"]', caishen=True)


@pytest.mark.parametrize("text,want", [
    # one 财神: 1m beside 11m makes a concealed terminal pung (8) rather than 1s's pair wait
    ("11234m345999p11s566z *1s", "111m"),
    # two: 5m and 9p (a concealed 999p, 8) rather than runs
    ("1113m34599p111s5566z *4m", "999p"),
    # three: two 1m and a 3m, the 东 pung kept concealed
    ("12334m567p456s11555z *1z", "111z"),
    # four: 2m, 3m and a pair of 发 made a pung
    ("233m567p456s1115556z *5z", "666z"),
])
def test_caishen_best_use_is_not_the_first_tried(text, want):
    """The first reading the search meets is not the best; the result is the best of all."""
    hand = parse_hand(text + " seat:S")
    readings = wild_readings(hand, "5z", sets=5, seven_pairs=False)
    first = yuhuan.count_reading(readings[0], hand, 0, "7z").total
    best = score(text + " seat:S", caishen=True)
    assert best.total > first
    assert best.total == max(yuhuan.count_reading(r, hand, 0, "7z").total for r in readings)
    assert want in best.arrangement.split()
    assert len(best.extra["wild_stood_for"]) == hand.closed_tiles.count("5z")


def _brute_best(hand, wild):
    """The best 胡数 over every tile each 财神 could be (a tile at most four times)."""
    slots = [c for c in hand.closed_tiles if c == wild]
    natural = [c for c in hand.closed_tiles if c != wild]
    declared = [t for m in hand.melds for t in m.tiles]
    best = None
    for fill in combinations_with_replacement(T.TILE_CODES, len(slots)):
        tiles = natural + list(fill)
        if any(tiles.count(c) + declared.count(c) > 4 for c in set(fill)):
            continue
        wins = [hand.win_tile] if hand.win_tile != wild else list(dict.fromkeys(fill))
        for win in wins:
            rest = list(tiles)
            rest.remove(win)
            plain = replace(hand, concealed=tuple(T.sorted_codes(rest)), win_tile=win)
            for r in wild_readings(plain, None, sets=5, seven_pairs=False):
                v = yuhuan.count_reading(r, hand, 0, "7z").total
                best = v if best is None else max(best, v)
    return best


def test_caishen_best_score_matches_brute_force():
    """300 random 17-tile hands with one or two 财神 (白板): the rule set's 胡数 is the best over
    every substitution, found by trying every tile for every 财神."""
    rng = random.Random(17)
    checked = wins = 0
    while checked < 300:
        hand = random_win(rng, 5, rng.randint(0, 2))
        if any(c in ("5z", "7z") for c in hand.all_tiles):
            continue
        closed = list(hand.closed_tiles)
        for i in rng.sample(range(len(closed)), rng.choice((1, 1, 2))):
            closed[i] = "5z"
        win = closed.pop()
        hand = replace(hand, concealed=tuple(T.sorted_codes(closed)), win_tile=win)
        hand = hand.with_context(self_drawn=rng.random() < 0.5, seat_wind="S")
        expected = _brute_best(hand, "5z")
        checked += 1
        if expected is None:
            with pytest.raises(HandError):
                score_hand(hand, "yuhuan", {"caishen": True})
            continue
        wins += 1
        assert score_hand(hand, "yuhuan", {"caishen": True}).total == expected, hand
    assert wins > 250


# ---- payments (docs/yuhuan.md) ---------------------------------------------------------------
def test_self_drawn_each_pays():
    result = score(PLAIN.replace("+4s", "*4s"))
    assert {p.payer: p.amount for p in result.payments} == {"E": 22, "W": 22, "N": 22}
    doubled = score(PLAIN.replace("+4s", "*4s"), self_drawn_double=True)
    assert {p.amount for p in doubled.payments} == {44}


def test_discard_pays_option():
    result = score(PLAIN + " discarder=N", discard_pays="all")
    assert {p.payer: p.amount for p in result.payments} == {"E": 20, "W": 20, "N": 20}
    assert [p.payer for p in score(PLAIN + " discarder=N").payments] == ["N"]
