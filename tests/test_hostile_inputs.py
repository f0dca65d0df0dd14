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
    status = main(["score", "--json", *argv])  # --rules gb unless argv says
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


@pytest.mark.parametrize(("rules", "option"), [
    ("riichi", "tile_set=kawuxing"), ("gb", "tile_set=kawuxing"), ("guangshui", "tile_set=all")])
def test_detect_refuses_an_option_its_rule_set_does_not_have(capsys, rules, option):
    """Only a rule set whose tiles depend on an option read its options: riichi's tiles ignored
    `-o tile_set=kawuxing` and detect read every tile without a word."""
    assert main(["detect", "missing.jpg", "--json", "--rules", rules, "-o", option]) == 2
    error = json.loads(capsys.readouterr().err)
    assert "tile_set" in error["error"] and "tile_set" in error["error_zh"]


@pytest.mark.parametrize(("argv", "words"), [
    (["--conf", "2"], "from 0 to 1"), (["--conf", "nan"], "from 0 to 1"),
    (["--conf", "-0.5"], "from 0 to 1"), (["--min-confidence", "1.5"], "from 0 to 1"),
    (["--alternatives", "-1"], "0 or more")])
def test_detect_refuses_a_threshold_or_count_out_of_range(capsys, monkeypatch, argv, words):
    """`--conf 2` and `--conf nan` found no tile, `--conf -1` every speck, `--alternatives -1`
    every code but one: each was taken as given."""
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    with pytest.raises(SystemExit) as exit_:
        main(["detect", "missing.jpg", "--json", *argv])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_the_range_refusal_is_chinese_in_a_chinese_locale(capsys, monkeypatch):
    monkeypatch.setenv("LC_ALL", "zh_CN.UTF-8")
    with pytest.raises(SystemExit):
        main(["detect", "missing.jpg", "--conf", "2"])
    assert "不是 0 到 1 之间的数" in capsys.readouterr().err


def test_scan_reads_a_pretty_printed_boxes_file(capsys):
    """A synthetic scene's sidecar written over many lines was refused: "not JSON (line 1,
    column 2)" (only its first line was read)."""
    from tests.app_support import FIXTURES

    boxes = FIXTURES / "hand_kong.json"
    assert boxes.read_text().count("\n") > 10
    assert main(["scan", str(FIXTURES / "hand_kong.jpg"), "--boxes", str(boxes), "--json"]) == 0
    assert "score" in json.loads(capsys.readouterr().out)


def test_scan_refuses_a_hand_field_given_twice_with_two_values(capsys):
    from tests.app_support import FIXTURES

    argv = ["scan", str(FIXTURES / "hand_kong.jpg"), "--boxes", str(FIXTURES / "hand_kong.json"),
            "--json", "--rules", "riichi", "-f", "riichi=true", "-f", "riichi=false"]
    assert main(argv) == 2
    error = json.loads(capsys.readouterr().out)
    assert "given twice" in error["error"] and "'false'" in error["error"]
    assert "两次" in error["error_zh"]


STANDING = ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p"]


@pytest.mark.parametrize(("rules", "fields", "shown"), [
    ("gb", {"self_drawn": None}, "null"), ("gb", {"seat_wind": True}, "true"),
    ("gb", {"discarder": False}, "false"), ("riichi", {"honba": True}, "true"),
    ("guangxi", {"dealer": True}, "true"),
    ("gb", {"melds": [{"kind": None, "tiles": ["2p", "2p", "2p"]}]}, "null"),
    ("gb", {"melds": [{"kind": "pung", "tiles": ["2p", "2p", "2p"], "claimed_from": False}]},
     "false"),
    ("gb", {"melds": [{"kind": "pung", "tiles": ["2p", "2p", "2p"], "claimed_tile": ["2p"]}]},
     '["2p"]'),
])
def test_a_json_value_in_an_error_is_written_as_json(capsys, monkeypatch, rules, fields, shown):
    """The player typed null, true, false: the message quoted Python's None, True, False (and a
    list as ['2p'], "The claimed tile ['2p'] is not in the meld")."""
    hand = {**({"concealed": STANDING, "win_tile": "1p"} if "melds" in fields else HAND),
            **fields}
    _stdin_bytes(monkeypatch, json.dumps(hand).encode())
    assert main(["score", "--rules", rules, "--json"]) == 2
    error = json.loads(capsys.readouterr().out)
    for lang in ("error", "error_zh", "error_zh_hant"):
        assert shown in error[lang], error
        assert not any(word in error[lang] for word in ("None", "True", "False", "['")), error


