"""Every sentence a player reads is a `Msg`: a key into a catalog of English and Chinese text
plus its parameters. Scoring, vision and the shells build `Msg`s; only the edge (CLI, app,
report, picture) renders them, in the reader's language.

A module declares its sentences once, as data:

    M = Catalog("sichuan", {
        "flush": ("every tile is {suit}", "全部是{suit}"),
    })
    why = M("flush", suit=Suit("s"))

`Catalog` checks at import that both languages name the same parameters; every catalog is kept
in `CATALOGS`, so a test can prove that no message lacks its Chinese text. Traditional Chinese
(`zh-Hant`) is made from the Simplified text by a committed table (scoring/hant.py).

Parameters render in the reader's language too: a `Msg` (nested sentence), `Tile` (a tile code
with its name), `Seat` (a seat wind), `Suit`, `Num` (a number written plainly), a list or tuple
of these (joined), or a plain value (shown as it is: codes, notation, numbers).
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from scoring import tiles as T
from scoring.hant import HANT, is_zh, known, pick, to_hant

LANGS = ("en", "zh", HANT)
CATALOGS: dict[str, Catalog] = {}

SEAT_NAMES = {
    "E": ("East", "东家"), "S": ("South", "南家"), "W": ("West", "西家"), "N": ("North", "北家"),
}
SUIT_NAMES = {
    "m": ("characters", "万子"), "p": ("dots", "筒子"), "s": ("bamboo", "条子"),
    "z": ("honours", "字牌"), "f": ("flowers", "花牌"),
}
_JOIN = {"en": ", ", "zh": "、", HANT: "、"}


def as_input(value: Any) -> str:
    """A value from the player's input as a message quotes it: text in quotes, and JSON's true,
    false and null as JSON writes them (Python's repr showed True and None, words the player
    never typed); a long one cut to its start."""
    if isinstance(value, str):
        return repr(_cut(value))
    try:
        return _cut(json.dumps(value, ensure_ascii=False))
    except (TypeError, ValueError):  # not a JSON value (a set, an object): as Python shows it
        return _cut(repr(value))


def _cut(text: str) -> str:
    """Thousands of characters (a pasted file, JSON nested deep) cut to their start: a refusal
    quotes what it could not read, it does not echo it whole."""
    return text if len(text) <= 40 else text[:30] + "…"


def _fields(text: str) -> set[str]:
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text)
            if name}


@dataclass(frozen=True)
class Msg:
    """A sentence as data: catalog key (`namespace.name`) and its parameters."""

    key: str
    params: tuple[tuple[str, Any], ...] = ()

    def __hash__(self) -> int:
        # kept, like the rendered texts: messages are dictionary keys on hot paths (shared fans)
        h = self.__dict__.get("_hash")
        if h is None:
            h = self.__dict__["_hash"] = hash((self.key, self.params))
        return h

    def render(self, lang: str = "en") -> str:
        # kept per message and language: shared messages (a fan's why, made once per table
        # entry) are rendered for every result's JSON; the fields alone decide ==, hash, repr
        texts = self.__dict__.get("_texts")
        if texts is None:
            texts = self.__dict__["_texts"] = {}
        else:
            text = texts.get(lang)
            if text is not None:
                return text
        namespace, _, name = self.key.partition(".")
        en, zh = CATALOGS[namespace].entries[name]
        template = pick(en, zh, lang)
        if lang == HANT:  # a tile is its name alone there: no space beside it (只聽 六筒)
            for k, v in self.params:
                if isinstance(v, Tile | TileName) or isinstance(v, str) and _ONE_CODE.fullmatch(v):
                    template = re.sub(rf"(?<=[^\x00-\x7f]) (?=\{{{k}\}})|(?<=\{{{k}\}}) "
                                      r"(?=[^\x00-\x7f])", "", template)
        text = template.format(**{k: render(v, lang) for k, v in self.params})
        texts[lang] = text
        return text

    @property
    def en(self) -> str:
        return self.render("en")

    @property
    def zh(self) -> str:
        return self.render("zh")

    @property
    def zh_hant(self) -> str:
        return self.render(HANT)

    def __str__(self) -> str:
        return self.render("en")

    def to_json(self) -> dict[str, Any]:
        """The key and parameters, for a client that renders itself."""
        return {"key": self.key, "params": {k: _param_json(v) for k, v in self.params}}


class Catalog:
    """One module's sentences: `name -> (english, chinese)`; calling it makes a `Msg`."""

    def __init__(self, namespace: str, entries: Mapping[str, tuple[str, str]]):
        if namespace in CATALOGS or "." in namespace:
            raise ValueError(f"message namespace {namespace!r} is taken or malformed")
        for name, pair in entries.items():
            if len(pair) != 2 or not all(isinstance(s, str) and s for s in pair):
                raise ValueError(f"message {namespace}.{name} needs English and Chinese text")
            if _fields(pair[0]) != _fields(pair[1]):
                raise ValueError(f"message {namespace}.{name}: the two texts name other parameters")
        self.namespace = namespace
        self.entries = dict(entries)
        CATALOGS[namespace] = self

    def __call__(self, key: str, /, **params: Any) -> Msg:
        if key not in self.entries:
            raise KeyError(f"no message {self.namespace}.{key}")
        return Msg(f"{self.namespace}.{key}", tuple(sorted(params.items())))

    def text(self, key: str, /, lang: str = "en") -> str:
        """A fixed sentence (no parameters) in one language: labels, option help."""
        return self(key).render(lang)


