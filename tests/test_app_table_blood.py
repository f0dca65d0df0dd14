"""The Table page at a 血战到底 table when the wall runs out (mjlens/ui/table_blood.py): the
players still in type their tiles and Drawn hand settles 查花猪 and 查叫 (AppTest)."""

from __future__ import annotations

from mjlens.ledger.store import Ledger
from tests.test_app_table import add, page, shown, start, totals, url  # noqa: F401
from tests.test_ledger_wall_end import ANN, BO, CY, DI


def test_the_wall_runs_out_after_a_win_and_drawn_hand_settles_chajiao(url):  # noqa: F811
    """Drawn hand recorded a new hand where nobody paid: the flower pig and the player who was
    not ready paid nothing, and the hand with Bo's win never reached the end of its wall."""
    at = start(page(), rules="sichuan")
    add(at, BO, 1, "-")
    at.checkbox(key="tb-more").check().run()
    # Bo has won: only the three still in are asked, seated as in hand 1
    labels = [t.label for t in at.text_input if t.key.startswith("tb-end-")]
    assert labels == ["Ann (East): tiles held", "Cy (West): tiles held",
                      "Di (North): tiles held"]
    at.button(key="tb-draw").click().run()
    assert "with Ann, Cy, Di still in" in at.error[0].value
    for key, tiles in (("tb-end-0", ANN), ("tb-end-2", CY), ("tb-end-3", DI)):
        at.text_input(key=key).set_value(tiles)
    at.button(key="tb-draw").click().run()
    assert not at.exception, at.exception
    assert "Hand 1: the wall ran out; 查花猪 and 查叫 are settled." in shown(at)
    assert totals(at) == ["1", "24", "-24", "-1"]
    assert "Cy pays Di 8: 查花猪: Cy (W) still holds three suits" in shown(at)
    assert "Di pays Ann 1: 查叫: Di (N) is not ready" in shown(at)
    assert len(Ledger(url).table("Friday").hands) == 1
    assert not at.checkbox(key="tb-more").value


def test_the_chinese_page_asks_for_the_tiles_in_chinese(url):  # noqa: F811
    at = start(page("zh"), rules="sichuan")
    assert at.expander(key="tb-end-exp").label == "荒牌时仍在局中各家手里的牌（查叫、查花猪）"
    for i, tiles in enumerate((ANN, "1112223334445m", CY, DI)):
        at.text_input(key=f"tb-end-{i}").set_value(tiles)
    at.button(key="tb-draw").click().run()
    assert "第 1 局荒牌：已查花猪、查叫。" in shown(at)
    assert "Cy 付给 Ann 8：查花猪" in shown(at)
    # a gb table has no such box
    assert not [e for e in start(page(), name="Saturday").expander if e.key == "tb-end-exp"]


def test_one_win_of_a_hand_with_three_winners_is_corrected_and_the_others_stay(url):  # noqa: F811
    """Cy won on Ann's discard, not Di's. The box started from the first winner and, for a
    round, asked for a hand to type, which then replaced the whole round: Bo's and Ann's wins
    were gone. It now corrects the win chosen; worked by hand: Ann pays Cy 8 instead of Di."""
    at = start(page(), rules="sichuan")
    add(at, BO, 1, "-")
    at.checkbox(key="tb-more").check()
    add(at, "111222333p 4477p +7p", 2, 3)
    at.checkbox(key="tb-more").check()
    add(at, "123456789s 55s 88p +8p", 0, 3)
    assert totals(at) == ["-7", "24", "0", "-17"]
    at.selectbox(key="tb-fix-seq").set_value(1).run()
    assert at.selectbox(key="tb-fix-win").options == ["Bo's win", "Cy's win", "Ann's win"]
    at.selectbox(key="tb-fix-win").set_value(1).run()
    assert at.selectbox(key="tb-fix-winner").value == 2  # the box starts from Cy's win
    assert at.selectbox(key="tb-fix-from").value == 3
    at.selectbox(key="tb-fix-from").set_value(0)
    at.button(key="tb-fix-btn").click().run()
    assert not at.exception, at.exception
    assert totals(at) == ["-15", "24", "0", "-9"]
    assert "Ann pays Cy 8: Cy (W) wins on Ann (E)'s discard" in shown(at)
    assert Ledger(url).table("Friday").hands[0].winners == [1, 2, 0]


def test_undo_takes_off_the_last_win_of_a_hand_not_the_whole_hand(url):  # noqa: F811
    """Cy's win added to hand 1 by mistake: Undo hand 1 took away Bo's win with it. Undo now
    takes the hand's last step off (the last win, or the end of the wall), one at a time."""
    at = start(page(), rules="sichuan")
    add(at, BO, 1, "-")
    at.checkbox(key="tb-more").check()
    add(at, "111222333p 4477p +7p", 2, 3)
    assert at.button(key="tb-undo").label == "Undo Cy's win in hand 1"
    at.button(key="tb-undo").click().run()
    assert not at.exception, at.exception
    assert "Hand 1: Cy's win undone." in shown(at)
    assert totals(at) == ["-8", "24", "-8", "-8"]
    assert at.button(key="tb-undo").label == "Undo hand 1"
    # the end of the wall, undone, leaves the hand going on
    at.checkbox(key="tb-more").check().run()
    for key, tiles in (("tb-end-0", ANN), ("tb-end-2", CY), ("tb-end-3", DI)):
        at.text_input(key=key).set_value(tiles)
    at.button(key="tb-draw").click().run()
    assert at.button(key="tb-undo").label == "Undo hand 1's end of the wall"
    at.button(key="tb-undo").click().run()
    assert totals(at) == ["-8", "24", "-8", "-8"]
    assert len(Ledger(url).table("Friday").hands) == 1


def test_undo_of_a_step_is_refused_when_another_phone_changed_the_table(url):  # noqa: F811
    at = start(page("zh"), rules="sichuan")
    add(at, BO, 1, "-")
    at.checkbox(key="tb-more").check()
    add(at, "111222333p 4477p +7p", 2, 3)
    from mjlens.ledger import entries

    Ledger(url).add_winner("Friday", entries.from_notation("123456789s 55s 88p +8p", winner=0,
                                                           discarder=3))
    at.button(key="tb-undo").click().run()
    assert "什么也没有撤销" in at.error[0].value
    assert Ledger(url).table("Friday").hands[0].winners == [1, 2, 0]
