"""Labelled images in memory and in the usual exchange formats: YOLO, COCO, Pascal VOC and a
Label Studio import file (predictions as pre-annotations).

Why one record (`LabelledImage`) for all of them: `mjlens label`, the review page and
`mjlens dataset convert|merge` read and write the same boxes, so a conversion is "read into
records, write from records" and YOLO -> COCO -> YOLO gives back the same text. Boxes are in
pixels of the photo as a person sees it (EXIF orientation applied), like the detector's.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

from scoring.messages import Catalog, Msg
from scoring.tiles import DETECTOR_CLASSES

IMAGE_EXTS = (".jpg", ".jpeg", ".png", ".webp", ".bmp", ".heic", ".heif")
CLASS_INDEX = {code: i for i, code in enumerate(DETECTOR_CLASSES)}
LS_FROM, LS_TO = "label", "image"  # names in the Label Studio labelling config we write


class FormatError(ValueError):
    """A labelled folder or file that cannot be read: `.msg` in the reader's words, `str()`
    the English text."""

    def __init__(self, message: Msg):
        self.msg = message
        super().__init__(str(message))


M = Catalog("label_formats", {
    "not_tile": ("{path}: category {code} is not a tile code", "{path}：类别 {code} 不是牌的代码"),
    "not_coco": ("{path} is not a COCO detection file", "{path} 不是 COCO 检测标注文件"),
    "not_voc": ("{path} is not a Pascal VOC annotation", "{path} 不是 Pascal VOC 标注文件"),
    "not_labelled": ("{path} is neither a labelled folder nor a COCO .json file",
                     "{path} 既不是标注过的文件夹，也不是 COCO 的 .json 文件"),
    "no_images": ("no images found in {root} (expected an images/ folder)",
                  "{root} 里没有图片（应有一个 images/ 文件夹）"),
    "unknown_format": ("unknown format {fmt}; use one of {formats}",
                       "没有 {fmt} 这种格式；请用 {formats} 之一"),
})


@dataclass
class Box:
    code: str
    x1: float
    y1: float
    x2: float
    y2: float
    score: float | None = None  # the detector's confidence; None once a person drew or changed it

    def to_json(self) -> dict:
        d = {"code": self.code, "box": [round(v, 2) for v in (self.x1, self.y1, self.x2, self.y2)]}
        if self.score is not None:
            d["score"] = round(self.score, 4)
        return d

    @classmethod
    def from_json(cls, d: dict) -> Box:
        return cls(d["code"], *map(float, d["box"]), score=d.get("score"))


@dataclass
class LabelledImage:
    image: str  # file name inside the dataset's images/ folder
    width: int
    height: int
    boxes: list[Box] = field(default_factory=list)
    sha256: str = ""
    source: str = ""  # where the photo came from (relative to the labelled folder)
    reviewed: bool = False

    @property
    def stem(self) -> str:
        return Path(self.image).stem

    def least_sure(self) -> float:
        """The lowest box score (1 with no scored box): the review page's sort key."""
        return min((b.score for b in self.boxes if b.score is not None), default=1.0)

    def to_json(self) -> dict:
        return {"image": self.image, "width": self.width, "height": self.height,
                "sha256": self.sha256, "source": self.source, "reviewed": self.reviewed,
                "boxes": [b.to_json() for b in self.boxes]}

    @classmethod
    def from_json(cls, d: dict) -> LabelledImage:
        return cls(d["image"], int(d["width"]), int(d["height"]),
                   [Box.from_json(b) for b in d.get("boxes", [])], d.get("sha256", ""),
                   d.get("source", ""), bool(d.get("reviewed", False)))


# -- image sizes ---------------------------------------------------------------------------------
def oriented_size(path: Path) -> tuple[int, int]:
    """(width, height) as a person sees the photo, from its header (EXIF rotation applied)."""
    from PIL import Image

    with Image.open(path) as im:
        w, h = im.size
        try:
            orient = int(im.getexif().get(0x0112, 1) or 1)
        except (OSError, ValueError, TypeError, SyntaxError):
            orient = 1
    return (h, w) if orient in (5, 6, 7, 8) else (w, h)


def list_images(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.is_file() and p.suffix.lower() in IMAGE_EXTS)


