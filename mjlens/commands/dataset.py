"""`mjlens dataset build|preview`: assemble the detector's training set, or look at its labels."""

from __future__ import annotations

import argparse
import sys


def register(sub) -> None:
    p = sub.add_parser("dataset", help="build the detector training set or preview its labels",
                       description="Build the detector training set (real + synthetic) or draw "
                       "a contact sheet of labelled images.")
    dsub = p.add_subparsers(dest="dataset_command", metavar="ACTION")

    b = dsub.add_parser("build", help="real photos + synthetic images, with a data.yaml")
    b.add_argument("--out", required=True, help="output folder")
    b.add_argument("--real", default=None,
                   help="Roboflow export with train/ and valid/ (default ../shared/data/photos; "
                   "'none' for synthetic only)")
    b.add_argument("--synth-train", type=int, default=3000, help="synthetic training images")
    b.add_argument("--synth-valid", type=int, default=300, help="synthetic validation images")
    b.add_argument("--real-valid-from", default="valid",
                   help="real split used for validation ('none': validate on synthetic only)")
    b.add_argument("--synth-train-from", default=None, metavar="DIR",
                   help="use this synthetic folder (images/, labels/) instead of generating")
    b.add_argument("--synth-valid-from", default=None, metavar="DIR",
                   help="use this synthetic folder for validation instead of generating")
    b.add_argument("--seed", type=int, default=0)
    b.add_argument("--size", type=int, default=640)
    b.add_argument("--workers", type=int, default=2)
    b.add_argument("--crops", default=None, help="tile crops folder ('none': drawn faces only)")
    b.add_argument("--cache", default=None, help="face cache folder (default data/cache)")
    b.set_defaults(func=run_build)

    v = dsub.add_parser("preview", help="contact sheet with boxes and tile codes drawn")
    v.add_argument("dir", help="a folder with images/ and labels/ (or a dataset folder)")
    v.add_argument("--out", default="sheet.jpg", help="output JPEG (default sheet.jpg)")
    v.add_argument("--n", type=int, default=16, help="number of images")
    v.add_argument("--cell", type=int, default=400, help="cell size in pixels")
    v.add_argument("--seed", type=int, default=None, help="random pick instead of evenly spread")
    v.set_defaults(func=run_preview)
    p.set_defaults(func=lambda args: (p.print_help(), 2)[1])


def run_build(args: argparse.Namespace) -> int:
    from datasets.build import DEFAULT_REAL, build
    from mjlens.commands.synth import resolve_sources

    real = DEFAULT_REAL if args.real is None else (
        None if args.real.lower() == "none" else args.real)
    crops, cache = resolve_sources(args)
    try:
        path = build(args.out, real, args.synth_train, args.synth_valid, args.real_valid_from,
                     args.seed, args.size, args.workers, crops, cache,
                     log=lambda msg: print(msg, file=sys.stderr),
                     synth_train_from=args.synth_train_from,
                     synth_valid_from=args.synth_valid_from)
    except (FileNotFoundError, ValueError, ImportError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(path)
    return 0


def run_preview(args: argparse.Namespace) -> int:
    from datasets.preview import write_sheet

    try:
        out = write_sheet(args.dir, args.out, args.n, args.cell, args.seed)
    except (FileNotFoundError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(out)
    return 0
