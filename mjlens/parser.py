"""The command line's parser in the reader's language: the help of `mjlens` and of each command
is `Msg`s rendered when the help is shown, and argparse's own words (`usage:`, `options:`, `the
following arguments are required`) come from a catalog through argparse's gettext hook, set
only while this parser works; usage errors still exit 2.

The language is known before the parser is built (`--lang` anywhere in argv, else the
environment): `--help` prints and exits while the arguments are parsed.
"""

from __future__ import annotations

import argparse
import copy
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import cache, partial

from mjlens.lang import env_lang, parse_lang
from mjlens.terminal import chunks, columns
from scoring.messages import Catalog, render

# argparse's own texts: the English is argparse's message id, character for character
M = Catalog("argparse", {
    "usage": ("usage: ", "用法："),
    "positionals": ("positional arguments", "位置参数"),
    "options": ("options", "选项"),
    "help": ("show this help message and exit", "显示这段帮助并退出"),
    "error": ("%(prog)s: error: %(message)s", "%(prog)s：错误：%(message)s"),  # and "\n"
    "argument": ("argument %(argument_name)s: %(message)s", "参数 %(argument_name)s：%(message)s"),
    "required": ("the following arguments are required: %s", "缺少这些必需的参数：%s"),
    "unrecognized": ("unrecognized arguments: %s", "无法识别的参数：%s"),
    "invalid_choice": ("invalid choice: %(value)r (choose from %(choices)s)",
                       "无效的选择：%(value)r（可选：%(choices)s）"),
    # the type's name (int, float) is a word of Python's, not the reader's: left out
    "invalid_type": ("invalid %(type)s value: %(value)r", "无效的取值：%(value)r"),
    "one": ("expected one argument", "后面要跟一个值"),
    "at_most_one": ("expected at most one argument", "后面最多跟一个值"),
    "at_least_one": ("expected at least one argument", "后面至少要跟一个值"),
    "n_args": ("expected %s argument", "后面要跟 %s 个值"),
    "n_args_plural": ("expected %s arguments", "后面要跟 %s 个值"),
    "ambiguous": ("ambiguous option: %(option)s could match %(matches)s",
                  "选项不明确：%(option)s 可能是 %(matches)s"),
    "not_allowed": ("not allowed with argument %s", "不能与参数 %s 同用"),
    "one_of": ("one of the arguments %s is required", "参数 %s 必须给出其中一个"),
    "explicit": ("ignored explicit argument %r", "多余的取值 %r 被忽略"),
    "open": ("can't open '%(filename)s': %(error)s", "无法打开“%(filename)s”：%(error)s"),
})


def argv_lang(argv: Sequence[str]) -> str | None:
    """The language a `--lang X` / `--lang=X` in argv names (the last one, as argparse takes
    it), or None: none given, or a value `--lang` refuses (argparse then says why)."""
    found = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        name, equals, value = arg.partition("=")
        if name not in ("--lan", "--lang"):  # argparse takes `--lan` for `--lang` too
            continue
        if equals:
            found = value
        elif i + 1 < len(argv):
            found = argv[i + 1]
    if found is None:
        return None
    try:
        return parse_lang(found)
    except argparse.ArgumentTypeError:
        return None


@cache
def _translations(lang: str) -> dict[str, str]:
    """argparse's message id -> its text in `lang`; the error line's id ends in a newline,
    which a catalog text has not (every one is drawn in the app's font too)."""
    table = {en: M.text(key, lang) for key, (en, _) in M.entries.items()}
    return table | {f"{en}\n": f"{text}\n" for en, text in table.items()}


@contextmanager
def argparse_words(lang: str) -> Iterator[None]:
    """argparse's own words in `lang` while the block runs (argparse looks each up through its
    module's `_` and `ngettext` when it uses it); English is argparse's as it is."""
    if lang == "en":
        yield
        return
    table = _translations(lang)
    old = argparse._, argparse.ngettext

    def gettext(text):
        return table.get(text, text) if isinstance(text, str) else text

    def ngettext(singular, plural, n):
        return gettext(singular if n == 1 else plural)

    argparse._, argparse.ngettext = gettext, ngettext
    try:
        yield
    finally:
        argparse._, argparse.ngettext = old


