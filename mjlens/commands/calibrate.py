"""`mjlens calibrate`: teach the reader a player's own tile set (a profile for `--profile`).

    mjlens calibrate SHEET.jpg --tiles "123456789m 123456789p 123456789s 1234567z 12345678f" \\
        --out my-tiles.mjprofile
    mjlens calibrate --labels LABELLED_DIR --out my-tiles.mjprofile
    mjlens calibrate SHEET.jpg --tiles "..." --empty TABLE.jpg --out my-tiles.mjprofile

Each `--tiles` lists its photo's tiles in reading order (rows top to bottom, each row left to
right), once per photo and in the same order. `--empty` takes a photo of the bare table the
player plays on (keyboard, stone, mat...): every box found there is learnt as "not a tile".
`--labels` of a folder `mjlens label` wrote learns only its reviewed photos. `--add` grows an
existing profile instead of replacing it. Exit status: 0 written; 2 bad input (tile count,
unknown code, the same photo twice, a turned photo, no reviewed photo, unreadable photo or
profile, missing model), the profile file untouched.
"""

from __future__ import annotations

import json
import sys

from mjlens.lang import add_lang_option, error_fields, error_line, lang_of
from scoring.file_words import os_reason
from scoring.messages import Catalog

CM = Catalog("calibrate_cli", {
    "bad_file": ("Cannot read {path}: {reason}.", "读不了 {path}：{reason}。"),
    # the help of `mjlens calibrate`
    "h_help": ("learn your own tile set from photos (a tile profile)",
               "从照片学会你自己的那副牌（做成牌组档案）"),
    "h_description": (__doc__.splitlines()[0],
                      "`mjlens calibrate`：教读牌程序认识一位玩家自己的那副牌（给 `--profile` "
                      "用的牌组档案）。"),
    "h_tiles": ("the tiles of one photo in reading order, e.g. \"123456789m 1234567z\"; once "
                "per photo",
                "一张照片里的牌，按阅读顺序写，例如 `\"123456789m 1234567z\"`；每张照片写一次"),
    "h_labels": ("a YOLO-labelled folder (images/ + labels/) instead of photos",
                 "用一个 `YOLO` 标注好的文件夹（`images/` 加 `labels/`）代替照片"),
    "h_empty": ("a photo of your bare table: what is found there is not a tile",
                "一张空桌面的照片：在上面找到的都不是牌"),
    "h_out": ("the profile file to write", "要写出的牌组档案"),
    "h_name": ("the profile's name (default: the file's name)",
               "牌组档案的名字（默认：文件名）"),
    "h_add": ("grow the profile in --out if it exists",
              "若 `--out` 的牌组档案已存在，就在它上面增补"),
    "h_model": ("model folder or detector .onnx", "模型文件夹或识牌模型 `.onnx` 文件"),
    "h_json": ("print one JSON object", "输出一个 `JSON` 对象"),
    "reviewed": ("Learning from the {n} reviewed photos of {total} in {data}.",
                 "从 {data} 的 {total} 张照片中已复核的 {n} 张学习。"),
    "none_reviewed": ("None of the {total} photos in {data} is reviewed yet, and a profile "
                      "learns only tiles a person has checked: accept them on the app's Review "
                      "labels page, or give the photos with --tiles.",
                      "{data} 的 {total} 张照片还没有一张复核过，而档案只学习有人核对过的牌：请在"
                      "应用的“复核标注”页确认，或给出照片并用 --tiles 列出牌。"),
})


def register(sub) -> None:
    p = sub.add_parser("calibrate", help=CM("h_help"), description=CM("h_description"))
    p.add_argument("photos", nargs="*", metavar="PHOTO")
    p.add_argument("--tiles", action="append", default=[], metavar="TILES", help=CM("h_tiles"))
    p.add_argument("--labels", default=None, metavar="DIR", help=CM("h_labels"))
    p.add_argument("--empty", action="append", default=[], metavar="PHOTO", help=CM("h_empty"))
    p.add_argument("--out", required=True, metavar="PROFILE", help=CM("h_out"))
    p.add_argument("--name", default=None, help=CM("h_name"))
    p.add_argument("--add", action="store_true", help=CM("h_add"))
    p.add_argument("--model", default=None, help=CM("h_model"))
    p.add_argument("--json", action="store_true", help=CM("h_json"))
    add_lang_option(p)
    p.set_defaults(func=run)



