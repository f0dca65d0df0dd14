"""`mjlens label DIR --out OUT`: the detector proposes labels for a folder of photos (YOLO,
COCO, Label Studio); the review page (Streamlit app, "Review labels") confirms them.

Exit status: 0 when every photo was labelled, 1 when some could not be read (each is listed
with the reason; the others are labelled), 2 when nothing could be started (no such folder,
model missing, Ray missing for --ray).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from mjlens.arg_types import fraction
from mjlens.lang import add_lang_option, add_profile_option, error_line, lang_of
from scoring.messages import Catalog

M = Catalog("label_cli", {
    "help": ("label a folder of photos with the detector (for review)",
             "用识牌模型给一个文件夹的照片做标注（留待复核）"),
    "dir": ("folder of photos (searched recursively)", "照片所在的文件夹（含各层子文件夹）"),
    "out": ("labelled folder (created; a rerun resumes)",
            "标注结果的文件夹（会新建；再次运行从中断处接着做）"),
    "model": ("model folder or detector .onnx", "模型文件夹或识牌模型 `.onnx` 文件"),
    "conf": ("box score threshold (default 0.3)", "牌框得分的门槛（默认 `0.3`）"),
    "review_below": ("boxes less sure than this are counted for review (default 0.5)",
                     "把握低于此值的牌框记为待复核（默认 `0.5`）"),
    "workers": ("processes, one detector each (default: the number of cores)",
                "进程数，每个进程一个识牌模型（默认：处理器核数）"),
    "ray": ("run as a Ray Data job (see docs/labelling.md)",
            "作为 `Ray Data` 任务运行（见 `docs/labelling.md`）"),
    "ray_address": ("Ray cluster to join (default: RAY_ADDRESS, else a local instance)",
                    "要加入的 `Ray` 集群（默认：`RAY_ADDRESS`，否则在本机启动一个）"),
})


def register(sub) -> None:
    p = sub.add_parser("label", help=M("help"))
    p.add_argument("dir", metavar="DIR", help=M("dir"))
    p.add_argument("--out", required=True, help=M("out"))
    p.add_argument("--model", default=None, help=M("model"))
    p.add_argument("--conf", type=fraction, default=None, help=M("conf"))
    p.add_argument("--review-below", type=fraction, default=None, metavar="P",
                   help=M("review_below"))
    p.add_argument("--workers", type=int, default=None, help=M("workers"))
    p.add_argument("--ray", action="store_true", help=M("ray"))
    p.add_argument("--ray-address", default=None, help=M("ray_address"))
    add_profile_option(p)
    add_lang_option(p)
    p.set_defaults(func=run)



def run(args) -> int:
    from datasets.formats import FormatError
    from datasets.labelling import REVIEW_BELOW, M, label_folder, run_local
    from vision.detect import ModelError
    from vision.detect.profile import M as PM
    from vision.detect.profile import ProfileError, load_profile

    lang = lang_of(args)
    root = Path(args.dir)
    if not root.is_dir():
        print(error_line(M("not_folder", root=str(root)), lang), file=sys.stderr)
        return 2
    if args.profile and args.ray:
        print(error_line(PM("no_ray"), lang), file=sys.stderr)
        return 2
    # the model and profile checked here once: one clear error, where a pool worker that
    # cannot load the model is started again and again, printing its traceback each time
    try:
        from vision.detect import load_detector
        det = load_detector(args.model, args.conf)
        if args.profile:
            load_profile(args.profile, det)
    except (ProfileError, ModelError) as e:
        print(error_line(e, lang), file=sys.stderr)
        return 2
    review_below = REVIEW_BELOW if args.review_below is None else args.review_below
    if args.ray:
        try:
            from datasets.label_ray import run_ray
        except ImportError:
            print(error_line(M("no_ray"), lang), file=sys.stderr)
            return 2

        def runner(paths):
            return run_ray(paths, args.model, args.conf, args.ray_address, args.workers)
    else:
        workers = args.workers or len(os.sched_getaffinity(0))

        def runner(paths):
            return run_local(paths, args.model, args.conf, workers, args.profile)

    def say(msg):
        print(msg.render(lang), file=sys.stderr)

    try:
        s = label_folder(root, Path(args.out), runner, review_below, say, lang=lang)
    except (ModelError, FormatError) as e:  # FormatError: a damaged line in labelling.jsonl
        print(error_line(e, lang), file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl+C: what is done is saved; say how to go on
        from datasets.labelling import read_manifest

        print(M("stopped", n=len(read_manifest(Path(args.out))), out=args.out).render(lang),
              file=sys.stderr)
        return 130
    if not s.found:
        print(error_line(M("no_photos", root=str(root)), lang), file=sys.stderr)
        return 2
    print(M("summary", images=s.images, tiles=s.tiles, unsure=s.unsure, threshold=review_below,
            failed=len(s.failures), out=args.out).render(lang))
    for source, reason in s.failures:
        print(M("failure", source=source, reason=reason).render(lang))
    return 1 if s.failures else 0
