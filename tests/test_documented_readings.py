"""Readings chosen where the seeds leave room, as docs/gb.md and docs/sichuan.md write them
(issue 20, fault 9): each test quotes the seed sentence the reading starts from."""

from __future__ import annotations

import pytest

from scoring.notation import parse_hand
from scoring.ruleset import score_hand


def _score(text: str, rules: str, **options):
    return score_hand(parse_hand(text), rules, options)


@pytest.mark.parametrize(("text", "fan"), [
    ("222444666p 888s 2m +2m", "全双刻"),  # seed Ⅱ row 21: "全雙刻 ... 不計碰碰和、斷幺"
    ("345m 555p 456s 567s 5s +5s", "全带五"),  # seed Ⅱ row 31: "全帶五 ... 不計斷幺"
])
def test_gb_all_even_pungs_and_all_fives_also_exclude_no_honours(text, fan):
    """The seed names only 断幺 (and 碰碰和); like the reference calculator, 无字 is not counted
    beside them either, and the breakdown says which fan excludes it."""
    r = _score(text, "gb")
    assert fan in {f.name for f in r.fans} and "无字" not in {f.name for f in r.fans}
    assert {e.name: e.because_of for e in r.excluded}["无字"] == fan


def test_sichuan_heavenly_hand_counts_the_self_draw_too():
    """Seed Ⅵ: "六番（x32）：天胡、地胡、青龍七對" (a pattern) and 自摸 as an addition; under the
    default self_draw=fan 天胡 is 6 + 自摸 1, with self_draw=none it is 6."""
    text = "1112223334445p *5p first_turn=true"
    default = _score(text, "sichuan", cap="none")
    assert {f.name: f.fan for f in default.fans} == {"天胡": 6, "自摸": 1} and default.total == 7
    assert _score(text, "sichuan", cap="none", self_draw="none").total == 6
