"""Tile detector: a class-agnostic YOLO finds tiles, a small CNN names each crop (43 classes).

Runs on onnxruntime + OpenCV + numpy only. Boxes are in pixels of the photo as a person sees it
(EXIF orientation applied). When the tiles come out small in the first pass (a hand far away in a
big photo), the hand region is cut out of the full-resolution image and detected again.

    det = TileDetector()                 # models shipped in models/
    for d in det.detect("hand.jpg"): print(d.code, d.box, d.confidence)
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from scoring.messages import Catalog, Msg
from scoring.tiles import DETECTOR_CLASSES
from vision.detect.boxes import letterbox, median_shape, nms
from vision.detect.game_tiles import keep_to_tiles
from vision.detect.imageio import ImageReadError, LoadedImage, load_image
from vision.detect.one_set import fit_to_one_set
from vision.detect.red_five import mark_red_fives
from vision.detect.windows import FINER_GAIN, FINER_GRIDS, merge, needs_finer, still_weak, windows

__all__ = ["Detection", "TileDetector", "ImageReadError", "ModelError", "default_model_dir",
           "load_detector"]

# Names the crop classifier sees around each box (see training/train_classifier.py).
CROP_MARGIN = 0.07
CROP_SIZE = 64
SECOND_LOOK = 0.9  # crops less sure than this are classified upside down as well
# Photos squashed into a square (dataset exports resize wide or tall shots to 640x640 without
# keeping the aspect) show tiles up to 16 times too thin or too flat, which the box stage cannot
# see. A square photo whose first pass finds fewer than STRETCH_BELOW tiles (a hand has 13 or
# more), or tiles STRETCH_SHAPE times longer than wide (a tile is about 4:3), is also tried
# squeezed back by each factor below along either axis. The STRETCH_SHORTLIST readings (the
# photo's own among them) whose boxes are surest on average are then named by the classifier,
# and the one whose tiles both stages are surest of is kept: a squeeze that cuts tiles in two or
# merges them still finds confident boxes, but not crops that look like tiles. The factors
# halfway to the kept one's grid neighbours are tried the same way.
STRETCH_BELOW = 13
STRETCH_SHAPE = 2.5
STRETCH_STEP = 1.15 ** 2
STRETCHES = tuple(1.15 * STRETCH_STEP ** k for k in range(11))  # 1.15 .. 18.8
STRETCH_SHORTLIST = 4
# A tile filling the frame (a close-up of one or two tiles) is larger than any the box stage
# was trained on: it finds no box or boxes on parts of the face. A photo whose pass finds fewer
# than CLOSE_UP_BELOW sure tiles is also read set in a frame CLOSE_UP_PAD times its size on each
# side (its edges stretched out), where the tiles look the size of a hand's, and the reading
# whose tiles both stages are surer of is kept (real single tiles: none -> 57-68% found whole,
# models/MODEL_CARD.md "Close-ups").
CLOSE_UP_BELOW = 3
CLOSE_UP_PAD = 1.0
# A classifier trained with "not a tile" crops has a 44th output; boxes it finds more likely
# empty (a slot in a rack, felt beside a row) than any tile are dropped.
NOT_A_TILE = 0.5
# The classifier's second output (training/add_embedding.py): its penultimate features,
# L2-normalised, compared with a tile-set profile's prototypes (vision/detect/profile.py).
EMBEDDING = "embedding"
TURNS = (0, 2, 1, 3)  # quarter turns a profile's example crops are embedded at


class ModelError(RuntimeError):
    """The model files are missing or not loadable. Carries a `Msg` (`.msg`) for the reader;
    `str()` is the English text."""

    def __init__(self, message: Msg):
        self.msg = message
        super().__init__(str(message))


M = Catalog("model", {
    "missing": ("model file {path} not found", "找不到模型文件 {path}"),
    "not_loadable": ("model file {path} could not be loaded (damaged, or made for another "
                     "version)", "模型文件 {path} 无法加载（已损坏，或是为其他版本制作的）"),
    "no_embedding": ("{path} has no '{name}' output (python -m training.add_embedding adds it)",
                     "{path} 没有 '{name}' 输出（可用 python -m training.add_embedding 加上）"),
})


def default_model_dir() -> Path:
    """The models inside the installed package (a built wheel ships them in vision/models, see
    setup.py), else the repository's top-level models/."""
    vision_dir = Path(__file__).resolve().parent.parent
    packaged = vision_dir / "models"
    return packaged if (packaged / "detector.onnx").exists() else vision_dir.parent / "models"


