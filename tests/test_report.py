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


def test_multiplier_items_show_as_factors():
    """sichuan_mult's items multiply (seed Ⅸ "明杠 +1番 底金×2"): the result says so and the
    breakdown prints x2, not 2 fan."""
    result = score_hand(parse_hand("123m 456m 5p [1111p] [2222p] +5p"), "sichuan_mult")
    assert result.combine == "multiply" and result.to_json()["combine"] == "multiply"
    assert result.total == 4
    text = format_result(result)
    assert re.search(r"明杠 \(Exposed kong\)\s+x2 \(2 times\)", text)
    assert re.search(r"Total\s+x4$", text, re.M)
    assert " fan" not in text
    gb = score_hand(parse_hand("123m456p789s1z [555s<] +1z"), "gb")
    assert gb.combine == "add" and gb.to_json()["combine"] == "add"


def test_breakdown_in_chinese():
    result = score_hand(parse_hand("2224445557779m +9m seat:S discarder=W"), "sichuan")
    text = format_result(result, lang="zh")
    assert "  清对 " in text and "合计" in text and "不计：" in text
    assert "  西家付给南家 8：南家和西家打出的牌（点炮），4番：底分 × 2^3 = 8倍" in text
    assert not re.search(r"[A-Za-z]{3,}", text.replace("sichuan", ""))


def test_chinese_net_line_names_the_seats():
    """In Chinese every seat is named (东家/南家/西家/北家), the net line too, as the payment
    lines already do; English keeps the codes, and the JSON is not touched."""
    result = score_hand(parse_hand("123m456p789s1z [555s<] +1z"), "gb")
    zh = format_result(result, lang="zh")
    net = next(line for line in zh.splitlines() if line.startswith("净得："))
    assert re.fullmatch(r"净得：东家 [+-]?\d+  南家 [+-]?\d+  西家 [+-]?\d+  北家 [+-]?\d+", net), net
    assert not re.search(r"(?<![A-Za-z])[ESWN](?![A-Za-z])", zh), zh
    assert "Net: E " in format_result(result)
    assert {p["payer"] for p in result.to_json()["payments"]} <= set("ESWN")
