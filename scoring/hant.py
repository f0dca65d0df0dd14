"""Traditional Chinese (zh-Hant), read from a committed table: every Chinese text of the project
(message catalogs, fan names, rule-set names and help) with its Traditional form, made from the
Simplified text by scripts/make_hant_catalog.py (OpenCC plus a reviewed table of mahjong
terms). The runtime reads only the table; OpenCC is a build tool.

A text the table lacks (one made at run time, or added since the table was made) is converted
character by character from the table's character map (every GB 2312 character): right for
names and terms, and tests/test_messages.py names every catalog message the table lacks.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

HANT = "zh-Hant"
CATALOG_FILE = Path(__file__).with_name("zh_hant.json")

# Chinese locales written in Traditional characters (BCP 47 and POSIX spellings alike)
_HANT_REGIONS = ("hant", "tw", "hk", "mo")
_HANS_MARKS = ("hans", "cn", "sg", "my")


@lru_cache(maxsize=1)
def _table() -> tuple[dict[str, str], dict[str, str]]:
    data = json.loads(CATALOG_FILE.read_text(encoding="utf-8"))
    return data["texts"], data["chars"]


def known(text: str) -> bool:
    """Whether the table holds this Simplified text (tests/test_messages.py asks it)."""
    return text in _table()[0]


def to_hant(text: str) -> str:
    """A Simplified Chinese text in Traditional characters (ASCII passes through)."""
    if text.isascii():
        return text
    texts, chars = _table()
    made = texts.get(text)
    if made is None:
        made = "".join(chars.get(ch, ch) for ch in text)
    return made


def is_zh(lang: str) -> bool:
    """Chinese in either script."""
    return lang == "zh" or lang == HANT


def pick(en: str, zh: str, lang: str) -> str:
    """The text for `lang` from an English and a Simplified Chinese one."""
    if lang == "zh":
        return zh
    if lang == HANT:
        return to_hant(zh)
    return en


def lang_of_locale(locale: str | None) -> str:
    """`en`, `zh` or `zh-Hant` for a locale or language tag: zh_TW, zh-HK, zh-Hant-* and zh-MO
    give Traditional, any other zh (zh_CN.UTF-8, zh-Hans-HK, zh) Simplified, the rest English."""
    tag = (locale or "").split(".")[0].split("@")[0].replace("_", "-").lower()
    parts = tag.split("-")
    if parts[0] != "zh":
        return "en"
    if len(parts) > 1 and parts[1] in _HANS_MARKS:
        return "zh"
    return HANT if any(p in _HANT_REGIONS for p in parts[1:]) else "zh"