@dataclass
class Detection:
    code: str
    box: tuple[float, float, float, float]  # x1, y1, x2, y2 in oriented full-size pixels
    confidence: float  # detector score x classifier probability of `code`
    box_score: float = 1.0  # detector score that a tile is there
    probs: np.ndarray | None = field(default=None, repr=False)  # 43 class probabilities
    red: bool = False  # a five printed red (riichi's aka dora), vision/detect/red_five.py
    # read with a tile-set profile: close to none of the player's tiles and to no sure class
    uncertain: bool = False

    def top(self, k: int = 3) -> list[tuple[str, float]]:
        """The k most likely codes with their probabilities."""
        if self.probs is None:
            return [(self.code, self.confidence)]
        idx = np.argsort(-self.probs)[:k]
        return [(DETECTOR_CLASSES[i], float(self.probs[i])) for i in idx]

    def to_json(self, alternatives: int = 0) -> dict:
        d = {"code": self.code, "box": [round(float(v), 1) for v in self.box],
             "confidence": round(float(self.confidence), 4)}
        if alternatives:
            d["alternatives"] = [{"code": c, "p": round(p, 4)} for c, p in self.top(alternatives)]
        if self.red:  # only on a red five, so every other tile's JSON stays as it was
            d["red"] = True
        if self.uncertain:  # only a profile's reading sets it
            d["uncertain"] = True
        return d


_LOADED: dict[tuple[str, float | None], TileDetector] = {}
_LOADING = threading.Lock()
MODEL_DIR_VARIABLE = "MJLENS_MODEL_DIR"


def load_detector(model: str | Path | None = None, conf: float | None = None, *,
                  threads: int | None = None) -> TileDetector:
    """The detector of `model` (a folder with detector.onnx and classifier.onnx, or a detector
    .onnx with classifier.onnx beside it; by default the folder in $MJLENS_MODEL_DIR, else the
    shipped models), loaded once per process and shared by the CLI, the app's sessions and the
    tools. A failure (ModelError) is not kept, so a model added later is found.

    With `threads`, a detector of its own whose onnxruntime sessions run on that many threads
    (one per worker of a process pool): built on each call, never the shared one."""
    model = model or os.environ.get(MODEL_DIR_VARIABLE) or None
    if threads is not None:
        return _construct(Path(model) if model else None, conf, threads)
    key = (str(Path(model).resolve()) if model else "", conf)
    with _LOADING:
        if key not in _LOADED:
            _LOADED[key] = _construct(Path(model) if model else None, conf)
        return _LOADED[key]


def _construct(model: Path | None, conf: float | None, threads: int | None = None) -> TileDetector:
    kw: dict = {"threads": threads} if conf is None else {"conf": conf, "threads": threads}
    if model is None:
        return TileDetector(**kw)
    if model.is_dir() or not model.suffix:
        return TileDetector(model, **kw)
    return TileDetector(detector=model, classifier=model.parent / "classifier.onnx", **kw)


def _session(path: Path, threads: int | None = None):
    """An onnxruntime session of one model; `threads` bounds its thread pools (None: the
    runtime's default, one thread per core)."""
    import onnxruntime as ort

    if not path.exists():
        raise ModelError(M("missing", path=str(path)))
    opts = ort.SessionOptions()
    opts.log_severity_level = 3
    if threads is not None:
        opts.intra_op_num_threads = opts.inter_op_num_threads = threads
    try:
        return ort.InferenceSession(str(path), opts, providers=["CPUExecutionProvider"])
    except (OSError, *_ort_load_errors()):
        raise ModelError(M("not_loadable", path=str(path))) from None


def _ort_load_errors() -> tuple[type[BaseException], ...]:
    """The exception types onnxruntime raises for a model it cannot load (its own classes,
    which derive from Exception directly; which exist depends on the version)."""
    from onnxruntime.capi import onnxruntime_pybind11_state as state

    names = ("Fail", "InvalidArgument", "InvalidGraph", "InvalidProtobuf", "NoModel",
             "NoSuchFile", "NotFound", "NotImplemented", "RuntimeException")
    return tuple(getattr(state, n) for n in names if isinstance(getattr(state, n, None), type))


