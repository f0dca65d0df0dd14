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


def kong(at, player: int, kind: str, tile: str, discarder="-"):
    at.selectbox(key="tb-kong-player").set_value(player)
    at.selectbox(key="tb-kong-kind").set_value(kind)
    at.text_input(key="tb-kong-tile").set_value(tile)
    at.selectbox(key="tb-kong-from").set_value(discarder)
    at.button(key="tb-kong-btn").click().run()
    assert not at.exception, at.exception


def test_a_hand_with_kongs_a_win_and_the_end_of_the_wall(url):  # noqa: F811
    """The page had no way to record a kong, so its rain money (刮风下雨, Chengdu Ⅵ-4) was never
    paid. Worked by hand: Ann's 暗杠 2s takes 2 from each of the three (+6); Bo's self-drawn
    清对 8 from each; Cy's 直杠 7p on Di's discard 2 from Di. At the end of the wall Cy, a
    flower pig, pays Ann and Di 8 each, and gives back the 2 of his kong (退雨: not ready); Di,
    not ready, pays Ann her best, 平胡 + 杠 = 2 fan, 2."""
    at = start(page(), rules="sichuan")
    kong(at, 0, "concealed", "2s")
    assert "Hand 1: Ann's kong added." in shown(at)
    assert totals(at) == ["6", "-2", "-2", "-2"]
    assert at.checkbox(key="tb-more").value  # the hand goes on after a kong
    add(at, BO, 1, "-")
    at.checkbox(key="tb-more").check()
    kong(at, 2, "exposed", "7p")
    assert "say who discarded the tile" in at.error[0].value
    kong(at, 2, "exposed", "7p", 3)
    assert totals(at) == ["-2", "22", "-8", "-12"]
    assert "Di pays Cy 2: 刮风 (wind): Cy (W)'s 直杠 (kong on a discard) of 7p" in shown(at)
    assert at.button(key="tb-undo").label == "Undo Cy's kong in hand 1"
    at.checkbox(key="tb-more").check()
    for key, tiles in (("tb-end-0", "{2222s} 111p 333p 55s 68s"),
                       ("tb-end-2", "[7777p] 123m 456p 89s 99s"),
                       ("tb-end-3", "568p 568p 89p 1s 3s 5s 7s 9s")):
        at.text_input(key=key).set_value(tiles)
    at.button(key="tb-draw").click().run()
    assert totals(at) == ["8", "22", "-26", "-4"]
    assert "Di pays Ann 2: 查叫: Di (N) is not ready; Ann (E) is ready for 2 fan" in shown(at)
    assert "Cy pays Di 2: 退雨" in shown(at)
    view = Ledger(url).table("Friday")
    assert len(view.hands) == 1 and sum(view.totals) == 0 and view.deal.dealer == 1


def test_the_chajiao_reason_lists_the_fans_in_chinese_with_a_chinese_comma(url):  # noqa: F811
    at = start(page("zh"), rules="sichuan")
    kong(at, 0, "concealed", "2s")
    for i, tiles in enumerate(("{2222s} 111p 333p 55s 68s", "1112223334445m",
                               "[7777p] 123m 456p 89s 99s", "568p 568p 89p 1s 3s 5s 7s 9s")):
        at.text_input(key=f"tb-end-{i}").set_value(tiles)
    at.button(key="tb-draw").click().run()
    assert "值2番（平胡、杠）" in shown(at), shown(at)


def test_the_scoring_pages_add_to_table_adds_another_winner_to_the_hand_going_on(url):  # noqa: F811
    """A table that scores each win on the scoring page (a photo) had no Hand N goes on there:
    Cy's win went in as hand 2, scored at the next deal's seats, and Cy, not Bo, dealt next.
    As in test_ledger_blood: Di pays Cy 8, the hand stays one, and Bo, the first winner, deals
    next."""
    from streamlit.testing.v1 import AppTest

    from mjlens.ledger import entries
    from tests.test_app_table import APP, PLAYERS

    Ledger(url).new_table("Friday", PLAYERS, "sichuan")
    Ledger(url).add("Friday", entries.from_notation(BO, winner=1))
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["table"] = "Friday"
    at.run()
    at.selectbox(key="rules").set_value("sichuan").run()
    at.text_input(key="notation").set_value("111222333p 4477p +7p").run()
    at.checkbox(key="tb-score-more").check().run()
    at.selectbox(key="tb-score-winner").set_value(2)
    at.selectbox(key="tb-score-from").set_value(3)
    at.button(key="tb-score-add").click().run()
    assert not at.exception, at.exception
    view = Ledger(url).table("Friday")
    assert len(view.hands) == 1 and view.hands[0].winners == [1, 2]
    assert view.totals == [-8, 24, 0, -16] and view.deal.dealer == 1
    assert at.checkbox(key="tb-score-more").value  # two have won: the hand still goes on


def test_a_hand_that_is_over_offers_no_more_going_on(url):  # noqa: F811
    """After the end of the wall the box still offered Hand 1 goes on, and only a refusal said
    the hand was over."""
    at = start(page(), rules="sichuan")
    add(at, BO, 1, "-")
    at.checkbox(key="tb-more").check().run()
    for key, tiles in (("tb-end-0", ANN), ("tb-end-2", CY), ("tb-end-3", DI)):
        at.text_input(key=key).set_value(tiles)
    at.button(key="tb-draw").click().run()
    assert not [c for c in at.checkbox if c.key == "tb-more"]