# -- YOLO ----------------------------------------------------------------------------------------
def yolo_text(rec: LabelledImage) -> str:
    lines = []
    for b in rec.boxes:
        cx, cy = (b.x1 + b.x2) / 2 / rec.width, (b.y1 + b.y2) / 2 / rec.height
        bw, bh = (b.x2 - b.x1) / rec.width, (b.y2 - b.y1) / rec.height
        lines.append(f"{CLASS_INDEX[b.code]} {cx:.6f} {cy:.6f} {bw:.6f} {bh:.6f}")
    return "".join(line + "\n" for line in lines)


def write_yolo_labels(rec: LabelledImage, labels_dir: Path) -> None:
    labels_dir.mkdir(parents=True, exist_ok=True)
    (labels_dir / f"{rec.stem}.txt").write_text(yolo_text(rec), encoding="utf-8")


def parse_yolo(text: str, codes: list[str], w: int, h: int) -> list[Box]:
    from datasets.convert_real import parse_label_line

    boxes = []
    for line in text.splitlines():
        p = parse_label_line(line)
        if p is None:
            continue
        c, x, y, bw, bh = p
        boxes.append(Box(codes[c], (x - bw / 2) * w, (y - bh / 2) * h,
                         (x + bw / 2) * w, (y + bh / 2) * h))
    return boxes


def data_yaml(root: Path) -> str:
    names = "\n".join(f"  {i}: '{c}'" for i, c in enumerate(DETECTOR_CLASSES))
    return (f"# mjlens labelled set: the 43 contract tile codes\npath: {root.resolve()}\n"
            f"train: images\nval: images\nnc: {len(DETECTOR_CLASSES)}\nnames:\n{names}\n")


def write_data_yaml(root: Path) -> None:
    (root / "data.yaml").write_text(data_yaml(root), encoding="utf-8")


def read_yolo_folder(root: Path) -> list[LabelledImage]:
    """images/ + labels/ (+ data.yaml for the class names; the 43 codes without one)."""
    from vision.detect.evaluate import EvalDataError, resolve_split

    try:
        split, codes = resolve_split(root)
    except EvalDataError as e:
        raise FormatError(e.msg) from None
    out = []
    for img in list_images(split / "images"):
        w, h = oriented_size(img)
        lab = split / "labels" / f"{img.stem}.txt"
        text = lab.read_text(encoding="utf-8") if lab.exists() else ""
        out.append(LabelledImage(img.name, w, h, parse_yolo(text, codes, w, h)))
    return out


# -- COCO ----------------------------------------------------------------------------------------
def coco_dict(records: list[LabelledImage]) -> dict:
    """COCO detection JSON; category ids are class index + 1 (0 is background to many tools);
    predicted boxes keep their `score`."""
    images, anns = [], []
    for i, rec in enumerate(records, 1):
        images.append({"id": i, "file_name": rec.image, "width": rec.width, "height": rec.height})
        for b in rec.boxes:
            w, h = b.x2 - b.x1, b.y2 - b.y1
            ann = {"id": len(anns) + 1, "image_id": i, "category_id": CLASS_INDEX[b.code] + 1,
                   "bbox": [b.x1, b.y1, w, h], "area": w * h, "iscrowd": 0}
            if b.score is not None:
                ann["score"] = b.score
            anns.append(ann)
    cats = [{"id": i + 1, "name": c, "supercategory": "tile"} for i, c in enumerate(DETECTOR_CLASSES)]
    return {"info": {"description": "mjlens labelled tiles"}, "images": images,
            "annotations": anns, "categories": cats}


def write_coco(records: list[LabelledImage], path: Path) -> None:
    path.write_text(json.dumps(coco_dict(records)), encoding="utf-8")


def read_coco(path: Path) -> list[LabelledImage]:
    from datasets.convert_real import NAME_TO_CODE

    try:
        d = json.loads(path.read_text(encoding="utf-8"))
        cats = {c["id"]: NAME_TO_CODE.get(c["name"], c["name"]) for c in d["categories"]}
        recs = {im["id"]: LabelledImage(Path(im["file_name"]).name, int(im["width"]),
                                        int(im["height"])) for im in d["images"]}
        for a in d.get("annotations", []):
            code = cats[a["category_id"]]
            if code not in CLASS_INDEX:
                raise FormatError(M("not_tile", path=str(path), code=repr(code)))
            x, y, w, h = map(float, a["bbox"])
            recs[a["image_id"]].boxes.append(Box(code, x, y, x + w, y + h, a.get("score")))
    except (json.JSONDecodeError, KeyError, TypeError, ValueError) as e:
        if isinstance(e, FormatError):
            raise
        raise FormatError(M("not_coco", path=str(path))) from None
    return list(recs.values())


