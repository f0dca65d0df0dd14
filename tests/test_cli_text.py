"""The command line's text as a person reads it on a terminal: lines wrapped to the terminal's
width counting a Chinese character as two columns, option values as a player writes them (and
their Chinese words taken by `-o`), Chinese lists joined with 、, plurals."""

from __future__ import annotations

import io
import json

import pytest

from mjlens.cli import main
from mjlens.terminal import columns, wrap_line, wrap_text

HAND = "123m 456p 789s 1z [555s<] +1z"


class Terminal(io.StringIO):
    """Standard output as a terminal."""

    def isatty(self) -> bool:
        return True


def _run(monkeypatch, argv, stdin="", tty=False, width=60):
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("COLUMNS", str(width))
    out, err = (Terminal(), Terminal()) if tty else (io.StringIO(), io.StringIO())
    monkeypatch.setattr("sys.stdout", out)
    monkeypatch.setattr("sys.stderr", err)
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    status = main(argv)
    return status, out.getvalue(), err.getvalue()


# -- the wrapper -------------------------------------------------------------------------------


def test_a_chinese_character_takes_two_columns():
    assert columns("番") == 2 and columns("a1") == 2 and columns("清一色 24") == 9
    assert columns("（「无」）") == 10


def test_chinese_wraps_by_columns_with_a_hanging_indent():
    line = "  " + "清一色全部是同一种花色的牌" * 4
    lines = wrap_line(line, 30)
    assert all(columns(out) <= 30 for out in lines), lines
    assert "".join(out.strip() for out in lines) == line.strip()  # nothing lost or added
    assert lines[0].startswith("  清") and all(out.startswith("      ") for out in lines[1:])


def test_no_break_inside_a_tile_token_a_number_or_an_option():
    line = "和牌 123m 456p [555s<] +1z：东家付 1,000 点，南家付 12,000 点，-o cap=16 封顶 16番"
    for width in range(12, 60):
        pieces = " ".join(wrap_line(line, width)).split()
        for token in ("123m", "[555s<]", "+1z", "1,000", "12,000"):
            assert any(token in piece for piece in pieces), (width, token, pieces)
        text = wrap_text(line, width)
        assert "-o\n" not in text and "-o cap=16" in text.replace("\n    ", " ")
        assert "1\n6番" not in text and "16\n番" not in text  # a number keeps its unit


def test_a_closing_mark_never_starts_a_line_nor_an_opening_one_ends_it():
    line = "清一色（全部是同一种花色），碰碰和「四组刻子」。" * 3
    for width in range(8, 50):
        for out in wrap_line(line, width):
            assert out.strip()[0] not in "，。）」、" and out.strip()[-1] not in "（「", (width, out)


def test_a_short_line_and_a_piece_wider_than_the_line_stay_whole():
    assert wrap_line("short line", 80) == ["short line"]
    assert wrap_line("x " + "y" * 30, 10) == ["x", "    " + "y" * 30]


# -- every command's text on a terminal ---------------------------------------------------------


@pytest.mark.parametrize("lang", ["zh", "en", "zh-Hant"])
def test_rules_fits_the_terminal(monkeypatch, lang):
    status, out, _ = _run(monkeypatch, ["rules", "--lang", lang], tty=True, width=80)
    assert status == 0
    wide = [line for line in out.splitlines() if columns(line) > 80 and " " in line.strip()]
    assert not wide, wide[:3]
    # piped (not a terminal): whole lines, for grep and scripts
    _, piped, _ = _run(monkeypatch, ["rules", "--lang", lang], width=80)
    assert max(map(columns, piped.splitlines())) > 80
    assert piped.replace("\n", "").replace(" ", "") == out.replace("\n", "").replace(" ", "")


def test_score_payments_fit_and_json_is_never_wrapped(monkeypatch):
    argv = ["score", "--rules", "guangshui", "--hand", "111m 222m 333m 44m 5m 6m +7m", "--lang", "zh"]
    status, out, _ = _run(monkeypatch, argv, tty=True, width=40)
    assert status == 0 and all(columns(line) <= 40 for line in out.splitlines()), out
    _, whole, _ = _run(monkeypatch, argv, width=40)
    assert max(map(columns, whole.splitlines())) > 40  # there was something to wrap
    status, out, _ = _run(monkeypatch, [*argv, "--json"], tty=True, width=40)
    assert len(out.splitlines()) == 1 and json.loads(out)["total"] > 0


