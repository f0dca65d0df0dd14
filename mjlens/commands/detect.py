"""`mjlens detect IMAGE... [--json] [--model PATH]`: find and name the tiles in photos.

One JSON object per image and line, in input order (see CONTRACT.md); an unreadable image gets
an `{"image", "error"}` line, the others are still processed, and the exit status is then 1.

Two numbers per tile, two thresholds: `--conf` is the box stage's threshold (a box is reported
when its box score is at least that, default 0.3); a tile's `confidence` is its box score times
the classifier's probability of its code, so a sure box with a doubtful code shows a confidence
far below `--conf`. `box_score` is printed beside it, and `--min-confidence` also drops the tiles
whose confidence is below a bound (default 0: every box the box stage reports).

`--rules RULES` reads only the tiles that game is played with (Sichuan's three suits, riichi
without flowers: vision/detect/game_tiles.py), as `scan --rules` does.
"""

from __future__ import annotations

import json
import sys

from mjlens.arg_types import count, fraction
from mjlens.lang import add_lang_option, add_profile_option, error_fields, error_line, lang_of
from scoring.messages import Catalog

M = Catalog("detect_cli", {
    "heading": ("{image} ({width}x{height}): {n} tiles", "{image}（{width}x{height}）：{n} 张牌"),
    # the figures are right-aligned under their headings (_print_table)
    "columns": ("code  name           conf  box   box position",
                "代码  名称           置信  框分  框位置"),
    "tiles": ("tiles: {codes}", "牌：{codes}"),
    # the help of `mjlens detect`
    "h_help": ("detect the tiles in one or more photos", "找出一张或几张照片里的牌"),
    "h_json": ("one JSON object per image and line", "每张图一行，一个 `JSON` 对象"),
    "h_model": ("model folder (detector.onnx + classifier.onnx) or a detector .onnx with "
                "classifier.onnx beside it (default: the shipped models/)",
                "模型文件夹（`detector.onnx` 加 `classifier.onnx`），或旁边放着 "
                "`classifier.onnx` 的检测模型 `.onnx` 文件（默认：随附的 `models/`）"),
    "h_conf": ("box score threshold: a box is reported when the box stage scores it at least "
               "this (default 0.3); a tile's confidence is its box score x the probability of "
               "its code, so it may be lower",
               "牌框得分的门槛：牌框得分不低于它才报出（默认 `0.3`）；一张牌的置信度是牌框得分"
               "乘以它的牌代码的概率，所以可能更低"),
    "h_min_confidence": ("also leave out tiles whose confidence (box score x code probability) "
                         "is below C (default 0: every reported box)",
                         "再去掉置信度（牌框得分乘以牌代码的概率）低于 `C` 的牌（默认 `0`：报出的"
                         "牌框全留下）"),
    "h_alternatives": ("also list the K most likely codes of each tile",
                       "另列出每张牌最可能的 `K` 个牌代码"),
    "h_rules": ("read only the tiles this game is played with (sichuan: the three suits; "
                "riichi: no flowers); `mjlens rules` lists them",
                "只认这种玩法用到的牌（`sichuan`：三门花色；`riichi`：没有花牌）；"
                "`mjlens rules` 列出各种玩法"),
    "h_option": ("an option of --rules that decides its tiles (guangshui: tile_set)",
                 "`--rules` 中决定用哪些牌的选项（`guangshui`：`tile_set`）"),
})


def register(sub) -> None:
    p = sub.add_parser("detect", help=M("h_help"))
    p.add_argument("images", nargs="+", metavar="IMAGE")
    p.add_argument("--json", action="store_true", help=M("h_json"))
    p.add_argument("--model", default=None, help=M("h_model"))
    p.add_argument("--conf", type=fraction, default=None, help=M("h_conf"))
    p.add_argument("--min-confidence", type=fraction, default=0.0, metavar="C",
                   help=M("h_min_confidence"))
    p.add_argument("--alternatives", type=count, default=0, metavar="K", help=M("h_alternatives"))
    p.add_argument("--rules", default=None, metavar="RULES", help=M("h_rules"))
    p.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE",
                   help=M("h_option"))
    add_profile_option(p)
    add_lang_option(p)
    p.set_defaults(func=run)



def run(args) -> int:
    from mjlens.commands.score import parse_options
    from scoring.hand import HandError
    from scoring.ruleset import get_ruleset
    from vision.detect import ImageReadError, ModelError, load_detector
    from vision.detect.game_tiles import keep_to_tiles
    from vision.detect.profile import ProfileError, load_profile

    try:
        tiles = None
        if args.rules or args.option:
            tiles = get_ruleset(args.rules or "gb").tiles_for(
                parse_options(args.option, args.rules or "gb"))
        det = load_detector(args.model, args.conf)
        profile = load_profile(args.profile, det) if args.profile else None
    except (ModelError, ProfileError, HandError) as e:
        print(json.dumps(error_fields(e), ensure_ascii=False) if args.json
              else error_line(e, lang_of(args)), file=sys.stderr)
        return 2
    status = 0
    for src, im, res in det.detect_many(args.images, profile=profile):
        if isinstance(res, ImageReadError):
            status = 1
            if args.json:
                print(json.dumps({"image": src, **error_fields(res)}, ensure_ascii=False), flush=True)
            else:
                print(error_line(res, lang_of(args)) + "\n", flush=True)
            continue
        res = keep_to_tiles(res, tiles, img=im.pixels, scale=im.scale, min_score=det.conf)
        res = [d for d in res if d.confidence >= args.min_confidence]
        if args.json:
            print(json.dumps({
                "image": src, "width": im.width, "height": im.height,
                "tiles": [{**d.to_json(args.alternatives), "box_score": round(d.box_score, 4)}
                          for d in res],
            }, ensure_ascii=False), flush=True)
        else:
            _print_table(src, im, res, args.alternatives, lang_of(args))
    return status


def _print_table(src, im, dets, alternatives: int, lang: str = "en") -> None:
    import unicodedata

    from scoring.messages import TileName
    from scoring.tiles import sorted_codes

    def name_column(code: str) -> str:  # 13 terminal columns; a Chinese character takes two
        name = TileName(code).render(lang)
        return name + " " * (13 - sum(1 + (unicodedata.east_asian_width(c) in "WF") for c in name))

    print(M("heading", image=src, width=im.width, height=im.height, n=len(dets)).render(lang))
    print("  " + M.text("columns", lang))
    for d in dets:
        x1, y1, x2, y2 = (round(v) for v in d.box)
        line = f"  {d.code:<5} {name_column(d.code)} {d.confidence:5.2f} {d.box_score:5.2f}  " \
               f"[{x1}, {y1}, {x2}, {y2}]"
        if alternatives:
            line += "  " + ", ".join(f"{c} {p:.2f}" for c, p in d.top(alternatives)[1:])
        print(line)
    if dets:
        print("  " + M("tiles", codes=" ".join(sorted_codes(d.code for d in dets))).render(lang))
    print(flush=True)
