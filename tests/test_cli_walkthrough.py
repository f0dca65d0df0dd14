"""Faults a new user met going through every command of `mjlens` in English, Simplified and
Traditional Chinese: help examples that do not run, columns out of line, words left in English
or as tile codes where the reader chose Chinese."""

from __future__ import annotations

import io
import re
import types
import unicodedata

import pytest

from mjlens.cli import build_parser, main

LATIN = re.compile(r"[A-Za-z]")


def _run(capsys, monkeypatch, argv, stdin=""):
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    status = main(argv)
    out = capsys.readouterr()
    return status, out.out, out.err


def _subparser(name: str):
    parser = build_parser()
    action = next(a for a in parser._actions if a.dest == "command")
    return action.choices[name]


def _columns(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def test_the_example_in_score_help_is_a_hand_that_scores(capsys, monkeypatch):
    example = re.search(r"e\.g\. '([^']+)'", str(_subparser("score").description)).group(1)
    status, out, _ = _run(capsys, monkeypatch, ["score", "--hand", example])
    assert status == 0, example
    assert "Total" in out


def _spans(text: str, pattern: str) -> list[tuple[int, int]]:
    """(first, last) terminal column of each match."""
    return [(_columns(text[:m.start()]), _columns(text[:m.end()]) - 1)
            for m in re.finditer(pattern, text)]


@pytest.mark.parametrize("lang", ["en", "zh", "zh-Hant"])
def test_detect_figures_stand_under_their_headings(capsys, lang):
    from mjlens.commands.detect import _print_table
    from vision.detect.detector import Detection

    dets = [Detection("8f", (113, 485, 144, 525), 0.36, 0.78),
            Detection("7p", (17, 485, 51, 517), 0.38, 0.84)]
    _print_table("hand.jpg", types.SimpleNamespace(width=640, height=640), dets, 0, lang)
    lines = capsys.readouterr().out.splitlines()
    head = lines[1]
    heads = _spans(head, r"\S+")
    for row in lines[2:4]:
        conf, box_score = _spans(row, r"\d\.\d\d")
        assert conf[1] == heads[2][1], (head, row)  # the confidence ends under its heading
        assert box_score[0] == heads[3][0], (head, row)  # the box score starts under its own
        assert _spans(row, r"\[")[0][0] == heads[4][0], (head, row)  # the box under "box ..."


@pytest.mark.parametrize(("lang", "heading"), [
    ("en", "Rules: Taiwanese"), ("zh", "规则：台湾麻将"), ("zh-Hant", "規則：台灣麻將")])
def test_settle_names_the_rule_set_as_score_does(capsys, monkeypatch, lang, heading):
    status, out, _ = _run(capsys, monkeypatch, ["settle", "--rules", "taiwan", "--lang", lang,
                                                "docs/examples/taiwan_round.json"])
    assert status == 0
    assert out.splitlines()[0] == heading


def test_traditional_chinese_names_tiles_given_as_codes(capsys, monkeypatch):
    """docs/taiwan.md: `--lang zh-Hant` writes no Latin letters about a hand. A reason given
    tiles as codes (Guobiao's chows, a round's waits and kongs) said 順子 123m 789s 456p."""
    status, out, _ = _run(capsys, monkeypatch, ["score", "--lang", "zh-Hant", "--hand",
                                                "123m 456p 789s 1z [555s<] +1z"])
    assert status == 0
    assert "順子 一二三萬 七八九條 四五六筒" in out
    assert not any(LATIN.search(line) for line in out.splitlines()[1:]), out  # but the hand typed
    status, out, _ = _run(capsys, monkeypatch, ["settle", "--lang", "zh-Hant",
                                                "docs/examples/round.json"])
    assert status == 0
    assert "聽三萬 六萬 九萬" in out and "暗槓二條" in out
    assert not LATIN.search(out), out


def test_a_layout_note_names_its_tiles_in_traditional_chinese():
    from scoring.messages import render
    from vision.layout.words import M

    assert render(M("win_chosen", tile="8s", also=""), "zh-Hant") == \
        "沒有單獨放出的和牌張；選了八條，因為它能和牌。"
    assert render(M("claim_unknown", meld="[333p]"), "zh-Hant").startswith("副露 [三三三筒] ")
    # the other languages keep the codes; a code inside other text is left alone
    assert "chose 8s because" in render(M("win_chosen", tile="8s", also=""), "en")
    assert "选了 8s" in render(M("win_chosen", tile="8s", also=""), "zh")
    assert render("photo_1s.jpg", "zh-Hant") == "photo_1s.jpg"


def _no_english(text: str) -> bool:
    """No English word (3+ letters) but in paths and folder names (`images/`) and the
    formats' names."""
    text = re.sub(r"[\w.]*/[\w./]*|\.json|COCO|Pascal VOC|JSON", "", text)
    return not re.search(r"[A-Za-z]{3,}", text)


@pytest.mark.parametrize("argv", [
    ["scan", "tests/fixtures/detect/hand_a.jpg", "--model", "/nonexistent"],
    ["scan", "x.jpg", "--boxes", "/nonexistent/boxes.json"],
    ["scan", "tests/fixtures/detect/hand_a.jpg", "--profile", "/nonexistent.mjprofile"],
    ["detect", "tests/fixtures/detect/hand_a.jpg", "--model", "/nonexistent"],
    ["eval", "--data", "/nonexistent"],
    ["eval", "--data", "/nonexistent", "--model", "/nonexistent"],
    ["calibrate", "--labels", "/nonexistent", "--out", "/tmp/never.mjprofile"],
    ["dataset", "convert", "/nonexistent", "--to", "voc", "--out", "/tmp/never"],
    ["dataset", "preview", "/nonexistent", "--out", "/tmp/never.jpg"],
])
@pytest.mark.parametrize("lang", ["zh", "zh-Hant"])
def test_refusals_are_in_the_chosen_language(capsys, monkeypatch, argv, lang):
    """The operating system's, the model loader's and the folder readers' English ('[Errno 2]
    No such file or directory', 'model file ... not found', 'error: ... has no images/') was
    printed under --lang zh, and `dataset preview` refused --lang."""
    status, out, err = _run(capsys, monkeypatch, argv + ["--lang", lang])
    assert status in (1, 2)
    text = (out + err).strip()
    assert text.startswith("错误：" if lang == "zh" else "錯誤："), text
    assert _no_english(text), text


def test_a_missing_hand_file_for_the_table_is_said_in_chinese(capsys, monkeypatch, tmp_path):
    db = f"sqlite:///{tmp_path / 'ledger.sqlite'}"
    assert _run(capsys, monkeypatch, ["table", "new", "T", "--players", "A,B,C,D",
                                      "--db", db])[0] == 0
    status, _, err = _run(capsys, monkeypatch, ["table", "add", "T", str(tmp_path / "no.json"),
                                                "--winner", "A", "--db", db, "--lang", "zh"])
    assert status == 2
    assert "找不到这个文件或文件夹" in err and _no_english(err), err


@pytest.mark.parametrize("lang", ["zh", "zh-Hant"])
def test_eval_reports_in_the_chosen_language(capsys, lang):
    from mjlens.commands.eval import _print_report

    rep = types.SimpleNamespace(images=3, n_gt=51, n_pred=52, map50=0.9856, map50_95=0.7099,
                                precision=0.9615, recall=0.9804, f1=0.9709, hand_exact=0.6667,
                                worst_recall=[("5p", 0.5, 2)])
    _print_report(rep, {"IMG": rep}, lang)
    out = capsys.readouterr().out
    assert "0.9856" in out and "5p 0.500 (2)" in out
    assert _no_english(out.replace("IMG", "")), out


def test_label_refuses_a_missing_model_once(capsys, monkeypatch, tmp_path):
    """A pool worker that cannot load the model was started again and again (a traceback
    each time, the command never ending); the model is now checked before the pool starts."""
    photos = tmp_path / "photos"
    photos.mkdir()
    (photos / "a.jpg").write_bytes(open("tests/fixtures/detect/hand_a.jpg", "rb").read())
    status, _, err = _run(capsys, monkeypatch, ["label", str(photos), "--out",
                                                str(tmp_path / "out"), "--model", "/nonexistent",
                                                "--workers", "1", "--lang", "en"])
    assert status == 2
    assert "model file /nonexistent/detector.onnx not found" in err
