"""The terminal breakdown shows every fan, the total, exclusions and payments, aligned."""

import re

from scoring.notation import parse_hand
from scoring.report import _display_width, format_result
from scoring.ruleset import score_hand


def test_breakdown_lists_every_fan_total_and_payment():
    hand = parse_hand("123m456p789s1z [555s<] +1z")
    result = score_hand(hand, "gb")
    text = format_result(result, "123m456p789s1z [555s<] +1z")
    for fan in result.fans:
        assert fan.name in text and fan.name_en in text
    assert "Total" in text and f" {result.total} fan" in text
    assert len(re.findall(r"^  [ESWN] pays [ESWN] ", text, re.M)) == len(result.payments) == 3
    assert "Net: E +" in text


def test_fan_rows_line_up_whatever_the_script():
    result = score_hand(parse_hand("123m456p789s1z [555s<] +1z"), "gb")
    rows = [line for line in format_result(result).splitlines() if re.match(r"  \S.* \d+", line)]
    rows = [row for row in rows if " pays " not in row]
    assert len(rows) == len(result.fans) + 1  # the fans and the total
    ends = {_display_width(re.match(r"(  \S.*?\s+\d+)(\s|$)", row).group(1)) for row in rows}
    assert len(ends) == 1, rows


def test_excluded_fans_are_explained():
    result = score_hand(parse_hand("111222333m456p9s +9s"), "gb")
    text = format_result(result)
    assert result.excluded
    assert "Not counted:" in text
    for e in result.excluded:
        assert f"{e.name} ({e.name_en}): because of {e.because_of}" in text
