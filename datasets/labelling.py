"""`mjlens label`: the shipped detector proposes boxes for every photo of a folder, a person
confirms them on the review page.

The output folder is a YOLO dataset (images/, labels/, data.yaml with the 43 contract codes) plus
`labelling.jsonl` (one record per photo: its content hash, size, boxes with the detector's
scores, reviewed or not), from which `annotations.coco.json` and `label_studio.json` are made.
The record is written as each photo finishes, so a run that is stopped resumes where it was:
photos whose content hash is already recorded are skipped.

One function labels one photo (`label_photo`); the local process pool and the Ray job
(datasets/label_ray.py) both call it, so their labels are the same.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from datasets.formats import (
    IMAGE_EXTS,
    Box,
    FormatError,
    LabelledImage,
    write_coco,
    write_data_yaml,
    write_label_studio,
    write_yolo_labels,
)
from scoring.messages import Catalog, Msg, Text

MANIFEST = "labelling.jsonl"
COCO_FILE = "annotations.coco.json"
REVIEW_BELOW = 0.5  # boxes whose detector confidence is lower are counted for review
CONVERT_TO_JPEG = (".heic", ".heif")  # training tools read these poorly: stored as JPEG

M = Catalog("label", {
    "found": ("{n} photos under {root}; {done} already labelled (same content), skipped.",
              "{root} 下有 {n} 张照片；其中 {done} 张已经标注过（内容相同），跳过。"),
    "summary": ("Labelled {images} photos: {tiles} tiles, {unsure} boxes below {threshold} to "
                "review, {failed} photos failed. Output: {out}",
                "已标注 {images} 张照片：{tiles} 张牌，{unsure} 个框低于 {threshold} 需复核，"
                "{failed} 张照片失败。输出：{out}"),
    "failure": ("  {source}: {reason}", "  {source}：{reason}"),
    "no_photos": ("{root} holds no photos (JPEG, PNG, WebP, HEIC).",
                  "{root} 里没有照片（找不到手机照片或常见格式的图片）。"),
    "not_folder": ("{root} is not a folder.", "{root} 不是文件夹。"),
    "progress": ("labelling", "标注中"),
    "stopped": ("Stopped. The {n} photos labelled so far are kept in {out}: run the same "
                "command again to go on.",
                "已停止。已标注的 {n} 张照片保存在 {out}：再执行一次同样的命令即可继续。"),
    "cut_line": ("{path}: its last line (line {line}) is incomplete, cut off when a run was "
                 "stopped while writing it; it is skipped. The photo it described is labelled "
                 "again by the next mjlens label run (or keeps its earlier record).",
                 "{path}：最后一行（第 {line} 行）不完整，是写入时程序被中断留下的，已跳过。"
                 "它记录的照片会在下次执行 mjlens label 时重新标注（或保留之前的记录）。"),
    "damaged_line": ("{path}: line {line} is damaged (not a photo's record). Delete that line "
                     "and run mjlens label again: it labels that photo again.",
                     "{path}：第 {line} 行已损坏（不是一张照片的记录）。请删掉这一行，再执行一次 "
                     "mjlens label：它会重新标注那张照片。"),
    "no_ray": ("--ray needs Ray: pip install 'mjlens[ray]'.",
               "--ray 需要 Ray：pip install 'mjlens[ray]'。"),
})


@dataclass
class Summary:
    found: int = 0
    skipped: int = 0
    images: int = 0
    tiles: int = 0
    unsure: int = 0
    failures: list[tuple[str, Text]] = field(default_factory=list)


# -- the one per-photo function ------------------------------------------------------------------
def label_photo(detector, data: bytes, source: str, profile=None) -> dict:
    """Boxes of one encoded photo through the shared loading policy and the detector: a plain
    dict (crosses process and Ray boundaries) with `width`, `height`, `boxes`, or `error` /
    `error_zh` in the player's words. `profile`: a ProfileReader of the player's tile set."""
    from vision.detect import ImageReadError, load_image

    try:
        im = load_image(data)
    except ImageReadError as e:
        return {"source": source, "error": e.render("en"), "error_zh": e.render("zh")}
    dets = (detector.detect_loaded([im], profile) if profile is not None else
            detector.detect_loaded([im]))[0]
    return {"source": source, "width": im.width, "height": im.height,
            "boxes": [Box(d.code, *d.box, score=d.confidence).to_json() for d in dets]}


# -- local process pool --------------------------------------------------------------------------
_WORKER: dict = {}


def _init_worker(model: str | None, conf: float | None, threads: int | None,
                 profile: str | None = None) -> None:
    from vision.detect import load_detector
    from vision.detect.profile import load_profile

    _WORKER["det"] = load_detector(model, conf, threads=threads)
    _WORKER["profile"] = load_profile(profile, _WORKER["det"]) if profile else None


def _init_pool_worker(model: str | None, conf: float | None, threads: int | None,
                      profile: str | None = None) -> None:
    """A pool worker leaves Ctrl+C to the main process, which stops the pool: each worker
    printed a KeyboardInterrupt traceback instead."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _init_worker(model, conf, threads, profile)


