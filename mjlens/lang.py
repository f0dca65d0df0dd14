"""The reader's language on the command line: `--lang zh|en`, by default from the environment
(LC_ALL, LC_MESSAGES, LANG: a locale starting with zh gives Chinese, anything else English).

Human-readable output is rendered in that language; JSON keeps its English fields (outside
checks read them) and adds the Chinese beside them (`why_zh`, `reason_zh`, `notes_zh`,
`error_zh`), whatever `--lang` says.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from scoring.messages import Catalog, render

LANGS = ("en", "zh")

M = Catalog("cli", {
    "error": ("Error: {text}", "错误：{text}"),
    "lang_help": ("language of the printed text: zh or en (default from LANG / LC_ALL: zh* gives "
                  "zh, otherwise en); JSON always has both", "输出文字的语言"),
})


def env_lang(environ: Mapping[str, str] | None = None) -> str:
    """zh when the first set of LC_ALL, LC_MESSAGES, LANG names a Chinese locale, else en."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    return "en"


def add_lang_option(parser) -> None:
    parser.add_argument("--lang", choices=LANGS, default=None, help=M.text("lang_help"))


def lang_of(args) -> str:
    return getattr(args, "lang", None) or env_lang()


def error_fields(error: Any) -> dict[str, str]:
    """`{"error": English, "error_zh": Chinese}` of a HandError, a Msg or plain text."""
    msg = getattr(error, "msg", error)
    return {"error": render(msg, "en"), "error_zh": render(msg, "zh")}


def error_line(error: Any, lang: str) -> str:
    """`Error: ...` / `错误：...` for standard error."""
    return M("error", text=getattr(error, "msg", error)).render(lang)


def add_profile_option(parser) -> None:
    """`--profile PROFILE`: read with a player's own tile set (mjlens calibrate makes one)."""
    parser.add_argument("--profile", default=None, metavar="PROFILE",
                        help="a tile profile made by `mjlens calibrate`: read the tiles with "
                             "your own tile set's look")
