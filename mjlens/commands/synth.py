"""`mjlens synth`: write a seeded set of synthetic hand photos with YOLO labels and sidecars."""

from __future__ import annotations

import argparse
import sys


def register(sub) -> None:
    p = sub.add_parser(
        "synth",
        help="generate synthetic photos of revealed hands (YOLO labels + hand sidecars)",
        description="Render synthetic photos of revealed mahjong hands into DIR/images, "
        "DIR/labels (YOLO, the 43 detector classes) and DIR/labels_json (true hand, tile "
        "boxes and quads). The same seed gives identical files.",
    )
    p.add_argument("--n", type=int, required=True, help="number of images")
    p.add_argument("--out", required=True, help="output folder")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--size", type=int, default=640, help="image side in pixels (square)")
    p.add_argument("--workers", type=int, default=2, help="processes")
    p.add_argument("--start", type=int, default=0, help="first image index (to extend a set)")
    p.add_argument("--crops", default=None,
                   help="folder of real tile crops (labels.csv + images/); default "
                   "../shared/data/tile-crops; 'none' to use drawn faces only")
    p.add_argument("--cache", default=None, help="face cache folder (default data/cache)")
    p.add_argument("--tilesets", default=None,
                   help="folder of the KDE mahjongg tilesets (*.svgz, Debian "
                   "kdegames-mahjongg-data-kf5: /usr/share/kmahjongglib/tilesets): adds their "
                   "art to --style train and enables --style held-out-set")
    p.add_argument("--style", choices=("train", "held-out", "held-out-set", "clutter",
                                       "clutter-held-out"), default=None,
                   help="train: more face art (a drawn style, the KDE sets with --tilesets), red "
                   "fives and tile bodies; held-out: only the held-out face art and body; "
                   "held-out-set: only the held-out KDE set (needs --tilesets); the held-out "
                   "styles are for measuring, never training; clutter: the train faces and the "
                   "CJK font arts on keyboards, stone, wood, fabric, mats, paper and screens; "
                   "clutter-held-out: the held-out art on the held-out variants of those "
                   "surfaces; default: the unstyled scenes "
                   "(generator version 6)")
    p.add_argument("--sets", type=int, choices=(4, 5), default=4,
                   help="sets in each hand: 4 (14-tile hands, the default) or 5 (16-tile games "
                   "such as yuhuan and fujian: five sets and a pair, melds included)")
    p.add_argument("--no-flowers", action="store_true",
                   help="no flowers in the hands or on the table (games without flowers)")
    p.add_argument("--leave-out", default="",
                   help="tile codes the hands never hold, comma-separated (yuhuan: 5z)")
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
