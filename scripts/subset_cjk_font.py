"""Regenerate the Chinese font subset the shareable picture uses (mjlens/ui/fonts/).

Takes Noto Sans CJK SC Regular (SIL Open Font License 1.1; Debian's fonts-noto-cjk package puts
it in /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc, face 2 of the collection) and keeps
only the characters `mjlens.ui.font_glyphs.needed_text()` lists (every message's Chinese text,
the fan names and other Chinese strings in the code, all of them in Traditional characters from
scoring/zh_hant.json, digits and Latin letters) and, as a cushion
for messages added later, the other Chinese in the repository's code, tests and docs. The family is
renamed (a modified font under the OFL) and the licence ships beside it (OFL.txt).

Rerun it after adding messages (tests/test_app_pictures.py fails until you do):

    apt-get install fonts-noto-cjk            # once, as root
    pip install 'fonttools>=4.40,<5'          # a development tool, not a runtime dependency
    python scripts/subset_cjk_font.py
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SOURCE = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
FACE_SC = 2  # JP, KR, SC, TC, HK, then the Mono faces
FAMILY = "mjlens Noto Sans SC subset"
POSTSCRIPT = "mjlensNotoSansSCsubset-Regular"


def subset(source: str, face: int, out: Path, text: str) -> None:
    from fontTools import subset as fs

    opts = fs.Options()
    opts.font_number = face
    opts.hinting = False
    opts.layout_features = []  # plain horizontal text: no vertical forms or locale variants
    opts.name_IDs = [0, 1, 2, 3, 4, 5, 6, 7, 13, 14]
    opts.notdef_outline = True
    font = fs.load_font(source, opts)
    sub = fs.Subsetter(opts)
    sub.populate(text=text)
    sub.subset(font)
    names = font["name"]
    for rec in names.names:  # a modified font carries its own name
        if rec.nameID in (1, 4):
            rec.string = FAMILY if rec.nameID == 1 else f"{FAMILY} Regular"
        elif rec.nameID == 6:
            rec.string = POSTSCRIPT
        elif rec.nameID == 3:
            rec.string = f"{POSTSCRIPT};mjlens"
    if "CFF " in font:
        font["CFF "].cff.fontNames = [POSTSCRIPT]
    out.parent.mkdir(parents=True, exist_ok=True)
    fs.save_font(font, str(out), opts)


def main(argv: list[str] | None = None) -> int:
    from mjlens.ui.font_glyphs import FONT_FILE, cushion_text, needed_text

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--source", default=SOURCE, help="Noto Sans CJK .ttc or .otf")
    ap.add_argument("--face", type=int, default=FACE_SC, help="face number in a .ttc")
    ap.add_argument("--out", type=Path, default=FONT_FILE)
    args = ap.parse_args(argv)
    if not Path(args.source).is_file():
        print(f"{args.source} not found: install Debian's fonts-noto-cjk or pass --source",
              file=sys.stderr)
        return 1
    text = "".join(sorted(set(needed_text()) | set(cushion_text(ROOT))))
    subset(args.source, args.face if args.source.endswith(".ttc") else 0, args.out, text)
    print(f"{args.out}: {len(text)} characters, {args.out.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
