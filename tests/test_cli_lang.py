"""`--lang en|zh|zh-Hant` on the command line: human-readable output in the reader's language
(default from LC_ALL / LC_MESSAGES / LANG), JSON with its English fields kept and the Chinese
beside them (issue 20: "Every word in Chinese"; issue 31: Traditional Chinese, zh-TW and zh-HK
naming it too)."""

from __future__ import annotations

import io
import json
import re

import pytest

from mjlens.cli import main
from mjlens.lang import env_lang

HAND = "123m 456p 789s 1z [555s<] +1z"
CJK = re.compile(r"[\u4e00-\u9fff]")


def _run(capsys, monkeypatch, argv, stdin="", env=None):
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in (env or {}).items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    status = main(argv)
    out = capsys.readouterr()
    return status, out.out, out.err


@pytest.mark.parametrize(("env", "lang"), [
    ({"LANG": "zh_CN.UTF-8"}, "zh"), ({"LANG": "zh_TW"}, "zh-Hant"), ({"LANG": "en_US.UTF-8"}, "en"),
    ({}, "en"), ({"LANG": "zh_CN.UTF-8", "LC_ALL": "C"}, "en"),
    ({"LC_ALL": "zh_HK.UTF-8"}, "zh-Hant"), ({"LANG": "C", "LC_MESSAGES": "zh_CN"}, "zh"),
    ({"LANG": "zh_CN.UTF-8", "LC_MESSAGES": "zh_TW.UTF-8"}, "zh-Hant"), ({"LANG": "zh_SG"}, "zh"),
])
def test_language_from_the_environment(env, lang):
    assert env_lang(env) == lang


def test_score_breakdown_in_chinese(capsys, monkeypatch):
    status, out, _ = _run(capsys, monkeypatch, ["score", "--lang", "zh", "--hand", HAND])
    assert status == 0
    assert "合计" in out and "只听 1z（东），单钓将" in out
    assert "waited only" not in out and "Total" not in out


def test_score_language_defaults_from_lang(capsys, monkeypatch):
    _, zh, _ = _run(capsys, monkeypatch, ["score", "--hand", HAND], env={"LANG": "zh_CN.UTF-8"})
    _, en, _ = _run(capsys, monkeypatch, ["score", "--hand", HAND], env={"LANG": "en_GB.UTF-8"})
    assert "合计" in zh and "Total" in en and "waited only on 1z (East) for the pair" in en


def test_score_json_keeps_english_and_adds_chinese_whatever_the_language(capsys, monkeypatch):
    outs = [json.loads(_run(capsys, monkeypatch, ["score", "--json", "--lang", lang, "--hand", HAND])[1])
            for lang in ("en", "zh")]
    assert outs[0] == outs[1]
    fan = next(f for f in outs[0]["fans"] if f["name"] == "单钓将")
    assert fan["why"] == "waited only on 1z (East) for the pair" and CJK.search(fan["why_zh"])


@pytest.mark.parametrize(("argv", "stdin", "en_words", "zh_words"), [
    (["score", "--json", "--hand", "11111m234p567s999s +5z"], "", "only four of each tile", "每种牌只有四张"),
    (["score", "--json"], "{2222m} 345m +5m\n", "Wrong number of tiles", "牌数不对"),
    (["score", "--json"], "", "No hand was given", "标准输入里没有牌"),
    (["score", "--json", "-o", "base"], "", "NAME=VALUE", "NAME=VALUE"),
    (["score", "--json", "--hand", "123m456p789s1z [555s] *1z robbing-kong"], "", "robbing a kong", "抢杠"),
])
def test_errors_carry_english_and_chinese(capsys, monkeypatch, argv, stdin, en_words, zh_words):
    status, out, _ = _run(capsys, monkeypatch, argv, stdin)
    error = json.loads(out)
    assert status == 2 and set(error) == {"error", "error_zh", "error_zh_hant"}
    assert en_words in error["error"] and zh_words in error["error_zh"]
    assert CJK.search(error["error_zh_hant"]) and error["error_zh_hant"] != error["error_zh"]
    assert CJK.search(error["error_zh"]) and not CJK.search(error["error"].replace("抢杠", ""))


