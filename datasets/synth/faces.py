"""Tile face sprites for the synthetic scenes, from several sources so the detector learns many styles.

* ``svg``: the public-domain drawn faces of the PyPI package ``pymdownx-mahjong`` (Japanese style
  art, ``light`` on an ivory face, ``dark`` on a dark face), rendered with ``resvg-py``. Its
  ``5z.svg`` is empty, so the white dragon is drawn here as a blue frame or left blank.
* ``drawn-a`` / ``drawn-b``: faces drawn from a font and simple shapes (datasets/synth/drawn.py);
  ``drawn-b`` is the held-out art, never used in training. ``drawn-a``'s flowers and seasons
  stand in for the photo crops' wherever a scene has no crops (the SVG set has none), so every
  hand can hold flowers and scenes rendered without crops are the same on every machine.
* ``red-<style>``: riichi-style red fives of a style, filed under 5m / 5p / 5s (a red five is
  read as the five); used only by scenes made with a ``style`` (generate.py).
* ``kde-default`` / ``kde-classic`` / ``kde-traditional``: the KDE mahjongg tilesets
  (datasets/synth/tilesets.py), read at run time only when a caller passes their folder;
  ``kde-traditional`` is held out (``style="held-out-set"``), never used in training.
* ``crop``: real photographed Chinese-style faces in ``../shared/data/tile-crops``, read at run
  time (only when a caller passes the folder) and never copied into the repository.

Faces are stored as ``FACE_W x FACE_H`` RGB arrays (BGR channel order, as OpenCV uses) in a
git-ignored cache (``data/cache/``) and turned into RGBA mip levels with rounded corners and a
soft bevel once per process, so per-image work is only warping small sprites.
"""

from __future__ import annotations

import csv
import functools
import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from datasets.crops import TILE_CROP_CODES
from datasets.synth.drawn import render_drawn_faces
from scoring.tiles import TILE_CODES

FACE_W, FACE_H = 150, 200
CACHE_VERSION = 5  # 5: the font arts (drawn.font_arts)
REPO_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_CROPS = REPO_ROOT.parent / "shared" / "data" / "tile-crops"
DEFAULT_CACHE = REPO_ROOT / "data" / "cache"

@dataclass
class FaceLibrary:
    """Face images per source and code. ``faces[source][code]`` is a list of HxWx3 uint8 arrays."""

    faces: dict[str, dict[str, list[np.ndarray]]]
    _levels: dict[tuple[str, str, int], list[np.ndarray]] = field(default_factory=dict, repr=False)

    def has(self, source: str, code: str) -> bool:
        return bool(self.faces.get(source, {}).get(code))

    def count(self, source: str, code: str) -> int:
        return len(self.faces.get(source, {}).get(code, []))

    def levels(self, source: str, code: str, variant: int) -> list[np.ndarray]:
        """RGBA mip levels (full, 1/2, 1/4, 1/8) of one face, with rounded corners and bevel."""
        key = (source, code, variant)
        lv = self._levels.get(key)
        if lv is None:
            lv = make_levels(self.faces[source][code][variant])
            self._levels[key] = lv
        return lv


@functools.lru_cache(maxsize=16)
def _rounded_alpha(w: int, h: int, radius: float) -> np.ndarray:
    """Anti-aliased rounded-rectangle coverage in [0, 1]."""
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    xs += 0.5
    ys += 0.5
    dx = np.maximum(np.maximum(radius - xs, xs - (w - radius)), 0)
    dy = np.maximum(np.maximum(radius - ys, ys - (h - radius)), 0)
    d = np.sqrt(dx * dx + dy * dy)
    return np.clip(radius - d + 0.5, 0, 1)


@functools.lru_cache(maxsize=16)
def _bevel(w: int, h: int, width: float) -> np.ndarray:
    """Brightness factor darkening the rim of a face, so touching tiles keep a visible seam."""
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    d = np.minimum(np.minimum(xs + 0.5, w - xs - 0.5), np.minimum(ys + 0.5, h - ys - 0.5))
    t = np.clip(d / max(width, 1e-3), 0, 1)
    return 0.72 + 0.28 * np.sqrt(t)


