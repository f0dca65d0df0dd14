"""`mjlens synth`: write a seeded set of synthetic hand photos with YOLO labels and sidecars."""

from __future__ import annotations

import argparse
import sys

from scoring.messages import Catalog

M = Catalog("synth_cli", {
    "help": ("generate synthetic photos of revealed hands (YOLO labels + hand sidecars)",
             "生成摊开的手牌的合成照片（`YOLO` 标注加上每手牌的附带文件）"),
    "description": ("Render synthetic photos of revealed mahjong hands into DIR/images, "
                    "DIR/labels (YOLO, the 43 detector classes) and DIR/labels_json (true hand, "
                    "tile boxes and quads). The same seed gives identical files.",
                    "把摊开的麻将手牌的合成照片画到 `DIR/images`、`DIR/labels`（`YOLO` 格式，"
                    "识牌模型的 43 类）和 `DIR/labels_json`（真实的手牌、牌框和四边形）。"
                    "同一个 `--seed` 值得出完全相同的文件。"),
    "n": ("number of images", "图片张数"),
    "out": ("output folder", "输出文件夹"),
    "size": ("image side in pixels (square)", "图片边长，以像素计（正方形）"),
    "workers": ("processes", "进程数"),
    "start": ("first image index (to extend a set)", "第一张图的编号（用来扩充一套图）"),
    "crops": ("folder of real tile crops (labels.csv + images/); default "
              "../shared/data/tile-crops; 'none' to use drawn faces only",
              "真实牌面裁图的文件夹（`labels.csv` 加 `images/`）；默认 "
              "`../shared/data/tile-crops`；写 `none` 则只用画出的牌面"),
    "cache": ("face cache folder (default data/cache)", "牌面缓存文件夹（默认 `data/cache`）"),
    "tilesets": ("folder of the KDE mahjongg tilesets (*.svgz, Debian kdegames-mahjongg-data-kf5: "
                 "/usr/share/kmahjongglib/tilesets): adds their art to --style train and enables "
                 "--style held-out-set",
                 "`KDE` 麻将牌面套装的文件夹（`*.svgz`，`Debian` 的 "
                 "`kdegames-mahjongg-data-kf5`：`/usr/share/kmahjongglib/tilesets`）：把这些牌面"
                 "加进 `--style train`，并使 `--style held-out-set` 可用"),
    "style": ("train: more face art (a drawn style, the KDE sets with --tilesets), red fives "
              "and tile bodies; held-out: only the held-out face art and body; held-out-set: "
              "only the held-out KDE set (needs --tilesets); the held-out styles are for "
              "measuring, never training; clutter: the train faces and the CJK font arts on "
              "keyboards, stone, wood, fabric, mats, paper and screens; clutter-held-out: the "
              "held-out art on the held-out variants of those surfaces; default: the unstyled "
              "scenes (generator version 6)",
              "`train`：更多牌面画法（一种手绘风格；有 `--tilesets` 时加上 `KDE` 套装）、赤五和"
              "牌身；`held-out`：只用留出的牌面画法和牌身；`held-out-set`：只用留出的 `KDE` 套装"
              "（需要 `--tilesets`）；留出的风格只用来衡量，从不用来训练；`clutter`：训练用的牌面"
              "和中日韩字体的牌面，放在键盘、石面、木面、布面、垫子、纸张和屏幕上；"
              "`clutter-held-out`：留出的牌面放在这些表面留出的变体上；默认：不加风格的场景"
              "（生成器第 6 版）"),
    "sets": ("sets in each hand: 4 (14-tile hands, the default) or 5 (16-tile games such as "
             "yuhuan and fujian: five sets and a pair, melds included)",
             "每手牌的组数：`4`（14 张的手牌，默认）或 `5`（16 张的玩法，如 `yuhuan`、`fujian`："
             "五组加一对将，副露也算在内）"),
    "no_flowers": ("no flowers in the hands or on the table (games without flowers)",
                   "手牌里和桌上都没有花牌（不用花牌的玩法）"),
    "leave_out": ("tile codes the hands never hold, comma-separated (yuhuan: 5z)",
                  "手牌里从不出现的牌代码，用逗号隔开（`yuhuan`：`5z`）"),
})


def register(sub) -> None:
    p = sub.add_parser("synth", help=M("help"), description=M("description"))
    p.add_argument("--n", type=int, required=True, help=M("n"))
    p.add_argument("--out", required=True, help=M("out"))
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--size", type=int, default=640, help=M("size"))
    p.add_argument("--workers", type=int, default=2, help=M("workers"))
    p.add_argument("--start", type=int, default=0, help=M("start"))
    p.add_argument("--crops", default=None, help=M("crops"))
    p.add_argument("--cache", default=None, help=M("cache"))
    p.add_argument("--tilesets", default=None, help=M("tilesets"))
    p.add_argument("--style", choices=("train", "held-out", "held-out-set", "clutter",
                                       "clutter-held-out"), default=None, help=M("style"))
    p.add_argument("--sets", type=int, choices=(4, 5), default=4, help=M("sets"))
    p.add_argument("--no-flowers", action="store_true", help=M("no_flowers"))
    p.add_argument("--leave-out", default="", help=M("leave_out"))
    p.set_defaults(func=run)



def resolve_sources(args: argparse.Namespace):
    from datasets.synth.faces import DEFAULT_CACHE, DEFAULT_CROPS

    crops = DEFAULT_CROPS if args.crops is None else (
        None if args.crops.lower() == "none" else args.crops)
    return crops, (args.cache or DEFAULT_CACHE)


def run(args: argparse.Namespace) -> int:
    from datasets.synth import write_set
    from datasets.synth.hands import HandSpec
    from scoring.tiles import is_tile

    if args.n < 1 or args.size < 64 or args.workers < 1:
        print("error: --n and --workers must be at least 1 and --size at least 64",
              file=sys.stderr)
        return 2
    crops, cache = resolve_sources(args)
    leave_out = tuple(c.strip() for c in args.leave_out.split(",") if c.strip())
    bad = [c for c in leave_out if not is_tile(c)]
    if bad:
        print(f"error: --leave-out takes tile codes (1m..9s, 1z..7z), not {', '.join(bad)}",
              file=sys.stderr)
        return 2
    hands = None
    if args.sets != 4 or args.no_flowers or leave_out:
        hands = HandSpec(args.sets, not args.no_flowers, leave_out)

    def progress(done: int, total: int) -> None:
        print(f"\r{done}/{total} images", end="", file=sys.stderr, flush=True)

    try:
        stats = write_set(args.out, args.n, args.seed, args.size, args.workers, crops, cache,
                          start=args.start, progress=progress, style=args.style, hands=hands,
                          tilesets=args.tilesets)
    except FileNotFoundError as exc:
        print(f"\nerror: {exc}", file=sys.stderr)
        return 2
    print("\n" + wrote_line(stats, args.out), file=sys.stderr)
    return 0


def wrote_line(stats: dict, out: str) -> str:
    """The closing line: how many images went where, and how fast ("1 image", "2 images")."""
    n = stats["images"]
    return (f"wrote {n} image{'' if n == 1 else 's'} to {out} in {stats['seconds']} s "
            f"({stats['images_per_s']} images/s)")
