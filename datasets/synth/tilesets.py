"""Face art from the KDE mahjongg tilesets (Debian `kdegames-mahjongg-data-kf5`, GPL-2.0-or-later),
rendered per tile for the synthetic scenes. Used only when a caller passes the tilesets folder
(``mjlens synth --tilesets /usr/share/kmahjongglib/tilesets``); nothing of them is committed.

Each tileset SVG holds one element per face (``CHARACTER_1`` ... ``SEASON_4``) and tile bodies
(``TILE_1``). A face is rendered alone: every sibling outside its ancestor chain is hidden, hidden
layers on the chain are shown, and the canvas is widened so off-page elements still render; the
result is cropped to its ink and centred on the set's own face colour (the middle of ``TILE_1``).

Element names -> codes, read from the rendered art (2026-12-01, version 22.12.3): CHARACTER =
characters (m), ROD = dots (p), BAMBOO = bamboo (s); WIND_1..4 = North, South, East, West;
DRAGON_1..3 = white, green, red; FLOWER_1..4 = plum, orchid, chrysanthemum, bamboo (5f-8f) and
SEASON_1..4 = spring..winter (1f-4f) in `default` and `traditional`. `classic` draws its flowers
in another order and its seasons as unnumbered trees, so only its suits, winds and dragons are
used. `jade` does not render alone this way and is left out; `alphabet` and `egypt` are not
Chinese tile art.
"""

from __future__ import annotations

import gzip
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np

from datasets.synth.faces import centre_on_face

SVG_NS = "{http://www.w3.org/2000/svg}"
SETS = {"default": "kde-default", "classic": "kde-classic", "traditional": "kde-traditional"}
WIND_CODES = {1: "4z", 2: "2z", 3: "1z", 4: "3z"}
IVORY_BGR = (228, 240, 244)


def element_codes(tileset: str) -> dict[str, str]:
    """Element id -> tile code for one tileset."""
    out = {}
    for n in range(1, 10):
        out[f"CHARACTER_{n}"] = f"{n}m"
        out[f"ROD_{n}"] = f"{n}p"
        out[f"BAMBOO_{n}"] = f"{n}s"
    for n, code in WIND_CODES.items():
        out[f"WIND_{n}"] = code
    for n in range(1, 4):
        out[f"DRAGON_{n}"] = f"{n + 4}z"
    if tileset != "classic":
        for n in range(1, 5):
            out[f"SEASON_{n}"] = f"{n}f"
            out[f"FLOWER_{n}"] = f"{n + 4}f"
    return out


def _length(value: str | None) -> float:
    return float(re.sub(r"[a-z%]", "", value or "1000"))


def render_element(raw: bytes, element_id: str, zoom: float = 2.0) -> np.ndarray:
    """One element of an SVG document alone, as BGRA cropped to its ink."""
    import cv2
    import resvg_py

    root = ET.fromstring(raw)
    parent = {c: p for p in root.iter() for c in p}
    el = next(e for e in root.iter() if e.get("id") == element_id)
    refs = {v.lstrip("#") for e in el.iter() for k, v in e.attrib.items() if k.endswith("href")}
    node = el
    while node is not root:
        up = parent[node]
        for c in up:
            if c is not node and c.tag != SVG_NS + "defs" and c.get("id") not in refs:
                c.set("style", "display:none")
        up.set("style", (up.get("style") or "").replace("display:none", "display:inline"))
        node = up
    w, h = _length(root.get("width")), _length(root.get("height"))
    root.set("viewBox", f"{-w} {-h} {3 * w} {3 * h}")
    root.set("width", str(3 * w))
    root.set("height", str(3 * h))
    png = resvg_py.svg_to_bytes(svg_string=ET.tostring(root, encoding="unicode"), zoom=zoom)
    img = cv2.imdecode(np.frombuffer(bytes(png), np.uint8), cv2.IMREAD_UNCHANGED)
    ys, xs = np.nonzero(img[..., 3] > 8)
    if not len(ys):
        raise ValueError(f"{element_id} draws nothing")
    return img[ys.min():ys.max() + 1, xs.min():xs.max() + 1]


def _on_face(art: np.ndarray, face_bgr: np.ndarray, w: int, h: int) -> np.ndarray:
    import cv2

    scale = min(0.86 * w / art.shape[1], 0.86 * h / art.shape[0])
    aw, ah = max(1, round(art.shape[1] * scale)), max(1, round(art.shape[0] * scale))
    return centre_on_face(cv2.resize(art, (aw, ah), interpolation=cv2.INTER_AREA), face_bgr, w, h)


def render_tileset_faces(folder: str | Path, w: int, h: int) -> dict[str, dict[str, list[np.ndarray]]]:
    """Faces of every usable tileset found in `folder`, by source name (``kde-<set>``)."""
    out: dict[str, dict[str, list[np.ndarray]]] = {}
    for name, source in SETS.items():
        path = Path(folder) / f"{name}.svgz"
        if not path.exists():
            continue
        raw = gzip.decompress(path.read_bytes())
        body = render_element(raw, "TILE_1")
        bh, bw = body.shape[:2]
        mid = body[bh * 2 // 5:bh * 3 // 5, bw * 2 // 5:bw * 3 // 5].reshape(-1, 4)
        mid = mid[mid[:, 3] > 200, :3]  # classic's body is an outline: fall back to ivory
        face_bgr = np.median(mid, axis=0) if len(mid) else np.array(IVORY_BGR, np.float32)
        out[source] = {code: [_on_face(render_element(raw, el), face_bgr, w, h)]
                       for el, code in element_codes(name).items()}
    return out

