"""The reader's language on the command line: `--lang en|zh|zh-Hant` (`zh-TW` and `zh-HK` are
other names of zh-Hant), by default from the environment (LC_ALL, LC_MESSAGES, LANG: zh_TW,
zh_HK and zh_MO give Traditional Chinese, any other zh locale Simplified, the rest English).

Human-readable output is rendered in that language; JSON keeps its English fields (outside
checks read them) and adds the Chinese beside them (`why_zh`, `reason_zh`, `notes_zh`,
`error_zh`, and `why_zh_hant` ... in Traditional), whatever `--lang` says.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping
from typing import Any

from scoring.hant import HANT, lang_of_locale
from scoring.messages import Catalog, render

LANGS = ("en", "zh", HANT)
ALIASES = {"zh-tw": HANT, "zh-hk": HANT, "zh-hant": HANT, "zh-hans": "zh", "zh-cn": "zh"}

M = Catalog("cli", {
    "error": ("Error: {text}", "错误：{text}"),
    "lang_help": ("language of the printed text: en, zh (Simplified) or zh-Hant (Traditional; "
                  "zh-TW and zh-HK say the same); default from LANG / LC_ALL (zh_TW, zh_HK give "
                  "zh-Hant, other zh* zh, otherwise en); JSON always has every language",
                  "输出文字的语言：`en`、`zh`（简体）或 `zh-Hant`（繁体，也可写 `zh-TW`、`zh-HK`）；"
                  "默认按环境变量 `LANG` / `LC_ALL`（`zh_TW`、`zh_HK` 为繁体，其他 `zh*` 为简体，"
                  "否则英文）；`--json` 的输出总含每种语言"),
    "profile_help": ("a tile profile made by `mjlens calibrate`: read the tiles with your own "
                     "tile set's look",
                     "用 `mjlens calibrate` 做的牌组档案：按你自己那副牌的样子认牌"),
    "bad_lang": ("unknown language {value}: choose en, zh or zh-Hant (zh-TW, zh-HK)",
                 "没有语言 {value}：请选 en、zh 或 zh-Hant（zh-TW、zh-HK）"),
})


def env_lang(environ: Mapping[str, str] | None = None) -> str:
    """The language of the first set of LC_ALL, LC_MESSAGES, LANG: zh-Hant for zh_TW / zh_HK,
    zh for another Chinese locale, else en."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            return lang_of_locale(value)
    return "en"


def parse_lang(value: str) -> str:
    """`--lang`'s value: en, zh, zh-Hant or one of their other names (any case)."""
    low = value.strip().lower()
    for lang in LANGS:
        if low == lang.lower():
            return lang
    if low in ALIASES:
        return ALIASES[low]
    raise argparse.ArgumentTypeError(M("bad_lang", value=repr(value)).render(env_lang()))


def add_lang_option(parser) -> None:
    parser.add_argument("--lang", type=parse_lang, default=None, metavar="{en,zh,zh-Hant}",
                        help=M("lang_help"))


def lang_of(args) -> str:
    return getattr(args, "lang", None) or env_lang()


def error_fields(error: Any) -> dict[str, str]:
    """`{"error": English, "error_zh": Chinese, "error_zh_hant": Traditional}` of a HandError, a
    Msg or plain text."""
    msg = getattr(error, "msg", error)
    return {"error": render(msg, "en"), "error_zh": render(msg, "zh"),
            "error_zh_hant": render(msg, HANT)}


def error_line(error: Any, lang: str) -> str:
    """`Error: ...` / `错误：...` / `錯誤：...` for standard error."""
    return M("error", text=getattr(error, "msg", error)).render(lang)


def add_profile_option(parser) -> None:
    """`--profile PROFILE`: read with a player's own tile set (mjlens calibrate makes one)."""
    parser.add_argument("--profile", default=None, metavar="PROFILE",
                        help=M("profile_help"))