def test_error_line_in_chinese(capsys, monkeypatch):
    status, out, err = _run(capsys, monkeypatch, ["score", "--lang", "zh", "--hand", "11111m +1m"])
    assert status == 2 and not out
    assert err.startswith("错误：") and "每种牌只有四张" in err


def test_rules_in_chinese_shows_option_and_field_help(capsys, monkeypatch):
    from scoring.ruleset import get_ruleset

    _, zh, _ = _run(capsys, monkeypatch, ["rules", "--lang", "zh"])
    _, en, _ = _run(capsys, monkeypatch, ["rules", "--lang", "en"])
    gb = get_ruleset("gb")
    for option in gb.options:
        assert option.help_zh in zh and option.help in en
    assert "手牌字段：" in zh and "hand fields:" in en
    assert "打出和牌张的座位" in zh
    data = json.loads(_run(capsys, monkeypatch, ["rules", "--json"])[1])
    gb_json = next(r for r in data if r["id"] == "gb")
    assert all(o["help_zh"] for o in gb_json["options"])


def test_settle_ledger_and_errors_in_chinese(capsys, monkeypatch):
    from pathlib import Path

    example = str(Path(__file__).resolve().parents[1] / "docs" / "examples" / "round.json")
    status, zh, _ = _run(capsys, monkeypatch, ["settle", example, "--lang", "zh"])
    _, en, _ = _run(capsys, monkeypatch, ["settle", example], env={"LANG": "en_US.UTF-8"})
    assert status == 0 and "净得：" in zh and "Net:" in en and "Net:" not in zh
    status, out, _ = _run(capsys, monkeypatch, ["settle", "-", "--json"], "{x")
    error = json.loads(out)
    assert status == 2 and "not valid JSON" in error["error"] and "不是有效的 JSON" in error["error_zh"]
    status, _, err = _run(capsys, monkeypatch, ["settle", "-", "--lang", "zh"], "{x")
    assert status == 2 and err.startswith("错误：这局的数据不是有效的 JSON")


def test_detect_errors_in_both_languages(capsys, monkeypatch, tmp_path):
    """An unreadable image: its JSON line keeps 'error' in English and adds 'error_zh'; the
    table output speaks the chosen language (no model needed: the file is refused first)."""
    pytest.importorskip("onnxruntime")
    from vision.detect import default_model_dir

    if not (default_model_dir() / "detector.onnx").exists():
        pytest.skip("no shipped model")
    missing = str(tmp_path / "none.jpg")
    status, out, _ = _run(capsys, monkeypatch, ["detect", missing, "--json", "--lang", "zh"])
    line = json.loads(out)
    assert status == 1 and line["image"] == missing
    assert "no such file" in line["error"] and CJK.search(line["error_zh"])
    status, out, _ = _run(capsys, monkeypatch, ["detect", missing, "--lang", "zh"])
    assert status == 1 and out.startswith("错误：")


def test_scan_reading_and_errors_in_chinese(capsys, monkeypatch, tmp_path):
    from tests.test_layout import boxes

    f = tmp_path / "boxes.json"
    f.write_text(json.dumps({"image": "x.jpg", "width": 1000, "height": 800,
                             "tiles": boxes([(0, "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 2z 2z")])}))
    status, out, _ = _run(capsys, monkeypatch, ["scan", "p.jpg", "--boxes", str(f), "--lang", "zh"])
    assert status == 0 and out.startswith("从照片读出：") and "合计" in out
    f.write_text(json.dumps({"image": "x.jpg", "width": 1000, "height": 800,
                             "tiles": boxes([(0, "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 2z"), (0.8, "3z")])}))
    status, out, _ = _run(capsys, monkeypatch, ["scan", "p.jpg", "--boxes", str(f), "--json"])
    data = json.loads(out)
    assert status == 2 and data["error"].startswith("This is not a winning hand")
    assert data["error_zh"].startswith("这不是和牌")
    status, _, err = _run(capsys, monkeypatch, ["scan", "p.jpg", "--boxes", str(f), "--lang", "zh"])
    assert status == 2 and "错误：这不是和牌" in err