def _work(path: str) -> dict:
    return label_photo(_WORKER["det"], Path(path).read_bytes(), path, _WORKER.get("profile"))


def run_local(paths: list[Path], model: str | None, conf: float | None,
              workers: int, profile: str | None = None) -> Iterator[dict]:
    """Results as photos finish: `workers` processes with one single-threaded detector each,
    or (workers=1) one detector in this process on onnxruntime's own threads; `profile` (a
    profile file) reads with the player's own tile set."""
    workers = min(workers, len(paths))  # no process started for nothing
    if workers <= 1:
        _init_worker(model, conf, None, profile)
        for p in paths:
            yield _work(str(p))
        return
    import multiprocessing as mp

    ctx = mp.get_context("spawn")  # onnxruntime sessions do not survive a fork well
    with ctx.Pool(workers, _init_pool_worker, (model, conf, 1, profile)) as pool:
        yield from pool.imap_unordered(_work, [str(p) for p in paths], chunksize=1)


# -- the labelled folder -------------------------------------------------------------------------
def find_photos(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*") if p.is_file() and p.suffix.lower() in IMAGE_EXTS
                  and not any(part.startswith(".") for part in p.relative_to(root).parts))


def file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def read_manifest(out: Path, say: Callable[[Msg], None] | None = None
                  ) -> dict[str, LabelledImage]:
    """Records by content hash (a later line for the same photo wins). A last line that does not
    read (cut off when `mjlens label` or the review page was killed while writing it) is
    skipped, and `say` told so: its photo then counts as not labelled, so the next run labels
    it again. Any other line that does not read is a FormatError naming the file and line."""
    recs: dict[str, LabelledImage] = {}
    path = out / MANIFEST
    if not path.exists():
        return recs
    lines = [(n, line) for n, line in enumerate(path.read_bytes().split(b"\n"), 1)
             if line.strip()]
    for pos, (n, line) in enumerate(lines):
        try:
            rec = _record_of_line(line)
        except _Unreadable:
            if pos < len(lines) - 1:
                raise FormatError(M("damaged_line", path=str(path), line=n)) from None
            if say is not None:
                say(M("cut_line", path=str(path), line=n))
            continue
        recs[rec.sha256] = rec
    return recs


class _Unreadable(ValueError):
    """A line that is not a record: what a write stopped half way leaves (or a damaged file)."""


def _record_of_line(line: bytes) -> LabelledImage:
    """The record of one line of the file, else _Unreadable (not JSON, cut inside a character,
    or JSON that is not a record)."""
    try:
        data = json.loads(line.decode("utf-8"))
    except ValueError as e:  # JSONDecodeError, UnicodeDecodeError
        raise _Unreadable from e
    try:
        return LabelledImage.from_json(data)
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise _Unreadable from e


def end_cut_line(out: Path) -> None:
    """Before appending: a last line without its newline (a write cut off) would run into the
    next record. A whole record gets its newline; a cut-off one is removed."""
    path = out / MANIFEST
    if not path.exists():
        return
    with open(path, "rb+") as f:
        size = f.seek(0, os.SEEK_END)
        start = size
        while start > 0:  # back to the last newline, a block at a time
            step = min(start, 1 << 16)
            f.seek(start - step)
            block = f.read(step)
            if (nl := block.rfind(b"\n")) >= 0:
                start -= step - nl - 1
                break
            start -= step
        if start == size:
            return
        f.seek(start)
        tail = f.read()
        try:
            _record_of_line(tail)
        except _Unreadable:
            f.truncate(start)
            return
        f.write(b"\n")


def append_record(out: Path, rec: LabelledImage) -> None:
    """One record as a new line (it replaces the photo's earlier lines): appending, unlike
    rewriting the file, keeps the lines a `mjlens label` run still going adds meanwhile."""
    end_cut_line(out)
    with open(out / MANIFEST, "a", encoding="utf-8") as f:
        f.write(json.dumps(rec.to_json(), ensure_ascii=False) + "\n")


def write_manifest(out: Path, records: Iterable[LabelledImage]) -> None:
    tmp = out / (MANIFEST + ".tmp")
    tmp.write_text("".join(json.dumps(r.to_json(), ensure_ascii=False) + "\n" for r in records),
                   encoding="utf-8")
    os.replace(tmp, out / MANIFEST)