def test_an_error_on_a_terminal_is_wrapped_too(monkeypatch):
    status, _, err = _run(monkeypatch, ["score", "--rules", "gb", "--hand", "123m",
                                        "--lang", "zh"], tty=True, width=20)
    assert status == 2 and err.startswith("错误：") and len(err.splitlines()) > 1
    assert all(columns(line) <= 20 for line in err.splitlines())


# -- option values as a player writes them ------------------------------------------------------


def test_rules_shows_values_as_a_player_writes_them(monkeypatch):
    _, en, _ = _run(monkeypatch, ["rules", "--lang", "en"])
    _, zh, _ = _run(monkeypatch, ["rules", "--lang", "zh"])
    for text in (en, zh):
        assert "False" not in text and "True" not in text and "['E'" not in text
    assert "-o mixed_kongs=false" in en and "default E S W N" in en
    assert "默认 E S W N" in zh and "默认 []" not in zh


def test_rules_names_each_choice_in_chinese(monkeypatch):
    _, zh, _ = _run(monkeypatch, ["rules", "--lang", "zh"])
    assert "-o cap=16 [8、16、32、none（无）]" in zh
    assert "[full（全副136张）、kawuxing（卡五星84张）]" in zh
    assert "[detailed（详细算法）、simple（简单算法）]" in zh
    _, hant, _ = _run(monkeypatch, ["rules", "--lang", "zh-Hant"])
    assert "none（無）" in hant and "[detailed（詳細算法）、simple（簡單算法）]" in hant


@pytest.mark.parametrize(("rules", "word", "code"), [
    ("guangshui", "cap=无", "cap=none"), ("guangshui", "cap=無", "cap=none"),
    ("guangshui", "tile_set=卡五星84张", "tile_set=kawuxing"),
    ("fujian", "count=简单算法", "count=simple"), ("fujian", "count=簡單算法", "count=simple"),
    ("sichuan", "self_draw=加底", "self_draw=base"),
])
def test_an_option_takes_the_chinese_word_its_help_shows(monkeypatch, rules, word, code):
    from mjlens.commands.score import parse_options
    from scoring.ruleset import get_ruleset

    rs = get_ruleset(rules)
    assert rs.resolve_options(parse_options([word], rules)) == rs.resolve_options(
        parse_options([code], rules))
    hand = {"guangshui": "111p 222p 333p 44s 5s 6s *7s", "sichuan": "123m 456m 789m 123p 5p +5p",
            "fujian": "111m 222m 333m 444m 55m 6m 7m +8m"}[rules]
    got = [_run(monkeypatch, ["score", "--rules", rules, "-o", o, "--hand", hand, "--json"])[1]
           for o in (word, code)]
    assert got[0] == got[1] and "error" not in json.loads(got[0])


# -- wording -----------------------------------------------------------------------------------


def test_an_option_refusal_in_chinese_lists_with_the_chinese_comma(monkeypatch):
    _, out, _ = _run(monkeypatch, ["score", "--rules", "guangshui", "-o", "cap=7", "--hand",
                                   HAND, "--json"])
    error = json.loads(out)
    assert "8、16、32、none" in error["error_zh"] and "8, 16, 32, none" in error["error"]
    _, out, _ = _run(monkeypatch, ["score", "--rules", "gb", "-o", "mixed_kongs=maybe",
                                   "--hand", HAND, "--json"])
    assert "必须是 true 或 false，" in json.loads(out)["error_zh"]
    _, out, _ = _run(monkeypatch, ["score", "--rules", "gb", "-o", "nope=1", "--hand", HAND,
                                   "--json"])
    assert "base、mixed_kongs" in json.loads(out)["error_zh"]


def test_the_assumed_discarder_has_no_stray_spaces():
    from scoring.messages import Seat
    from scoring.payments import M

    text = M("assumed_discarder", seat=Seat("E")).render("zh")
    assert "上家东家计算" in text and " " not in text


def test_synth_says_one_image_not_one_images():
    from mjlens.commands.synth import wrote_line

    stats = {"seconds": 1.0, "images_per_s": 1.0}
    assert wrote_line({**stats, "images": 1}, "out").startswith("wrote 1 image to out")
    assert wrote_line({**stats, "images": 2}, "out").startswith("wrote 2 images to out")


def test_a_table_row_continues_under_its_last_column():
    row = "  单钓将 (Single Wait)     1   waited only on 1z (East) for the pair, the last tile"
    lines = wrap_line(row, 72)
    at = columns(row[: row.index("waited")])  # 单钓将 takes six columns
    assert len(lines) == 2 and lines[0].endswith("the pair,"), lines
    assert lines[1] == " " * at + "the last tile"
