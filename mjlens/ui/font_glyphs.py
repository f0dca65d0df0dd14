"""The characters the bundled Chinese font must hold: every message's Chinese text, every fan
name and other Chinese string in the code, tile and seat names, digits and Latin letters, and
all of them in Traditional characters too (scoring/zh_hant.json).

The shareable picture draws Chinese with a subset of Noto Sans CJK SC shipped in
`mjlens/ui/fonts/` (so it renders on a machine with no CJK font). `scripts/subset_cjk_font.py`
makes the subset from `needed_text()`; tests/test_app_pictures.py fails when a message added
later has a character the subset lacks, which is the signal to rerun the script.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from pathlib import Path

FONT_DIR = Path(__file__).resolve().parent / "fonts"
FONT_FILE = FONT_DIR / "NotoSansSC-mjlens-subset.otf"
PACKAGES = ("scoring", "vision", "mjlens")
# Latin letters, digits and punctuation (codes, numbers), plus symbols the picture draws
BASIC = "".join(chr(c) for c in range(0x20, 0x7F)) + "×·—–…→←↑↓「」『』《》【】、，。：；！？（）＋－％"
_CJK = re.compile(r"[\u2e80-\u2fff\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]")


def _import_all() -> None:
    for name in PACKAGES:
        pkg = importlib.import_module(name)
        for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
            importlib.import_module(info.name)


def catalog_text() -> str:
    """The Chinese text of every registered message (all modules imported first)."""
    from scoring.messages import CATALOGS, SEAT_NAMES, SUIT_NAMES

    _import_all()
    parts = [zh for cat in CATALOGS.values() for _, zh in cat.entries.values()]
    parts += [zh for _, zh in SEAT_NAMES.values()] + [zh for _, zh in SUIT_NAMES.values()]
    return "".join(parts)


def _docstring_ids(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def source_text() -> str:
    """Chinese characters in the string literals of the packages' code (fan names, rule-set
    names, option help, tile names); docstrings and comments are left out."""
    found: set[str] = set()
    for name in PACKAGES:
        root = Path(importlib.import_module(name).__file__).parent
        for path in sorted(root.rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            docs = _docstring_ids(tree)
            for node in ast.walk(tree):
                if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                        and id(node) not in docs):
                    found.update(_CJK.findall(node.value))
    return "".join(sorted(found))


def cushion_text(root: Path | None = None) -> str:
    """More Chinese the subset holds beyond what is needed now, so that messages added later
    (which reuse the rule documents' words) seldom need a new subset: every Chinese character
    in the repository's code (comments and docstrings too), tests and docs."""
    root = root or Path(__file__).resolve().parents[2]
    found: set[str] = set()
    for pattern in ("scoring/**/*.py", "vision/**/*.py", "mjlens/**/*.py", "tests/*.py",
                    "docs/*.md", "README.md"):
        for path in root.glob(pattern):
            found.update(_CJK.findall(path.read_text(encoding="utf-8", errors="replace")))
    return "".join(sorted(found))


def hant_text() -> str:
    """Every character of the Traditional Chinese texts (scoring/zh_hant.json), and the
    Traditional form of each character those texts are made from."""
    import json

    from scoring.hant import CATALOG_FILE

    data = json.loads(CATALOG_FILE.read_text(encoding="utf-8"))
    texts, chars = data["texts"], data["chars"]
    found = {ch for text in texts.values() for ch in text}
    found |= {chars[ch] for text in texts for ch in text if ch in chars}
    return "".join(sorted(found))


def needed_text() -> str:
    """Every character the subset must hold, sorted and without repeats."""
    chars = set(BASIC) | set(catalog_text()) | set(source_text()) | set(hant_text())
    return "".join(sorted(c for c in chars if c.isprintable()))
