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
