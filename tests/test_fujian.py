"""Fujian mahjong (福建麻将), seed yushan-guobiao-and-others.txt section Ⅷ: every worked example
and rule of the section, quoted (the seed's text, with its stray characters, as written)."""

from __future__ import annotations

import pytest

from scoring.hand import HandError
from scoring.notation import parse_hand
from scoring.ruleset import get_ruleset, score_hand
from scoring.rulesets import fujian
from scoring.wild import wild_readings


def score(text: str, **options):
    return score_hand(parse_hand(text), "fujian", options)


def fans(result) -> dict[str, int]:
    """Each fan's points in this win; they add up to the total (checked here, every time)."""
    assert sum(f.fan * f.count for f in result.fans) == result.total
    out: dict[str, int] = {}
    for f in result.fans:
        out[f.name] = out.get(f.name, 0) + f.fan * f.count
    return out


# A plain 17-tile hand (five sets and a pair) with nothing to count but the win.
PLAIN = "123m 456m 789p 234s 567s 1z"


# ---- the detailed count's worked examples ---------------------------------------------------
# "然後各種糊牌還要依據本身的其他番數加番。。比如4番屁糊，散家就是5+4=9番，莊家是10+4是14番，
#  4番自摸散家是10+4*2=18番。莊家是20+4*2=28番。4番游金散家是15+4*3=27番，莊家是30+4*3=42番。"
@pytest.mark.parametrize("hand,non_dealer,dealer,win", [
    (f"{PLAIN} +1z 1234f", 9, 14, "屁胡"),  # four flowers: 4番
    (f"{PLAIN} *1z 1234f", 18, 28, "自摸"),
    ("123m 456m 789p 234s 567s 9m *1z 123f gold=9m", 27, 42, "游金"),  # 3 flowers + 1 gold
    # 4番 from sets: three 中 in hand (2), a claimed 东 pung (1) and one flower (1)
    ("123m 456m 789p 777z 5s [111z<] +5s 1f", 9, 14, "屁胡"),
])
def test_worked_examples(hand, non_dealer, dealer, win):
    as_player = score(f"{hand} seat:S dealer=E")
    assert as_player.total == non_dealer
    assert win in fans(as_player)
    as_dealer = score(f"{hand} seat:E dealer=E")
    assert as_dealer.total == dealer
    assert fans(as_dealer)[win] == {"屁胡": 10, "自摸": 20, "游金": 30}[win]


# ---- the detailed count's items ---------------------------------------------------------------
# "屁胡5番，莊家10翻，自摸10番，莊家20番。游金15番，莊家30番，一個花1番，金1番，大字碰1番，
#  在手三張一樣的花牌1番，在手三張一樣的大字2番，花牌碰後再杠1番，花牌光杠2番，大字碰後再杠2番，
#  大字光杠3番，花牌暗迅念世杠3番，大字暗杠4番"
@pytest.mark.parametrize("hand,item,value", [
    (f"{PLAIN} +1z 5f", "花", 1),
    ("123m 456m 789p 234s 567s 1z +1z gold=9s", "金", 0),  # gold 9s not held: nothing
    ("123m 456m 789p 234s 56s 1z 9s +1z gold=9s", "金", 1),  # the gold stands for 4s or 7s
    ("123m 456m 789p 234s 5s 1z 3z 9s +2z gold=9s", None, None),  # not a win (checked below)
    ("123m 456m 789p 234s 5s [777z<] +5s", "大字碰", 1),
    ("123m 456m 789p 234s 5s [777s<] +5s", "大字碰", 0),  # a number-tile pung: nothing
    ("123m 456m 789p 777s 234s 5s +5s", "在手三张", 1),
    ("123m 456m 789p 777z 234s 5s +5s", "在手三张", 2),
    ("123m 456m 789p 234s 5s [7777s<+] +5s", "碰后再杠", 1),
    ("123m 456m 789p 234s 5s [7777s<] +5s", "光杠", 2),
    ("123m 456m 789p 234s 5s {7777s} +5s", "暗杠", 3),
    ("123m 456m 789p 234s 5s [7777z<+] +5s", "碰后再杠", 2),
    ("123m 456m 789p 234s 5s [7777z<] +5s", "光杠", 3),
    ("123m 456m 789p 234s 5s {7777z} +5s", "暗杠", 4),
])
def test_detailed_items(hand, item, value):
    if item is None:
        with pytest.raises(HandError, match="whatever the golds stand for"):
            score(hand + " seat:S")
        return
    result = score(hand + " seat:S")
    assert result.total == 5 + value
    assert fans(result).get(item, 0) == value