# -- Pascal VOC ----------------------------------------------------------------------------------
def voc_xml(rec: LabelledImage) -> str:
    """One VOC annotation; corners are whole pixels, 1-based as in the VOC devkit."""
    root = ET.Element("annotation")
    ET.SubElement(root, "folder").text = "images"
    ET.SubElement(root, "filename").text = rec.image
    size = ET.SubElement(root, "size")
    for k, v in (("width", rec.width), ("height", rec.height), ("depth", 3)):
        ET.SubElement(size, k).text = str(v)
    for b in rec.boxes:
        obj = ET.SubElement(root, "object")
        ET.SubElement(obj, "name").text = b.code
        ET.SubElement(obj, "difficult").text = "0"
        bb = ET.SubElement(obj, "bndbox")
        for k, v in (("xmin", b.x1 + 1), ("ymin", b.y1 + 1), ("xmax", b.x2), ("ymax", b.y2)):
            ET.SubElement(bb, k).text = str(round(v))
    ET.indent(root)
    return ET.tostring(root, encoding="unicode") + "\n"


def read_voc(path: Path) -> LabelledImage:
    try:
        root = ET.parse(path).getroot()
        size = root.find("size")
        rec = LabelledImage(root.findtext("filename"), int(size.findtext("width")),
                            int(size.findtext("height")))
        for obj in root.iter("object"):
            bb = obj.find("bndbox")
            x1, y1, x2, y2 = (float(bb.findtext(k)) for k in ("xmin", "ymin", "xmax", "ymax"))
            rec.boxes.append(Box(obj.findtext("name"), x1 - 1, y1 - 1, x2, y2))
    except (ET.ParseError, AttributeError, TypeError, ValueError):
        raise FormatError(M("not_voc", path=str(path))) from None
    return rec


# -- Label Studio --------------------------------------------------------------------------------
def label_studio_tasks(records: list[LabelledImage], image_url: str, model_version: str) -> list:
    """Tasks in Label Studio's JSON import format with `predictions` (pre-annotations): boxes in
    percent of the original size, each result and prediction with the model's score."""
    tasks = []
    for rec in records:
        results = []
        for k, b in enumerate(rec.boxes):
            r = {"id": f"{rec.stem}-{k}", "type": "rectanglelabels", "from_name": LS_FROM,
                 "to_name": LS_TO, "original_width": rec.width, "original_height": rec.height,
                 "image_rotation": 0,
                 "value": {"rotation": 0, "x": 100 * b.x1 / rec.width,
                           "y": 100 * b.y1 / rec.height,
                           "width": 100 * (b.x2 - b.x1) / rec.width,
                           "height": 100 * (b.y2 - b.y1) / rec.height,
                           "rectanglelabels": [b.code]}}
            if b.score is not None:
                r["score"] = b.score
            results.append(r)
        scores = [b.score for b in rec.boxes if b.score is not None]
        tasks.append({"data": {LS_TO: image_url.rstrip("/") + "/" + rec.image},
                      "predictions": [{"model_version": model_version,
                                       "score": min(scores) if scores else 1.0,
                                       "result": results}]})
    return tasks


def label_studio_config() -> str:
    """The labelling config whose names the import file uses (paste into the project's
    Labeling Interface)."""
    labels = "\n".join(f'    <Label value="{c}"/>' for c in DETECTOR_CLASSES)
    return (f'<View>\n  <Image name="{LS_TO}" value="${LS_TO}"/>\n'
            f'  <RectangleLabels name="{LS_FROM}" toName="{LS_TO}">\n{labels}\n'
            f"  </RectangleLabels>\n</View>\n")


def write_label_studio(records: list[LabelledImage], out: Path, image_url: str,
                       model_version: str) -> None:
    tasks = label_studio_tasks(records, image_url, model_version)
    (out / "label_studio.json").write_text(json.dumps(tasks), encoding="utf-8")
    (out / "label_studio_config.xml").write_text(label_studio_config(), encoding="utf-8")
