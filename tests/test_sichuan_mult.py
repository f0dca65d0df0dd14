"""The multiplier table of seed yushan-guobiao-and-others.txt section Ⅸ ("麻將怎麼算錢"):
every row is a test, quoting it."""

from __future__ import annotations

import pytest

from scoring.hand import HandError
from scoring.notation import parse_hand
from scoring.ruleset import score_hand


def score(text: str, **options):
    return score_hand(parse_hand(text), "sichuan_mult", options)


ROWS = [
    ("一、屁和（1番）底金×1", "23445677m 34578p +9p", "屁和", 1),
    ("二、對對和（2番）底金×2", "111333m [444m] 6667p +7p", "对对和", 2),
    ("三、門前清對對和（5番）底金×5", "111333444m 6667p +7p", "门前清对对和", 5),
    ("八、清一色（4番）底金×4", "2345678899m [111m] +9m", "清一色", 4),
    ("九、清對對胡（8番）底金×8", "222444555m 9m [777m] +9m", "清对对胡", 8),
    ("十、門前清清一色（8番）底金×8", "1122334567899m +9m", "门前清清一色", 8),
    ("十三、七對（4番）底金×4", "11334466m 55779p +9p", "七对", 4),
    ("十四、龍七對（8番）底金×8", "11222244p 55779m +9m", "龙七对", 8),
    ("十五、雙龍七對（16番）底金×16", "11112222p 33557m +7m", "双龙七对", 16),
    ("十六、三龍七對（64番）底金×64", "11112222p 33335m +5m", "三龙七对", 64),
    ("十七、清七對（32番）底金×32", "1133446677889s +9s", "清七对", 32),
    ("十八、清龍七對（64番）底金×64", "1111335577889p +9p", "清龙七对", 64),
    ("十九、清雙龍七對（128番）底金×128", "1111222233557p +7p", "清双龙七对", 128),
    ("二十、清三龍七對（256番）底金×256", "1111222233335p +5p", "清三龙七对", 256),
]


@pytest.mark.parametrize("sentence,hand,pattern,multiple", ROWS)
def test_seed_ix_table(sentence, hand, pattern, multiple):
    result = score(hand, base=2)
    assert result.fans[0].name == pattern
    assert result.total == multiple
    assert result.extra["per_payer"] == 2 * multiple


@pytest.mark.parametrize("sentence,hand,multiple", [
    ("四、明杠（+1番）底金×2", "234456m 7m 345p [8888p] +7m", 2),
    ("五、暗杠（+1番）底金×2", "234456m 7m 345p {8888p} +7m", 2),
    ("六、搶杠和（+2番）底金×4", "23445677m 34578p +9p robbing-kong", 4),
    # 杠上花 always follows a kong: the kong doubles and 杠上花 multiplies by four.
    ("七、杠上花（+2番）底金×4", "234456m 7m 345p {8888p} *7m kong-replacement", 8),
])
def test_seed_ix_kongs_multiply(sentence, hand, multiple):
    assert score(hand).total == multiple


def test_seed_ix_kong_items_say_their_multiple_in_english():
    """四、明杠（+1番）底金×2 / 六、搶杠和（+2番）底金×4: the English why of 抢杠和 and 杠上花 was "+2番:
    底金×4", Chinese words alone, and the kong's "+1番: doubles the stake"."""
    result = score("234456m 7m 345p {8888p} *7m kong-replacement")
    why = {f.name: f.why for f in result.fans}
    assert why["杠上花"].en == "the stake x4 (+2番 底金×4)"
    assert why["暗杠"].en == "the stake x2 (+1番 底金×2)"
    assert why["杠上花"].zh == "加2番：底金×4"


@pytest.mark.parametrize("sentence,hand,multiple", [
    ("十一、包賠清一色（12番）底金×4×3", "2345678899m [111m] +9m baopei=true", 12),
    ("十二、包賠對對胡清一色（24番）底金×8×3", "222444555m 9m [777m] +9m baopei=true", 24),
])
def test_seed_ix_full_payment(sentence, hand, multiple):
    result = score(hand + " seat:S discarder=W")
    assert result.total == multiple
    assert [(p.payer, p.amount) for p in result.payments] == [("W", multiple)]


def test_full_payment_needs_a_discard():
    with pytest.raises(HandError, match="包赔"):
        score("2345678899m [111m] *9m baopei=true")


def test_cap_option():
    assert score("1111222233335p +5p", cap=64).extra["per_payer"] == 64