def export(out: Path, records: list[LabelledImage] | None = None,
           image_url: str = "/data/local-files/?d=images") -> None:
    """data.yaml, YOLO labels, COCO and Label Studio files, all from the records."""
    records = sorted((read_manifest(out).values() if records is None else records),
                     key=lambda r: r.image)
    write_data_yaml(out)
    for rec in records:
        write_yolo_labels(rec, out / "labels")
    write_coco(records, out / COCO_FILE)
    write_label_studio(records, out, image_url, model_version="mjlens")


def reviewed_split(out: Path, dest: Path, say: Callable[[Msg], None] | None = None
                   ) -> tuple[int, int]:
    """A YOLO split under `dest` (links to images, label files, data.yaml) of the photos of a
    labelled folder that a person accepted: what `mjlens eval` measures the detector on.
    Returns (reviewed, total)."""
    records = list(read_manifest(out, say).values())
    done = [r for r in records if r.reviewed]
    (dest / "images").mkdir(parents=True, exist_ok=True)
    for rec in done:
        (dest / "images" / rec.image).symlink_to((out / "images" / rec.image).resolve())
        write_yolo_labels(rec, dest / "labels")
    (dest / "labels").mkdir(exist_ok=True)
    write_data_yaml(dest)
    return len(done), len(records)


def _image_name(source: Path, root: Path, taken: set[str], sha: str) -> str:
    rel = source.relative_to(root)
    suffix = ".jpg" if source.suffix.lower() in CONVERT_TO_JPEG else source.suffix.lower()
    stem = "__".join(rel.with_suffix("").parts)
    if stem in taken:  # a.jpg beside a.png: the label files would share a name
        stem = f"{stem}-{sha[:8]}"
    taken.add(stem)
    return stem + suffix


def _store_image(source: Path, dest: Path) -> None:
    dest.parent.mkdir(parents=True, exist_ok=True)
    if source.suffix.lower() in CONVERT_TO_JPEG:
        from PIL import Image, ImageOps

        with Image.open(source) as im:
            ImageOps.exif_transpose(im).convert("RGB").save(dest, quality=95)
    else:
        shutil.copyfile(source, dest)


Runner = Callable[[list[Path]], Iterator[dict]]


def label_folder(root: Path, out: Path, runner: Runner, review_below: float = REVIEW_BELOW,
                 say: Callable[[Msg], None] = lambda m: None, progress: bool = True,
                 lang: str = "en") -> Summary:
    """Label every photo under `root` not yet recorded in `out`, with `runner` (paths ->
    result dicts of `label_photo`); then write every format from the records."""
    root, out = Path(root), Path(out)
    inside = out.resolve()  # an output folder inside the photo folder is not labelled again
    photos = [p for p in find_photos(root) if inside not in p.resolve().parents]
    records = read_manifest(out, say)  # a line cut off by a kill: skipped, its photo redone
    if records and _line_count(out / MANIFEST) > len(records):  # corrections appended: compact
        write_manifest(out, sorted(records.values(), key=lambda r: r.image))
    taken = {r.stem for r in records.values()}
    todo: dict[str, tuple[Path, str]] = {}
    summary = Summary(found=len(photos))
    for p in photos:
        sha = file_sha256(p)
        if sha in records or any(s == sha for _, s in todo.values()):
            summary.skipped += 1
        else:
            todo[str(p)] = (p, sha)
    say(M("found", n=len(photos), root=str(root), done=summary.skipped))
    out.mkdir(parents=True, exist_ok=True)
    bar = _bar(len(todo), progress, lang)
    end_cut_line(out)
    with open(out / MANIFEST, "a", encoding="utf-8") as manifest:
        for res in runner([p for p, _ in todo.values()]):
            bar.update(1)
            path, sha = todo[res["source"]]
            rel = str(path.relative_to(root))
            if "error" in res:
                summary.failures.append((rel, Text(res["error"], res["error_zh"])))
                continue
            rec = LabelledImage(_image_name(path, root, taken, sha), res["width"], res["height"],
                                [Box.from_json(b) for b in res["boxes"]], sha, rel)
            _store_image(path, out / "images" / rec.image)
            write_yolo_labels(rec, out / "labels")
            manifest.write(json.dumps(rec.to_json(), ensure_ascii=False) + "\n")
            manifest.flush()
            records[sha] = rec
            summary.images += 1
            summary.tiles += len(rec.boxes)
            summary.unsure += sum(b.score is not None and b.score < review_below
                                  for b in rec.boxes)
    bar.close()
    export(out)  # from the file: corrections saved on the review page meanwhile are kept
    return summary


def _line_count(path: Path) -> int:
    with open(path, "rb") as f:  # bytes: a line cut inside a character is counted too
        return sum(1 for line in f if line.strip())


def _bar(total: int, enabled: bool, lang: str):
    from tqdm import tqdm

    return tqdm(total=total, unit="photo", desc=M.text("progress", lang), file=sys.stderr,
                disable=not enabled or None, smoothing=0.1)
