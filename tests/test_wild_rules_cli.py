"""`mjlens score --rules fujian|yuhuan` driven as a player drives it: notation, JSON, JSON Lines,
`--lang zh`, 0-4 jokers (金 / 财神; four golds are refused), 16- and 13-tile hands, flowers and 杠花, and bad input.
Every bad hand: exit 2, a message in both languages, no traceback, never a score. Every score:
payments that sum to zero, each with its reason in both languages, and one note per joker saying
what it stood for."""

from __future__ import annotations

import io
import json
import re

import pytest

from mjlens.cli import main
from scoring.hand import Hand, HandError
from scoring.notation import parse_hand
from scoring.ruleset import get_ruleset, score_hand

CJK = re.compile(r"[\u4e00-\u9fff]")
FUJIAN16 = "123m 456m 789p 234s 567s"  # five sets; add a pair (or a half pair and the win)
YUHUAN16 = "123m 456m 789p 234s"


def _run(capsys, monkeypatch, argv, stdin):
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    status = main(argv)
    out = capsys.readouterr()
    return status, out.out, out.err


def _score_json(capsys, monkeypatch, rules, hand, *options):
    argv = ["score", "--rules", rules, "--json"] + [a for o in options for a in ("-o", o)]
    status, out, err = _run(capsys, monkeypatch, argv, hand)
    return status, json.loads(out)


# ---------------------------------------------------------------- scores a player can check

@pytest.mark.parametrize(("rules", "hand", "options", "jokers"), [
    ("fujian", f"{FUJIAN16} 1z +1z seat:S", (), 0),
    ("fujian", f"{FUJIAN16} 9m *1z gold=9m seat:S", (), 1),
    ("fujian", f"{FUJIAN16} 9m *9m gold=9m seat:E 12f", (), 2),
    ("fujian", "123m 456m 789p 9m9m9m 1z *1z gold=9m seat:S", ("hand=13",), 3),
    ("fujian", f"{FUJIAN16} 9m +1z gold=9m seat:S discarder=N", ("discard_pays=discarder",), 1),
    ("fujian", f"{FUJIAN16} 1z *1z seat:S 1234f", ("count=simple",), 0),
    ("yuhuan", f"{YUHUAN16} 111z 6z *6z seat:S bonus=2", (), 0),
    ("yuhuan", f"{YUHUAN16} 678s 5z *1z seat:S", ("caishen=true",), 1),
    ("yuhuan", f"{YUHUAN16} 9s 5z5z 1z *1z seat:S", ("caishen=true", "self_drawn_double=true"), 2),
    ("yuhuan", "123m 456m 789p 5z5z5z 99s 5s 1z +1z seat:S", ("caishen=true",), 3),
    ("yuhuan", "123m 456m 789p 5z5z5z5z 99s 1z *1z seat:S bonus=1", ("caishen=true",), 4),
    ("yuhuan", f"{YUHUAN16} 678s 6z *6z seat:S wild=6z bonus=3", ("caishen=true",), 2),
])
def test_a_score_says_who_pays_whom_why_and_what_each_joker_stood_for(
        capsys, monkeypatch, rules, hand, options, jokers):
    status, result = _score_json(capsys, monkeypatch, rules, hand, *options)
    assert status == 0, result
    assert result["total"] == sum(f["fan"] * f["count"] for f in result["fans"])
    pays = result["payments"]
    assert pays and sum(result["net"].values()) == 0
    for p in pays:
        assert p["payer"] != p["payee"] and p["amount"] > 0
        assert p["reason"] and CJK.search(p["reason_zh"])
    stood = result["gold_stood_for" if rules == "fujian" else "wild_stood_for"]
    assert len(stood) == jokers
    joker_notes = [n for n in result["notes_zh"] if "当作" in n]
    assert len(joker_notes) == jokers
    assert len([n for n in result["notes"] if "stood for" in n]) == jokers
    # the human breakdown in Chinese says the same
    argv = ["score", "--rules", rules, "--lang", "zh"] + [a for o in options for a in ("-o", o)]
    status, out, _ = _run(capsys, monkeypatch, argv, hand)
    assert status == 0 and "支付" in out and out.count("当作") == jokers


def test_notation_json_and_json_lines_agree(capsys, monkeypatch):
    """The same 16-tile hand with two golds by notation, by contract JSON and on a JSON Lines
    line beside a bad one (exit 2, the good one still scored)."""
    text = f"{FUJIAN16} 9m *9m gold=9m seat:E 12f dealer_history=[\"屁胡\"]"
    hand = parse_hand(text).to_json()
    _, from_text = _score_json(capsys, monkeypatch, "fujian", text)
    _, from_json = _score_json(capsys, monkeypatch, "fujian", json.dumps(hand))
    assert from_text == from_json
    lines = json.dumps(hand) + "\n" + json.dumps({**hand, "gold": ["9m", "8m"]}) + "\n"
    status, out, _ = _run(capsys, monkeypatch, ["score", "--rules", "fujian", "--json"], lines)
    first, second = (json.loads(line) for line in out.splitlines())
    assert status == 2 and first == from_text
    assert "Only one kind" in second["error"] and CJK.search(second["error_zh"])


