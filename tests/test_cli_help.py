"""`mjlens --help`, each command's help and usage, and argparse's own words (`usage:`,
`options:`, `the following arguments are required`) were English whatever `--lang` or the
locale said: they are now in the reader's language, chosen as the rest of the command line
chooses it; English is what it was, character for character, and a usage error exits 2."""

from __future__ import annotations

import argparse
import re

import pytest

from mjlens.cli import build_parser, main
from mjlens.parser import argv_lang
from mjlens.terminal import columns
from scoring.messages import CATALOGS, Msg

CJK = re.compile(r"[\u4e00-\u9fff]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
SIMPLIFIED_ONLY = re.compile(r"[规选项显参数这帮输认识语]")

# what a Chinese help may keep in Latin letters: what the user types (code spans, option
# names, metavars, choices), the commands' names, and argparse's layout of the usage
_TYPED = re.compile("|".join([
    r"`[^`]*`", r"\{[^}]*\}", r"(?<![\w-])--?[a-z][\w-]*", r"\b[A-Z][A-Z_]*(?:=[A-Z]+)?\b",
    r"\.json\b", r"\bmjlens(?: [a-z]+)*", r"'[^']*'",
]))

SCORE_HELP_EN = """\
usage: mjlens score [-h] [--rules RULES] [--json] [--option NAME=VALUE] [--hand HAND]
                    [--lang {en,zh,zh-Hant}]

Score a hand given on standard input as JSON (one object, or JSON Lines for several hands) or in
the hand notation, e.g. '123m 456p 789s 1z [555s<] +1z'.

options:
  -h, --help            show this help message and exit
  --rules RULES         rule set id (see `mjlens rules`); default gb
  --json                print JSON per the contract
  --option NAME=VALUE, -o NAME=VALUE
                        a rule-set option, e.g. -o base=8 (see `mjlens rules`); a choice may be
                        given by the Chinese word `mjlens rules --lang zh` shows beside it, e.g.
                        -o cap=无
  --hand HAND           the hand in notation instead of standard input
  --lang {en,zh,zh-Hant}
                        language of the printed text: en, zh (Simplified) or zh-Hant (Traditional;
                        zh-TW and zh-HK say the same); default from LANG / LC_ALL (zh_TW, zh_HK
                        give zh-Hant, other zh* zh, otherwise en); JSON always has every language
"""

MAIN_HELP_EN = """\
usage: mjlens [-h] COMMAND ...

Photograph a revealed mahjong hand, get its score.

positional arguments:
  COMMAND
    calibrate
              learn your own tile set from photos (a tile profile)
    dataset   build the detector training set or preview its labels
    detect    detect the tiles in one or more photos
    eval      measure the detector on a labelled YOLO folder
    label     label a folder of photos with the detector (for review)
    rules     list the rule sets and their options
    scan      read a photo of a revealed hand and score it
    score     score a hand read on standard input
    settle    settle a whole round: kong money, every win, the end of the wall
    synth     generate synthetic photos of revealed hands (YOLO labels + hand sidecars)
    table     keep a game's hands and running totals

options:
  -h, --help  show this help message and exit
"""


def _help(capsys, monkeypatch, argv, env=None, width=100):
    """(exit status, standard output, standard error) of `mjlens ARGV` that exits while parsing
    (--help, a usage error)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in (env or {}).items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("COLUMNS", str(width))
    with pytest.raises(SystemExit) as stop:
        main(argv)
    out = capsys.readouterr()
    return stop.value.code, out.out, out.err


def _untranslated(text: str) -> list[str]:
    """The lines of a Chinese help with an English word left outside what the user types
    (the usage lines are the command's syntax; a command's name heads its line)."""
    found = []
    usage, _, rest = text.partition("\n\n")  # the usage: the command's syntax
    for line in rest.splitlines():
        if re.fullmatch(r" {2}[a-z_]+", line):
            continue  # a positional argument without help is shown by its name (table's name)
        body = re.sub(r"^ {4}[a-z]+(?= |$)", "", line)  # the command's name in the list
        if LATIN_WORD.search(_TYPED.sub("", body)):
            found.append(line)
    return found


@pytest.mark.parametrize("argv", [["score", "--help"], ["--help"]])
def test_english_help_is_as_it_was(capsys, monkeypatch, argv):
    status, out, _ = _help(capsys, monkeypatch, argv)
    assert status == 0
    assert out == (SCORE_HELP_EN if argv[0] == "score" else MAIN_HELP_EN)


def test_help_in_simplified_chinese_from_the_locale(capsys, monkeypatch):
    status, out, _ = _help(capsys, monkeypatch, ["--help"], {"LANG": "zh_CN.UTF-8"})
    assert status == 0
    assert out.startswith("用法：mjlens [-h] COMMAND ...")
    assert "给摊开的一手麻将牌拍照" in out and "位置参数：" in out and "选项：" in out
    assert "显示这段帮助并退出" in out and "给从标准输入读到的一手牌算分" in out
    assert not _untranslated(out), _untranslated(out)


@pytest.mark.parametrize("argv", [["score", "--help", "--lang", "zh"],
                                  ["--lang=zh", "score", "--help"],
                                  ["scan", "--help", "--lang", "zh"],
                                  ["table", "add", "--help", "--lang", "zh"]])
def test_command_help_in_simplified_chinese_from_lang(capsys, monkeypatch, argv):
    """`--lang` anywhere in argv, before or after `--help`, even where the locale is English."""
    status, out, _ = _help(capsys, monkeypatch, argv, {"LANG": "en_US.UTF-8"})
    assert status == 0
    assert out.startswith(f"用法：mjlens {argv[1] if argv[0] == '--lang=zh' else argv[0]}")
    assert "选项：" in out and "显示这段帮助并退出" in out
    assert "options" not in out and "show this help" not in out
    assert not _untranslated(out), _untranslated(out)
    if "score" in argv:
        assert "规则集代号（见 `mjlens rules`）；默认 `gb`" in out


def test_help_in_traditional_chinese(capsys, monkeypatch):
    status, out, _ = _help(capsys, monkeypatch, ["score", "--help", "--lang", "zh-Hant"])
    assert status == 0
    assert out.startswith("用法：mjlens score")
    assert "選項：" in out and "顯示這段幫助並退出" in out and "規則集代號" in out
    assert "預設 `gb`" in out  # Taiwan's word for a default, not 默認
    assert not SIMPLIFIED_ONLY.search(out), SIMPLIFIED_ONLY.findall(out)
    assert not _untranslated(out), _untranslated(out)
    _, out, _ = _help(capsys, monkeypatch, ["--help"], {"LANG": "zh_TW.UTF-8"})
    assert "位置參數：" in out and "給攤開的一手麻將牌拍照" in out


@pytest.mark.parametrize(("argv", "env", "said"), [
    (["eval", "--lang", "zh"], {}, "mjlens eval：错误：缺少这些必需的参数：--data"),
    (["nope"], {"LANG": "zh_CN.UTF-8"}, "mjlens：错误：参数 COMMAND：无效的选择：'nope'"),
    (["score", "--rules", "--lang", "zh-Hant"], {},
     "mjlens score：錯誤：參數 --rules：後面要跟一個值"),
    (["score", "--bogus", "--lang", "zh"], {}, "mjlens：错误：无法识别的参数：--bogus"),
    (["synth", "--n", "x", "--out", "y"], {"LC_ALL": "zh_CN.UTF-8"},
     "mjlens synth：错误：参数 --n：无效的取值：'x'"),
])
def test_a_usage_error_in_chinese_still_exits_2(capsys, monkeypatch, argv, env, said):
    status, out, err = _help(capsys, monkeypatch, argv, env)
    assert status == 2 and not out
    assert err.startswith("用法：mjlens") and said in err, err
    assert not LATIN_WORD.search(_TYPED.sub("", err.splitlines()[-1])), err


def test_mjlens_alone_prints_its_help_in_chinese_and_exits_2(capsys, monkeypatch):
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    assert main([]) == 2
    out = capsys.readouterr().out
    assert out.startswith("用法：mjlens [-h] COMMAND ...") and "位置参数：" in out


def test_a_usage_error_in_english_is_as_it_was(capsys, monkeypatch):
    status, _, err = _help(capsys, monkeypatch, ["eval"])
    assert status == 2
    assert err == ("usage: mjlens eval [-h] --data DATA [--names NAMES] [--model MODEL] "
                   "[--conf CONF] [--limit LIMIT]\n                   [--by-source] [--json] "
                   "[--profile PROFILE] [--lang {en,zh,zh-Hant}]\nmjlens eval: error: the "
                   "following arguments are required: --data\n")


def test_argparse_speaks_english_again_after_a_chinese_run(capsys, monkeypatch):
    """argparse's words are swapped only while the parser works: another program's argparse
    in the same process (pytest's own) is left in English."""
    _help(capsys, monkeypatch, ["score", "--help", "--lang", "zh"])
    assert argparse._("usage: ") == "usage: "
    assert argparse.ArgumentParser(prog="x").format_usage() == "usage: x [-h]\n"


def test_chinese_help_fits_the_terminal_by_columns(capsys, monkeypatch):
    """argparse counts characters: a Chinese line it wrapped ran to twice the width."""
    for lang in ("zh", "zh-Hant"):
        _, out, _ = _help(capsys, monkeypatch, ["table", "add", "--help", "--lang", lang],
                          width=60)
        long = [line for line in out.splitlines() if columns(line) > 60]
        assert not long, long


@pytest.mark.parametrize(("argv", "lang"), [
    (["score", "--lang", "zh"], "zh"), (["--lang=zh-TW", "score"], "zh-Hant"),
    (["score", "--lang", "zh", "--lang", "en"], "en"), (["score", "--", "--lang", "zh"], None),
    (["score", "--lang", "jp"], None), (["score", "--lang"], None), (["score"], None),
    (["score", "--lan", "zh"], "zh"), (["score", "--lan=zh-HK"], "zh-Hant"),
    (["score", "--la", "zh"], None),
])
def test_the_language_is_read_from_argv_before_parsing(argv, lang):
    assert argv_lang(argv) == lang


def _parsers(parser):
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in dict.fromkeys(action.choices.values()):
                yield from _parsers(sub)


def _helps(parser):
    """Every text of the help a reader sees, but argparse's own (-h's help)."""
    for p in _parsers(parser):
        for part in ("description", "epilog"):
            if getattr(p, part) is not None:
                yield f"{p.prog} {part}", getattr(p, part)
        for action in p._actions:
            if isinstance(action, argparse._HelpAction) or action.help is None:
                continue
            yield f"{p.prog} {action.dest}", action.help
            for choice in getattr(action, "_choices_actions", []):
                yield f"{p.prog} {choice.dest}", choice.help


def test_every_help_is_a_message_whose_chinese_has_no_latin_words():
    """Each help, description and epilog is a catalog message (English and Chinese); its
    Chinese names in Latin letters only what the user types, in a code span."""
    import string

    helps = list(_helps(build_parser("en")))
    assert len(helps) > 100
    plain = [where for where, text in helps if not isinstance(text, Msg)]
    assert not plain, plain
    for where, msg in helps:
        namespace, _, name = msg.key.partition(".")
        zh = CATALOGS[namespace].entries[name][1]
        blank = zh.format(**{f: "" for _, f, _, _ in string.Formatter().parse(zh) if f})
        assert not re.search("[A-Za-z]", re.sub(r"`[^`]*`", "", blank)), (where, zh)


def test_settle_help_names_the_rule_sets_in_chinese_too(capsys, monkeypatch):
    from scoring.ruleset import all_rulesets

    _, out, _ = _help(capsys, monkeypatch, ["settle", "--help", "--lang", "zh"])
    words = set(re.findall(r"[a-z_]+", out))
    settling = [rid for rid, rs in all_rulesets().items() if rs.settlement is not None]
    assert {"sichuan", "guangxi", "wuhu", "taiwan"} <= set(settling)
    assert set(settling) <= words
