"""Each rule set's unit of score is named in both languages wherever a reader sees it (the
terminal breakdown, `mjlens rules`, the round ledger, the app); the JSON keeps the rule set's
own word."""

from __future__ import annotations

import json
import re

import pytest

from mjlens.ui import i18n
from scoring.messages import render
from scoring.notation import parse_hand
from scoring.report import format_result
from scoring.ruleset import all_rulesets, score_hand
from scoring.units import UNITS, amount, unit_name

CJK = re.compile(r"[\u4e00-\u9fff]")
LATIN = re.compile(r"[A-Za-z]")


@pytest.mark.parametrize("rules", sorted(all_rulesets()))
def test_every_rule_sets_unit_has_both_names(rules):
    unit = all_rulesets()[rules].unit
    assert unit in UNITS.entries, f"{rules}: add its unit {unit!r} to scoring/units.py"
    en, zh = render(unit_name(unit), "en"), render(unit_name(unit), "zh")
    assert LATIN.search(en) and not CJK.search(en), en
    assert CJK.search(zh) and not LATIN.search(zh), zh
    assert i18n.unit(unit, "zh") == zh and i18n.unit(unit, "en") == en  # the app's word too


@pytest.mark.parametrize("rules,hand,en,zh", [
    ("guangshui", "123m 456m 789p 234s 5s *5s", "x base", "倍底分"),
    ("nanning_points", "123m 456m 789p 234s 5s +5s", "points", "分"),
    ("yuhuan", "123m 456m 789p 234s 111z 5s +5s", "hu", "胡"),
    ("gb", "123m456p789s1z [555s<] +1z", "fan", "番"),
])
def test_the_breakdown_says_the_unit_in_the_readers_language(rules, hand, en, zh):
    result = score_hand(parse_hand(hand), rules)
    total_zh = next(line for line in format_result(result, lang="zh").splitlines()
                    if line.strip().startswith("合计"))
    total_en = next(line for line in format_result(result).splitlines()
                    if line.strip().startswith("Total"))
    assert total_zh.endswith(zh) and not LATIN.search(total_zh), total_zh
    assert total_en.endswith(" " + en) and not CJK.search(total_en), total_en
    assert json.loads(json.dumps(result.to_json()))["unit"] == all_rulesets()[rules].unit


def test_amount_in_both_languages():
    assert amount(3, "x stake").render("en") == "3 x stake"
    assert amount(3.0, "x stake").render("zh") == "3倍底注"
    assert amount(12, "胡").render("en") == "12 hu"