def run(args) -> int:
    from pathlib import Path

    from datasets.formats import FormatError
    from scoring.hant import HANT
    from scoring.messages import is_zh
    from vision.detect import ImageReadError, ModelError, load_detector
    from vision.detect.calibrate import (
        CalibrationError,
        M,
        add_table_photos,
        from_photos,
        new_profile,
    )
    from vision.detect.evaluate import EvalDataError
    from vision.detect.profile import Profile, ProfileError, for_detector

    out = Path(args.out)
    name = args.name or out.stem
    try:
        if args.labels and (args.photos or args.tiles):
            raise CalibrationError(M("nothing"))
        det = load_detector(args.model)
        base = Profile.load(out) if args.add and out.exists() else None
        if base is not None and len(base):  # made usable here, so that a refusal names it
            base = for_detector(base, det, str(out))
        if args.labels:
            profile = _from_labelled(args, det, name, base)
        elif args.photos or args.tiles or not args.empty:
            profile = from_photos(det, args.photos, args.tiles, name, base)
        else:  # only photos of the table: grow the profile in --out
            profile = new_profile(det, name, base)
        add_table_photos(det, profile, args.empty)
        if args.name:
            profile.name = args.name
        profile.save(out)
    except (CalibrationError, ProfileError, ImageReadError) as e:
        return _fail(args, e)
    except (ModelError, EvalDataError, FormatError) as e:
        return _fail(args, e)
    except OSError as e:
        return _fail(args, CM("bad_file", path=e.filename or args.out, reason=os_reason(e)))
    done = [M("made", name=profile.name, out=str(out), tiles=int(profile.tiles.sum()),
              codes=len(profile.counts()))]
    if profile.without_flowers:
        done.append(M("made_no_flowers"))
    if profile.not_tiles:
        done.append(M("made_table", n=profile.not_tiles))
    if args.json:
        print(json.dumps({"profile": str(out), "name": profile.name, "model": profile.model,
                          "examples": profile.counts(), "not_tiles": profile.not_tiles,
                          "message": " ".join(m.render("en") for m in done),
                          "message_zh": "".join(m.render("zh") for m in done),
                          "message_zh_hant": "".join(m.render(HANT) for m in done)},
                         ensure_ascii=False))
    else:
        lang = lang_of(args)
        print(("" if is_zh(lang) else " ").join(m.render(lang) for m in done))
    return 0


def _from_labelled(args, det, name: str, base):
    """The profile learnt from a labelled folder; from one that `mjlens label` wrote (its
    labelling.jsonl), only the photos a person accepted: the others hold the reader's own
    guesses, which a profile would learn as the truth, its misreadings too."""
    import tempfile
    from pathlib import Path

    from datasets.labelling import MANIFEST, reviewed_split
    from vision.detect.calibrate import CalibrationError, from_labels

    data = Path(args.labels)
    if not (data / MANIFEST).exists():
        return from_labels(det, data, name, base)
    lang = lang_of(args)
    with tempfile.TemporaryDirectory() as tmp:
        n, total = reviewed_split(data, Path(tmp),
                                  lambda msg: print(msg.render(lang), file=sys.stderr))
        if not n:
            raise CalibrationError(CM("none_reviewed", total=total, data=str(data)))
        print(CM("reviewed", n=n, total=total, data=str(data)).render(lang), file=sys.stderr)
        return from_labels(det, tmp, name, base)


def _fail(args, error) -> int:
    if args.json:
        print(json.dumps(error_fields(error), ensure_ascii=False))
    else:
        print(error_line(error, lang_of(args)), file=sys.stderr)
    return 2
