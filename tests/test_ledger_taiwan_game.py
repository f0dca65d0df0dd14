"""A Taiwanese table (台灣麻將, docs/taiwan.md) kept through its first 圈 and into the next, as
the players call it: each hand's payments worked out by hand at 底 100, 台 20 (docs/taiwan.md,
Payments: "Each payment is 底 + 台 x 台錢"; the dealer's 台, 莊家 1 and 連莊 2N, pass only between
the dealer and another player), the dealer's streak (連N) in each heading and in the next
hand's line, the prevailing wind as Taiwanese tables say it (東風圈, 南風圈), and the player
who discarded the winning tile named 放槍者."""

from __future__ import annotations

from pathlib import Path

import pytest

from mjlens.ledger import entries, report
from mjlens.ledger.report import hand_lines
from mjlens.ledger.store import Ledger
from mjlens.ledger.words import LedgerError
from scoring.messages import render

PLAYERS = ["阿明", "小美", "志偉", "淑芬"]
RUNS = "123m 456m 789m 234p 56p 99s"  # a two-sided wait on 4p / 7p
# (notation, winner, discarder or None, each payer's amount, the next hand's dealer and 連N)
GAME = [
    # 阿明 deals and self-draws: 門清自摸 3 + 正花 春 1, 莊家 1: 100 + 5 x 20 from each
    (f"{RUNS} *7p 1f", 0, None, {1: 200, 2: 200, 3: 200}, (0, 1)),
    # 連一: 小美 discards, 平胡 2 + 連一拉一 3 = 5
    ("[123m<] 456m 789m 234p 56p 99s +7p", 0, 1, {1: 200}, (0, 2)),
    # 連二: 志偉 self-draws 門清自摸 3 + 正花 秋、竹 2 = 5; the dealer adds 2x2+1 = 5
    (f"{RUNS} *7p 38f", 2, None, {0: 300, 1: 200, 3: 200}, (1, 0)),
    (None, None, None, {}, (1, 1)),  # 流局: 小美 keeps the deal
    # 小美 (連一) discards to 淑芬: 門清 1 + 正花 冬、菊 2 = 3, the dealer adds 3
    ("123m 456m 789m 555s 56p 99s +7p 47f", 3, 1, {1: 220}, (2, 0)),
    # 淑芬 discards to 阿明: 圈風刻 東 + 門風刻 東 = 2; the dealer 志偉 pays nothing
    ("[111z<] 456m 789m 234p 56p 99s +7p", 0, 3, {3: 140}, (3, 0)),
    # 淑芬 deals and self-draws: 門清自摸 3 + 三元牌 1 + 莊家 1
    ("123m 456m 789m 234p 99s 55z *5z", 3, None, {0: 200, 1: 200, 2: 200}, (3, 1)),
    # 小美 wins on 志偉's discard: 門清 1 + 平胡 2; the deal goes round to 阿明: 南風圈
    (f"{RUNS} +7p", 1, 2, {2: 160}, (0, 0)),
    # 南風圈: 小美's pung of 南 is both 圈風 and 門風; 阿明, dealing, discards: 2 + 1
    ("[222z<] 456m 789m 234p 56p 99s +7p", 1, 0, {0: 160}, (1, 0)),
]


@pytest.fixture
def table(tmp_path: Path) -> Ledger:
    lg = Ledger(f"sqlite:///{tmp_path / 'l.sqlite'}")
    lg.new_table("週五", PLAYERS, "taiwan", options={"base": 100, "per_tai": 20})
    return lg


def _entry(notation, winner, discarder):
    if notation is None:
        return entries.drawn()
    return entries.from_notation(notation, winner=winner, discarder=discarder)


def test_each_hand_pays_as_worked_out_by_hand_and_the_deal_moves_as_taiwan_plays(table):
    for n, (notation, winner, discarder, paid, (dealer, streak)) in enumerate(GAME, 1):
        hand = table.add("週五", _entry(notation, winner, discarder))
        got = {p["payer"]: p["amount"] for p in hand.payments}
        assert got == paid, (n, got)
        assert all(p["payee"] == winner for p in hand.payments), n
        deal = table.table("週五").deal
        assert (deal.dealer, deal.streak) == (dealer, streak), n
    view = table.table("週五")
    assert view.deal.round_wind == "S"
    assert view.totals == [600 + 200 - 300 + 140 - 200 - 160, -200 - 200 - 200 - 220 - 200 + 160
                           + 160, -200 + 700 - 200 - 160, -200 - 200 + 220 - 140 + 600]


def test_the_heading_and_the_next_hand_say_the_dealers_streak_and_the_wind_round(table):
    """The ledger counted 連莊 into the money but no line said it: the players call out
    "連二拉二" before each hand and check the 台 against it (NH48 "連1拉1為3台")."""
    for notation, winner, discarder, *_ in GAME[:3]:
        table.add("週五", _entry(notation, winner, discarder))
    view = table.table("週五")
    heads = [hand_lines(view, h, "zh-Hant")[0] for h in view.hands]
    assert heads[0] == "1. 阿明 和牌：5台（莊家 阿明，東風圈）"
    assert heads[1] == "2. 阿明 和牌：5台（莊家 阿明 連1，東風圈）"
    assert heads[2] == "3. 志偉 和牌：5台（莊家 阿明 連2，東風圈）"
    table.add("週五", entries.drawn())
    view = table.table("週五")
    assert render(report.dealer_words(view, view.deal.dealer, view.deal.streak), "zh-Hant") == "小美 連1"
    assert hand_lines(view, view.hands[-1], "zh-Hant")[0] == "4. 流局，無人支付（莊家 小美，東風圈）"
    assert hand_lines(view, view.hands[-1], "en")[0] == \
        "4. drawn hand, nobody pays  (dealer 小美, East round)"


