"""Regenerate scoring/zh_hant.json, the Traditional Chinese (zh-Hant) of every Chinese text.

Collects every Simplified text a reader can see: each message catalog's Chinese (all modules
imported), each rule set's Chinese name, description, option and field help and choice names,
tile, seat and suit names, and the Chinese string literals of the code (fan names; literals
that are mostly English, such as rule descriptions quoting a Chinese term, are left out). Each
is converted with OpenCC's `s2tw` (Taiwan standard characters, no vocabulary changes: `s2twp`
turned 牌代码 into 牌程式碼 and 简单算法 into 簡單演算法) and then the reviewed TERMS below.
The result is checked: 胡 and 和 stay as the text has them, no Simplified mahjong term
survives, and each message keeps its parameters.

Rerun it after adding or changing messages (tests/test_hant.py fails until you do):

    pip install 'opencc>=1.1.9,<2'            # a build tool (the test extra), not the runtime
    python scripts/make_hant_catalog.py        # --check: only say what would change
"""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import pkgutil
import re
import string
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

OUT = ROOT / "scoring" / "zh_hant.json"
PACKAGES = ("scoring", "vision", "mjlens")
EXTRA_SOURCES = ("app.py", "app_pages")
CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
LETTERS = re.compile(r"[A-Za-z]")

# Reviewed corrections to OpenCC's output, applied in order: (OpenCC wrote, players write, why)
TERMS: tuple[tuple[str, str, str], ...] = (
    ("髮", "發", "发 is the green dragon 發 (發財), never 頭髮's 髮: 白发中 became 白髮中"),
    ("臺", "台", "台數, 莊家台, 台灣麻將: Taiwanese players write 台"),
    ("檯", "台", "as 臺"),
    ("颱", "台", "as 臺"),
    ("箇中", "個中", "2个中、发 is two 紅中 tiles, not 箇中 (therein)"),
    ("衚衕", "胡同", "多家胡同一张牌 is several players winning (胡) on the same tile"),
    ("放沖", "放衝", "放冲 (dealing the winning tile) is 放衝, as OpenCC wrote it elsewhere"),
    ("不準吃", "不准吃", "不准 forbids (准 permits); 準 is 'accurate'"),
    ("賬", "帳", "帳目, as written in Taiwan"),
    ("杠", "槓", "a kong is 槓 (OpenCC leaves a lone 杠)"),
    ("磁盤", "磁碟", "a disk is 磁碟 in Taiwan (磁盘已满: the disk is full)"),
    ("庄", "莊", "the dealer is 莊"),
    # the few words of the app and the command line that Taiwan says otherwise (s2twp does
    # this for every word, and got 牌代碼 and 算法 wrong)
    ("默認", "預設", "a default"),
    ("字段", "欄位", "a hand field"),
    ("文件夾", "資料夾", "a folder"),
    ("文件", "檔案", "a file"),
    ("界面", "介面", "the app's page"),
    ("加載", "載入", "loading the model"),
    ("導出", "匯出", "exporting a photo or labels"),
    ("數據", "資料", "a round's or labels' data"),
    ("對象", "物件", "a JSON object"),
    ("保存", "儲存", "saving a file"),
    ("文本", "文字", "UTF-8 text"),
    ("支持", "支援", "formats the uploader takes"),
    ("程序", "程式", "a program: the tile reader, 識牌程式"),
    ("導入", "匯入", "importing a tile profile, as 導出 is 匯出"),
    ("檔案檔案", "檔案", "导入档案文件 (a profile's file): 档案 and 文件 are both 檔案"),
    # words of the command line's help (mjlens ... --help) that Taiwan says otherwise
    ("變量", "變數", "an environment variable (LANG)"),
    ("運行", "執行", "running a program or a job"),
    ("屏幕", "螢幕", "a screen"),
    ("緩存", "快取", "a cache folder"),
    ("縮略圖", "縮圖", "a contact sheet of thumbnails"),
    ("概率", "機率", "a code's probability"),
    ("集群", "叢集", "a Ray cluster"),
    ("用戶", "使用者", "the user's data directory"),
    ("“", "「", "quotation marks as Taiwan and Hong Kong write them"),
    ("”", "」", "as “"),
)
# Simplified or wrong forms that must not survive in any Traditional text
FORBIDDEN = "杠庄发髮臺箇衚"


def _import_all() -> None:
    for name in PACKAGES:
        pkg = importlib.import_module(name)
        for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
            importlib.import_module(info.name)


def catalog_texts() -> dict[str, str]:
    """`namespace.name -> Chinese text` of every registered message (not the catalogs tests
    make for themselves, `test_*`, when it runs inside the test suite)."""
    from scoring.messages import CATALOGS

    _import_all()
    return {f"{ns}.{name}": zh for ns, cat in sorted(CATALOGS.items())
            if not ns.startswith("test_") for name, (_, zh) in cat.entries.items()}


