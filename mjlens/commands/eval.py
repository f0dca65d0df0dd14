"""`mjlens eval --data DIR`: score the detector on a YOLO-format labelled folder.

Prints mAP50, mAP50-95, tile precision/recall/F1 at IoU 0.5 with matching code, the five
classes with the worst recall, and the hand exact-match rate (predicted multiset of codes equal
to the labelled one). DIR is images/ + labels/, a dataset YAML, or a folder with data.yaml;
original Roboflow class names (sc1, bf2, ...) are mapped to tile codes. A folder made by
`mjlens label` is measured on the photos accepted on the review page only.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from mjlens.arg_types import fraction
from mjlens.lang import add_lang_option, add_profile_option, error_line, lang_of
from scoring.messages import Catalog

M = Catalog("eval_cli", {
    "reviewed": ("measured on the {n} reviewed photos of {total} in {data}",
                 "在 {data} 的 {total} 张照片中已复核的 {n} 张上测量"),
    "none_reviewed": ("error: none of the {total} photos in {data} is reviewed yet (accept them "
                      "on the app's Review labels page)",
                      "错误：{data} 的 {total} 张照片还没有一张复核过（请在应用的“复核标注”页确认）"),
    # the report (mAP: mean average precision; P, R, F1: precision, recall, their balance)
    "counts": ("images {images}, tiles labelled {labelled}, predicted {predicted}",
               "图片 {images} 张，标注的牌 {labelled} 张，检出 {predicted} 张"),
    "map50": ("mAP50     {v}", "平均精度（交并比 0.5）       {v}"),
    "map50_95": ("mAP50-95  {v}", "平均精度（交并比 0.5-0.95）  {v}"),
    "tiles": ("tiles (IoU 0.5, same code): precision {p}  recall {r}  F1 {f1}",
              "牌（交并比 0.5，牌相同）：精确率 {p}  召回率 {r}  F1 {f1}"),
    "hands": ("hand exact-match {v}", "整手牌完全读对 {v}"),
    "worst": ("worst recall: {tiles}", "召回率最低的牌：{tiles}"),
    "source": ("  {group} images {images}  mAP50 {map50}  P {p}  R {r}  F1 {f1}  hands {hands}",
               "  {group} 图片 {images}  平均精度 {map50}  精确率 {p}  召回率 {r}  F1 {f1}  "
               "整手 {hands}"),
    # the help of `mjlens eval`
    "h_help": ("measure the detector on a labelled YOLO folder",
               "在标注好的 `YOLO` 文件夹上衡量识牌模型"),
    "h_data": ("images/+labels/ folder, data.yaml, or its folder",
               "含 `images/` 和 `labels/` 的文件夹、`data.yaml` 或它所在的文件夹"),
    "h_names": ("data.yaml whose names: the label indices use",
                "标注编号所对应的 `data.yaml`（取其中的 `names:`）"),
    "h_model": ("model folder or detector .onnx", "模型文件夹或识牌模型 `.onnx` 文件"),
    "h_conf": ("box score threshold", "牌框得分的门槛"),
    "h_limit": ("only the first N images", "只用前 `N` 张图"),
    "h_by_source": ("also one line per source of the photos, told by their file names (IMG "
                    "phone photos, fb social-media images, hand one-row hands, other)",
                    "另按照片来源各列一行，来源由文件名看出（`IMG` 手机照片、`fb` 社交媒体图片、"
                    "`hand` 一排牌的手牌、其他）"),
})


def register(sub) -> None:
    p = sub.add_parser("eval", help=M("h_help"))
    p.add_argument("--data", required=True, help=M("h_data"))
    p.add_argument("--names", default=None, help=M("h_names"))
    p.add_argument("--model", default=None, help=M("h_model"))
    p.add_argument("--conf", type=fraction, default=None, help=M("h_conf"))
    p.add_argument("--limit", type=int, default=None, help=M("h_limit"))
    p.add_argument("--by-source", action="store_true", help=M("h_by_source"))
    p.add_argument("--json", action="store_true")
    add_profile_option(p)
    add_lang_option(p)
    p.set_defaults(func=run)



def run(args) -> int:
    from datasets.formats import FormatError
    from datasets.labelling import MANIFEST, reviewed_split

    if not (Path(args.data) / MANIFEST).exists():
        return _run(args)
    lang = lang_of(args)
    with tempfile.TemporaryDirectory() as tmp:
        try:
            n, total = reviewed_split(Path(args.data), Path(tmp),
                                      lambda msg: print(msg.render(lang), file=sys.stderr))
        except FormatError as e:  # a damaged line in labelling.jsonl
            print(error_line(e, lang), file=sys.stderr)
            return 2
        if not n:
            print(M("none_reviewed", total=total, data=args.data).render(lang), file=sys.stderr)
            return 2
        print(M("reviewed", n=n, total=total, data=args.data).render(lang), file=sys.stderr)
        args.data = tmp
        return _run(args)


def _run(args) -> int:
    from vision.detect import ModelError, load_detector
    from vision.detect.evaluate import EvalDataError, by_source, detect_split
    from vision.detect.metrics import evaluate
    from vision.detect.profile import ProfileError, load_profile

    try:
        det = load_detector(args.model, args.conf)
        profile = load_profile(args.profile, det) if args.profile else None
        results = detect_split(det, args.data, names=args.names, limit=args.limit,
                               progress=None if args.json else _progress, profile=profile)
    except ProfileError as e:
        print(error_line(e, lang_of(args)), file=sys.stderr)
        return 2
    except (ModelError, EvalDataError) as e:
        print(error_line(e, lang_of(args)), file=sys.stderr)
        return 2
    rep = evaluate([r for _, r in results])
    groups = by_source(results) if args.by_source else {}
    if args.json:
        out = rep.to_json()
        if groups:
            out["by_source"] = {g: r.to_json() for g, r in groups.items()}
        print(json.dumps(out))
        return 0
    _print_report(rep, groups, lang_of(args))
    return 0


def _progress(i: int, n: int) -> None:
    if sys.stderr.isatty():
        print(f"\r{i}/{n}", end="", file=sys.stderr, flush=True)


def _print_report(rep, groups: dict, lang: str) -> None:
    """The metrics in the reader's language (the figures and tile codes as they are)."""
    def say(key: str, **params) -> None:
        print(M(key, **params).render(lang))

    if sys.stderr.isatty():  # past the progress count
        print("\r" + " " * 12 + "\r", end="", file=sys.stderr, flush=True)
    say("counts", images=rep.images, labelled=rep.n_gt, predicted=rep.n_pred)
    say("map50", v=f"{rep.map50:.4f}")
    say("map50_95", v=f"{rep.map50_95:.4f}")
    say("tiles", p=f"{rep.precision:.4f}", r=f"{rep.recall:.4f}", f1=f"{rep.f1:.4f}")
    say("hands", v=f"{rep.hand_exact:.4f}")
    say("worst", tiles=", ".join(f"{c} {r:.3f} ({n})" for c, r, n in rep.worst_recall))
    for g, r in groups.items():
        say("source", group=f"{g:6s}", images=f"{r.images:4d}", map50=f"{r.map50:.4f}",
            p=f"{r.precision:.4f}", r=f"{r.recall:.4f}", f1=f"{r.f1:.4f}",
            hands=f"{r.hand_exact:.4f}")