# ---------------------------------------------------------------- bad input

BAD = [
    ("fujian", f'{FUJIAN16} 9m *1z gold=["9m","8m"]', (), "one kind"),  # two gold kinds
    ("fujian", f"{FUJIAN16} 9m *1z gold=9z", (), "tile code"),
    ("fujian", f"{FUJIAN16} 9m *1z gold=1f", (), "tile code"),
    ("fujian", f"{FUJIAN16} 9m *1z wild=9m", (), "no key “wild=”"),  # yuhuan's field in fujian
    ("yuhuan", f"{FUJIAN16} 9m *1z gold=9m", (), "no key “gold=”"),  # fujian's field in yuhuan
    ("fujian", f"{FUJIAN16} 9m *1z gold=9m", ("hand=13",), "needs 14"),  # 17 tiles under hand=13
    ("fujian", "123m 456m 789p 234s 9m *1z gold=9m", (), "needs 17"),  # 14 tiles under hand=16
    ("fujian", "123m 456m 789p 234s 9m9m9m9m *9m gold=9m", (), "only four"),  # a fifth gold
    ("fujian", "9m9m9m9m 456m 789p 234s *1z gold=9m seat:W", ("hand=13",), "only three golds"),
    ("yuhuan", "123m 456m 789p 234s 5z5z5z5z *5z", ("caishen=true",), "only four"),  # a fifth 财神
    ("fujian", f"{FUJIAN16} 9m *1q", (), "Cannot read"),
    # bare words are a list since 6753a37 (dealer_history=pihu,zimo); an unknown one is not
    ("fujian", f"{FUJIAN16} 1z *1z dealer_history=屁胡,乱胡", (), "dealer_history"),
    ("fujian", f'{FUJIAN16} 1z *1z dealer_history=["平胡"]', (), "dealer_history"),
    ("fujian", f"{FUJIAN16} 1z *1z dealer_history=[1]", (), "dealer_history"),
    ("fujian", f'{FUJIAN16} 1z *1z dealer_history=["屁胡"] seat:S', (), "not the dealer"),
    ("yuhuan", f"{YUHUAN16} 111z 6z *6z 1f", (), "no flower"),
    ("yuhuan", f"{YUHUAN16} 111z 5z *5z", (), "杠花"),  # a held 杠花
    ("yuhuan", f"{YUHUAN16} 111z 6z *6z wild=6z", (), "without a 财神"),
    ("yuhuan", f"{YUHUAN16} 111z 6z *6z bonus=5", (), "bonus"),
    ("fujian", f"{FUJIAN16} 2z *1z gold=9m", (), "do not make a winning hand"),
]


@pytest.mark.parametrize(("rules", "hand", "options", "words"), BAD)
def test_bad_hand_is_refused_in_both_languages(capsys, monkeypatch, rules, hand, options, words):
    opts = [a for o in options for a in ("-o", o)]
    status, out, err = _run(capsys, monkeypatch, ["score", "--rules", rules, *opts], hand)
    assert status == 2 and not out and words in err and "Traceback" not in err
    status, out, err = _run(capsys, monkeypatch, ["score", "--rules", rules, "--lang", "zh",
                                                  *opts], hand)
    assert status == 2 and err.startswith("错误") and CJK.search(err.split("：", 1)[1])


@pytest.mark.parametrize(("rules", "hand"), [("fujian", f"{FUJIAN16} 1z +1z seat:S"),
                                             ("yuhuan", f"{YUHUAN16} 111z 6z *6z seat:S")])
def test_a_zero_stake_is_refused(capsys, monkeypatch, rules, hand):
    """`-o stake=0` scored the hand and listed no payment at all: a win nobody pays."""
    status, out, err = _run(capsys, monkeypatch, ["score", "--rules", rules, "-o", "stake=0"], hand)
    assert status == 2 and "at least 1" in err and not out


def test_no_gold_no_word_of_golds():
    """A hand without a gold that makes no win was told "whatever the golds stand for"."""
    with pytest.raises(HandError) as err:
        score_hand(parse_hand(f"{FUJIAN16} 2z +1z"), "fujian")
    assert "gold" not in err.value.render("en") and "金" not in err.value.render("zh")


@pytest.mark.parametrize("meld", ["[999m]", "[9999m]", "[9999m+]", "[789'm]"])
def test_a_claimed_gold_is_refused(meld):
    """福州麻将: "摸到“金”的玩家如果打出这张牌……其他玩家也不能吃、碰、杠这张“金牌”" (tcy365.com,
    福州麻将抢金规则): a discarded gold is never claimed, so an exposed pung or kong of the gold
    kind, or a chow whose claimed tile is the gold, cannot be on the table. It was scored."""
    hand = parse_hand(f"{meld} 456m 789p 234s 567s 1z *1z gold=9m seat:S")
    with pytest.raises(HandError) as err:
        score_hand(hand, "fujian")
    assert "claimed" in err.value.render("en") and "金" in err.value.render("zh")