B14 = "123m 456m 789m 11p 23p +4p"
B17 = "123m 456m 789m 123s 11p 23p +4p"


@pytest.mark.parametrize(("lang", "words"), [("en", "Cannot score"), ("zh", "还不能计分")])
def test_a_hand_field_of_the_wrong_shape_is_refused_in_the_app_not_crashed(monkeypatch, lang,
                                                                           words):
    """Typed in the notation, a field of another shape crashed the page: a tiles field given as
    a word (read letter by letter: "unknown tile code '5'") or a code of no tile, a seats or
    choices field given as a number ("'int' object is not iterable"), a count given as 1e400 or
    NaN (int() of infinity), a gold as [[1]] (unhashable)."""
    from streamlit.testing.v1 import AppTest

    from mjlens.ui import photo as P
    from tests.test_app import APP

    def no_detector(*a, **k):
        raise P.DetectorUnavailable("no model in this test")

    monkeypatch.setattr(P, "load_detector", no_detector)
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["lang"] = lang
    at.run()
    for rules, typed in [
            ("riichi", f"{B14} dora_indicators=5x"), ("riichi", f'{B14} dora_indicators=["5x"]'),
            ("riichi", f"{B14} honba=1e400"), ("riichi", f"{B14} honba=NaN"),
            ("riichi", f"{B14} honba={10 ** 23}"), ("sichuan", f"{B14} players_in=5"),
            ("fujian", f"{B17} dealer_history=5"), ("fujian", f"{B17} gold=[[1]]"),
            ("guangxi", f"{B14} dealer_streak={10 ** 23}")]:
        at.selectbox(key="rules").set_value(rules).run()
        at.text_input(key="notation").set_value(typed).run()
        assert not at.exception, (rules, typed, at.exception)
        shown = " | ".join(str(e.value) for e in [*at.warning, *at.error])
        assert words in shown, (typed, shown)


@pytest.mark.parametrize("streak", [10 ** 6, 10 ** 23])
def test_a_count_no_table_reaches_is_refused_at_once(capsys, monkeypatch, streak):
    """Guangxi doubles per dealer's run: a run of 10**23 raised 2 to that power (the scorer hung
    and ate the memory), one of 10**6 made a number too long to print (a traceback)."""
    import time

    started = time.monotonic()
    status, out = _score(capsys, monkeypatch, json.dumps(
        {**HAND, "dealer_streak": streak}).encode(), "--rules", "guangxi")
    assert status == 2 and time.monotonic() - started < 10
    assert "at most 99" in out[0]["error"] and "最多 99" in out[0]["error_zh"]


def test_a_count_a_table_reaches_is_still_scored(capsys, monkeypatch):
    status, out = _score(capsys, monkeypatch, json.dumps({**HAND, "dealer_streak": 99}).encode(),
                         "--rules", "guangxi")
    assert status == 0, out


@pytest.mark.parametrize("gold", [[[1]], [{}], [None]])
def test_a_gold_list_holding_no_code_is_refused_in_words(capsys, monkeypatch, gold):
    """fujian's gold as [[1]] was a TypeError (unhashable type: 'list'); [null] was no gold."""
    from scoring.notation import parse_hand

    hand = {**parse_hand(B17).to_json(), "gold": gold}
    status, out = _score(capsys, monkeypatch, json.dumps(hand).encode(), "--rules", "fujian")
    assert status == 2 and "one tile code" in out[0]["error"], out


@pytest.mark.parametrize(("rules", "option"), [("gb", "base"), ("taiwan", "per_tai"),
                                               ("fujian", "stake")])
