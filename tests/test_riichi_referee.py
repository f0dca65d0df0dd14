"""A referee's riichi cases (tests/riichi_referee_cases.py, answers worked by hand from the EMA
Riichi Competition Rules 2016 scoring table and its 4.3 scoring examples) through the project
and through the real `mjlens score --rules riichi --json`, and the readings they settled."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scoring.hand import HandError
from scoring.notation import parse_hand
from scoring.ruleset import score_hand
from tests.riichi_referee_cases import CASES

ROOT = Path(__file__).resolve().parents[1]


def _check(out: dict, expected: dict) -> None:
    if "error" in expected:
        assert "error" in out, out
        assert expected["error"].lower() in out["error"].lower()
        assert out["error_zh"] and out["error_zh"] != out["error"]
        return
    assert "error" not in out, out["error"]
    got = {"han": out["han"], "fu": out["fu"], "limit": out["limit"], "total": out["total"],
           "payments": sorted((p["payer"], p["payee"], p["amount"]) for p in out["payments"])}
    want = {k: expected[k] for k in got}
    if want["fu"] is None:  # a yakuman: the fu do not matter
        want["fu"] = got["fu"]
    assert got == want
    for key in ("from_table", "winner_gets"):
        if key in expected:
            assert out[key] == expected[key]
    if "note" in expected:
        assert any(expected["note"] in json.dumps(n) for n in out["notes"])


@pytest.mark.parametrize("name, notation, options, expected", CASES, ids=[c[0] for c in CASES])
def test_referee_case(name, notation, options, expected):
    try:
        out = score_hand(parse_hand(notation), "riichi", options or None).to_json()
    except HandError as exc:
        out = {"error": str(exc), "error_zh": exc.render("zh")}
    _check(out, expected)


def test_referee_cases_through_the_real_command_line():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    groups: dict[tuple, list] = {}
    for case in CASES:
        groups.setdefault(tuple(sorted(case[2].items())), []).append(case)
    for options, cases in groups.items():
        args = sum((["-o", f"{k}={str(v).lower()}"] for k, v in options), [])
        lines = "\n".join(json.dumps(parse_hand(c[1]).to_json()) for c in cases)
        run = subprocess.run([sys.executable, "-m", "mjlens.cli", "score", "--rules", "riichi",
                              "--json", *args], input=lines, capture_output=True, text=True,
                             env=env, cwd=ROOT, timeout=120)
        assert "Traceback" not in run.stderr
        outs = [json.loads(line) for line in run.stdout.splitlines()]
        assert len(outs) == len(cases)
        for case, out in zip(cases, outs, strict=True):
            _check(out, case[3])
        refused = any("error" in c[3] for c in cases)
        assert run.returncode == (2 if refused else 0)


# ---------------------------------------------------------------------------- readings settled
def _text(notation: str, lang: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-m", "mjlens.cli", "score", "--rules", "riichi",
                          "--lang", lang, "--hand", notation], capture_output=True, text=True,
                         env=env, cwd=ROOT, timeout=60)
    return run.stdout


def test_a_counted_yakuman_is_named_so():
    # riichi.wiki "Kazoe yakuman": "any hand that scores 13 han or more is a kazoe yakuman";
    # the library's own label says "yakuman" (it overwrites its "kazoe yakuman")
    out = score_hand(parse_hand('123m 456m 789m 22m 34m *5m seat:S riichi=true '
                                'dora_indicators=["1m"]'), "riichi").to_json()
    assert (out["limit"], out["limit_en"], out["total"]) == ("数え役満", "kazoe yakuman", 32000)
    # a real yakuman keeps its name
    out = score_hand(parse_hand("555z 666z 777z 234m 9p *9p"), "riichi").to_json()
    assert (out["limit"], out["limit_en"]) == ("役満", "yakuman")


def test_the_limit_is_read_in_the_players_language():
    hand = '123m 456m 789m 22m 34m +5m discarder=S'  # full flush, pure straight, pinfu: baiman
    zh, en = _text(hand, "zh"), _text(hand, "en")
    assert "倍满" in zh and "倍満" not in zh  # Chinese characters, not the Japanese 満
    assert "baiman (倍満)" in en


def test_a_yakuman_summary_counts_no_fu():
    en = _text("19m19p19s1234567z +1m seat:S discarder=W", "en")
    assert "double yakuman (二倍役満): 64000 points" in en and "0 fu" not in en


def test_counts_read_without_plural_brackets():
    # "1 riichi stick(s)" and "1 red five(s)" read as a form left unfilled
    en = _text('234m 67p 456s 678s 22p +5p seat:S discarder=N riichi=true riichi_sticks=1 '
               'red_fives=["5s"]', "en")
    assert "(s)" not in en
    assert "riichi sticks on the table (1 x 1,000): 1000 points" in en
    assert "red fives (1): 5s (5 Bamboo), one han each" in en


def test_the_base_fu_says_which_case_it_is():
    def base(notation):
        out = score_hand(parse_hand(notation), "riichi").to_json()
        return [d["why"] for d in out["fu_details"] if d["reason"] == "base"]
    assert base("234m 67p 456s 678s 22p +5p seat:S discarder=N riichi=true") == [
        "base fu: 20, and 10 for a concealed hand won on a discard"]
    assert base("234m 67p 456s 678s 22p *5p seat:S riichi=true") == ["base fu for going out: 20"]
    assert base("22m 44m 66p 88p 22s 33s 7s *7s") == ["seven pairs: 25 fu, nothing added"]