def test_a_gold_in_own_chow_or_concealed_kong_is_itself():
    """A gold used as itself in a chow whose claimed tile is another, or in a concealed kong,
    is not a claimed gold: still scored. A concealed kong of golds needs all four, and one is
    the turned-up tile on the wall: refused as four golds."""
    result = score_hand(parse_hand("[7'89m] 456m 789p 234s 567s 1z *1z gold=9m seat:S"), "fujian")
    assert result.total > 0
    with pytest.raises(HandError, match="only three golds"):
        score_hand(parse_hand("{9999m} 456m 789p 234s 567s 1z *1z gold=9m seat:S"), "fujian")
    assert score_hand(parse_hand("{9999m} 456m 789p 234s 567s 1z *1z gold=8m seat:S"),
                      "fujian").total > 0  # a concealed kong of another kind is as before


def test_rules_in_chinese_show_the_descriptions(capsys, monkeypatch):
    """`mjlens rules --lang zh` printed both games' descriptions in English."""
    status, out, _ = _run(capsys, monkeypatch, ["rules", "--lang", "zh"], "")
    assert status == 0
    for rid in ("fujian", "yuhuan"):
        block = ("\n" + out).split(f"\n{rid} ", 1)[1].split("\n", 2)[1]
        assert block.strip() == get_ruleset(rid).description_zh
        assert CJK.search(block) and "tiles" not in block


def test_null_dealer_history_means_none():
    """JSON null means the field left out (as `"dealer": null` does); dealer_history=null was
    refused as "not None"."""
    hand = parse_hand(f"{FUJIAN16} 1z *1z").to_json()
    with_null = score_hand(Hand.from_json({**hand, "dealer_history": None}), "fujian")
    assert with_null.to_json() == score_hand(Hand.from_json(hand), "fujian").to_json()


def test_two_wild_kinds_read_in_chinese():
    """The Chinese refusal read "一手牌只有一种牌是gold" (the field's name as if it were a word)."""
    with pytest.raises(HandError) as err:
        score_hand(parse_hand(f'{FUJIAN16} 9m *1z gold=["9m","8m"]'), "fujian")
    assert "百搭" in err.value.render("zh") and "只有一种牌是gold" not in err.value.render("zh")


def test_a_turned_up_caishen_has_three_copies_in_play():
    """docs/yuhuan.md's source for a 财神 other than 白板: "把紧跟着的一张牌翻开放到最后作为财神。
    财神共有3个" (gotaobaowang.com, 玉环麻将): the turned-up copy lies face up, so a hand cannot
    hold four of that kind. It scored `wild=6z` with four 6z. 白板 as the seed's 财神 keeps four."""
    four = parse_hand("123m 456m 789p 234s 6z6z6z 9s *6z seat:S wild=6z")
    with pytest.raises(HandError) as err:
        score_hand(four, "yuhuan", {"caishen": True})
    assert "财神共有3个" in err.value.render("en") and "3张" in err.value.render("zh")
    three = parse_hand("123m 456m 789p 234s 6z6z 99s *6z seat:S wild=6z")
    assert score_hand(three, "yuhuan", {"caishen": True}).total > 0
    white = parse_hand("123m 456m 789p 234s 5z5z5z 9s *5z seat:S")
    assert score_hand(white, "yuhuan", {"caishen": True}).extra["wild_stood_for"]


# ---------------------------------------------------------------- 三金倒 (option three_golds)

def test_three_golds_win_whatever_the_other_tiles():
    """三金倒: "起手或在臭庄前只要手里拿三个金不管其他牌是什么牌，即可和牌" and "三金倒，可以算游金"
    (厦门麻将, pharmst.cn); Fuzhou: "三金倒 宝牌が1人の手牌に3枚ともある場合、自摸扱いになる",
    "三金倒→3倍" (kityou.hatenablog.jp, 福州麻雀). Counted as 游金: 15 + items x3. Such a hand
    was refused as "not a winning hand"."""
    text = "13m 47p 258s 9m9m 1357z *9m gold=9m seat:S 12f"  # no sets at all
    result = score_hand(parse_hand(text), "fujian", {"hand": 13})
    assert result.fans[0].name == "三金倒" and result.total == 15 + (2 + 3) * 3
    assert result.extra["win"] == "sanjindao"
    with pytest.raises(HandError, match="do not make a winning hand"):
        score_hand(parse_hand(text), "fujian", {"hand": 13, "three_golds": "off"})
    with pytest.raises(HandError, match="do not make a winning hand"):  # on a discard: no
        score_hand(parse_hand(text.replace("*9m", "+9m")), "fujian", {"hand": 13})


def test_three_golds_that_also_swim_are_named_youjin():
    """A hand that is a 游金 and a 三金倒 at once counts once, as 游金 (the seed's word), with
    三金倒 listed as not counted."""
    result = score_hand(parse_hand("123m 456m 789p 234s 9m9m9m 5s *5s gold=9m seat:W"), "fujian")
    assert result.extra["win"] == "youjin" and result.total == 15 + 3 * 3
    assert "三金倒" in [e.name for e in result.excluded]