def test_a_stake_beyond_any_table_is_refused_in_words(capsys, monkeypatch, rules, option):
    """A stake of 4,001 digits overflowed the payments' arithmetic: "OverflowError: int too
    large to convert to float"."""
    hand = B17 if rules in ("taiwan", "fujian") else B14
    status, out = _score(capsys, monkeypatch, hand.replace("+", "*").encode(), "--rules", rules,
                         "-o", f"{option}={10 ** 4000}")
    assert status == 2 and "at most" in out[0]["error"] and "最多" in out[0]["error_zh"]


DEEP = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize("text", [DEEP, '{"a": ' * 50_000 + "1" + "}" * 50_000,
                                  '{"concealed": ' + DEEP + "}"])
def test_json_nested_thousands_deep_is_refused_in_short_words(capsys, monkeypatch, text):
    """Python's JSON parser raised RecursionError (a traceback); the refusal quotes no more than
    the start of what it could not read."""
    status, out = _score(capsys, monkeypatch, text.encode())
    assert status == 2 and len(out) == 1
    assert len(out[0]["error"]) < 200 and out[0]["error_zh"]


def test_a_deep_round_file_is_refused_in_words(tmp_path, capsys):
    path = tmp_path / "round.json"
    path.write_text('{"events": ' + DEEP + "}")
    assert main(["settle", str(path), "--json"]) == 2
    assert "not valid JSON" in json.loads(capsys.readouterr().out)["error"]


def test_a_deep_field_value_in_the_notation_is_refused_in_words():
    from scoring.hand import HandError
    from scoring.notation import parse_hand
    from scoring.ruleset import score_hand

    with pytest.raises(HandError) as err:
        score_hand(parse_hand(f"{B14} dora_indicators={DEEP}"), "riichi")
    assert len(err.value.render("en")) < 300


@pytest.mark.parametrize("typed", ["", "   "])
def test_an_empty_hand_option_is_the_empty_hand_not_a_wait_on_standard_input(
        capsys, monkeypatch, typed):
    """`--hand ""` read standard input instead: at a terminal it waited for a hand to be typed;
    the notation's own refusal says the hand is empty."""
    status, out = _score(capsys, monkeypatch, json.dumps(HAND).encode(), "--hand", typed)
    assert status == 2 and out[0]["error"] == "The hand is empty."


@pytest.mark.parametrize(("text", "words"), [
    ("123456789m" * 2000, "18000 tiles"), ("12345678f" * 3 + " " + B14, "24 flowers")])
def test_text_far_longer_than_a_hand_is_refused_not_drawn(monkeypatch, text, words):
    """A pasted page: the app drew a button for each of its 18,000 tiles (seconds here, a stuck
    phone in a browser); now the notation refuses it and the page draws no tile of it."""
    from streamlit.testing.v1 import AppTest

    from mjlens.ui import photo as P
    from scoring.hand import HandError
    from scoring.notation import parse_hand
    from tests.test_app import APP

    with pytest.raises(HandError) as err:
        parse_hand(text)
    assert words in err.value.render("en") and err.value.render("zh")

    def no_detector(*a, **k):
        raise P.DetectorUnavailable("no model in this test")

    monkeypatch.setattr(P, "load_detector", no_detector)
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.text_input(key="notation").set_value(text).run()
    assert not at.exception
    assert len([b for b in at.button if (b.key or "").startswith("tile-")]) < 40
    assert words in " | ".join(str(e.value) for e in [*at.warning, *at.error])


@pytest.mark.parametrize("players", ["张三，李四，王五，赵六", "张三、李四、王五、赵六"])
def test_a_table_takes_names_separated_as_a_chinese_keyboard_types_them(tmp_path, capsys,
                                                                         players):
    """"张三，李四，王五，赵六" was refused: "a table has four players ... got: 张三，李四，王五，赵六"."""
    db = f"sqlite:///{tmp_path / 'ledger.db'}"
    assert main(["table", "new", "t", "--db", db, "--players", players, "--dealer", "李四"]) == 0
    assert main(["table", "add", "t", "--db", db, "--hand", B14, "--from", "王五"]) == 0
    assert "张三" in capsys.readouterr().out