def test_a_hand_begun_by_a_kong_is_in_play_not_a_round_nobody_won(url):  # noqa: F811
    """Seen in a browser: after Ann's kong opened hand 1 the hand read "1. a round nobody won"
    (整局无人和牌) while it was still being played; it says so only once the wall ran out."""
    at = start(page("zh"), rules="sichuan")
    kong(at, 0, "concealed", "2s")
    heads = [e.label for e in at.expander if e.label.startswith("1.")]
    assert heads == ["1. 还在打，暂时无人和牌（庄家 Ann，东风圈）"], heads
    at.checkbox(key="tb-more").check()
    for i, tiles in ((0, "{2222s} 111p 333p 55s 68s"), (1, "1112223334445m"),
                     (2, CY), (3, DI)):
        at.text_input(key=f"tb-end-{i}").set_value(tiles)
    at.button(key="tb-draw").click().run()
    assert not at.exception, at.exception
    assert [e.label for e in at.expander if e.label.startswith("1.")] == \
        ["1. 整局无人和牌（庄家 Ann，东风圈）"]


def test_the_kong_box_says_which_hand_the_kong_goes_into_by_number(url):  # noqa: F811
    """Seen in a browser: the kong box's help said 勾选“第 N 局继续” on the Chinese page, a
    letter N no player reads, and told to tick a box the page did not show before hand 1."""
    at = start(page("zh"), rules="sichuan")

    def kong_help() -> str:
        return next(c.value for c in at.caption if c.value.startswith("有人开杠时"))

    assert "这个杠开始第 1 局" in kong_help() and "N" not in kong_help()
    assert "副露。这个杠" in kong_help()  # no space between Chinese sentences
    add(at, BO, 1, "-")
    assert "这个杠记进正在打的第 1 局。" in kong_help()
    at.checkbox(key="tb-more").uncheck().run()
    assert "这个杠开始第 2 局；要记进第 1 局，请勾选上面的“第 1 局继续”。" in kong_help()


def test_after_a_win_the_hand_goes_on_without_a_tap(url):  # noqa: F811
    """Hand N goes on unticked itself after every win: each later winner, kong or end of the
    wall took a tap more, and a second winner added without it went in as hand 2. A won hand
    goes on (血战到底) until three have won: the box starts ticked, and is gone after that."""
    at = start(page(), rules="sichuan")
    add(at, BO, 1, "-")
    assert at.checkbox(key="tb-more").value
    add(at, "111222333p 4477p +7p", 2, 3)  # no tap on the box
    assert Ledger(url).table("Friday").hands[0].winners == [1, 2]
    assert at.checkbox(key="tb-more").value
    add(at, "123456789s 55s 88p +8p", 0, 3)
    view = Ledger(url).table("Friday")
    assert len(view.hands) == 1 and view.hands[0].winners == [1, 2, 0]
    assert not [c for c in at.checkbox if c.key == "tb-more"]  # three have won: it is over
    add(at, BO, 1, "-")  # the next hand is a new one
    assert len(Ledger(url).table("Friday").hands) == 2


def test_after_undoing_the_end_of_the_wall_the_hand_goes_on_again_ticked(url):  # noqa: F811
    """Undo of hand 1's end of the wall left Hand 1 goes on unticked: the tiles typed again
    went in as a new hand nobody won unless the box was ticked first."""
    at = start(page(), rules="sichuan")
    add(at, BO, 1, "-")
    for key, tiles in (("tb-end-0", ANN), ("tb-end-2", CY), ("tb-end-3", DI)):
        at.text_input(key=key).set_value(tiles)
    at.button(key="tb-draw").click().run()
    assert Ledger(url).table("Friday").hands[0].kind == "round"
    at.button(key="tb-undo").click().run()
    assert "Hand 1: the end of the wall undone." in shown(at)
    assert at.checkbox(key="tb-more").value


def test_undoing_a_new_hand_leaves_the_hand_before_going_on_ticked(url):  # noqa: F811
    """A drawn hand 2 recorded by mistake while hand 1 went on: undone, hand 1 goes on again,
    and its box is ticked (it was left unticked, as before the mistake)."""
    at = start(page(), rules="sichuan")
    add(at, BO, 1, "-")
    at.checkbox(key="tb-more").uncheck()
    at.button(key="tb-draw").click().run()
    assert [h.kind for h in Ledger(url).table("Friday").hands] == ["hand", "draw"]
    at.button(key="tb-undo").click().run()
    assert "Hand 2 undone." in shown(at)
    assert at.checkbox(key="tb-more").value


def test_what_a_tap_did_is_said_beside_the_buttons_tapped(url):  # noqa: F811
    """Seen on a phone: Drawn hand refused for want of the tiles, and the sentence saying why
    stood at the top of the page, screens above the button, so the tap seemed to do nothing.
    A message is now shown in the box whose button was tapped, and only there."""
    at = start(page(), rules="sichuan")
    add(at, BO, 1, "-")
    at.button(key="tb-draw").click().run()
    box = at.expander(key="tb-add-exp")
    assert "with Ann, Cy, Di still in" in box.error[0].value
    assert len(at.error) == 1  # not at the top as well
    at.selectbox(key="tb-fix-from").set_value(3)
    at.button(key="tb-fix-btn").click().run()
    assert len(at.error) == 1 and at.expander(key="tb-fix-exp").error  # refused, said there
    at.button(key="tb-undo").click().run()  # Undo sits at the top, under the hands
    assert "Hand 1 undone." in at.success[0].value
    assert not at.expander(key="tb-add-exp").success