def test_a_game_that_does_not_pay_the_streak_does_not_name_it(tmp_path):
    lg = Ledger(f"sqlite:///{tmp_path / 'l.sqlite'}")
    lg.new_table("T", PLAYERS, "gb")
    lg.add("T", entries.drawn())
    view = lg.table("T")
    assert report.dealer_words(view, view.hands[0].dealer, 1) == "阿明"


def test_the_discarder_is_called_fangqiang_at_a_taiwanese_table(table):
    """Taiwanese players say 放槍 (the rule set's reasons: 放枪的人一家付); the refusal said 放炮者."""
    with pytest.raises(LedgerError) as caught:
        table.add("週五", entries.from_notation(f"{RUNS} +7p", winner=1, discarder=1))
    assert render(caught.value.msg, "zh-Hant") == "和牌者不能同時是放槍者。"
    assert render(caught.value.msg, "zh") == "和牌者不能同时是放枪者。"


def test_the_sheet_heads_the_value_column_in_tai_and_names_are_listed_with_the_chinese_comma(table):
    """The CSV headed a column of 台 values 番數 and called a won hand 一手; a refusal listed
    the players with a Latin comma ("阿明, 小美, ...")."""
    from mjlens.ledger.report import csv_rows

    table.add("週五", _entry(*GAME[0][:3]))
    rows = csv_rows(table.table("週五"), "zh-Hant")
    assert rows[0][:5] == ["局", "類型", "和牌者", "莊家", "台數"]
    assert rows[1][:5] == ["1", "和牌", "阿明", "阿明", "5台"]
    with pytest.raises(LedgerError) as caught:
        table.table("週五").player_index("阿三")
    assert "阿明、小美、志偉、淑芬" in render(caught.value.msg, "zh-Hant")


def test_who_deals_next_cites_the_taiwanese_table(table):
    """The rule's source said only "台灣麻將計連莊", citing nothing; docs/taiwan.md quotes
    TABLE16 "莊家胡牌(或流局)即可連莊"."""
    source = table.table("週五").rotation.source
    assert render(source, "zh-Hant") == "台灣十六張麻將台數表：「莊家胡牌(或流局)即可連莊」"


def test_a_drawn_hand_keeps_the_deal_unless_the_table_plays_liuju_guozhuang(tmp_path):
    """A drawn hand (流局) always kept the deal (TABLE16 "莊家胡牌(或流局)即可連莊"); houses that
    pass it (流局過莊) set the table's option drawn_deal=pass, and then only the dealer's own
    win keeps the deal."""
    lg = Ledger(f"sqlite:///{tmp_path / 'l.sqlite'}")
    lg.new_table("連莊", PLAYERS, "taiwan")
    lg.new_table("過莊", PLAYERS, "taiwan", options={"drawn_deal": "pass"})
    for name in ("連莊", "過莊"):
        lg.add(name, entries.drawn())
    kept, passed = lg.table("連莊"), lg.table("過莊")
    assert (kept.deal.dealer, kept.deal.streak) == (0, 1)
    assert (passed.deal.dealer, passed.deal.streak) == (1, 0)
    assert render(passed.rotation.rule, "zh-Hant") == \
        "莊家和牌才連莊；流局或別家和牌則由下家坐莊（流局過莊）"
    lg.add("過莊", _entry(f"{RUNS} *7p", 1, None))  # 小美, dealing, wins: keeps the deal
    assert (lg.table("過莊").deal.dealer, lg.table("過莊").deal.streak) == (1, 1)
    lg.add("過莊", _entry(f"{RUNS} +7p", 2, 3))  # 志偉 wins: the deal passes
    assert lg.table("過莊").deal.dealer == 2
    with pytest.raises(LedgerError):
        lg.new_table("亂", PLAYERS, "taiwan", options={"drawn_deal": "maybe"})


def test_a_jiang_of_four_rounds_ends_after_north_and_the_table_may_go_on(table):
    """After the North round the wind went back to East without a word: the game (一將, four
    rounds) ended and nobody was told. Sixteen drawn hands at a 流局過莊 table pass the deal
    round four times."""
    table.new_table("一將", PLAYERS, "taiwan", options={"drawn_deal": "pass"})
    for n in range(1, 17):
        table.add("一將", entries.drawn())
        assert table.table("一將").games_ended == ([16] if n == 16 else []), n
    view = table.table("一將")
    assert view.deal.round_wind == "E" and report.table_json(view)["games_ended_after"] == [16]
    said = render(report.game_over(view), "zh-Hant")
    assert said.startswith("這一場（一將：東南西北四圈）在第 16 局後打完"), said
    table.add("一將", entries.drawn())  # the table goes on: the end stays said, hands count on
    assert table.table("一將").games_ended == [16] and len(table.table("一將").hands) == 17
    assert report.game_over(table.table("週五")) is None


def test_table_show_says_the_game_ended(tmp_path, capsys):
    from mjlens.commands.table import _print_view

    lg = Ledger(f"sqlite:///{tmp_path / 'l.sqlite'}")
    lg.new_table("T", PLAYERS, "gb")
    for _ in range(16):
        lg.add("T", entries.drawn())
    _print_view(lg.table("T"), "en")
    assert "The game (four rounds, East to North) ended after hand 16" in capsys.readouterr().out
