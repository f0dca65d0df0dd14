"""Text for a terminal: every line a command prints is wrapped to the terminal's width, with a
hanging indent, where a person reads it (a terminal, not a pipe or a file, and never JSON).

Python's textwrap counts characters; a Chinese character takes two columns (Unicode's East Asian
width W or F), so a Chinese line it wrapped at 80 characters ran to 160 columns. The wrapper here
counts columns, breaks at spaces and between Chinese characters, never inside a tile notation
token, a number or an option (`[555s<]`, `1,000`, `-o cap=16`), and never puts a closing mark
(，。）」) at the start of a line or an opening one (（「) at its end.
"""

from __future__ import annotations

import contextlib
import re
import shutil
import sys
import unicodedata
from collections.abc import Iterator

HANG = 4  # continuation lines of a wrapped line start this much further in
# marks that close a phrase: never first on a line; marks that open one: never last
CLOSING = set("，。、；：！？）」』”’》〉】…,.;:!?)]}%")
OPENING = set("（「『“‘《〈【([{")
GLUED = {"-o"}  # a flag that stays on the line of its value (-o cap=16)
_TOKENS = re.compile(r" +|[^\s]")
_COLUMN_GAP = re.compile(r"(?<=\S) {3,}(?=\S)")  # the gap between two columns of a table


def char_columns(ch: str) -> int:
    """Columns a character takes on a terminal: 2 for wide (CJK), 0 for a combining mark."""
    if unicodedata.combining(ch):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def columns(text: str) -> int:
    """The width of `text` on a terminal, in columns."""
    return sum(char_columns(ch) for ch in text)


def pad(text: str, width: int, align: str = "<") -> str:
    """`text` padded with spaces to `width` terminal columns (`align` "<" left, ">" right): a
    str.ljust counts characters, so a column after a Chinese name drifted right."""
    fill = " " * max(0, width - columns(text))
    return text + fill if align == "<" else fill + text


def _is_wide(ch: str) -> bool:
    return char_columns(ch) == 2


def _may_break(left: str, right: str) -> bool:
    """May a line end between two adjacent characters (no space between them)? Only beside a
    wide character, never before a closing mark or after an opening one, and never between a
    number and the wide unit that follows it (16张, 8番)."""
    if right in CLOSING or left in OPENING:
        return False
    if not (_is_wide(left) or _is_wide(right)):
        return False  # inside a Latin word, a tile token, a number
    return not (left.isdigit() and _is_wide(right))


def chunks(text: str) -> list[tuple[str, str]]:
    """`text` cut into the pieces a line may end between: (the spaces before it, the piece)."""
    out: list[tuple[str, str]] = []
    space = ""
    for token in _TOKENS.findall(text):
        if token[0] == " ":
            space += token
        elif out and (out[-1][1] in GLUED if space else not _may_break(out[-1][1][-1], token)):
            out[-1] = (out[-1][0], out[-1][1] + space + token)
            space = ""
        else:
            out.append((space, token))
            space = ""
    return out


def wrap_line(line: str, width: int) -> list[str]:
    """One line as the lines that fit in `width` columns; the continuation lines are indented
    `HANG` columns past the line's own indent (less where that would leave too little room). A
    piece wider than the line stands alone on its line, whole."""
    if columns(line) <= width or "\r" in line or "\t" in line:
        return [line]
    body = line.lstrip(" ")
    indent = line[: len(line) - len(body)]
    hang = " " * _hang(line, indent, width)
    lines: list[str] = []
    current, used, empty = indent, columns(indent), True
    for space, piece in chunks(body):
        need = columns(piece) + (0 if empty else len(space))
        if empty or used + need <= width:
            current += piece if empty else space + piece
            used += need
            empty = False
            continue
        lines.append(current)
        current, used = hang + piece, columns(hang) + columns(piece)
    lines.append(current)
    return lines


def _hang(line: str, indent: str, width: int) -> int:
    """Where a line's continuation starts: under its last column where it is laid out in
    columns (a fan's reason beside its name and value), else `HANG` past its indent; never past
    half the width."""
    gaps = list(_COLUMN_GAP.finditer(line, len(indent)))
    if gaps:
        at = columns(line[: gaps[-1].end()])
        if at <= width // 2:
            return at
    at = columns(indent) + HANG
    return at if at <= width // 2 else columns(indent)


def wrap_text(text: str, width: int) -> str:
    """Every line of `text` wrapped to `width` columns."""
    return "\n".join(out for line in text.split("\n") for out in wrap_line(line, width))


class WrappingStream:
    """A text stream that wraps each whole line written to it before passing it on; a partial
    line that is flushed (a progress count) goes out as it is."""

    def __init__(self, stream, width: int) -> None:
        self._stream = stream
        self._width = width
        self._pending = ""

    def write(self, text: str) -> int:
        self._pending += text
        *whole, self._pending = self._pending.split("\n")
        for line in whole:
            self._stream.write("\n".join(wrap_line(line, self._width)) + "\n")
        return len(text)

    def flush(self) -> None:
        if self._pending:
            self._stream.write(self._pending)
            self._pending = ""
        self._stream.flush()

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


def terminal_width() -> int:
    return shutil.get_terminal_size().columns


def _is_terminal(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # a closed or a stand-in stream
        return False


@contextlib.contextmanager
def wrapped_output(stdout: bool = True, width: int | None = None) -> Iterator[None]:
    """Wrap what is printed to standard output (unless `stdout` is False: JSON, CSV) and to
    standard error, each only where it is a terminal."""
    names = ("stdout", "stderr") if stdout else ("stderr",)
    saved = {name: getattr(sys, name) for name in names}
    streams = {name: s for name, s in saved.items() if _is_terminal(s)}
    cols = width or terminal_width()
    for name, stream in streams.items():
        setattr(sys, name, WrappingStream(stream, cols))
    try:
        yield
    finally:
        for name in streams:
            getattr(sys, name).flush()
            setattr(sys, name, saved[name])