def registry_texts() -> set[str]:
    """Chinese strings rule sets and names hold outside the catalogs."""
    from scoring import tiles as T
    from scoring.messages import SEAT_NAMES, SUIT_NAMES
    from scoring.ruleset import all_rulesets

    out = set(T.CHINESE_NAMES.values()) | {zh for _, zh in SEAT_NAMES.values()}
    out |= {zh for _, zh in SUIT_NAMES.values()}
    for rs in all_rulesets().values():
        out |= {rs.name_zh, rs.description_zh}
        for spec in (*rs.options, *rs.fields):
            out.add(spec.help_zh)
            out |= {zh for _, _, zh in spec.choice_names}
    return {s for s in out if isinstance(s, str) and CJK.search(s)}


def _is_chinese(text: str) -> bool:
    return bool(CJK.search(text)) and len(CJK.findall(text)) >= len(LETTERS.findall(text))


def literal_texts(root: Path = ROOT) -> set[str]:
    """Chinese string literals of the code the reader's words come from (fan names and more)."""
    paths = [p for name in PACKAGES for p in sorted((root / name).rglob("*.py"))]
    for extra in EXTRA_SOURCES:
        p = root / extra
        paths += sorted(p.rglob("*.py")) if p.is_dir() else [p] if p.exists() else []
    found: set[str] = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and _is_chinese(node.value):
                found.add(node.value)
    return found


def converter():
    import opencc  # the test extra / a build tool: never imported at run time

    cc = opencc.OpenCC("s2tw")

    def convert(text: str) -> str:
        out = cc.convert(text)
        for wrong, right, _ in TERMS:
            out = out.replace(wrong, right)
        return out

    return convert


def _fields(text: str) -> list[str]:
    return sorted(f for _, f, _, _ in string.Formatter().parse(text) if f)


def _check(source: str, made: str) -> None:
    problems = []
    for ch in "胡和":
        if source.count(ch) != made.count(ch):
            problems.append(f"{ch} count changed")
    bad = {ch for ch in FORBIDDEN if ch in made}
    if bad:
        problems.append(f"still has {''.join(sorted(bad))}")
    try:
        if _fields(source) != _fields(made):
            problems.append("parameters changed")
    except ValueError:  # not a format template (a literal with a lone brace)
        pass
    if problems:
        raise ValueError(f"{source!r} -> {made!r}: {'; '.join(problems)}")


def _common_hanzi() -> set[str]:
    """The 6,763 hanzi of GB 2312, so that a text added since the table was made still reads in
    Traditional characters (converted one by one) until the table is made again."""
    out = set()
    for hi in range(0xB0, 0xF8):
        for lo in range(0xA1, 0xFF):
            try:
                out.add(bytes((hi, lo)).decode("gb2312"))
            except UnicodeDecodeError:
                pass
    return {c for c in out if CJK.match(c)}


def build() -> dict:
    """The table as it should be now (imports every module; needs OpenCC)."""
    convert = converter()
    texts = set(catalog_texts().values()) | registry_texts() | literal_texts()
    table = {}
    for text in sorted(texts):
        made = convert(text)
        _check(text, made)
        table[text] = made
    chars = {}
    for ch in sorted({c for text in texts for c in CJK.findall(text)} | _common_hanzi()):
        made = convert(ch)
        if made != ch and len(made) == 1:
            chars[ch] = made
    return {"about": "made by scripts/make_hant_catalog.py from the Simplified texts (OpenCC "
                     "s2tw and its TERMS); do not edit, rerun it",
            "texts": table, "chars": chars}


def dump(table: dict) -> str:
    return json.dumps(table, ensure_ascii=False, indent=0, sort_keys=True) + "\n"


def differences(old: dict, new: dict) -> list[str]:
    """What regenerating would change, one line each."""
    out = []
    for part in ("texts", "chars"):
        a, b = old.get(part, {}), new.get(part, {})
        out += [f"{part}: missing {k!r}" for k in sorted(b.keys() - a.keys())]
        out += [f"{part}: stale {k!r}" for k in sorted(a.keys() - b.keys())]
        out += [f"{part}: {k!r} should read {b[k]!r}, not {a[k]!r}"
                for k in sorted(a.keys() & b.keys()) if a[k] != b[k]]
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="say what would change; write nothing")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    new = build()
    if args.check:
        old = json.loads(args.out.read_text(encoding="utf-8")) if args.out.exists() else {}
        diff = differences(old, new)
        print("\n".join(diff) or f"{args.out}: up to date")
        return 1 if diff else 0
    args.out.write_text(dump(new), encoding="utf-8")
    print(f"{args.out}: {len(new['texts'])} texts, {len(new['chars'])} characters, "
          f"{args.out.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
