"""The Table page's Correct a hand box (mjlens/ui/table_fix.py): a hand entered wrong three
hands ago could only be put right with `mjlens table fix N`; the page had Undo, of the last hand
alone. The box corrects it through the ledger's own correction (every later hand scored again),
and, like Undo, refuses when another phone changed the table meanwhile."""

from __future__ import annotations

import pytest

from mjlens.ledger import entries
from mjlens.ledger.store import URL_ENV, Ledger
from tests.test_app_table import PLAYERS, add, page, shown, start


@pytest.fixture
def url(tmp_path, monkeypatch):
    value = f"sqlite:///{tmp_path / 'ledger.sqlite'}"
    monkeypatch.setenv(URL_ENV, value)
    return value


HAND = "123m 456p 789s 11z 55s +5s"
SELF = "123m 456p 789s 11z 55s *5s"


def _replayed(tmp_path, rules: str, hands) -> list[float]:
    """The totals of a table where every hand went in right the first time."""
    lg = Ledger(f"sqlite:///{tmp_path / 'replay.sqlite'}")
    lg.new_table("R", PLAYERS, rules)
    for entry in hands:
        lg.add("R", entry)
    return lg.table("R").totals


def _amounts(values) -> list[str]:
    return [f"{v:g}" for v in values]


@pytest.mark.parametrize("lang, words", [("en", ("Correct a hand", "Hand 1 corrected")),
                                         ("zh", ("更正某一局", "第 1 局已更正"))])
def test_a_hand_three_back_is_corrected_and_the_later_hands_scored_again(url, tmp_path, lang,
                                                                         words):
    """Hand 1 went in as won by Bo on Di's discard; it was Cy's win on Ann's. Three hands later
    the box picks hand 1, keeps the hand (nothing typed), changes the winner and the discarder:
    the totals are those of the game entered right."""
    at = start(page(lang), rules="nanning")  # the winner deals: hand 1's winner moves the deal
    add(at, HAND, 1, 3)
    add(at, SELF, 2, "-")
    add(at, HAND, 0, 1)
    assert words[0] in shown(at)
    at.selectbox(key="tb-fix-seq").set_value(1).run()
    assert at.selectbox(key="tb-fix-winner").value == 1  # the box starts from hand 1 as recorded
    assert at.selectbox(key="tb-fix-from").value == 3
    at.selectbox(key="tb-fix-winner").set_value(2)
    at.selectbox(key="tb-fix-from").set_value(0)
    at.button(key="tb-fix-btn").click().run()
    assert not at.exception, at.exception
    assert words[1] in shown(at), shown(at)
    right = _replayed(tmp_path, "nanning", [
        entries.from_notation(HAND, winner=2, discarder=0),
        entries.from_notation(SELF, winner=2), entries.from_notation(HAND, winner=0, discarder=1)])
    view = Ledger(url).table("Friday")
    assert view.totals == right and len(view.hands) == 3
    assert view.hands[1].dealer == 2  # hand 2 is now dealt by hand 1's new winner, Cy
    assert [str(v) for v in at.dataframe[0].value.iloc[:, 2]] == _amounts(right)


def test_a_hand_is_retyped_or_made_a_drawn_hand(url, tmp_path):
    at = start(page(), rules="gb")
    add(at, HAND, 1, 3)
    add(at, HAND, 2, 1)
    at.selectbox(key="tb-fix-seq").set_value(1).run()
    at.text_input(key="tb-fix-hand").set_value(SELF)
    at.selectbox(key="tb-fix-winner").set_value(1)
    at.selectbox(key="tb-fix-from").set_value("-")
    at.button(key="tb-fix-btn").click().run()
    assert not at.exception, at.exception
    assert Ledger(url).table("Friday").hands[0].result["total"] == \
        _hand_total(tmp_path, SELF)
    at.selectbox(key="tb-fix-seq").set_value(2).run()
    at.button(key="tb-fix-draw").click().run()
    assert "Hand 2 corrected" in shown(at)
    assert Ledger(url).table("Friday").hands[1].kind == "draw"
    # a drawn hand has no hand to keep: correcting it as won needs the hand typed
    at.selectbox(key="tb-fix-seq").set_value(2).run()
    at.button(key="tb-fix-btn").click().run()
    assert "type the winning hand in notation" in shown(at)
    assert Ledger(url).table("Friday").hands[1].kind == "draw"


def _hand_total(tmp_path, notation: str) -> float:
    lg = Ledger(f"sqlite:///{tmp_path / 'one.sqlite'}")
    lg.new_table("O", PLAYERS, "gb")
    return lg.add("O", entries.from_notation(notation, winner=1)).result["total"]


@pytest.mark.parametrize("lang, words", [("en", "changed on another phone"),
                                         ("zh", "已在另一部手机上改动")])
def test_a_correction_is_refused_when_another_phone_changed_the_table(url, lang, words):
    """As Undo refuses a hand it no longer shows as last: the box carries the table's revision,
    and another phone's hand in between leaves everything as it was."""
    at = start(page(lang))
    add(at, HAND, 1, 3)
    at.selectbox(key="tb-fix-winner").set_value(2)
    Ledger(url).add("Friday", entries.from_notation(SELF, winner=2))  # another phone
    before = Ledger(url).table("Friday")
    at.button(key="tb-fix-btn").click().run()
    assert not at.exception, at.exception
    assert words in shown(at), shown(at)
    after = Ledger(url).table("Friday")
    assert after.totals == before.totals and after.revision == before.revision
    at.selectbox(key="tb-fix-seq").set_value(1).run()  # the page now shows both hands
    at.selectbox(key="tb-fix-winner").set_value(2)
    at.selectbox(key="tb-fix-from").set_value(3)
    at.button(key="tb-fix-btn").click().run()
    assert Ledger(url).table("Friday").hands[0].winners == [2]


def test_a_riichi_drawn_hands_tenpai_is_corrected_and_the_deal_follows(url):
    """A drawn hand recorded with nobody tenpai passed the deal; the dealer was tenpai: the
    correction ticks her, and she keeps the deal and takes 1,000 from each other player."""
    at = start(page(), rules="riichi")
    at.multiselect(key="tb-tenpai").set_value([])
    at.button(key="tb-draw").click().run()
    assert Ledger(url).table("Friday").deal.dealer == 1
    at.selectbox(key="tb-fix-seq").set_value(1).run()
    at.multiselect(key="tb-fix-tenpai").set_value([0])
    at.button(key="tb-fix-draw").click().run()
    assert not at.exception, at.exception
    view = Ledger(url).table("Friday")
    assert view.deal.dealer == 0 and view.totals == [3000, -1000, -1000, -1000]