def test_settle_in_chinese_names_every_seat(capsys, monkeypatch):
    """The round's ledger and net line in Chinese say 东家, never the letter E."""
    import re
    from pathlib import Path

    example = str(Path(__file__).resolve().parents[1] / "docs" / "examples" / "round.json")
    status, zh, _ = _run(capsys, monkeypatch, ["settle", example, "--lang", "zh"])
    net = next(line for line in zh.splitlines() if line.startswith("净得："))
    assert status == 0 and re.fullmatch(r"净得：东家 \S+  南家 \S+  西家 \S+  北家 \S+", net), net
    assert not re.search(r"(?<![A-Za-z])[ESWN](?![A-Za-z])", zh), zh


# ---- Traditional Chinese (issue 31) ---------------------------------------------------------
@pytest.mark.parametrize("lang", ["zh-Hant", "zh-TW", "zh-HK", "ZH-tw"])
def test_score_breakdown_in_traditional_chinese(capsys, monkeypatch, lang):
    status, out, _ = _run(capsys, monkeypatch, ["score", "--lang", lang, "--hand", HAND])
    assert status == 0
    assert "合計" in out and "只聽東，單釣將" in out and "花龍" in out
    assert "淨得：東家 +33  南家 -8  西家 -8  北家 -17" in out
    assert "合计" not in out and "Total" not in out and "东" not in out


def test_traditional_by_default_under_a_taiwan_or_hong_kong_locale(capsys, monkeypatch):
    _, tw, _ = _run(capsys, monkeypatch, ["score", "--hand", HAND], env={"LANG": "zh_TW.UTF-8"})
    _, hk, _ = _run(capsys, monkeypatch, ["score", "--hand", HAND], env={"LC_ALL": "zh_HK.UTF-8"})
    _, cn, _ = _run(capsys, monkeypatch, ["score", "--hand", HAND], env={"LANG": "zh_CN.UTF-8"})
    assert "合計" in tw and tw == hk and "合计" in cn
    # --lang wins over the locale
    _, en, _ = _run(capsys, monkeypatch, ["score", "--lang", "en", "--hand", HAND],
                    env={"LANG": "zh_TW.UTF-8"})
    assert "Total" in en


def test_json_adds_traditional_beside_the_fields_it_had(capsys, monkeypatch):
    outs = [json.loads(_run(capsys, monkeypatch, ["score", "--json", "--lang", lang, "--hand",
                                                  HAND])[1]) for lang in ("en", "zh-TW")]
    assert outs[0] == outs[1]
    fan = next(f for f in outs[0]["fans"] if f["name"] == "单钓将")
    assert fan["why"] == "waited only on 1z (East) for the pair"
    assert fan["why_zh"] == "只听 1z（东），单钓将"
    assert fan["why_zh_hant"] == "只聽東，單釣將" and fan["name_zh_hant"] == "單釣將"
    pay = outs[0]["payments"][-1]
    assert "点炮" in pay["reason_zh"] and "點炮" in pay["reason_zh_hant"]
    assert outs[0]["notes_zh_hant"] == [to for to in outs[0]["notes_zh_hant"] if CJK.search(to)]
    assert len(outs[0]["notes_zh_hant"]) == len(outs[0]["notes_zh"])