def test_gold_counts_one_each():
    """"金1番": each gold held counts, whether it stood for itself or another tile."""
    result = score("123m 456m 789p 234s 567s 1z +1z gold=5m seat:S")  # the 5m of 456m is a gold
    assert fans(result)["金"] == 1 and result.total == 6


def test_pung_completed_by_the_discard_is_claimed():
    """A pung the winning discard completes was claimed (碰): 大字碰 1, not 在手三张 2."""
    result = score("123m 456m 789p 234s 55s 77z +7z seat:S")
    assert fans(result) == {"屁胡": 5, "大字碰": 1}
    drawn = score("123m 456m 789p 234s 55s 77z *7z seat:S")
    assert fans(drawn)["在手三张"] == 2 * 2  # self-drawn: items x2


# ---- the simple count -----------------------------------------------------------------------
# "一種是高衡屁胡一番，如果是莊家就是兩番，自摸兩番，莊家4番。游畝肢金3番，莊家6番。兩個花一番，
#  一個金一番，光杠1番，暗杠2番，這種演算法屬於比較簡單的。"
@pytest.mark.parametrize("hand,non_dealer,dealer", [
    (f"{PLAIN} +1z", 1, 2),
    (f"{PLAIN} *1z", 2, 4),
    ("123m 456m 789p 234s 567s 9m *1z gold=9m", 3 + 1, 6 + 1),  # 游金 and one gold
    (f"{PLAIN} +1z 123f", 1 + 1, 2 + 1),  # three flowers: one pair of them
    (f"{PLAIN} +1z 1234f", 1 + 2, 2 + 2),
    ("123m 456m 789p 234s 5s [7777z<] +5s", 1 + 1, 2 + 1),
    ("123m 456m 789p 234s 5s {7777s} +5s", 1 + 2, 2 + 2),
])
def test_simple_count(hand, non_dealer, dealer):
    assert score(f"{hand} seat:S", count="simple").total == non_dealer
    assert score(f"{hand} seat:E", count="simple").total == dealer


# ---- 连庄 -------------------------------------------------------------------------------------
def test_dealer_run_first_and_second_hand():
    """"比如我是莊家我第一把1番屁糊，那就是一人11番。。第二把我3番屁胡，那就是10+5+3=18。。如果多
    一庄就加一個擋上去。屁糊加5自摸加10游金加15。\""""
    first = score(f"{PLAIN} +1z 1f seat:E dealer=E discarder=S")
    assert first.total == 11
    assert {p.payer: p.amount for p in first.payments} == {"S": 11, "W": 11, "N": 11}  # 一人11番
    second = score(f'{PLAIN} +1z 123f seat:E dealer=E dealer_history=["屁胡"]')
    assert second.total == 10 + 5 + 3


def test_dealer_run_fourth_hand_adds_35():
    """"比如我第一把屁糊，第二把屁糊，第三把自摸第四把游金，那就是5+5+10+15。。第四把我可以多找人要
    35番": the dealer's 游金 on the fourth hand asks 35 more than the same hand by another player
    (5 + 5 + 10 for the run, 15 for the dealer's double 游金)."""
    hand = "123m 456m 789p 234s 567s 9m *1z 1f gold=9m"
    dealer = score(f'{hand} seat:E dealer=E dealer_history=["屁胡","屁胡","自摸"]')
    other = score(f"{hand} seat:S dealer=E")
    assert dealer.total - other.total == 35
    assert fans(dealer)["连庄"] == 5 + 5 + 10


def test_dealer_run_written_as_words_in_the_notation():
    """"第二把我3番屁胡，那就是10+5+3=18" and "第三把自摸第四把游金，那就是5+5+10+15", with the run
    written as the notation writes a word (dealer_history=pihu), not only as a JSON list: the
    word the refusal offers was refused."""
    second = score(f"{PLAIN} +1z 123f seat:E dealer=E dealer_history=pihu")
    assert second.total == 10 + 5 + 3
    fourth = score("123m 456m 789p 234s 567s 9m *1z 1f gold=9m seat:E dealer_history=pihu,屁胡,zimo")
    assert fans(fourth)["连庄"] == 5 + 5 + 10