class HelpFormatter(argparse.HelpFormatter):
    """Renders a help, description or epilog given as a `Msg` in the reader's language; a
    Chinese text is wrapped by terminal columns (a Chinese character takes two; argparse counts
    characters) and its headings end in a Chinese colon. English is argparse's own layout."""

    def __init__(self, prog, lang: str = "en", **kwargs):
        super().__init__(prog, **kwargs)
        self.lang = lang

    def add_text(self, text):
        super().add_text(None if text is None else render(text, self.lang))

    def _format_action(self, action):
        if action.help is not None and action.help is not argparse.SUPPRESS \
                and not isinstance(action.help, str):
            action = copy.copy(action)
            action.help = render(action.help, self.lang)
        return super()._format_action(action)

    def _split_lines(self, text, width):
        if self.lang == "en":
            return super()._split_lines(text, width)
        return wrap_columns(self._whitespace_matcher.sub(" ", text).strip(), width)

    def _fill_text(self, text, width, indent):
        if self.lang == "en":
            return super()._fill_text(text, width, indent)
        return "\n".join(indent + line for line in self._split_lines(text, width))

    def _format_usage(self, usage, actions, groups, prefix):
        if self.lang == "en":
            return super()._format_usage(usage, actions, groups, prefix)
        word = M.text("usage", self.lang)  # argparse counts its wide characters as one column:
        shift = columns(word) - len(word)  # the lines are laid out that much narrower, and the
        self._width -= shift  # rest moved under the first one's arguments
        try:
            text = super()._format_usage(usage, actions, groups, prefix)
        finally:
            self._width += shift
        first, *rest = text.split("\n")
        return "\n".join([first, *(" " * shift + line if line.strip() else line for line in rest)])

    def format_help(self):
        text = super().format_help()
        if self.lang == "en":
            return text
        return _HEADING.sub("\\1：", text)


_HEADING = re.compile(r"^(\S.*[^\x00-\x7f]):$", re.MULTILINE)  # 选项: (argparse's colon)


def wrap_columns(text: str, width: int) -> list[str]:
    """`text` as lines of at most `width` terminal columns, broken at spaces and between Chinese
    characters, never inside a code, an option or a number (a piece wider stands alone)."""
    lines: list[str] = []
    current, used = "", 0
    for space, piece in chunks(text):
        need = columns(piece) + (len(space) if current else 0)
        if current and used + need > width:
            lines.append(current)
            current, used = piece, columns(piece)
        else:
            current += (space if current else "") + piece
            used += need
    if current:
        lines.append(current)
    return lines


class Parser(argparse.ArgumentParser):
    """An ArgumentParser that speaks `lang`, as do the parsers of its subcommands."""

    def __init__(self, *args, lang: str = "en", **kwargs):
        self.lang = lang
        kwargs.setdefault("formatter_class", partial(HelpFormatter, lang=lang))
        with argparse_words(lang):  # the section titles and -h's help are made here
            super().__init__(*args, **kwargs)

    def add_subparsers(self, **kwargs):
        kwargs.setdefault("parser_class", partial(Parser, lang=self.lang))
        with argparse_words(self.lang):
            return super().add_subparsers(**kwargs)

    def parse_known_args(self, args=None, namespace=None):
        with argparse_words(self.lang):
            return super().parse_known_args(args, namespace)

    def parse_args(self, args=None, namespace=None):
        with argparse_words(self.lang):
            return super().parse_args(args, namespace)

    def format_usage(self):
        with argparse_words(self.lang):
            return super().format_usage()

    def format_help(self):
        with argparse_words(self.lang):
            return super().format_help()

    def error(self, message):
        with argparse_words(self.lang):
            super().error(message)


def reader_lang(argv: Sequence[str]) -> str:
    """The language of the help and of argparse's words: `--lang` in argv, else the
    environment, as every command's output chooses it."""
    return argv_lang(argv) or env_lang()