def test_an_unknown_language_is_refused_in_words(capsys, monkeypatch):
    with pytest.raises(SystemExit) as stop:
        _run(capsys, monkeypatch, ["score", "--lang", "jp", "--hand", HAND])
    assert stop.value.code == 2
    assert "choose en, zh or zh-Hant" in capsys.readouterr().err


@pytest.mark.parametrize("command", [["rules"], ["settle", "-"], ["detect", "x.jpg"],
                                     ["scan", "x.jpg"], ["eval", "--data", "x"],
                                     ["label", "x", "--out", "y"],
                                     ["dataset", "convert", "x", "--to", "coco", "--out", "y"],
                                     ["dataset", "merge", "x", "--into", "y"]])
def test_every_command_with_lang_takes_the_traditional_names(command):
    """Each command that takes --lang reads zh-Hant, zh-TW and zh-HK as Traditional."""
    from mjlens.cli import build_parser

    parser = build_parser()
    for name in ("zh-Hant", "zh-TW", "zh-HK"):
        assert parser.parse_args([*command, "--lang", name]).lang == "zh-Hant"


def test_rules_in_traditional_chinese(capsys, monkeypatch):
    from scoring.hant import to_hant
    from scoring.ruleset import get_ruleset

    _, out, _ = _run(capsys, monkeypatch, ["rules", "--lang", "zh-TW"])
    gb = get_ruleset("gb")
    assert "國標麻將" in out and "手牌欄位：" in out and "選項：" in out and "选项" not in out
    for option in gb.options:
        assert to_hant(option.help_zh) in out
    data = json.loads(_run(capsys, monkeypatch, ["rules", "--json"])[1])
    gb_json = next(r for r in data if r["id"] == "gb")
    assert gb_json["name_zh"] == "国标麻将" and gb_json["name_zh_hant"] == "國標麻將"
    assert all(o["help_zh_hant"] for o in gb_json["options"])


def test_settle_and_scan_in_traditional_chinese(capsys, monkeypatch, tmp_path):
    from pathlib import Path

    from tests.test_layout import boxes

    example = str(Path(__file__).resolve().parents[1] / "docs" / "examples" / "round.json")
    status, out, _ = _run(capsys, monkeypatch, ["settle", example, "--lang", "zh-HK"])
    assert status == 0 and "淨得：東家" in out and "净得" not in out
    status, out, _ = _run(capsys, monkeypatch, ["settle", "-", "--json"], "{x")
    assert status == 2 and "不是有效的 JSON" in json.loads(out)["error_zh_hant"]
    f = tmp_path / "boxes.json"
    f.write_text(json.dumps({"image": "x.jpg", "width": 1000, "height": 800,
                             "tiles": boxes([(0, "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 2z 2z")])}))
    status, out, _ = _run(capsys, monkeypatch, ["scan", "p.jpg", "--boxes", str(f), "--lang",
                                                "zh-Hant"])
    assert status == 0 and out.startswith("從照片讀出：") and "合計" in out


def test_a_broken_json_line_names_its_place_in_the_readers_language(capsys, monkeypatch):
    """The parser's English detail ("Expecting ',' delimiter") never stands in a Chinese error:
    line and column only, in the reader's words (as `table` and `scan` say it)."""
    stdin = '{"concealed": ["1m" "2m"]}\n{"win_tile": 3'
    status, out, _ = _run(capsys, monkeypatch, ["score", "--json"], stdin)
    first = json.loads(out.splitlines()[0])
    assert status == 2 and first["error_zh"] == "第 1 行不是有效的 JSON（第 21 列）。"
    assert "Expecting" not in first["error_zh_hant"] and "第 21 列" in first["error_zh_hant"]
    assert first["error"] == "Line 1 is not valid JSON (column 21)."
    status, _, err = _run(capsys, monkeypatch, ["settle", "-", "--lang", "zh"], '{"a": 1,}')
    assert status == 2 and err.strip() == "错误：这局的数据不是有效的 JSON（第 1 行第 9 列）。"
