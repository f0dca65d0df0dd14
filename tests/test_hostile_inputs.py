"""Input as other programs and keyboards write it: a byte-order mark, UTF-16, bytes that are
not text, a bad first line of JSON Lines, an option given twice, full-width characters typed
with a Chinese input method. Each is read, or refused in a player's words, never a traceback
and never a silent choice."""

from __future__ import annotations

import io
import json

import pytest

from mjlens.cli import main

HAND = {"concealed": ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "1p", "2p",
                      "3p"], "win_tile": "4p"}
NOTATION = "123m 456m 789m 11p 23p +4p"


def _stdin_bytes(monkeypatch, data: bytes) -> None:
    """Standard input as a terminal or a pipe gives it: bytes under a strict UTF-8 reader."""
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


def _score(capsys, monkeypatch, data: bytes, *argv: str) -> tuple[int, list[dict]]:
    _stdin_bytes(monkeypatch, data)
    status = main(["score", "--rules", "gb", "--json", *argv])
    return status, [json.loads(line) for line in capsys.readouterr().out.splitlines()]


@pytest.mark.parametrize("data", [
    b"\xef\xbb\xbf" + json.dumps(HAND).encode(),  # Windows Notepad's UTF-8
    json.dumps(HAND).encode("utf-16"),  # PowerShell's `>`
    b"\xef\xbb\xbf" + NOTATION.encode(),
], ids=["utf8-bom-json", "utf16-json", "utf8-bom-notation"])
def test_a_hand_saved_with_a_byte_order_mark_is_scored(capsys, monkeypatch, data):
    status, out = _score(capsys, monkeypatch, data)
    assert status == 0, out
    assert out[0]["total"] == 21


def test_bytes_that_are_not_text_are_refused_in_words(capsys, monkeypatch):
    status, out = _score(capsys, monkeypatch, b"\x80\x81 123m \xfe")
    assert status == 2
    assert "not text" in out[0]["error"] and "不是文字" in out[0]["error_zh"]


@pytest.mark.parametrize("first", ["[1, 2]", '"x"', "42", NOTATION, '{"concealed": ['])
def test_a_bad_first_line_of_json_lines_leaves_the_others_scored(capsys, monkeypatch, first):
    """The contract: a bad hand gives its error on its own line, the others are still scored
    (a first line that was not a JSON object made every JSON line after it read as notation:
    "Cannot read the meld '{...}'")."""
    text = "\n".join([first, json.dumps(HAND), json.dumps(HAND)])
    status, out = _score(capsys, monkeypatch, text.encode())
    assert len(out) == 3
    assert [r.get("total") for r in out[1:]] == [21, 21], out
    assert status == (0 if first == NOTATION else 2)


def test_an_option_given_twice_with_two_values_is_refused(capsys, monkeypatch):
    """`-o base=8 -o base=16`: the last one silently won."""
    status, out = _score(capsys, monkeypatch, NOTATION.encode(), "-o", "base=8", "-o", "base=16")
    assert status == 2
    assert "given twice" in out[0]["error"] and "'16'" in out[0]["error"]
    assert "两次" in out[0]["error_zh"]


@pytest.mark.parametrize(("rules", "first", "second"), [
    ("gb", "base=8", "base=8"), ("gb", "base=8", "base=08"), ("sichuan", "cap=无", "cap=none")])
def test_an_option_given_twice_with_one_meaning_is_read(capsys, monkeypatch, rules, first, second):
    _stdin_bytes(monkeypatch, NOTATION.encode())
    assert main(["score", "--rules", rules, "--json", "-o", first, "-o", second]) == 0


def test_a_round_file_with_a_byte_order_mark_is_read(tmp_path, capsys):
    path = tmp_path / "round.json"
    path.write_bytes(b"\xef\xbb\xbf{}")
    assert main(["settle", str(path), "--json"]) == 2
    error = json.loads(capsys.readouterr().out)["error"]
    assert "not valid JSON" not in error and "events" in error


def test_a_missing_round_file_is_told_in_chinese_without_the_systems_english(tmp_path, capsys):
    assert main(["settle", str(tmp_path / "none.json"), "--json"]) == 2
    error = json.loads(capsys.readouterr().out)
    assert "No such file" not in error["error_zh"] and "找不到" in error["error_zh"]


FULL_WIDTH = "１２３ｍ\u3000４５６ｍ ７８９ｍ ［１１１ｐ＜］ ５ｐ ＋５ｐ　ｓｅａｔ：Ｓ"


def test_full_width_notation_reads_as_the_same_hand():
    """A Chinese input method in full-width mode types １２３ｍ: it was refused as "there is no
    tile '１m'"."""
    from scoring.notation import format_hand, parse_hand

    assert format_hand(parse_hand(FULL_WIDTH)) == \
        format_hand(parse_hand("123m 456m 789m [111p<] 5p +5p seat:S"))


def test_digits_of_other_scripts_are_not_read_as_tiles():
    from scoring.hand import HandError
    from scoring.notation import parse_hand

    with pytest.raises(HandError) as err:
        parse_hand("١٢٣m 456m 789m 11p 23p +4p")
    assert "Cannot read" in err.value.render("en")


def test_the_app_scores_a_full_width_hand_in_chinese(monkeypatch):
    from streamlit.testing.v1 import AppTest

    from mjlens.ui import photo as P
    from tests.test_app import APP

    def no_detector(*a, **k):
        raise P.DetectorUnavailable("no model in this test")

    monkeypatch.setattr(P, "load_detector", no_detector)
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["lang"] = "zh"
    at.run()
    at.selectbox(key="rules").set_value("gb").run()
    at.text_input(key="notation").set_value(FULL_WIDTH).run()
    assert not at.exception
    assert not at.error, [e.value for e in at.error]
    assert at.metric[0].value.endswith("番")
