"""A `key=value` of the hand notation that the game does not read is refused in the player's
words, naming the keys it reads (a typo, `horsez=3`, was ignored: the app scored the hand
without it). The keys the project writes itself (format_hand, the README and docs examples)
still parse under their rule set."""

from __future__ import annotations

import io
import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

from mjlens.cli import main
from scoring.hand import HandError
from scoring.messages import render
from scoring.notation import format_hand, parse_hand
from scoring.ruleset import all_rulesets, get_ruleset
from tests.test_app_zh import no_detector  # noqa: F401

ROOT = Path(__file__).resolve().parents[1]
TYPO = "123m 456m 789m 234p 5s *5s horsez=3"


def test_a_key_the_game_does_not_read_is_refused_naming_its_keys():
    keys = get_ruleset("guangxi").field_names
    with pytest.raises(HandError) as err:
        parse_hand(TYPO, keys)
    en, zh = render(err.value.msg, "en"), render(err.value.msg, "zh")
    assert "“horsez=”" in en and "horses=, horse_drawer=" in en, en
    assert "“horsez=”" in zh and "horses=、horse_drawer=" in zh, zh
    # no Latin word in the Chinese but the keys themselves
    assert not re.search(r"[A-Za-z]", re.sub(r"[a-z_]+=", "", zh)), zh
    with pytest.raises(HandError) as err:
        parse_hand("111m 222m 333m 444m 5m *5m dealer=S", ())
    assert render(err.value.msg, "en").endswith("The keys it reads: none."), err.value.msg
    # without keys (hand JSON, stored hands) any key is kept, as before
    assert parse_hand(TYPO).context.extra == {"horsez": 3}


@pytest.mark.parametrize("rid", sorted(all_rulesets()))
def test_every_key_a_rule_set_reads_is_written_and_read_back(rid):
    from mjlens.ui.views_result import field_specs

    keys = get_ruleset(rid).field_names
    extra = {name: spec.default if spec.default is not None else "E"
             for name, spec in field_specs(get_ruleset(rid)).items()}
    hand = parse_hand("111m 222m 333m 444m 5m *5m")
    hand = replace(hand, context=replace(hand.context, extra=extra))
    assert parse_hand(format_hand(hand), keys).context.extra.keys() == extra.keys()


def _documented_examples() -> list[tuple[str, str]]:
    """(rule set, notation) of every `mjlens score --rules R --hand '...'` and
    `echo '...' | mjlens score --rules R` in the README and docs."""
    out = []
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = path.read_text(encoding="utf-8")
        for m in re.finditer(r"mjlens score --rules (\w+)[^\n']*--hand '([^']+)'", text):
            out.append((m.group(1), m.group(2)))
        for m in re.finditer(r"echo '([^']+)' \| mjlens score --rules (\w+)", text):
            out.append((m.group(2), m.group(1)))
    return out


def test_the_documented_examples_keys_are_read_by_their_rule_set():
    examples = _documented_examples()
    assert len(examples) >= 10 and any("=" in hand for _, hand in examples)
    for rid, hand in examples:
        parse_hand(hand, get_ruleset(rid).field_names)  # raises on a key the game does not read


def _score(capsys, monkeypatch, argv):
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    status = main(argv)
    out = capsys.readouterr()
    return status, out.out, out.err


def test_the_cli_refuses_an_unknown_key_in_both_languages(capsys, monkeypatch):
    """`mjlens score` said 'The hand has field(s) horsez that rule set guangxi does not use'."""
    argv = ["score", "--rules", "guangxi", "--hand", TYPO]
    status, out, err = _score(capsys, monkeypatch, argv)
    assert status == 2 and not out
    assert "no key “horsez=”" in err and "horses=" in err, err
    status, out, err = _score(capsys, monkeypatch, [*argv[:-2], "--lang", "zh", *argv[-2:]])
    assert status == 2 and "没有“horsez=”这一项" in err and "horses=" in err, err
    status, out, _ = _score(capsys, monkeypatch, [*argv[:1], "--json", *argv[1:]])
    error = json.loads(out)
    assert status == 2 and set(error) == {"error", "error_zh", "error_zh_hant"}
    assert "horsez=" in error["error"] and "horsez=" in error["error_zh"]
    # a key the game reads is scored as before
    status, out, _ = _score(capsys, monkeypatch, ["score", "--rules", "guangxi", "--hand",
                                                  TYPO.replace("horsez=3", "dealer=S")])
    assert status == 0, out


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_the_app_refuses_an_unknown_key_in_the_notation_box(no_detector, locale):  # noqa: F811
    """The box took `horsez=3` and scored the hand as if it were not there."""
    from tests.test_app_zh import _app, leaks_in

    at = _app(locale)
    at.selectbox(key="rules").set_value("guangxi").run()
    at.text_input(key="notation").set_value(TYPO).run()
    assert not at.exception, at.exception
    errors = [e.value for e in at.error]
    assert any("horsez=" in e and "horses=" in e for e in errors), errors
    assert not at.metric  # not scored
    if locale != "en-US":
        assert leaks_in(errors, locale) == [], errors
    # a key the game reads is taken; one kept from another game (the box shows it) too
    horses = 'seat:S horses=["1p","2p","3p","4p"]'
    at.text_input(key="notation").set_value(TYPO.replace("horsez=3", horses)).run()
    assert not at.error and at.metric, [e.value for e in [*at.error, *at.warning]]
    at.selectbox(key="rules").set_value("gb").run()
    shown = at.text_input(key="notation").value
    assert "horses=" in shown, shown
    at.text_input(key="notation").set_value(shown + " ").run()
    assert not at.error, [e.value for e in at.error]
    at.text_input(key="notation").set_value(TYPO.replace("horsez=3", "dealer=S")).run()
    assert any("dealer=" in e.value and "discarder=" in e.value for e in at.error)
