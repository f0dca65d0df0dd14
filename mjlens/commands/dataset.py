"""`mjlens dataset build|preview|convert|merge`: assemble the detector's training set, look at
its labels, convert labelled folders between YOLO, COCO and Pascal VOC, and add reviewed labelled
folders (`mjlens label` + the review page) to a training set."""

from __future__ import annotations

import argparse
import sys

from mjlens.lang import add_lang_option, error_line, lang_of
from scoring.messages import Catalog

M = Catalog("dataset_cli", {
    "converted": ("{n} images written as {fmt} to {out}", "已将 {n} 张图片以 {fmt} 格式写入 {out}"),
    "merged": ("{added} photos added to {into}; {dupes} already there (same content) skipped.",
               "已向 {into} 加入 {added} 张照片；{dupes} 张已存在（内容相同），跳过。"),
    "unreviewed": ("{n} photos not yet reviewed were left out: accept them on the app's Review "
                   "labels page, or add --all.",
                   "{n} 张照片还没有复核，没有加入：请在应用的“复核标注”页面确认，或者加上 --all。"),
    "bad_data": ("{text}", "无法读取标注数据：{text}"),
    "bad_file": ("Cannot read or write {path}: {reason}.", "无法读写 {path}：{reason}。"),
})


def _data_error(exc: Exception):
    """The refusal of a labelled folder (FormatError) or a file (OSError), in words."""
    from scoring.file_words import os_reason

    if isinstance(exc, OSError):
        return M("bad_file", path=exc.filename or "", reason=os_reason(exc))
    return M("bad_data", text=exc.msg)


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
    v.add_argument("dir", help="a folder with images/ and labels/ (or a dataset folder), or a "
                   "COCO or VOC folder made by dataset convert")
    v.add_argument("--out", default="sheet.jpg", help="output JPEG (default sheet.jpg)")
    v.add_argument("--n", type=int, default=16, help="number of images")
    v.add_argument("--cell", type=int, default=400, help="cell size in pixels")
    v.add_argument("--seed", type=int, default=None, help="random pick instead of evenly spread")
    add_lang_option(v)
    v.set_defaults(func=run_preview)
    c = dsub.add_parser("convert", help="convert a labelled folder between yolo, coco and voc")
    c.add_argument("src", help="labelled folder (yolo, coco or voc; guessed) or a COCO .json")
    c.add_argument("--to", required=True, choices=("yolo", "coco", "voc"))
    c.add_argument("--from", dest="src_format", default=None, choices=("yolo", "coco", "voc"))
    c.add_argument("--out", required=True, help="output folder (images are copied into it)")
    add_lang_option(c)
    c.set_defaults(func=run_convert)

    m = dsub.add_parser("merge", help="add reviewed labelled folders to a training set")
    m.add_argument("folders", nargs="+", metavar="LABELLED", help="folders made by mjlens label")
    m.add_argument("--into", required=True, help="training set folder (its data.yaml is updated)")
    m.add_argument("--all", action="store_true", help="also photos not yet marked reviewed")
    add_lang_option(m)
    m.set_defaults(func=run_merge)
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
    from datasets.formats import FormatError
    from datasets.preview import write_sheet

    try:
        out = write_sheet(args.dir, args.out, args.n, args.cell, args.seed)
    except (FormatError, OSError) as exc:
        print(error_line(_data_error(exc), lang_of(args)), file=sys.stderr)
        return 2
    print(out)
    return 0


def run_convert(args: argparse.Namespace) -> int:
    from datasets.exchange import convert
    from datasets.formats import FormatError

    try:
        n = convert(args.src, args.out, args.to, args.src_format)
    except (FormatError, OSError) as exc:
        print(error_line(_data_error(exc), lang_of(args)), file=sys.stderr)
        return 2
    print(M("converted", n=n, fmt=args.to, out=args.out).render(lang_of(args)))
    return 0


def run_merge(args: argparse.Namespace) -> int:
    from datasets.exchange import merge
    from datasets.formats import FormatError

    try:
        added, dupes, unreviewed = merge(
            args.folders, args.into, reviewed_only=not args.all,
            say=lambda msg: print(msg.render(lang_of(args)), file=sys.stderr))
    except (FormatError, OSError) as exc:
        print(error_line(_data_error(exc), lang_of(args)), file=sys.stderr)
        return 2
    print(M("merged", added=added, dupes=dupes, into=args.into).render(lang_of(args)))
    if unreviewed:  # "0 photos added" alone did not say why
        print(M("unreviewed", n=unreviewed).render(lang_of(args)))
    return 0