def make_levels(face: np.ndarray) -> list[np.ndarray]:
    """Full-size RGBA sprite plus three half-size steps (cheap mip-mapping against aliasing)."""
    import cv2

    h, w = face.shape[:2]
    alpha = _rounded_alpha(w, h, 0.09 * w)
    shade = _bevel(w, h, 0.05 * w)
    rgb = np.clip(face.astype(np.float32) * shade[..., None], 0, 255)
    rgba = np.dstack([rgb, alpha * 255]).astype(np.uint8)
    out = [rgba]
    for _ in range(3):
        prev = out[-1]
        out.append(cv2.resize(prev, (max(prev.shape[1] // 2, 4), max(prev.shape[0] // 2, 4)),
                              interpolation=cv2.INTER_AREA))
    return out


# ---------------------------------------------------------------------------- SVG faces
def _svg_dir() -> Path:
    import pymdownx_mahjong

    return Path(pymdownx_mahjong.__file__).resolve().parent / "assets"


def _white_dragon(face_bgr: tuple[int, int, int], frame: bool, dark: bool) -> np.ndarray:
    import cv2

    img = np.empty((FACE_H, FACE_W, 3), np.uint8)
    img[:] = face_bgr
    if frame:
        col = (235, 235, 235) if dark else (170, 90, 20)  # BGR blue frame on ivory
        m = int(0.2 * FACE_W)
        cv2.rectangle(img, (m, m), (FACE_W - m, FACE_H - m), col, int(0.06 * FACE_W), cv2.LINE_AA)
        cv2.rectangle(img, (m + 13, m + 13), (FACE_W - m - 13, FACE_H - m - 13), col, 3,
                      cv2.LINE_AA)
    return img


def render_svg_faces() -> dict[str, dict[str, list[np.ndarray]]]:
    """Render the light and dark SVG sets onto plain faces (BGR). Needs resvg-py."""
    base = _svg_dir()
    out: dict[str, dict[str, list[np.ndarray]]] = {}
    for style, face_bgr in (("svg-light", (236, 244, 246)), ("svg-dark", (52, 44, 38))):
        faces: dict[str, list[np.ndarray]] = {}
        for code in TILE_CODES:
            if code == "5z":
                faces[code] = [_white_dragon(face_bgr, True, style == "svg-dark"),
                               _white_dragon(face_bgr, False, style == "svg-dark")]
                continue
            faces[code] = [_svg_face(base / style.split("-")[1] / f"{code}.svg", face_bgr)]
        out[style] = faces
        # riichi-style red fives (0m/0p/0s.svg), labelled as the fives they are
        out[f"red-{style}"] = {f"5{s}": [_svg_face(base / style.split("-")[1] / f"0{s}.svg",
                                                    face_bgr)] for s in "mps"}
    return out


def _svg_face(path: Path, face_bgr: tuple[int, int, int]) -> np.ndarray:
    """One SVG drawn centred on a plain face (BGR)."""
    import cv2
    import resvg_py

    aw, ah = int(FACE_W * 0.82), int(FACE_H * 0.82)
    png = resvg_py.svg_to_bytes(svg_path=str(path), width=aw, height=ah)
    art = cv2.imdecode(np.frombuffer(bytes(png), np.uint8), cv2.IMREAD_UNCHANGED)
    return centre_on_face(art, face_bgr, FACE_W, FACE_H)


def centre_on_face(art: np.ndarray, face_bgr, w: int, h: int) -> np.ndarray:
    """BGRA art alpha-blended onto the middle of a plain w x h face (BGR)."""
    img = np.empty((h, w, 3), np.float32)
    img[:] = face_bgr
    ah, aw = art.shape[:2]
    y0, x0 = (h - ah) // 2, (w - aw) // 2
    a = art[..., 3:4].astype(np.float32) / 255
    roi = img[y0:y0 + ah, x0:x0 + aw]
    img[y0:y0 + ah, x0:x0 + aw] = art[..., :3] * a + roi * (1 - a)
    return img.astype(np.uint8)


# ---------------------------------------------------------------------------- photo crops
def read_crop_faces(crops_dir: Path) -> dict[str, list[np.ndarray]]:
    """Real faces from tile-crops/labels.csv, trimmed of their border and resized (BGR)."""
    import cv2

    faces: dict[str, list[np.ndarray]] = {}
    with open(crops_dir / "labels.csv", newline="") as fh:
        rows = sorted(csv.DictReader(fh), key=lambda r: r["image-name"])
    for row in rows:
        code = TILE_CROP_CODES.get(row["label-name"].strip())
        if code is None:
            continue
        img = cv2.imread(str(crops_dir / "images" / row["image-name"]), cv2.IMREAD_COLOR)
        if img is None:
            continue
        h, w = img.shape[:2]
        mx, my = int(0.035 * w), int(0.03 * h)
        img = img[my:h - my, mx:w - mx]
        faces.setdefault(code, []).append(
            cv2.resize(img, (FACE_W, FACE_H), interpolation=cv2.INTER_AREA))
    return faces


def _cache_key(crops_dir: Path | None, tilesets_dir: Path | None = None) -> str:
    parts = [f"v{CACHE_VERSION}", f"{FACE_W}x{FACE_H}"]
    if tilesets_dir is not None:
        parts += ["tilesets", str(tilesets_dir.resolve())]
    if crops_dir is not None and (crops_dir / "labels.csv").exists():
        st = (crops_dir / "labels.csv").stat()
        parts += [str(crops_dir.resolve()), str(st.st_size), str(int(st.st_mtime))]
    return hashlib.sha1("|".join(parts).encode()).hexdigest()[:12]


def load_library(crops_dir: str | Path | None = DEFAULT_CROPS,
                 cache_dir: str | Path | None = DEFAULT_CACHE,
                 tilesets_dir: str | Path | None = None) -> FaceLibrary:
    """Load faces from the cache, building it on first use. `crops_dir=None` skips the photos;
    `tilesets_dir` (the KDE tilesets folder) adds the ``kde-*`` sources."""
    crops = Path(crops_dir) if crops_dir else None
    tilesets = Path(tilesets_dir) if tilesets_dir else None
    if tilesets is not None and not any(tilesets.glob("*.svgz")):
        raise FileNotFoundError(f"no KDE tilesets (*.svgz) in {tilesets}")
    if crops is not None and not (crops / "labels.csv").exists():
        raise FileNotFoundError(
            f"no tile crops at {crops} (expected labels.csv and images/); pass --crops DIR")
    cache_file = None
    if cache_dir is not None:
        cache_file = Path(cache_dir) / f"synth_faces_{_cache_key(crops, tilesets)}.npz"
        if cache_file.exists():
            return _read_cache(cache_file)
    faces = render_svg_faces()
    faces.update(render_drawn_faces(FACE_W, FACE_H))
    if crops is not None:
        faces["crop"] = read_crop_faces(crops)
    if tilesets is not None:
        from datasets.synth.tilesets import render_tileset_faces

        faces.update(render_tileset_faces(tilesets, FACE_W, FACE_H))
    if cache_file is not None:
        _write_cache(cache_file, faces)
    return FaceLibrary(faces)


def _write_cache(path: Path, faces: dict[str, dict[str, list[np.ndarray]]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    arrays = {}
    for src, by_code in faces.items():
        for code, imgs in by_code.items():
            arrays[f"{src}|{code}"] = np.stack(imgs)
    tmp = path.with_name(path.name + f".{os.getpid()}.tmp.npz")
    np.savez(tmp, **arrays)
    os.replace(tmp, path)


def _read_cache(path: Path) -> FaceLibrary:
    faces: dict[str, dict[str, list[np.ndarray]]] = {}
    with np.load(path) as data:
        for key in sorted(data.files):
            src, code = key.split("|")
            faces.setdefault(src, {})[code] = list(data[key])
    return FaceLibrary(faces)