def test_run_is_for_the_dealer_only():
    with pytest.raises(HandError, match="only for the dealer"):
        score(f'{PLAIN} +1z seat:S dealer=E dealer_history=["屁胡"]')
    with pytest.raises(HandError, match="pihu, zimo or youjin"):
        score(f'{PLAIN} +1z seat:E dealer_history=["平胡"]')


# ---- 游金 and the golds' best use -----------------------------------------------------------
def test_youjin_needs_self_draw():
    """游金 is self-drawn: on a discard the same tiles are a 屁胡 (the gold then stands for 1z)."""
    hand = "123m 456m 789p 234s 567s 9m {win}1z 1f gold=9m seat:S"
    assert "游金" in fans(score(hand.format(win="*")))
    discard = score(hand.format(win="+"))
    assert "屁胡" in fans(discard) and discard.total == 5 + 2


def _first_and_best(text: str, gold: str, **options):
    hand = parse_hand(text)
    readings = fujian.readings_of(hand, gold, 5)
    assert [r.wild for r in readings] == wild_readings(hand, gold, sets=5, seven_pairs=False)
    opts = get_ruleset("fujian").resolve_options(options)
    first = fujian.count_reading(readings[0], opts, False, [])
    return first, score(text, **options)


@pytest.mark.parametrize("text", [
    "1233459m567p234456s *8p seat:S gold=9m",  # one gold
    "1245699m789p234567s *7s seat:S gold=9m",  # two golds
    "234456999m68p45567s *6s seat:S gold=9m",  # three
])
def test_golds_best_use_is_not_the_first_tried(text):
    """The first reading the search meets uses the golds in runs (自摸); the best keeps one gold
    as the drawn tile's pair (游金), and the result says so."""
    # 三金倒 off: this is about the search over the golds' uses (three golds would otherwise
    # count as 游金 whatever they stand for)
    first, best = _first_and_best(text, "9m", three_golds="off")
    assert "游金" in fans(best)
    assert first.win != "youjin" and best.total > first.total
    assert any("stood for" in str(n) for n in best.notes)


def test_breakdown_says_what_each_gold_stood_for():
    result = score("123m 456m 789s 234s 46p 9m9m *7z gold=9m seat:S")
    said = [n.zh for n in result.notes if "stood for" in str(n)]
    assert sorted(said) == sorted(["9m（九万）（金）当作5p（五筒）", "9m（九万）（金）当作7z（中）"])
    assert result.extra["gold_stood_for"] == ["5p", "7z"]


# ---- bad input -------------------------------------------------------------------------------
def test_two_gold_kinds_are_refused():
    with pytest.raises(HandError, match="Only one kind of tile is wild.*5m.*6m"):
        score(f'{PLAIN} +1z gold=["5m","6m"]')


@pytest.mark.parametrize("text", [
    "1223349999m4455p67s *4p seat:S gold=9m",  # four golds standing
    "123m 456m 789p 234s 1z {9999m} *1z seat:S gold=9m",  # a concealed kong of golds
])
def test_four_golds_are_refused(text):
    """The gold: "Flip over the last tile from the dead wall ... the tile showing indicates what
    the "gold" tile is for this round. The three other tiles matching the tile on the wall are
    also gold tiles" (the Fuzhou rules docs/fujian.md follows): the turned-up copy stays on the
    wall (抢金, taking it, is not scored), so a hand holds three golds at most."""
    with pytest.raises(HandError) as err:
        score(text)
    assert "only three golds" in err.value.render("en") and "三张金" in err.value.render("zh")
    assert score("234456999m68p45567s *6s seat:S gold=9m").total  # three are fine


def test_gold_must_be_a_tile():
    with pytest.raises(HandError, match="gold must be one tile code"):
        score(f"{PLAIN} +1z gold=1f")


def test_sixteen_tiles_needed():
    with pytest.raises(HandError, match="has 15 tiles but needs 17"):
        score("123m 456m 789p 234s 5s 1z +1z")
    assert score("123m 456p 789s 234s 1z +1z seat:S", hand=13).total == 5


def test_discarder_alone_option():
    result = score(f"{PLAIN} +1z seat:S discarder=W", discard_pays="discarder")
    assert [(p.payer, p.amount) for p in result.payments] == [("W", 5)]


def test_ruleset_is_registered_with_its_options():
    rs = get_ruleset("fujian")
    assert {o.name for o in rs.options} >= {"count", "hand"}
    assert rs.resolve_options({})["count"] == "detailed"
    assert {"gold", "dealer_history"} <= set(rs.field_names)