@dataclass(frozen=True)
class Tile:
    """A tile code shown with its name: `5p (5 Dots)` / `5p（五筒）`; in Traditional Chinese by
    its name alone (`五筒`): Taiwanese and Hong Kong players write no m / p / s codes, and that
    page has no Latin letters."""

    code: str

    def render(self, lang: str) -> str:
        name = _tile_name(self.code, lang) if isinstance(self.code, str) else None
        if name is None:
            return repr(self.code)
        if lang == HANT:
            return name
        return f"{self.code}（{name}）" if is_zh(lang) else f"{self.code} ({name})"


@dataclass(frozen=True)
class TileName:
    """A tile by its name alone: `5 Dots` / `五筒`."""

    code: str

    def render(self, lang: str) -> str:
        if not isinstance(self.code, str):
            return repr(self.code)
        return _tile_name(self.code, lang) or self.code


@dataclass(frozen=True)
class Seat:
    """A player named by seat wind: `East` / `东家` (an unknown value is shown as given)."""

    wind: str

    def render(self, lang: str) -> str:
        # a value from bad input may be anything (a list): shown as given, never a crash
        pair = SEAT_NAMES.get(self.wind) if isinstance(self.wind, str) else None
        return str(self.wind) if pair is None else pick(*pair, lang)


@dataclass(frozen=True)
class Suit:
    suit: str

    def render(self, lang: str) -> str:
        pair = SUIT_NAMES.get(self.suit)
        return self.suit if pair is None else pick(*pair, lang)


@dataclass(frozen=True)
class Text:
    """Text that is the same in both languages or chosen by the caller: (english, chinese)."""

    en: str
    zh: str

    def render(self, lang: str) -> str:
        return pick(self.en, self.zh, lang)


def render(value: Any, lang: str = "en") -> str:
    """Any message-like value in one language; plain strings pass through unchanged."""
    if isinstance(value, (Msg, Tile, TileName, Seat, Suit, Text)):
        return value.render(lang)
    if isinstance(value, (list, tuple)):
        return _JOIN.get(lang, ", ").join(render(v, lang) for v in value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if lang == HANT and isinstance(value, str):
        if _CODES_ONLY.fullmatch(value):  # tiles given as codes (聽 3m 6m 9m): by their names
            return tiles_text(value, HANT)
        return to_hant(value)  # a Chinese name given as it is (a fan's)
    return str(value)


def _tile_name(code: str, lang: str) -> str | None:
    if not is_zh(lang):
        return T.ENGLISH_NAMES.get(code)
    name = T.CHINESE_NAMES.get(code)
    return to_hant(name) if name is not None and lang == HANT else name


# a text of tile codes alone: groups (`123m`, `1s1s`), melds in brackets, spaces or commas
# between; notation with win marks or fields (`+3m`, `seat:S`) is not matched
_CODES_ONLY = re.compile(r"\[?(?:\d+[mpszf])+\]?(?:[ ,]+\[?(?:\d+[mpszf])+\]?)*")
_ONE_CODE = re.compile(r"\d[mpszf]")
_NUMERALS = dict(zip("123456789", "一二三四五六七八九", strict=True))
_GROUP = re.compile(r"(\d+)([mpszf])")


def tiles_text(text: str, lang: str = "en") -> str:
    """Tiles written in the notation (`123m [555s] 99p 1z1z1z`), for a reader: in Traditional
    Chinese by their names (`一二三萬 [五五五條] 九九筒 東東東`), that page having no Latin
    letters; as written otherwise (the code is the other pages' way of naming a tile)."""
    if lang != HANT:
        return text

    def named(m: re.Match) -> str:
        digits, suit = m.groups()
        if suit in "mps":
            return "".join(_NUMERALS.get(d, d) for d in digits) + _tile_name(f"1{suit}", lang)[-1]
        return "".join(_tile_name(d + suit, lang) or d + suit for d in digits)

    return _GROUP.sub(named, text)


def render_all(values: Iterable[Any], lang: str = "en") -> list[str]:
    return [render(v, lang) for v in values]


def _param_json(value: Any) -> Any:
    if isinstance(value, Msg):
        return value.to_json()
    if isinstance(value, (Tile, TileName, Seat, Suit, Text)):
        return render(value, "en")
    if isinstance(value, (list, tuple)):
        return [_param_json(v) for v in value]
    return value


def missing_chinese() -> list[str]:
    """Keys whose Chinese text is empty or identical to the English (a test keeps this empty)."""
    out = []
    for ns, cat in CATALOGS.items():
        for name, (en, zh) in cat.entries.items():
            if not zh.strip() or (zh == en and any(ch.isalpha() and ch.isascii() for ch in en)):
                out.append(f"{ns}.{name}")
    return out


def missing_hant() -> list[str]:
    """Keys whose Chinese text has no Traditional form in scoring/zh_hant.json (a test keeps
    this empty: rerun scripts/make_hant_catalog.py)."""
    return [f"{ns}.{name}" for ns, cat in CATALOGS.items()
            for name, (_, zh) in cat.entries.items() if not known(zh)]