def split_not_tile(probs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(the 43 tile probabilities, the "not a tile" probability) of `classify`'s rows; the
    latter is 0 for a classifier without that output."""
    n = len(DETECTOR_CLASSES)
    if probs.shape[1] > n:
        return probs[:, :n], probs[:, n]
    return probs, np.zeros(len(probs))


def _softmax(z: np.ndarray) -> np.ndarray:
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def _detections(boxes, scores, probs, not_tile) -> list[Detection]:
    """One Detection per box the classifier does not find more likely empty than a tile; its
    43 probabilities are renormalised without the "not a tile" share."""
    dets = []
    for b, s, p, empty in zip(boxes, scores, probs, not_tile, strict=True):
        if empty >= NOT_A_TILE:
            continue
        k = int(p.argmax())
        dets.append(Detection(code=DETECTOR_CLASSES[k], box=tuple(float(v) for v in b),
                              confidence=float(s * p[k]), box_score=float(s),
                              probs=p / max(1.0 - empty, 1e-9)))
    return dets


class TileDetector:
    """Both ONNX models, loaded once. Safe to share between threads: photos are detected one at
    a time (the ONNX sessions are not run concurrently)."""

    finer = True  # the window pass for small tiles in big photos (off: its benchmark's baseline)

    def __init__(self, model_dir: str | Path | None = None, *, detector: str | Path | None = None,
                 classifier: str | Path | None = None, imgsz: int | None = None,
                 conf: float = 0.3, iou: float = 0.4, small_tile: float = 28.0,
                 one_set: bool = True, threads: int | None = None):
        d = Path(model_dir) if model_dir else default_model_dir()
        self.det_path = Path(detector) if detector else d / "detector.onnx"
        self.cls_path = Path(classifier) if classifier else d / "classifier.onnx"
        self.det = _session(self.det_path, threads)
        self.cls = _session(self.cls_path, threads)
        self.det_input = self.det.get_inputs()[0].name
        self.cls_input = self.cls.get_inputs()[0].name
        meta = self.det.get_modelmeta().custom_metadata_map
        shape = self.det.get_inputs()[0].shape
        self.imgsz = imgsz or (shape[2] if isinstance(shape[2], int) else
                               int(eval(meta.get("imgsz", "[640]"))[0]))  # noqa: S307
        self.conf, self.iou, self.small_tile = conf, iou, small_tile
        # Boxes down to `keep_conf` are returned (for evaluation rankings); `conf` is the
        # operating threshold used for every decision (zooming in, what the CLI shows).
        self.keep_conf = conf
        self.one_set = one_set  # the photo shows one set: see vision/detect/one_set.py
        self._running = threading.Lock()
        self._version: str | None = None

    # -- stage 1: class-agnostic boxes -------------------------------------------------------
    def _boxes(self, images: list[np.ndarray]) -> list[tuple[np.ndarray, np.ndarray]]:
        """Per image: (boxes [N,4] in that image's pixels, scores [N])."""
        if not images:
            return []
        metas, batch = [], []
        for img in images:
            canvas, r, dx, dy = letterbox(img, self.imgsz)
            batch.append(canvas[:, :, ::-1].transpose(2, 0, 1))  # BGR -> RGB, CHW
            metas.append((r, dx, dy, img.shape[1], img.shape[0]))
        x = np.ascontiguousarray(np.stack(batch), dtype=np.float32) / 255.0
        out = self.det.run(None, {self.det_input: x})[0]  # [B, 4 + nc, A]
        results = []
        for pred, (r, dx, dy, w, h) in zip(out, metas, strict=True):
            scores = pred[4:].max(axis=0)
            keep = scores >= min(self.conf, self.keep_conf)
            cx, cy, bw, bh = pred[:4, keep]
            s = scores[keep]
            boxes = np.stack([cx - bw / 2, cy - bh / 2, cx + bw / 2, cy + bh / 2], 1)
            if len(s):
                k = nms(boxes, s, self.iou)
                boxes, s = boxes[k], s[k]
            boxes = (boxes - [dx, dy, dx, dy]) / r
            boxes[:, [0, 2]] = boxes[:, [0, 2]].clip(0, w)
            boxes[:, [1, 3]] = boxes[:, [1, 3]].clip(0, h)
            ok = (boxes[:, 2] - boxes[:, 0] > 1) & (boxes[:, 3] - boxes[:, 1] > 1)
            results.append((boxes[ok], s[ok]))
        return results

    def _refine(self, img: np.ndarray, boxes: np.ndarray, scores: np.ndarray):
        """Detect again on the hand region when tiles were small in the letterboxed view."""
        sure = scores >= self.conf
        if not sure.any():
            return boxes, scores
        h, w = img.shape[:2]
        r = self.imgsz / max(w, h)
        sb = boxes[sure]
        side = np.median(np.minimum(sb[:, 2] - sb[:, 0], sb[:, 3] - sb[:, 1])) * r
        if side >= self.small_tile:
            return boxes, scores
        x1, y1 = sb[:, :2].min(0)
        x2, y2 = sb[:, 2:].max(0)
        mw, mh = (x2 - x1) * 0.1 + 8 / r, (y2 - y1) * 0.1 + 8 / r
        x1, y1 = int(max(0, x1 - mw)), int(max(0, y1 - mh))
        x2, y2 = int(min(w, x2 + mw)), int(min(h, y2 + mh))
        if (x2 - x1) * (y2 - y1) > 0.6 * w * h:
            return boxes, scores  # the tiles already fill the photo: nothing to zoom into
        (b2, s2), = self._boxes([img[y1:y2, x1:x2]])
        if not len(b2):
            return boxes, scores
        return b2 + [x1, y1, x1, y1], s2

    def _unstretch(self, img: np.ndarray, boxes: np.ndarray, scores: np.ndarray):
        """(image the tiles look right in, its x and y scale) for a photo squashed by export."""
        h, w = img.shape[:2]
        sure = scores >= self.conf
        if abs(w - h) > 0.02 * max(w, h) or (
                sure.sum() >= STRETCH_BELOW and median_shape(boxes[sure]) <= STRETCH_SHAPE):
            return img, 1.0, 1.0  # exports squash into a square; a camera's photo never is
        import cv2

        r = min(1.0, 2 * self.imgsz / max(w, h))  # search on a copy of at most 2x the input
        probe = cv2.resize(img, (round(w * r), round(h * r)), interpolation=cv2.INTER_AREA)

        def squeezed(factors: list[tuple[float, float]]):
            """(pixels, factor, sure boxes, their scores) of the probe squeezed by each factor."""
            pixels = [cv2.resize(probe, None, fx=fx, fy=fy, interpolation=cv2.INTER_AREA)
                      for fx, fy in factors]
            out = []
            for px, f, (b, s) in zip(pixels, factors, self._boxes(pixels), strict=True):
                keep = s >= self.conf
                out.append((px, f, b[keep], s[keep]))
            return out

        def sureness(reading) -> float:
            """Mean of box score x class probability: how sure both stages are of the tiles."""
            pixels, _, b, s = reading
            probs, _ = split_not_tile(self.classify(pixels, b))
            return float((s * probs.max(axis=1)).mean())

        readings = [(img, (1.0, 1.0), boxes[sure], scores[sure])]
        readings += squeezed([f for k in STRETCHES for f in ((1 / k, 1.0), (1.0, 1 / k))])
        readings = [x for x in readings if len(x[3]) >= 3]  # a hand shows at least three tiles
        readings.sort(key=lambda x: -float(x[3].mean()))
        # a tie keeps the reading with the surer boxes; the photo's own comes first among
        # equal box scores (the sort is stable)
        best, pick = 0.0, (1.0, 1.0)
        for x in readings[:STRETCH_SHORTLIST]:
            if (v := sureness(x)) > best:
                best, pick = v, x[1]
        if pick != (1.0, 1.0):  # then halfway to its neighbours on the grid
            fx, fy = pick
            steps = (STRETCH_STEP ** 0.5, STRETCH_STEP ** -0.5)
            for x in squeezed([(min(1.0, fx * k) if fx < 1 else 1.0,
                                min(1.0, fy * k) if fy < 1 else 1.0) for k in steps]):
                if len(x[3]) >= 3 and (v := sureness(x)) > best:
                    best, pick = v, x[1]
        if pick == (1.0, 1.0):
            return img, 1.0, 1.0
        nw, nh = max(8, round(w * pick[0])), max(8, round(h * pick[1]))
        return cv2.resize(img, (nw, nh), interpolation=cv2.INTER_AREA), nw / w, nh / h

    def _close_up(self, img: np.ndarray, boxes: np.ndarray, scores: np.ndarray):
        """The boxes of `img` read again in a wider frame when it shows fewer than
        CLOSE_UP_BELOW sure tiles (see CLOSE_UP_BELOW), if both stages are surer of them."""
        sure = scores >= self.conf
        if sure.sum() >= CLOSE_UP_BELOW:
            return boxes, scores
        import cv2

        h, w = img.shape[:2]
        py, px = round(h * CLOSE_UP_PAD), round(w * CLOSE_UP_PAD)
        ground = [int(v) for v in np.median(img.reshape(-1, 3), axis=0)]
        framed = cv2.copyMakeBorder(img, py, py, px, px, cv2.BORDER_CONSTANT, value=ground)
        (b2, s2), = self._boxes([framed])
        b2 = b2 - [px, py, px, py]
        b2[:, [0, 2]] = b2[:, [0, 2]].clip(0, w)
        b2[:, [1, 3]] = b2[:, [1, 3]].clip(0, h)
        ok = (b2[:, 2] - b2[:, 0] > 1) & (b2[:, 3] - b2[:, 1] > 1)
        b2, s2 = b2[ok], s2[ok]
        if not (s2 >= self.conf).any():
            return boxes, scores

        def sureness(b, s) -> float:
            """Mean of box score x class probability over the sure boxes (0 for none)."""
            keep = s >= self.conf
            if not keep.any():
                return 0.0
            probs, _ = split_not_tile(self.classify(img, b[keep]))
            return float((s[keep] * probs.max(axis=1)).mean())

        return (b2, s2) if sureness(b2, s2) > sureness(boxes, scores) else (boxes, scores)

    def _finer(self, img: np.ndarray, boxes: np.ndarray, scores: np.ndarray):
        """A big photo whose first pass found too few tiles (`needs_finer`), read again in
        overlapping windows (vision/detect/windows.py): the reading with more tiles both stages
        are sure of is kept, this one (zoomed or framed already) or the windows'."""
        best, worth = (boxes, scores), self._sure_tiles(img, boxes, scores)
        for n in FINER_GRIDS:
            wins = windows(img.shape, n)
            b, s = merge(img.shape, wins, self._boxes([img[y1:y2, x1:x2]
                                                       for x1, y1, x2, y2 in wins]))
            if len(s):
                k = nms(b, s, self.iou)
                b, s = b[k], s[k]
            # zoomed into the tiles' region too, which is finer still when they lie together
            tries = [(b, s)]
            if (zoomed := self._refine(img, b, s))[0] is not b:
                tries.append(zoomed)
            v, i = max((self._sure_tiles(img, *t), -i) for i, t in enumerate(tries))
            if v <= FINER_GAIN * worth:
                break  # a finer grid no longer finds more
            best, worth = tries[-i], v
        return best

    def _sure_tiles(self, img: np.ndarray, boxes: np.ndarray, scores: np.ndarray) -> float:
        """How many tiles both stages are sure of: box score x class probability x (1 - "not a
        tile"), summed over the sure boxes."""
        keep = scores >= self.conf
        if not keep.any():
            return 0.0
        probs, empty = split_not_tile(self.classify(img, boxes[keep]))
        return float((scores[keep] * probs.max(axis=1) * (1.0 - empty)).sum())

    # -- stage 2: name each crop -------------------------------------------------------------
    def classify(self, img: np.ndarray, boxes: np.ndarray, batch: int = 256,
                 embed: bool = False):
        """Class probabilities [N, 43] for boxes (pixels of `img`), or [N, 44] whose last column
        is "not a tile" when the classifier has that output. With `embed`, (probabilities, the
        classifier's embeddings [N, D] of the crops as seen) for a tile-set profile.

        Crops are made the way training saw them (`crops_of`). Each crop is also read upside
        down (a tile turned 180 degrees is the same tile) when its best class is below
        SECOND_LOOK, and the two probability vectors averaged, which removes another ~15%
        (reading every crop twice changed nothing more).
        """
        if not len(boxes):
            p = np.zeros((0, self.cls.get_outputs()[0].shape[1]), np.float32)
            return (p, np.zeros((0, self.embedding_size), np.float32)) if embed else p
        x = self.crops_of(img, boxes).transpose(0, 3, 1, 2).astype(np.float32) / 255.0
        if embed:
            p, e = self._forward(x, batch, embed=True)
        else:
            p = self._probs(x, batch)
        unsure = np.flatnonzero(p.max(axis=1) < SECOND_LOOK)
        if len(unsure):  # read the doubtful ones turned 180 degrees too
            p[unsure] = (p[unsure] + self._probs(x[unsure, :, ::-1, ::-1], batch)) / 2
        return (p, e) if embed else p

    def crops_of(self, img: np.ndarray, boxes: np.ndarray) -> np.ndarray:
        """The classifier's crops [N, 64, 64, 3] (BGR uint8) of boxes in `img`'s pixels, cut the
        way training saw them (`datasets.crops.cut` at STORE px with CONTEXT margin, then the
        central window resampled bilinearly to 64 px): a one-step resize gave 15% more naming
        errors."""
        import cv2

        from datasets.crops import CONTEXT, STORE, cut

        # grid_sample(align_corners=False) of the central window, as cv2 inverse map
        f = (1 + 2 * CROP_MARGIN) / (1 + 2 * CONTEXT)
        a = f * STORE / CROP_SIZE
        b = ((f * (1 / CROP_SIZE - 1) + 1) * STORE - 1) / 2
        inner = np.array([[a, 0, b], [0, a, b]], np.float32)
        crops = np.empty((len(boxes), CROP_SIZE, CROP_SIZE, 3), np.uint8)
        for i, box in enumerate(boxes):
            crops[i] = cv2.warpAffine(cut(img, box), inner, (CROP_SIZE, CROP_SIZE),
                                      flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                                      borderMode=cv2.BORDER_REPLICATE)
        return crops

    def embed_crops(self, crops: np.ndarray, batch: int = 256) -> tuple[np.ndarray, np.ndarray]:
        """(probabilities [N, 43 or 44] as seen, embeddings [N, 4, D]) of crops as `crops_of`
        makes them: each as seen, turned 180 degrees and turned a quarter either way (a tile
        may lie either way up, or sideways in a claimed meld)."""
        if not len(crops):
            return (np.zeros((0, self.cls.get_outputs()[0].shape[1]), np.float32),
                    np.zeros((0, len(TURNS), self.embedding_size), np.float32))
        x = np.asarray(crops).transpose(0, 3, 1, 2).astype(np.float32) / 255.0
        probs, out = None, []
        for k in TURNS:
            p, e = self._forward(np.rot90(x, k, axes=(2, 3)), batch, embed=True)
            probs = p if probs is None else probs
            out.append(e)
        return probs, np.stack(out, axis=1)

    @property
    def embedding_size(self) -> int:
        """Length of the classifier's `embedding` output (0 for a classifier without one)."""
        out = [o for o in self.cls.get_outputs() if o.name == EMBEDDING]
        return int(out[0].shape[1]) if out else 0

    @property
    def classifier_version(self) -> str:
        """The classifier file's identity (first 16 hex digits of its SHA-256): a profile's
        embeddings belong to exactly one classifier."""
        if self._version is None:
            import hashlib

            self._version = hashlib.sha256(self.cls_path.read_bytes()).hexdigest()[:16]
        return self._version

    def _probs(self, x: np.ndarray, batch: int) -> np.ndarray:
        x = np.ascontiguousarray(x)
        names = [self.cls.get_outputs()[0].name]
        return _softmax(np.concatenate([self.cls.run(names, {self.cls_input: x[i:i + batch]})[0]
                                        for i in range(0, len(x), batch)]))

    def _forward(self, x: np.ndarray, batch: int, embed: bool = False):
        """Probabilities, and with `embed` also the embeddings, of a float crop batch."""
        if not embed:
            return self._probs(x, batch)
        if not self.embedding_size:
            raise ModelError(M("no_embedding", path=str(self.cls_path), name=EMBEDDING))
        x = np.ascontiguousarray(x)
        names = [self.cls.get_outputs()[0].name, EMBEDDING]
        runs = [self.cls.run(names, {self.cls_input: x[i:i + batch]})
                for i in range(0, len(x), batch)]
        return (_softmax(np.concatenate([r[0] for r in runs])),
                np.concatenate([r[1] for r in runs]).astype(np.float32))

    # -- public ------------------------------------------------------------------------------
    def detect_loaded(self, images: list[LoadedImage], profile=None) -> list[list[Detection]]:
        """Detections for already loaded images, one list per image, left to right. With
        `profile` (a vision.detect.profile.ProfileReader) each crop is also compared with the
        player's own tiles (see that module); without one the reading is the classifier's."""
        with self._running:
            return self._detect_loaded(images, profile)

    def _detect_loaded(self, images: list[LoadedImage], profile=None) -> list[list[Detection]]:
        firsts = self._boxes([im.pixels for im in images]) if images else []
        results = []
        for im, (boxes, scores) in zip(images, firsts, strict=True):
            pixels, sx, sy = self._unstretch(im.pixels, boxes, scores)
            if pixels is not im.pixels:
                (boxes, scores), = self._boxes([pixels])
            first = boxes, scores
            boxes, scores = self._refine(pixels, boxes, scores)
            boxes, scores = self._close_up(pixels, boxes, scores)
            if self.finer and needs_finer(pixels.shape, *first, self.imgsz, self.conf,
                                          self.small_tile) \
                    and still_weak(first, (boxes, scores), self.conf):
                boxes, scores = self._finer(pixels, boxes, scores)
            full = boxes / [sx, sy, sx, sy] / im.scale
            if profile is None:
                probs, not_tile = split_not_tile(self.classify(pixels, boxes))
                dets = _detections(full, scores, probs, not_tile)
            else:
                dets = profile.read(full, scores, *self.classify(pixels, boxes, embed=True))
                dets = keep_to_tiles(dets, profile.game_tiles, img=im.pixels, scale=im.scale,
                                     min_score=self.conf)
            if self.one_set:
                dets = fit_to_one_set(dets, self.conf)
            mark_red_fives(im.pixels, dets, im.scale,
                           profile.red_fives if profile is not None else ())
            dets.sort(key=lambda d: d.box[0] + d.box[2])  # left to right
            results.append(dets)
        return results

    def read_boxes(self, img: np.ndarray, boxes, profile=None, scores=None) -> list[Detection]:
        """Detections of given boxes (pixels of the BGR array `img`), each box kept: the crops
        named as `detect` names them (with `profile`, by the player's own tiles too), the
        one-set step applied; for boxes a person drew or a benchmark's true boxes."""
        boxes = np.asarray(boxes, float).reshape(-1, 4)
        scores = np.ones(len(boxes)) if scores is None else np.asarray(scores, float)
        with self._running:
            if profile is None:
                probs, empty = split_not_tile(self.classify(img, boxes))
                dets = _detections(boxes, scores, probs, np.zeros_like(empty))
            else:
                probs, emb = self.classify(img, boxes, embed=True)
                tile, _ = split_not_tile(probs)
                dets = profile.read(boxes, scores, tile, emb)
                dets = keep_to_tiles(dets, profile.game_tiles, img=img, min_score=self.conf)
        return fit_to_one_set(dets, self.conf) if self.one_set else dets

    def detect(self, source: str | Path | bytes | np.ndarray, profile=None) -> list[Detection]:
        """Detections in one photo (path, encoded bytes, or a BGR array)."""
        if isinstance(source, np.ndarray):
            im = LoadedImage(source, source.shape[1], source.shape[0], 1.0)
        else:
            im = load_image(source)
        return self.detect_loaded([im], profile)[0]

    def detect_many(self, sources, batch: int = 4, profile=None):
        """Yields (source, LoadedImage | None, detections | ImageReadError) in input order."""
        pending: list[tuple[object, LoadedImage]] = []

        def flush():
            out = self.detect_loaded([im for _, im in pending], profile)
            for (src, im), dets in zip(pending, out, strict=True):
                yield src, im, dets
            pending.clear()

        for src in sources:
            try:
                im = load_image(src)
            except ImageReadError as e:
                yield from flush()
                yield src, None, e
                continue
            pending.append((src, im))
            if len(pending) >= batch:
                yield from flush()
        yield from flush()
