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
    # the help of `mjlens dataset` and its actions
    "h_help": ("build the detector training set or preview its labels",
               "构建识牌模型的训练集，或预览它的标注"),
    "h_description": ("Build the detector training set (real + synthetic) or draw a contact "
                      "sheet of labelled images.",
                      "构建识牌模型的训练集（真实照片加合成图片），或把标注好的图片拼成一张缩略图总览。"),
    "h_build": ("real photos + synthetic images, with a data.yaml",
                "真实照片加合成图片，附一个 `data.yaml`"),
    "h_out": ("output folder", "输出文件夹"),
    "h_real": ("Roboflow export with train/ and valid/ (default ../shared/data/photos; 'none' "
               "for synthetic only)",
               "含 `train/` 和 `valid/` 的 `Roboflow` 导出（默认 `../shared/data/photos`；写 "
               "`none` 则只用合成图片）"),
    "h_synth_train": ("synthetic training images", "合成的训练图片张数"),
    "h_synth_valid": ("synthetic validation images", "合成的验证图片张数"),
    "h_real_valid_from": ("real split used for validation ('none': validate on synthetic only)",
                          "用作验证的真实照片分组（写 `none`：只用合成图片验证）"),
    "h_synth_train_from": ("use this synthetic folder (images/, labels/) instead of generating",
                           "用这个合成图片文件夹（`images/`、`labels/`），不再生成"),
    "h_synth_valid_from": ("use this synthetic folder for validation instead of generating",
                           "验证时用这个合成图片文件夹，不再生成"),
    "h_crops": ("tile crops folder ('none': drawn faces only)",
                "牌面裁图的文件夹（写 `none`：只用画出的牌面）"),
    "h_cache": ("face cache folder (default data/cache)", "牌面缓存文件夹（默认 `data/cache`）"),
    "h_preview": ("contact sheet with boxes and tile codes drawn", "画上牌框和牌代码的缩略图总览"),
    "h_preview_dir": ("a folder with images/ and labels/ (or a dataset folder), or a COCO or VOC "
                      "folder made by dataset convert",
                      "含 `images/` 和 `labels/` 的文件夹（或数据集文件夹），或由 "
                      "`dataset convert` 做出的 `COCO`、`VOC` 文件夹"),
    "h_preview_out": ("output JPEG (default sheet.jpg)", "输出的 `JPEG` 图片（默认 `sheet.jpg`）"),
    "h_preview_n": ("number of images", "图片张数"),
    "h_preview_cell": ("cell size in pixels", "每格的大小，以像素计"),
    "h_preview_seed": ("random pick instead of evenly spread", "随机挑选，而不是均匀分布地挑"),
    "h_convert": ("convert a labelled folder between yolo, coco and voc",
                  "在 `yolo`、`coco`、`voc` 之间转换标注好的文件夹"),
    "h_convert_src": ("labelled folder (yolo, coco or voc; guessed) or a COCO .json",
                      "标注好的文件夹（`yolo`、`coco` 或 `voc`，自动判断）或 `COCO` 的 `.json` 文件"),
    "h_convert_out": ("output folder (images are copied into it)", "输出文件夹（图片会复制进去）"),
    "h_merge": ("add reviewed labelled folders to a training set",
                "把复核过的标注文件夹加进训练集"),
    "h_merge_folders": ("folders made by mjlens label", "由 `mjlens label` 做出的文件夹"),
    "h_merge_into": ("training set folder (its data.yaml is updated)",
                     "训练集文件夹（其中的 `data.yaml` 会更新）"),
    "h_merge_all": ("also photos not yet marked reviewed", "连同尚未标为已复核的照片"),
})


def _data_error(exc: Exception):
    """The refusal of a labelled folder (FormatError) or a file (OSError), in words."""
    from scoring.file_words import os_reason

    if isinstance(exc, OSError):
        return M("bad_file", path=exc.filename or "", reason=os_reason(exc))
    return M("bad_data", text=exc.msg)


def register(sub) -> None:
    p = sub.add_parser("dataset", help=M("h_help"), description=M("h_description"))
    dsub = p.add_subparsers(dest="dataset_command", metavar="ACTION")
    _register_build(dsub)

    v = dsub.add_parser("preview", help=M("h_preview"))
    v.add_argument("dir", help=M("h_preview_dir"))
    v.add_argument("--out", default="sheet.jpg", help=M("h_preview_out"))
    v.add_argument("--n", type=int, default=16, help=M("h_preview_n"))
    v.add_argument("--cell", type=int, default=400, help=M("h_preview_cell"))
    v.add_argument("--seed", type=int, default=None, help=M("h_preview_seed"))
    add_lang_option(v)
    v.set_defaults(func=run_preview)
    c = dsub.add_parser("convert", help=M("h_convert"))
    c.add_argument("src", help=M("h_convert_src"))
    c.add_argument("--to", required=True, choices=("yolo", "coco", "voc"))
    c.add_argument("--from", dest="src_format", default=None, choices=("yolo", "coco", "voc"))
    c.add_argument("--out", required=True, help=M("h_convert_out"))
    add_lang_option(c)
    c.set_defaults(func=run_convert)

    m = dsub.add_parser("merge", help=M("h_merge"))
    m.add_argument("folders", nargs="+", metavar="LABELLED", help=M("h_merge_folders"))
    m.add_argument("--into", required=True, help=M("h_merge_into"))
    m.add_argument("--all", action="store_true", help=M("h_merge_all"))
    add_lang_option(m)
    m.set_defaults(func=run_merge)
    p.set_defaults(func=lambda args: (p.print_help(), 2)[1])


def _register_build(dsub) -> None:
    b = dsub.add_parser("build", help=M("h_build"))
    b.add_argument("--out", required=True, help=M("h_out"))
    b.add_argument("--real", default=None, help=M("h_real"))
    b.add_argument("--synth-train", type=int, default=3000, help=M("h_synth_train"))
    b.add_argument("--synth-valid", type=int, default=300, help=M("h_synth_valid"))
    b.add_argument("--real-valid-from", default="valid", help=M("h_real_valid_from"))
    b.add_argument("--synth-train-from", default=None, metavar="DIR", help=M("h_synth_train_from"))
    b.add_argument("--synth-valid-from", default=None, metavar="DIR", help=M("h_synth_valid_from"))
    b.add_argument("--seed", type=int, default=0)
    b.add_argument("--size", type=int, default=640)
    b.add_argument("--workers", type=int, default=2)
    b.add_argument("--crops", default=None, help=M("h_crops"))
    b.add_argument("--cache", default=None, help=M("h_cache"))
    b.set_defaults(func=run_build)



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
